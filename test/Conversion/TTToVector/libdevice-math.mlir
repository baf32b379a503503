// On the CPU the libdevice functions tl.extra.libdevice adds are LLVM's
// intrinsics (a libm call per lane once LLVM lowers them), on vectors and
// scalars.
// RUN: mytriton-opt %s --tt-to-llvm-cpu | FileCheck %s

// CHECK-LABEL: llvm.func @inverse_and_hyperbolic(
// CHECK-NOT: math.
// CHECK: llvm.intr.asin({{.*}}) : (vector<4xf32>) -> vector<4xf32>
// CHECK: llvm.intr.acos({{.*}}) : (vector<4xf32>) -> vector<4xf32>
// CHECK: llvm.intr.atan({{.*}}) : (vector<4xf32>) -> vector<4xf32>
// CHECK: llvm.intr.sinh({{.*}}) : (vector<4xf32>) -> vector<4xf32>
// CHECK: llvm.intr.cosh({{.*}}) : (vector<4xf32>) -> vector<4xf32>
// CHECK: llvm.intr.asin({{.*}}) : (f64) -> f64
tt.func @inverse_and_hyperbolic(%x: !tt.ptr<f32>, %d: f64) attributes {block_size = 4 : i32} {
  %lanes = tt.make_range {start = 0 : i32, end = 4 : i32} : tensor<4xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %p = tt.addptr %xs, %lanes : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  %v = tt.load %p : tensor<4x!tt.ptr<f32>>
  %0 = math.asin %v : tensor<4xf32>
  %1 = math.acos %0 : tensor<4xf32>
  %2 = math.atan %1 : tensor<4xf32>
  %3 = math.sinh %2 : tensor<4xf32>
  %4 = math.cosh %3 : tensor<4xf32>
  %5 = math.asin %d : f64
  %6 = arith.truncf %5 : f64 to f32
  %7 = tt.splat %6 : f32 -> tensor<4xf32>
  %8 = arith.addf %4, %7 : tensor<4xf32>
  tt.store %p, %8 : tensor<4x!tt.ptr<f32>>
  tt.return
}
