// The slots of the scratch buffer that layout conversions and reshapes go
// through (tt::getScratchPadInterval, the rule the CUDA emitter shares):
// row-major index i lives at i + i / P, P the shorter innermost extent of
// the two shapes, when P >= 32 and a shape is 2-D; the buffer holds the
// padding too. Otherwise slots are plain row-major indices.
// RUN: mytriton-opt --convert-tt-to-gpu -split-input-file %s | FileCheck %s

// A transpose's conversion of a 64x64 tile: P = 64, 4096 + 64 floats. The
// operand's registers run down a column, 65 slots apart (64 would be one
// bank for the 16 lanes that write a column); the result's run along a row
// (0, 1, ...). The thread part is padded once, t + (t >> 6).
// CHECK-LABEL: gpu.func @transpose64(
// CHECK-NEXT:      %[[BUF:.*]] = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
// CHECK:         %[[VIEW:.*]] = memref.view %[[BUF]][%{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<4160xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:    gpu.barrier
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
// the operand's next register is the next row, slot 16, and the result's
// lane bit 2 steps one row, 16 again.
// CHECK-LABEL: gpu.func @transpose16(
// CHECK-NEXT:      %[[BUF:.*]] = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
// CHECK:         %[[VIEW:.*]] = memref.view %[[BUF]][%{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<256xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:    gpu.barrier
// CHECK:         %[[FROM:.*]] = arith.addi %{{.*}}, %{{.*}} overflow<nsw, nuw> : i32
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : i32
// CHECK-NEXT:    arith.addi %[[FROM]], %[[C0]] overflow<nsw, nuw> : i32
// CHECK:         memref.store %{{.*}}, %[[VIEW]]
// CHECK:         arith.addi %[[FROM]], %c16_i32{{.*}} overflow<nsw, nuw> : i32
// CHECK:         memref.store %{{.*}}, %[[VIEW]]
// CHECK:         gpu.barrier
// CHECK:         %[[TO:.*]] = arith.addi %{{.*}}, %{{.*}} overflow<nsw, nuw> : i32
// CHECK-NEXT:    %[[C0B:.*]] = arith.constant 0 : i32
// CHECK-NEXT:    arith.addi %[[TO]], %[[C0B]] overflow<nsw, nuw> : i32
// CHECK:         memref.load %[[VIEW]]
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
// reads consecutive words anyway): 512 floats, and the result's registers,
// one per thread wrapping every 128 threads, read slots 128, 256, 384 (129,
// 258, 387 if padded every 128).
// CHECK-LABEL: gpu.func @flat(
// CHECK-NEXT:      %[[BUF:.*]] = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
// CHECK:         %[[VIEW:.*]] = memref.view %[[BUF]][%{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<512xf32, #gpu.address_space<workgroup>>
// CHECK:         gpu.barrier
// CHECK:         arith.addi %[[TO:.*]], %c128_i32{{.*}} overflow<nsw, nuw> : i32
// CHECK:         arith.addi %[[TO]], %c256_i32{{.*}} overflow<nsw, nuw> : i32
// CHECK:         arith.addi %[[TO]], %c384_i32{{.*}} overflow<nsw, nuw> : i32
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
