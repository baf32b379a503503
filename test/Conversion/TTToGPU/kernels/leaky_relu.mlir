// RUN: mytriton-opt --tt-optimize --convert-tt-to-gpu %S/../../../Dialect/TT/kernels/leaky_relu.mlir | FileCheck %s

// CHECK-LABEL: gpu.func @leaky_relu_kernel(
// CHECK-SAME:      known_block_size = array<i32: 256, 1, 1>
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG:     %[[SLOPE:.*]] = arith.constant 0.00999999977 : f32
// CHECK:         %[[XV:.*]] = scf.if %{{.*}} -> (f32)
// CHECK:         %[[POS:.*]] = arith.cmpf ogt, %[[XV]], %[[ZERO]] : f32
// CHECK:         %[[SCALED:.*]] = arith.mulf %[[XV]], %[[SLOPE]] : f32
// CHECK:         %[[Y:.*]] = arith.select %[[POS]], %[[XV]], %[[SCALED]] : f32
// CHECK:         llvm.store %[[Y]]
