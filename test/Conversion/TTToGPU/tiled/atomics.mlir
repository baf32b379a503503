// Tensor atomics of tiled kernels (AtomicsToGPU.cpp): laid out like
// elementwise ops by tt-prepare-gpu, then one PTX atom per element, by the
// element's owner (the thread whose replicating bits are clear, the first
// register holding it), as tiled stores are. When the old values are used
// and threads replicate elements, the owners publish them through the
// scratch buffer and every holder reads its own. Numerics on the H200:
// test_atomics.py; ptxas: tiled/ptxas.test.
// RUN: mytriton-opt --tt-prepare-gpu -split-input-file %s | mytriton-opt --convert-tt-to-gpu -split-input-file | FileCheck %s

// A 32 x 64 tile on 4 warps covers every element once: each register's atom
// behind its mask bit, no owner test, no exchange.
tt.func @tile_add(%z: !tt.ptr<i32>, %old: !tt.ptr<i32>, %n: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %c = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %r2 = tt.expand_dims %r {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %c2 = tt.expand_dims %c {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %k = arith.constant dense<64> : tensor<32x1xi32>
  %rk = arith.muli %r2, %k : tensor<32x1xi32>
  %rb = tt.broadcast %rk : tensor<32x1xi32> -> tensor<32x64xi32>
  %cb = tt.broadcast %c2 : tensor<1x64xi32> -> tensor<32x64xi32>
  %offs = arith.addi %rb, %cb : tensor<32x64xi32>
  %ns = tt.splat %n : i32 -> tensor<32x64xi32>
  %mask = arith.cmpi slt, %offs, %ns : tensor<32x64xi32>
  %zs = tt.splat %z : !tt.ptr<i32> -> tensor<32x64x!tt.ptr<i32>>
  %zp = tt.addptr %zs, %offs : tensor<32x64x!tt.ptr<i32>>, tensor<32x64xi32>
  %o = tt.atomic_rmw add, relaxed, gpu, %zp, %offs, %mask : tensor<32x64x!tt.ptr<i32>>
  %os = tt.splat %old : !tt.ptr<i32> -> tensor<32x64x!tt.ptr<i32>>
  %op = tt.addptr %os, %offs : tensor<32x64x!tt.ptr<i32>>, tensor<32x64xi32>
  tt.store %op, %o, %mask : tensor<32x64x!tt.ptr<i32>>
  tt.return
}

// CHECK-LABEL: gpu.func @tile_add
// CHECK-SAME:    kernel attributes
// CHECK-NOT:     gpu.barrier
// CHECK:         %[[M0:.*]] = vector.extract %[[MASK:.*]][0] : i1 from vector<16xi1>
// CHECK-NEXT:    %[[O0:.*]] = scf.if %[[M0]] -> (i32) {
// CHECK:           llvm.inline_asm has_side_effects asm_dialect = att "atom.relaxed.gpu.global.add.u32 $0, [$1], $2;"
// CHECK:         } else {
// CHECK-NEXT:      %[[Z:.*]] = arith.constant 0 : i32
// CHECK-NEXT:      scf.yield %[[Z]] : i32
// CHECK:         %[[M15:.*]] = vector.extract %[[MASK]][15] : i1 from vector<16xi1>
// CHECK-NEXT:    scf.if %[[M15]] -> (i32) {
// CHECK-NOT:     gpu.barrier
// CHECK:         gpu.return

// -----

// Row sums of an 8 x 32 tile added to 8 floats (Triton's
// test_tensor_atomic_rmw): the rows' slice is held by 8 lanes and 2 warps
// each; only the owner adds, and the old values reach the replicas through
// the scratch buffer.
tt.func @row_sums(%z: !tt.ptr<f32>, %x: !tt.ptr<f32>, %oldp: !tt.ptr<f32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 8 : i32} : tensor<8xi32>
  %c = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %r2 = tt.expand_dims %r {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
  %c2 = tt.expand_dims %c {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %k = arith.constant dense<32> : tensor<8x1xi32>
  %rk = arith.muli %r2, %k : tensor<8x1xi32>
  %rb = tt.broadcast %rk : tensor<8x1xi32> -> tensor<8x32xi32>
  %cb = tt.broadcast %c2 : tensor<1x32xi32> -> tensor<8x32xi32>
  %offs = arith.addi %rb, %cb : tensor<8x32xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<8x32x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %offs : tensor<8x32x!tt.ptr<f32>>, tensor<8x32xi32>
  %v = tt.load %xp : tensor<8x32x!tt.ptr<f32>>
  %s = tt.reduce sum %v {axis = 1 : i32} : tensor<8x32xf32> -> tensor<8xf32>
  %zs = tt.splat %z : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %zp = tt.addptr %zs, %r : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  %old = tt.atomic_rmw fadd, acq_rel, gpu, %zp, %s : tensor<8x!tt.ptr<f32>>
  %os = tt.splat %oldp : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %op = tt.addptr %os, %r : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  tt.store %op, %old : tensor<8x!tt.ptr<f32>>
  tt.return
}

// CHECK-LABEL: gpu.func @row_sums
// CHECK-NEXT:    %[[SCRATCH:.*]] = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
// Lanes 0-2 (columns) and warp 0 replicate the rows: mask 0b100111.
// CHECK:         %[[BITS:.*]] = arith.andi %{{.*}}, %c39_i32 : i32
// CHECK-NEXT:    %{{.*}} = arith.constant 0 : i32
// CHECK-NEXT:    %[[OWNER:.*]] = arith.cmpi eq, %[[BITS]], %{{.*}} : i32
// CHECK-NEXT:    %[[OLD:.*]] = scf.if %[[OWNER]] -> (f32) {
// CHECK:           llvm.inline_asm has_side_effects asm_dialect = att "atom.acq_rel.gpu.global.add.f32 $0, [$1], $2;"
// CHECK:         %[[VIEW:.*]] = memref.view %[[SCRATCH]][%{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<8xf32, #gpu.address_space<workgroup>>
// CHECK:         gpu.barrier
// CHECK-NEXT:    scf.if %[[OWNER]] {
// CHECK:           memref.store %[[OLD]], %[[VIEW]]
// CHECK:         gpu.barrier
// CHECK:         %[[SEEN:.*]] = memref.load %[[VIEW]]
// CHECK-NEXT:    %[[RESULT:.*]] = vector.from_elements %[[SEEN]] : vector<1xf32>
// CHECK:         vector.extract %[[RESULT]][0]
// CHECK-NEXT:    llvm.store

// -----

// A 64-element compare-and-swap on 128 threads: warp 1 replicates warp 0;
// its old values unused, nothing is exchanged.
tt.func @cas64(%z: !tt.ptr<f32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %zs = tt.splat %z : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %zp = tt.addptr %zs, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %cmp = arith.constant dense<0.0> : tensor<64xf32>
  %v = arith.sitofp %r : tensor<64xi32> to tensor<64xf32>
  %o = tt.atomic_cas acq_rel, gpu, %zp, %cmp, %v : tensor<64x!tt.ptr<f32>>
  tt.return
}

// CHECK-LABEL: gpu.func @cas64
// CHECK-SAME:    kernel attributes
// CHECK:         %[[BITS:.*]] = arith.andi %{{.*}}, %c64_i32 : i32
// CHECK:         %[[OWNER:.*]] = arith.cmpi eq, %[[BITS]]
// CHECK-NEXT:    scf.if %[[OWNER]] -> (f32) {
// CHECK:           arith.bitcast %{{.*}} : f32 to i32
// CHECK:           llvm.inline_asm has_side_effects asm_dialect = att "atom.acq_rel.gpu.global.cas.b32 $0, [$1], $2, $3;"
// CHECK-NOT:     gpu.barrier
// CHECK:         gpu.return
