// A tiled comparison that TiledAxisInfo proves constant over aligned groups
// along the fastest dimension (kRegisterRunAttr) is made once per run of a
// thread's registers that holds such a group, and spread back: `cols < N`
// with N a multiple of 16 over 8 registers per thread is one compare, where
// LLVM kept 8 predicates live (tutorial 05's backward pass). Each case where
// it fires has one next to it where it must not.
// RUN: mytriton-opt --convert-tt-to-gpu -split-input-file %s | FileCheck %s

#b = #tt.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>

// 512 columns on 32 threads: 16 registers, two runs of 8.
// CHECK-LABEL: gpu.func @mask_per_run
// CHECK:         %[[COLS:.*]] = arith.addi %{{.*}}, %{{.*}} : vector<16xi32>
// CHECK:         %[[NS:.*]] = vector.broadcast %{{.*}} : i32 to vector<16xi32>
// CHECK:         %[[FIRSTS:.*]] = vector.shuffle %[[COLS]], %[[COLS]] [0, 8] : vector<16xi32>, vector<16xi32>
// CHECK:         %[[N:.*]] = vector.shuffle %[[NS]], %[[NS]] [0, 8] : vector<16xi32>, vector<16xi32>
// CHECK:         %[[ONCE:.*]] = arith.cmpi slt, %[[FIRSTS]], %[[N]] : vector<2xi32>
// CHECK:         %[[MASK:.*]] = vector.shuffle %[[ONCE]], %[[ONCE]] [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1] : vector<2xi1>, vector<2xi1>
// CHECK:         arith.select %[[MASK]], %{{.*}}, %{{.*}} : vector<16xi1>, vector<16xf32>
tt.func @mask_per_run(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  %cols = tt.make_range {start = 0 : i32, end = 512 : i32} : tensor<512xi32, #b>
  %ns = tt.splat %n : i32 -> tensor<512xi32, #b>
  %mask = arith.cmpi slt, %cols, %ns : tensor<512xi32, #b>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #b>
  %pp = tt.addptr %ps, %cols : tensor<512x!tt.ptr<f32>, #b>, tensor<512xi32, #b>
  %x = tt.load %pp, %mask : tensor<512x!tt.ptr<f32>, #b>
  %zero = arith.constant dense<0.0> : tensor<512xf32, #b>
  %y = arith.select %mask, %x, %zero : tensor<512xi1, #b>, tensor<512xf32, #b>
  tt.store %pp, %y, %mask : tensor<512x!tt.ptr<f32>, #b>
  tt.return
}

// -----

#b = #tt.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>

// Must not fire: N of unknown divisibility can end a row inside a run.
// CHECK-LABEL: gpu.func @mask_of_unknown_bound
// CHECK-NOT:     vector.shuffle
// CHECK:         arith.cmpi slt, %{{.*}}, %{{.*}} : vector<16xi32>
tt.func @mask_of_unknown_bound(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  %cols = tt.make_range {start = 0 : i32, end = 512 : i32} : tensor<512xi32, #b>
  %ns = tt.splat %n : i32 -> tensor<512xi32, #b>
  %mask = arith.cmpi slt, %cols, %ns : tensor<512xi32, #b>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #b>
  %pp = tt.addptr %ps, %cols : tensor<512x!tt.ptr<f32>, #b>, tensor<512xi32, #b>
  %zero = arith.constant dense<0.0> : tensor<512xf32, #b>
  %x = tt.load %pp, %mask, %zero : tensor<512x!tt.ptr<f32>, #b>
  tt.store %pp, %x : tensor<512x!tt.ptr<f32>, #b>
  tt.return
}

// -----

#b = #tt.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>

// Columns shifted by 4: (i + 4) < N with N a multiple of 16 is one value
// over aligned groups of 4, so each run of 4 registers compares once.
// CHECK-LABEL: gpu.func @mask_of_shifted_columns
// CHECK:         %[[ONCE:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : vector<4xi32>
// CHECK:         vector.shuffle %[[ONCE]], %[[ONCE]] [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3] : vector<4xi1>, vector<4xi1>
tt.func @mask_of_shifted_columns(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 512 : i32} : tensor<512xi32, #b>
  %four = arith.constant dense<4> : tensor<512xi32, #b>
  %cols = arith.addi %r, %four : tensor<512xi32, #b>
  %ns = tt.splat %n : i32 -> tensor<512xi32, #b>
  %mask = arith.cmpi slt, %cols, %ns : tensor<512xi32, #b>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #b>
  %pp = tt.addptr %ps, %r : tensor<512x!tt.ptr<f32>, #b>, tensor<512xi32, #b>
  %zero = arith.constant dense<0.0> : tensor<512xf32, #b>
  %x = tt.load %pp, %mask, %zero : tensor<512x!tt.ptr<f32>, #b>
  tt.store %pp, %x : tensor<512x!tt.ptr<f32>, #b>
  tt.return
}

// -----

#b = #tt.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>

// Must not fire: columns shifted by one element put a group boundary in
// every run.
// CHECK-LABEL: gpu.func @mask_of_odd_shifted_columns
// CHECK-NOT:     vector.shuffle
// CHECK:         arith.cmpi slt, %{{.*}}, %{{.*}} : vector<16xi32>
tt.func @mask_of_odd_shifted_columns(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 512 : i32} : tensor<512xi32, #b>
  %one = arith.constant dense<1> : tensor<512xi32, #b>
  %cols = arith.addi %r, %one : tensor<512xi32, #b>
  %ns = tt.splat %n : i32 -> tensor<512xi32, #b>
  %mask = arith.cmpi slt, %cols, %ns : tensor<512xi32, #b>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #b>
  %pp = tt.addptr %ps, %r : tensor<512x!tt.ptr<f32>, #b>, tensor<512xi32, #b>
  %zero = arith.constant dense<0.0> : tensor<512xf32, #b>
  %x = tt.load %pp, %mask, %zero : tensor<512x!tt.ptr<f32>, #b>
  tt.store %pp, %x : tensor<512x!tt.ptr<f32>, #b>
  tt.return
}
