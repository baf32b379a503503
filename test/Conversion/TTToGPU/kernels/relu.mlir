// RUN: mytriton-opt --tt-optimize --convert-tt-to-gpu %S/../../../Dialect/TT/kernels/relu.mlir | FileCheck %s

// CHECK-LABEL: gpu.func @relu_kernel(
// CHECK-SAME:      %[[X:.*]]: !llvm.ptr<1>, %[[OUT:.*]]: !llvm.ptr<1>, %[[N:.*]]: i32, %[[G0:.*]]: i32, %[[G1:.*]]: i32) kernel
// CHECK-SAME:      known_block_size = array<i32: 256, 1, 1>
// CHECK:         %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         %[[MASK:.*]] = arith.cmpi slt
// CHECK:         %[[XV:.*]] = scf.if %[[MASK]] -> (f32)
// CHECK:         %[[Y:.*]] = arith.maxnumf %[[XV]], %[[ZERO]] : f32
// CHECK:         scf.if %[[MASK]] {
// CHECK-NEXT:      llvm.store %[[Y]], %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<1>
