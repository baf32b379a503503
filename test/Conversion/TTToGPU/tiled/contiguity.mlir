// Which tiled accesses become 16-byte vector runs (TiledContiguity.cpp): the
// pointer tensor must be contiguous along the layout's fastest dimension.
// RUN: mytriton-opt --convert-tt-to-gpu -split-input-file %s | FileCheck %s

#b = #tt.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>

// base + make_range, and + a splat offset, is contiguous: one run of 4.
// CHECK-LABEL: gpu.func @shifted_range
// CHECK:         llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
tt.func @shifted_range(%p: !tt.ptr<f32>, %k: i32) attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32, #b>
  %ks = tt.splat %k : i32 -> tensor<128xi32, #b>
  %o = arith.addi %r, %ks : tensor<128xi32, #b>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #b>
  %pp = tt.addptr %ps, %o : tensor<128x!tt.ptr<f32>, #b>, tensor<128xi32, #b>
  %x = tt.load %pp : tensor<128x!tt.ptr<f32>, #b>
  tt.store %pp, %x : tensor<128x!tt.ptr<f32>, #b>
  tt.return
}

// -----

#b = #tt.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>

// A stride of 2 is not contiguous: register by register.
// CHECK-LABEL: gpu.func @strided
// CHECK-NOT:     vector<4xf32>, !llvm.ptr<1>
// CHECK-NOT:     -> vector<4xf32>
// CHECK-COUNT-4: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<1> -> f32
tt.func @strided(%p: !tt.ptr<f32>) attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32, #b>
  %two = arith.constant dense<2> : tensor<128xi32, #b>
  %o = arith.muli %r, %two : tensor<128xi32, #b>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #b>
  %pp = tt.addptr %ps, %o : tensor<128x!tt.ptr<f32>, #b>, tensor<128xi32, #b>
  %x = tt.load %pp : tensor<128x!tt.ptr<f32>, #b>
  tt.store %pp, %x : tensor<128x!tt.ptr<f32>, #b>
  tt.return
}

// -----

#b = #tt.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>

// A select under a scalar condition is only known constant where both
// sides are: of a range and its reverse, nothing is contiguous.
// CHECK-LABEL: gpu.func @select_scalar_condition
// CHECK:         arith.select %{{.*}}, %{{.*}}, %{{.*}} : vector<4xi32>
// CHECK-NOT:     -> vector<4xf32>
// CHECK-COUNT-4: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<1> -> f32
tt.func @select_scalar_condition(%p: !tt.ptr<f32>, %k: i32) attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  %zero = arith.constant 0 : i32
  %c = arith.cmpi sgt, %k, %zero : i32
  %r = tt.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32, #b>
  %last = arith.constant dense<127> : tensor<128xi32, #b>
  %rev = arith.subi %last, %r : tensor<128xi32, #b>
  %o = arith.select %c, %r, %rev : tensor<128xi32, #b>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #b>
  %pp = tt.addptr %ps, %o : tensor<128x!tt.ptr<f32>, #b>, tensor<128xi32, #b>
  %x = tt.load %pp : tensor<128x!tt.ptr<f32>, #b>
  %q = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #b>
  %qq = tt.addptr %q, %r : tensor<128x!tt.ptr<f32>, #b>, tensor<128xi32, #b>
  tt.store %qq, %x : tensor<128x!tt.ptr<f32>, #b>
  tt.return
}
