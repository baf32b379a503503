// Which accesses become vector accesses with E lanes per thread. A thread's
// lanes come in groups of G consecutive lanes (G = E up to 4, else 4, 2 or
// 1, whichever divides E; register r is lane (r / G) * T * G + t * G + r % G
// of thread t of T), and only a group of consecutive addresses
// (ContiguityAnalysis proves the lane stride of the pointer is 1) with G
// even is one vector access: float4 for G = 4, float2 for G = 2. A stride-2
// gather or a reversed range stays one scalar access per lane; so does
// E = 3 (one group of 3). E = 6 is three float2 groups, 2 * T lanes apart.
// i32 tensors use int4; a uniform (splat) pointer loads once into one
// register and a uniform mask is tested once.
// RUN: mytriton-translate --emit-cuda %s | FileCheck %s

// Stride 2: scalar loads; the contiguous store still vectorizes.
// CHECK-LABEL: void __launch_bounds__(32) gather_stride_2(
// CHECK-SAME: const float* [[X:arg[0-9]+]], float* [[OUT:arg[0-9]+]], const int num_programs_0, const int num_programs_1) {
// CHECK: const int [[EVEN:v[0-9]+]]_3 = (int)((unsigned){{v[0-9]+}}_3 * (unsigned)2);
// CHECK-NEXT: const float [[V:v[0-9]+]]_0 = [[X]]{{\[}}[[EVEN]]_0];
// CHECK-NEXT: const float [[V]]_1 = [[X]]{{\[}}[[EVEN]]_1];
// CHECK-NEXT: const float [[V]]_2 = [[X]]{{\[}}[[EVEN]]_2];
// CHECK-NEXT: const float [[V]]_3 = [[X]]{{\[}}[[EVEN]]_3];
// CHECK-NEXT: if (reinterpret_cast<unsigned long long>(&[[OUT]]{{\[}}[[LANES:v[0-9]+]]_0]) % 16ull == 0ull) {
// CHECK-NEXT: *reinterpret_cast<float4*>(&[[OUT]]{{\[}}[[LANES]]_0]) = make_float4([[V]]_0, [[V]]_1, [[V]]_2, [[V]]_3);
// CHECK-NEXT: } else {
// CHECK-NEXT: [[OUT]]{{\[}}[[LANES]]_0] = [[V]]_0;
// CHECK-NEXT: [[OUT]]{{\[}}[[LANES]]_1] = [[V]]_1;
// CHECK-NEXT: [[OUT]]{{\[}}[[LANES]]_2] = [[V]]_2;
// CHECK-NEXT: [[OUT]]{{\[}}[[LANES]]_3] = [[V]]_3;
// CHECK-NEXT: }
// CHECK-NEXT: }
tt.func @gather_stride_2(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>) attributes {block_size = 128 : i32, num_warps = 1 : i32} {
  %lanes = tt.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %c2 = arith.constant dense<2> : tensor<128xi32>
  %even = arith.muli %lanes, %c2 : tensor<128xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %p = tt.addptr %xs, %even : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %v = tt.load %p : tensor<128x!tt.ptr<f32>>
  %os = tt.splat %out : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %q = tt.addptr %os, %lanes : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  tt.store %q, %v : tensor<128x!tt.ptr<f32>>
  tt.return
}

// Stride -1: scalar loads and stores.
// CHECK-LABEL: void __launch_bounds__(32) reversed(
// CHECK-SAME: const float* [[X:arg[0-9]+]], float* [[OUT:arg[0-9]+]], const int num_programs_0, const int num_programs_1) {
// CHECK: const int [[REV:v[0-9]+]]_3 = (int)((unsigned)127 - (unsigned){{v[0-9]+}}_3);
// CHECK-NEXT: const float [[V:v[0-9]+]]_0 = [[X]]{{\[}}[[REV]]_0];
// CHECK-NEXT: const float [[V]]_1 = [[X]]{{\[}}[[REV]]_1];
// CHECK-NEXT: const float [[V]]_2 = [[X]]{{\[}}[[REV]]_2];
// CHECK-NEXT: const float [[V]]_3 = [[X]]{{\[}}[[REV]]_3];
// CHECK-NEXT: [[OUT]]{{\[}}[[REV]]_0] = [[V]]_0;
// CHECK-NEXT: [[OUT]]{{\[}}[[REV]]_1] = [[V]]_1;
// CHECK-NEXT: [[OUT]]{{\[}}[[REV]]_2] = [[V]]_2;
// CHECK-NEXT: [[OUT]]{{\[}}[[REV]]_3] = [[V]]_3;
// CHECK-NEXT: }
tt.func @reversed(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>) attributes {block_size = 128 : i32, num_warps = 1 : i32} {
  %lanes = tt.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %c127 = arith.constant dense<127> : tensor<128xi32>
  %rev = arith.subi %c127, %lanes : tensor<128xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %p = tt.addptr %xs, %rev : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %v = tt.load %p : tensor<128x!tt.ptr<f32>>
  %os = tt.splat %out : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %q = tt.addptr %os, %rev : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  tt.store %q, %v : tensor<128x!tt.ptr<f32>>
  tt.return
}

// i32 lanes 128..255 (make_range start 128), masked: int4 both ways.
// CHECK-LABEL: void __launch_bounds__(32) copy_i32_offset_range(
// CHECK-SAME: const int* [[X:arg[0-9]+]], int* [[OUT:arg[0-9]+]], int [[N:arg[0-9]+]], const int num_programs_0, const int num_programs_1) {
// CHECK-NEXT: const int [[L:v[0-9]+]]_0 = 128 + (int)threadIdx.x * 4;
// CHECK-NEXT: const int [[L]]_1 = [[L]]_0 + 1;
// CHECK-NEXT: const int [[L]]_2 = [[L]]_0 + 2;
// CHECK-NEXT: const int [[L]]_3 = [[L]]_0 + 3;
// CHECK-NEXT: const bool [[M:v[0-9]+]]_0 = [[L]]_0 < [[N]];
// CHECK:      int [[V:v[0-9]+]]_0, [[V]]_1, [[V]]_2, [[V]]_3;
// CHECK-NEXT: if (reinterpret_cast<unsigned long long>(&[[X]]{{\[}}[[L]]_0]) % 16ull == 0ull && [[M]]_0 && [[M]]_1 && [[M]]_2 && [[M]]_3) {
// CHECK-NEXT: const int4 [[V]]_vec = *reinterpret_cast<const int4*>(&[[X]]{{\[}}[[L]]_0]);
// CHECK:      [[V]]_3 = [[M]]_3 ? [[X]]{{\[}}[[L]]_3] : 0;
// CHECK-NEXT: }
// CHECK-NEXT: if (reinterpret_cast<unsigned long long>(&[[OUT]]{{\[}}[[L]]_0]) % 16ull == 0ull && [[M]]_0 && [[M]]_1 && [[M]]_2 && [[M]]_3) {
// CHECK-NEXT: *reinterpret_cast<int4*>(&[[OUT]]{{\[}}[[L]]_0]) = make_int4([[V]]_0, [[V]]_1, [[V]]_2, [[V]]_3);
tt.func @copy_i32_offset_range(%x: !tt.ptr<i32>, %out: !tt.ptr<i32>, %n: i32) attributes {block_size = 128 : i32, num_warps = 1 : i32} {
  %lanes = tt.make_range {start = 128 : i32, end = 256 : i32} : tensor<128xi32>
  %n_v = tt.splat %n : i32 -> tensor<128xi32>
  %mask = arith.cmpi slt, %lanes, %n_v : tensor<128xi32>
  %xs = tt.splat %x : !tt.ptr<i32> -> tensor<128x!tt.ptr<i32>>
  %p = tt.addptr %xs, %lanes : tensor<128x!tt.ptr<i32>>, tensor<128xi32>
  %v = tt.load %p, %mask : tensor<128x!tt.ptr<i32>>
  %os = tt.splat %out : !tt.ptr<i32> -> tensor<128x!tt.ptr<i32>>
  %q = tt.addptr %os, %lanes : tensor<128x!tt.ptr<i32>>, tensor<128xi32>
  tt.store %q, %v, %mask : tensor<128x!tt.ptr<i32>>
  tt.return
}

// A splat pointer loads once; a splat mask is tested once on the vector
// path (pointer = contiguous + uniform 4); a scalar store is thread 0's.
// CHECK-LABEL: void __launch_bounds__(32) uniform_load_and_mask(
// CHECK-SAME: const float* [[X:arg[0-9]+]], float* [[OUT:arg[0-9]+]], int [[FLAG:arg[0-9]+]], const int num_programs_0, const int num_programs_1) {
// Loads are printed before the other ops up to the next store.
// CHECK-NEXT: const float [[S:v[0-9]+]] = [[X]][0];
// CHECK-NEXT: const int [[L:v[0-9]+]]_0 = (int)threadIdx.x * 4;
// CHECK:      const float [[D:v[0-9]+]] = [[S]] + [[S]];
// CHECK-NEXT: const bool [[ON:v[0-9]+]] = [[FLAG]] != 0;
// CHECK-NEXT: if (reinterpret_cast<unsigned long long>(&([[OUT]] + [[L]]_0)[4]) % 16ull == 0ull && [[ON]]) {
// CHECK-NEXT: *reinterpret_cast<float4*>(&([[OUT]] + [[L]]_0)[4]) = make_float4([[D]], [[D]], [[D]], [[D]]);
// CHECK-NEXT: } else {
// CHECK-NEXT: if ([[ON]]) {
// CHECK-NEXT: ([[OUT]] + [[L]]_0)[4] = [[D]];
// CHECK:      const float [[ONE:v[0-9]+]] = [[X]][0];
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[OUT]][0] = [[ONE]];
tt.func @uniform_load_and_mask(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %flag: i32) attributes {block_size = 128 : i32, num_warps = 1 : i32} {
  %lanes = tt.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %scale = tt.load %xs : tensor<128x!tt.ptr<f32>>
  %doubled = arith.addf %scale, %scale : tensor<128xf32>
  %c0 = arith.constant 0 : i32
  %on = arith.cmpi ne, %flag, %c0 : i32
  %on_v = tt.splat %on : i1 -> tensor<128xi1>
  %os = tt.splat %out : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %base = tt.addptr %os, %lanes : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %c4 = arith.constant dense<4> : tensor<128xi32>
  %q = tt.addptr %base, %c4 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  tt.store %q, %doubled, %on_v : tensor<128x!tt.ptr<f32>>
  %one = tt.load %x : !tt.ptr<f32>
  tt.store %out, %one : !tt.ptr<f32>
  tt.return
}

// E = 3 (192 lanes, 64 threads): no vector type fits three lanes.
// CHECK: // 64 threads, each owning 3 lanes of the 192-lane tensors in groups of 3.
// CHECK-LABEL: void __launch_bounds__(64) three_lanes_per_thread(
// CHECK-SAME: const float* [[X:arg[0-9]+]], float* [[OUT:arg[0-9]+]], const int num_programs_0, const int num_programs_1) {
// CHECK-NEXT: const int [[L:v[0-9]+]]_0 = (int)threadIdx.x * 3;
// CHECK-NEXT: const int [[L]]_1 = [[L]]_0 + 1;
// CHECK-NEXT: const int [[L]]_2 = [[L]]_0 + 2;
// CHECK-NEXT: const float [[V:v[0-9]+]]_0 = [[X]]{{\[}}[[L]]_0];
// CHECK-NEXT: const float [[V]]_1 = [[X]]{{\[}}[[L]]_1];
// CHECK-NEXT: const float [[V]]_2 = [[X]]{{\[}}[[L]]_2];
// CHECK-NEXT: [[OUT]]{{\[}}[[L]]_0] = [[V]]_0;
// CHECK-NEXT: [[OUT]]{{\[}}[[L]]_1] = [[V]]_1;
// CHECK-NEXT: [[OUT]]{{\[}}[[L]]_2] = [[V]]_2;
// CHECK-NEXT: }
tt.func @three_lanes_per_thread(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>) attributes {block_size = 192 : i32, num_warps = 2 : i32} {
  %lanes = tt.make_range {start = 0 : i32, end = 192 : i32} : tensor<192xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<192x!tt.ptr<f32>>
  %p = tt.addptr %xs, %lanes : tensor<192x!tt.ptr<f32>>, tensor<192xi32>
  %v = tt.load %p : tensor<192x!tt.ptr<f32>>
  %os = tt.splat %out : !tt.ptr<f32> -> tensor<192x!tt.ptr<f32>>
  %q = tt.addptr %os, %lanes : tensor<192x!tt.ptr<f32>>, tensor<192xi32>
  tt.store %q, %v : tensor<192x!tt.ptr<f32>>
  tt.return
}

// E = 6 (192 lanes, 32 threads): G = 2, so thread t owns lanes 2t, 2t + 1,
// 64 + 2t, 64 + 2t + 1, 128 + 2t, 128 + 2t + 1: three float2 accesses.
// CHECK: // 32 threads, each owning 6 lanes of the 192-lane tensors in groups of 2.
// CHECK-NEXT: // Launch: blockDim (32, 1, 1), gridDim (ceil(g0 / 1) * g1, g2, 1); the last two parameters are g0 and g1.
// CHECK-LABEL: void __launch_bounds__(32) six_lanes_per_thread(
// CHECK-SAME: const float* [[X:arg[0-9]+]], float* [[OUT:arg[0-9]+]], const int num_programs_0, const int num_programs_1) {
// CHECK-NEXT: const int [[L:v[0-9]+]]_0 = (int)threadIdx.x * 2;
// CHECK-NEXT: const int [[L]]_1 = [[L]]_0 + 1;
// CHECK-NEXT: const int [[L]]_2 = [[L]]_0 + 64;
// CHECK-NEXT: const int [[L]]_3 = [[L]]_0 + 65;
// CHECK-NEXT: const int [[L]]_4 = [[L]]_0 + 128;
// CHECK-NEXT: const int [[L]]_5 = [[L]]_0 + 129;
// CHECK-NEXT: float [[V:v[0-9]+]]_0, [[V]]_1, [[V]]_2, [[V]]_3, [[V]]_4, [[V]]_5;
// CHECK-NEXT: if (reinterpret_cast<unsigned long long>(&[[X]]{{\[}}[[L]]_0]) % 8ull == 0ull) {
// CHECK-NEXT: const float2 [[V]]_vec = *reinterpret_cast<const float2*>(&[[X]]{{\[}}[[L]]_0]);
// CHECK-NEXT: [[V]]_0 = [[V]]_vec.x;
// CHECK-NEXT: [[V]]_1 = [[V]]_vec.y;
// CHECK-NEXT: } else {
// CHECK-NEXT: [[V]]_0 = [[X]]{{\[}}[[L]]_0];
// CHECK-NEXT: [[V]]_1 = [[X]]{{\[}}[[L]]_1];
// CHECK-NEXT: }
// CHECK-NEXT: if (reinterpret_cast<unsigned long long>(&[[X]]{{\[}}[[L]]_2]) % 8ull == 0ull) {
// CHECK-NEXT: const float2 [[V]]_vec = *reinterpret_cast<const float2*>(&[[X]]{{\[}}[[L]]_2]);
// CHECK-NEXT: [[V]]_2 = [[V]]_vec.x;
// CHECK-NEXT: [[V]]_3 = [[V]]_vec.y;
// CHECK-NEXT: } else {
// CHECK-NEXT: [[V]]_2 = [[X]]{{\[}}[[L]]_2];
// CHECK-NEXT: [[V]]_3 = [[X]]{{\[}}[[L]]_3];
// CHECK-NEXT: }
// CHECK-NEXT: if (reinterpret_cast<unsigned long long>(&[[X]]{{\[}}[[L]]_4]) % 8ull == 0ull) {
// CHECK-NEXT: const float2 [[V]]_vec = *reinterpret_cast<const float2*>(&[[X]]{{\[}}[[L]]_4]);
// CHECK-NEXT: [[V]]_4 = [[V]]_vec.x;
// CHECK-NEXT: [[V]]_5 = [[V]]_vec.y;
// CHECK-NEXT: } else {
// CHECK-NEXT: [[V]]_4 = [[X]]{{\[}}[[L]]_4];
// CHECK-NEXT: [[V]]_5 = [[X]]{{\[}}[[L]]_5];
// CHECK-NEXT: }
// CHECK-NEXT: if (reinterpret_cast<unsigned long long>(&[[OUT]]{{\[}}[[L]]_0]) % 8ull == 0ull) {
// CHECK-NEXT: *reinterpret_cast<float2*>(&[[OUT]]{{\[}}[[L]]_0]) = make_float2([[V]]_0, [[V]]_1);
// CHECK-NEXT: } else {
// CHECK-NEXT: [[OUT]]{{\[}}[[L]]_0] = [[V]]_0;
// CHECK-NEXT: [[OUT]]{{\[}}[[L]]_1] = [[V]]_1;
// CHECK-NEXT: }
// CHECK-NEXT: if (reinterpret_cast<unsigned long long>(&[[OUT]]{{\[}}[[L]]_2]) % 8ull == 0ull) {
// CHECK-NEXT: *reinterpret_cast<float2*>(&[[OUT]]{{\[}}[[L]]_2]) = make_float2([[V]]_2, [[V]]_3);
// CHECK-NEXT: } else {
// CHECK-NEXT: [[OUT]]{{\[}}[[L]]_2] = [[V]]_2;
// CHECK-NEXT: [[OUT]]{{\[}}[[L]]_3] = [[V]]_3;
// CHECK-NEXT: }
// CHECK-NEXT: if (reinterpret_cast<unsigned long long>(&[[OUT]]{{\[}}[[L]]_4]) % 8ull == 0ull) {
// CHECK-NEXT: *reinterpret_cast<float2*>(&[[OUT]]{{\[}}[[L]]_4]) = make_float2([[V]]_4, [[V]]_5);
// CHECK-NEXT: } else {
// CHECK-NEXT: [[OUT]]{{\[}}[[L]]_4] = [[V]]_4;
// CHECK-NEXT: [[OUT]]{{\[}}[[L]]_5] = [[V]]_5;
// CHECK-NEXT: }
// CHECK-NEXT: }
tt.func @six_lanes_per_thread(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>) attributes {block_size = 192 : i32, num_warps = 1 : i32} {
  %lanes = tt.make_range {start = 0 : i32, end = 192 : i32} : tensor<192xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<192x!tt.ptr<f32>>
  %p = tt.addptr %xs, %lanes : tensor<192x!tt.ptr<f32>>, tensor<192xi32>
  %v = tt.load %p : tensor<192x!tt.ptr<f32>>
  %os = tt.splat %out : !tt.ptr<f32> -> tensor<192x!tt.ptr<f32>>
  %q = tt.addptr %os, %lanes : tensor<192x!tt.ptr<f32>>, tensor<192xi32>
  tt.store %q, %v : tensor<192x!tt.ptr<f32>>
  tt.return
}
