// Contiguity through loops and branches (TiledContiguity.cpp): a loop-carried
// pointer tensor keeps what its init has and every iteration keeps; a
// branch's result what both branches yield.
// RUN: mytriton-opt --convert-tt-to-gpu -split-input-file %s | FileCheck %s

#b = #tt.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>

// `ptrs += 128` (a uniform step) keeps the init's runs of 4: vector loads
// inside the loop.
// CHECK-LABEL: gpu.func @carried_ptrs
// CHECK:         scf.for {{.*}} -> (vector<4xf32>, vector<4x!llvm.ptr<1>>)
// CHECK:           llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK:           scf.yield
tt.func @carried_ptrs(%p: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n: i32) attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<128xf32, #b>
  %step = arith.constant dense<128> : tensor<128xi32, #b>
  %r = tt.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32, #b>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #b>
  %p0 = tt.addptr %ps, %r : tensor<128x!tt.ptr<f32>, #b>, tensor<128xi32, #b>
  %acc:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %zero, %pp = %p0) -> (tensor<128xf32, #b>, tensor<128x!tt.ptr<f32>, #b>) : i32 {
    %x = tt.load %pp : tensor<128x!tt.ptr<f32>, #b>
    %a2 = arith.addf %a, %x : tensor<128xf32, #b>
    %pp2 = tt.addptr %pp, %step : tensor<128x!tt.ptr<f32>, #b>, tensor<128xi32, #b>
    scf.yield %a2, %pp2 : tensor<128xf32, #b>, tensor<128x!tt.ptr<f32>, #b>
  }
  %os = tt.splat %out : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #b>
  %op = tt.addptr %os, %r : tensor<128x!tt.ptr<f32>, #b>, tensor<128xi32, #b>
  tt.store %op, %acc#0 : tensor<128x!tt.ptr<f32>, #b>
  tt.return
}

// -----

#b = #tt.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>

// `ptrs += make_range` makes lane i advance by i: contiguous on entry only,
// so the loop's loads and the store after it go register by register.
// CHECK-LABEL: gpu.func @carried_spread
// CHECK:         scf.for
// CHECK-NOT:       -> vector<4xf32>
// CHECK-COUNT-4:   llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<1> -> f32
// CHECK:           scf.yield
// CHECK-NOT:     vector<4xf32>, !llvm.ptr<1>
// CHECK-COUNT-4: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<1>
tt.func @carried_spread(%p: !tt.ptr<f32>, %n: i32) attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<128xf32, #b>
  %r = tt.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32, #b>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #b>
  %p0 = tt.addptr %ps, %r : tensor<128x!tt.ptr<f32>, #b>, tensor<128xi32, #b>
  %acc:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %zero, %pp = %p0) -> (tensor<128xf32, #b>, tensor<128x!tt.ptr<f32>, #b>) : i32 {
    %x = tt.load %pp : tensor<128x!tt.ptr<f32>, #b>
    %a2 = arith.addf %a, %x : tensor<128xf32, #b>
    %pp2 = tt.addptr %pp, %r : tensor<128x!tt.ptr<f32>, #b>, tensor<128xi32, #b>
    scf.yield %a2, %pp2 : tensor<128xf32, #b>, tensor<128x!tt.ptr<f32>, #b>
  }
  tt.store %acc#1, %acc#0 : tensor<128x!tt.ptr<f32>, #b>
  tt.return
}

// -----

#b = #tt.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>

// A branch between two contiguous pointer tensors gives a contiguous one;
// between a contiguous and a strided one, not.
// CHECK-LABEL: gpu.func @branch_ptrs
// CHECK:         scf.if
// CHECK:         llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK:         scf.if
// CHECK-NOT:     -> vector<4xf32>
// CHECK-COUNT-4: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<1> -> f32
// CHECK:         gpu.return
tt.func @branch_ptrs(%p: !tt.ptr<f32>, %q: !tt.ptr<f32>, %k: i32) attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %flag = arith.cmpi ne, %k, %c0 : i32
  %r = tt.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32, #b>
  %two = arith.constant dense<2> : tensor<128xi32, #b>
  %r2 = arith.muli %r, %two : tensor<128xi32, #b>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #b>
  %qs = tt.splat %q : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #b>
  %pr = tt.addptr %ps, %r : tensor<128x!tt.ptr<f32>, #b>, tensor<128xi32, #b>
  %qr = tt.addptr %qs, %r : tensor<128x!tt.ptr<f32>, #b>, tensor<128xi32, #b>
  %q2 = tt.addptr %qs, %r2 : tensor<128x!tt.ptr<f32>, #b>, tensor<128xi32, #b>
  %a = scf.if %flag -> (tensor<128x!tt.ptr<f32>, #b>) {
    scf.yield %pr : tensor<128x!tt.ptr<f32>, #b>
  } else {
    scf.yield %qr : tensor<128x!tt.ptr<f32>, #b>
  }
  %x = tt.load %a : tensor<128x!tt.ptr<f32>, #b>
  %b = scf.if %flag -> (tensor<128x!tt.ptr<f32>, #b>) {
    scf.yield %pr : tensor<128x!tt.ptr<f32>, #b>
  } else {
    scf.yield %q2 : tensor<128x!tt.ptr<f32>, #b>
  }
  %y = tt.load %b : tensor<128x!tt.ptr<f32>, #b>
  %s = arith.addf %x, %y : tensor<128xf32, #b>
  tt.store %pr, %s : tensor<128x!tt.ptr<f32>, #b>
  tt.return
}
