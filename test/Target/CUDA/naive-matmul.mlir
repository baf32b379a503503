// Golden CUDA for the seed's naive matmul (K=3 unrolled, BLOCK=4) as
// tt-optimize leaves it: scalar loads of A are uniform (every thread loads
// the same element), B's row slices are masked, the store is masked.
// No reductions, so both reduction forms print the same code.
// RUN: mytriton-translate --emit-cuda %s | FileCheck %s
// RUN: mytriton-translate --emit-cuda --cuda-reduction=shared-tree %s | FileCheck %s

// The seed's naive matmul kernel.
// CHECK: // Launch: blockDim (4, 1, 1), gridDim (ceil(g0 / 1) * g1, g2, 1); the last two parameters are g0 and g1.
// CHECK-LABEL: extern "C" __global__ void __launch_bounds__(4) naive_matmul_kernel(
// CHECK-SAME: const float* [[ARG0:arg[0-9]+]], const float* [[ARG1:arg[0-9]+]], float* [[ARG2:arg[0-9]+]], int [[ARG3:arg[0-9]+]], const int num_programs_0, const int num_programs_1) {
// B's loads depend on program id 1 only: programs along axis 0 share them,
// so neighbouring blocks follow axis 0 (GridOrder.h).
// CHECK-NEXT: const int [[V0:v[0-9]+]] = (int)(blockIdx.x % (unsigned)num_programs_0);
// CHECK-NEXT: const int [[V1:v[0-9]+]] = (int)(blockIdx.x / (unsigned)num_programs_0);
// CHECK-NEXT: const int [[V2:v[0-9]+]] = (int)((unsigned)[[V1]] * (unsigned)4);
// CHECK-NEXT: const int [[V3:v[0-9]+]] = (int)threadIdx.x;
// CHECK-NEXT: const int [[V5:v[0-9]+]] = (int)((unsigned)[[V2]] + (unsigned)[[V3]]);
// CHECK-NEXT: const bool [[V7:v[0-9]+]] = [[V5]] < [[ARG3]];
// CHECK-NEXT: const int [[V8:v[0-9]+]] = (int)((unsigned)[[V0]] * (unsigned)3);
// CHECK-NEXT: const float [[V10:v[0-9]+]] = [[ARG0]]{{\[}}[[V8]]];
// CHECK-NEXT: const float [[V13:v[0-9]+]] = [[V7]] ? [[ARG1]]{{\[}}[[V5]]] : 0.0f;
// CHECK-NEXT: const float [[V15:v[0-9]+]] = [[V10]] * [[V13]];
// CHECK-NEXT: const float [[V16:v[0-9]+]] = [[V15]] + 0.0f;
// CHECK-NEXT: const int [[V17:v[0-9]+]] = (int)((unsigned)[[V8]] + (unsigned)1);
// CHECK-NEXT: const float [[V19:v[0-9]+]] = [[ARG0]]{{\[}}[[V17]]];
// CHECK-NEXT: const int [[V20:v[0-9]+]] = (int)((unsigned)[[ARG3]] + (unsigned)[[V5]]);
// CHECK-NEXT: const float [[V22:v[0-9]+]] = [[V7]] ? [[ARG1]]{{\[}}[[V20]]] : 0.0f;
// CHECK-NEXT: const float [[V24:v[0-9]+]] = [[V19]] * [[V22]];
// CHECK-NEXT: const float [[V25:v[0-9]+]] = [[V16]] + [[V24]];
// CHECK-NEXT: const int [[V26:v[0-9]+]] = (int)((unsigned)[[V8]] + (unsigned)2);
// CHECK-NEXT: const float [[V28:v[0-9]+]] = [[ARG0]]{{\[}}[[V26]]];
// CHECK-NEXT: const int [[V29:v[0-9]+]] = (int)((unsigned)[[ARG3]] * (unsigned)2);
// CHECK-NEXT: const int [[V31:v[0-9]+]] = (int)((unsigned)[[V29]] + (unsigned)[[V5]]);
// CHECK-NEXT: const float [[V33:v[0-9]+]] = [[V7]] ? [[ARG1]]{{\[}}[[V31]]] : 0.0f;
// CHECK-NEXT: const float [[V35:v[0-9]+]] = [[V28]] * [[V33]];
// CHECK-NEXT: const float [[V36:v[0-9]+]] = [[V25]] + [[V35]];
// CHECK-NEXT: const int [[V37:v[0-9]+]] = (int)((unsigned)[[V0]] * (unsigned)[[ARG3]]);
// CHECK-NEXT: const int [[V39:v[0-9]+]] = (int)((unsigned)[[V37]] + (unsigned)[[V5]]);
// CHECK-NEXT: if ([[V7]]) {
// CHECK-NEXT: [[ARG2]]{{\[}}[[V39]]] = [[V36]];
// CHECK-NEXT: }
// CHECK-NEXT: }
tt.func @naive_matmul_kernel(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: !tt.ptr<f32>, %arg3: i32) attributes {block_size = 4 : i32} {
  %cst = arith.constant dense<0.000000e+00> : tensor<4xf32>
  %c2_i32 = arith.constant 2 : i32
  %c1_i32 = arith.constant 1 : i32
  %c3_i32 = arith.constant 3 : i32
  %c4_i32 = arith.constant 4 : i32
  %0 = tt.get_program_id 0 : i32
  %1 = tt.get_program_id 1 : i32
  %2 = arith.muli %1, %c4_i32 : i32
  %3 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
  %4 = tt.splat %2 : i32 -> tensor<4xi32>
  %5 = arith.addi %4, %3 : tensor<4xi32>
  %6 = tt.splat %arg3 : i32 -> tensor<4xi32>
  %7 = arith.cmpi slt, %5, %6 : tensor<4xi32>
  %8 = arith.muli %0, %c3_i32 : i32
  %9 = tt.addptr %arg0, %8 : !tt.ptr<f32>, i32
  %10 = tt.load %9 : !tt.ptr<f32>
  %11 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %12 = tt.addptr %11, %5 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  %13 = tt.load %12, %7, %cst : tensor<4x!tt.ptr<f32>>
  %14 = tt.splat %10 : f32 -> tensor<4xf32>
  %15 = arith.mulf %14, %13 : tensor<4xf32>
  %16 = arith.addf %15, %cst : tensor<4xf32>
  %17 = arith.addi %8, %c1_i32 : i32
  %18 = tt.addptr %arg0, %17 : !tt.ptr<f32>, i32
  %19 = tt.load %18 : !tt.ptr<f32>
  %20 = arith.addi %6, %5 : tensor<4xi32>
  %21 = tt.addptr %11, %20 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  %22 = tt.load %21, %7, %cst : tensor<4x!tt.ptr<f32>>
  %23 = tt.splat %19 : f32 -> tensor<4xf32>
  %24 = arith.mulf %23, %22 : tensor<4xf32>
  %25 = arith.addf %16, %24 : tensor<4xf32>
  %26 = arith.addi %8, %c2_i32 : i32
  %27 = tt.addptr %arg0, %26 : !tt.ptr<f32>, i32
  %28 = tt.load %27 : !tt.ptr<f32>
  %29 = arith.muli %arg3, %c2_i32 : i32
  %30 = tt.splat %29 : i32 -> tensor<4xi32>
  %31 = arith.addi %30, %5 : tensor<4xi32>
  %32 = tt.addptr %11, %31 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  %33 = tt.load %32, %7, %cst : tensor<4x!tt.ptr<f32>>
  %34 = tt.splat %28 : f32 -> tensor<4xf32>
  %35 = arith.mulf %34, %33 : tensor<4xf32>
  %36 = arith.addf %25, %35 : tensor<4xf32>
  %37 = arith.muli %0, %arg3 : i32
  %38 = tt.splat %37 : i32 -> tensor<4xi32>
  %39 = arith.addi %38, %5 : tensor<4xi32>
  %40 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %41 = tt.addptr %40, %39 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.store %41, %36, %7 : tensor<4x!tt.ptr<f32>>
  tt.return
}
