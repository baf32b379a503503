// The slots of the scratch buffer that layout conversions and reshapes go
// through, and how they are accessed (tt::getScratchPlan): row-major index
// i lives at i + (i / P) * U, P the shorter innermost extent of the two
// shapes when P >= 32 and a shape is 2-D (else no padding), and each side
// writes or reads runs of consecutive elements as one vector access of up
// to 16 bytes. Of three plans (one slot of padding and scalar accesses, the
// CUDA C++ route's rule; no padding and vectors; padding of a vector's
// width and vectors) the lowering takes the one with the fewest
// shared-memory wavefronts, the scalar one on a tie.
// RUN: mytriton-opt --convert-tt-to-gpu -split-input-file %s | FileCheck %s

// A transpose's conversion of a 64x64 tile keeps the scalar plan (vectors
// along the result's rows would put a column's 16 lanes on 4 banks): P =
// 64, U = 1, 4096 + 64 floats. The
// operand's registers run down a column, 65 slots apart (64 would be one
// bank for the 16 lanes that write a column); the result's run along a row
// (0, 1, ...). The thread part is padded once, t + (t >> 6).
// CHECK-LABEL: gpu.func @transpose64(
// CHECK-NEXT:      %[[BUF:.*]] = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
// CHECK:         %[[VIEW:.*]] = memref.view %[[BUF]][%{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<4160xf32, #gpu.address_space<workgroup>>
// CHECK-NOT:     gpu.barrier
// CHECK:         %[[FROM:.*]] = arith.addi %{{.*}}, %{{.*}} overflow<nsw, nuw> : i32
// CHECK-NEXT:    %[[C6:.*]] = arith.constant 6 : i32
// CHECK-NEXT:    %[[FROMROWS:.*]] = arith.shrui %[[FROM]], %[[C6]] : i32
// CHECK-NEXT:    %[[FROMSLOT:.*]] = arith.addi %[[FROM]], %[[FROMROWS]] overflow<nsw, nuw> : i32
// CHECK:         arith.addi %[[FROMSLOT]], %c0_i32{{.*}}
// CHECK:         memref.store %{{.*}}, %[[VIEW]]
// CHECK:         arith.addi %[[FROMSLOT]], %c65_i32{{.*}}
// CHECK:         memref.store %{{.*}}, %[[VIEW]]
// CHECK:         arith.addi %[[FROMSLOT]], %c130_i32{{.*}}
// CHECK:         arith.addi %[[FROMSLOT]], %c195_i32{{.*}}
// CHECK:         gpu.barrier
// CHECK:         %[[TO:.*]] = arith.addi %{{.*}}, %{{.*}} overflow<nsw, nuw> : i32
// CHECK-NEXT:    %[[C6B:.*]] = arith.constant 6 : i32
// CHECK-NEXT:    %[[TOROWS:.*]] = arith.shrui %[[TO]], %[[C6B]] : i32
// CHECK-NEXT:    %[[TOSLOT:.*]] = arith.addi %[[TO]], %[[TOROWS]] overflow<nsw, nuw> : i32
// CHECK:         arith.addi %[[TOSLOT]], %c0_i32{{.*}}
// CHECK:         memref.load %[[VIEW]]
// CHECK:         arith.addi %[[TOSLOT]], %c1_i32{{.*}}
// CHECK:         memref.load %[[VIEW]]
#bl = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#blt = #tt.blocked<{sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>
tt.func @transpose64(%p: !tt.ptr<f32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %z = arith.constant dense<1.0> : tensor<64x64xf32, #blt>
  %e = math.exp %z : tensor<64x64xf32, #blt>
  %c = tt.convert_layout %e : tensor<64x64xf32, #blt> -> tensor<64x64xf32, #bl>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>, #bl>
  tt.store %ps, %c : tensor<64x64x!tt.ptr<f32>, #bl>
  tt.return
}

// -----

// Rows of 16 floats, shorter than a row of banks: no padding, 256 floats;
// the operand's next register is the next row, slot 16, written one float
// at a time; the result's four registers are consecutive floats of a row,
// read as one 16-byte access.
// CHECK-LABEL: gpu.func @transpose16(
// CHECK-NEXT:      %[[BUF:.*]] = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
// CHECK:         %[[VIEW:.*]] = memref.view %[[BUF]][%{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<256xf32, #gpu.address_space<workgroup>>
// CHECK-NOT:     gpu.barrier
// CHECK:         %[[FROM:.*]] = arith.addi %{{.*}}, %{{.*}} overflow<nsw, nuw> : i32
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : i32
// CHECK-NEXT:    arith.addi %[[FROM]], %[[C0]] overflow<nsw, nuw> : i32
// CHECK:         memref.store %{{.*}}, %[[VIEW]]
// CHECK:         arith.addi %[[FROM]], %c16_i32{{.*}} overflow<nsw, nuw> : i32
// CHECK:         memref.store %{{.*}}, %[[VIEW]]
// CHECK:         gpu.barrier
// CHECK:         %[[TO:.*]] = arith.addi %{{.*}}, %{{.*}} overflow<nsw, nuw> : i32
// CHECK-NEXT:    %[[C0B:.*]] = arith.constant 0 : i32
// CHECK-NEXT:    %[[AT:.*]] = arith.addi %[[TO]], %[[C0B]] overflow<nsw, nuw> : i32
// CHECK-NEXT:    %[[ATI:.*]] = arith.index_castui %[[AT]] : i32 to index
// CHECK-NEXT:    %[[ROW:.*]] = vector.load %[[VIEW]][%[[ATI]]] {alignment = 16 : i64} : memref<256xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK-NEXT:    vector.extract %[[ROW]][0] : f32 from vector<4xf32>
// CHECK-NOT:     memref.load
// CHECK:         gpu.return
#bl = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>
#blt = #tt.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [2, 2], order = [0, 1]}>
tt.func @transpose16(%p: !tt.ptr<f32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %z = arith.constant dense<1.0> : tensor<16x16xf32, #blt>
  %e = math.exp %z : tensor<16x16xf32, #blt>
  %c = tt.convert_layout %e : tensor<16x16xf32, #blt> -> tensor<16x16xf32, #bl>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<16x16x!tt.ptr<f32>, #bl>
  tt.store %ps, %c : tensor<16x16x!tt.ptr<f32>, #bl>
  tt.return
}

// -----

// 1-D <-> 1-D: no padding although the extent is 512 (a warp writes and
// reads consecutive words anyway): 512 floats. The operand's four
// registers are consecutive and go as one 16-byte store; the result's
// registers, one per thread wrapping every 128 threads, read slots 128,
// 256, 384 (129, 258, 387 if padded every 128) one float at a time.
// CHECK-LABEL: gpu.func @flat(
// CHECK-NEXT:      %[[BUF:.*]] = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
// CHECK:         %[[VIEW:.*]] = memref.view %[[BUF]][%{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<512xf32, #gpu.address_space<workgroup>>
// CHECK:         vector.store %{{.*}}, %[[VIEW]][%{{.*}}] {alignment = 16 : i64} : memref<512xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK-NOT:     vector.store
// CHECK:         gpu.barrier
// CHECK:         arith.addi %[[TO:.*]], %c128_i32{{.*}} overflow<nsw, nuw> : i32
// CHECK:         arith.addi %[[TO]], %c256_i32{{.*}} overflow<nsw, nuw> : i32
// CHECK:         arith.addi %[[TO]], %c384_i32{{.*}} overflow<nsw, nuw> : i32
// CHECK-NOT:     vector.load
#b4 = #tt.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b1 = #tt.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
tt.func @flat(%p: !tt.ptr<f32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %z = arith.constant dense<1.0> : tensor<512xf32, #b4>
  %e = math.exp %z : tensor<512xf32, #b4>
  %c = tt.convert_layout %e : tensor<512xf32, #b4> -> tensor<512xf32, #b1>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #b1>
  tt.store %ps, %c : tensor<512x!tt.ptr<f32>, #b1>
  tt.return
}

// -----

// A reshape whose shorter row is 16 (64x16 -> 1024): no padding, 1024 i32.
// CHECK-LABEL: gpu.func @flatten16(
// CHECK-NEXT:      %[[BUF:.*]] = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
// CHECK:         memref.view %[[BUF]][%{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<1024xi32, #gpu.address_space<workgroup>>
#bl = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#b1 = #tt.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
tt.func @flatten16(%p: !tt.ptr<i32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %z = arith.constant dense<1> : tensor<64x16xi32, #bl>
  %e = arith.addi %z, %z : tensor<64x16xi32, #bl>
  %f = tt.reshape %e : tensor<64x16xi32, #bl> -> tensor<1024xi32, #b1>
  %ps = tt.splat %p : !tt.ptr<i32> -> tensor<1024x!tt.ptr<i32>, #b1>
  tt.store %ps, %f : tensor<1024x!tt.ptr<i32>, #b1>
  tt.return
}

// -----

// A tensor-core accumulator, rounded to f16, to the store's layout (the
// epilogue of Triton's tutorial 03 at 128x256 on 8 warps). The operand's
// registers pair up along a row (4-byte stores), the result's run 8 along
// a row (16-byte loads); rows of 256 halves padded by 8 halves keep both
// aligned and conflict-free: 128 x 264 halves. One slot of padding and
// 2-byte accesses cost 576 wavefronts a warp, this 128.
// CHECK-LABEL: gpu.func @mma_epilogue(
// CHECK-NEXT:      %[[BUF:.*]] = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
// CHECK:         %[[VIEW:.*]] = memref.view %[[BUF]][%{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<33792xf16, #gpu.address_space<workgroup>>
// CHECK:         %[[FROM:.*]] = arith.addi %{{.*}}, %{{.*}} overflow<nsw, nuw> : i32
// CHECK-NEXT:    %[[C8:.*]] = arith.constant 8 : i32
// CHECK-NEXT:    %[[ROWS:.*]] = arith.shrui %[[FROM]], %[[C8]] : i32
// CHECK-NEXT:    %[[C3:.*]] = arith.constant 3 : i32
// CHECK-NEXT:    %[[PAD:.*]] = arith.shli %[[ROWS]], %[[C3]] : i32
// CHECK-NEXT:    %[[FROMSLOT:.*]] = arith.addi %[[FROM]], %[[PAD]] overflow<nsw, nuw> : i32
// CHECK:         %[[PAIR:.*]] = vector.shuffle %{{.*}}, %{{.*}} [0, 1] : vector<128xf16>, vector<128xf16>
// CHECK-NEXT:    vector.store %[[PAIR]], %[[VIEW]][%{{.*}}] {alignment = 4 : i64} : memref<33792xf16, #gpu.address_space<workgroup>>, vector<2xf16>
// CHECK-NOT:     memref.store
// CHECK:         gpu.barrier
// CHECK:         vector.load %[[VIEW]][%{{.*}}] {alignment = 16 : i64} : memref<33792xf16, #gpu.address_space<workgroup>>, vector<8xf16>
// CHECK-NOT:     memref.load
// CHECK:         gpu.return
#blocked = #tt.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#mma = #tt.mma<{versionMajor = 3, warpsPerCTA = [8, 1], instrShape = [16, 256]}>
tt.func @mma_epilogue(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %v: f16) attributes {block_size = 256 : i32, num_warps = 8 : i32} {
  %x = tt.splat %v : f16 -> tensor<128x256xf16, #mma>
  %c = tt.convert_layout %x : tensor<128x256xf16, #mma> -> tensor<128x256xf16, #blocked>
  %ps = tt.splat %p : !tt.ptr<f16> -> tensor<128x256x!tt.ptr<f16>, #blocked>
  tt.store %ps, %c : tensor<128x256x!tt.ptr<f16>, #blocked>
  tt.return
}

// -----

// Bools live in scratch as bytes: always the scalar plan (one slot of
// padding, 64 x 65 bytes), whatever the layouts would allow for floats.
// CHECK-LABEL: gpu.func @bool_mask(
// CHECK:         memref.view %{{.*}}[%{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<4160xi8, #gpu.address_space<workgroup>>
// CHECK-NOT:     vector.store
// CHECK-NOT:     vector.load
// CHECK:         gpu.return
#row = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#row8 = #tt.blocked<{sizePerThread = [1, 8], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
tt.func @bool_mask(%p: !tt.ptr<f32>, %v: f32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %x = tt.splat %v : f32 -> tensor<64x64xf32, #row>
  %z = arith.constant dense<0.0> : tensor<64x64xf32, #row>
  %m = arith.cmpf ogt, %x, %z : tensor<64x64xf32, #row>
  %c = tt.convert_layout %m : tensor<64x64xi1, #row> -> tensor<64x64xi1, #row8>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>, #row8>
  %ones = arith.constant dense<1.0> : tensor<64x64xf32, #row8>
  tt.store %ps, %ones, %c : tensor<64x64x!tt.ptr<f32>, #row8>
  tt.return
}
