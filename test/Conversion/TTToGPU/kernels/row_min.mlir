// tl.min over an 8-lane row: a 3-step xor butterfly within one warp, no
// workgroup memory; lane 0 stores the result.
// RUN: mytriton-opt --tt-optimize --convert-tt-to-gpu %S/../../../Dialect/TT/kernels/row_min.mlir | FileCheck %s

// CHECK-LABEL: gpu.func @row_min_kernel(
// CHECK-SAME:      %[[X:.*]]: !llvm.ptr<1>, %[[OUT:.*]]: !llvm.ptr<1>, %[[N:.*]]: i32, %[[G0:.*]]: i32, %[[G1:.*]]: i32) kernel
// CHECK-SAME:      known_block_size = array<i32: 8, 1, 1>
// CHECK-NOT:     workgroup
// CHECK:         %[[BID:.*]] = gpu.block_id x
// CHECK:         %[[BX:.*]] = arith.index_castui %[[BID]] : index to i32
// CHECK:         arith.cmpi eq, %[[G1]], %{{.*}} : i32
// CHECK-NEXT:    %[[ROW:.*]] = scf.if %{{.*}} -> (i32) {
// CHECK-NEXT:      scf.yield %[[BX]] : i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      arith.divui %[[BX]], %[[G1]] : i32
// CHECK:         %[[TID:.*]] = gpu.thread_id x
// CHECK:         %[[LANE:.*]] = arith.index_castui %[[TID]] : index to i32
// CHECK:         %[[V:.*]] = scf.if %{{.*}} -> (f32)
// CHECK:         %[[C4:.*]] = arith.constant 4 : i32
// CHECK:         %[[W8:.*]] = arith.constant 8 : i32
// CHECK:         %[[S4:.*]], %{{.*}} = gpu.shuffle xor %[[V]], %[[C4]], %[[W8]] : f32
// CHECK:         %[[R4:.*]] = arith.minnumf %[[V]], %[[S4]] : f32
// CHECK:         %[[S2:.*]], %{{.*}} = gpu.shuffle xor %[[R4]], %{{.*}}, %{{.*}} : f32
// CHECK:         %[[R2:.*]] = arith.minnumf %[[R4]], %[[S2]] : f32
// CHECK:         %[[S1:.*]], %{{.*}} = gpu.shuffle xor %[[R2]], %{{.*}}, %{{.*}} : f32
// CHECK:         %[[R1:.*]] = arith.minnumf %[[R2]], %[[S1]] : f32
// CHECK-NOT:     gpu.barrier
// CHECK:         %[[OP:.*]] = llvm.getelementptr %[[OUT]][%[[ROW]]]
// CHECK:         %[[FIRST:.*]] = arith.cmpi slt, %[[LANE]], %{{.*}} : i32
// CHECK:         scf.if %[[FIRST]] {
// CHECK-NEXT:      llvm.store %[[R1]], %[[OP]] {alignment = 4 : i64} : f32, !llvm.ptr<1>
