// Matrix add at BLOCK = 1024 columns with 2, 4 and 8 lanes per thread:
// offsets row*n_cols + col_block*1024 + range are contiguous, so loads and
// stores are vector accesses whenever the chunk's start is aligned (rows of
// n_cols % 4 != 0 fall back lane by lane at run time) and inside the row.
// Both program ids come from blockIdx.x: row = blockIdx.x / g1, column block
// = blockIdx.x % g1.
// RUN: sed s/NUM_WARPS/16/ %S/../Inputs/num_warps/matrix_add.mlir \
// RUN:   | mytriton-opt --tt-optimize --convert-tt-to-gpu | FileCheck %s --check-prefixes=CHECK,E2
// RUN: sed s/NUM_WARPS/8/ %S/../Inputs/num_warps/matrix_add.mlir \
// RUN:   | mytriton-opt --tt-optimize --convert-tt-to-gpu | FileCheck %s --check-prefixes=CHECK,E4
// RUN: sed s/NUM_WARPS/4/ %S/../Inputs/num_warps/matrix_add.mlir \
// RUN:   | mytriton-opt --tt-optimize --convert-tt-to-gpu | FileCheck %s --check-prefixes=CHECK,E8

// CHECK-LABEL: gpu.func @matrix_add_kernel(
// CHECK-SAME:      %{{.*}}: !llvm.ptr<1>, %{{.*}}: !llvm.ptr<1>, %{{.*}}: !llvm.ptr<1>, %{{.*}}: i32, %{{.*}}: i32, %[[G1:.*]]: i32) kernel
// E2-SAME:         known_block_size = array<i32: 512, 1, 1>
// E4-SAME:         known_block_size = array<i32: 256, 1, 1>
// E8-SAME:         known_block_size = array<i32: 128, 1, 1>
// CHECK:         %[[BID0:.*]] = gpu.block_id  x
// CHECK-NEXT:    %[[BX0:.*]] = arith.index_castui %[[BID0]] : index to i32
// CHECK:    arith.cmpi eq, %[[G1]], %{{.*}} : i32
// CHECK-NEXT: %[[ROW:.*]] = scf.if %{{.*}} -> (i32) {
// CHECK-NEXT:   scf.yield %[[BX0]] : i32
// CHECK-NEXT: } else {
// CHECK-NEXT:   arith.divui %[[BX0]], %[[G1]] : i32
// CHECK:         %[[BID1:.*]] = gpu.block_id  x
// CHECK-NEXT:    %[[BX1:.*]] = arith.index_castui %[[BID1]] : index to i32
// The remainder reuses the quotient: blockIdx.x - (blockIdx.x / g1) * g1.
// CHECK:    %[[COLBLOCK_Q:.*]] = arith.muli %{{.*}}, %[[G1]] : i32
// CHECK-NEXT:%[[COLBLOCK:.*]] = arith.subi %[[BX1]], %[[COLBLOCK_Q]] : i32
// CHECK-NOT:     gpu.block_id
// E2:            %[[STEPS:.*]] = arith.constant dense<[0, 1]> : vector<2xi32>
// E4:            %[[STEPS:.*]] = arith.constant dense<[0, 1, 2, 3]> : vector<4xi32>
// E8:            %[[STEPS:.*]] = arith.constant dense<[0, 1, 2, 3, 512, 513, 514, 515]> : vector<8xi32>
// CHECK:         %[[LANES:.*]] = arith.addi %{{.*}}, %[[STEPS]] : vector<[[E:[0-9]+]]xi32>
// CHECK:         %[[COLS:.*]] = arith.addi %{{.*}}, %[[LANES]] : vector<[[E]]xi32>
// CHECK:         %[[OFFS:.*]] = arith.addi %{{.*}}, %[[COLS]] : vector<[[E]]xi32>
// CHECK:         %[[MASK:.*]] = arith.cmpi slt, %[[COLS]], %{{.*}} : vector<[[E]]xi32>
// E2-COUNT-2:    llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<1> -> vector<2xf32>
// E4-COUNT-2:    llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// E8-COUNT-4:    llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK:         %[[SUM:.*]] = arith.addf %{{.*}}, %{{.*}} : vector<[[E]]xf32>
// E2:            llvm.store %[[SUM]], %{{.*}} {alignment = 8 : i64} : vector<2xf32>, !llvm.ptr<1>
// E4:            llvm.store %[[SUM]], %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
// E8-COUNT-2:    llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
// CHECK:         gpu.return
