// Triton's approximate float32 math on the CUDA C++ route: an f32
// `arith.divf`, `math.exp` or `math.sqrt` with fastmath<afn> (the
// frontend's `/`, tl.exp, tl.sqrt) calls a device function of the PTX
// instruction Triton emits (div.full.f32, ex2.approx.f32 of x * log2(e),
// sqrt.approx.f32), defined once at the top when some kernel needs it. The
// IEEE forms (tl.div_rn, tl.sqrt_rn: no afn) stay `/` and sqrtf, and a file
// without afn ops gets no helpers. nvcc compiles both.
// RUN: mytriton-translate --emit-cuda %S/../PTX/Inputs/approximate-math-kernel.mlir | FileCheck %s
// RUN: mytriton-translate --emit-cuda %s | FileCheck %s --check-prefix=NONE
// RUN: mytriton-translate --emit-cuda %S/../PTX/Inputs/approximate-math-kernel.mlir > %t.cu
// RUN: %if nvcc %{ %cuda_toolkit/bin/nvcc -arch=sm_90 -c -Werror all-warnings %t.cu -o %t.o %}

// CHECK:       static __device__ __forceinline__ float mytriton_div_full(float a, float b) {
// CHECK:         asm("div.full.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b));
// CHECK:       static __device__ __forceinline__ float mytriton_exp_approx(float x) {
// CHECK:         asm("ex2.approx.f32 %0, %1;" : "=f"(r) : "f"(x * 1.44269504088896341f));
// CHECK:       static __device__ __forceinline__ float mytriton_sqrt_approx(float x) {
// CHECK:         asm("sqrt.approx.f32 %0, %1;" : "=f"(r) : "f"(x));
// CHECK-LABEL: void __launch_bounds__(32) approximate(
// CHECK:         const float [[X:v[0-9]+]] = arg0[
// CHECK-NEXT:    const float [[E:v[0-9]+]] = mytriton_exp_approx([[X]]);
// CHECK-NEXT:    const float [[Q:v[0-9]+]] = mytriton_div_full([[E]], [[X]]);
// CHECK-NEXT:    const float [[S:v[0-9]+]] = mytriton_sqrt_approx([[Q]]);
// CHECK-LABEL: void __launch_bounds__(32) precise(
// CHECK:         const float [[X2:v[0-9]+]] = arg0[
// CHECK-NEXT:    const float [[Q2:v[0-9]+]] = [[X2]] / [[X2]];
// CHECK-NEXT:    const float {{v[0-9]+}} = sqrtf([[Q2]]);

// NONE-NOT: mytriton_div_full
// NONE: void __launch_bounds__(32) precise_only(
// NONE-NOT: mytriton_
tt.func @precise_only(%p: !tt.ptr<f32>, %d: !tt.ptr<f64>) attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
  %pp = tt.addptr %ps, %r : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
  %x = tt.load %pp : tensor<32x!tt.ptr<f32>>
  %q = arith.divf %x, %x : tensor<32xf32>
  tt.store %pp, %q : tensor<32x!tt.ptr<f32>>
  // float64 with afn is not Triton's approximate math.
  %ds = tt.splat %d : !tt.ptr<f64> -> tensor<32x!tt.ptr<f64>>
  %dp = tt.addptr %ds, %r : tensor<32x!tt.ptr<f64>>, tensor<32xi32>
  %y = tt.load %dp : tensor<32x!tt.ptr<f64>>
  %yq = arith.divf %y, %y fastmath<afn> : tensor<32xf64>
  tt.store %dp, %yq : tensor<32x!tt.ptr<f64>>
  tt.return
}
