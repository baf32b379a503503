// Block reductions at the edges of the width range (1, 2, one warp, two
// warps, 1024 threads), f32 and i32, several per kernel, in both forms:
// CHECK lines are common, WARP the warp-shuffle form, TREE the shared tree.
// Each reduction has its own shared buffer, written once, so no barrier is
// needed between consecutive reductions.
// RUN: mytriton-translate --emit-cuda %s | FileCheck %s --check-prefixes=CHECK,WARP
// RUN: mytriton-translate --emit-cuda --cuda-reduction=shared-tree %s | FileCheck %s --check-prefixes=CHECK,TREE

// Width 1: nothing to combine; the shared tree still round-trips through
// shared memory, the warp form is a copy.
// CHECK: // Launch: blockDim (1, 1, 1), gridDim (ceil(g0 / 1) * g1, g2, 1); the last two parameters are g0 and g1.
// CHECK-LABEL: extern "C" __global__ void __launch_bounds__(1) sum_w1(
// CHECK-SAME: const float* [[ARG0:arg[0-9]+]], float* [[ARG1:arg[0-9]+]], const int num_programs_0, const int num_programs_1) {
// TREE-NEXT: __shared__ float [[V9:v[0-9]+]]_smem[1];
// CHECK-NEXT: const int [[V0:v[0-9]+]] = (int)((unsigned)num_programs_1 == 1u ? blockIdx.x : blockIdx.x / (unsigned)num_programs_1);
// CHECK-NEXT: const int [[V1:v[0-9]+]] = (int)((unsigned)[[V0]] * (unsigned)1);
// CHECK-NEXT: const int [[V2:v[0-9]+]] = (int)threadIdx.x;
// CHECK-NEXT: const int [[V4:v[0-9]+]] = (int)((unsigned)[[V1]] + (unsigned)[[V2]]);
// CHECK-NEXT: const float [[V7:v[0-9]+]] = [[ARG0]]{{\[}}[[V4]]];
// CHECK-NEXT: const int [[V8:v[0-9]+]] = (int)((unsigned)[[V0]] * (unsigned)1);
// WARP-NEXT: // [[V9:v[0-9]+]] = sum over the block's 1 thread
// WARP-NEXT: float [[V9]]_acc = [[V7]];
// WARP-NEXT: const float [[V9]] = [[V9]]_acc;
// TREE-NEXT: // [[V9]] = sum over the block's 1 thread
// TREE-NEXT: [[V9]]_smem[threadIdx.x] = [[V7]];
// TREE-NEXT: __syncthreads();
// TREE-NEXT: for (unsigned [[V9]]_stride = 0u; [[V9]]_stride > 0u; [[V9]]_stride >>= 1) {
// TREE-NEXT: if (threadIdx.x < [[V9]]_stride) {
// TREE-NEXT: [[V9]]_smem[threadIdx.x] += [[V9]]_smem[threadIdx.x + [[V9]]_stride];
// TREE-NEXT: }
// TREE-NEXT: __syncthreads();
// TREE-NEXT: }
// TREE-NEXT: const float [[V9]] = [[V9]]_smem[0];
// CHECK-NEXT: const int [[V10:v[0-9]+]] = (int)((unsigned)[[V8]] + (unsigned)0);
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG1]]{{\[}}[[V10]]] = [[V9]];
// CHECK-NEXT: }
// CHECK-NEXT: }
tt.func @sum_w1(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>) attributes {block_size = 1 : i32} {
  %pid = tt.get_program_id 0 : i32
  %w = arith.constant 1 : i32
  %start = arith.muli %pid, %w : i32
  %lanes = tt.make_range {start = 0 : i32, end = 1 : i32} : tensor<1xi32>
  %start_v = tt.splat %start : i32 -> tensor<1xi32>
  %offs = arith.addi %start_v, %lanes : tensor<1xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<1x!tt.ptr<f32>>
  %p = tt.addptr %xs, %offs : tensor<1x!tt.ptr<f32>>, tensor<1xi32>
  %v = tt.load %p : tensor<1x!tt.ptr<f32>>
  %n = arith.constant 1 : i32
  %obase = arith.muli %pid, %n : i32
  %r0 = tt.reduce sum %v : tensor<1xf32> -> f32
  %c0 = arith.constant 0 : i32
  %o0 = arith.addi %obase, %c0 : i32
  %q0 = tt.addptr %out, %o0 : !tt.ptr<f32>, i32
  tt.store %q0, %r0 : !tt.ptr<f32>
  tt.return
}

// Width 2: one shuffle among lanes 0-1 (mask 0x3); i32 max is a compare.
// CHECK: // Launch: blockDim (2, 1, 1), gridDim (ceil(g0 / 1) * g1, g2, 1); the last two parameters are g0 and g1.
// CHECK-LABEL: extern "C" __global__ void __launch_bounds__(2) max_w2_i32(
// CHECK-SAME: const int* [[ARG0:arg[0-9]+]], int* [[ARG1:arg[0-9]+]], const int num_programs_0, const int num_programs_1) {
// TREE-NEXT: __shared__ int [[V9:v[0-9]+]]_smem[2];
// CHECK-NEXT: const int [[V0:v[0-9]+]] = (int)((unsigned)num_programs_1 == 1u ? blockIdx.x : blockIdx.x / (unsigned)num_programs_1);
// CHECK-NEXT: const int [[V1:v[0-9]+]] = (int)((unsigned)[[V0]] * (unsigned)2);
// CHECK-NEXT: const int [[V2:v[0-9]+]] = (int)threadIdx.x;
// CHECK-NEXT: const int [[V4:v[0-9]+]] = (int)((unsigned)[[V1]] + (unsigned)[[V2]]);
// CHECK-NEXT: const int [[V7:v[0-9]+]] = [[ARG0]]{{\[}}[[V4]]];
// CHECK-NEXT: const int [[V8:v[0-9]+]] = (int)((unsigned)[[V0]] * (unsigned)1);
// WARP-NEXT: // [[V9:v[0-9]+]] = max over the block's 2 threads
// WARP-NEXT: int [[V9]]_acc = [[V7]];
// WARP-NEXT: for (int [[V9]]_offset = 1; [[V9]]_offset > 0; [[V9]]_offset >>= 1) {
// WARP-NEXT: const int [[V9]]_other = __shfl_xor_sync(0x00000003u, [[V9]]_acc, [[V9]]_offset);
// WARP-NEXT: [[V9]]_acc = [[V9]]_acc > [[V9]]_other ? [[V9]]_acc : [[V9]]_other;
// TREE-NEXT: // [[V9]] = max over the block's 2 threads
// TREE-NEXT: [[V9]]_smem[threadIdx.x] = [[V7]];
// TREE-NEXT: __syncthreads();
// TREE-NEXT: for (unsigned [[V9]]_stride = 1u; [[V9]]_stride > 0u; [[V9]]_stride >>= 1) {
// TREE-NEXT: if (threadIdx.x < [[V9]]_stride) {
// TREE-NEXT: [[V9]]_smem[threadIdx.x] = [[V9]]_smem[threadIdx.x] > [[V9]]_smem[threadIdx.x + [[V9]]_stride] ? [[V9]]_smem[threadIdx.x] : [[V9]]_smem[threadIdx.x + [[V9]]_stride];
// CHECK-NEXT: }
// WARP-NEXT: const int [[V9]] = [[V9]]_acc;
// TREE-NEXT: __syncthreads();
// TREE-NEXT: }
// TREE-NEXT: const int [[V9]] = [[V9]]_smem[0];
// CHECK-NEXT: const int [[V10:v[0-9]+]] = (int)((unsigned)[[V8]] + (unsigned)0);
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG1]]{{\[}}[[V10]]] = [[V9]];
// CHECK-NEXT: }
// CHECK-NEXT: }
tt.func @max_w2_i32(%x: !tt.ptr<i32>, %out: !tt.ptr<i32>) attributes {block_size = 2 : i32} {
  %pid = tt.get_program_id 0 : i32
  %w = arith.constant 2 : i32
  %start = arith.muli %pid, %w : i32
  %lanes = tt.make_range {start = 0 : i32, end = 2 : i32} : tensor<2xi32>
  %start_v = tt.splat %start : i32 -> tensor<2xi32>
  %offs = arith.addi %start_v, %lanes : tensor<2xi32>
  %xs = tt.splat %x : !tt.ptr<i32> -> tensor<2x!tt.ptr<i32>>
  %p = tt.addptr %xs, %offs : tensor<2x!tt.ptr<i32>>, tensor<2xi32>
  %v = tt.load %p : tensor<2x!tt.ptr<i32>>
  %n = arith.constant 1 : i32
  %obase = arith.muli %pid, %n : i32
  %r0 = tt.reduce max %v : tensor<2xi32> -> i32
  %c0 = arith.constant 0 : i32
  %o0 = arith.addi %obase, %c0 : i32
  %q0 = tt.addptr %out, %o0 : !tt.ptr<i32>, i32
  tt.store %q0, %r0 : !tt.ptr<i32>
  tt.return
}

// One full warp: shuffles only, no shared memory and no barrier; three
// reductions of one value, each with its own buffer in the tree form.
// CHECK: // Launch: blockDim (32, 1, 1), gridDim (ceil(g0 / 1) * g1, g2, 1); the last two parameters are g0 and g1.
// CHECK-LABEL: extern "C" __global__ void __launch_bounds__(32) sum_max_min_w32(
// CHECK-SAME: const float* [[ARG0:arg[0-9]+]], float* [[ARG1:arg[0-9]+]], const int num_programs_0, const int num_programs_1) {
// TREE-NEXT: __shared__ float [[V9:v[0-9]+]]_smem[32];
// TREE-NEXT: __shared__ float [[V12:v[0-9]+]]_smem[32];
// TREE-NEXT: __shared__ float [[V15:v[0-9]+]]_smem[32];
// CHECK-NEXT: const int [[V0:v[0-9]+]] = (int)((unsigned)num_programs_1 == 1u ? blockIdx.x : blockIdx.x / (unsigned)num_programs_1);
// CHECK-NEXT: const int [[V1:v[0-9]+]] = (int)((unsigned)[[V0]] * (unsigned)32);
// CHECK-NEXT: const int [[V2:v[0-9]+]] = (int)threadIdx.x;
// CHECK-NEXT: const int [[V4:v[0-9]+]] = (int)((unsigned)[[V1]] + (unsigned)[[V2]]);
// CHECK-NEXT: const float [[V7:v[0-9]+]] = [[ARG0]]{{\[}}[[V4]]];
// CHECK-NEXT: const int [[V8:v[0-9]+]] = (int)((unsigned)[[V0]] * (unsigned)3);
// WARP-NEXT: // [[V9:v[0-9]+]] = sum over the block's 32 threads
// WARP-NEXT: float [[V9]]_acc = [[V7]];
// WARP-NEXT: for (int [[V9]]_offset = 16; [[V9]]_offset > 0; [[V9]]_offset >>= 1) {
// WARP-NEXT: const float [[V9]]_other = __shfl_xor_sync(0xffffffffu, [[V9]]_acc, [[V9]]_offset);
// WARP-NEXT: [[V9]]_acc += [[V9]]_other;
// TREE-NEXT: // [[V9]] = sum over the block's 32 threads
// TREE-NEXT: [[V9]]_smem[threadIdx.x] = [[V7]];
// TREE-NEXT: __syncthreads();
// TREE-NEXT: for (unsigned [[V9]]_stride = 16u; [[V9]]_stride > 0u; [[V9]]_stride >>= 1) {
// TREE-NEXT: if (threadIdx.x < [[V9]]_stride) {
// TREE-NEXT: [[V9]]_smem[threadIdx.x] += [[V9]]_smem[threadIdx.x + [[V9]]_stride];
// CHECK-NEXT: }
// WARP-NEXT: const float [[V9]] = [[V9]]_acc;
// TREE-NEXT: __syncthreads();
// TREE-NEXT: }
// TREE-NEXT: const float [[V9]] = [[V9]]_smem[0];
// CHECK-NEXT: const int [[V10:v[0-9]+]] = (int)((unsigned)[[V8]] + (unsigned)0);
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG1]]{{\[}}[[V10]]] = [[V9]];
// CHECK-NEXT: }
// WARP-NEXT: // [[V12:v[0-9]+]] = max over the block's 32 threads
// WARP-NEXT: float [[V12]]_acc = [[V7]];
// WARP-NEXT: for (int [[V12]]_offset = 16; [[V12]]_offset > 0; [[V12]]_offset >>= 1) {
// WARP-NEXT: const float [[V12]]_other = __shfl_xor_sync(0xffffffffu, [[V12]]_acc, [[V12]]_offset);
// WARP-NEXT: [[V12]]_acc = fmaxf([[V12]]_acc, [[V12]]_other);
// TREE-NEXT: // [[V12]] = max over the block's 32 threads
// TREE-NEXT: [[V12]]_smem[threadIdx.x] = [[V7]];
// TREE-NEXT: __syncthreads();
// TREE-NEXT: for (unsigned [[V12]]_stride = 16u; [[V12]]_stride > 0u; [[V12]]_stride >>= 1) {
// TREE-NEXT: if (threadIdx.x < [[V12]]_stride) {
// TREE-NEXT: [[V12]]_smem[threadIdx.x] = fmaxf([[V12]]_smem[threadIdx.x], [[V12]]_smem[threadIdx.x + [[V12]]_stride]);
// CHECK-NEXT: }
// WARP-NEXT: const float [[V12]] = [[V12]]_acc;
// TREE-NEXT: __syncthreads();
// TREE-NEXT: }
// TREE-NEXT: const float [[V12]] = [[V12]]_smem[0];
// CHECK-NEXT: const int [[V13:v[0-9]+]] = (int)((unsigned)[[V8]] + (unsigned)1);
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG1]]{{\[}}[[V13]]] = [[V12]];
// CHECK-NEXT: }
// WARP-NEXT: // [[V15:v[0-9]+]] = min over the block's 32 threads
// WARP-NEXT: float [[V15]]_acc = [[V7]];
// WARP-NEXT: for (int [[V15]]_offset = 16; [[V15]]_offset > 0; [[V15]]_offset >>= 1) {
// WARP-NEXT: const float [[V15]]_other = __shfl_xor_sync(0xffffffffu, [[V15]]_acc, [[V15]]_offset);
// WARP-NEXT: [[V15]]_acc = fminf([[V15]]_acc, [[V15]]_other);
// TREE-NEXT: // [[V15]] = min over the block's 32 threads
// TREE-NEXT: [[V15]]_smem[threadIdx.x] = [[V7]];
// TREE-NEXT: __syncthreads();
// TREE-NEXT: for (unsigned [[V15]]_stride = 16u; [[V15]]_stride > 0u; [[V15]]_stride >>= 1) {
// TREE-NEXT: if (threadIdx.x < [[V15]]_stride) {
// TREE-NEXT: [[V15]]_smem[threadIdx.x] = fminf([[V15]]_smem[threadIdx.x], [[V15]]_smem[threadIdx.x + [[V15]]_stride]);
// CHECK-NEXT: }
// WARP-NEXT: const float [[V15]] = [[V15]]_acc;
// TREE-NEXT: __syncthreads();
// TREE-NEXT: }
// TREE-NEXT: const float [[V15]] = [[V15]]_smem[0];
// CHECK-NEXT: const int [[V16:v[0-9]+]] = (int)((unsigned)[[V8]] + (unsigned)2);
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG1]]{{\[}}[[V16]]] = [[V15]];
// CHECK-NEXT: }
// CHECK-NEXT: }
tt.func @sum_max_min_w32(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>) attributes {block_size = 32 : i32} {
  %pid = tt.get_program_id 0 : i32
  %w = arith.constant 32 : i32
  %start = arith.muli %pid, %w : i32
  %lanes = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %start_v = tt.splat %start : i32 -> tensor<32xi32>
  %offs = arith.addi %start_v, %lanes : tensor<32xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
  %p = tt.addptr %xs, %offs : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
  %v = tt.load %p : tensor<32x!tt.ptr<f32>>
  %n = arith.constant 3 : i32
  %obase = arith.muli %pid, %n : i32
  %r0 = tt.reduce sum %v : tensor<32xf32> -> f32
  %c0 = arith.constant 0 : i32
  %o0 = arith.addi %obase, %c0 : i32
  %q0 = tt.addptr %out, %o0 : !tt.ptr<f32>, i32
  tt.store %q0, %r0 : !tt.ptr<f32>
  %r1 = tt.reduce max %v : tensor<32xf32> -> f32
  %c1 = arith.constant 1 : i32
  %o1 = arith.addi %obase, %c1 : i32
  %q1 = tt.addptr %out, %o1 : !tt.ptr<f32>, i32
  tt.store %q1, %r1 : !tt.ptr<f32>
  %r2 = tt.reduce min %v : tensor<32xf32> -> f32
  %c2 = arith.constant 2 : i32
  %o2 = arith.addi %obase, %c2 : i32
  %q2 = tt.addptr %out, %o2 : !tt.ptr<f32>, i32
  tt.store %q2, %r2 : !tt.ptr<f32>
  tt.return
}

// Two warps: one slot per warp, one barrier, then a 2-lane butterfly.
// CHECK: // Launch: blockDim (64, 1, 1), gridDim (ceil(g0 / 1) * g1, g2, 1); the last two parameters are g0 and g1.
// CHECK-LABEL: extern "C" __global__ void __launch_bounds__(64) min_w64(
// CHECK-SAME: const float* [[ARG0:arg[0-9]+]], float* [[ARG1:arg[0-9]+]], const int num_programs_0, const int num_programs_1) {
// WARP-NEXT: __shared__ float [[V9:v[0-9]+]]_warp_totals[2];
// TREE-NEXT: __shared__ float [[V9:v[0-9]+]]_smem[64];
// CHECK-NEXT: const int [[V0:v[0-9]+]] = (int)((unsigned)num_programs_1 == 1u ? blockIdx.x : blockIdx.x / (unsigned)num_programs_1);
// CHECK-NEXT: const int [[V1:v[0-9]+]] = (int)((unsigned)[[V0]] * (unsigned)64);
// CHECK-NEXT: const int [[V2:v[0-9]+]] = (int)threadIdx.x;
// CHECK-NEXT: const int [[V4:v[0-9]+]] = (int)((unsigned)[[V1]] + (unsigned)[[V2]]);
// CHECK-NEXT: const float [[V7:v[0-9]+]] = [[ARG0]]{{\[}}[[V4]]];
// CHECK-NEXT: const int [[V8:v[0-9]+]] = (int)((unsigned)[[V0]] * (unsigned)1);
// CHECK-NEXT: // [[V9]] = min over the block's 64 threads
// WARP-NEXT: float [[V9]]_acc = [[V7]];
// WARP-NEXT: for (int [[V9]]_offset = 16; [[V9]]_offset > 0; [[V9]]_offset >>= 1) {
// WARP-NEXT: const float [[V9]]_other = __shfl_xor_sync(0xffffffffu, [[V9]]_acc, [[V9]]_offset);
// WARP-NEXT: [[V9]]_acc = fminf([[V9]]_acc, [[V9]]_other);
// WARP-NEXT: }
// WARP-NEXT: if (threadIdx.x % 32u == 0u) {
// WARP-NEXT: [[V9]]_warp_totals[threadIdx.x / 32u] = [[V9]]_acc;
// TREE-NEXT: [[V9]]_smem[threadIdx.x] = [[V7]];
// TREE-NEXT: __syncthreads();
// TREE-NEXT: for (unsigned [[V9]]_stride = 32u; [[V9]]_stride > 0u; [[V9]]_stride >>= 1) {
// TREE-NEXT: if (threadIdx.x < [[V9]]_stride) {
// TREE-NEXT: [[V9]]_smem[threadIdx.x] = fminf([[V9]]_smem[threadIdx.x], [[V9]]_smem[threadIdx.x + [[V9]]_stride]);
// CHECK-NEXT: }
// CHECK-NEXT: __syncthreads();
// WARP-NEXT: [[V9]]_acc = [[V9]]_warp_totals[threadIdx.x % 2u];
// WARP-NEXT: for (int [[V9]]_offset_1 = 1; [[V9]]_offset_1 > 0; [[V9]]_offset_1 >>= 1) {
// WARP-NEXT: const float [[V9]]_other_1 = __shfl_xor_sync(0xffffffffu, [[V9]]_acc, [[V9]]_offset_1);
// WARP-NEXT: [[V9]]_acc = fminf([[V9]]_acc, [[V9]]_other_1);
// CHECK-NEXT: }
// WARP-NEXT: const float [[V9]] = [[V9]]_acc;
// TREE-NEXT: const float [[V9]] = [[V9]]_smem[0];
// CHECK-NEXT: const int [[V10:v[0-9]+]] = (int)((unsigned)[[V8]] + (unsigned)0);
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG1]]{{\[}}[[V10]]] = [[V9]];
// CHECK-NEXT: }
// CHECK-NEXT: }
tt.func @min_w64(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>) attributes {block_size = 64 : i32} {
  %pid = tt.get_program_id 0 : i32
  %w = arith.constant 64 : i32
  %start = arith.muli %pid, %w : i32
  %lanes = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %start_v = tt.splat %start : i32 -> tensor<64xi32>
  %offs = arith.addi %start_v, %lanes : tensor<64xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %p = tt.addptr %xs, %offs : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %v = tt.load %p : tensor<64x!tt.ptr<f32>>
  %n = arith.constant 1 : i32
  %obase = arith.muli %pid, %n : i32
  %r0 = tt.reduce min %v : tensor<64xf32> -> f32
  %c0 = arith.constant 0 : i32
  %o0 = arith.addi %obase, %c0 : i32
  %q0 = tt.addptr %out, %o0 : !tt.ptr<f32>, i32
  tt.store %q0, %r0 : !tt.ptr<f32>
  tt.return
}

// The largest block: 32 warps, 32 slots per reduction; i32 sums wrap.
// CHECK: // Launch: blockDim (1024, 1, 1), gridDim (ceil(g0 / 1) * g1, g2, 1); the last two parameters are g0 and g1.
// CHECK-LABEL: extern "C" __global__ void __launch_bounds__(1024) sum_max_min_w1024_i32(
// CHECK-SAME: const int* [[ARG0:arg[0-9]+]], int* [[ARG1:arg[0-9]+]], const int num_programs_0, const int num_programs_1) {
// WARP-NEXT: __shared__ int [[V9:v[0-9]+]]_warp_totals[32];
// WARP-NEXT: __shared__ int [[V12:v[0-9]+]]_warp_totals[32];
// WARP-NEXT: __shared__ int [[V15:v[0-9]+]]_warp_totals[32];
// TREE-NEXT: __shared__ int [[V9:v[0-9]+]]_smem[1024];
// TREE-NEXT: __shared__ int [[V12:v[0-9]+]]_smem[1024];
// TREE-NEXT: __shared__ int [[V15:v[0-9]+]]_smem[1024];
// CHECK-NEXT: const int [[V0:v[0-9]+]] = (int)((unsigned)num_programs_1 == 1u ? blockIdx.x : blockIdx.x / (unsigned)num_programs_1);
// CHECK-NEXT: const int [[V1:v[0-9]+]] = (int)((unsigned)[[V0]] * (unsigned)1024);
// CHECK-NEXT: const int [[V2:v[0-9]+]] = (int)threadIdx.x;
// CHECK-NEXT: const int [[V4:v[0-9]+]] = (int)((unsigned)[[V1]] + (unsigned)[[V2]]);
// CHECK-NEXT: const int [[V7:v[0-9]+]] = [[ARG0]]{{\[}}[[V4]]];
// CHECK-NEXT: const int [[V8:v[0-9]+]] = (int)((unsigned)[[V0]] * (unsigned)3);
// CHECK-NEXT: // [[V9]] = sum over the block's 1024 threads
// WARP-NEXT: int [[V9]]_acc = [[V7]];
// WARP-NEXT: for (int [[V9]]_offset = 16; [[V9]]_offset > 0; [[V9]]_offset >>= 1) {
// WARP-NEXT: const int [[V9]]_other = __shfl_xor_sync(0xffffffffu, [[V9]]_acc, [[V9]]_offset);
// WARP-NEXT: [[V9]]_acc = (int)((unsigned)[[V9]]_acc + (unsigned)[[V9]]_other);
// WARP-NEXT: }
// WARP-NEXT: if (threadIdx.x % 32u == 0u) {
// WARP-NEXT: [[V9]]_warp_totals[threadIdx.x / 32u] = [[V9]]_acc;
// TREE-NEXT: [[V9]]_smem[threadIdx.x] = [[V7]];
// TREE-NEXT: __syncthreads();
// TREE-NEXT: for (unsigned [[V9]]_stride = 512u; [[V9]]_stride > 0u; [[V9]]_stride >>= 1) {
// TREE-NEXT: if (threadIdx.x < [[V9]]_stride) {
// TREE-NEXT: [[V9]]_smem[threadIdx.x] = (int)((unsigned)[[V9]]_smem[threadIdx.x] + (unsigned)[[V9]]_smem[threadIdx.x + [[V9]]_stride]);
// CHECK-NEXT: }
// CHECK-NEXT: __syncthreads();
// WARP-NEXT: [[V9]]_acc = [[V9]]_warp_totals[threadIdx.x % 32u];
// WARP-NEXT: for (int [[V9]]_offset_1 = 16; [[V9]]_offset_1 > 0; [[V9]]_offset_1 >>= 1) {
// WARP-NEXT: const int [[V9]]_other_1 = __shfl_xor_sync(0xffffffffu, [[V9]]_acc, [[V9]]_offset_1);
// WARP-NEXT: [[V9]]_acc = (int)((unsigned)[[V9]]_acc + (unsigned)[[V9]]_other_1);
// CHECK-NEXT: }
// WARP-NEXT: const int [[V9]] = [[V9]]_acc;
// TREE-NEXT: const int [[V9]] = [[V9]]_smem[0];
// CHECK-NEXT: const int [[V10:v[0-9]+]] = (int)((unsigned)[[V8]] + (unsigned)0);
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG1]]{{\[}}[[V10]]] = [[V9]];
// CHECK-NEXT: }
// CHECK-NEXT: // [[V12]] = max over the block's 1024 threads
// WARP-NEXT: int [[V12]]_acc = [[V7]];
// WARP-NEXT: for (int [[V12]]_offset = 16; [[V12]]_offset > 0; [[V12]]_offset >>= 1) {
// WARP-NEXT: const int [[V12]]_other = __shfl_xor_sync(0xffffffffu, [[V12]]_acc, [[V12]]_offset);
// WARP-NEXT: [[V12]]_acc = [[V12]]_acc > [[V12]]_other ? [[V12]]_acc : [[V12]]_other;
// WARP-NEXT: }
// WARP-NEXT: if (threadIdx.x % 32u == 0u) {
// WARP-NEXT: [[V12]]_warp_totals[threadIdx.x / 32u] = [[V12]]_acc;
// TREE-NEXT: [[V12]]_smem[threadIdx.x] = [[V7]];
// TREE-NEXT: __syncthreads();
// TREE-NEXT: for (unsigned [[V12]]_stride = 512u; [[V12]]_stride > 0u; [[V12]]_stride >>= 1) {
// TREE-NEXT: if (threadIdx.x < [[V12]]_stride) {
// TREE-NEXT: [[V12]]_smem[threadIdx.x] = [[V12]]_smem[threadIdx.x] > [[V12]]_smem[threadIdx.x + [[V12]]_stride] ? [[V12]]_smem[threadIdx.x] : [[V12]]_smem[threadIdx.x + [[V12]]_stride];
// CHECK-NEXT: }
// CHECK-NEXT: __syncthreads();
// WARP-NEXT: [[V12]]_acc = [[V12]]_warp_totals[threadIdx.x % 32u];
// WARP-NEXT: for (int [[V12]]_offset_1 = 16; [[V12]]_offset_1 > 0; [[V12]]_offset_1 >>= 1) {
// WARP-NEXT: const int [[V12]]_other_1 = __shfl_xor_sync(0xffffffffu, [[V12]]_acc, [[V12]]_offset_1);
// WARP-NEXT: [[V12]]_acc = [[V12]]_acc > [[V12]]_other_1 ? [[V12]]_acc : [[V12]]_other_1;
// CHECK-NEXT: }
// WARP-NEXT: const int [[V12]] = [[V12]]_acc;
// TREE-NEXT: const int [[V12]] = [[V12]]_smem[0];
// CHECK-NEXT: const int [[V13:v[0-9]+]] = (int)((unsigned)[[V8]] + (unsigned)1);
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG1]]{{\[}}[[V13]]] = [[V12]];
// CHECK-NEXT: }
// CHECK-NEXT: // [[V15]] = min over the block's 1024 threads
// WARP-NEXT: int [[V15]]_acc = [[V7]];
// WARP-NEXT: for (int [[V15]]_offset = 16; [[V15]]_offset > 0; [[V15]]_offset >>= 1) {
// WARP-NEXT: const int [[V15]]_other = __shfl_xor_sync(0xffffffffu, [[V15]]_acc, [[V15]]_offset);
// WARP-NEXT: [[V15]]_acc = [[V15]]_acc < [[V15]]_other ? [[V15]]_acc : [[V15]]_other;
// WARP-NEXT: }
// WARP-NEXT: if (threadIdx.x % 32u == 0u) {
// WARP-NEXT: [[V15]]_warp_totals[threadIdx.x / 32u] = [[V15]]_acc;
// TREE-NEXT: [[V15]]_smem[threadIdx.x] = [[V7]];
// TREE-NEXT: __syncthreads();
// TREE-NEXT: for (unsigned [[V15]]_stride = 512u; [[V15]]_stride > 0u; [[V15]]_stride >>= 1) {
// TREE-NEXT: if (threadIdx.x < [[V15]]_stride) {
// TREE-NEXT: [[V15]]_smem[threadIdx.x] = [[V15]]_smem[threadIdx.x] < [[V15]]_smem[threadIdx.x + [[V15]]_stride] ? [[V15]]_smem[threadIdx.x] : [[V15]]_smem[threadIdx.x + [[V15]]_stride];
// CHECK-NEXT: }
// CHECK-NEXT: __syncthreads();
// WARP-NEXT: [[V15]]_acc = [[V15]]_warp_totals[threadIdx.x % 32u];
// WARP-NEXT: for (int [[V15]]_offset_1 = 16; [[V15]]_offset_1 > 0; [[V15]]_offset_1 >>= 1) {
// WARP-NEXT: const int [[V15]]_other_1 = __shfl_xor_sync(0xffffffffu, [[V15]]_acc, [[V15]]_offset_1);
// WARP-NEXT: [[V15]]_acc = [[V15]]_acc < [[V15]]_other_1 ? [[V15]]_acc : [[V15]]_other_1;
// CHECK-NEXT: }
// WARP-NEXT: const int [[V15]] = [[V15]]_acc;
// TREE-NEXT: const int [[V15]] = [[V15]]_smem[0];
// CHECK-NEXT: const int [[V16:v[0-9]+]] = (int)((unsigned)[[V8]] + (unsigned)2);
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG1]]{{\[}}[[V16]]] = [[V15]];
// CHECK-NEXT: }
// CHECK-NEXT: }
tt.func @sum_max_min_w1024_i32(%x: !tt.ptr<i32>, %out: !tt.ptr<i32>) attributes {block_size = 1024 : i32} {
  %pid = tt.get_program_id 0 : i32
  %w = arith.constant 1024 : i32
  %start = arith.muli %pid, %w : i32
  %lanes = tt.make_range {start = 0 : i32, end = 1024 : i32} : tensor<1024xi32>
  %start_v = tt.splat %start : i32 -> tensor<1024xi32>
  %offs = arith.addi %start_v, %lanes : tensor<1024xi32>
  %xs = tt.splat %x : !tt.ptr<i32> -> tensor<1024x!tt.ptr<i32>>
  %p = tt.addptr %xs, %offs : tensor<1024x!tt.ptr<i32>>, tensor<1024xi32>
  %v = tt.load %p : tensor<1024x!tt.ptr<i32>>
  %n = arith.constant 3 : i32
  %obase = arith.muli %pid, %n : i32
  %r0 = tt.reduce sum %v : tensor<1024xi32> -> i32
  %c0 = arith.constant 0 : i32
  %o0 = arith.addi %obase, %c0 : i32
  %q0 = tt.addptr %out, %o0 : !tt.ptr<i32>, i32
  tt.store %q0, %r0 : !tt.ptr<i32>
  %r1 = tt.reduce max %v : tensor<1024xi32> -> i32
  %c1 = arith.constant 1 : i32
  %o1 = arith.addi %obase, %c1 : i32
  %q1 = tt.addptr %out, %o1 : !tt.ptr<i32>, i32
  tt.store %q1, %r1 : !tt.ptr<i32>
  %r2 = tt.reduce min %v : tensor<1024xi32> -> i32
  %c2 = arith.constant 2 : i32
  %o2 = arith.addi %obase, %c2 : i32
  %q2 = tt.addptr %out, %o2 : !tt.ptr<i32>, i32
  tt.store %q2, %r2 : !tt.ptr<i32>
  tt.return
}
