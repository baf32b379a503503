// The libdevice functions tl.extra.libdevice adds (asin, acos, atan, sinh,
// cosh) print as CUDA's math functions: the float ones per register, the
// double one without the f.
// RUN: mytriton-translate --emit-cuda %s | FileCheck %s

// CHECK-LABEL: inverse_and_hyperbolic(
// CHECK-SAME:      double [[D:arg[0-9]+]]
// CHECK:       const float [[A:v[0-9]+(_[0-9]+)?]] = asinf(
// CHECK:       const float [[B:v[0-9]+(_[0-9]+)?]] = acosf([[A]]);
// CHECK:       const float [[C:v[0-9]+(_[0-9]+)?]] = atanf([[B]]);
// CHECK:       const float [[S:v[0-9]+(_[0-9]+)?]] = sinhf([[C]]);
// CHECK:       coshf([[S]]);
// CHECK:       = asin([[D]]);
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
