// tt-assign-layouts lays out the tensor atomics of tiled kernels as
// elementwise ops: pointers, values, mask (cmp) and the old values in one
// layout, the kernel layout for a tile, the value's forced layout for a
// 1-D atomic of a reduction's rows (the pointers are recomputed in it), the
// 1-D default otherwise. A scalar atomic has no tensors to lay out.
// RUN: mytriton-opt %s --tt-assign-layouts -split-input-file | FileCheck %s

// CHECK-DAG:   #[[TILE:.*]] = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG:   #[[ROWS:.*]] = #tt.slice<{dim = 1, parent = #[[TILE]]}>
// CHECK-LABEL: tt.func @row_sums
// CHECK:         %[[OLD:.*]] = tt.atomic_rmw fadd, acq_rel, gpu, %{{.*}}, %{{.*}} : tensor<16x!tt.ptr<f32>, #[[ROWS]]>
// CHECK:         %[[T:.*]] = tt.atomic_rmw add, relaxed, gpu, %{{.*}}, %{{.*}}, %{{.*}} : tensor<16x32x!tt.ptr<i32>, #[[TILE]]>
tt.func @row_sums(%z: !tt.ptr<f32>, %x: !tt.ptr<f32>, %t: !tt.ptr<i32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 16 : i32} : tensor<16xi32>
  %c = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %r2 = tt.expand_dims %r {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %c2 = tt.expand_dims %c {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %rb = tt.broadcast %r2 : tensor<16x1xi32> -> tensor<16x32xi32>
  %cb = tt.broadcast %c2 : tensor<1x32xi32> -> tensor<16x32xi32>
  %offs = arith.addi %rb, %cb : tensor<16x32xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<16x32x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %offs : tensor<16x32x!tt.ptr<f32>>, tensor<16x32xi32>
  %v = tt.load %xp : tensor<16x32x!tt.ptr<f32>>
  %s = tt.reduce sum %v {axis = 1 : i32} : tensor<16x32xf32> -> tensor<16xf32>
  %zs = tt.splat %z : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %zp = tt.addptr %zs, %r : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  %old = tt.atomic_rmw fadd, acq_rel, gpu, %zp, %s : tensor<16x!tt.ptr<f32>>
  %ts = tt.splat %t : !tt.ptr<i32> -> tensor<16x32x!tt.ptr<i32>>
  %tp = tt.addptr %ts, %offs : tensor<16x32x!tt.ptr<i32>>, tensor<16x32xi32>
  %zero = arith.constant dense<0> : tensor<16x32xi32>
  %m = arith.cmpi sgt, %offs, %zero : tensor<16x32xi32>
  %o = tt.atomic_rmw add, relaxed, gpu, %tp, %offs, %m : tensor<16x32x!tt.ptr<i32>>
  tt.return
}

// -----

// CHECK:       #[[L:.*]] = #tt.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @cas64
// CHECK:         tt.atomic_cas acq_rel, gpu, %{{.*}}, %{{.*}}, %{{.*}} : tensor<64x!tt.ptr<f32>, #[[L]]>
// CHECK:         tt.atomic_rmw fadd, acq_rel, gpu, %{{.*}}, %{{.*}} : !tt.ptr<f32>
tt.func @cas64(%z: !tt.ptr<f32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %zs = tt.splat %z : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %zp = tt.addptr %zs, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %cmp = arith.constant dense<0.0> : tensor<64xf32>
  %v = arith.sitofp %r : tensor<64xi32> to tensor<64xf32>
  %o = tt.atomic_cas acq_rel, gpu, %zp, %cmp, %v : tensor<64x!tt.ptr<f32>>
  %s = tt.reduce sum %o : tensor<64xf32> -> f32
  %old = tt.atomic_rmw fadd, acq_rel, gpu, %z, %s : !tt.ptr<f32>
  tt.return
}
