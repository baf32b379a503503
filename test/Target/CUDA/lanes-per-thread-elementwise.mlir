// Golden CUDA of the elementwise seed kernels with num_warps (E lanes per
// thread): unrolled registers, float4 (E = 4, two per thread at E = 8) or
// float2 (E = 2) loads and stores when the address is aligned and all the
// group's masks hold, per-lane masked scalar accesses otherwise. Lanes come
// in groups of G = min(E, 4) consecutive lanes, T * G apart (Triton's
// blocked layout): at E = 8 (T = 32) registers 0..3 are lanes 4t..4t+3 and
// registers 4..7 are register 0's lane + 128..131. Written with 256 lanes
// and num_warps = 2 (E = 4); sed makes 4 (E = 2), 1 (E = 8).
// RUN: mytriton-opt --tt-optimize %s | mytriton-translate --emit-cuda | FileCheck %s --check-prefix=E4
// RUN: sed 's/num_warps = 2 :/num_warps = 4 :/' %s | mytriton-opt --tt-optimize | mytriton-translate --emit-cuda | FileCheck %s --check-prefix=E2
// RUN: sed 's/num_warps = 2 :/num_warps = 1 :/' %s | mytriton-opt --tt-optimize | mytriton-translate --emit-cuda | FileCheck %s --check-prefix=E8

// The seed's vector add (BLOCK = 256): a tail masked by n.
// E4: // 64 threads, each owning 4 lanes of the 256-lane tensors in groups of 4.
// E4-NEXT: // Launch: blockDim (64, 1, 1), gridDim (ceil(g0 / 1) * g1, g2, 1); the last two parameters are g0 and g1.
// E4-LABEL: extern "C" __global__ void __launch_bounds__(64) add_kernel(
// E4-SAME: const float* [[ARG0:arg[0-9]+]], const float* [[ARG1:arg[0-9]+]], float* [[ARG2:arg[0-9]+]], int [[ARG3:arg[0-9]+]], const int num_programs_0, const int num_programs_1) {
// E4-NEXT: const int [[V0:v[0-9]+]] = (int)((unsigned)num_programs_1 == 1u ? blockIdx.x : blockIdx.x / (unsigned)num_programs_1);
// E4-NEXT: const int [[V1:v[0-9]+]] = (int)((unsigned)[[V0]] * (unsigned)256);
// E4-NEXT: const int [[V2:v[0-9]+]]_0 = (int)threadIdx.x * 4;
// E4-NEXT: const int [[V2]]_1 = [[V2]]_0 + 1;
// E4-NEXT: const int [[V2]]_2 = [[V2]]_0 + 2;
// E4-NEXT: const int [[V2]]_3 = [[V2]]_0 + 3;
// E4-NEXT: const int [[V4:v[0-9]+]]_0 = (int)((unsigned)[[V1]] + (unsigned)[[V2]]_0);
// E4-NEXT: const int [[V4]]_1 = (int)((unsigned)[[V1]] + (unsigned)[[V2]]_1);
// E4-NEXT: const int [[V4]]_2 = (int)((unsigned)[[V1]] + (unsigned)[[V2]]_2);
// E4-NEXT: const int [[V4]]_3 = (int)((unsigned)[[V1]] + (unsigned)[[V2]]_3);
// E4-NEXT: const bool [[V6:v[0-9]+]]_0 = [[V4]]_0 < [[ARG3]];
// E4-NEXT: const bool [[V6]]_1 = [[V4]]_1 < [[ARG3]];
// E4-NEXT: const bool [[V6]]_2 = [[V4]]_2 < [[ARG3]];
// E4-NEXT: const bool [[V6]]_3 = [[V4]]_3 < [[ARG3]];
// E4-NEXT: float [[V9:v[0-9]+]]_0, [[V9]]_1, [[V9]]_2, [[V9]]_3;
// E4-NEXT: if (reinterpret_cast<unsigned long long>(&[[ARG0]]{{\[}}[[V4]]_0]) % 16ull == 0ull && [[V6]]_0 && [[V6]]_1 && [[V6]]_2 && [[V6]]_3) {
// E4-NEXT: const float4 [[V9]]_vec = *reinterpret_cast<const float4*>(&[[ARG0]]{{\[}}[[V4]]_0]);
// E4-NEXT: [[V9]]_0 = [[V9]]_vec.x;
// E4-NEXT: [[V9]]_1 = [[V9]]_vec.y;
// E4-NEXT: [[V9]]_2 = [[V9]]_vec.z;
// E4-NEXT: [[V9]]_3 = [[V9]]_vec.w;
// E4-NEXT: } else {
// E4-NEXT: [[V9]]_0 = [[V6]]_0 ? [[ARG0]]{{\[}}[[V4]]_0] : 0.0f;
// E4-NEXT: [[V9]]_1 = [[V6]]_1 ? [[ARG0]]{{\[}}[[V4]]_1] : 0.0f;
// E4-NEXT: [[V9]]_2 = [[V6]]_2 ? [[ARG0]]{{\[}}[[V4]]_2] : 0.0f;
// E4-NEXT: [[V9]]_3 = [[V6]]_3 ? [[ARG0]]{{\[}}[[V4]]_3] : 0.0f;
// E4-NEXT: }
// E4-NEXT: float [[V12:v[0-9]+]]_0, [[V12]]_1, [[V12]]_2, [[V12]]_3;
// E4-NEXT: if (reinterpret_cast<unsigned long long>(&[[ARG1]]{{\[}}[[V4]]_0]) % 16ull == 0ull && [[V6]]_0 && [[V6]]_1 && [[V6]]_2 && [[V6]]_3) {
// E4-NEXT: const float4 [[V12]]_vec = *reinterpret_cast<const float4*>(&[[ARG1]]{{\[}}[[V4]]_0]);
// E4-NEXT: [[V12]]_0 = [[V12]]_vec.x;
// E4-NEXT: [[V12]]_1 = [[V12]]_vec.y;
// E4-NEXT: [[V12]]_2 = [[V12]]_vec.z;
// E4-NEXT: [[V12]]_3 = [[V12]]_vec.w;
// E4-NEXT: } else {
// E4-NEXT: [[V12]]_0 = [[V6]]_0 ? [[ARG1]]{{\[}}[[V4]]_0] : 0.0f;
// E4-NEXT: [[V12]]_1 = [[V6]]_1 ? [[ARG1]]{{\[}}[[V4]]_1] : 0.0f;
// E4-NEXT: [[V12]]_2 = [[V6]]_2 ? [[ARG1]]{{\[}}[[V4]]_2] : 0.0f;
// E4-NEXT: [[V12]]_3 = [[V6]]_3 ? [[ARG1]]{{\[}}[[V4]]_3] : 0.0f;
// E4-NEXT: }
// E4-NEXT: const float [[V13:v[0-9]+]]_0 = [[V9]]_0 + [[V12]]_0;
// E4-NEXT: const float [[V13]]_1 = [[V9]]_1 + [[V12]]_1;
// E4-NEXT: const float [[V13]]_2 = [[V9]]_2 + [[V12]]_2;
// E4-NEXT: const float [[V13]]_3 = [[V9]]_3 + [[V12]]_3;
// E4-NEXT: if (reinterpret_cast<unsigned long long>(&[[ARG2]]{{\[}}[[V4]]_0]) % 16ull == 0ull && [[V6]]_0 && [[V6]]_1 && [[V6]]_2 && [[V6]]_3) {
// E4-NEXT: *reinterpret_cast<float4*>(&[[ARG2]]{{\[}}[[V4]]_0]) = make_float4([[V13]]_0, [[V13]]_1, [[V13]]_2, [[V13]]_3);
// E4-NEXT: } else {
// E4-NEXT: if ([[V6]]_0) {
// E4-NEXT: [[ARG2]]{{\[}}[[V4]]_0] = [[V13]]_0;
// E4-NEXT: }
// E4-NEXT: if ([[V6]]_1) {
// E4-NEXT: [[ARG2]]{{\[}}[[V4]]_1] = [[V13]]_1;
// E4-NEXT: }
// E4-NEXT: if ([[V6]]_2) {
// E4-NEXT: [[ARG2]]{{\[}}[[V4]]_2] = [[V13]]_2;
// E4-NEXT: }
// E4-NEXT: if ([[V6]]_3) {
// E4-NEXT: [[ARG2]]{{\[}}[[V4]]_3] = [[V13]]_3;
// E4-NEXT: }
// E4-NEXT: }
// E4-NEXT: }
// E2: // 128 threads, each owning 2 lanes of the 256-lane tensors in groups of 2.
// E2-NEXT: // Launch: blockDim (128, 1, 1), gridDim (ceil(g0 / 1) * g1, g2, 1); the last two parameters are g0 and g1.
// E2-LABEL: extern "C" __global__ void __launch_bounds__(128) add_kernel(
// E2-SAME: const float* [[ARG0:arg[0-9]+]], const float* [[ARG1:arg[0-9]+]], float* [[ARG2:arg[0-9]+]], int [[ARG3:arg[0-9]+]], const int num_programs_0, const int num_programs_1) {
// E2-NEXT: const int [[V0:v[0-9]+]] = (int)((unsigned)num_programs_1 == 1u ? blockIdx.x : blockIdx.x / (unsigned)num_programs_1);
// E2-NEXT: const int [[V1:v[0-9]+]] = (int)((unsigned)[[V0]] * (unsigned)256);
// E2-NEXT: const int [[V2:v[0-9]+]]_0 = (int)threadIdx.x * 2;
// E2-NEXT: const int [[V2]]_1 = [[V2]]_0 + 1;
// E2-NEXT: const int [[V4:v[0-9]+]]_0 = (int)((unsigned)[[V1]] + (unsigned)[[V2]]_0);
// E2-NEXT: const int [[V4]]_1 = (int)((unsigned)[[V1]] + (unsigned)[[V2]]_1);
// E2-NEXT: const bool [[V6:v[0-9]+]]_0 = [[V4]]_0 < [[ARG3]];
// E2-NEXT: const bool [[V6]]_1 = [[V4]]_1 < [[ARG3]];
// E2-NEXT: float [[V9:v[0-9]+]]_0, [[V9]]_1;
// E2-NEXT: if (reinterpret_cast<unsigned long long>(&[[ARG0]]{{\[}}[[V4]]_0]) % 8ull == 0ull && [[V6]]_0 && [[V6]]_1) {
// E2-NEXT: const float2 [[V9]]_vec = *reinterpret_cast<const float2*>(&[[ARG0]]{{\[}}[[V4]]_0]);
// E2-NEXT: [[V9]]_0 = [[V9]]_vec.x;
// E2-NEXT: [[V9]]_1 = [[V9]]_vec.y;
// E2-NEXT: } else {
// E2-NEXT: [[V9]]_0 = [[V6]]_0 ? [[ARG0]]{{\[}}[[V4]]_0] : 0.0f;
// E2-NEXT: [[V9]]_1 = [[V6]]_1 ? [[ARG0]]{{\[}}[[V4]]_1] : 0.0f;
// E2-NEXT: }
// E2-NEXT: float [[V12:v[0-9]+]]_0, [[V12]]_1;
// E2-NEXT: if (reinterpret_cast<unsigned long long>(&[[ARG1]]{{\[}}[[V4]]_0]) % 8ull == 0ull && [[V6]]_0 && [[V6]]_1) {
// E2-NEXT: const float2 [[V12]]_vec = *reinterpret_cast<const float2*>(&[[ARG1]]{{\[}}[[V4]]_0]);
// E2-NEXT: [[V12]]_0 = [[V12]]_vec.x;
// E2-NEXT: [[V12]]_1 = [[V12]]_vec.y;
// E2-NEXT: } else {
// E2-NEXT: [[V12]]_0 = [[V6]]_0 ? [[ARG1]]{{\[}}[[V4]]_0] : 0.0f;
// E2-NEXT: [[V12]]_1 = [[V6]]_1 ? [[ARG1]]{{\[}}[[V4]]_1] : 0.0f;
// E2-NEXT: }
// E2-NEXT: const float [[V13:v[0-9]+]]_0 = [[V9]]_0 + [[V12]]_0;
// E2-NEXT: const float [[V13]]_1 = [[V9]]_1 + [[V12]]_1;
// E2-NEXT: if (reinterpret_cast<unsigned long long>(&[[ARG2]]{{\[}}[[V4]]_0]) % 8ull == 0ull && [[V6]]_0 && [[V6]]_1) {
// E2-NEXT: *reinterpret_cast<float2*>(&[[ARG2]]{{\[}}[[V4]]_0]) = make_float2([[V13]]_0, [[V13]]_1);
// E2-NEXT: } else {
// E2-NEXT: if ([[V6]]_0) {
// E2-NEXT: [[ARG2]]{{\[}}[[V4]]_0] = [[V13]]_0;
// E2-NEXT: }
// E2-NEXT: if ([[V6]]_1) {
// E2-NEXT: [[ARG2]]{{\[}}[[V4]]_1] = [[V13]]_1;
// E2-NEXT: }
// E2-NEXT: }
// E2-NEXT: }
// E8: // 32 threads, each owning 8 lanes of the 256-lane tensors in groups of 4.
// E8-NEXT: // Launch: blockDim (32, 1, 1), gridDim (ceil(g0 / 1) * g1, g2, 1); the last two parameters are g0 and g1.
// E8-LABEL: extern "C" __global__ void __launch_bounds__(32) add_kernel(
// E8-SAME: const float* [[ARG0:arg[0-9]+]], const float* [[ARG1:arg[0-9]+]], float* [[ARG2:arg[0-9]+]], int [[ARG3:arg[0-9]+]], const int num_programs_0, const int num_programs_1) {
// E8-NEXT: const int [[V0:v[0-9]+]] = (int)((unsigned)num_programs_1 == 1u ? blockIdx.x : blockIdx.x / (unsigned)num_programs_1);
// E8-NEXT: const int [[V1:v[0-9]+]] = (int)((unsigned)[[V0]] * (unsigned)256);
// E8-NEXT: const int [[V2:v[0-9]+]]_0 = (int)threadIdx.x * 4;
// E8-NEXT: const int [[V2]]_1 = [[V2]]_0 + 1;
// E8-NEXT: const int [[V2]]_2 = [[V2]]_0 + 2;
// E8-NEXT: const int [[V2]]_3 = [[V2]]_0 + 3;
// E8-NEXT: const int [[V2]]_4 = [[V2]]_0 + 128;
// E8-NEXT: const int [[V2]]_5 = [[V2]]_0 + 129;
// E8-NEXT: const int [[V2]]_6 = [[V2]]_0 + 130;
// E8-NEXT: const int [[V2]]_7 = [[V2]]_0 + 131;
// E8-NEXT: const int [[V4:v[0-9]+]]_0 = (int)((unsigned)[[V1]] + (unsigned)[[V2]]_0);
// E8-NEXT: const int [[V4]]_1 = (int)((unsigned)[[V1]] + (unsigned)[[V2]]_1);
// E8-NEXT: const int [[V4]]_2 = (int)((unsigned)[[V1]] + (unsigned)[[V2]]_2);
// E8-NEXT: const int [[V4]]_3 = (int)((unsigned)[[V1]] + (unsigned)[[V2]]_3);
// E8-NEXT: const int [[V4]]_4 = (int)((unsigned)[[V1]] + (unsigned)[[V2]]_4);
// E8-NEXT: const int [[V4]]_5 = (int)((unsigned)[[V1]] + (unsigned)[[V2]]_5);
// E8-NEXT: const int [[V4]]_6 = (int)((unsigned)[[V1]] + (unsigned)[[V2]]_6);
// E8-NEXT: const int [[V4]]_7 = (int)((unsigned)[[V1]] + (unsigned)[[V2]]_7);
// E8-NEXT: const bool [[V6:v[0-9]+]]_0 = [[V4]]_0 < [[ARG3]];
// E8-NEXT: const bool [[V6]]_1 = [[V4]]_1 < [[ARG3]];
// E8-NEXT: const bool [[V6]]_2 = [[V4]]_2 < [[ARG3]];
// E8-NEXT: const bool [[V6]]_3 = [[V4]]_3 < [[ARG3]];
// E8-NEXT: const bool [[V6]]_4 = [[V4]]_4 < [[ARG3]];
// E8-NEXT: const bool [[V6]]_5 = [[V4]]_5 < [[ARG3]];
// E8-NEXT: const bool [[V6]]_6 = [[V4]]_6 < [[ARG3]];
// E8-NEXT: const bool [[V6]]_7 = [[V4]]_7 < [[ARG3]];
// E8-NEXT: float [[V9:v[0-9]+]]_0, [[V9]]_1, [[V9]]_2, [[V9]]_3, [[V9]]_4, [[V9]]_5, [[V9]]_6, [[V9]]_7;
// E8-NEXT: if (reinterpret_cast<unsigned long long>(&[[ARG0]]{{\[}}[[V4]]_0]) % 16ull == 0ull && [[V6]]_0 && [[V6]]_1 && [[V6]]_2 && [[V6]]_3) {
// E8-NEXT: const float4 [[V9]]_vec = *reinterpret_cast<const float4*>(&[[ARG0]]{{\[}}[[V4]]_0]);
// E8-NEXT: [[V9]]_0 = [[V9]]_vec.x;
// E8-NEXT: [[V9]]_1 = [[V9]]_vec.y;
// E8-NEXT: [[V9]]_2 = [[V9]]_vec.z;
// E8-NEXT: [[V9]]_3 = [[V9]]_vec.w;
// E8-NEXT: } else {
// E8-NEXT: [[V9]]_0 = [[V6]]_0 ? [[ARG0]]{{\[}}[[V4]]_0] : 0.0f;
// E8-NEXT: [[V9]]_1 = [[V6]]_1 ? [[ARG0]]{{\[}}[[V4]]_1] : 0.0f;
// E8-NEXT: [[V9]]_2 = [[V6]]_2 ? [[ARG0]]{{\[}}[[V4]]_2] : 0.0f;
// E8-NEXT: [[V9]]_3 = [[V6]]_3 ? [[ARG0]]{{\[}}[[V4]]_3] : 0.0f;
// E8-NEXT: }
// E8-NEXT: if (reinterpret_cast<unsigned long long>(&[[ARG0]]{{\[}}[[V4]]_4]) % 16ull == 0ull && [[V6]]_4 && [[V6]]_5 && [[V6]]_6 && [[V6]]_7) {
// E8-NEXT: const float4 [[V9]]_vec = *reinterpret_cast<const float4*>(&[[ARG0]]{{\[}}[[V4]]_4]);
// E8-NEXT: [[V9]]_4 = [[V9]]_vec.x;
// E8-NEXT: [[V9]]_5 = [[V9]]_vec.y;
// E8-NEXT: [[V9]]_6 = [[V9]]_vec.z;
// E8-NEXT: [[V9]]_7 = [[V9]]_vec.w;
// E8-NEXT: } else {
// E8-NEXT: [[V9]]_4 = [[V6]]_4 ? [[ARG0]]{{\[}}[[V4]]_4] : 0.0f;
// E8-NEXT: [[V9]]_5 = [[V6]]_5 ? [[ARG0]]{{\[}}[[V4]]_5] : 0.0f;
// E8-NEXT: [[V9]]_6 = [[V6]]_6 ? [[ARG0]]{{\[}}[[V4]]_6] : 0.0f;
// E8-NEXT: [[V9]]_7 = [[V6]]_7 ? [[ARG0]]{{\[}}[[V4]]_7] : 0.0f;
// E8-NEXT: }
// E8-NEXT: float [[V12:v[0-9]+]]_0, [[V12]]_1, [[V12]]_2, [[V12]]_3, [[V12]]_4, [[V12]]_5, [[V12]]_6, [[V12]]_7;
// E8-NEXT: if (reinterpret_cast<unsigned long long>(&[[ARG1]]{{\[}}[[V4]]_0]) % 16ull == 0ull && [[V6]]_0 && [[V6]]_1 && [[V6]]_2 && [[V6]]_3) {
// E8-NEXT: const float4 [[V12]]_vec = *reinterpret_cast<const float4*>(&[[ARG1]]{{\[}}[[V4]]_0]);
// E8-NEXT: [[V12]]_0 = [[V12]]_vec.x;
// E8-NEXT: [[V12]]_1 = [[V12]]_vec.y;
// E8-NEXT: [[V12]]_2 = [[V12]]_vec.z;
// E8-NEXT: [[V12]]_3 = [[V12]]_vec.w;
// E8-NEXT: } else {
// E8-NEXT: [[V12]]_0 = [[V6]]_0 ? [[ARG1]]{{\[}}[[V4]]_0] : 0.0f;
// E8-NEXT: [[V12]]_1 = [[V6]]_1 ? [[ARG1]]{{\[}}[[V4]]_1] : 0.0f;
// E8-NEXT: [[V12]]_2 = [[V6]]_2 ? [[ARG1]]{{\[}}[[V4]]_2] : 0.0f;
// E8-NEXT: [[V12]]_3 = [[V6]]_3 ? [[ARG1]]{{\[}}[[V4]]_3] : 0.0f;
// E8-NEXT: }
// E8-NEXT: if (reinterpret_cast<unsigned long long>(&[[ARG1]]{{\[}}[[V4]]_4]) % 16ull == 0ull && [[V6]]_4 && [[V6]]_5 && [[V6]]_6 && [[V6]]_7) {
// E8-NEXT: const float4 [[V12]]_vec = *reinterpret_cast<const float4*>(&[[ARG1]]{{\[}}[[V4]]_4]);
// E8-NEXT: [[V12]]_4 = [[V12]]_vec.x;
// E8-NEXT: [[V12]]_5 = [[V12]]_vec.y;
// E8-NEXT: [[V12]]_6 = [[V12]]_vec.z;
// E8-NEXT: [[V12]]_7 = [[V12]]_vec.w;
// E8-NEXT: } else {
// E8-NEXT: [[V12]]_4 = [[V6]]_4 ? [[ARG1]]{{\[}}[[V4]]_4] : 0.0f;
// E8-NEXT: [[V12]]_5 = [[V6]]_5 ? [[ARG1]]{{\[}}[[V4]]_5] : 0.0f;
// E8-NEXT: [[V12]]_6 = [[V6]]_6 ? [[ARG1]]{{\[}}[[V4]]_6] : 0.0f;
// E8-NEXT: [[V12]]_7 = [[V6]]_7 ? [[ARG1]]{{\[}}[[V4]]_7] : 0.0f;
// E8-NEXT: }
// E8-NEXT: const float [[V13:v[0-9]+]]_0 = [[V9]]_0 + [[V12]]_0;
// E8-NEXT: const float [[V13]]_1 = [[V9]]_1 + [[V12]]_1;
// E8-NEXT: const float [[V13]]_2 = [[V9]]_2 + [[V12]]_2;
// E8-NEXT: const float [[V13]]_3 = [[V9]]_3 + [[V12]]_3;
// E8-NEXT: const float [[V13]]_4 = [[V9]]_4 + [[V12]]_4;
// E8-NEXT: const float [[V13]]_5 = [[V9]]_5 + [[V12]]_5;
// E8-NEXT: const float [[V13]]_6 = [[V9]]_6 + [[V12]]_6;
// E8-NEXT: const float [[V13]]_7 = [[V9]]_7 + [[V12]]_7;
// E8-NEXT: if (reinterpret_cast<unsigned long long>(&[[ARG2]]{{\[}}[[V4]]_0]) % 16ull == 0ull && [[V6]]_0 && [[V6]]_1 && [[V6]]_2 && [[V6]]_3) {
// E8-NEXT: *reinterpret_cast<float4*>(&[[ARG2]]{{\[}}[[V4]]_0]) = make_float4([[V13]]_0, [[V13]]_1, [[V13]]_2, [[V13]]_3);
// E8-NEXT: } else {
// E8-NEXT: if ([[V6]]_0) {
// E8-NEXT: [[ARG2]]{{\[}}[[V4]]_0] = [[V13]]_0;
// E8-NEXT: }
// E8-NEXT: if ([[V6]]_1) {
// E8-NEXT: [[ARG2]]{{\[}}[[V4]]_1] = [[V13]]_1;
// E8-NEXT: }
// E8-NEXT: if ([[V6]]_2) {
// E8-NEXT: [[ARG2]]{{\[}}[[V4]]_2] = [[V13]]_2;
// E8-NEXT: }
// E8-NEXT: if ([[V6]]_3) {
// E8-NEXT: [[ARG2]]{{\[}}[[V4]]_3] = [[V13]]_3;
// E8-NEXT: }
// E8-NEXT: }
// E8-NEXT: if (reinterpret_cast<unsigned long long>(&[[ARG2]]{{\[}}[[V4]]_4]) % 16ull == 0ull && [[V6]]_4 && [[V6]]_5 && [[V6]]_6 && [[V6]]_7) {
// E8-NEXT: *reinterpret_cast<float4*>(&[[ARG2]]{{\[}}[[V4]]_4]) = make_float4([[V13]]_4, [[V13]]_5, [[V13]]_6, [[V13]]_7);
// E8-NEXT: } else {
// E8-NEXT: if ([[V6]]_4) {
// E8-NEXT: [[ARG2]]{{\[}}[[V4]]_4] = [[V13]]_4;
// E8-NEXT: }
// E8-NEXT: if ([[V6]]_5) {
// E8-NEXT: [[ARG2]]{{\[}}[[V4]]_5] = [[V13]]_5;
// E8-NEXT: }
// E8-NEXT: if ([[V6]]_6) {
// E8-NEXT: [[ARG2]]{{\[}}[[V4]]_6] = [[V13]]_6;
// E8-NEXT: }
// E8-NEXT: if ([[V6]]_7) {
// E8-NEXT: [[ARG2]]{{\[}}[[V4]]_7] = [[V13]]_7;
// E8-NEXT: }
// E8-NEXT: }
// E8-NEXT: }
tt.func @add_kernel(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n: i32) attributes {block_size = 256 : i32, num_warps = 2 : i32} {
  %pid = tt.get_program_id 0 : i32
  %c256 = arith.constant 256 : i32
  %start = arith.muli %pid, %c256 : i32
  %range = tt.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %start_v = tt.splat %start : i32 -> tensor<256xi32>
  %offs = arith.addi %start_v, %range : tensor<256xi32>
  %n_v = tt.splat %n : i32 -> tensor<256xi32>
  %mask = arith.cmpi slt, %offs, %n_v : tensor<256xi32>
  %xp = tt.splat %x : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %xptrs = tt.addptr %xp, %offs : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  %xv = tt.load %xptrs, %mask : tensor<256x!tt.ptr<f32>>
  %yp = tt.splat %y : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %yptrs = tt.addptr %yp, %offs : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  %n_v2 = tt.splat %n : i32 -> tensor<256xi32>
  %mask2 = arith.cmpi slt, %offs, %n_v2 : tensor<256xi32>
  %yv = tt.load %yptrs, %mask2 : tensor<256x!tt.ptr<f32>>
  %sum = arith.addf %xv, %yv : tensor<256xf32>
  %op = tt.splat %out : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %optrs = tt.addptr %op, %offs : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  tt.store %optrs, %sum, %mask : tensor<256x!tt.ptr<f32>>
  tt.return
}

// The seed's matrix add: row pid 0, 256-column block pid 1, columns masked.
// E4: // 64 threads, each owning 4 lanes of the 256-lane tensors in groups of 4.
// E4-NEXT: // Launch: blockDim (64, 1, 1), gridDim (ceil(g0 / 1) * g1, g2, 1); the last two parameters are g0 and g1.
// E4-LABEL: extern "C" __global__ void __launch_bounds__(64) matrix_add_kernel(
// E4-SAME: const float* [[ARG0:arg[0-9]+]], const float* [[ARG1:arg[0-9]+]], float* [[ARG2:arg[0-9]+]], int [[ARG3:arg[0-9]+]], const int num_programs_0, const int num_programs_1) {
// E4-NEXT: const int [[V0:v[0-9]+]] = (int)((unsigned)num_programs_1 == 1u ? blockIdx.x : blockIdx.x / (unsigned)num_programs_1);
// E4-NEXT: const int [[V1:v[0-9]+]] = (int)((unsigned)num_programs_1 == 1u ? 0u : blockIdx.x % (unsigned)num_programs_1);
// E4-NEXT: const int [[V2:v[0-9]+]] = (int)((unsigned)[[V1]] * (unsigned)256);
// E4-NEXT: const int [[V3:v[0-9]+]]_0 = (int)threadIdx.x * 4;
// E4-NEXT: const int [[V3]]_1 = [[V3]]_0 + 1;
// E4-NEXT: const int [[V3]]_2 = [[V3]]_0 + 2;
// E4-NEXT: const int [[V3]]_3 = [[V3]]_0 + 3;
// E4-NEXT: const int [[V5:v[0-9]+]]_0 = (int)((unsigned)[[V2]] + (unsigned)[[V3]]_0);
// E4-NEXT: const int [[V5]]_1 = (int)((unsigned)[[V2]] + (unsigned)[[V3]]_1);
// E4-NEXT: const int [[V5]]_2 = (int)((unsigned)[[V2]] + (unsigned)[[V3]]_2);
// E4-NEXT: const int [[V5]]_3 = (int)((unsigned)[[V2]] + (unsigned)[[V3]]_3);
// E4-NEXT: const int [[V6:v[0-9]+]] = (int)((unsigned)[[V0]] * (unsigned)[[ARG3]]);
// E4-NEXT: const int [[V8:v[0-9]+]]_0 = (int)((unsigned)[[V6]] + (unsigned)[[V5]]_0);
// E4-NEXT: const int [[V8]]_1 = (int)((unsigned)[[V6]] + (unsigned)[[V5]]_1);
// E4-NEXT: const int [[V8]]_2 = (int)((unsigned)[[V6]] + (unsigned)[[V5]]_2);
// E4-NEXT: const int [[V8]]_3 = (int)((unsigned)[[V6]] + (unsigned)[[V5]]_3);
// E4-NEXT: const bool [[V10:v[0-9]+]]_0 = [[V5]]_0 < [[ARG3]];
// E4-NEXT: const bool [[V10]]_1 = [[V5]]_1 < [[ARG3]];
// E4-NEXT: const bool [[V10]]_2 = [[V5]]_2 < [[ARG3]];
// E4-NEXT: const bool [[V10]]_3 = [[V5]]_3 < [[ARG3]];
// E4-NEXT: float [[V13:v[0-9]+]]_0, [[V13]]_1, [[V13]]_2, [[V13]]_3;
// E4-NEXT: if (reinterpret_cast<unsigned long long>(&[[ARG0]]{{\[}}[[V8]]_0]) % 16ull == 0ull && [[V10]]_0 && [[V10]]_1 && [[V10]]_2 && [[V10]]_3) {
// E4-NEXT: const float4 [[V13]]_vec = *reinterpret_cast<const float4*>(&[[ARG0]]{{\[}}[[V8]]_0]);
// E4-NEXT: [[V13]]_0 = [[V13]]_vec.x;
// E4-NEXT: [[V13]]_1 = [[V13]]_vec.y;
// E4-NEXT: [[V13]]_2 = [[V13]]_vec.z;
// E4-NEXT: [[V13]]_3 = [[V13]]_vec.w;
// E4-NEXT: } else {
// E4-NEXT: [[V13]]_0 = [[V10]]_0 ? [[ARG0]]{{\[}}[[V8]]_0] : 0.0f;
// E4-NEXT: [[V13]]_1 = [[V10]]_1 ? [[ARG0]]{{\[}}[[V8]]_1] : 0.0f;
// E4-NEXT: [[V13]]_2 = [[V10]]_2 ? [[ARG0]]{{\[}}[[V8]]_2] : 0.0f;
// E4-NEXT: [[V13]]_3 = [[V10]]_3 ? [[ARG0]]{{\[}}[[V8]]_3] : 0.0f;
// E4-NEXT: }
// E4-NEXT: float [[V16:v[0-9]+]]_0, [[V16]]_1, [[V16]]_2, [[V16]]_3;
// E4-NEXT: if (reinterpret_cast<unsigned long long>(&[[ARG1]]{{\[}}[[V8]]_0]) % 16ull == 0ull && [[V10]]_0 && [[V10]]_1 && [[V10]]_2 && [[V10]]_3) {
// E4-NEXT: const float4 [[V16]]_vec = *reinterpret_cast<const float4*>(&[[ARG1]]{{\[}}[[V8]]_0]);
// E4-NEXT: [[V16]]_0 = [[V16]]_vec.x;
// E4-NEXT: [[V16]]_1 = [[V16]]_vec.y;
// E4-NEXT: [[V16]]_2 = [[V16]]_vec.z;
// E4-NEXT: [[V16]]_3 = [[V16]]_vec.w;
// E4-NEXT: } else {
// E4-NEXT: [[V16]]_0 = [[V10]]_0 ? [[ARG1]]{{\[}}[[V8]]_0] : 0.0f;
// E4-NEXT: [[V16]]_1 = [[V10]]_1 ? [[ARG1]]{{\[}}[[V8]]_1] : 0.0f;
// E4-NEXT: [[V16]]_2 = [[V10]]_2 ? [[ARG1]]{{\[}}[[V8]]_2] : 0.0f;
// E4-NEXT: [[V16]]_3 = [[V10]]_3 ? [[ARG1]]{{\[}}[[V8]]_3] : 0.0f;
// E4-NEXT: }
// E4-NEXT: const float [[V17:v[0-9]+]]_0 = [[V13]]_0 + [[V16]]_0;
// E4-NEXT: const float [[V17]]_1 = [[V13]]_1 + [[V16]]_1;
// E4-NEXT: const float [[V17]]_2 = [[V13]]_2 + [[V16]]_2;
// E4-NEXT: const float [[V17]]_3 = [[V13]]_3 + [[V16]]_3;
// E4-NEXT: if (reinterpret_cast<unsigned long long>(&[[ARG2]]{{\[}}[[V8]]_0]) % 16ull == 0ull && [[V10]]_0 && [[V10]]_1 && [[V10]]_2 && [[V10]]_3) {
// E4-NEXT: *reinterpret_cast<float4*>(&[[ARG2]]{{\[}}[[V8]]_0]) = make_float4([[V17]]_0, [[V17]]_1, [[V17]]_2, [[V17]]_3);
// E4-NEXT: } else {
// E4-NEXT: if ([[V10]]_0) {
// E4-NEXT: [[ARG2]]{{\[}}[[V8]]_0] = [[V17]]_0;
// E4-NEXT: }
// E4-NEXT: if ([[V10]]_1) {
// E4-NEXT: [[ARG2]]{{\[}}[[V8]]_1] = [[V17]]_1;
// E4-NEXT: }
// E4-NEXT: if ([[V10]]_2) {
// E4-NEXT: [[ARG2]]{{\[}}[[V8]]_2] = [[V17]]_2;
// E4-NEXT: }
// E4-NEXT: if ([[V10]]_3) {
// E4-NEXT: [[ARG2]]{{\[}}[[V8]]_3] = [[V17]]_3;
// E4-NEXT: }
// E4-NEXT: }
// E4-NEXT: }
// E2: // 128 threads, each owning 2 lanes of the 256-lane tensors in groups of 2.
// E2-NEXT: // Launch: blockDim (128, 1, 1), gridDim (ceil(g0 / 1) * g1, g2, 1); the last two parameters are g0 and g1.
// E2-LABEL: extern "C" __global__ void __launch_bounds__(128) matrix_add_kernel(
// E2-SAME: const float* [[ARG0:arg[0-9]+]], const float* [[ARG1:arg[0-9]+]], float* [[ARG2:arg[0-9]+]], int [[ARG3:arg[0-9]+]], const int num_programs_0, const int num_programs_1) {
// E2-NEXT: const int [[V0:v[0-9]+]] = (int)((unsigned)num_programs_1 == 1u ? blockIdx.x : blockIdx.x / (unsigned)num_programs_1);
// E2-NEXT: const int [[V1:v[0-9]+]] = (int)((unsigned)num_programs_1 == 1u ? 0u : blockIdx.x % (unsigned)num_programs_1);
// E2-NEXT: const int [[V2:v[0-9]+]] = (int)((unsigned)[[V1]] * (unsigned)256);
// E2-NEXT: const int [[V3:v[0-9]+]]_0 = (int)threadIdx.x * 2;
// E2-NEXT: const int [[V3]]_1 = [[V3]]_0 + 1;
// E2-NEXT: const int [[V5:v[0-9]+]]_0 = (int)((unsigned)[[V2]] + (unsigned)[[V3]]_0);
// E2-NEXT: const int [[V5]]_1 = (int)((unsigned)[[V2]] + (unsigned)[[V3]]_1);
// E2-NEXT: const int [[V6:v[0-9]+]] = (int)((unsigned)[[V0]] * (unsigned)[[ARG3]]);
// E2-NEXT: const int [[V8:v[0-9]+]]_0 = (int)((unsigned)[[V6]] + (unsigned)[[V5]]_0);
// E2-NEXT: const int [[V8]]_1 = (int)((unsigned)[[V6]] + (unsigned)[[V5]]_1);
// E2-NEXT: const bool [[V10:v[0-9]+]]_0 = [[V5]]_0 < [[ARG3]];
// E2-NEXT: const bool [[V10]]_1 = [[V5]]_1 < [[ARG3]];
// E2-NEXT: float [[V13:v[0-9]+]]_0, [[V13]]_1;
// E2-NEXT: if (reinterpret_cast<unsigned long long>(&[[ARG0]]{{\[}}[[V8]]_0]) % 8ull == 0ull && [[V10]]_0 && [[V10]]_1) {
// E2-NEXT: const float2 [[V13]]_vec = *reinterpret_cast<const float2*>(&[[ARG0]]{{\[}}[[V8]]_0]);
// E2-NEXT: [[V13]]_0 = [[V13]]_vec.x;
// E2-NEXT: [[V13]]_1 = [[V13]]_vec.y;
// E2-NEXT: } else {
// E2-NEXT: [[V13]]_0 = [[V10]]_0 ? [[ARG0]]{{\[}}[[V8]]_0] : 0.0f;
// E2-NEXT: [[V13]]_1 = [[V10]]_1 ? [[ARG0]]{{\[}}[[V8]]_1] : 0.0f;
// E2-NEXT: }
// E2-NEXT: float [[V16:v[0-9]+]]_0, [[V16]]_1;
// E2-NEXT: if (reinterpret_cast<unsigned long long>(&[[ARG1]]{{\[}}[[V8]]_0]) % 8ull == 0ull && [[V10]]_0 && [[V10]]_1) {
// E2-NEXT: const float2 [[V16]]_vec = *reinterpret_cast<const float2*>(&[[ARG1]]{{\[}}[[V8]]_0]);
// E2-NEXT: [[V16]]_0 = [[V16]]_vec.x;
// E2-NEXT: [[V16]]_1 = [[V16]]_vec.y;
// E2-NEXT: } else {
// E2-NEXT: [[V16]]_0 = [[V10]]_0 ? [[ARG1]]{{\[}}[[V8]]_0] : 0.0f;
// E2-NEXT: [[V16]]_1 = [[V10]]_1 ? [[ARG1]]{{\[}}[[V8]]_1] : 0.0f;
// E2-NEXT: }
// E2-NEXT: const float [[V17:v[0-9]+]]_0 = [[V13]]_0 + [[V16]]_0;
// E2-NEXT: const float [[V17]]_1 = [[V13]]_1 + [[V16]]_1;
// E2-NEXT: if (reinterpret_cast<unsigned long long>(&[[ARG2]]{{\[}}[[V8]]_0]) % 8ull == 0ull && [[V10]]_0 && [[V10]]_1) {
// E2-NEXT: *reinterpret_cast<float2*>(&[[ARG2]]{{\[}}[[V8]]_0]) = make_float2([[V17]]_0, [[V17]]_1);
// E2-NEXT: } else {
// E2-NEXT: if ([[V10]]_0) {
// E2-NEXT: [[ARG2]]{{\[}}[[V8]]_0] = [[V17]]_0;
// E2-NEXT: }
// E2-NEXT: if ([[V10]]_1) {
// E2-NEXT: [[ARG2]]{{\[}}[[V8]]_1] = [[V17]]_1;
// E2-NEXT: }
// E2-NEXT: }
// E2-NEXT: }
// E8: // 32 threads, each owning 8 lanes of the 256-lane tensors in groups of 4.
// E8-NEXT: // Launch: blockDim (32, 1, 1), gridDim (ceil(g0 / 1) * g1, g2, 1); the last two parameters are g0 and g1.
// E8-LABEL: extern "C" __global__ void __launch_bounds__(32) matrix_add_kernel(
// E8-SAME: const float* [[ARG0:arg[0-9]+]], const float* [[ARG1:arg[0-9]+]], float* [[ARG2:arg[0-9]+]], int [[ARG3:arg[0-9]+]], const int num_programs_0, const int num_programs_1) {
// E8-NEXT: const int [[V0:v[0-9]+]] = (int)((unsigned)num_programs_1 == 1u ? blockIdx.x : blockIdx.x / (unsigned)num_programs_1);
// E8-NEXT: const int [[V1:v[0-9]+]] = (int)((unsigned)num_programs_1 == 1u ? 0u : blockIdx.x % (unsigned)num_programs_1);
// E8-NEXT: const int [[V2:v[0-9]+]] = (int)((unsigned)[[V1]] * (unsigned)256);
// E8-NEXT: const int [[V3:v[0-9]+]]_0 = (int)threadIdx.x * 4;
// E8-NEXT: const int [[V3]]_1 = [[V3]]_0 + 1;
// E8-NEXT: const int [[V3]]_2 = [[V3]]_0 + 2;
// E8-NEXT: const int [[V3]]_3 = [[V3]]_0 + 3;
// E8-NEXT: const int [[V3]]_4 = [[V3]]_0 + 128;
// E8-NEXT: const int [[V3]]_5 = [[V3]]_0 + 129;
// E8-NEXT: const int [[V3]]_6 = [[V3]]_0 + 130;
// E8-NEXT: const int [[V3]]_7 = [[V3]]_0 + 131;
// E8-NEXT: const int [[V5:v[0-9]+]]_0 = (int)((unsigned)[[V2]] + (unsigned)[[V3]]_0);
// E8-NEXT: const int [[V5]]_1 = (int)((unsigned)[[V2]] + (unsigned)[[V3]]_1);
// E8-NEXT: const int [[V5]]_2 = (int)((unsigned)[[V2]] + (unsigned)[[V3]]_2);
// E8-NEXT: const int [[V5]]_3 = (int)((unsigned)[[V2]] + (unsigned)[[V3]]_3);
// E8-NEXT: const int [[V5]]_4 = (int)((unsigned)[[V2]] + (unsigned)[[V3]]_4);
// E8-NEXT: const int [[V5]]_5 = (int)((unsigned)[[V2]] + (unsigned)[[V3]]_5);
// E8-NEXT: const int [[V5]]_6 = (int)((unsigned)[[V2]] + (unsigned)[[V3]]_6);
// E8-NEXT: const int [[V5]]_7 = (int)((unsigned)[[V2]] + (unsigned)[[V3]]_7);
// E8-NEXT: const int [[V6:v[0-9]+]] = (int)((unsigned)[[V0]] * (unsigned)[[ARG3]]);
// E8-NEXT: const int [[V8:v[0-9]+]]_0 = (int)((unsigned)[[V6]] + (unsigned)[[V5]]_0);
// E8-NEXT: const int [[V8]]_1 = (int)((unsigned)[[V6]] + (unsigned)[[V5]]_1);
// E8-NEXT: const int [[V8]]_2 = (int)((unsigned)[[V6]] + (unsigned)[[V5]]_2);
// E8-NEXT: const int [[V8]]_3 = (int)((unsigned)[[V6]] + (unsigned)[[V5]]_3);
// E8-NEXT: const int [[V8]]_4 = (int)((unsigned)[[V6]] + (unsigned)[[V5]]_4);
// E8-NEXT: const int [[V8]]_5 = (int)((unsigned)[[V6]] + (unsigned)[[V5]]_5);
// E8-NEXT: const int [[V8]]_6 = (int)((unsigned)[[V6]] + (unsigned)[[V5]]_6);
// E8-NEXT: const int [[V8]]_7 = (int)((unsigned)[[V6]] + (unsigned)[[V5]]_7);
// E8-NEXT: const bool [[V10:v[0-9]+]]_0 = [[V5]]_0 < [[ARG3]];
// E8-NEXT: const bool [[V10]]_1 = [[V5]]_1 < [[ARG3]];
// E8-NEXT: const bool [[V10]]_2 = [[V5]]_2 < [[ARG3]];
// E8-NEXT: const bool [[V10]]_3 = [[V5]]_3 < [[ARG3]];
// E8-NEXT: const bool [[V10]]_4 = [[V5]]_4 < [[ARG3]];
// E8-NEXT: const bool [[V10]]_5 = [[V5]]_5 < [[ARG3]];
// E8-NEXT: const bool [[V10]]_6 = [[V5]]_6 < [[ARG3]];
// E8-NEXT: const bool [[V10]]_7 = [[V5]]_7 < [[ARG3]];
// E8-NEXT: float [[V13:v[0-9]+]]_0, [[V13]]_1, [[V13]]_2, [[V13]]_3, [[V13]]_4, [[V13]]_5, [[V13]]_6, [[V13]]_7;
// E8-NEXT: if (reinterpret_cast<unsigned long long>(&[[ARG0]]{{\[}}[[V8]]_0]) % 16ull == 0ull && [[V10]]_0 && [[V10]]_1 && [[V10]]_2 && [[V10]]_3) {
// E8-NEXT: const float4 [[V13]]_vec = *reinterpret_cast<const float4*>(&[[ARG0]]{{\[}}[[V8]]_0]);
// E8-NEXT: [[V13]]_0 = [[V13]]_vec.x;
// E8-NEXT: [[V13]]_1 = [[V13]]_vec.y;
// E8-NEXT: [[V13]]_2 = [[V13]]_vec.z;
// E8-NEXT: [[V13]]_3 = [[V13]]_vec.w;
// E8-NEXT: } else {
// E8-NEXT: [[V13]]_0 = [[V10]]_0 ? [[ARG0]]{{\[}}[[V8]]_0] : 0.0f;
// E8-NEXT: [[V13]]_1 = [[V10]]_1 ? [[ARG0]]{{\[}}[[V8]]_1] : 0.0f;
// E8-NEXT: [[V13]]_2 = [[V10]]_2 ? [[ARG0]]{{\[}}[[V8]]_2] : 0.0f;
// E8-NEXT: [[V13]]_3 = [[V10]]_3 ? [[ARG0]]{{\[}}[[V8]]_3] : 0.0f;
// E8-NEXT: }
// E8-NEXT: if (reinterpret_cast<unsigned long long>(&[[ARG0]]{{\[}}[[V8]]_4]) % 16ull == 0ull && [[V10]]_4 && [[V10]]_5 && [[V10]]_6 && [[V10]]_7) {
// E8-NEXT: const float4 [[V13]]_vec = *reinterpret_cast<const float4*>(&[[ARG0]]{{\[}}[[V8]]_4]);
// E8-NEXT: [[V13]]_4 = [[V13]]_vec.x;
// E8-NEXT: [[V13]]_5 = [[V13]]_vec.y;
// E8-NEXT: [[V13]]_6 = [[V13]]_vec.z;
// E8-NEXT: [[V13]]_7 = [[V13]]_vec.w;
// E8-NEXT: } else {
// E8-NEXT: [[V13]]_4 = [[V10]]_4 ? [[ARG0]]{{\[}}[[V8]]_4] : 0.0f;
// E8-NEXT: [[V13]]_5 = [[V10]]_5 ? [[ARG0]]{{\[}}[[V8]]_5] : 0.0f;
// E8-NEXT: [[V13]]_6 = [[V10]]_6 ? [[ARG0]]{{\[}}[[V8]]_6] : 0.0f;
// E8-NEXT: [[V13]]_7 = [[V10]]_7 ? [[ARG0]]{{\[}}[[V8]]_7] : 0.0f;
// E8-NEXT: }
// E8-NEXT: float [[V16:v[0-9]+]]_0, [[V16]]_1, [[V16]]_2, [[V16]]_3, [[V16]]_4, [[V16]]_5, [[V16]]_6, [[V16]]_7;
// E8-NEXT: if (reinterpret_cast<unsigned long long>(&[[ARG1]]{{\[}}[[V8]]_0]) % 16ull == 0ull && [[V10]]_0 && [[V10]]_1 && [[V10]]_2 && [[V10]]_3) {
// E8-NEXT: const float4 [[V16]]_vec = *reinterpret_cast<const float4*>(&[[ARG1]]{{\[}}[[V8]]_0]);
// E8-NEXT: [[V16]]_0 = [[V16]]_vec.x;
// E8-NEXT: [[V16]]_1 = [[V16]]_vec.y;
// E8-NEXT: [[V16]]_2 = [[V16]]_vec.z;
// E8-NEXT: [[V16]]_3 = [[V16]]_vec.w;
// E8-NEXT: } else {
// E8-NEXT: [[V16]]_0 = [[V10]]_0 ? [[ARG1]]{{\[}}[[V8]]_0] : 0.0f;
// E8-NEXT: [[V16]]_1 = [[V10]]_1 ? [[ARG1]]{{\[}}[[V8]]_1] : 0.0f;
// E8-NEXT: [[V16]]_2 = [[V10]]_2 ? [[ARG1]]{{\[}}[[V8]]_2] : 0.0f;
// E8-NEXT: [[V16]]_3 = [[V10]]_3 ? [[ARG1]]{{\[}}[[V8]]_3] : 0.0f;
// E8-NEXT: }
// E8-NEXT: if (reinterpret_cast<unsigned long long>(&[[ARG1]]{{\[}}[[V8]]_4]) % 16ull == 0ull && [[V10]]_4 && [[V10]]_5 && [[V10]]_6 && [[V10]]_7) {
// E8-NEXT: const float4 [[V16]]_vec = *reinterpret_cast<const float4*>(&[[ARG1]]{{\[}}[[V8]]_4]);
// E8-NEXT: [[V16]]_4 = [[V16]]_vec.x;
// E8-NEXT: [[V16]]_5 = [[V16]]_vec.y;
// E8-NEXT: [[V16]]_6 = [[V16]]_vec.z;
// E8-NEXT: [[V16]]_7 = [[V16]]_vec.w;
// E8-NEXT: } else {
// E8-NEXT: [[V16]]_4 = [[V10]]_4 ? [[ARG1]]{{\[}}[[V8]]_4] : 0.0f;
// E8-NEXT: [[V16]]_5 = [[V10]]_5 ? [[ARG1]]{{\[}}[[V8]]_5] : 0.0f;
// E8-NEXT: [[V16]]_6 = [[V10]]_6 ? [[ARG1]]{{\[}}[[V8]]_6] : 0.0f;
// E8-NEXT: [[V16]]_7 = [[V10]]_7 ? [[ARG1]]{{\[}}[[V8]]_7] : 0.0f;
// E8-NEXT: }
// E8-NEXT: const float [[V17:v[0-9]+]]_0 = [[V13]]_0 + [[V16]]_0;
// E8-NEXT: const float [[V17]]_1 = [[V13]]_1 + [[V16]]_1;
// E8-NEXT: const float [[V17]]_2 = [[V13]]_2 + [[V16]]_2;
// E8-NEXT: const float [[V17]]_3 = [[V13]]_3 + [[V16]]_3;
// E8-NEXT: const float [[V17]]_4 = [[V13]]_4 + [[V16]]_4;
// E8-NEXT: const float [[V17]]_5 = [[V13]]_5 + [[V16]]_5;
// E8-NEXT: const float [[V17]]_6 = [[V13]]_6 + [[V16]]_6;
// E8-NEXT: const float [[V17]]_7 = [[V13]]_7 + [[V16]]_7;
// E8-NEXT: if (reinterpret_cast<unsigned long long>(&[[ARG2]]{{\[}}[[V8]]_0]) % 16ull == 0ull && [[V10]]_0 && [[V10]]_1 && [[V10]]_2 && [[V10]]_3) {
// E8-NEXT: *reinterpret_cast<float4*>(&[[ARG2]]{{\[}}[[V8]]_0]) = make_float4([[V17]]_0, [[V17]]_1, [[V17]]_2, [[V17]]_3);
// E8-NEXT: } else {
// E8-NEXT: if ([[V10]]_0) {
// E8-NEXT: [[ARG2]]{{\[}}[[V8]]_0] = [[V17]]_0;
// E8-NEXT: }
// E8-NEXT: if ([[V10]]_1) {
// E8-NEXT: [[ARG2]]{{\[}}[[V8]]_1] = [[V17]]_1;
// E8-NEXT: }
// E8-NEXT: if ([[V10]]_2) {
// E8-NEXT: [[ARG2]]{{\[}}[[V8]]_2] = [[V17]]_2;
// E8-NEXT: }
// E8-NEXT: if ([[V10]]_3) {
// E8-NEXT: [[ARG2]]{{\[}}[[V8]]_3] = [[V17]]_3;
// E8-NEXT: }
// E8-NEXT: }
// E8-NEXT: if (reinterpret_cast<unsigned long long>(&[[ARG2]]{{\[}}[[V8]]_4]) % 16ull == 0ull && [[V10]]_4 && [[V10]]_5 && [[V10]]_6 && [[V10]]_7) {
// E8-NEXT: *reinterpret_cast<float4*>(&[[ARG2]]{{\[}}[[V8]]_4]) = make_float4([[V17]]_4, [[V17]]_5, [[V17]]_6, [[V17]]_7);
// E8-NEXT: } else {
// E8-NEXT: if ([[V10]]_4) {
// E8-NEXT: [[ARG2]]{{\[}}[[V8]]_4] = [[V17]]_4;
// E8-NEXT: }
// E8-NEXT: if ([[V10]]_5) {
// E8-NEXT: [[ARG2]]{{\[}}[[V8]]_5] = [[V17]]_5;
// E8-NEXT: }
// E8-NEXT: if ([[V10]]_6) {
// E8-NEXT: [[ARG2]]{{\[}}[[V8]]_6] = [[V17]]_6;
// E8-NEXT: }
// E8-NEXT: if ([[V10]]_7) {
// E8-NEXT: [[ARG2]]{{\[}}[[V8]]_7] = [[V17]]_7;
// E8-NEXT: }
// E8-NEXT: }
// E8-NEXT: }
tt.func @matrix_add_kernel(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n_cols: i32) attributes {block_size = 256 : i32, num_warps = 2 : i32} {
  %row = tt.get_program_id 0 : i32
  %col_block = tt.get_program_id 1 : i32
  %c256 = arith.constant 256 : i32
  %cb_start = arith.muli %col_block, %c256 : i32
  %range = tt.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %cb_v = tt.splat %cb_start : i32 -> tensor<256xi32>
  %cols = arith.addi %cb_v, %range : tensor<256xi32>
  %row_start = arith.muli %row, %n_cols : i32
  %rs_v = tt.splat %row_start : i32 -> tensor<256xi32>
  %offs = arith.addi %rs_v, %cols : tensor<256xi32>
  %n_v = tt.splat %n_cols : i32 -> tensor<256xi32>
  %mask = arith.cmpi slt, %cols, %n_v : tensor<256xi32>
  %xp = tt.splat %x : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %xptrs = tt.addptr %xp, %offs : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  %c0 = arith.constant 0.000000e+00 : f32
  %z = tt.splat %c0 : f32 -> tensor<256xf32>
  %lhs = tt.load %xptrs, %mask, %z : tensor<256x!tt.ptr<f32>>
  %yp = tt.splat %y : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %yptrs = tt.addptr %yp, %offs : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  %c0b = arith.constant 0.000000e+00 : f32
  %zb = tt.splat %c0b : f32 -> tensor<256xf32>
  %rhs = tt.load %yptrs, %mask, %zb : tensor<256x!tt.ptr<f32>>
  %sum = arith.addf %lhs, %rhs : tensor<256xf32>
  %op = tt.splat %out : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %optrs = tt.addptr %op, %offs : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  tt.store %optrs, %sum, %mask : tensor<256x!tt.ptr<f32>>
  tt.return
}
