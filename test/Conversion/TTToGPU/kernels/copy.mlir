// The copy seed kernel after tt-optimize, lowered to one thread per element.
// RUN: mytriton-opt --tt-optimize --convert-tt-to-gpu %S/../../../Dialect/TT/kernels/copy.mlir | FileCheck %s

// CHECK:       module attributes {gpu.container_module}
// CHECK:       gpu.module @kernels
// CHECK-LABEL: gpu.func @copy_kernel(
// CHECK-SAME:      %[[X:.*]]: !llvm.ptr<1>, %[[OUT:.*]]: !llvm.ptr<1>, %[[N:.*]]: i32, %[[G0:.*]]: i32, %[[G1:.*]]: i32) kernel
// CHECK-SAME:      known_block_size = array<i32: 256, 1, 1>
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG:     %[[C256:.*]] = arith.constant 256 : i32
// CHECK:         %[[BID:.*]] = gpu.block_id x
// CHECK:         %[[BX:.*]] = arith.index_castui %[[BID]] : index to i32
// CHECK:         arith.cmpi eq, %[[G1]], %{{.*}} : i32
// CHECK-NEXT:    %[[PID:.*]] = scf.if %{{.*}} -> (i32) {
// CHECK-NEXT:      scf.yield %[[BX]] : i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      arith.divui %[[BX]], %[[G1]] : i32
// CHECK:         %[[START:.*]] = arith.muli %[[PID]], %[[C256]] : i32
// CHECK:         %[[TID:.*]] = gpu.thread_id x
// CHECK:         %[[LANE:.*]] = arith.index_castui %[[TID]] : index to i32
// CHECK:         %[[OFFS:.*]] = arith.addi %[[START]], %[[LANE]] : i32
// CHECK:         %[[MASK:.*]] = arith.cmpi slt, %[[OFFS]], %[[N]] : i32
// CHECK:         %[[XP:.*]] = llvm.getelementptr %[[X]][%[[OFFS]]] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
// CHECK:         %[[V:.*]] = scf.if %[[MASK]] -> (f32) {
// CHECK:           %[[L:.*]] = llvm.load %[[XP]] {alignment = 4 : i64} : !llvm.ptr<1> -> f32
// CHECK:           scf.yield %[[L]] : f32
// CHECK:         } else {
// CHECK:           scf.yield %[[ZERO]] : f32
// CHECK:         }
// CHECK:         %[[OP:.*]] = llvm.getelementptr %[[OUT]][%[[OFFS]]] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
// CHECK:         scf.if %[[MASK]] {
// CHECK:           llvm.store %[[V]], %[[OP]] {alignment = 4 : i64} : f32, !llvm.ptr<1>
// CHECK:         }
// CHECK:         gpu.return
// CHECK-NOT:   tt.
