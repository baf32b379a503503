// Vector accesses of every element size, at most 16 bytes: in uniform
// kernels a group of G = 4 lanes (8 bytes of f16 as a uint2 of words, 4 of
// i8 as one unsigned, two double2 for f64); in tiled kernels the layout's
// runs (sizePerThread [1, 8] of f16: one uint4, 16 bytes).
// RUN: mytriton-translate --emit-cuda %s | FileCheck %s

// CHECK-LABEL: void __launch_bounds__(128) copy_f16(
// CHECK-SAME: const __half* [[X:arg[0-9]+]], __half* [[Y:arg[0-9]+]],
// CHECK: __half [[A0:v[0-9]+_0]], [[A1:v[0-9]+_1]], [[A2:v[0-9]+_2]], [[A3:v[0-9]+_3]];
// CHECK-NEXT: if ([[M:v[0-9]+_0]]) {
// CHECK-NEXT: const uint2 [[VEC:v[0-9]+_vec]] = *reinterpret_cast<const uint2*>(&[[X]][[[OFF:v[0-9]+_0]]]);
// CHECK-NEXT: [[A0]] = __ushort_as_half((unsigned short)[[VEC]].x);
// CHECK-NEXT: [[A1]] = __ushort_as_half((unsigned short)([[VEC]].x >> 16));
// CHECK-NEXT: [[A2]] = __ushort_as_half((unsigned short)[[VEC]].y);
// CHECK-NEXT: [[A3]] = __ushort_as_half((unsigned short)([[VEC]].y >> 16));
// CHECK-NEXT: } else {
// CHECK-NEXT: [[A0]] = __ushort_as_half((unsigned short)0u);
// CHECK: if ([[M]]) {
// CHECK-NEXT: *reinterpret_cast<uint2*>(&[[Y]][[[OFF]]]) = make_uint2((unsigned)__half_as_ushort([[A0]]) | ((unsigned)__half_as_ushort([[A1]]) << 16), (unsigned)__half_as_ushort([[A2]]) | ((unsigned)__half_as_ushort([[A3]]) << 16));
// CHECK-NEXT: }
// CHECK-NEXT: }
tt.func @copy_f16(%x: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) attributes {block_size = 512 : i32, num_warps = 4 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 512 : i32} : tensor<512xi32>
  %ns = tt.splat %n : i32 -> tensor<512xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<512xi32>
  %xs = tt.splat %x : !tt.ptr<f16> -> tensor<512x!tt.ptr<f16>>
  %xp = tt.addptr %xs, %r : tensor<512x!tt.ptr<f16>>, tensor<512xi32>
  %a = tt.load %xp, %m : tensor<512x!tt.ptr<f16>>
  %ys = tt.splat %y : !tt.ptr<f16> -> tensor<512x!tt.ptr<f16>>
  %yp = tt.addptr %ys, %r : tensor<512x!tt.ptr<f16>>, tensor<512xi32>
  tt.store %yp, %a, %m : tensor<512x!tt.ptr<f16>>
  tt.return

// Unaligned and unmasked-uniform: the alignment of 4 bytes is checked.
// CHECK-LABEL: void __launch_bounds__(128) copy_i8(
// CHECK-SAME: const signed char* [[X:arg[0-9]+]], signed char* [[Y:arg[0-9]+]],
// CHECK: if (reinterpret_cast<unsigned long long>(&[[X]][[[OFF:v[0-9]+_0]]]) % 4ull == 0ull && [[M0:v[0-9]+_0]] && [[M1:v[0-9]+_1]] && [[M2:v[0-9]+_2]] && [[M3:v[0-9]+_3]]) {
// CHECK-NEXT: const unsigned [[VEC:v[0-9]+_vec]] = *reinterpret_cast<const unsigned*>(&[[X]][[[OFF]]]);
// CHECK-NEXT: [[A0:v[0-9]+_0]] = (signed char)(unsigned char)[[VEC]];
// CHECK-NEXT: [[A1:v[0-9]+_1]] = (signed char)(unsigned char)([[VEC]] >> 8);
// CHECK-NEXT: [[A2:v[0-9]+_2]] = (signed char)(unsigned char)([[VEC]] >> 16);
// CHECK-NEXT: [[A3:v[0-9]+_3]] = (signed char)(unsigned char)([[VEC]] >> 24);
// CHECK-NEXT: } else {
// CHECK-NEXT: [[A0]] = [[M0]] ? [[X]][[[OFF]]] : 0;
// CHECK: if (reinterpret_cast<unsigned long long>(&[[Y]][[[OFF]]]) % 4ull == 0ull && [[M0]] && [[M1]] && [[M2]] && [[M3]]) {
// CHECK-NEXT: *reinterpret_cast<unsigned*>(&[[Y]][[[OFF]]]) = (unsigned)(unsigned char)([[A0]]) | ((unsigned)(unsigned char)([[A1]]) << 8) | ((unsigned)(unsigned char)([[A2]]) << 16) | ((unsigned)(unsigned char)([[A3]]) << 24);
// CHECK-NEXT: } else {
}
tt.func @copy_i8(%x: !tt.ptr<i8>, %y: !tt.ptr<i8>, %n: i32) attributes {block_size = 512 : i32, num_warps = 4 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 512 : i32} : tensor<512xi32>
  %ns = tt.splat %n : i32 -> tensor<512xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<512xi32>
  %xs = tt.splat %x : !tt.ptr<i8> -> tensor<512x!tt.ptr<i8>>
  %xp = tt.addptr %xs, %r : tensor<512x!tt.ptr<i8>>, tensor<512xi32>
  %a = tt.load %xp, %m : tensor<512x!tt.ptr<i8>>
  %ys = tt.splat %y : !tt.ptr<i8> -> tensor<512x!tt.ptr<i8>>
  %yp = tt.addptr %ys, %r : tensor<512x!tt.ptr<i8>>, tensor<512xi32>
  tt.store %yp, %a, %m : tensor<512x!tt.ptr<i8>>
  tt.return

// f64: 16 bytes are 2 doubles, so a group of 4 lanes is two accesses, for
// the load through i64 offsets too (the contiguity analysis follows extsi).
// CHECK-LABEL: void __launch_bounds__(128) copy_f64(
// CHECK-SAME: const double* [[X:arg[0-9]+]], double* [[Y:arg[0-9]+]], long long [[N:arg[0-9]+]],
// CHECK: double [[A0:v[0-9]+_0]], [[A1:v[0-9]+_1]], [[A2:v[0-9]+_2]], [[A3:v[0-9]+_3]];
// CHECK: if (reinterpret_cast<unsigned long long>(&[[X]][[[O0:v[0-9]+_0]]]) % 16ull == 0ull && [[M0:v[0-9]+_0]] && [[M1:v[0-9]+_1]]) {
// CHECK-NEXT: const double2 [[V:v[0-9]+]]_vec = *reinterpret_cast<const double2*>(&[[X]][[[O0]]]);
// CHECK: if (reinterpret_cast<unsigned long long>(&[[Y]][[[R0:v[0-9]+_0]]]) % 16ull == 0ull && [[M0]] && [[M1]]) {
// CHECK-NEXT: *reinterpret_cast<double2*>(&[[Y]][[[R0]]]) = make_double2([[A0]], [[A1]]);
// CHECK: if (reinterpret_cast<unsigned long long>(&[[Y]][[[R2:v[0-9]+_2]]]) % 16ull == 0ull && [[M2:v[0-9]+_2]] && [[M3:v[0-9]+_3]]) {
// CHECK-NEXT: *reinterpret_cast<double2*>(&[[Y]][[[R2]]]) = make_double2([[A2]], [[A3]]);
}
tt.func @copy_f64(%x: !tt.ptr<f64>, %y: !tt.ptr<f64>, %n: i64) attributes {block_size = 512 : i32, num_warps = 4 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 512 : i32} : tensor<512xi32>
  %r64 = arith.extsi %r : tensor<512xi32> to tensor<512xi64>
  %ns = tt.splat %n : i64 -> tensor<512xi64>
  %m = arith.cmpi slt, %r64, %ns : tensor<512xi64>
  %xs = tt.splat %x : !tt.ptr<f64> -> tensor<512x!tt.ptr<f64>>
  %xp = tt.addptr %xs, %r64 : tensor<512x!tt.ptr<f64>>, tensor<512xi64>
  %a = tt.load %xp, %m : tensor<512x!tt.ptr<f64>>
  %ys = tt.splat %y : !tt.ptr<f64> -> tensor<512x!tt.ptr<f64>>
  %yp = tt.addptr %ys, %r : tensor<512x!tt.ptr<f64>>, tensor<512xi32>
  tt.store %yp, %a, %m : tensor<512x!tt.ptr<f64>>
  tt.return
}


