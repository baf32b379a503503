// A uniform kernel's groups of consecutive lanes hold 16 bytes of the
// narrowest element its tensor loads and stores access (tt.func's
// getLanesPerGroup), at least 4 lanes: 8 halves are one 16-byte access,
// while a kernel of floats keeps groups of 4.
// RUN: mytriton-translate --emit-cuda -split-input-file %s | FileCheck %s

// 8 halves a thread in one group: register 0 is lane threadIdx.x * 8, one
// uint4 per access.
// CHECK:       128 threads, each owning 8 lanes of the 1024-lane tensors in groups of 8.
// CHECK-NEXT:  // Launch:
// CHECK-NEXT:  void __launch_bounds__(128) copy_f16_8(
// CHECK:       = (int)threadIdx.x * 8;
// CHECK:       const uint4 [[VEC:v[0-9]+_vec]] = *reinterpret_cast<const uint4*>(
// CHECK:       *reinterpret_cast<uint4*>(
tt.func @copy_f16_8(%x: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f16> {tt.divisibility = 16 : i32}) attributes {block_size = 1024 : i32, num_warps = 4 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 1024 : i32} : tensor<1024xi32>
  %xs = tt.splat %x : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>>
  %xp = tt.addptr %xs, %r : tensor<1024x!tt.ptr<f16>>, tensor<1024xi32>
  %a = tt.load %xp : tensor<1024x!tt.ptr<f16>>
  %ys = tt.splat %y : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>>
  %yp = tt.addptr %ys, %r : tensor<1024x!tt.ptr<f16>>, tensor<1024xi32>
  tt.store %yp, %a : tensor<1024x!tt.ptr<f16>>
  tt.return
}

// -----

// Halves in, floats out: the halves set the group (8); the 8 floats of a
// group are two float4 accesses, 16 bytes apart.
// CHECK:       in groups of 8.
// CHECK-NEXT:  // Launch:
// CHECK-NEXT:  void __launch_bounds__(128) widen_f16_to_f32(
// CHECK:       const uint4 {{.*}} = *reinterpret_cast<const uint4*>(
// CHECK-COUNT-2: *reinterpret_cast<float4*>(
tt.func @widen_f16_to_f32(%x: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f32> {tt.divisibility = 16 : i32}) attributes {block_size = 1024 : i32, num_warps = 4 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 1024 : i32} : tensor<1024xi32>
  %xs = tt.splat %x : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>>
  %xp = tt.addptr %xs, %r : tensor<1024x!tt.ptr<f16>>, tensor<1024xi32>
  %a = tt.load %xp : tensor<1024x!tt.ptr<f16>>
  %w = arith.extf %a : tensor<1024xf16> to tensor<1024xf32>
  %ys = tt.splat %y : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %yp = tt.addptr %ys, %r : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  tt.store %yp, %w : tensor<1024x!tt.ptr<f32>>
  tt.return
}

// -----

// Must not change: floats alone keep groups of 4 (two float4 a thread, 512
// floats apart).
// CHECK:       in groups of 4.
// CHECK-NEXT:  // Launch:
// CHECK-NEXT:  void __launch_bounds__(128) copy_f32_8(
// CHECK:       = (int)threadIdx.x * 4;
tt.func @copy_f32_8(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f32> {tt.divisibility = 16 : i32}) attributes {block_size = 1024 : i32, num_warps = 4 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 1024 : i32} : tensor<1024xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %r : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  %a = tt.load %xp : tensor<1024x!tt.ptr<f32>>
  %ys = tt.splat %y : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %yp = tt.addptr %ys, %r : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  tt.store %yp, %a : tensor<1024x!tt.ptr<f32>>
  tt.return
}
