// RUN: mytriton-translate --emit-cuda %s | FileCheck %s

// Exact literals: a decimal only where it reads back as the same float even
// through a double, else a hex-float (decimal in a comment); NaN (payload
// kept), infinities and subnormals by their bits; INT_MIN without overflow.
// (The i32 kernel's scalar store goes to out[4], past the lanes' stores:
// stores of different threads to one address are not ordered.)
// CHECK: // Launch: blockDim (1, 1, 1), gridDim (ceil(g0 / 1) * g1, g2, 1); the last two parameters are g0 and g1.
// CHECK-LABEL: extern "C" __global__ void __launch_bounds__(1) float_literals(
// CHECK-SAME: float* [[ARG0:arg[0-9]+]], const int num_programs_0, const int num_programs_1) {
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG0]][0] = 0x1.99999ap-4f /* 0.1 */;
// CHECK-NEXT: }
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG0]][1] = -0.0f;
// CHECK-NEXT: }
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG0]][2] = 1.0f;
// CHECK-NEXT: }
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG0]][3] = 1e+10f;
// CHECK-NEXT: }
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG0]][4] = 0x1.fffffep+127f /* 3.4028235e+38 */;
// CHECK-NEXT: }
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG0]][5] = __uint_as_float(0x7fc00000u) /* nan */;
// CHECK-NEXT: }
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG0]][6] = __uint_as_float(0xffc00001u) /* nan */;
// CHECK-NEXT: }
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG0]][7] = __uint_as_float(0x7f800000u) /* inf */;
// CHECK-NEXT: }
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG0]][8] = __uint_as_float(0xff800000u) /* -inf */;
// CHECK-NEXT: }
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG0]][9] = __uint_as_float(0x00000001u) /* subnormal */;
// CHECK-NEXT: }
// CHECK-NEXT: const float [[V10:v[0-9]+]] = [[ARG0]][10];
// CHECK-NEXT: const float [[V11:v[0-9]+]] = [[V10]] - (-2.5f);
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG0]][10] = [[V11]];
// CHECK-NEXT: }
// CHECK-NEXT: }
tt.func @float_literals(%out: !tt.ptr<f32>) attributes {block_size = 1 : i32} {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %c5 = arith.constant 5 : i32
  %c6 = arith.constant 6 : i32
  %c7 = arith.constant 7 : i32
  %c8 = arith.constant 8 : i32
  %c9 = arith.constant 9 : i32
  %c10 = arith.constant 10 : i32
  %tenth = arith.constant 0.1 : f32
  %neg_zero = arith.constant -0.0 : f32
  %one = arith.constant 1.0 : f32
  %big = arith.constant 1.0e10 : f32
  %max = arith.constant 0x7F7FFFFF : f32
  %nan = arith.constant 0x7FC00000 : f32
  %nan_payload = arith.constant 0xFFC00001 : f32
  %inf = arith.constant 0x7F800000 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %denorm = arith.constant 0x00000001 : f32
  %neg = arith.constant -2.5 : f32
  tt.store %out, %tenth : !tt.ptr<f32>
  %p1 = tt.addptr %out, %c1 : !tt.ptr<f32>, i32
  tt.store %p1, %neg_zero : !tt.ptr<f32>
  %p2 = tt.addptr %out, %c2 : !tt.ptr<f32>, i32
  tt.store %p2, %one : !tt.ptr<f32>
  %p3 = tt.addptr %out, %c3 : !tt.ptr<f32>, i32
  tt.store %p3, %big : !tt.ptr<f32>
  %p4 = tt.addptr %out, %c4 : !tt.ptr<f32>, i32
  tt.store %p4, %max : !tt.ptr<f32>
  %p5 = tt.addptr %out, %c5 : !tt.ptr<f32>, i32
  tt.store %p5, %nan : !tt.ptr<f32>
  %p6 = tt.addptr %out, %c6 : !tt.ptr<f32>, i32
  tt.store %p6, %nan_payload : !tt.ptr<f32>
  %p7 = tt.addptr %out, %c7 : !tt.ptr<f32>, i32
  tt.store %p7, %inf : !tt.ptr<f32>
  %p8 = tt.addptr %out, %c8 : !tt.ptr<f32>, i32
  tt.store %p8, %ninf : !tt.ptr<f32>
  %p9 = tt.addptr %out, %c9 : !tt.ptr<f32>, i32
  tt.store %p9, %denorm : !tt.ptr<f32>
  %p10 = tt.addptr %out, %c10 : !tt.ptr<f32>, i32
  %x = tt.load %p10 : !tt.ptr<f32>
  %y = arith.subf %x, %neg : f32
  tt.store %p10, %y : !tt.ptr<f32>
  tt.return
}

// CHECK: // Launch: blockDim (4, 1, 1), gridDim (ceil(g0 / 1) * g1, g2, 1); the last two parameters are g0 and g1.
// CHECK-LABEL: extern "C" __global__ void __launch_bounds__(4) int_literals(
// CHECK-SAME: int* [[ARG0:arg[0-9]+]], const int num_programs_0, const int num_programs_1) {
// CHECK-NEXT: const int [[V0:v[0-9]+]] = (int)threadIdx.x;
// CHECK-NEXT: const int [[V3:v[0-9]+]] = (int)((unsigned)[[V0]] - (unsigned)(-2147483647 - 1));
// CHECK-NEXT: [[ARG0]]{{\[}}[[V0]]] = [[V3]];
// CHECK-NEXT: const int [[V4:v[0-9]+]] = (int)((unsigned)2147483647 - (unsigned)(-7));
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG0]][4] = [[V4]];
// CHECK-NEXT: }
// CHECK-NEXT: }
tt.func @int_literals(%out: !tt.ptr<i32>) attributes {block_size = 4 : i32} {
  %min = arith.constant dense<-2147483648> : tensor<4xi32>
  %max = arith.constant 2147483647 : i32
  %neg = arith.constant -7 : i32
  %c4 = arith.constant 4 : i32
  %lanes = tt.make_range {start = 0 : i32, end = 4 : i32} : tensor<4xi32>
  %outs = tt.splat %out : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
  %p = tt.addptr %outs, %lanes : tensor<4x!tt.ptr<i32>>, tensor<4xi32>
  %v = arith.subi %lanes, %min : tensor<4xi32>
  tt.store %p, %v : tensor<4x!tt.ptr<i32>>
  %s = arith.subi %max, %neg : i32
  %q = tt.addptr %out, %c4 : !tt.ptr<i32>, i32
  tt.store %q, %s : !tt.ptr<i32>
  tt.return
}
