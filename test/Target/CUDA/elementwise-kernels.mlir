// Golden CUDA for the seed's elementwise kernels, as tt-optimize leaves them
// (inputs: mytriton-opt --tt-optimize test/Dialect/TT/kernels/<name>.mlir).
// They have no reductions, so both reduction forms print the same code.
// RUN: mytriton-translate --emit-cuda %s | FileCheck %s
// RUN: mytriton-translate --emit-cuda --cuda-reduction=shared-tree %s | FileCheck %s
// Pointers are `const` where the kernel only loads through them, and
// __restrict__ only on request (in-place calls alias their buffers).
// RUN: mytriton-translate --emit-cuda --cuda-restrict-pointers %s | FileCheck %s --check-prefix=RESTRICT
// RESTRICT: add_kernel(const float* __restrict__ arg0, const float* __restrict__ arg1, float* __restrict__ arg2, int arg3, const int num_programs_0, const int num_programs_1) {

// The seed's vector add kernel.
// CHECK: // Launch: blockDim (256, 1, 1), gridDim (ceil(g0 / 1) * g1, g2, 1); the last two parameters are g0 and g1.
// CHECK-LABEL: extern "C" __global__ void __launch_bounds__(256) add_kernel(
// CHECK-SAME: const float* [[ARG0:arg[0-9]+]], const float* [[ARG1:arg[0-9]+]], float* [[ARG2:arg[0-9]+]], int [[ARG3:arg[0-9]+]], const int num_programs_0, const int num_programs_1) {
// CHECK-NEXT: const int [[V0:v[0-9]+]] = (int)((unsigned)num_programs_1 == 1u ? blockIdx.x : blockIdx.x / (unsigned)num_programs_1);
// CHECK-NEXT: const int [[V1:v[0-9]+]] = (int)((unsigned)[[V0]] * (unsigned)256);
// CHECK-NEXT: const int [[V2:v[0-9]+]] = (int)threadIdx.x;
// CHECK-NEXT: const int [[V4:v[0-9]+]] = (int)((unsigned)[[V1]] + (unsigned)[[V2]]);
// CHECK-NEXT: const bool [[V6:v[0-9]+]] = [[V4]] < [[ARG3]];
// CHECK-NEXT: const float [[V9:v[0-9]+]] = [[V6]] ? [[ARG0]]{{\[}}[[V4]]] : 0.0f;
// CHECK-NEXT: const float [[V12:v[0-9]+]] = [[V6]] ? [[ARG1]]{{\[}}[[V4]]] : 0.0f;
// CHECK-NEXT: const float [[V13:v[0-9]+]] = [[V9]] + [[V12]];
// CHECK-NEXT: if ([[V6]]) {
// CHECK-NEXT: [[ARG2]]{{\[}}[[V4]]] = [[V13]];
// CHECK-NEXT: }
// CHECK-NEXT: }
tt.func @add_kernel(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: !tt.ptr<f32>, %arg3: i32) attributes {block_size = 256 : i32} {
  %c256_i32 = arith.constant 256 : i32
  %0 = tt.get_program_id 0 : i32
  %1 = arith.muli %0, %c256_i32 : i32
  %2 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
  %3 = tt.splat %1 : i32 -> tensor<256xi32>
  %4 = arith.addi %3, %2 : tensor<256xi32>
  %5 = tt.splat %arg3 : i32 -> tensor<256xi32>
  %6 = arith.cmpi slt, %4, %5 : tensor<256xi32>
  %7 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %8 = tt.addptr %7, %4 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  %9 = tt.load %8, %6 : tensor<256x!tt.ptr<f32>>
  %10 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %11 = tt.addptr %10, %4 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  %12 = tt.load %11, %6 : tensor<256x!tt.ptr<f32>>
  %13 = arith.addf %9, %12 : tensor<256xf32>
  %14 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %15 = tt.addptr %14, %4 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  tt.store %15, %13, %6 : tensor<256x!tt.ptr<f32>>
  tt.return
}

// The seed's copy kernel.
// CHECK: // Launch: blockDim (256, 1, 1), gridDim (ceil(g0 / 1) * g1, g2, 1); the last two parameters are g0 and g1.
// CHECK-LABEL: extern "C" __global__ void __launch_bounds__(256) copy_kernel(
// CHECK-SAME: const float* [[ARG0:arg[0-9]+]], float* [[ARG1:arg[0-9]+]], int [[ARG2:arg[0-9]+]], const int num_programs_0, const int num_programs_1) {
// CHECK-NEXT: const int [[V0:v[0-9]+]] = (int)((unsigned)num_programs_1 == 1u ? blockIdx.x : blockIdx.x / (unsigned)num_programs_1);
// CHECK-NEXT: const int [[V1:v[0-9]+]] = (int)((unsigned)[[V0]] * (unsigned)256);
// CHECK-NEXT: const int [[V2:v[0-9]+]] = (int)threadIdx.x;
// CHECK-NEXT: const int [[V4:v[0-9]+]] = (int)((unsigned)[[V1]] + (unsigned)[[V2]]);
// CHECK-NEXT: const bool [[V6:v[0-9]+]] = [[V4]] < [[ARG2]];
// CHECK-NEXT: const float [[V9:v[0-9]+]] = [[V6]] ? [[ARG0]]{{\[}}[[V4]]] : 0.0f;
// CHECK-NEXT: if ([[V6]]) {
// CHECK-NEXT: [[ARG1]]{{\[}}[[V4]]] = [[V9]];
// CHECK-NEXT: }
// CHECK-NEXT: }
tt.func @copy_kernel(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: i32) attributes {block_size = 256 : i32} {
  %cst = arith.constant dense<0.000000e+00> : tensor<256xf32>
  %c256_i32 = arith.constant 256 : i32
  %0 = tt.get_program_id 0 : i32
  %1 = arith.muli %0, %c256_i32 : i32
  %2 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
  %3 = tt.splat %1 : i32 -> tensor<256xi32>
  %4 = arith.addi %3, %2 : tensor<256xi32>
  %5 = tt.splat %arg2 : i32 -> tensor<256xi32>
  %6 = arith.cmpi slt, %4, %5 : tensor<256xi32>
  %7 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %8 = tt.addptr %7, %4 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  %9 = tt.load %8, %6, %cst : tensor<256x!tt.ptr<f32>>
  %10 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %11 = tt.addptr %10, %4 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  tt.store %11, %9, %6 : tensor<256x!tt.ptr<f32>>
  tt.return
}

// The seed's relu kernel.
// CHECK: // Launch: blockDim (256, 1, 1), gridDim (ceil(g0 / 1) * g1, g2, 1); the last two parameters are g0 and g1.
// CHECK-LABEL: extern "C" __global__ void __launch_bounds__(256) relu_kernel(
// CHECK-SAME: const float* [[ARG0:arg[0-9]+]], float* [[ARG1:arg[0-9]+]], int [[ARG2:arg[0-9]+]], const int num_programs_0, const int num_programs_1) {
// CHECK-NEXT: const int [[V0:v[0-9]+]] = (int)((unsigned)num_programs_1 == 1u ? blockIdx.x : blockIdx.x / (unsigned)num_programs_1);
// CHECK-NEXT: const int [[V1:v[0-9]+]] = (int)((unsigned)[[V0]] * (unsigned)256);
// CHECK-NEXT: const int [[V2:v[0-9]+]] = (int)threadIdx.x;
// CHECK-NEXT: const int [[V4:v[0-9]+]] = (int)((unsigned)[[V1]] + (unsigned)[[V2]]);
// CHECK-NEXT: const bool [[V6:v[0-9]+]] = [[V4]] < [[ARG2]];
// CHECK-NEXT: const float [[V9:v[0-9]+]] = [[V6]] ? [[ARG0]]{{\[}}[[V4]]] : 0.0f;
// CHECK-NEXT: const float [[V10:v[0-9]+]] = fmaxf([[V9]], 0.0f);
// CHECK-NEXT: if ([[V6]]) {
// CHECK-NEXT: [[ARG1]]{{\[}}[[V4]]] = [[V10]];
// CHECK-NEXT: }
// CHECK-NEXT: }
tt.func @relu_kernel(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: i32) attributes {block_size = 256 : i32} {
  %cst = arith.constant dense<0.000000e+00> : tensor<256xf32>
  %c256_i32 = arith.constant 256 : i32
  %0 = tt.get_program_id 0 : i32
  %1 = arith.muli %0, %c256_i32 : i32
  %2 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
  %3 = tt.splat %1 : i32 -> tensor<256xi32>
  %4 = arith.addi %3, %2 : tensor<256xi32>
  %5 = tt.splat %arg2 : i32 -> tensor<256xi32>
  %6 = arith.cmpi slt, %4, %5 : tensor<256xi32>
  %7 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %8 = tt.addptr %7, %4 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  %9 = tt.load %8, %6, %cst : tensor<256x!tt.ptr<f32>>
  %10 = arith.maxnumf %9, %cst : tensor<256xf32>
  %11 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %12 = tt.addptr %11, %4 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  tt.store %12, %10, %6 : tensor<256x!tt.ptr<f32>>
  tt.return
}

// The seed's leaky relu kernel.
// CHECK: // Launch: blockDim (256, 1, 1), gridDim (ceil(g0 / 1) * g1, g2, 1); the last two parameters are g0 and g1.
// CHECK-LABEL: extern "C" __global__ void __launch_bounds__(256) leaky_relu_kernel(
// CHECK-SAME: const float* [[ARG0:arg[0-9]+]], float* [[ARG1:arg[0-9]+]], int [[ARG2:arg[0-9]+]], const int num_programs_0, const int num_programs_1) {
// CHECK-NEXT: const int [[V0:v[0-9]+]] = (int)((unsigned)num_programs_1 == 1u ? blockIdx.x : blockIdx.x / (unsigned)num_programs_1);
// CHECK-NEXT: const int [[V1:v[0-9]+]] = (int)((unsigned)[[V0]] * (unsigned)256);
// CHECK-NEXT: const int [[V2:v[0-9]+]] = (int)threadIdx.x;
// CHECK-NEXT: const int [[V4:v[0-9]+]] = (int)((unsigned)[[V1]] + (unsigned)[[V2]]);
// CHECK-NEXT: const bool [[V6:v[0-9]+]] = [[V4]] < [[ARG2]];
// CHECK-NEXT: const float [[V9:v[0-9]+]] = [[V6]] ? [[ARG0]]{{\[}}[[V4]]] : 0.0f;
// CHECK-NEXT: const bool [[V10:v[0-9]+]] = [[V9]] > 0.0f;
// CHECK-NEXT: const float [[V11:v[0-9]+]] = [[V9]] * (0x1.47ae14p-7f /* 0.01 */);
// CHECK-NEXT: const float [[V12:v[0-9]+]] = [[V10]] ? [[V9]] : [[V11]];
// CHECK-NEXT: if ([[V6]]) {
// CHECK-NEXT: [[ARG1]]{{\[}}[[V4]]] = [[V12]];
// CHECK-NEXT: }
// CHECK-NEXT: }
tt.func @leaky_relu_kernel(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: i32) attributes {block_size = 256 : i32} {
  %cst = arith.constant dense<0.00999999977> : tensor<256xf32>
  %cst_0 = arith.constant dense<0.000000e+00> : tensor<256xf32>
  %c256_i32 = arith.constant 256 : i32
  %0 = tt.get_program_id 0 : i32
  %1 = arith.muli %0, %c256_i32 : i32
  %2 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
  %3 = tt.splat %1 : i32 -> tensor<256xi32>
  %4 = arith.addi %3, %2 : tensor<256xi32>
  %5 = tt.splat %arg2 : i32 -> tensor<256xi32>
  %6 = arith.cmpi slt, %4, %5 : tensor<256xi32>
  %7 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %8 = tt.addptr %7, %4 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  %9 = tt.load %8, %6, %cst_0 : tensor<256x!tt.ptr<f32>>
  %10 = arith.cmpf ogt, %9, %cst_0 : tensor<256xf32>
  %11 = arith.mulf %9, %cst : tensor<256xf32>
  %12 = arith.select %10, %9, %11 : tensor<256xi1>, tensor<256xf32>
  %13 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %14 = tt.addptr %13, %4 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  tt.store %14, %12, %6 : tensor<256x!tt.ptr<f32>>
  tt.return
}

// The seed's sigmoid kernel.
// CHECK: // Launch: blockDim (256, 1, 1), gridDim (ceil(g0 / 1) * g1, g2, 1); the last two parameters are g0 and g1.
// CHECK-LABEL: extern "C" __global__ void __launch_bounds__(256) sigmoid_kernel(
// CHECK-SAME: const float* [[ARG0:arg[0-9]+]], float* [[ARG1:arg[0-9]+]], int [[ARG2:arg[0-9]+]], const int num_programs_0, const int num_programs_1) {
// CHECK-NEXT: const int [[V0:v[0-9]+]] = (int)((unsigned)num_programs_1 == 1u ? blockIdx.x : blockIdx.x / (unsigned)num_programs_1);
// CHECK-NEXT: const int [[V1:v[0-9]+]] = (int)((unsigned)[[V0]] * (unsigned)256);
// CHECK-NEXT: const int [[V2:v[0-9]+]] = (int)threadIdx.x;
// CHECK-NEXT: const int [[V4:v[0-9]+]] = (int)((unsigned)[[V1]] + (unsigned)[[V2]]);
// CHECK-NEXT: const bool [[V6:v[0-9]+]] = [[V4]] < [[ARG2]];
// CHECK-NEXT: const float [[V9:v[0-9]+]] = [[V6]] ? [[ARG0]]{{\[}}[[V4]]] : 0.0f;
// CHECK-NEXT: const float [[V10:v[0-9]+]] = -[[V9]];
// CHECK-NEXT: const float [[V11:v[0-9]+]] = expf([[V10]]);
// CHECK-NEXT: const float [[V12:v[0-9]+]] = [[V11]] + 1.0f;
// CHECK-NEXT: const float [[V13:v[0-9]+]] = 1.0f / [[V12]];
// CHECK-NEXT: if ([[V6]]) {
// CHECK-NEXT: [[ARG1]]{{\[}}[[V4]]] = [[V13]];
// CHECK-NEXT: }
// CHECK-NEXT: }
tt.func @sigmoid_kernel(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: i32) attributes {block_size = 256 : i32} {
  %cst = arith.constant dense<1.000000e+00> : tensor<256xf32>
  %cst_0 = arith.constant dense<0.000000e+00> : tensor<256xf32>
  %c256_i32 = arith.constant 256 : i32
  %0 = tt.get_program_id 0 : i32
  %1 = arith.muli %0, %c256_i32 : i32
  %2 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
  %3 = tt.splat %1 : i32 -> tensor<256xi32>
  %4 = arith.addi %3, %2 : tensor<256xi32>
  %5 = tt.splat %arg2 : i32 -> tensor<256xi32>
  %6 = arith.cmpi slt, %4, %5 : tensor<256xi32>
  %7 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %8 = tt.addptr %7, %4 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  %9 = tt.load %8, %6, %cst_0 : tensor<256x!tt.ptr<f32>>
  %10 = arith.negf %9 : tensor<256xf32>
  %11 = math.exp %10 : tensor<256xf32>
  %12 = arith.addf %11, %cst : tensor<256xf32>
  %13 = arith.divf %cst, %12 : tensor<256xf32>
  %14 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %15 = tt.addptr %14, %4 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  tt.store %15, %13, %6 : tensor<256x!tt.ptr<f32>>
  tt.return
}

// The seed's matrix add kernel.
// CHECK: // Launch: blockDim (256, 1, 1), gridDim (ceil(g0 / 1) * g1, g2, 1); the last two parameters are g0 and g1.
// CHECK-LABEL: extern "C" __global__ void __launch_bounds__(256) matrix_add_kernel(
// CHECK-SAME: const float* [[ARG0:arg[0-9]+]], const float* [[ARG1:arg[0-9]+]], float* [[ARG2:arg[0-9]+]], int [[ARG3:arg[0-9]+]], const int num_programs_0, const int num_programs_1) {
// CHECK-NEXT: const int [[V0:v[0-9]+]] = (int)((unsigned)num_programs_1 == 1u ? blockIdx.x : blockIdx.x / (unsigned)num_programs_1);
// CHECK-NEXT: const int [[V1:v[0-9]+]] = (int)((unsigned)num_programs_1 == 1u ? 0u : blockIdx.x % (unsigned)num_programs_1);
// CHECK-NEXT: const int [[V2:v[0-9]+]] = (int)((unsigned)[[V1]] * (unsigned)256);
// CHECK-NEXT: const int [[V3:v[0-9]+]] = (int)threadIdx.x;
// CHECK-NEXT: const int [[V5:v[0-9]+]] = (int)((unsigned)[[V2]] + (unsigned)[[V3]]);
// CHECK-NEXT: const int [[V6:v[0-9]+]] = (int)((unsigned)[[V0]] * (unsigned)[[ARG3]]);
// CHECK-NEXT: const int [[V8:v[0-9]+]] = (int)((unsigned)[[V6]] + (unsigned)[[V5]]);
// CHECK-NEXT: const bool [[V10:v[0-9]+]] = [[V5]] < [[ARG3]];
// CHECK-NEXT: const float [[V13:v[0-9]+]] = [[V10]] ? [[ARG0]]{{\[}}[[V8]]] : 0.0f;
// CHECK-NEXT: const float [[V16:v[0-9]+]] = [[V10]] ? [[ARG1]]{{\[}}[[V8]]] : 0.0f;
// CHECK-NEXT: const float [[V17:v[0-9]+]] = [[V13]] + [[V16]];
// CHECK-NEXT: if ([[V10]]) {
// CHECK-NEXT: [[ARG2]]{{\[}}[[V8]]] = [[V17]];
// CHECK-NEXT: }
// CHECK-NEXT: }
tt.func @matrix_add_kernel(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: !tt.ptr<f32>, %arg3: i32) attributes {block_size = 256 : i32} {
  %cst = arith.constant dense<0.000000e+00> : tensor<256xf32>
  %c256_i32 = arith.constant 256 : i32
  %0 = tt.get_program_id 0 : i32
  %1 = tt.get_program_id 1 : i32
  %2 = arith.muli %1, %c256_i32 : i32
  %3 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
  %4 = tt.splat %2 : i32 -> tensor<256xi32>
  %5 = arith.addi %4, %3 : tensor<256xi32>
  %6 = arith.muli %0, %arg3 : i32
  %7 = tt.splat %6 : i32 -> tensor<256xi32>
  %8 = arith.addi %7, %5 : tensor<256xi32>
  %9 = tt.splat %arg3 : i32 -> tensor<256xi32>
  %10 = arith.cmpi slt, %5, %9 : tensor<256xi32>
  %11 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %12 = tt.addptr %11, %8 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  %13 = tt.load %12, %10, %cst : tensor<256x!tt.ptr<f32>>
  %14 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %15 = tt.addptr %14, %8 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  %16 = tt.load %15, %10, %cst : tensor<256x!tt.ptr<f32>>
  %17 = arith.addf %13, %16 : tensor<256xf32>
  %18 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %19 = tt.addptr %18, %8 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  tt.store %19, %17, %10 : tensor<256x!tt.ptr<f32>>
  tt.return
}
