// The vector_add seed kernel: masked loads without `other` read 0.
// RUN: mytriton-opt --tt-optimize --convert-tt-to-gpu %S/../../../Dialect/TT/kernels/vector_add.mlir | FileCheck %s

// CHECK-LABEL: gpu.func @add_kernel(
// CHECK-SAME:      %[[X:.*]]: !llvm.ptr<1>, %[[Y:.*]]: !llvm.ptr<1>, %[[OUT:.*]]: !llvm.ptr<1>, %[[N:.*]]: i32, %[[G0:.*]]: i32, %[[G1:.*]]: i32) kernel
// CHECK-SAME:      known_block_size = array<i32: 256, 1, 1>
// CHECK:         %[[BX:.*]] = gpu.block_id x
// CHECK:         %[[X32:.*]] = arith.index_castui %[[BX]] : index to i32
// CHECK:         arith.cmpi eq, %[[G1]], %{{.*}} : i32
// CHECK-NEXT:    %[[PID:.*]] = scf.if %{{.*}} -> (i32) {
// CHECK-NEXT:      scf.yield %[[X32]] : i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      arith.divui %[[X32]], %[[G1]] : i32
// CHECK:         %[[OFFS:.*]] = arith.addi
// CHECK:         %[[MASK:.*]] = arith.cmpi slt, %[[OFFS]], %[[N]] : i32
// CHECK:         %[[XP:.*]] = llvm.getelementptr %[[X]][%[[OFFS]]]
// CHECK:         %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         %[[XV:.*]] = scf.if %[[MASK]] -> (f32) {
// CHECK:           llvm.load %[[XP]]
// CHECK:         } else {
// CHECK-NEXT:      scf.yield %[[ZERO]] : f32
// CHECK:         %[[YP:.*]] = llvm.getelementptr %[[Y]][%[[OFFS]]]
// CHECK:         %[[YV:.*]] = scf.if %[[MASK]] -> (f32)
// CHECK:           llvm.load %[[YP]]
// CHECK:         %[[SUM:.*]] = arith.addf %[[XV]], %[[YV]] : f32
// CHECK:         %[[OP:.*]] = llvm.getelementptr %[[OUT]][%[[OFFS]]]
// CHECK:         scf.if %[[MASK]] {
// CHECK-NEXT:      llvm.store %[[SUM]], %[[OP]] {alignment = 4 : i64} : f32, !llvm.ptr<1>
// CHECK:         gpu.return
