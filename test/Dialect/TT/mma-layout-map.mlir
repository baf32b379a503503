// The index maps of the tensor-core layouts (TTLayouts.td), against the
// fragment tables of the PTX ISA (mma.m16n8k16, m16n8k8 tf32, m16n8k32 s8,
// wgmma m64nNk16): lane l = 4 g + t holds rows g and g + 8, and K (or
// columns) 2 t (or kWidth t) onward.
// RUN: mytriton-test-opt %s -split-input-file -test-tt-layout-map=owners=true -o /dev/null | FileCheck %s

// Accumulator, one warp, 16 x 8: c0 c1 = (g, 2t + {0, 1}), c2 c3 = row + 8.
// CHECK-LABEL: %arg0: 16x8, 32 threads x 4 registers
// CHECK-NEXT:    thread 0: [0, 0] [0, 1] [8, 0] [8, 1]{{$}}
// CHECK-NEXT:    thread 1: [0, 2] [0, 3] [8, 2] [8, 3]{{$}}
// CHECK:         thread 5: [1, 2] [1, 3] [9, 2] [9, 3]{{$}}
// CHECK:         thread 31: [7, 6] [7, 7] [15, 6] [15, 7]{{$}}
// CHECK:         128 of 128 elements held, each by 1 (thread, register) pairs
#mma = #tt.mma<{versionMajor = 2, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
func.func @accumulator(%c: tensor<16x8xf32, #mma>) {
  return
}

// -----

// Accumulator, 2 x 2 warps over 64 x 32: the CTA tile is 32 x 16; warp 1
// (thread 32) covers rows 16..31, warp 2 (thread 64) columns 8..15; the
// tile repeats along N first (registers 4..7 are columns + 16), then M.
// CHECK-LABEL: %arg0: 64x32, 128 threads x 16 registers
// CHECK-NEXT:    thread 0: [0, 0] [0, 1] [8, 0] [8, 1] [0, 16] [0, 17] [8, 16] [8, 17] [32, 0] [32, 1] [40, 0] [40, 1] [32, 16] [32, 17] [40, 16] [40, 17]{{$}}
// CHECK:         thread 32: [16, 0] [16, 1] [24, 0] [24, 1] [16, 16]
// CHECK:         thread 64: [0, 8] [0, 9] [8, 8] [8, 9] [0, 24]
// CHECK:         2048 of 2048 elements held, each by 1 (thread, register) pairs
#mma = #tt.mma<{versionMajor = 2, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
func.func @accumulator_warps(%c: tensor<64x32xf32, #mma>) {
  return
}

// -----

// a of m16n8k16 (kWidth 2): a0 a1 = (g, 2t + {0, 1}), a2 a3 = row + 8,
// a4 a5 = k + 8, a6 a7 = both; two K steps repeat along K.
// CHECK-LABEL: %arg0: 16x32, 32 threads x 16 registers
// CHECK-NEXT:    thread 0: [0, 0] [0, 1] [8, 0] [8, 1] [0, 8] [0, 9] [8, 8] [8, 9] [0, 16] [0, 17] [8, 16] [8, 17] [0, 24] [0, 25] [8, 24] [8, 25]{{$}}
// CHECK-NEXT:    thread 1: [0, 2] [0, 3] [8, 2] [8, 3] [0, 10] [0, 11]
// CHECK:         thread 4: [1, 0] [1, 1] [9, 0] [9, 1]
// CHECK:         512 of 512 elements held, each by 1 (thread, register) pairs
#mma = #tt.mma<{versionMajor = 2, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
func.func @operand_a_f16(%a: tensor<16x32xf16, #tt.dot_operand<{opIdx = 0, parent = #mma, kWidth = 2}>>) {
  return
}

// -----

// b of m16n8k16: b0 b1 = (k = 2t + {0, 1}, n = g), b2 b3 = k + 8. Over 2
// warps along N, warp 1 holds columns 8..15; warps along M (none here)
// would hold copies.
// CHECK-LABEL: %arg0: 16x16, 64 threads x 4 registers
// CHECK-NEXT:    thread 0: [0, 0] [1, 0] [8, 0] [9, 0]{{$}}
// CHECK-NEXT:    thread 1: [2, 0] [3, 0] [10, 0] [11, 0]{{$}}
// CHECK:         thread 4: [0, 1] [1, 1] [8, 1] [9, 1]{{$}}
// CHECK:         thread 32: [0, 8] [1, 8] [8, 8] [9, 8]{{$}}
// CHECK:         256 of 256 elements held, each by 1 (thread, register) pairs
#mma = #tt.mma<{versionMajor = 2, warpsPerCTA = [1, 2], instrShape = [16, 8]}>
func.func @operand_b_f16(%b: tensor<16x16xf16, #tt.dot_operand<{opIdx = 1, parent = #mma, kWidth = 2}>>) {
  return
}

// -----

// a of m16n8k8 tf32 (kWidth 1): a0 = (g, t), a1 = (g + 8, t), a2 = (g, t + 4),
// a3 = (g + 8, t + 4). With 2 warps along N both hold the same rows.
// CHECK-LABEL: %arg0: 16x8, 64 threads x 4 registers
// CHECK-NEXT:    thread 0: [0, 0] [8, 0] [0, 4] [8, 4]{{$}}
// CHECK-NEXT:    thread 1: [0, 1] [8, 1] [0, 5] [8, 5]{{$}}
// CHECK:         thread 32: [0, 0] [8, 0] [0, 4] [8, 4]{{$}}
// CHECK:         128 of 128 elements held, each by 2 (thread, register) pairs
#mma = #tt.mma<{versionMajor = 2, warpsPerCTA = [1, 2], instrShape = [16, 8]}>
func.func @operand_a_tf32(%a: tensor<16x8xf32, #tt.dot_operand<{opIdx = 0, parent = #mma, kWidth = 1}>>) {
  return
}

// -----

// b of m16n8k32 s8 (kWidth 4): b0..b3 = (k = 4t + i, n = g), b4..b7 = k + 16.
// CHECK-LABEL: %arg0: 32x8, 32 threads x 8 registers
// CHECK-NEXT:    thread 0: [0, 0] [1, 0] [2, 0] [3, 0] [16, 0] [17, 0] [18, 0] [19, 0]{{$}}
// CHECK-NEXT:    thread 1: [4, 0] [5, 0] [6, 0] [7, 0] [20, 0] [21, 0] [22, 0] [23, 0]{{$}}
// CHECK:         thread 4: [0, 1] [1, 1] [2, 1] [3, 1] [16, 1]
#mma = #tt.mma<{versionMajor = 2, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
func.func @operand_b_s8(%b: tensor<32x8xi8, #tt.dot_operand<{opIdx = 1, parent = #mma, kWidth = 4}>>) {
  return
}

// -----

// wgmma's accumulator, one warpgroup, 64 x 32 (m64n32): warp w holds rows
// 16 w + g (+ 8); registers 4 j .. 4 j + 3 are columns 8 j + 2 t (+ 1).
// CHECK-LABEL: %arg0: 64x32, 128 threads x 16 registers
// CHECK-NEXT:    thread 0: [0, 0] [0, 1] [8, 0] [8, 1] [0, 8] [0, 9] [8, 8] [8, 9] [0, 16] [0, 17] [8, 16] [8, 17] [0, 24] [0, 25] [8, 24] [8, 25]{{$}}
// CHECK:         thread 5: [1, 2] [1, 3] [9, 2] [9, 3] [1, 10]
// CHECK:         thread 32: [16, 0] [16, 1] [24, 0] [24, 1]
// CHECK:         thread 96: [48, 0] [48, 1] [56, 0] [56, 1]
// CHECK:         2048 of 2048 elements held, each by 1 (thread, register) pairs
#mma = #tt.mma<{versionMajor = 3, warpsPerCTA = [4, 1], instrShape = [16, 32]}>
func.func @accumulator_wgmma(%c: tensor<64x32xf32, #mma>) {
  return
}

// -----

// Two warpgroups along M over 128 x 16: warps 4..7 hold rows 64..127.
// CHECK-LABEL: %arg0: 128x16, 256 threads x 8 registers
// CHECK-NEXT:    thread 0: [0, 0] [0, 1] [8, 0] [8, 1] [0, 8] [0, 9] [8, 8] [8, 9]{{$}}
// CHECK:         thread 128: [64, 0] [64, 1] [72, 0] [72, 1]
// CHECK:         2048 of 2048 elements held, each by 1 (thread, register) pairs
#mma = #tt.mma<{versionMajor = 3, warpsPerCTA = [8, 1], instrShape = [16, 16]}>
func.func @accumulator_two_warpgroups(%c: tensor<128x16xf32, #mma>) {
  return
}
