// tt-assign-layouts on tt.combine_reduce and tt.scan in tiled kernels: the
// operands in one layout (a transposed operand converted to the first's),
// a reduction along an axis in its slice, a scan in the operands' layout,
// a 1-D scan in the layout its user wants.
// RUN: mytriton-opt %s -split-input-file -tt-assign-layouts | FileCheck %s

// CHECK-DAG:   #[[B:.*]] = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG:   #[[T:.*]] = #tt.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
// CHECK-DAG:   #[[S:.*]] = #tt.slice<{dim = 1, parent = #[[B]]}>
// CHECK-LABEL: tt.func @pair_along_rows
// CHECK:         %[[X:.*]] = tt.splat %{{.*}} : i32 -> tensor<32x32xi32, #[[B]]>
// CHECK:         %[[Y:.*]] = tt.trans %{{.*}} : tensor<32x32xi32, #[[B]]> -> tensor<32x32xi32, #[[T]]>
// CHECK:         %[[YB:.*]] = tt.convert_layout %[[Y]] : tensor<32x32xi32, #[[T]]> -> tensor<32x32xi32, #[[B]]>
// CHECK:         tt.combine_reduce(%[[X]], %[[YB]]) axis = 1 : (tensor<32x32xi32, #[[B]]>, tensor<32x32xi32, #[[B]]>) -> (tensor<32xi32, #[[S]]>, tensor<32xi32, #[[S]]>)
// CHECK:         tt.scan(%[[X]]) axis = 0 : (tensor<32x32xi32, #[[B]]>) -> tensor<32x32xi32, #[[B]]>
tt.func @pair_along_rows(%p: !tt.ptr<i32>, %n: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %x = tt.splat %n : i32 -> tensor<32x32xi32>
  %m = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %e = tt.expand_dims %m {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %b = tt.broadcast %e : tensor<1x32xi32> -> tensor<32x32xi32>
  %y = tt.trans %b : tensor<32x32xi32> -> tensor<32x32xi32>
  %v, %i = tt.combine_reduce(%x, %y) axis = 1 : (tensor<32x32xi32>, tensor<32x32xi32>) -> (tensor<32xi32>, tensor<32xi32>) {
  ^bb0(%a: i32, %c: i32, %d: i32, %f: i32):
    %s = arith.addi %a, %d : i32
    %t = arith.maxsi %c, %f : i32
    tt.combine_return %s, %t : i32, i32
  }
  %sc = tt.scan(%x) axis = 0 : (tensor<32x32xi32>) -> tensor<32x32xi32> {
  ^bb0(%a: i32, %c: i32):
    %s = arith.addi %a, %c : i32
    tt.combine_return %s : i32
  }
  %ps = tt.splat %p : !tt.ptr<i32> -> tensor<32x!tt.ptr<i32>>
  %ptrs = tt.addptr %ps, %m : tensor<32x!tt.ptr<i32>>, tensor<32xi32>
  %w = arith.addi %v, %i : tensor<32xi32>
  tt.store %ptrs, %w : tensor<32x!tt.ptr<i32>>
  tt.return
}

// -----

// A 1-D scan of 512 elements over 4 warps: the 1-D layout of its width.
// CHECK:       #[[L:.*]] = #tt.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @scan_1d
// CHECK:         tt.scan(%{{.*}}) axis = 0 reverse : (tensor<512xf32, #[[L]]>) -> tensor<512xf32, #[[L]]>
// CHECK:         tt.combine_reduce(%{{.*}}) axis = 0 : (tensor<512xf32, #[[L]]>) -> f32
tt.func @scan_1d(%p: !tt.ptr<f32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 512 : i32} : tensor<512xi32>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>>
  %ptrs = tt.addptr %ps, %r : tensor<512x!tt.ptr<f32>>, tensor<512xi32>
  %x = tt.load %ptrs : tensor<512x!tt.ptr<f32>>
  %c = tt.scan(%x) axis = 0 reverse : (tensor<512xf32>) -> tensor<512xf32> {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.combine_return %s : f32
  }
  %m = tt.combine_reduce(%c) axis = 0 : (tensor<512xf32>) -> f32 {
  ^bb0(%a: f32, %b: f32):
    %s = arith.maxnumf %a, %b : f32
    tt.combine_return %s : f32
  }
  tt.store %ptrs, %c : tensor<512x!tt.ptr<f32>>
  tt.store %p, %m : !tt.ptr<f32>
  tt.return
}
