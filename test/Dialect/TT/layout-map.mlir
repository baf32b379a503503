// The layout index map (tt::getElementIndices, Layouts.h): which element
// each register of each thread holds, printed by test-tt-layout-map. The
// expected indices follow from TTLayouts.td's formula by hand.
// RUN: mytriton-test-opt %s -split-input-file -test-tt-layout-map=owners=true -o /dev/null | FileCheck %s

// 1-D, one element per thread, two warps: thread t holds element t.
// CHECK-LABEL: %arg0: 64, 64 threads x 1 registers
// CHECK-NEXT:    thread 0: [0]{{$}}
// CHECK:         thread 31: [31]{{$}}
// CHECK-NEXT:    thread 32: [32]{{$}}
// CHECK:         thread 63: [63]{{$}}
// CHECK-NEXT:    owners row 0: 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63{{$}}
// CHECK-NEXT:    64 of 64 elements held, each by 1 (thread, register) pairs
func.func @one_per_thread(%a: tensor<64xf32, #tt.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>>) {
  return
}

// -----

// 1-D, four consecutive elements per thread; the 128-element tile wraps
// twice over 256, so each thread holds 2 x 4 registers.
// CHECK-LABEL: %arg0: 256, 32 threads x 8 registers
// CHECK-NEXT:    thread 0: [0] [1] [2] [3] [128] [129] [130] [131]{{$}}
// CHECK-NEXT:    thread 1: [4] [5] [6] [7] [132] [133] [134] [135]{{$}}
// CHECK:         thread 31: [124] [125] [126] [127] [252] [253] [254] [255]{{$}}
// CHECK:         256 of 256 elements held, each by 1 (thread, register) pairs
func.func @several_per_thread(%a: tensor<256xi32, #tt.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>>) {
  return
}

// -----

// 1-D replication: a 64-thread tile over 16 elements; threads 16, 32 and
// 48 hold what thread 0 holds.
// CHECK-LABEL: %arg0: 16, 64 threads x 1 registers
// CHECK-NEXT:    thread 0: [0]{{$}}
// CHECK:         thread 15: [15]{{$}}
// CHECK-NEXT:    thread 16: [0]{{$}}
// CHECK:         thread 48: [0]{{$}}
// CHECK:         thread 63: [15]{{$}}
// CHECK-NEXT:    owners row 0: 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15{{$}}
// CHECK-NEXT:    16 of 16 elements held, each by 4 (thread, register) pairs
func.func @replicated_threads(%a: tensor<16xf32, #tt.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>>) {
  return
}

// -----

// Replication within a thread: four registers over two elements, and every
// thread holds both.
// CHECK-LABEL: %arg0: 2, 32 threads x 4 registers
// CHECK-NEXT:    thread 0: [0] [1] [0] [1]{{$}}
// CHECK:         thread 31: [0] [1] [0] [1]{{$}}
// CHECK-NEXT:    owners row 0: 0 0{{$}}
// CHECK-NEXT:    2 of 2 elements held, each by 64 (thread, register) pairs
func.func @replicated_registers(%a: tensor<2xf32, #tt.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>>) {
  return
}

// -----

// 2-D, order [1, 0]: columns vary fastest. Lane t is row t / 8, column
// group t % 8 of two elements.
// CHECK-LABEL: %arg0: 4x16, 32 threads x 2 registers
// CHECK-NEXT:    thread 0: [0, 0] [0, 1]{{$}}
// CHECK-NEXT:    thread 1: [0, 2] [0, 3]{{$}}
// CHECK:         thread 7: [0, 14] [0, 15]{{$}}
// CHECK-NEXT:    thread 8: [1, 0] [1, 1]{{$}}
// CHECK:         thread 31: [3, 14] [3, 15]{{$}}
// CHECK-NEXT:    owners row 0: 0 0 1 1 2 2 3 3 4 4 5 5 6 6 7 7{{$}}
// CHECK-NEXT:    owners row 1: 8 8 9 9 10 10 11 11 12 12 13 13 14 14 15 15{{$}}
// CHECK-NEXT:    owners row 2: 16 16 17 17 18 18 19 19 20 20 21 21 22 22 23 23{{$}}
// CHECK-NEXT:    owners row 3: 24 24 25 25 26 26 27 27 28 28 29 29 30 30 31 31{{$}}
// CHECK-NEXT:    64 of 64 elements held, each by 1 (thread, register) pairs
func.func @rows_fastest_minor(%a: tensor<4x16xf32, #tt.blocked<{sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>>) {
  return
}

// -----

// The same arrays with order [0, 1]: rows vary fastest, lane t is row
// t % 4, column group t / 4.
// CHECK-LABEL: %arg0: 4x16, 32 threads x 2 registers
// CHECK-NEXT:    thread 0: [0, 0] [0, 1]{{$}}
// CHECK-NEXT:    thread 1: [1, 0] [1, 1]{{$}}
// CHECK:         thread 4: [0, 2] [0, 3]{{$}}
// CHECK:         thread 31: [3, 14] [3, 15]{{$}}
// CHECK-NEXT:    owners row 0: 0 0 4 4 8 8 12 12 16 16 20 20 24 24 28 28{{$}}
// CHECK-NEXT:    owners row 1: 1 1 5 5 9 9 13 13 17 17 21 21 25 25 29 29{{$}}
// CHECK:         owners row 3: 3 3 7 7 11 11 15 15 19 19 23 23 27 27 31 31{{$}}
func.func @columns_fastest(%a: tensor<4x16xf32, #tt.blocked<{sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [0, 1]}>>) {
  return
}

// -----

// order [0, 1] with two rows per thread: a thread's registers run down a
// column.
// CHECK-LABEL: %arg0: 16x4, 32 threads x 2 registers
// CHECK-NEXT:    thread 0: [0, 0] [1, 0]{{$}}
// CHECK-NEXT:    thread 1: [2, 0] [3, 0]{{$}}
// CHECK:         thread 8: [0, 1] [1, 1]{{$}}
// CHECK:         thread 31: [14, 3] [15, 3]{{$}}
// CHECK-NEXT:    owners row 0: 0 8 16 24{{$}}
// CHECK-NEXT:    owners row 1: 0 8 16 24{{$}}
// CHECK-NEXT:    owners row 2: 1 9 17 25{{$}}
func.func @registers_down_columns(%a: tensor<16x4xf32, #tt.blocked<{sizePerThread = [2, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [0, 1]}>>) {
  return
}

// -----

// docs/IR.md's example: a 64x64 tile on 4 warps. The CTA tile is 32x16
// (sizePerThread [1, 4] x threadsPerWarp [8, 4] x warpsPerCTA [4, 1]), so
// it repeats 2 x 4 times and each thread holds 32 registers: its 4
// consecutive columns, in each of the 4 column repetitions (+16), in
// each of the 2 row repetitions (+32). Lane l is row l / 4, column group
// l % 4; warp w adds 8 w rows.
// CHECK-LABEL: %arg0: 64x64, 128 threads x 32 registers
// CHECK-NEXT:    thread 0: [0, 0] [0, 1] [0, 2] [0, 3] [0, 16] [0, 17] [0, 18] [0, 19] [0, 32] [0, 33] [0, 34] [0, 35] [0, 48] [0, 49] [0, 50] [0, 51] [32, 0] [32, 1] [32, 2] [32, 3] [32, 16] [32, 17] [32, 18] [32, 19] [32, 32] [32, 33] [32, 34] [32, 35] [32, 48] [32, 49] [32, 50] [32, 51]{{$}}
// CHECK-NEXT:    thread 1: [0, 4] [0, 5] [0, 6] [0, 7] [0, 20] [0, 21] [0, 22] [0, 23] [0, 36]
// CHECK:         thread 4: [1, 0] [1, 1] [1, 2] [1, 3] [1, 16]
// CHECK:         thread 31: [7, 12] [7, 13] [7, 14] [7, 15] [7, 28]
// CHECK-NEXT:    thread 32: [8, 0] [8, 1] [8, 2] [8, 3] [8, 16]
// CHECK:         thread 127: [31, 12] [31, 13] [31, 14] [31, 15] [31, 28] {{.*}} [63, 60] [63, 61] [63, 62] [63, 63]{{$}}
// CHECK-NEXT:    owners row 0: 0 0 0 0 1 1 1 1 2 2 2 2 3 3 3 3 0 0 0 0 1 1 1 1 2 2 2 2 3 3 3 3 0 0 0 0 1 1 1 1 2 2 2 2 3 3 3 3 0 0 0 0 1 1 1 1 2 2 2 2 3 3 3 3{{$}}
// CHECK-NEXT:    owners row 1: 4 4 4 4 5 5 5 5 6 6 6 6 7 7 7 7 4 4 4 4
// CHECK:         owners row 7: 28 28 28 28 29 29 29 29 30 30 30 30 31 31 31 31 28
// CHECK-NEXT:    owners row 8: 32 32 32 32 33 33 33 33 34 34 34 34 35 35 35 35 32
// CHECK:         owners row 31: 124 124 124 124 125 125 125 125 126 126 126 126 127 127 127 127 124
// CHECK-NEXT:    owners row 32: 0 0 0 0 1 1 1 1 2 2 2 2 3 3 3 3 0
// CHECK:         owners row 63: 124 124 124 124 125 125 125 125 126 126 126 126 127 127 127 127 124
// CHECK-NEXT:    4096 of 4096 elements held, each by 1 (thread, register) pairs
func.func @tile_64x64_on_4_warps(%a: tensor<64x64xf32, #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>>) {
  return
}

// -----

#tile = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>

// Slices of the 64x64 tile's layout. dim = 1 (a row reduction's result):
// a thread holds the rows of its parent registers, 2 of them; the 4 lanes
// of a row hold the same elements.
// CHECK-LABEL: %arg0: 64, 128 threads x 2 registers
// CHECK-NEXT:    thread 0: [0] [32]{{$}}
// CHECK-NEXT:    thread 1: [0] [32]{{$}}
// CHECK-NEXT:    thread 2: [0] [32]{{$}}
// CHECK-NEXT:    thread 3: [0] [32]{{$}}
// CHECK-NEXT:    thread 4: [1] [33]{{$}}
// CHECK:         thread 32: [8] [40]{{$}}
// CHECK:         thread 127: [31] [63]{{$}}
// CHECK-NEXT:    thread 0 in the parent: [0, 0] [32, 0]{{$}}
// CHECK-NEXT:    owners row 0: 0 4 8 12 16 20 24 28 32 36 40 44 48 52 56 60 64 68 72 76 80 84 88 92 96 100 104 108 112 116 120 124 0 4 8
// CHECK-NEXT:    64 of 64 elements held, each by 4 (thread, register) pairs

// dim = 0 (a column reduction's result): a thread holds the columns of
// its parent registers, 4 x 4 of them; the 8 lanes and 4 warps of a
// column hold the same elements.
// CHECK-LABEL: %arg1: 64, 128 threads x 16 registers
// CHECK-NEXT:    thread 0: [0] [1] [2] [3] [16] [17] [18] [19] [32] [33] [34] [35] [48] [49] [50] [51]{{$}}
// CHECK-NEXT:    thread 1: [4] [5] [6] [7] [20] [21] [22] [23] [36] [37] [38] [39] [52] [53] [54] [55]{{$}}
// CHECK:         thread 4: [0] [1] [2] [3] [16]
// CHECK:         thread 127: [12] [13] [14] [15] [28] [29] [30] [31] [44] [45] [46] [47] [60] [61] [62] [63]{{$}}
// CHECK-NEXT:    thread 0 in the parent: [0, 0] [0, 1] [0, 2] [0, 3] [0, 16] [0, 17] [0, 18] [0, 19] [0, 32] [0, 33] [0, 34] [0, 35] [0, 48] [0, 49] [0, 50] [0, 51]{{$}}
// CHECK-NEXT:    owners row 0: 0 0 0 0 1 1 1 1 2 2 2 2 3 3 3 3 0 0 0 0
// CHECK-NEXT:    64 of 64 elements held, each by 32 (thread, register) pairs
func.func @slices(%rows: tensor<64xf32, #tt.slice<{dim = 1, parent = #tile}>>,
                  %cols: tensor<64xf32, #tt.slice<{dim = 0, parent = #tile}>>) {
  return
}
