// RUN: mytriton-opt --tt-optimize --convert-tt-to-gpu %S/../../../Dialect/TT/kernels/sigmoid.mlir | FileCheck %s

// CHECK-LABEL: gpu.func @sigmoid_kernel(
// CHECK-SAME:      known_block_size = array<i32: 256, 1, 1>
// CHECK:         %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK:         %[[XV:.*]] = scf.if %{{.*}} -> (f32)
// CHECK:         %[[NEG:.*]] = arith.negf %[[XV]] : f32
// CHECK:         %[[E:.*]] = math.exp %[[NEG]] : f32
// CHECK:         %[[DEN:.*]] = arith.addf %[[E]], %[[ONE]] : f32
// CHECK:         %[[Y:.*]] = arith.divf %[[ONE]], %[[DEN]] : f32
// CHECK:         llvm.store %[[Y]]
