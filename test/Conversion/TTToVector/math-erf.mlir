// math.erf has no LLVM intrinsic: the CPU lowering replaces it with MLIR's
// polynomial approximation on vectors and scalars, whatever vector-exp says,
// so that tl.erf reaches LLVM IR (the ExecutionEngine refused it before).
// RUN: mytriton-opt %s --convert-tt-to-vector=vector-exp=false | FileCheck %s
// RUN: mytriton-opt %s --tt-to-llvm-cpu | FileCheck %s --check-prefix=LLVM

// CHECK-LABEL: func.func private @erf_tensor(
// CHECK-NOT: math.erf
// CHECK: arith.constant 1.12837911 : f32
// CHECK: vector.store
// LLVM-LABEL: llvm.func @erf_tensor_grid(
// LLVM-NOT: math.erf
// LLVM-NOT: @erff
tt.func @erf_tensor(%x: !tt.ptr<f32>) attributes {block_size = 4 : i32} {
  %lanes = tt.make_range {start = 0 : i32, end = 4 : i32} : tensor<4xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %p = tt.addptr %xs, %lanes : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  %v = tt.load %p : tensor<4x!tt.ptr<f32>>
  %e = math.erf %v : tensor<4xf32>
  tt.store %p, %e : tensor<4x!tt.ptr<f32>>
  tt.return
}

// CHECK-LABEL: func.func private @erf_scalar(
// CHECK-NOT: math.erf
// CHECK: memref.store
tt.func @erf_scalar(%x: !tt.ptr<f32>, %v: f32) attributes {block_size = 1 : i32} {
  %e = math.erf %v : f32
  tt.store %x, %e : !tt.ptr<f32>
  tt.return
}
