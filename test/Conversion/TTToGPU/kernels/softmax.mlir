// Two reductions in one kernel (max, then sum of exp), both butterflies in
// one warp for the 8-lane block.
// RUN: mytriton-opt --tt-optimize --convert-tt-to-gpu %S/../../../Dialect/TT/kernels/softmax.mlir | FileCheck %s

// CHECK-LABEL: gpu.func @softmax_kernel(
// CHECK-SAME:      %[[X:.*]]: !llvm.ptr<1>, %[[OUT:.*]]: !llvm.ptr<1>, %[[N:.*]]: i32, %[[G0:.*]]: i32, %[[G1:.*]]: i32) kernel
// CHECK-SAME:      known_block_size = array<i32: 8, 1, 1>
// CHECK-DAG:     %[[NINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK:         %[[MASK:.*]] = arith.cmpi slt
// CHECK:         %[[V:.*]] = scf.if %[[MASK]] -> (f32) {
// CHECK:           llvm.load
// CHECK:         } else {
// CHECK-NEXT:      scf.yield %[[NINF]] : f32
// CHECK:         gpu.shuffle xor %[[V]]
// CHECK:         arith.maxnumf
// CHECK:         gpu.shuffle xor
// CHECK:         arith.maxnumf
// CHECK:         gpu.shuffle xor
// CHECK:         %[[MAX:.*]] = arith.maxnumf
// CHECK:         %[[SHIFTED:.*]] = arith.subf %[[V]], %[[MAX]] : f32
// CHECK:         %[[NUM:.*]] = math.exp %[[SHIFTED]] : f32
// CHECK:         gpu.shuffle xor %[[NUM]]
// CHECK:         arith.addf
// CHECK:         gpu.shuffle xor
// CHECK:         arith.addf
// CHECK:         gpu.shuffle xor
// CHECK:         %[[DEN:.*]] = arith.addf
// CHECK:         %[[P:.*]] = arith.divf %[[NUM]], %[[DEN]] : f32
// CHECK:         scf.if %[[MASK]] {
// CHECK-NEXT:      llvm.store %[[P]]
// CHECK-NOT:     gpu.barrier
