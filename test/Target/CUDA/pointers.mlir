// RUN: mytriton-translate --emit-cuda %s | FileCheck %s
// RUN: mytriton-translate --emit-cuda %s > %t.cu
// RUN: %if nvcc %{ %cuda_toolkit/bin/nvcc -arch=sm_90 -c -Werror all-warnings %t.cu -o %t.o %}

// Pointer values: addptr folds into indexing (chains nest as (p + a)[b]),
// a selected pointer is declared const unless stored through; scalar loads
// and stores with a scalar mask (a masked-off load reads other, or 0).
// CHECK: // Launch: blockDim (4, 1, 1), gridDim (ceil(g0 / 1) * g1, g2, 1); the last two parameters are g0 and g1.
// CHECK-LABEL: extern "C" __global__ void __launch_bounds__(4) pointer_select(
// CHECK-SAME: const float* [[ARG0:arg[0-9]+]], const float* [[ARG1:arg[0-9]+]], float* [[ARG2:arg[0-9]+]], int [[ARG3:arg[0-9]+]], const int num_programs_0, const int num_programs_1) {
// CHECK-NEXT: const int [[V0:v[0-9]+]] = (int)threadIdx.x;
// CHECK-NEXT: const bool [[V2:v[0-9]+]] = [[V0]] < [[ARG3]];
// CHECK-NEXT: const float* const [[V6:v[0-9]+]] = [[V2]] ? ([[ARG0]] + [[V0]]) : [[ARG1]];
// CHECK-NEXT: const float [[V7:v[0-9]+]] = [[V6]][0];
// CHECK-NEXT: const bool [[V8:v[0-9]+]] = [[ARG3]] > [[ARG3]];
// CHECK-NEXT: const float [[V9:v[0-9]+]] = [[V8]] ? [[ARG1]][0] : 2.0f;
// CHECK-NEXT: const float [[V10:v[0-9]+]] = [[V8]] ? [[ARG1]][0] : 0.0f;
// CHECK-NEXT: const float [[V11:v[0-9]+]] = [[V9]] + [[V10]];
// CHECK-NEXT: if (threadIdx.x == 0u && [[V8]]) {
// CHECK-NEXT: [[ARG2]][0] = [[V11]];
// CHECK-NEXT: }
// CHECK-NEXT: float* const [[V15:v[0-9]+]] = [[V2]] ? (([[ARG2]] + [[V0]]) + [[V0]]) : ([[ARG2]] + [[V0]]);
// CHECK-NEXT: [[V15]][0] = [[V7]];
// CHECK-NEXT: }
tt.func @pointer_select(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n: i32) attributes {block_size = 4 : i32} {
  %lanes = tt.make_range {start = 0 : i32, end = 4 : i32} : tensor<4xi32>
  %nv = tt.splat %n : i32 -> tensor<4xi32>
  %c = arith.cmpi slt, %lanes, %nv : tensor<4xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %ys = tt.splat %y : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %lanes : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  %p = arith.select %c, %xp, %ys : tensor<4xi1>, tensor<4x!tt.ptr<f32>>
  %v = tt.load %p : tensor<4x!tt.ptr<f32>>
  %m = arith.cmpi sgt, %n, %n : i32
  %z = arith.constant 2.0 : f32
  %s = tt.load %y, %m, %z : !tt.ptr<f32>
  %sm = tt.load %y, %m : !tt.ptr<f32>
  %t = arith.addf %s, %sm : f32
  tt.store %out, %t, %m : !tt.ptr<f32>
  %os = tt.splat %out : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %q = tt.addptr %os, %lanes : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  %q2 = tt.addptr %q, %lanes : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  %w = arith.select %c, %q2, %q : tensor<4xi1>, tensor<4x!tt.ptr<f32>>
  tt.store %w, %v : tensor<4x!tt.ptr<f32>>
  tt.return
}
