// The slots of the scratch buffer that layout conversions and reshapes go
// through, and how they are accessed (tt::getScratchPlan): row-major index
// i lives at i + (i / P) * U, P the shorter innermost extent of the two
// shapes when P >= 32 and a shape is 2-D (else no padding), and each side
// writes or reads runs of consecutive elements as one vector access of up
// to 16 bytes. Of four plans (one slot of padding and scalar accesses, the
// CUDA C++ route's rule; no padding and vectors; padding of a vector's
// width and vectors; for 4-byte elements, an XOR swizzle of the bank bits
// under which both sides' scalar accesses are conflict-free) the lowering
// takes the one with the fewest shared-memory wavefronts, the scalar one on
// a tie. Vector plans stay where they win (the flattening reshapes, the
// f16 epilogue below).
// RUN: mytriton-opt --convert-tt-to-gpu -split-input-file %s | FileCheck %s

// A transpose's conversion of a 64x64 tile takes the swizzled plan: the
// padded one leaves 2-way conflicts on both sides (a column's 16 lanes on
// 8 banks), vectors along the result's rows would put them on 4; under the
// XOR swizzle both sides' scalar accesses are conflict-free, with no
// padding (4096 floats). The writing lanes' index bits 8-11 (rows 4, 8, 16,
// 32 apart) take bank masks 2, 4, 8, 16 and the reading lanes' bits 5 and 6
// masks 1 and 2; the thread part is swizzled once, each bit a shift, an
// and, a multiply by its mask and an xor.
// CHECK-LABEL: gpu.func @transpose64(
// CHECK-NEXT:      %[[BUF:.*]] = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
// CHECK:         %[[VIEW:.*]] = memref.view %[[BUF]][%{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<4096xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:    gpu.barrier
// CHECK:         arith.shrui %{{.*}}, %c5_i32
// CHECK:         arith.muli %{{.*}}, %c1_i32
// CHECK:         arith.shrui %{{.*}}, %c6_i32
// CHECK:         arith.muli %{{.*}}, %c2_i32
// CHECK:         arith.shrui %{{.*}}, %c8_i32
// CHECK:         arith.muli %{{.*}}, %c2_i32
// CHECK:         arith.shrui %{{.*}}, %c9_i32
// CHECK:         arith.muli %{{.*}}, %c4_i32
// CHECK:         arith.shrui %{{.*}}, %c10_i32
// CHECK:         arith.muli %{{.*}}, %c8_i32
// CHECK:         arith.shrui %{{.*}}, %c11_i32
// CHECK:         arith.muli %{{.*}}, %c16_i32
// CHECK-COUNT-32: memref.store %{{.*}}, %[[VIEW]]
// CHECK-NOT:     vector.store
// CHECK:         gpu.barrier
// CHECK-COUNT-32: memref.load %[[VIEW]]
// CHECK-NOT:     vector.load
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

// Rows of 16 floats, shorter than a row of banks: no padding, 256 floats.
// Written one float at a time down columns, 16 slots apart, the operand's
// lanes would share banks, and the result's 16-byte row reads cost four
// wavefronts each; swizzled (masks 1, 10 and 16), both sides' scalar
// accesses are conflict-free and cost fewer wavefronts in all.
// CHECK-LABEL: gpu.func @transpose16(
// CHECK-NEXT:      %[[BUF:.*]] = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
// CHECK:         %[[VIEW:.*]] = memref.view %[[BUF]][%{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<256xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:    gpu.barrier
// CHECK:         arith.muli %{{.*}}, %c1_i32
// CHECK:         arith.muli %{{.*}}, %c10_i32
// CHECK:         arith.muli %{{.*}}, %c16_i32
// CHECK:         memref.store %{{.*}}, %[[VIEW]]
// CHECK:         gpu.barrier
// CHECK:         memref.load %[[VIEW]]
// CHECK-NOT:     vector.load
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
