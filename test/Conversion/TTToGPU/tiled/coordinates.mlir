// The lowering's element coordinates against the index map itself
// (test-tt-layout-map prints tt::getElementIndices). In the 32x64 layout of
// 4 warps, 1x4 per thread, 2x16 lanes, thread 1 holds columns 4-7, thread
// 16 row 1, thread 32 row 2, thread 64 row 4, and each thread rows r + 8k.
// The lowered make_ranges compute exactly that: the column part of a thread
// is (tid & 1) << 2 | (tid & 2) << 2 | (tid & 4) << 2 | (tid & 8) << 2
// (thread 1: 4) plus registers [0, 1, 2, 3], the row part (tid & 16) >> 4 |
// (tid & 32) >> 4 | (tid & 64) >> 4 (16: 1, 32: 2, 64: 4) plus registers
// [0, 8, 16, 24]; the kernel stores row * 64 + column at that element, so
// out[i] = i exactly when the two agree.
// RUN: mytriton-test-opt %s -test-tt-layout-map -o /dev/null | FileCheck %s --check-prefix=MAP
// RUN: mytriton-opt --convert-tt-to-gpu %s | FileCheck %s

// MAP-LABEL: %arg0: 32x64, 128 threads x 16 registers
// MAP-NEXT:    thread 0: [0, 0] [0, 1] [0, 2] [0, 3] [8, 0] [8, 1] [8, 2] [8, 3] [16, 0] [16, 1] [16, 2] [16, 3] [24, 0] [24, 1] [24, 2] [24, 3]{{$}}
// MAP-NEXT:    thread 1: [0, 4] [0, 5] [0, 6] [0, 7] [8, 4]
// MAP:         thread 16: [1, 0] [1, 1] [1, 2] [1, 3] [9, 0]
// MAP:         thread 32: [2, 0] [2, 1] [2, 2] [2, 3] [10, 0]
// MAP:         thread 64: [4, 0] [4, 1] [4, 2] [4, 3] [12, 0]

// CHECK-LABEL: gpu.func @iota
// CHECK:         %[[TID:.*]] = arith.index_castui %{{.*}} : index to i32
// CHECK-NEXT:    %[[C16:.*]] = arith.constant 16 : i32
// CHECK-NEXT:    %[[B4:.*]] = arith.andi %[[TID]], %[[C16]] : i32
// CHECK-NEXT:    %[[S4:.*]] = arith.constant 4 : i32
// CHECK-NEXT:    %[[R1:.*]] = arith.shrui %[[B4]], %[[S4]] : i32
// CHECK-NEXT:    %[[C32:.*]] = arith.constant 32 : i32
// CHECK-NEXT:    %[[B5:.*]] = arith.andi %[[TID]], %[[C32]] : i32
// CHECK-NEXT:    %[[S4B:.*]] = arith.constant 4 : i32
// CHECK-NEXT:    %[[R2:.*]] = arith.shrui %[[B5]], %[[S4B]] : i32
// CHECK-NEXT:    %[[R12:.*]] = arith.ori %[[R1]], %[[R2]] : i32
// CHECK-NEXT:    %[[C64:.*]] = arith.constant 64 : i32
// CHECK-NEXT:    %[[B6:.*]] = arith.andi %[[TID]], %[[C64]] : i32
// CHECK-NEXT:    %[[S4C:.*]] = arith.constant 4 : i32
// CHECK-NEXT:    %[[R4:.*]] = arith.shrui %[[B6]], %[[S4C]] : i32
// CHECK-NEXT:    %[[ROW:.*]] = arith.ori %[[R12]], %[[R4]] : i32
// CHECK-NEXT:    %[[ROWS:.*]] = vector.broadcast %[[ROW]] : i32 to vector<4xi32>
// CHECK-NEXT:    %[[RREG:.*]] = arith.constant dense<[0, 8, 16, 24]> : vector<4xi32>
// CHECK-NEXT:    arith.addi %[[ROWS]], %[[RREG]] : vector<4xi32>
// CHECK:         %[[TID2:.*]] = arith.index_castui %{{.*}} : index to i32
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    %[[B0:.*]] = arith.andi %[[TID2]], %[[C1]] : i32
// CHECK-NEXT:    %[[S2:.*]] = arith.constant 2 : i32
// CHECK-NEXT:    %[[K0:.*]] = arith.shli %[[B0]], %[[S2]] : i32
// CHECK-NEXT:    %[[C2:.*]] = arith.constant 2 : i32
// CHECK-NEXT:    %[[B1:.*]] = arith.andi %[[TID2]], %[[C2]] : i32
// CHECK-NEXT:    %[[S2B:.*]] = arith.constant 2 : i32
// CHECK-NEXT:    %[[K1:.*]] = arith.shli %[[B1]], %[[S2B]] : i32
// CHECK-NEXT:    %[[K01:.*]] = arith.ori %[[K0]], %[[K1]] : i32
// CHECK-NEXT:    %[[C4:.*]] = arith.constant 4 : i32
// CHECK-NEXT:    %[[B2:.*]] = arith.andi %[[TID2]], %[[C4]] : i32
// CHECK-NEXT:    %[[S2C:.*]] = arith.constant 2 : i32
// CHECK-NEXT:    %[[K2:.*]] = arith.shli %[[B2]], %[[S2C]] : i32
// CHECK-NEXT:    %[[K012:.*]] = arith.ori %[[K01]], %[[K2]] : i32
// CHECK-NEXT:    %[[C8:.*]] = arith.constant 8 : i32
// CHECK-NEXT:    %[[B3:.*]] = arith.andi %[[TID2]], %[[C8]] : i32
// CHECK-NEXT:    %[[S2D:.*]] = arith.constant 2 : i32
// CHECK-NEXT:    %[[K3:.*]] = arith.shli %[[B3]], %[[S2D]] : i32
// CHECK-NEXT:    %[[COL:.*]] = arith.ori %[[K012]], %[[K3]] : i32
// CHECK-NEXT:    %[[COLS:.*]] = vector.broadcast %[[COL]] : i32 to vector<4xi32>
// CHECK-NEXT:    %[[CREG:.*]] = arith.constant dense<[0, 1, 2, 3]> : vector<4xi32>
// CHECK-NEXT:    arith.addi %[[COLS]], %[[CREG]] : vector<4xi32>

#bl = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#s0 = #tt.slice<{dim = 0, parent = #bl}>
#s1 = #tt.slice<{dim = 1, parent = #bl}>
func.func @map(%a: tensor<32x64xi32, #bl>) {
  return
}
tt.func @iota(%out: !tt.ptr<i32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %rm = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32, #s1>
  %rn = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32, #s0>
  %rm2 = tt.expand_dims %rm {axis = 1 : i32} : tensor<32xi32, #s1> -> tensor<32x1xi32, #bl>
  %rn2 = tt.expand_dims %rn {axis = 0 : i32} : tensor<64xi32, #s0> -> tensor<1x64xi32, #bl>
  %c64 = arith.constant dense<64> : tensor<32x1xi32, #bl>
  %ro = arith.muli %rm2, %c64 : tensor<32x1xi32, #bl>
  %rob = tt.broadcast %ro : tensor<32x1xi32, #bl> -> tensor<32x64xi32, #bl>
  %rnb = tt.broadcast %rn2 : tensor<1x64xi32, #bl> -> tensor<32x64xi32, #bl>
  %i = arith.addi %rob, %rnb : tensor<32x64xi32, #bl>
  %po = tt.splat %out : !tt.ptr<i32> -> tensor<32x64x!tt.ptr<i32>, #bl>
  %p = tt.addptr %po, %i : tensor<32x64x!tt.ptr<i32>, #bl>, tensor<32x64xi32, #bl>
  tt.store %p, %i : tensor<32x64x!tt.ptr<i32>, #bl>
  tt.return
}
