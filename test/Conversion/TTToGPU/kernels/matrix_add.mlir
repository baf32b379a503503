// A 2-D grid: program ids 0 and 1 share blockIdx.x, axis 1 varying fastest:
// blockIdx.x / g1 and blockIdx.x % g1.
// RUN: mytriton-opt --tt-optimize --convert-tt-to-gpu %S/../../../Dialect/TT/kernels/matrix_add.mlir | FileCheck %s

// CHECK-LABEL: gpu.func @matrix_add_kernel(
// CHECK-SAME:      %[[X:.*]]: !llvm.ptr<1>, %[[Y:.*]]: !llvm.ptr<1>, %[[OUT:.*]]: !llvm.ptr<1>, %[[NCOLS:.*]]: i32, %[[G0:.*]]: i32, %[[G1:.*]]: i32) kernel
// CHECK-SAME:      known_block_size = array<i32: 256, 1, 1>
// CHECK:         %[[C256:.*]] = arith.constant 256 : i32
// CHECK:         %[[BX:.*]] = gpu.block_id x
// CHECK:         %[[BX32:.*]] = arith.index_castui %[[BX]] : index to i32
// CHECK:         arith.cmpi eq, %[[G1]], %{{.*}} : i32
// CHECK-NEXT:    %[[ROW:.*]] = scf.if %{{.*}} -> (i32) {
// CHECK-NEXT:      scf.yield %[[BX32]] : i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      arith.divui %[[BX32]], %[[G1]] : i32
// CHECK:         %[[BX1:.*]] = gpu.block_id x
// CHECK:         %[[BX132:.*]] = arith.index_castui %[[BX1]] : index to i32
// The remainder reuses the quotient: blockIdx.x - (blockIdx.x / g1) * g1.
// CHECK:         %[[COLBLOCK_Q:.*]] = arith.muli %{{.*}}, %[[G1]] : i32
// CHECK-NEXT:    %[[COLBLOCK:.*]] = arith.subi %[[BX132]], %[[COLBLOCK_Q]] : i32
// CHECK:         %[[CBSTART:.*]] = arith.muli %[[COLBLOCK]], %[[C256]] : i32
// CHECK:         %[[TID:.*]] = gpu.thread_id x
// CHECK:         %[[LANE:.*]] = arith.index_castui %[[TID]] : index to i32
// CHECK:         %[[COLS:.*]] = arith.addi %[[CBSTART]], %[[LANE]] : i32
// CHECK:         %[[RS:.*]] = arith.muli %[[ROW]], %[[NCOLS]] : i32
// CHECK:         %[[OFFS:.*]] = arith.addi %[[RS]], %[[COLS]] : i32
// CHECK:         %[[MASK:.*]] = arith.cmpi slt, %[[COLS]], %[[NCOLS]] : i32
// CHECK:         llvm.getelementptr %[[X]][%[[OFFS]]]
// CHECK:         %[[L:.*]] = scf.if %[[MASK]] -> (f32)
// CHECK:         llvm.getelementptr %[[Y]][%[[OFFS]]]
// CHECK:         %[[R:.*]] = scf.if %[[MASK]] -> (f32)
// CHECK:         %[[SUM:.*]] = arith.addf %[[L]], %[[R]] : f32
// CHECK:         %[[OP:.*]] = llvm.getelementptr %[[OUT]][%[[OFFS]]]
// CHECK:         scf.if %[[MASK]] {
// CHECK-NEXT:      llvm.store %[[SUM]], %[[OP]]
