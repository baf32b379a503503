// The index map of #tt.dot_operand (Layouts.h): a thread holds the rows
// (opIdx 0) or columns (opIdx 1) its parent layout gives it, each with all
// K elements, register r being k = r % K of the slice's register r / K.
// One warp; the parent tiles 4 x 32: lanes 8 along N (4 elements each),
// 4 along M.
// RUN: mytriton-test-opt %s -split-input-file -test-tt-layout-map=owners=true -o /dev/null | FileCheck %s

// a, 16 x 16: thread t holds rows t / 8 + 4 i (i < 4), each over k = 0..15,
// so the 8 lanes along N hold the same rows: every element 8 times.
// CHECK-LABEL: %arg0: 16x16, 32 threads x 64 registers
// CHECK-NEXT:    thread 0: [0, 0] [0, 1] [0, 2] {{.*}} [0, 15] [4, 0] [4, 1] {{.*}} [12, 15]{{$}}
// CHECK-NEXT:    thread 1: [0, 0] [0, 1] [0, 2] {{.*}} [0, 15] [4, 0] [4, 1] {{.*}} [12, 15]{{$}}
// CHECK:         thread 8: [1, 0] [1, 1] {{.*}} [13, 15]{{$}}
// CHECK:         thread 31: [3, 0] [3, 1] {{.*}} [15, 15]{{$}}
// CHECK:         256 of 256 elements held, each by 8 (thread, register) pairs
#blocked = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
func.func @operand_a(%a: tensor<16x16xf32, #tt.dot_operand<{opIdx = 0, parent = #blocked}>>) {
  return
}

// -----

// b, 16 x 32: thread t holds columns 4 (t % 8) .. 4 (t % 8) + 3, each over
// k = 0..15 (register r: k = r % 16 of column r / 16); the 4 lanes along M
// hold the same columns.
// CHECK-LABEL: %arg0: 16x32, 32 threads x 64 registers
// CHECK-NEXT:    thread 0: [0, 0] [1, 0] [2, 0] {{.*}} [15, 0] [0, 1] [1, 1] {{.*}} [15, 3]{{$}}
// CHECK-NEXT:    thread 1: [0, 4] [1, 4] {{.*}} [15, 7]{{$}}
// CHECK:         thread 8: [0, 0] [1, 0] {{.*}} [15, 3]{{$}}
// CHECK:         thread 31: [0, 28] [1, 28] {{.*}} [15, 31]{{$}}
// CHECK:         512 of 512 elements held, each by 4 (thread, register) pairs
#blocked = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
func.func @operand_b(%b: tensor<16x32xf32, #tt.dot_operand<{opIdx = 1, parent = #blocked}>>) {
  return
}
