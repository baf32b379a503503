// tt-assign-layouts' vector width follows the element size (DTYPES.md): v =
// 16 / bytes of the narrowest element that the loads and stores of a shape
// class access (8 halves, 2 doubles, 16 bytes), capped at N; 4 where no
// load or store says. 1-D layouts per width likewise.
// RUN: mytriton-opt %s -split-input-file -tt-assign-layouts | FileCheck %s

// f16 loaded, f32 stored: the narrower f16 sets v = 8; tN = 8, tM = 4.
// CHECK: #[[B:blocked[0-9]*]] = #tt.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func @half_tile
// CHECK:         tt.load %{{.*}} : tensor<64x64x!tt.ptr<f16>, #[[B]]>
// CHECK:         tt.store %{{.*}} : tensor<64x64x!tt.ptr<f32>, #[[B]]>
tt.func @half_tile(%a: !tt.ptr<f16>, %c: !tt.ptr<f32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %rm = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %rm2 = tt.expand_dims %rm {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %c64 = arith.constant dense<64> : tensor<64x1xi32>
  %rows = arith.muli %rm2, %c64 : tensor<64x1xi32>
  %rb = tt.broadcast %rows : tensor<64x1xi32> -> tensor<64x64xi32>
  %rn2 = tt.expand_dims %rm {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %cb = tt.broadcast %rn2 : tensor<1x64xi32> -> tensor<64x64xi32>
  %off = arith.addi %rb, %cb : tensor<64x64xi32>
  %pa = tt.splat %a : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>>
  %pa2 = tt.addptr %pa, %off : tensor<64x64x!tt.ptr<f16>>, tensor<64x64xi32>
  %x = tt.load %pa2 : tensor<64x64x!tt.ptr<f16>>
  %w = arith.extf %x : tensor<64x64xf16> to tensor<64x64xf32>
  %pc = tt.splat %c : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>>
  %pc2 = tt.addptr %pc, %off : tensor<64x64x!tt.ptr<f32>>, tensor<64x64xi32>
  tt.store %pc2, %w : tensor<64x64x!tt.ptr<f32>>
  tt.return
}

// -----

// f64: v = 2, tN = 16, tM = 2.
// CHECK: #[[B:blocked[0-9]*]] = #tt.blocked<{sizePerThread = [1, 2], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func @double_tile
// CHECK:         tt.store %{{.*}} : tensor<32x32x!tt.ptr<f64>, #[[B]]>
tt.func @double_tile(%c: !tt.ptr<f64>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %z = arith.constant dense<1.0> : tensor<32x32xf64>
  %off = arith.constant dense<0> : tensor<32x32xi32>
  %pc = tt.splat %c : !tt.ptr<f64> -> tensor<32x32x!tt.ptr<f64>>
  %pc2 = tt.addptr %pc, %off : tensor<32x32x!tt.ptr<f64>>, tensor<32x32xi32>
  tt.store %pc2, %z : tensor<32x32x!tt.ptr<f64>>
  tt.return
}

// -----

// i8 rows of 8: v = 16 capped at N = 8, tN = 1, tM = 32.
// CHECK: #[[B:blocked[0-9]*]] = #tt.blocked<{sizePerThread = [1, 8], threadsPerWarp = [32, 1], warpsPerCTA = [1, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func @byte_rows
tt.func @byte_rows(%c: !tt.ptr<i8>) attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  %z = arith.constant dense<1> : tensor<32x8xi8>
  %off = arith.constant dense<0> : tensor<32x8xi32>
  %pc = tt.splat %c : !tt.ptr<i8> -> tensor<32x8x!tt.ptr<i8>>
  %pc2 = tt.addptr %pc, %off : tensor<32x8x!tt.ptr<i8>>, tensor<32x8xi32>
  tt.store %pc2, %z : tensor<32x8x!tt.ptr<i8>>
  tt.return
}

// -----

// No rank-2 access: v = 4, as for 32-bit elements. The 1-D width 4096 over
// 128 threads stores bf16: 8 per thread; width 2048 stores f64: 2 per thread.
// CHECK-DAG: #[[B:blocked[0-9]*]] = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[H:blocked[0-9]*]] = #tt.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[D:blocked[0-9]*]] = #tt.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @rank1_widths
// CHECK:         tt.reshape %{{.*}} : tensor<64x64xbf16, #[[B]]> -> tensor<4096xbf16, #[[H]]>
// CHECK:         tt.store %{{.*}} : tensor<4096x!tt.ptr<bf16>, #[[H]]>
// CHECK:         tt.store %{{.*}} : tensor<2048x!tt.ptr<f64>, #[[D]]>
tt.func @rank1_widths(%h: !tt.ptr<bf16>, %d: !tt.ptr<f64>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %t = arith.constant dense<1.0> : tensor<64x64xbf16>
  %flat = tt.reshape %t : tensor<64x64xbf16> -> tensor<4096xbf16>
  %r = tt.make_range {start = 0 : i32, end = 4096 : i32} : tensor<4096xi32>
  %ph = tt.splat %h : !tt.ptr<bf16> -> tensor<4096x!tt.ptr<bf16>>
  %ph2 = tt.addptr %ph, %r : tensor<4096x!tt.ptr<bf16>>, tensor<4096xi32>
  tt.store %ph2, %flat : tensor<4096x!tt.ptr<bf16>>
  %r2 = tt.make_range {start = 0 : i32, end = 2048 : i32} : tensor<2048xi32>
  %one = arith.constant dense<1.0> : tensor<2048xf64>
  %pd = tt.splat %d : !tt.ptr<f64> -> tensor<2048x!tt.ptr<f64>>
  %pd2 = tt.addptr %pd, %r2 : tensor<2048x!tt.ptr<f64>>, tensor<2048xi32>
  tt.store %pd2, %one : tensor<2048x!tt.ptr<f64>>
  tt.return
}
