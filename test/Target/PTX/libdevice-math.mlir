// On gpu/nvvm the libdevice functions tl.extra.libdevice adds become calls
// of libdevice's own (__nv_asinf ..., __nv_asin for f64), which the
// serialization links in; the cubin assembles.
// RUN: mytriton-opt --tt-to-nvvm %s | FileCheck %s
// RUN: mytriton-translate --emit-ptx %s | FileCheck %s --check-prefix=PTX

// CHECK-DAG: llvm.func @__nv_asinf(f32) -> f32
// CHECK-DAG: llvm.func @__nv_acosf(f32) -> f32
// CHECK-DAG: llvm.func @__nv_atanf(f32) -> f32
// CHECK-DAG: llvm.func @__nv_sinhf(f32) -> f32
// CHECK-DAG: llvm.func @__nv_coshf(f32) -> f32
// CHECK-DAG: llvm.func @__nv_asin(f64) -> f64
// CHECK-NOT: math.
// PTX: .visible .entry inverse_and_hyperbolic(
// PTX-NOT: .extern .func __nv_
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
