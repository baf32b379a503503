// Long-row sum (BLOCK = 1024, N_COLS = 2500) with 2, 4 and 8 lanes per
// thread: tt-optimize proves the first two chunks' masks true, so their
// vector loads are guarded by the alignment check alone; the last chunk also
// needs its mask bits. The partial sums add as vectors, and the one reduction
// combines the thread's lanes before the warp step.
// RUN: sed s/NUM_WARPS/16/ %S/../Inputs/num_warps/long_row_sum.mlir \
// RUN:   | mytriton-opt --tt-optimize --convert-tt-to-gpu | FileCheck %s --check-prefixes=CHECK,E2
// RUN: sed s/NUM_WARPS/8/ %S/../Inputs/num_warps/long_row_sum.mlir \
// RUN:   | mytriton-opt --tt-optimize --convert-tt-to-gpu | FileCheck %s --check-prefixes=CHECK,E4
// RUN: sed s/NUM_WARPS/4/ %S/../Inputs/num_warps/long_row_sum.mlir \
// RUN:   | mytriton-opt --tt-optimize --convert-tt-to-gpu | FileCheck %s --check-prefixes=CHECK,E8

// CHECK-LABEL: gpu.func @long_row_sum_kernel(
// CHECK-SAME:      %{{.*}}: !llvm.ptr<1>, %{{.*}}: !llvm.ptr<1>, %{{.*}}: i32, %{{.*}}: i32) workgroup(
// E2-SAME:         known_block_size = array<i32: 512, 1, 1>
// E4-SAME:         known_block_size = array<i32: 256, 1, 1>
// E8-SAME:         known_block_size = array<i32: 128, 1, 1>

// Chunk 0, unmasked: alignment alone decides.
// CHECK:         %[[P0:.*]] = llvm.getelementptr %{{.*}} : (vector<[[E:[0-9]+]]x!llvm.ptr<1>>, vector<[[E]]xi32>)
// CHECK-NEXT:    %[[Q0:.*]] = vector.extract %[[P0]][0]
// CHECK-NEXT:    %[[A0:.*]] = llvm.ptrtoint %[[Q0]]
// CHECK-NEXT:    arith.constant
// CHECK-NEXT:    %[[L0:.*]] = arith.andi %[[A0]]
// CHECK-NEXT:    arith.constant
// CHECK-NEXT:    %[[OK0:.*]] = arith.cmpi eq, %[[L0]]
// CHECK-NEXT:    scf.if %[[OK0]]
// CHECK-NEXT:      llvm.load %[[Q0]]
// CHECK:         } else {
// CHECK-NOT:       scf.if
// CHECK:           llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<1> -> f32
// CHECK:         %[[ACC1:.*]] = arith.addf %{{.*}}, %{{.*}} : vector<[[E]]xf32>

// Chunk 1, unmasked.
// CHECK:         %[[P1:.*]] = llvm.getelementptr
// CHECK-NEXT:    %[[Q1:.*]] = vector.extract %[[P1]][0]
// CHECK:         %[[OK1:.*]] = arith.cmpi eq
// CHECK-NEXT:    scf.if %[[OK1]]
// CHECK-NEXT:      llvm.load %[[Q1]]
// CHECK:         %[[ACC2:.*]] = arith.addf %[[ACC1]], %{{.*}} : vector<[[E]]xf32>

// Chunk 2, masked by cols < 2500.
// CHECK:         %[[M2:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : vector<[[E]]xi32>
// CHECK:         %[[P2:.*]] = llvm.getelementptr
// CHECK-NEXT:    %[[Q2:.*]] = vector.extract %[[P2]][0]
// CHECK:         %[[ALIGNED2:.*]] = arith.cmpi eq
// CHECK-NEXT:    %[[B0:.*]] = vector.extract %[[M2]][0] : i1
// CHECK-NEXT:    arith.andi %[[ALIGNED2]], %[[B0]] : i1
// CHECK:         scf.if
// CHECK-NEXT:      llvm.load %[[Q2]]
// CHECK:         } else {
// CHECK:           scf.if %{{.*}} -> (f32)
// CHECK:         %[[ACC3:.*]] = arith.addf %[[ACC2]], %{{.*}} : vector<[[E]]xf32>
// CHECK:         vector.extract %[[ACC3]][0] : f32
// CHECK:         gpu.shuffle  xor %{{.*}}, %c16_i32, %c32_i32 : f32
// CHECK:         gpu.barrier
// CHECK:         gpu.return
