// Scalar loads of A are done by every thread; the unrolled k loop stays
// straight-line code.
// RUN: mytriton-opt --tt-optimize --convert-tt-to-gpu %S/../../../Dialect/TT/kernels/naive_matmul.mlir | FileCheck %s

// CHECK-LABEL: gpu.func @naive_matmul_kernel(
// CHECK-SAME:      %[[A:.*]]: !llvm.ptr<1>, %[[B:.*]]: !llvm.ptr<1>, %[[C:.*]]: !llvm.ptr<1>, %[[N:.*]]: i32, %[[G0:.*]]: i32, %[[G1:.*]]: i32) kernel
// CHECK-SAME:      known_block_size = array<i32: 4, 1, 1>
// CHECK:         %[[BX:.*]] = gpu.block_id x
// CHECK:         %[[BX32:.*]] = arith.index_castui %[[BX]] : index to i32
// B's loads depend on program id 1 only, so neighbouring blocks follow
// axis 0 and share B's slice (GridOrder.h): row = bx % g0, column block =
// bx / g0.
// CHECK:         %[[ROW:.*]] = arith.remui %[[BX32]], %[[G0]] : i32
// CHECK:         %[[BX1:.*]] = gpu.block_id x
// CHECK:         %[[BX132:.*]] = arith.index_castui %[[BX1]] : index to i32
// CHECK:         %[[COLBLOCK:.*]] = arith.divui %[[BX132]], %[[G0]] : i32
// CHECK:         %[[MASK:.*]] = arith.cmpi slt
// CHECK:         %[[AROW:.*]] = arith.muli
// CHECK:         %[[AP0:.*]] = llvm.getelementptr %[[A]][%[[AROW]]] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
// CHECK:         %[[A0:.*]] = llvm.load %[[AP0]] {alignment = 4 : i64} : !llvm.ptr<1> -> f32
// CHECK:         %[[B0:.*]] = scf.if %[[MASK]] -> (f32)
// CHECK:         %[[T0:.*]] = arith.mulf %[[A0]], %[[B0]] : f32
// CHECK:         %[[A1:.*]] = llvm.load
// CHECK:         %[[B1:.*]] = scf.if %[[MASK]] -> (f32)
// CHECK:         %[[T1:.*]] = arith.mulf %[[A1]], %[[B1]] : f32
// CHECK:         %[[ACC2:.*]] = arith.addf %{{.*}}, %[[T1]] : f32
// CHECK:         %[[A2:.*]] = llvm.load
// CHECK:         %[[B2:.*]] = scf.if %[[MASK]] -> (f32)
// CHECK:         %[[T2:.*]] = arith.mulf %[[A2]], %[[B2]] : f32
// CHECK:         %[[ACC3:.*]] = arith.addf %[[ACC2]], %[[T2]] : f32
// CHECK:         %[[CP:.*]] = llvm.getelementptr %[[C]]
// CHECK:         scf.if %[[MASK]] {
// CHECK-NEXT:      llvm.store %[[ACC3]], %[[CP]]
// CHECK-NOT:     gpu.shuffle
