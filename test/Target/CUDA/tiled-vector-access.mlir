// Vector loads and stores of tiled kernels: runs of 4 registers along a
// dimension where the pointers are contiguous (TiledAxisInfo), one float4
// per run; what tt.divisibility proves drops the run-time checks.
// RUN: mytriton-translate --emit-cuda %s | FileCheck %s

#b = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#br = #tt.slice<{dim = 1, parent = #b}>
#bc = #tt.slice<{dim = 0, parent = #b}>
#bt = #tt.blocked<{sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>

// x, out and n divisible by 16 (as the Python launcher tells): every row
// starts 64-byte aligned and each run of 4 columns is inside or outside
// the columns < n together, so the float4 access is behind the run's first
// mask bit only, with no scalar fallback.
// CHECK-LABEL: void __launch_bounds__(128) copy_aligned(
// CHECK:       float [[X0:v[0-9]+_0]], [[X1:v[0-9]+_1]], [[X2:v[0-9]+_2]], [[X3:v[0-9]+_3]],
// CHECK-NEXT:  if ([[M0:v[0-9]+_0]]) {
// CHECK-NEXT:    const float4 [[VEC:v[0-9]+_vec]] = *reinterpret_cast<const float4*>(&arg0[[[OFF0:v[0-9]+_0]]]);
// CHECK-NEXT:    [[X0]] = [[VEC]].x;
// CHECK-NEXT:    [[X1]] = [[VEC]].y;
// CHECK-NEXT:    [[X2]] = [[VEC]].z;
// CHECK-NEXT:    [[X3]] = [[VEC]].w;
// CHECK-NEXT:  } else {
// CHECK-NEXT:    [[X0]] = 0.0f;
// CHECK-NEXT:    [[X1]] = 0.0f;
// CHECK-NOT:   reinterpret_cast<unsigned long long>
// CHECK:       if ([[M0]]) {
// CHECK-NEXT:    *reinterpret_cast<float4*>(&arg1[[[OFF0]]]) = make_float4([[X0]], [[X1]], [[X2]], [[X3]]);
// CHECK-NEXT:  }
// CHECK-NOT:   } else {
tt.func @copy_aligned(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %out: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %m: i32, %n: i32 {tt.divisibility = 16 : i32}) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %rows = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32, #br>
  %cols = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32, #bc>
  %r2 = tt.expand_dims %rows {axis = 1 : i32} : tensor<32xi32, #br> -> tensor<32x1xi32, #b>
  %c2 = tt.expand_dims %cols {axis = 0 : i32} : tensor<64xi32, #bc> -> tensor<1x64xi32, #b>
  %ns = tt.splat %n : i32 -> tensor<32x1xi32, #b>
  %rowoff = arith.muli %r2, %ns : tensor<32x1xi32, #b>
  %rb = tt.broadcast %rowoff : tensor<32x1xi32, #b> -> tensor<32x64xi32, #b>
  %cb = tt.broadcast %c2 : tensor<1x64xi32, #b> -> tensor<32x64xi32, #b>
  %off = arith.addi %rb, %cb : tensor<32x64xi32, #b>
  %ms = tt.splat %m : i32 -> tensor<32x1xi32, #b>
  %rm = arith.cmpi slt, %r2, %ms : tensor<32x1xi32, #b>
  %nc = tt.splat %n : i32 -> tensor<1x64xi32, #b>
  %cm = arith.cmpi slt, %c2, %nc : tensor<1x64xi32, #b>
  %rmb = tt.broadcast %rm : tensor<32x1xi1, #b> -> tensor<32x64xi1, #b>
  %cmb = tt.broadcast %cm : tensor<1x64xi1, #b> -> tensor<32x64xi1, #b>
  %mask = arith.andi %rmb, %cmb : tensor<32x64xi1, #b>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>, #b>
  %xp = tt.addptr %xs, %off : tensor<32x64x!tt.ptr<f32>, #b>, tensor<32x64xi32, #b>
  %v = tt.load %xp, %mask : tensor<32x64x!tt.ptr<f32>, #b>
  %os = tt.splat %out : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>, #b>
  %op = tt.addptr %os, %off : tensor<32x64x!tt.ptr<f32>, #b>, tensor<32x64xi32, #b>
  tt.store %op, %v, %mask : tensor<32x64x!tt.ptr<f32>, #b>
  tt.return
}


// The same copy with x's tile transposed first: in #bt a thread's 4
// registers run down a column (dimension 0), but consecutive addresses run
// along dimension 1, so each register is its own access.
// CHECK-LABEL: void __launch_bounds__(128) store_transposed(
// CHECK-NOT:   float4
// CHECK:       if ([[M:v[0-9]+_0]]) arg1[{{v[0-9]+_0}}] = 1.0f;
// CHECK-NEXT:  if ([[M]]) arg1[{{v[0-9]+_1}}] = 1.0f;
// CHECK-NOT:   float4
// CHECK:       }
tt.func @store_transposed(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %out: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %rows = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32, #tt.slice<{dim = 1, parent = #bt}>>
  %cols = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32, #tt.slice<{dim = 0, parent = #bt}>>
  %r2 = tt.expand_dims %rows {axis = 1 : i32} : tensor<64xi32, #tt.slice<{dim = 1, parent = #bt}>> -> tensor<64x1xi32, #bt>
  %c2 = tt.expand_dims %cols {axis = 0 : i32} : tensor<32xi32, #tt.slice<{dim = 0, parent = #bt}>> -> tensor<1x32xi32, #bt>
  %ns = tt.splat %n : i32 -> tensor<64x1xi32, #bt>
  %rowoff = arith.muli %r2, %ns : tensor<64x1xi32, #bt>
  %rb = tt.broadcast %rowoff : tensor<64x1xi32, #bt> -> tensor<64x32xi32, #bt>
  %cb = tt.broadcast %c2 : tensor<1x32xi32, #bt> -> tensor<64x32xi32, #bt>
  %off = arith.addi %rb, %cb : tensor<64x32xi32, #bt>
  %nc = tt.splat %n : i32 -> tensor<1x32xi32, #bt>
  %cm = arith.cmpi slt, %c2, %nc : tensor<1x32xi32, #bt>
  %mask = tt.broadcast %cm : tensor<1x32xi1, #bt> -> tensor<64x32xi1, #bt>
  %one = arith.constant dense<1.0> : tensor<64x32xf32, #bt>
  %os = tt.splat %out : !tt.ptr<f32> -> tensor<64x32x!tt.ptr<f32>, #bt>
  %op = tt.addptr %os, %off : tensor<64x32x!tt.ptr<f32>, #bt>, tensor<64x32xi32, #bt>
  tt.store %op, %one, %mask : tensor<64x32x!tt.ptr<f32>, #bt>
  tt.return
}
