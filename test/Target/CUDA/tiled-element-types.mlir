// Tiled kernels of f16: the layout's runs of 8 halves (sizePerThread
// [1, 8]) are one 16-byte uint4 access each; a reduction of f16 combines in
// f16 (__hadd_rn) and shuffles __half values.
// RUN: mytriton-translate --emit-cuda %s | FileCheck %s

// CHECK-LABEL: void __launch_bounds__(128) tile_f16(
// CHECK-SAME: const __half* [[X:arg[0-9]+]], __half* [[Y:arg[0-9]+]],
// CHECK-NEXT: __shared__ float4 scratch[64];
// CHECK: const uint4 [[VEC:v[0-9]+_vec]] = *reinterpret_cast<const uint4*>(&[[X]][[[OFF:v[0-9]+_0]]]);
// CHECK-NEXT: [[A0:v[0-9]+_0]] = __ushort_as_half((unsigned short)[[VEC]].x);
// CHECK-NEXT: [[A1:v[0-9]+_1]] = __ushort_as_half((unsigned short)([[VEC]].x >> 16));
// CHECK-NEXT: [[A2:v[0-9]+_2]] = __ushort_as_half((unsigned short)[[VEC]].y);
// CHECK-NEXT: [[A3:v[0-9]+_3]] = __ushort_as_half((unsigned short)([[VEC]].y >> 16));
// CHECK-NEXT: [[A4:v[0-9]+_4]] = __ushort_as_half((unsigned short)[[VEC]].z);
// CHECK-NEXT: [[A5:v[0-9]+_5]] = __ushort_as_half((unsigned short)([[VEC]].z >> 16));
// CHECK-NEXT: [[A6:v[0-9]+_6]] = __ushort_as_half((unsigned short)[[VEC]].w);
// CHECK-NEXT: [[A7:v[0-9]+_7]] = __ushort_as_half((unsigned short)([[VEC]].w >> 16));
// CHECK: *reinterpret_cast<uint4*>(&[[Y]][[[OFF]]]) = make_uint4((unsigned)__half_as_ushort([[A0]]) | ((unsigned)__half_as_ushort([[A1]]) << 16), (unsigned)__half_as_ushort([[A2]]) | ((unsigned)__half_as_ushort([[A3]]) << 16), (unsigned)__half_as_ushort([[A4]]) | ((unsigned)__half_as_ushort([[A5]]) << 16), (unsigned)__half_as_ushort([[A6]]) | ((unsigned)__half_as_ushort([[A7]]) << 16));
// CHECK: const __half [[P0:v[0-9]+_part]] = __hadd_rn([[A0]], [[A4]]);
// CHECK: __half [[ACC:v[0-9]+_acc]] = [[PN:v[0-9]+_part_6]];
// CHECK-NEXT: const __half [[O:v[0-9]+_other]] = __shfl_xor_sync(0xffffffffu, [[ACC]], 1);
// CHECK-NEXT: [[ACC]] = __hadd_rn([[ACC]], [[O]]);
// The f32 column max through the scratch buffer: 4 warps x 64 columns x 4 bytes.
// CHECK: reinterpret_cast<float*>(scratch)[(thread_dim0_1) * 4 + warp_group] =
#b = #tt.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#r = #tt.slice<{dim = 1, parent = #b}>
#c = #tt.slice<{dim = 0, parent = #b}>
tt.func @tile_f16(%x: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %s: !tt.ptr<f32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %rows = tt.make_range {start = 0 : i32, end = 16 : i32} : tensor<16xi32, #r>
  %cols = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32, #c>
  %r2 = tt.expand_dims %rows {axis = 1 : i32} : tensor<16xi32, #r> -> tensor<16x1xi32, #b>
  %c2 = tt.expand_dims %cols {axis = 0 : i32} : tensor<64xi32, #c> -> tensor<1x64xi32, #b>
  %k = arith.constant dense<64> : tensor<16x1xi32, #b>
  %rm = arith.muli %r2, %k : tensor<16x1xi32, #b>
  %rb = tt.broadcast %rm : tensor<16x1xi32, #b> -> tensor<16x64xi32, #b>
  %cb = tt.broadcast %c2 : tensor<1x64xi32, #b> -> tensor<16x64xi32, #b>
  %off = arith.addi %rb, %cb : tensor<16x64xi32, #b>
  %xs = tt.splat %x : !tt.ptr<f16> -> tensor<16x64x!tt.ptr<f16>, #b>
  %xp = tt.addptr %xs, %off : tensor<16x64x!tt.ptr<f16>, #b>, tensor<16x64xi32, #b>
  %a = tt.load %xp : tensor<16x64x!tt.ptr<f16>, #b>
  %ys = tt.splat %y : !tt.ptr<f16> -> tensor<16x64x!tt.ptr<f16>, #b>
  %yp = tt.addptr %ys, %off : tensor<16x64x!tt.ptr<f16>, #b>, tensor<16x64xi32, #b>
  tt.store %yp, %a : tensor<16x64x!tt.ptr<f16>, #b>
  %af = arith.extf %a : tensor<16x64xf16, #b> to tensor<16x64xf32, #b>
  %sum = tt.reduce sum %a {axis = 1 : i32} : tensor<16x64xf16, #b> -> tensor<16xf16, #r>
  %mx = tt.reduce max %af {axis = 0 : i32} : tensor<16x64xf32, #b> -> tensor<64xf32, #c>
  %sf = arith.extf %sum : tensor<16xf16, #r> to tensor<16xf32, #r>
  %ss = tt.splat %s : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>, #r>
  %sp = tt.addptr %ss, %rows : tensor<16x!tt.ptr<f32>, #r>, tensor<16xi32, #r>
  tt.store %sp, %sf : tensor<16x!tt.ptr<f32>, #r>
  %cs = tt.splat %s : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #c>
  %cp = tt.addptr %cs, %cols : tensor<64x!tt.ptr<f32>, #c>, tensor<64xi32, #c>
  tt.store %cp, %mx : tensor<64x!tt.ptr<f32>, #c>
  tt.return
}
