// Golden CUDA for the seed's reduction kernels, as tt-optimize leaves them
// (inputs: mytriton-opt --tt-optimize test/Dialect/TT/kernels/<name>.mlir),
// in both reduction forms: CHECK lines are common, WARP lines are the
// default warp-shuffle form, TREE lines the seed's shared-memory tree.
// RUN: mytriton-translate --emit-cuda %s | FileCheck %s --check-prefixes=CHECK,WARP
// RUN: mytriton-translate --emit-cuda --cuda-reduction=warp-shuffle %s | FileCheck %s --check-prefixes=CHECK,WARP
// RUN: mytriton-translate --emit-cuda --cuda-reduction=shared-tree %s | FileCheck %s --check-prefixes=CHECK,TREE

// The seed's row sum kernel.
// CHECK: // Launch: blockDim (8, 1, 1), gridDim (ceil(g0 / 1) * g1, g2, 1); the last two parameters are g0 and g1.
// CHECK-LABEL: extern "C" __global__ void __launch_bounds__(8) row_sum_kernel(
// CHECK-SAME: const float* [[ARG0:arg[0-9]+]], float* [[ARG1:arg[0-9]+]], int [[ARG2:arg[0-9]+]], const int num_programs_0, const int num_programs_1) {
// TREE-NEXT: __shared__ float [[V10:v[0-9]+]]_smem[8];
// CHECK-NEXT: const int [[V0:v[0-9]+]] = (int)((unsigned)num_programs_1 == 1u ? blockIdx.x : blockIdx.x / (unsigned)num_programs_1);
// CHECK-NEXT: const int [[V1:v[0-9]+]] = (int)threadIdx.x;
// CHECK-NEXT: const int [[V2:v[0-9]+]] = (int)((unsigned)[[V0]] * (unsigned)[[ARG2]]);
// CHECK-NEXT: const int [[V4:v[0-9]+]] = (int)((unsigned)[[V2]] + (unsigned)[[V1]]);
// CHECK-NEXT: const bool [[V6:v[0-9]+]] = [[V1]] < [[ARG2]];
// CHECK-NEXT: const float [[V9:v[0-9]+]] = [[V6]] ? [[ARG0]]{{\[}}[[V4]]] : 0.0f;
// WARP-NEXT: // [[V10:v[0-9]+]] = sum over the block's 8 threads
// WARP-NEXT: float [[V10]]_acc = [[V9]];
// WARP-NEXT: for (int [[V10]]_offset = 4; [[V10]]_offset > 0; [[V10]]_offset >>= 1) {
// WARP-NEXT: const float [[V10]]_other = __shfl_xor_sync(0x000000ffu, [[V10]]_acc, [[V10]]_offset);
// WARP-NEXT: [[V10]]_acc += [[V10]]_other;
// TREE-NEXT: // [[V10]] = sum over the block's 8 threads
// TREE-NEXT: [[V10]]_smem[threadIdx.x] = [[V9]];
// TREE-NEXT: __syncthreads();
// TREE-NEXT: for (unsigned [[V10]]_stride = 4u; [[V10]]_stride > 0u; [[V10]]_stride >>= 1) {
// TREE-NEXT: if (threadIdx.x < [[V10]]_stride) {
// TREE-NEXT: [[V10]]_smem[threadIdx.x] += [[V10]]_smem[threadIdx.x + [[V10]]_stride];
// CHECK-NEXT: }
// WARP-NEXT: const float [[V10]] = [[V10]]_acc;
// TREE-NEXT: __syncthreads();
// TREE-NEXT: }
// TREE-NEXT: const float [[V10]] = [[V10]]_smem[0];
// CHECK-NEXT: const bool [[V12:v[0-9]+]] = [[V1]] < 1;
// CHECK-NEXT: if ([[V12]]) {
// CHECK-NEXT: [[ARG1]]{{\[}}[[V0]]] = [[V10]];
// CHECK-NEXT: }
// CHECK-NEXT: }
tt.func @row_sum_kernel(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: i32) attributes {block_size = 8 : i32} {
  %cst = arith.constant dense<1> : tensor<8xi32>
  %cst_0 = arith.constant dense<0.000000e+00> : tensor<8xf32>
  %0 = tt.get_program_id 0 : i32
  %1 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
  %2 = arith.muli %0, %arg2 : i32
  %3 = tt.splat %2 : i32 -> tensor<8xi32>
  %4 = arith.addi %3, %1 : tensor<8xi32>
  %5 = tt.splat %arg2 : i32 -> tensor<8xi32>
  %6 = arith.cmpi slt, %1, %5 : tensor<8xi32>
  %7 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %8 = tt.addptr %7, %4 : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  %9 = tt.load %8, %6, %cst_0 : tensor<8x!tt.ptr<f32>>
  %10 = tt.reduce sum %9 : tensor<8xf32> -> f32
  %11 = tt.addptr %arg1, %0 : !tt.ptr<f32>, i32
  %12 = arith.cmpi slt, %1, %cst : tensor<8xi32>
  %13 = tt.splat %11 : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %14 = tt.splat %10 : f32 -> tensor<8xf32>
  tt.store %13, %14, %12 : tensor<8x!tt.ptr<f32>>
  tt.return
}

// The seed's row max kernel.
// CHECK: // Launch: blockDim (8, 1, 1), gridDim (ceil(g0 / 1) * g1, g2, 1); the last two parameters are g0 and g1.
// CHECK-LABEL: extern "C" __global__ void __launch_bounds__(8) row_max_kernel(
// CHECK-SAME: const float* [[ARG0:arg[0-9]+]], float* [[ARG1:arg[0-9]+]], int [[ARG2:arg[0-9]+]], const int num_programs_0, const int num_programs_1) {
// TREE-NEXT: __shared__ float [[V10:v[0-9]+]]_smem[8];
// CHECK-NEXT: const int [[V0:v[0-9]+]] = (int)((unsigned)num_programs_1 == 1u ? blockIdx.x : blockIdx.x / (unsigned)num_programs_1);
// CHECK-NEXT: const int [[V1:v[0-9]+]] = (int)threadIdx.x;
// CHECK-NEXT: const int [[V2:v[0-9]+]] = (int)((unsigned)[[V0]] * (unsigned)[[ARG2]]);
// CHECK-NEXT: const int [[V4:v[0-9]+]] = (int)((unsigned)[[V2]] + (unsigned)[[V1]]);
// CHECK-NEXT: const bool [[V6:v[0-9]+]] = [[V1]] < [[ARG2]];
// CHECK-NEXT: const float [[V9:v[0-9]+]] = [[V6]] ? [[ARG0]]{{\[}}[[V4]]] : (__uint_as_float(0xff800000u) /* -inf */);
// WARP-NEXT: // [[V10:v[0-9]+]] = max over the block's 8 threads
// WARP-NEXT: float [[V10]]_acc = [[V9]];
// WARP-NEXT: for (int [[V10]]_offset = 4; [[V10]]_offset > 0; [[V10]]_offset >>= 1) {
// WARP-NEXT: const float [[V10]]_other = __shfl_xor_sync(0x000000ffu, [[V10]]_acc, [[V10]]_offset);
// WARP-NEXT: [[V10]]_acc = fmaxf([[V10]]_acc, [[V10]]_other);
// TREE-NEXT: // [[V10]] = max over the block's 8 threads
// TREE-NEXT: [[V10]]_smem[threadIdx.x] = [[V9]];
// TREE-NEXT: __syncthreads();
// TREE-NEXT: for (unsigned [[V10]]_stride = 4u; [[V10]]_stride > 0u; [[V10]]_stride >>= 1) {
// TREE-NEXT: if (threadIdx.x < [[V10]]_stride) {
// TREE-NEXT: [[V10]]_smem[threadIdx.x] = fmaxf([[V10]]_smem[threadIdx.x], [[V10]]_smem[threadIdx.x + [[V10]]_stride]);
// CHECK-NEXT: }
// WARP-NEXT: const float [[V10]] = [[V10]]_acc;
// TREE-NEXT: __syncthreads();
// TREE-NEXT: }
// TREE-NEXT: const float [[V10]] = [[V10]]_smem[0];
// CHECK-NEXT: const bool [[V12:v[0-9]+]] = [[V1]] < 1;
// CHECK-NEXT: if ([[V12]]) {
// CHECK-NEXT: [[ARG1]]{{\[}}[[V0]]] = [[V10]];
// CHECK-NEXT: }
// CHECK-NEXT: }
tt.func @row_max_kernel(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: i32) attributes {block_size = 8 : i32} {
  %cst = arith.constant dense<1> : tensor<8xi32>
  %cst_0 = arith.constant dense<0xFF800000> : tensor<8xf32>
  %0 = tt.get_program_id 0 : i32
  %1 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
  %2 = arith.muli %0, %arg2 : i32
  %3 = tt.splat %2 : i32 -> tensor<8xi32>
  %4 = arith.addi %3, %1 : tensor<8xi32>
  %5 = tt.splat %arg2 : i32 -> tensor<8xi32>
  %6 = arith.cmpi slt, %1, %5 : tensor<8xi32>
  %7 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %8 = tt.addptr %7, %4 : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  %9 = tt.load %8, %6, %cst_0 : tensor<8x!tt.ptr<f32>>
  %10 = tt.reduce max %9 : tensor<8xf32> -> f32
  %11 = tt.addptr %arg1, %0 : !tt.ptr<f32>, i32
  %12 = arith.cmpi slt, %1, %cst : tensor<8xi32>
  %13 = tt.splat %11 : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %14 = tt.splat %10 : f32 -> tensor<8xf32>
  tt.store %13, %14, %12 : tensor<8x!tt.ptr<f32>>
  tt.return
}

// The seed's row min kernel.
// CHECK: // Launch: blockDim (8, 1, 1), gridDim (ceil(g0 / 1) * g1, g2, 1); the last two parameters are g0 and g1.
// CHECK-LABEL: extern "C" __global__ void __launch_bounds__(8) row_min_kernel(
// CHECK-SAME: const float* [[ARG0:arg[0-9]+]], float* [[ARG1:arg[0-9]+]], int [[ARG2:arg[0-9]+]], const int num_programs_0, const int num_programs_1) {
// TREE-NEXT: __shared__ float [[V10:v[0-9]+]]_smem[8];
// CHECK-NEXT: const int [[V0:v[0-9]+]] = (int)((unsigned)num_programs_1 == 1u ? blockIdx.x : blockIdx.x / (unsigned)num_programs_1);
// CHECK-NEXT: const int [[V1:v[0-9]+]] = (int)threadIdx.x;
// CHECK-NEXT: const int [[V2:v[0-9]+]] = (int)((unsigned)[[V0]] * (unsigned)[[ARG2]]);
// CHECK-NEXT: const int [[V4:v[0-9]+]] = (int)((unsigned)[[V2]] + (unsigned)[[V1]]);
// CHECK-NEXT: const bool [[V6:v[0-9]+]] = [[V1]] < [[ARG2]];
// CHECK-NEXT: const float [[V9:v[0-9]+]] = [[V6]] ? [[ARG0]]{{\[}}[[V4]]] : (__uint_as_float(0x7f800000u) /* inf */);
// WARP-NEXT: // [[V10:v[0-9]+]] = min over the block's 8 threads
// WARP-NEXT: float [[V10]]_acc = [[V9]];
// WARP-NEXT: for (int [[V10]]_offset = 4; [[V10]]_offset > 0; [[V10]]_offset >>= 1) {
// WARP-NEXT: const float [[V10]]_other = __shfl_xor_sync(0x000000ffu, [[V10]]_acc, [[V10]]_offset);
// WARP-NEXT: [[V10]]_acc = fminf([[V10]]_acc, [[V10]]_other);
// TREE-NEXT: // [[V10]] = min over the block's 8 threads
// TREE-NEXT: [[V10]]_smem[threadIdx.x] = [[V9]];
// TREE-NEXT: __syncthreads();
// TREE-NEXT: for (unsigned [[V10]]_stride = 4u; [[V10]]_stride > 0u; [[V10]]_stride >>= 1) {
// TREE-NEXT: if (threadIdx.x < [[V10]]_stride) {
// TREE-NEXT: [[V10]]_smem[threadIdx.x] = fminf([[V10]]_smem[threadIdx.x], [[V10]]_smem[threadIdx.x + [[V10]]_stride]);
// CHECK-NEXT: }
// WARP-NEXT: const float [[V10]] = [[V10]]_acc;
// TREE-NEXT: __syncthreads();
// TREE-NEXT: }
// TREE-NEXT: const float [[V10]] = [[V10]]_smem[0];
// CHECK-NEXT: const bool [[V12:v[0-9]+]] = [[V1]] < 1;
// CHECK-NEXT: if ([[V12]]) {
// CHECK-NEXT: [[ARG1]]{{\[}}[[V0]]] = [[V10]];
// CHECK-NEXT: }
// CHECK-NEXT: }
tt.func @row_min_kernel(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: i32) attributes {block_size = 8 : i32} {
  %cst = arith.constant dense<1> : tensor<8xi32>
  %cst_0 = arith.constant dense<0x7F800000> : tensor<8xf32>
  %0 = tt.get_program_id 0 : i32
  %1 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
  %2 = arith.muli %0, %arg2 : i32
  %3 = tt.splat %2 : i32 -> tensor<8xi32>
  %4 = arith.addi %3, %1 : tensor<8xi32>
  %5 = tt.splat %arg2 : i32 -> tensor<8xi32>
  %6 = arith.cmpi slt, %1, %5 : tensor<8xi32>
  %7 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %8 = tt.addptr %7, %4 : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  %9 = tt.load %8, %6, %cst_0 : tensor<8x!tt.ptr<f32>>
  %10 = tt.reduce min %9 : tensor<8xf32> -> f32
  %11 = tt.addptr %arg1, %0 : !tt.ptr<f32>, i32
  %12 = arith.cmpi slt, %1, %cst : tensor<8xi32>
  %13 = tt.splat %11 : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %14 = tt.splat %10 : f32 -> tensor<8xf32>
  tt.store %13, %14, %12 : tensor<8x!tt.ptr<f32>>
  tt.return
}

// The seed's softmax kernel.
// CHECK: // Launch: blockDim (8, 1, 1), gridDim (ceil(g0 / 1) * g1, g2, 1); the last two parameters are g0 and g1.
// CHECK-LABEL: extern "C" __global__ void __launch_bounds__(8) softmax_kernel(
// CHECK-SAME: const float* [[ARG0:arg[0-9]+]], float* [[ARG1:arg[0-9]+]], int [[ARG2:arg[0-9]+]], const int num_programs_0, const int num_programs_1) {
// TREE-NEXT: __shared__ float [[V10:v[0-9]+]]_smem[8];
// TREE-NEXT: __shared__ float [[V14:v[0-9]+]]_smem[8];
// CHECK-NEXT: const int [[V0:v[0-9]+]] = (int)((unsigned)num_programs_1 == 1u ? blockIdx.x : blockIdx.x / (unsigned)num_programs_1);
// CHECK-NEXT: const int [[V1:v[0-9]+]] = (int)threadIdx.x;
// CHECK-NEXT: const int [[V2:v[0-9]+]] = (int)((unsigned)[[V0]] * (unsigned)[[ARG2]]);
// CHECK-NEXT: const int [[V4:v[0-9]+]] = (int)((unsigned)[[V2]] + (unsigned)[[V1]]);
// CHECK-NEXT: const bool [[V6:v[0-9]+]] = [[V1]] < [[ARG2]];
// CHECK-NEXT: const float [[V9:v[0-9]+]] = [[V6]] ? [[ARG0]]{{\[}}[[V4]]] : (__uint_as_float(0xff800000u) /* -inf */);
// WARP-NEXT: // [[V10:v[0-9]+]] = max over the block's 8 threads
// WARP-NEXT: float [[V10]]_acc = [[V9]];
// WARP-NEXT: for (int [[V10]]_offset = 4; [[V10]]_offset > 0; [[V10]]_offset >>= 1) {
// WARP-NEXT: const float [[V10]]_other = __shfl_xor_sync(0x000000ffu, [[V10]]_acc, [[V10]]_offset);
// WARP-NEXT: [[V10]]_acc = fmaxf([[V10]]_acc, [[V10]]_other);
// TREE-NEXT: // [[V10]] = max over the block's 8 threads
// TREE-NEXT: [[V10]]_smem[threadIdx.x] = [[V9]];
// TREE-NEXT: __syncthreads();
// TREE-NEXT: for (unsigned [[V10]]_stride = 4u; [[V10]]_stride > 0u; [[V10]]_stride >>= 1) {
// TREE-NEXT: if (threadIdx.x < [[V10]]_stride) {
// TREE-NEXT: [[V10]]_smem[threadIdx.x] = fmaxf([[V10]]_smem[threadIdx.x], [[V10]]_smem[threadIdx.x + [[V10]]_stride]);
// CHECK-NEXT: }
// WARP-NEXT: const float [[V10]] = [[V10]]_acc;
// TREE-NEXT: __syncthreads();
// TREE-NEXT: }
// TREE-NEXT: const float [[V10]] = [[V10]]_smem[0];
// CHECK-NEXT: const float [[V12:v[0-9]+]] = [[V9]] - [[V10]];
// CHECK-NEXT: const float [[V13:v[0-9]+]] = expf([[V12]]);
// WARP-NEXT: // [[V14:v[0-9]+]] = sum over the block's 8 threads
// WARP-NEXT: float [[V14]]_acc = [[V13]];
// WARP-NEXT: for (int [[V14]]_offset = 4; [[V14]]_offset > 0; [[V14]]_offset >>= 1) {
// WARP-NEXT: const float [[V14]]_other = __shfl_xor_sync(0x000000ffu, [[V14]]_acc, [[V14]]_offset);
// WARP-NEXT: [[V14]]_acc += [[V14]]_other;
// TREE-NEXT: // [[V14]] = sum over the block's 8 threads
// TREE-NEXT: [[V14]]_smem[threadIdx.x] = [[V13]];
// TREE-NEXT: __syncthreads();
// TREE-NEXT: for (unsigned [[V14]]_stride = 4u; [[V14]]_stride > 0u; [[V14]]_stride >>= 1) {
// TREE-NEXT: if (threadIdx.x < [[V14]]_stride) {
// TREE-NEXT: [[V14]]_smem[threadIdx.x] += [[V14]]_smem[threadIdx.x + [[V14]]_stride];
// CHECK-NEXT: }
// WARP-NEXT: const float [[V14]] = [[V14]]_acc;
// TREE-NEXT: __syncthreads();
// TREE-NEXT: }
// TREE-NEXT: const float [[V14]] = [[V14]]_smem[0];
// CHECK-NEXT: const float [[V16:v[0-9]+]] = [[V13]] / [[V14]];
// CHECK-NEXT: if ([[V6]]) {
// CHECK-NEXT: [[ARG1]]{{\[}}[[V4]]] = [[V16]];
// CHECK-NEXT: }
// CHECK-NEXT: }
tt.func @softmax_kernel(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: i32) attributes {block_size = 8 : i32} {
  %cst = arith.constant dense<0xFF800000> : tensor<8xf32>
  %0 = tt.get_program_id 0 : i32
  %1 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
  %2 = arith.muli %0, %arg2 : i32
  %3 = tt.splat %2 : i32 -> tensor<8xi32>
  %4 = arith.addi %3, %1 : tensor<8xi32>
  %5 = tt.splat %arg2 : i32 -> tensor<8xi32>
  %6 = arith.cmpi slt, %1, %5 : tensor<8xi32>
  %7 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %8 = tt.addptr %7, %4 : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  %9 = tt.load %8, %6, %cst : tensor<8x!tt.ptr<f32>>
  %10 = tt.reduce max %9 : tensor<8xf32> -> f32
  %11 = tt.splat %10 : f32 -> tensor<8xf32>
  %12 = arith.subf %9, %11 : tensor<8xf32>
  %13 = math.exp %12 : tensor<8xf32>
  %14 = tt.reduce sum %13 : tensor<8xf32> -> f32
  %15 = tt.splat %14 : f32 -> tensor<8xf32>
  %16 = arith.divf %13, %15 : tensor<8xf32>
  %17 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %18 = tt.addptr %17, %4 : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  tt.store %18, %16, %6 : tensor<8x!tt.ptr<f32>>
  tt.return
}

// The seed's long row sum kernel.
// CHECK: // Launch: blockDim (4, 1, 1), gridDim (ceil(g0 / 1) * g1, g2, 1); the last two parameters are g0 and g1.
// CHECK-LABEL: extern "C" __global__ void __launch_bounds__(4) long_row_sum_kernel(
// CHECK-SAME: const float* [[ARG0:arg[0-9]+]], float* [[ARG1:arg[0-9]+]], const int num_programs_0, const int num_programs_1) {
// TREE-NEXT: __shared__ float [[V17:v[0-9]+]]_smem[4];
// CHECK-NEXT: const int [[V0:v[0-9]+]] = (int)((unsigned)num_programs_1 == 1u ? blockIdx.x : blockIdx.x / (unsigned)num_programs_1);
// CHECK-NEXT: const int [[V1:v[0-9]+]] = (int)threadIdx.x;
// CHECK-NEXT: const int [[V2:v[0-9]+]] = (int)((unsigned)[[V0]] * (unsigned)10);
// CHECK-NEXT: const float [[V6:v[0-9]+]] = ([[ARG0]] + [[V2]]){{\[}}[[V1]]];
// CHECK-NEXT: const float [[V7:v[0-9]+]] = [[V6]] + 0.0f;
// CHECK-NEXT: const int [[V8:v[0-9]+]] = (int)((unsigned)[[V1]] + (unsigned)4);
// CHECK-NEXT: const float [[V10:v[0-9]+]] = ([[ARG0]] + [[V2]]){{\[}}[[V8]]];
// CHECK-NEXT: const float [[V11:v[0-9]+]] = [[V7]] + [[V10]];
// CHECK-NEXT: const int [[V12:v[0-9]+]] = (int)((unsigned)[[V1]] + (unsigned)8);
// CHECK-NEXT: const bool [[V13:v[0-9]+]] = [[V12]] < 10;
// CHECK-NEXT: const float [[V15:v[0-9]+]] = [[V13]] ? ([[ARG0]] + [[V2]]){{\[}}[[V12]]] : 0.0f;
// CHECK-NEXT: const float [[V16:v[0-9]+]] = [[V11]] + [[V15]];
// WARP-NEXT: // [[V17:v[0-9]+]] = sum over the block's 4 threads
// WARP-NEXT: float [[V17]]_acc = [[V16]];
// WARP-NEXT: for (int [[V17]]_offset = 2; [[V17]]_offset > 0; [[V17]]_offset >>= 1) {
// WARP-NEXT: const float [[V17]]_other = __shfl_xor_sync(0x0000000fu, [[V17]]_acc, [[V17]]_offset);
// WARP-NEXT: [[V17]]_acc += [[V17]]_other;
// TREE-NEXT: // [[V17]] = sum over the block's 4 threads
// TREE-NEXT: [[V17]]_smem[threadIdx.x] = [[V16]];
// TREE-NEXT: __syncthreads();
// TREE-NEXT: for (unsigned [[V17]]_stride = 2u; [[V17]]_stride > 0u; [[V17]]_stride >>= 1) {
// TREE-NEXT: if (threadIdx.x < [[V17]]_stride) {
// TREE-NEXT: [[V17]]_smem[threadIdx.x] += [[V17]]_smem[threadIdx.x + [[V17]]_stride];
// CHECK-NEXT: }
// WARP-NEXT: const float [[V17]] = [[V17]]_acc;
// TREE-NEXT: __syncthreads();
// TREE-NEXT: }
// TREE-NEXT: const float [[V17]] = [[V17]]_smem[0];
// CHECK-NEXT: const bool [[V18:v[0-9]+]] = [[V1]] < 1;
// CHECK-NEXT: if ([[V18]]) {
// CHECK-NEXT: [[ARG1]]{{\[}}[[V0]]] = [[V17]];
// CHECK-NEXT: }
// CHECK-NEXT: }
tt.func @long_row_sum_kernel(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>) attributes {block_size = 4 : i32} {
  %cst = arith.constant dense<1> : tensor<4xi32>
  %cst_0 = arith.constant dense<8> : tensor<4xi32>
  %cst_1 = arith.constant dense<4> : tensor<4xi32>
  %cst_2 = arith.constant dense<10> : tensor<4xi32>
  %cst_3 = arith.constant dense<0.000000e+00> : tensor<4xf32>
  %c10_i32 = arith.constant 10 : i32
  %0 = tt.get_program_id 0 : i32
  %1 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
  %2 = arith.muli %0, %c10_i32 : i32
  %3 = tt.addptr %arg0, %2 : !tt.ptr<f32>, i32
  %4 = tt.splat %3 : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %5 = tt.addptr %4, %1 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  %6 = tt.load %5 : tensor<4x!tt.ptr<f32>>
  %7 = arith.addf %6, %cst_3 : tensor<4xf32>
  %8 = arith.addi %1, %cst_1 : tensor<4xi32>
  %9 = tt.addptr %4, %8 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  %10 = tt.load %9 : tensor<4x!tt.ptr<f32>>
  %11 = arith.addf %7, %10 : tensor<4xf32>
  %12 = arith.addi %1, %cst_0 : tensor<4xi32>
  %13 = arith.cmpi slt, %12, %cst_2 : tensor<4xi32>
  %14 = tt.addptr %4, %12 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  %15 = tt.load %14, %13, %cst_3 : tensor<4x!tt.ptr<f32>>
  %16 = arith.addf %11, %15 : tensor<4xf32>
  %17 = tt.reduce sum %16 : tensor<4xf32> -> f32
  %18 = arith.cmpi slt, %1, %cst : tensor<4xi32>
  %19 = tt.addptr %arg1, %0 : !tt.ptr<f32>, i32
  %20 = tt.splat %19 : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %21 = tt.splat %17 : f32 -> tensor<4xf32>
  tt.store %20, %21, %18 : tensor<4x!tt.ptr<f32>>
  tt.return
}
