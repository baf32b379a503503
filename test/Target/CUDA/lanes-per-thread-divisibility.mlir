// Golden CUDA of softmax at BLOCK = 1024 with 8 lanes per thread, specialized
// on tt.divisibility = 16 (x, out, n_cols) as the Python launcher does: the
// contiguity analysis proves every float4 chunk aligned and `cols < n_cols`
// the same over it, so a chunk is one vector access behind its first
// register's mask, with `other` (or nothing, for a store) when it is off:
// no run-time alignment test and no scalar fallback. With n_cols alone
// specialized, the alignment test and the fallback stay, and the mask is one
// register per chunk. A 1-D launch skips the grid division.
// RUN: sed -e s/NUM_WARPS/4/ \
// RUN:     -e 's/%x: !tt.ptr<f32>,/%x: !tt.ptr<f32> {tt.divisibility = 16 : i32},/' \
// RUN:     -e 's/%out: !tt.ptr<f32>,/%out: !tt.ptr<f32> {tt.divisibility = 16 : i32},/' \
// RUN:     -e 's/%n_cols: i32)/%n_cols: i32 {tt.divisibility = 16 : i32})/' \
// RUN:     %S/../../Conversion/TTToGPU/Inputs/num_warps/softmax.mlir \
// RUN:   | mytriton-opt --tt-optimize | mytriton-translate --emit-cuda \
// RUN:   | FileCheck %s --implicit-check-not=reinterpret_cast\<unsigned
// RUN: sed -e s/NUM_WARPS/4/ \
// RUN:     -e 's/%n_cols: i32)/%n_cols: i32 {tt.divisibility = 16 : i32})/' \
// RUN:     %S/../../Conversion/TTToGPU/Inputs/num_warps/softmax.mlir \
// RUN:   | mytriton-opt --tt-optimize | mytriton-translate --emit-cuda \
// RUN:   | FileCheck %s --check-prefix=MASK-ONLY

// CHECK-LABEL: softmax_kernel(
// CHECK-SAME: const float* [[X:arg[0-9]+]], float* [[OUT:arg[0-9]+]], int [[N:arg[0-9]+]], const int num_programs_0, const int num_programs_1) {
// CHECK: const int [[ROW:v[0-9]+]] = (int)((unsigned)num_programs_1 == 1u ? blockIdx.x : blockIdx.x / (unsigned)num_programs_1);
// CHECK: const bool [[M0:v[0-9]+_0]] = {{.*}} < [[N]];
// CHECK: const bool [[M4:v[0-9]+_4]] = {{.*}} < [[N]];
// CHECK: float [[V:v[0-9]+]]_0, [[V]]_1, [[V]]_2, [[V]]_3, [[V]]_4, [[V]]_5, [[V]]_6, [[V]]_7;
// CHECK-NEXT: if ([[M0]]) {
// CHECK-NEXT:   const float4 [[V]]_vec = *reinterpret_cast<const float4*>(&[[X]][{{v[0-9]+}}_0]);
// CHECK-NEXT:   [[V]]_0 = [[V]]_vec.x;
// CHECK:      } else {
// CHECK-NEXT:   [[V]]_0 = (__uint_as_float(0xff800000u) /* -inf */);
// CHECK-NEXT:   [[V]]_1 = (__uint_as_float(0xff800000u) /* -inf */);
// CHECK-NEXT:   [[V]]_2 = (__uint_as_float(0xff800000u) /* -inf */);
// CHECK-NEXT:   [[V]]_3 = (__uint_as_float(0xff800000u) /* -inf */);
// CHECK-NEXT: }
// CHECK-NEXT: if ([[M4]]) {
// CHECK-NEXT:   const float4 [[V]]_vec = *reinterpret_cast<const float4*>(&[[X]][{{v[0-9]+}}_4]);
// CHECK:      if ([[M0]]) {
// CHECK-NEXT:   *reinterpret_cast<float4*>(&[[OUT]][{{v[0-9]+}}_0]) = make_float4(
// CHECK-NEXT: }
// CHECK-NEXT: if ([[M4]]) {
// CHECK-NEXT:   *reinterpret_cast<float4*>(&[[OUT]][{{v[0-9]+}}_4]) = make_float4(
// CHECK-NEXT: }
// CHECK-NEXT: }

// MASK-ONLY-LABEL: softmax_kernel(
// MASK-ONLY-SAME: const float* [[X:arg[0-9]+]],
// MASK-ONLY: const bool [[M0:v[0-9]+_0]] = {{.*}};
// MASK-ONLY: if (reinterpret_cast<unsigned long long>(&[[X]][[[O0:v[0-9]+_0]]]) % 16ull == 0ull && [[M0]]) {
// MASK-ONLY: } else {
// MASK-ONLY-NEXT: {{v[0-9]+}}_0 = [[M0]] ? [[X]][[[O0]]] : (__uint_as_float(0xff800000u) /* -inf */);
