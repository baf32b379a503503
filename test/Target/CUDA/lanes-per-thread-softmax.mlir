// Golden CUDA of the reduction kernels with num_warps (E lanes per thread):
// E registers per tensor in groups of G = min(E, 4) consecutive lanes, T * G
// apart (Triton's blocked layout: at E = 8, T = 128, registers 0..3 are
// lanes 4t..4t+3 and registers 4..7 are register 0's lane + 512..515),
// one float4/float2 load per group when it is aligned and the group's
// masks hold (else per-lane scalar loads), each thread's lanes combined
// before the block-wide step, one store from lane 0's thread.
// The kernels are written with 1024 lanes and num_warps = 8 (E = 4); sed
// makes num_warps 16 (E = 2) and 4 (E = 8).
// RUN: mytriton-opt --tt-optimize %s | mytriton-translate --emit-cuda | FileCheck %s --check-prefix=E4
// RUN: mytriton-opt --tt-optimize %s | mytriton-translate --emit-cuda --cuda-reduction=shared-tree | FileCheck %s --check-prefix=TREE4
// RUN: sed 's/num_warps = 8 :/num_warps = 16 :/' %s | mytriton-opt --tt-optimize | mytriton-translate --emit-cuda --cuda-reduction=shared-tree | FileCheck %s --check-prefix=TREE2
// RUN: sed 's/num_warps = 8 :/num_warps = 4 :/' %s | mytriton-opt --tt-optimize | mytriton-translate --emit-cuda | FileCheck %s --check-prefix=E8

// The seed's softmax over 1024-lane rows as the benchmark runs it (tt-optimize
// output): masked rows of n_cols, a max and a sum reduction.
// E4: // 256 threads, each owning 4 lanes of the 1024-lane tensors in groups of 4.
// E4-NEXT: // Launch: blockDim (256, 1, 1), gridDim (ceil(g0 / 1) * g1, g2, 1); the last two parameters are g0 and g1.
// E4-LABEL: extern "C" __global__ void __launch_bounds__(256) softmax_kernel(
// E4-SAME: const float* [[ARG0:arg[0-9]+]], float* [[ARG1:arg[0-9]+]], int [[ARG2:arg[0-9]+]], const int num_programs_0, const int num_programs_1) {
// E4-NEXT: __shared__ float [[V10:v[0-9]+]]_warp_totals[8];
// E4-NEXT: __shared__ float [[V14:v[0-9]+]]_warp_totals[8];
// E4-NEXT: const int [[V0:v[0-9]+]] = (int)((unsigned)num_programs_1 == 1u ? blockIdx.x : blockIdx.x / (unsigned)num_programs_1);
// E4-NEXT: const int [[V1:v[0-9]+]]_0 = (int)threadIdx.x * 4;
// E4-NEXT: const int [[V1]]_1 = [[V1]]_0 + 1;
// E4-NEXT: const int [[V1]]_2 = [[V1]]_0 + 2;
// E4-NEXT: const int [[V1]]_3 = [[V1]]_0 + 3;
// E4-NEXT: const int [[V2:v[0-9]+]] = (int)((unsigned)[[V0]] * (unsigned)[[ARG2]]);
// E4-NEXT: const int [[V4:v[0-9]+]]_0 = (int)((unsigned)[[V2]] + (unsigned)[[V1]]_0);
// E4-NEXT: const int [[V4]]_1 = (int)((unsigned)[[V2]] + (unsigned)[[V1]]_1);
// E4-NEXT: const int [[V4]]_2 = (int)((unsigned)[[V2]] + (unsigned)[[V1]]_2);
// E4-NEXT: const int [[V4]]_3 = (int)((unsigned)[[V2]] + (unsigned)[[V1]]_3);
// E4-NEXT: const bool [[V6:v[0-9]+]]_0 = [[V1]]_0 < [[ARG2]];
// E4-NEXT: const bool [[V6]]_1 = [[V1]]_1 < [[ARG2]];
// E4-NEXT: const bool [[V6]]_2 = [[V1]]_2 < [[ARG2]];
// E4-NEXT: const bool [[V6]]_3 = [[V1]]_3 < [[ARG2]];
// E4-NEXT: float [[V9:v[0-9]+]]_0, [[V9]]_1, [[V9]]_2, [[V9]]_3;
// E4-NEXT: if (reinterpret_cast<unsigned long long>(&[[ARG0]]{{\[}}[[V4]]_0]) % 16ull == 0ull && [[V6]]_0 && [[V6]]_1 && [[V6]]_2 && [[V6]]_3) {
// E4-NEXT: const float4 [[V9]]_vec = *reinterpret_cast<const float4*>(&[[ARG0]]{{\[}}[[V4]]_0]);
// E4-NEXT: [[V9]]_0 = [[V9]]_vec.x;
// E4-NEXT: [[V9]]_1 = [[V9]]_vec.y;
// E4-NEXT: [[V9]]_2 = [[V9]]_vec.z;
// E4-NEXT: [[V9]]_3 = [[V9]]_vec.w;
// E4-NEXT: } else {
// E4-NEXT: [[V9]]_0 = [[V6]]_0 ? [[ARG0]]{{\[}}[[V4]]_0] : (__uint_as_float(0xff800000u) /* -inf */);
// E4-NEXT: [[V9]]_1 = [[V6]]_1 ? [[ARG0]]{{\[}}[[V4]]_1] : (__uint_as_float(0xff800000u) /* -inf */);
// E4-NEXT: [[V9]]_2 = [[V6]]_2 ? [[ARG0]]{{\[}}[[V4]]_2] : (__uint_as_float(0xff800000u) /* -inf */);
// E4-NEXT: [[V9]]_3 = [[V6]]_3 ? [[ARG0]]{{\[}}[[V4]]_3] : (__uint_as_float(0xff800000u) /* -inf */);
// E4-NEXT: }
// E4-NEXT: // [[V10]] = max over the block's 1024 lanes, 4 per thread of 256
// E4-NEXT: const float [[V10]]_part = fmaxf([[V9]]_0, [[V9]]_2);
// E4-NEXT: const float [[V10]]_part_1 = fmaxf([[V9]]_1, [[V9]]_3);
// E4-NEXT: const float [[V10]]_part_2 = fmaxf([[V10]]_part, [[V10]]_part_1);
// E4-NEXT: float [[V10]]_acc = [[V10]]_part_2;
// E4-NEXT: for (int [[V10]]_offset = 16; [[V10]]_offset > 0; [[V10]]_offset >>= 1) {
// E4-NEXT: const float [[V10]]_other = __shfl_xor_sync(0xffffffffu, [[V10]]_acc, [[V10]]_offset);
// E4-NEXT: [[V10]]_acc = fmaxf([[V10]]_acc, [[V10]]_other);
// E4-NEXT: }
// E4-NEXT: if (threadIdx.x % 32u == 0u) {
// E4-NEXT: [[V10]]_warp_totals[threadIdx.x / 32u] = [[V10]]_acc;
// E4-NEXT: }
// E4-NEXT: __syncthreads();
// E4-NEXT: [[V10]]_acc = [[V10]]_warp_totals[threadIdx.x % 8u];
// E4-NEXT: for (int [[V10]]_offset_1 = 4; [[V10]]_offset_1 > 0; [[V10]]_offset_1 >>= 1) {
// E4-NEXT: const float [[V10]]_other_1 = __shfl_xor_sync(0xffffffffu, [[V10]]_acc, [[V10]]_offset_1);
// E4-NEXT: [[V10]]_acc = fmaxf([[V10]]_acc, [[V10]]_other_1);
// E4-NEXT: }
// E4-NEXT: const float [[V10]] = [[V10]]_acc;
// E4-NEXT: const float [[V12:v[0-9]+]]_0 = [[V9]]_0 - [[V10]];
// E4-NEXT: const float [[V12]]_1 = [[V9]]_1 - [[V10]];
// E4-NEXT: const float [[V12]]_2 = [[V9]]_2 - [[V10]];
// E4-NEXT: const float [[V12]]_3 = [[V9]]_3 - [[V10]];
// E4-NEXT: const float [[V13:v[0-9]+]]_0 = expf([[V12]]_0);
// E4-NEXT: const float [[V13]]_1 = expf([[V12]]_1);
// E4-NEXT: const float [[V13]]_2 = expf([[V12]]_2);
// E4-NEXT: const float [[V13]]_3 = expf([[V12]]_3);
// E4-NEXT: // [[V14]] = sum over the block's 1024 lanes, 4 per thread of 256
// E4-NEXT: const float [[V14]]_part = [[V13]]_0 + [[V13]]_2;
// E4-NEXT: const float [[V14]]_part_1 = [[V13]]_1 + [[V13]]_3;
// E4-NEXT: const float [[V14]]_part_2 = [[V14]]_part + [[V14]]_part_1;
// E4-NEXT: float [[V14]]_acc = [[V14]]_part_2;
// E4-NEXT: for (int [[V14]]_offset = 16; [[V14]]_offset > 0; [[V14]]_offset >>= 1) {
// E4-NEXT: const float [[V14]]_other = __shfl_xor_sync(0xffffffffu, [[V14]]_acc, [[V14]]_offset);
// E4-NEXT: [[V14]]_acc += [[V14]]_other;
// E4-NEXT: }
// E4-NEXT: if (threadIdx.x % 32u == 0u) {
// E4-NEXT: [[V14]]_warp_totals[threadIdx.x / 32u] = [[V14]]_acc;
// E4-NEXT: }
// E4-NEXT: __syncthreads();
// E4-NEXT: [[V14]]_acc = [[V14]]_warp_totals[threadIdx.x % 8u];
// E4-NEXT: for (int [[V14]]_offset_1 = 4; [[V14]]_offset_1 > 0; [[V14]]_offset_1 >>= 1) {
// E4-NEXT: const float [[V14]]_other_1 = __shfl_xor_sync(0xffffffffu, [[V14]]_acc, [[V14]]_offset_1);
// E4-NEXT: [[V14]]_acc += [[V14]]_other_1;
// E4-NEXT: }
// E4-NEXT: const float [[V14]] = [[V14]]_acc;
// E4-NEXT: const float [[V16:v[0-9]+]]_0 = [[V13]]_0 / [[V14]];
// E4-NEXT: const float [[V16]]_1 = [[V13]]_1 / [[V14]];
// E4-NEXT: const float [[V16]]_2 = [[V13]]_2 / [[V14]];
// E4-NEXT: const float [[V16]]_3 = [[V13]]_3 / [[V14]];
// E4-NEXT: if (reinterpret_cast<unsigned long long>(&[[ARG1]]{{\[}}[[V4]]_0]) % 16ull == 0ull && [[V6]]_0 && [[V6]]_1 && [[V6]]_2 && [[V6]]_3) {
// E4-NEXT: *reinterpret_cast<float4*>(&[[ARG1]]{{\[}}[[V4]]_0]) = make_float4([[V16]]_0, [[V16]]_1, [[V16]]_2, [[V16]]_3);
// E4-NEXT: } else {
// E4-NEXT: if ([[V6]]_0) {
// E4-NEXT: [[ARG1]]{{\[}}[[V4]]_0] = [[V16]]_0;
// E4-NEXT: }
// E4-NEXT: if ([[V6]]_1) {
// E4-NEXT: [[ARG1]]{{\[}}[[V4]]_1] = [[V16]]_1;
// E4-NEXT: }
// E4-NEXT: if ([[V6]]_2) {
// E4-NEXT: [[ARG1]]{{\[}}[[V4]]_2] = [[V16]]_2;
// E4-NEXT: }
// E4-NEXT: if ([[V6]]_3) {
// E4-NEXT: [[ARG1]]{{\[}}[[V4]]_3] = [[V16]]_3;
// E4-NEXT: }
// E4-NEXT: }
// E4-NEXT: }
// TREE4: // 256 threads, each owning 4 lanes of the 1024-lane tensors in groups of 4.
// TREE4-NEXT: // Launch: blockDim (256, 1, 1), gridDim (ceil(g0 / 1) * g1, g2, 1); the last two parameters are g0 and g1.
// TREE4-LABEL: extern "C" __global__ void __launch_bounds__(256) softmax_kernel(
// TREE4-SAME: const float* [[ARG0:arg[0-9]+]], float* [[ARG1:arg[0-9]+]], int [[ARG2:arg[0-9]+]], const int num_programs_0, const int num_programs_1) {
// TREE4-NEXT: __shared__ float [[V10:v[0-9]+]]_smem[256];
// TREE4-NEXT: __shared__ float [[V14:v[0-9]+]]_smem[256];
// TREE4-NEXT: const int [[V0:v[0-9]+]] = (int)((unsigned)num_programs_1 == 1u ? blockIdx.x : blockIdx.x / (unsigned)num_programs_1);
// TREE4-NEXT: const int [[V1:v[0-9]+]]_0 = (int)threadIdx.x * 4;
// TREE4-NEXT: const int [[V1]]_1 = [[V1]]_0 + 1;
// TREE4-NEXT: const int [[V1]]_2 = [[V1]]_0 + 2;
// TREE4-NEXT: const int [[V1]]_3 = [[V1]]_0 + 3;
// TREE4-NEXT: const int [[V2:v[0-9]+]] = (int)((unsigned)[[V0]] * (unsigned)[[ARG2]]);
// TREE4-NEXT: const int [[V4:v[0-9]+]]_0 = (int)((unsigned)[[V2]] + (unsigned)[[V1]]_0);
// TREE4-NEXT: const int [[V4]]_1 = (int)((unsigned)[[V2]] + (unsigned)[[V1]]_1);
// TREE4-NEXT: const int [[V4]]_2 = (int)((unsigned)[[V2]] + (unsigned)[[V1]]_2);
// TREE4-NEXT: const int [[V4]]_3 = (int)((unsigned)[[V2]] + (unsigned)[[V1]]_3);
// TREE4-NEXT: const bool [[V6:v[0-9]+]]_0 = [[V1]]_0 < [[ARG2]];
// TREE4-NEXT: const bool [[V6]]_1 = [[V1]]_1 < [[ARG2]];
// TREE4-NEXT: const bool [[V6]]_2 = [[V1]]_2 < [[ARG2]];
// TREE4-NEXT: const bool [[V6]]_3 = [[V1]]_3 < [[ARG2]];
// TREE4-NEXT: float [[V9:v[0-9]+]]_0, [[V9]]_1, [[V9]]_2, [[V9]]_3;
// TREE4-NEXT: if (reinterpret_cast<unsigned long long>(&[[ARG0]]{{\[}}[[V4]]_0]) % 16ull == 0ull && [[V6]]_0 && [[V6]]_1 && [[V6]]_2 && [[V6]]_3) {
// TREE4-NEXT: const float4 [[V9]]_vec = *reinterpret_cast<const float4*>(&[[ARG0]]{{\[}}[[V4]]_0]);
// TREE4-NEXT: [[V9]]_0 = [[V9]]_vec.x;
// TREE4-NEXT: [[V9]]_1 = [[V9]]_vec.y;
// TREE4-NEXT: [[V9]]_2 = [[V9]]_vec.z;
// TREE4-NEXT: [[V9]]_3 = [[V9]]_vec.w;
// TREE4-NEXT: } else {
// TREE4-NEXT: [[V9]]_0 = [[V6]]_0 ? [[ARG0]]{{\[}}[[V4]]_0] : (__uint_as_float(0xff800000u) /* -inf */);
// TREE4-NEXT: [[V9]]_1 = [[V6]]_1 ? [[ARG0]]{{\[}}[[V4]]_1] : (__uint_as_float(0xff800000u) /* -inf */);
// TREE4-NEXT: [[V9]]_2 = [[V6]]_2 ? [[ARG0]]{{\[}}[[V4]]_2] : (__uint_as_float(0xff800000u) /* -inf */);
// TREE4-NEXT: [[V9]]_3 = [[V6]]_3 ? [[ARG0]]{{\[}}[[V4]]_3] : (__uint_as_float(0xff800000u) /* -inf */);
// TREE4-NEXT: }
// TREE4-NEXT: // [[V10]] = max over the block's 1024 lanes, 4 per thread of 256
// TREE4-NEXT: const float [[V10]]_part = fmaxf([[V9]]_0, [[V9]]_2);
// TREE4-NEXT: const float [[V10]]_part_1 = fmaxf([[V9]]_1, [[V9]]_3);
// TREE4-NEXT: const float [[V10]]_part_2 = fmaxf([[V10]]_part, [[V10]]_part_1);
// TREE4-NEXT: float [[V10]]_acc = [[V10]]_part_2;
// TREE4-NEXT: [[V10]]_smem[threadIdx.x] = [[V10]]_acc;
// TREE4-NEXT: __syncthreads();
// TREE4-NEXT: for (unsigned [[V10]]_stride = 128u; [[V10]]_stride > 0u; [[V10]]_stride >>= 1) {
// TREE4-NEXT: if (threadIdx.x < [[V10]]_stride) {
// TREE4-NEXT: [[V10]]_smem[threadIdx.x] = fmaxf([[V10]]_smem[threadIdx.x], [[V10]]_smem[threadIdx.x + [[V10]]_stride]);
// TREE4-NEXT: }
// TREE4-NEXT: __syncthreads();
// TREE4-NEXT: }
// TREE4-NEXT: const float [[V10]] = [[V10]]_smem[0];
// TREE4-NEXT: const float [[V12:v[0-9]+]]_0 = [[V9]]_0 - [[V10]];
// TREE4-NEXT: const float [[V12]]_1 = [[V9]]_1 - [[V10]];
// TREE4-NEXT: const float [[V12]]_2 = [[V9]]_2 - [[V10]];
// TREE4-NEXT: const float [[V12]]_3 = [[V9]]_3 - [[V10]];
// TREE4-NEXT: const float [[V13:v[0-9]+]]_0 = expf([[V12]]_0);
// TREE4-NEXT: const float [[V13]]_1 = expf([[V12]]_1);
// TREE4-NEXT: const float [[V13]]_2 = expf([[V12]]_2);
// TREE4-NEXT: const float [[V13]]_3 = expf([[V12]]_3);
// TREE4-NEXT: // [[V14]] = sum over the block's 1024 lanes, 4 per thread of 256
// TREE4-NEXT: const float [[V14]]_part = [[V13]]_0 + [[V13]]_2;
// TREE4-NEXT: const float [[V14]]_part_1 = [[V13]]_1 + [[V13]]_3;
// TREE4-NEXT: const float [[V14]]_part_2 = [[V14]]_part + [[V14]]_part_1;
// TREE4-NEXT: float [[V14]]_acc = [[V14]]_part_2;
// TREE4-NEXT: [[V14]]_smem[threadIdx.x] = [[V14]]_acc;
// TREE4-NEXT: __syncthreads();
// TREE4-NEXT: for (unsigned [[V14]]_stride = 128u; [[V14]]_stride > 0u; [[V14]]_stride >>= 1) {
// TREE4-NEXT: if (threadIdx.x < [[V14]]_stride) {
// TREE4-NEXT: [[V14]]_smem[threadIdx.x] += [[V14]]_smem[threadIdx.x + [[V14]]_stride];
// TREE4-NEXT: }
// TREE4-NEXT: __syncthreads();
// TREE4-NEXT: }
// TREE4-NEXT: const float [[V14]] = [[V14]]_smem[0];
// TREE4-NEXT: const float [[V16:v[0-9]+]]_0 = [[V13]]_0 / [[V14]];
// TREE4-NEXT: const float [[V16]]_1 = [[V13]]_1 / [[V14]];
// TREE4-NEXT: const float [[V16]]_2 = [[V13]]_2 / [[V14]];
// TREE4-NEXT: const float [[V16]]_3 = [[V13]]_3 / [[V14]];
// TREE4-NEXT: if (reinterpret_cast<unsigned long long>(&[[ARG1]]{{\[}}[[V4]]_0]) % 16ull == 0ull && [[V6]]_0 && [[V6]]_1 && [[V6]]_2 && [[V6]]_3) {
// TREE4-NEXT: *reinterpret_cast<float4*>(&[[ARG1]]{{\[}}[[V4]]_0]) = make_float4([[V16]]_0, [[V16]]_1, [[V16]]_2, [[V16]]_3);
// TREE4-NEXT: } else {
// TREE4-NEXT: if ([[V6]]_0) {
// TREE4-NEXT: [[ARG1]]{{\[}}[[V4]]_0] = [[V16]]_0;
// TREE4-NEXT: }
// TREE4-NEXT: if ([[V6]]_1) {
// TREE4-NEXT: [[ARG1]]{{\[}}[[V4]]_1] = [[V16]]_1;
// TREE4-NEXT: }
// TREE4-NEXT: if ([[V6]]_2) {
// TREE4-NEXT: [[ARG1]]{{\[}}[[V4]]_2] = [[V16]]_2;
// TREE4-NEXT: }
// TREE4-NEXT: if ([[V6]]_3) {
// TREE4-NEXT: [[ARG1]]{{\[}}[[V4]]_3] = [[V16]]_3;
// TREE4-NEXT: }
// TREE4-NEXT: }
// TREE4-NEXT: }
// TREE2: // 512 threads, each owning 2 lanes of the 1024-lane tensors in groups of 2.
// TREE2-NEXT: // Launch: blockDim (512, 1, 1), gridDim (ceil(g0 / 1) * g1, g2, 1); the last two parameters are g0 and g1.
// TREE2-LABEL: extern "C" __global__ void __launch_bounds__(512) softmax_kernel(
// TREE2-SAME: const float* [[ARG0:arg[0-9]+]], float* [[ARG1:arg[0-9]+]], int [[ARG2:arg[0-9]+]], const int num_programs_0, const int num_programs_1) {
// TREE2-NEXT: __shared__ float [[V10:v[0-9]+]]_smem[512];
// TREE2-NEXT: __shared__ float [[V14:v[0-9]+]]_smem[512];
// TREE2-NEXT: const int [[V0:v[0-9]+]] = (int)((unsigned)num_programs_1 == 1u ? blockIdx.x : blockIdx.x / (unsigned)num_programs_1);
// TREE2-NEXT: const int [[V1:v[0-9]+]]_0 = (int)threadIdx.x * 2;
// TREE2-NEXT: const int [[V1]]_1 = [[V1]]_0 + 1;
// TREE2-NEXT: const int [[V2:v[0-9]+]] = (int)((unsigned)[[V0]] * (unsigned)[[ARG2]]);
// TREE2-NEXT: const int [[V4:v[0-9]+]]_0 = (int)((unsigned)[[V2]] + (unsigned)[[V1]]_0);
// TREE2-NEXT: const int [[V4]]_1 = (int)((unsigned)[[V2]] + (unsigned)[[V1]]_1);
// TREE2-NEXT: const bool [[V6:v[0-9]+]]_0 = [[V1]]_0 < [[ARG2]];
// TREE2-NEXT: const bool [[V6]]_1 = [[V1]]_1 < [[ARG2]];
// TREE2-NEXT: float [[V9:v[0-9]+]]_0, [[V9]]_1;
// TREE2-NEXT: if (reinterpret_cast<unsigned long long>(&[[ARG0]]{{\[}}[[V4]]_0]) % 8ull == 0ull && [[V6]]_0 && [[V6]]_1) {
// TREE2-NEXT: const float2 [[V9]]_vec = *reinterpret_cast<const float2*>(&[[ARG0]]{{\[}}[[V4]]_0]);
// TREE2-NEXT: [[V9]]_0 = [[V9]]_vec.x;
// TREE2-NEXT: [[V9]]_1 = [[V9]]_vec.y;
// TREE2-NEXT: } else {
// TREE2-NEXT: [[V9]]_0 = [[V6]]_0 ? [[ARG0]]{{\[}}[[V4]]_0] : (__uint_as_float(0xff800000u) /* -inf */);
// TREE2-NEXT: [[V9]]_1 = [[V6]]_1 ? [[ARG0]]{{\[}}[[V4]]_1] : (__uint_as_float(0xff800000u) /* -inf */);
// TREE2-NEXT: }
// TREE2-NEXT: // [[V10]] = max over the block's 1024 lanes, 2 per thread of 512
// TREE2-NEXT: const float [[V10]]_part = fmaxf([[V9]]_0, [[V9]]_1);
// TREE2-NEXT: float [[V10]]_acc = [[V10]]_part;
// TREE2-NEXT: [[V10]]_smem[threadIdx.x] = [[V10]]_acc;
// TREE2-NEXT: __syncthreads();
// TREE2-NEXT: for (unsigned [[V10]]_stride = 256u; [[V10]]_stride > 0u; [[V10]]_stride >>= 1) {
// TREE2-NEXT: if (threadIdx.x < [[V10]]_stride) {
// TREE2-NEXT: [[V10]]_smem[threadIdx.x] = fmaxf([[V10]]_smem[threadIdx.x], [[V10]]_smem[threadIdx.x + [[V10]]_stride]);
// TREE2-NEXT: }
// TREE2-NEXT: __syncthreads();
// TREE2-NEXT: }
// TREE2-NEXT: const float [[V10]] = [[V10]]_smem[0];
// TREE2-NEXT: const float [[V12:v[0-9]+]]_0 = [[V9]]_0 - [[V10]];
// TREE2-NEXT: const float [[V12]]_1 = [[V9]]_1 - [[V10]];
// TREE2-NEXT: const float [[V13:v[0-9]+]]_0 = expf([[V12]]_0);
// TREE2-NEXT: const float [[V13]]_1 = expf([[V12]]_1);
// TREE2-NEXT: // [[V14]] = sum over the block's 1024 lanes, 2 per thread of 512
// TREE2-NEXT: const float [[V14]]_part = [[V13]]_0 + [[V13]]_1;
// TREE2-NEXT: float [[V14]]_acc = [[V14]]_part;
// TREE2-NEXT: [[V14]]_smem[threadIdx.x] = [[V14]]_acc;
// TREE2-NEXT: __syncthreads();
// TREE2-NEXT: for (unsigned [[V14]]_stride = 256u; [[V14]]_stride > 0u; [[V14]]_stride >>= 1) {
// TREE2-NEXT: if (threadIdx.x < [[V14]]_stride) {
// TREE2-NEXT: [[V14]]_smem[threadIdx.x] += [[V14]]_smem[threadIdx.x + [[V14]]_stride];
// TREE2-NEXT: }
// TREE2-NEXT: __syncthreads();
// TREE2-NEXT: }
// TREE2-NEXT: const float [[V14]] = [[V14]]_smem[0];
// TREE2-NEXT: const float [[V16:v[0-9]+]]_0 = [[V13]]_0 / [[V14]];
// TREE2-NEXT: const float [[V16]]_1 = [[V13]]_1 / [[V14]];
// TREE2-NEXT: if (reinterpret_cast<unsigned long long>(&[[ARG1]]{{\[}}[[V4]]_0]) % 8ull == 0ull && [[V6]]_0 && [[V6]]_1) {
// TREE2-NEXT: *reinterpret_cast<float2*>(&[[ARG1]]{{\[}}[[V4]]_0]) = make_float2([[V16]]_0, [[V16]]_1);
// TREE2-NEXT: } else {
// TREE2-NEXT: if ([[V6]]_0) {
// TREE2-NEXT: [[ARG1]]{{\[}}[[V4]]_0] = [[V16]]_0;
// TREE2-NEXT: }
// TREE2-NEXT: if ([[V6]]_1) {
// TREE2-NEXT: [[ARG1]]{{\[}}[[V4]]_1] = [[V16]]_1;
// TREE2-NEXT: }
// TREE2-NEXT: }
// TREE2-NEXT: }
// E8: // 128 threads, each owning 8 lanes of the 1024-lane tensors in groups of 4.
// E8-NEXT: // Launch: blockDim (128, 1, 1), gridDim (ceil(g0 / 1) * g1, g2, 1); the last two parameters are g0 and g1.
// E8-LABEL: extern "C" __global__ void __launch_bounds__(128) softmax_kernel(
// E8-SAME: const float* [[ARG0:arg[0-9]+]], float* [[ARG1:arg[0-9]+]], int [[ARG2:arg[0-9]+]], const int num_programs_0, const int num_programs_1) {
// E8-NEXT: __shared__ float [[V10:v[0-9]+]]_warp_totals[4];
// E8-NEXT: __shared__ float [[V14:v[0-9]+]]_warp_totals[4];
// E8-NEXT: const int [[V0:v[0-9]+]] = (int)((unsigned)num_programs_1 == 1u ? blockIdx.x : blockIdx.x / (unsigned)num_programs_1);
// E8-NEXT: const int [[V1:v[0-9]+]]_0 = (int)threadIdx.x * 4;
// E8-NEXT: const int [[V1]]_1 = [[V1]]_0 + 1;
// E8-NEXT: const int [[V1]]_2 = [[V1]]_0 + 2;
// E8-NEXT: const int [[V1]]_3 = [[V1]]_0 + 3;
// E8-NEXT: const int [[V1]]_4 = [[V1]]_0 + 512;
// E8-NEXT: const int [[V1]]_5 = [[V1]]_0 + 513;
// E8-NEXT: const int [[V1]]_6 = [[V1]]_0 + 514;
// E8-NEXT: const int [[V1]]_7 = [[V1]]_0 + 515;
// E8-NEXT: const int [[V2:v[0-9]+]] = (int)((unsigned)[[V0]] * (unsigned)[[ARG2]]);
// E8-NEXT: const int [[V4:v[0-9]+]]_0 = (int)((unsigned)[[V2]] + (unsigned)[[V1]]_0);
// E8-NEXT: const int [[V4]]_1 = (int)((unsigned)[[V2]] + (unsigned)[[V1]]_1);
// E8-NEXT: const int [[V4]]_2 = (int)((unsigned)[[V2]] + (unsigned)[[V1]]_2);
// E8-NEXT: const int [[V4]]_3 = (int)((unsigned)[[V2]] + (unsigned)[[V1]]_3);
// E8-NEXT: const int [[V4]]_4 = (int)((unsigned)[[V2]] + (unsigned)[[V1]]_4);
// E8-NEXT: const int [[V4]]_5 = (int)((unsigned)[[V2]] + (unsigned)[[V1]]_5);
// E8-NEXT: const int [[V4]]_6 = (int)((unsigned)[[V2]] + (unsigned)[[V1]]_6);
// E8-NEXT: const int [[V4]]_7 = (int)((unsigned)[[V2]] + (unsigned)[[V1]]_7);
// E8-NEXT: const bool [[V6:v[0-9]+]]_0 = [[V1]]_0 < [[ARG2]];
// E8-NEXT: const bool [[V6]]_1 = [[V1]]_1 < [[ARG2]];
// E8-NEXT: const bool [[V6]]_2 = [[V1]]_2 < [[ARG2]];
// E8-NEXT: const bool [[V6]]_3 = [[V1]]_3 < [[ARG2]];
// E8-NEXT: const bool [[V6]]_4 = [[V1]]_4 < [[ARG2]];
// E8-NEXT: const bool [[V6]]_5 = [[V1]]_5 < [[ARG2]];
// E8-NEXT: const bool [[V6]]_6 = [[V1]]_6 < [[ARG2]];
// E8-NEXT: const bool [[V6]]_7 = [[V1]]_7 < [[ARG2]];
// E8-NEXT: float [[V9:v[0-9]+]]_0, [[V9]]_1, [[V9]]_2, [[V9]]_3, [[V9]]_4, [[V9]]_5, [[V9]]_6, [[V9]]_7;
// E8-NEXT: if (reinterpret_cast<unsigned long long>(&[[ARG0]]{{\[}}[[V4]]_0]) % 16ull == 0ull && [[V6]]_0 && [[V6]]_1 && [[V6]]_2 && [[V6]]_3) {
// E8-NEXT: const float4 [[V9]]_vec = *reinterpret_cast<const float4*>(&[[ARG0]]{{\[}}[[V4]]_0]);
// E8-NEXT: [[V9]]_0 = [[V9]]_vec.x;
// E8-NEXT: [[V9]]_1 = [[V9]]_vec.y;
// E8-NEXT: [[V9]]_2 = [[V9]]_vec.z;
// E8-NEXT: [[V9]]_3 = [[V9]]_vec.w;
// E8-NEXT: } else {
// E8-NEXT: [[V9]]_0 = [[V6]]_0 ? [[ARG0]]{{\[}}[[V4]]_0] : (__uint_as_float(0xff800000u) /* -inf */);
// E8-NEXT: [[V9]]_1 = [[V6]]_1 ? [[ARG0]]{{\[}}[[V4]]_1] : (__uint_as_float(0xff800000u) /* -inf */);
// E8-NEXT: [[V9]]_2 = [[V6]]_2 ? [[ARG0]]{{\[}}[[V4]]_2] : (__uint_as_float(0xff800000u) /* -inf */);
// E8-NEXT: [[V9]]_3 = [[V6]]_3 ? [[ARG0]]{{\[}}[[V4]]_3] : (__uint_as_float(0xff800000u) /* -inf */);
// E8-NEXT: }
// E8-NEXT: if (reinterpret_cast<unsigned long long>(&[[ARG0]]{{\[}}[[V4]]_4]) % 16ull == 0ull && [[V6]]_4 && [[V6]]_5 && [[V6]]_6 && [[V6]]_7) {
// E8-NEXT: const float4 [[V9]]_vec = *reinterpret_cast<const float4*>(&[[ARG0]]{{\[}}[[V4]]_4]);
// E8-NEXT: [[V9]]_4 = [[V9]]_vec.x;
// E8-NEXT: [[V9]]_5 = [[V9]]_vec.y;
// E8-NEXT: [[V9]]_6 = [[V9]]_vec.z;
// E8-NEXT: [[V9]]_7 = [[V9]]_vec.w;
// E8-NEXT: } else {
// E8-NEXT: [[V9]]_4 = [[V6]]_4 ? [[ARG0]]{{\[}}[[V4]]_4] : (__uint_as_float(0xff800000u) /* -inf */);
// E8-NEXT: [[V9]]_5 = [[V6]]_5 ? [[ARG0]]{{\[}}[[V4]]_5] : (__uint_as_float(0xff800000u) /* -inf */);
// E8-NEXT: [[V9]]_6 = [[V6]]_6 ? [[ARG0]]{{\[}}[[V4]]_6] : (__uint_as_float(0xff800000u) /* -inf */);
// E8-NEXT: [[V9]]_7 = [[V6]]_7 ? [[ARG0]]{{\[}}[[V4]]_7] : (__uint_as_float(0xff800000u) /* -inf */);
// E8-NEXT: }
// E8-NEXT: // [[V10]] = max over the block's 1024 lanes, 8 per thread of 128
// E8-NEXT: const float [[V10]]_part = fmaxf([[V9]]_0, [[V9]]_4);
// E8-NEXT: const float [[V10]]_part_1 = fmaxf([[V9]]_1, [[V9]]_5);
// E8-NEXT: const float [[V10]]_part_2 = fmaxf([[V9]]_2, [[V9]]_6);
// E8-NEXT: const float [[V10]]_part_3 = fmaxf([[V9]]_3, [[V9]]_7);
// E8-NEXT: const float [[V10]]_part_4 = fmaxf([[V10]]_part, [[V10]]_part_2);
// E8-NEXT: const float [[V10]]_part_5 = fmaxf([[V10]]_part_1, [[V10]]_part_3);
// E8-NEXT: const float [[V10]]_part_6 = fmaxf([[V10]]_part_4, [[V10]]_part_5);
// E8-NEXT: float [[V10]]_acc = [[V10]]_part_6;
// E8-NEXT: for (int [[V10]]_offset = 16; [[V10]]_offset > 0; [[V10]]_offset >>= 1) {
// E8-NEXT: const float [[V10]]_other = __shfl_xor_sync(0xffffffffu, [[V10]]_acc, [[V10]]_offset);
// E8-NEXT: [[V10]]_acc = fmaxf([[V10]]_acc, [[V10]]_other);
// E8-NEXT: }
// E8-NEXT: if (threadIdx.x % 32u == 0u) {
// E8-NEXT: [[V10]]_warp_totals[threadIdx.x / 32u] = [[V10]]_acc;
// E8-NEXT: }
// E8-NEXT: __syncthreads();
// E8-NEXT: [[V10]]_acc = [[V10]]_warp_totals[threadIdx.x % 4u];
// E8-NEXT: for (int [[V10]]_offset_1 = 2; [[V10]]_offset_1 > 0; [[V10]]_offset_1 >>= 1) {
// E8-NEXT: const float [[V10]]_other_1 = __shfl_xor_sync(0xffffffffu, [[V10]]_acc, [[V10]]_offset_1);
// E8-NEXT: [[V10]]_acc = fmaxf([[V10]]_acc, [[V10]]_other_1);
// E8-NEXT: }
// E8-NEXT: const float [[V10]] = [[V10]]_acc;
// E8-NEXT: const float [[V12:v[0-9]+]]_0 = [[V9]]_0 - [[V10]];
// E8-NEXT: const float [[V12]]_1 = [[V9]]_1 - [[V10]];
// E8-NEXT: const float [[V12]]_2 = [[V9]]_2 - [[V10]];
// E8-NEXT: const float [[V12]]_3 = [[V9]]_3 - [[V10]];
// E8-NEXT: const float [[V12]]_4 = [[V9]]_4 - [[V10]];
// E8-NEXT: const float [[V12]]_5 = [[V9]]_5 - [[V10]];
// E8-NEXT: const float [[V12]]_6 = [[V9]]_6 - [[V10]];
// E8-NEXT: const float [[V12]]_7 = [[V9]]_7 - [[V10]];
// E8-NEXT: const float [[V13:v[0-9]+]]_0 = expf([[V12]]_0);
// E8-NEXT: const float [[V13]]_1 = expf([[V12]]_1);
// E8-NEXT: const float [[V13]]_2 = expf([[V12]]_2);
// E8-NEXT: const float [[V13]]_3 = expf([[V12]]_3);
// E8-NEXT: const float [[V13]]_4 = expf([[V12]]_4);
// E8-NEXT: const float [[V13]]_5 = expf([[V12]]_5);
// E8-NEXT: const float [[V13]]_6 = expf([[V12]]_6);
// E8-NEXT: const float [[V13]]_7 = expf([[V12]]_7);
// E8-NEXT: // [[V14]] = sum over the block's 1024 lanes, 8 per thread of 128
// E8-NEXT: const float [[V14]]_part = [[V13]]_0 + [[V13]]_4;
// E8-NEXT: const float [[V14]]_part_1 = [[V13]]_1 + [[V13]]_5;
// E8-NEXT: const float [[V14]]_part_2 = [[V13]]_2 + [[V13]]_6;
// E8-NEXT: const float [[V14]]_part_3 = [[V13]]_3 + [[V13]]_7;
// E8-NEXT: const float [[V14]]_part_4 = [[V14]]_part + [[V14]]_part_2;
// E8-NEXT: const float [[V14]]_part_5 = [[V14]]_part_1 + [[V14]]_part_3;
// E8-NEXT: const float [[V14]]_part_6 = [[V14]]_part_4 + [[V14]]_part_5;
// E8-NEXT: float [[V14]]_acc = [[V14]]_part_6;
// E8-NEXT: for (int [[V14]]_offset = 16; [[V14]]_offset > 0; [[V14]]_offset >>= 1) {
// E8-NEXT: const float [[V14]]_other = __shfl_xor_sync(0xffffffffu, [[V14]]_acc, [[V14]]_offset);
// E8-NEXT: [[V14]]_acc += [[V14]]_other;
// E8-NEXT: }
// E8-NEXT: if (threadIdx.x % 32u == 0u) {
// E8-NEXT: [[V14]]_warp_totals[threadIdx.x / 32u] = [[V14]]_acc;
// E8-NEXT: }
// E8-NEXT: __syncthreads();
// E8-NEXT: [[V14]]_acc = [[V14]]_warp_totals[threadIdx.x % 4u];
// E8-NEXT: for (int [[V14]]_offset_1 = 2; [[V14]]_offset_1 > 0; [[V14]]_offset_1 >>= 1) {
// E8-NEXT: const float [[V14]]_other_1 = __shfl_xor_sync(0xffffffffu, [[V14]]_acc, [[V14]]_offset_1);
// E8-NEXT: [[V14]]_acc += [[V14]]_other_1;
// E8-NEXT: }
// E8-NEXT: const float [[V14]] = [[V14]]_acc;
// E8-NEXT: const float [[V16:v[0-9]+]]_0 = [[V13]]_0 / [[V14]];
// E8-NEXT: const float [[V16]]_1 = [[V13]]_1 / [[V14]];
// E8-NEXT: const float [[V16]]_2 = [[V13]]_2 / [[V14]];
// E8-NEXT: const float [[V16]]_3 = [[V13]]_3 / [[V14]];
// E8-NEXT: const float [[V16]]_4 = [[V13]]_4 / [[V14]];
// E8-NEXT: const float [[V16]]_5 = [[V13]]_5 / [[V14]];
// E8-NEXT: const float [[V16]]_6 = [[V13]]_6 / [[V14]];
// E8-NEXT: const float [[V16]]_7 = [[V13]]_7 / [[V14]];
// E8-NEXT: if (reinterpret_cast<unsigned long long>(&[[ARG1]]{{\[}}[[V4]]_0]) % 16ull == 0ull && [[V6]]_0 && [[V6]]_1 && [[V6]]_2 && [[V6]]_3) {
// E8-NEXT: *reinterpret_cast<float4*>(&[[ARG1]]{{\[}}[[V4]]_0]) = make_float4([[V16]]_0, [[V16]]_1, [[V16]]_2, [[V16]]_3);
// E8-NEXT: } else {
// E8-NEXT: if ([[V6]]_0) {
// E8-NEXT: [[ARG1]]{{\[}}[[V4]]_0] = [[V16]]_0;
// E8-NEXT: }
// E8-NEXT: if ([[V6]]_1) {
// E8-NEXT: [[ARG1]]{{\[}}[[V4]]_1] = [[V16]]_1;
// E8-NEXT: }
// E8-NEXT: if ([[V6]]_2) {
// E8-NEXT: [[ARG1]]{{\[}}[[V4]]_2] = [[V16]]_2;
// E8-NEXT: }
// E8-NEXT: if ([[V6]]_3) {
// E8-NEXT: [[ARG1]]{{\[}}[[V4]]_3] = [[V16]]_3;
// E8-NEXT: }
// E8-NEXT: }
// E8-NEXT: if (reinterpret_cast<unsigned long long>(&[[ARG1]]{{\[}}[[V4]]_4]) % 16ull == 0ull && [[V6]]_4 && [[V6]]_5 && [[V6]]_6 && [[V6]]_7) {
// E8-NEXT: *reinterpret_cast<float4*>(&[[ARG1]]{{\[}}[[V4]]_4]) = make_float4([[V16]]_4, [[V16]]_5, [[V16]]_6, [[V16]]_7);
// E8-NEXT: } else {
// E8-NEXT: if ([[V6]]_4) {
// E8-NEXT: [[ARG1]]{{\[}}[[V4]]_4] = [[V16]]_4;
// E8-NEXT: }
// E8-NEXT: if ([[V6]]_5) {
// E8-NEXT: [[ARG1]]{{\[}}[[V4]]_5] = [[V16]]_5;
// E8-NEXT: }
// E8-NEXT: if ([[V6]]_6) {
// E8-NEXT: [[ARG1]]{{\[}}[[V4]]_6] = [[V16]]_6;
// E8-NEXT: }
// E8-NEXT: if ([[V6]]_7) {
// E8-NEXT: [[ARG1]]{{\[}}[[V4]]_7] = [[V16]]_7;
// E8-NEXT: }
// E8-NEXT: }
// E8-NEXT: }
tt.func @softmax_kernel(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n_cols: i32) attributes {block_size = 1024 : i32, num_warps = 8 : i32} {
  %row = tt.get_program_id 0 : i32
  %cols = tt.make_range {start = 0 : i32, end = 1024 : i32} : tensor<1024xi32>
  %start = arith.muli %row, %n_cols : i32
  %start_v = tt.splat %start : i32 -> tensor<1024xi32>
  %offsets = arith.addi %start_v, %cols : tensor<1024xi32>
  %n_v = tt.splat %n_cols : i32 -> tensor<1024xi32>
  %mask = arith.cmpi slt, %cols, %n_v : tensor<1024xi32>
  %xp = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %ptrs = tt.addptr %xp, %offsets : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  %ninf = arith.constant 0xFF800000 : f32
  %other = tt.splat %ninf : f32 -> tensor<1024xf32>
  %values = tt.load %ptrs, %mask, %other : tensor<1024x!tt.ptr<f32>>
  %row_max = tt.reduce max %values : tensor<1024xf32> -> f32
  %max_v = tt.splat %row_max : f32 -> tensor<1024xf32>
  %shifted = arith.subf %values, %max_v : tensor<1024xf32>
  %num = math.exp %shifted : tensor<1024xf32>
  %den = tt.reduce sum %num : tensor<1024xf32> -> f32
  %den_v = tt.splat %den : f32 -> tensor<1024xf32>
  %probs = arith.divf %num, %den_v : tensor<1024xf32>
  %op = tt.splat %out : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %optrs = tt.addptr %op, %offsets : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  tt.store %optrs, %probs, %mask : tensor<1024x!tt.ptr<f32>>
  tt.return
}
