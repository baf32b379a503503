// Three unrolled chunks accumulate per thread (tt-optimize proves the first
// two chunks in bounds, so only the tail load is guarded), then one 4-lane
// reduction.
// RUN: mytriton-opt --tt-optimize --convert-tt-to-gpu %S/../../../Dialect/TT/kernels/long_row_sum.mlir | FileCheck %s

// CHECK-LABEL: gpu.func @long_row_sum_kernel(
// CHECK-SAME:      %[[X:.*]]: !llvm.ptr<1>, %[[OUT:.*]]: !llvm.ptr<1>, %[[G0:.*]]: i32, %[[G1:.*]]: i32) kernel
// CHECK-SAME:      known_block_size = array<i32: 4, 1, 1>
// CHECK-NOT:     workgroup
// CHECK:         %[[BID:.*]] = gpu.block_id x
// CHECK:         %[[BX:.*]] = arith.index_castui %[[BID]] : index to i32
// CHECK:         arith.cmpi eq, %[[G1]], %{{.*}} : i32
// CHECK-NEXT:    %[[ROW:.*]] = scf.if %{{.*}} -> (i32) {
// CHECK-NEXT:      scf.yield %[[BX]] : i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      arith.divui %[[BX]], %[[G1]] : i32
// CHECK:         %[[ROWPTR:.*]] = llvm.getelementptr %[[X]]
// CHECK:         %[[P0:.*]] = llvm.getelementptr %[[ROWPTR]]
// CHECK:         %[[V0:.*]] = llvm.load %[[P0]]
// CHECK:         %[[ACC1:.*]] = arith.addf %[[V0]], %{{.*}} : f32
// CHECK:         %[[P1:.*]] = llvm.getelementptr %[[ROWPTR]]
// CHECK:         %[[V1:.*]] = llvm.load %[[P1]]
// CHECK:         %[[ACC2:.*]] = arith.addf %[[ACC1]], %[[V1]] : f32
// CHECK:         %[[TAIL:.*]] = arith.cmpi slt
// CHECK:         %[[V2:.*]] = scf.if %[[TAIL]] -> (f32)
// CHECK:         %[[ACC:.*]] = arith.addf %[[ACC2]], %[[V2]] : f32
// CHECK:         %[[S1:.*]], %{{.*}} = gpu.shuffle xor %[[ACC]], %{{.*}}, %{{.*}} : f32
// CHECK:         %[[R1:.*]] = arith.addf %[[ACC]], %[[S1]] : f32
// CHECK:         %[[S2:.*]], %{{.*}} = gpu.shuffle xor %[[R1]]
// CHECK:         %[[TOTAL:.*]] = arith.addf %[[R1]], %[[S2]] : f32
// CHECK-NOT:     gpu.shuffle
// CHECK-NOT:     gpu.barrier
// CHECK:         %[[FIRST:.*]] = arith.cmpi slt
// CHECK:         %[[OP:.*]] = llvm.getelementptr %[[OUT]][%[[ROW]]]
// CHECK:         scf.if %[[FIRST]] {
// CHECK-NEXT:      llvm.store %[[TOTAL]], %[[OP]]
