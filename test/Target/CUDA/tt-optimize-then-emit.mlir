// The whole route from traced tt to CUDA: tt-optimize, then --emit-cuda.
// The softmax is written as a frontend traces it (an all-true mask and'ed in,
// source names on the arguments); tt-optimize folds the mask, and with
// --mlir-print-debuginfo the argument names reach the CUDA signature.
// RUN: mytriton-opt --tt-optimize --mlir-print-debuginfo %s | mytriton-translate --emit-cuda | FileCheck %s --check-prefixes=CHECK,WARP
// RUN: mytriton-opt --tt-optimize --mlir-print-debuginfo %s | mytriton-translate --emit-cuda --cuda-reduction=shared-tree | FileCheck %s --check-prefixes=CHECK,TREE
// Without locations the arguments are named after the IR (%arg0 -> arg0).
// RUN: mytriton-opt --tt-optimize %s | mytriton-translate --emit-cuda | FileCheck %s --check-prefix=NOLOC
// NOLOC: softmax_kernel(const float* arg0, float* arg1, int arg2, const int num_programs_0, const int num_programs_1)

// CHECK: // Launch: blockDim (128, 1, 1), gridDim (ceil(g0 / 1) * g1, g2, 1); the last two parameters are g0 and g1.
// CHECK-LABEL: extern "C" __global__ void __launch_bounds__(128) softmax_kernel(
// CHECK-SAME: const float* x, float* out, int n_cols, const int num_programs_0, const int num_programs_1) {
// WARP-NEXT: __shared__ float [[V10:v[0-9]+]]_warp_totals[4];
// WARP-NEXT: __shared__ float [[V14:v[0-9]+]]_warp_totals[4];
// TREE-NEXT: __shared__ float [[V10:v[0-9]+]]_smem[128];
// TREE-NEXT: __shared__ float [[V14:v[0-9]+]]_smem[128];
// CHECK-NEXT: const int [[V0:v[0-9]+]] = (int)((unsigned)num_programs_1 == 1u ? blockIdx.x : blockIdx.x / (unsigned)num_programs_1);
// CHECK-NEXT: const int [[V1:v[0-9]+]] = (int)threadIdx.x;
// CHECK-NEXT: const int [[V2:v[0-9]+]] = (int)((unsigned)[[V0]] * (unsigned)n_cols);
// CHECK-NEXT: const int [[V4:v[0-9]+]] = (int)((unsigned)[[V2]] + (unsigned)[[V1]]);
// CHECK-NEXT: const bool [[V6:v[0-9]+]] = [[V1]] < n_cols;
// CHECK-NEXT: const float [[V9:v[0-9]+]] = [[V6]] ? x{{\[}}[[V4]]] : (__uint_as_float(0xff800000u) /* -inf */);
// CHECK-NEXT: // [[V10]] = max over the block's 128 threads
// WARP-NEXT: float [[V10]]_acc = [[V9]];
// WARP-NEXT: for (int [[V10]]_offset = 16; [[V10]]_offset > 0; [[V10]]_offset >>= 1) {
// WARP-NEXT: const float [[V10]]_other = __shfl_xor_sync(0xffffffffu, [[V10]]_acc, [[V10]]_offset);
// WARP-NEXT: [[V10]]_acc = fmaxf([[V10]]_acc, [[V10]]_other);
// WARP-NEXT: }
// WARP-NEXT: if (threadIdx.x % 32u == 0u) {
// WARP-NEXT: [[V10]]_warp_totals[threadIdx.x / 32u] = [[V10]]_acc;
// TREE-NEXT: [[V10]]_smem[threadIdx.x] = [[V9]];
// TREE-NEXT: __syncthreads();
// TREE-NEXT: for (unsigned [[V10]]_stride = 64u; [[V10]]_stride > 0u; [[V10]]_stride >>= 1) {
// TREE-NEXT: if (threadIdx.x < [[V10]]_stride) {
// TREE-NEXT: [[V10]]_smem[threadIdx.x] = fmaxf([[V10]]_smem[threadIdx.x], [[V10]]_smem[threadIdx.x + [[V10]]_stride]);
// CHECK-NEXT: }
// CHECK-NEXT: __syncthreads();
// WARP-NEXT: [[V10]]_acc = [[V10]]_warp_totals[threadIdx.x % 4u];
// WARP-NEXT: for (int [[V10]]_offset_1 = 2; [[V10]]_offset_1 > 0; [[V10]]_offset_1 >>= 1) {
// WARP-NEXT: const float [[V10]]_other_1 = __shfl_xor_sync(0xffffffffu, [[V10]]_acc, [[V10]]_offset_1);
// WARP-NEXT: [[V10]]_acc = fmaxf([[V10]]_acc, [[V10]]_other_1);
// CHECK-NEXT: }
// WARP-NEXT: const float [[V10]] = [[V10]]_acc;
// TREE-NEXT: const float [[V10]] = [[V10]]_smem[0];
// CHECK-NEXT: const float [[V12:v[0-9]+]] = [[V9]] - [[V10]];
// CHECK-NEXT: const float [[V13:v[0-9]+]] = expf([[V12]]);
// CHECK-NEXT: // [[V14]] = sum over the block's 128 threads
// WARP-NEXT: float [[V14]]_acc = [[V13]];
// WARP-NEXT: for (int [[V14]]_offset = 16; [[V14]]_offset > 0; [[V14]]_offset >>= 1) {
// WARP-NEXT: const float [[V14]]_other = __shfl_xor_sync(0xffffffffu, [[V14]]_acc, [[V14]]_offset);
// WARP-NEXT: [[V14]]_acc += [[V14]]_other;
// WARP-NEXT: }
// WARP-NEXT: if (threadIdx.x % 32u == 0u) {
// WARP-NEXT: [[V14]]_warp_totals[threadIdx.x / 32u] = [[V14]]_acc;
// TREE-NEXT: [[V14]]_smem[threadIdx.x] = [[V13]];
// TREE-NEXT: __syncthreads();
// TREE-NEXT: for (unsigned [[V14]]_stride = 64u; [[V14]]_stride > 0u; [[V14]]_stride >>= 1) {
// TREE-NEXT: if (threadIdx.x < [[V14]]_stride) {
// TREE-NEXT: [[V14]]_smem[threadIdx.x] += [[V14]]_smem[threadIdx.x + [[V14]]_stride];
// CHECK-NEXT: }
// CHECK-NEXT: __syncthreads();
// WARP-NEXT: [[V14]]_acc = [[V14]]_warp_totals[threadIdx.x % 4u];
// WARP-NEXT: for (int [[V14]]_offset_1 = 2; [[V14]]_offset_1 > 0; [[V14]]_offset_1 >>= 1) {
// WARP-NEXT: const float [[V14]]_other_1 = __shfl_xor_sync(0xffffffffu, [[V14]]_acc, [[V14]]_offset_1);
// WARP-NEXT: [[V14]]_acc += [[V14]]_other_1;
// CHECK-NEXT: }
// WARP-NEXT: const float [[V14]] = [[V14]]_acc;
// TREE-NEXT: const float [[V14]] = [[V14]]_smem[0];
// CHECK-NEXT: const float [[V16:v[0-9]+]] = [[V13]] / [[V14]];
// CHECK-NEXT: if ([[V6]]) {
// CHECK-NEXT: out{{\[}}[[V4]]] = [[V16]];
// CHECK-NEXT: }
// CHECK-NEXT: }
tt.func @softmax_kernel(%x: !tt.ptr<f32> loc("x"), %out: !tt.ptr<f32> loc("out"), %n_cols: i32 loc("n_cols")) attributes {block_size = 128 : i32} {
  %row = tt.get_program_id 0 : i32
  %cols = tt.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %start = arith.muli %row, %n_cols : i32
  %start_v = tt.splat %start : i32 -> tensor<128xi32>
  %offsets = arith.addi %start_v, %cols : tensor<128xi32>
  %n_v = tt.splat %n_cols : i32 -> tensor<128xi32>
  %mask = arith.cmpi slt, %cols, %n_v : tensor<128xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %ptrs = tt.addptr %xs, %offsets : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %ninf = arith.constant 0xFF800000 : f32
  %other = tt.splat %ninf : f32 -> tensor<128xf32>
  %values = tt.load %ptrs, %mask, %other : tensor<128x!tt.ptr<f32>>
  %row_max = tt.reduce max %values : tensor<128xf32> -> f32
  %max_v = tt.splat %row_max : f32 -> tensor<128xf32>
  %shifted = arith.subf %values, %max_v : tensor<128xf32>
  %num = math.exp %shifted : tensor<128xf32>
  %den = tt.reduce sum %num : tensor<128xf32> -> f32
  %den_v = tt.splat %den : f32 -> tensor<128xf32>
  %probs = arith.divf %num, %den_v : tensor<128xf32>
  %os = tt.splat %out : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %optrs = tt.addptr %os, %offsets : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %true = arith.constant true
  %all = tt.splat %true : i1 -> tensor<128xi1>
  %smask = arith.andi %mask, %all : tensor<128xi1>
  tt.store %optrs, %probs, %smask : tensor<128x!tt.ptr<f32>>
  tt.return
}
