// A tiled kernel with reductions and no tensor-core tiles, of 256 threads,
// asks ptxas for the blocks per SM that leave it max(64, 2 E) registers, E
// the most registers a tensor takes per thread, and at most 128 (two
// blocks); one with atomics, which holds its tiles across a lock, max(80,
// 4 E) and at most 128. Left alone, ptxas gave tutorial 05's backward at
// 8192 columns 190 registers and one block per SM (at 4096 columns: 96
// and two, where 80 and three fit); its forward ran fastest at 64. Smaller blocks already get two blocks with any
// register count, and larger ones would be held below 128: both are left
// alone, as are kernels without reductions.
// RUN: mytriton-opt --convert-tt-to-gpu -split-input-file %s | FileCheck %s

#b = #tt.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>

// E = 8: 64 registers, four blocks.
// CHECK-LABEL: gpu.func @sum_on_256_threads
// CHECK-SAME:    nvvm.minctasm = 4 : i32
tt.func @sum_on_256_threads(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}) attributes {block_size = 256 : i32, num_warps = 8 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 2048 : i32} : tensor<2048xi32, #b>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<2048x!tt.ptr<f32>, #b>
  %pp = tt.addptr %ps, %r : tensor<2048x!tt.ptr<f32>, #b>, tensor<2048xi32, #b>
  %x = tt.load %pp : tensor<2048x!tt.ptr<f32>, #b>
  %s = tt.reduce sum %x : tensor<2048xf32, #b> -> f32
  tt.store %p, %s : !tt.ptr<f32>
  tt.return
}

// -----

#b = #tt.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>

// Must not fire: 128 threads fit two blocks per SM at any register count.
// CHECK-LABEL: gpu.func @sum_on_128_threads
// CHECK-NOT:     nvvm.minctasm
// CHECK:         gpu.return
tt.func @sum_on_128_threads(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 1024 : i32} : tensor<1024xi32, #b>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #b>
  %pp = tt.addptr %ps, %r : tensor<1024x!tt.ptr<f32>, #b>, tensor<1024xi32, #b>
  %x = tt.load %pp : tensor<1024x!tt.ptr<f32>, #b>
  %s = tt.reduce sum %x : tensor<1024xf32, #b> -> f32
  tt.store %p, %s : !tt.ptr<f32>
  tt.return
}

// -----

#b = #tt.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>

// Must not fire: no reduction (an elementwise kernel runs at copy bandwidth).
// CHECK-LABEL: gpu.func @copy_on_256_threads
// CHECK-NOT:     nvvm.minctasm
// CHECK:         gpu.return
tt.func @copy_on_256_threads(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}) attributes {block_size = 256 : i32, num_warps = 8 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 2048 : i32} : tensor<2048xi32, #b>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<2048x!tt.ptr<f32>, #b>
  %pp = tt.addptr %ps, %r : tensor<2048x!tt.ptr<f32>, #b>, tensor<2048xi32, #b>
  %x = tt.load %pp : tensor<2048x!tt.ptr<f32>, #b>
  tt.store %pp, %x : tensor<2048x!tt.ptr<f32>, #b>
  tt.return
}

// -----

#b = #tt.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>

// E = 64 (16384 elements on 256 threads): 128 registers, two blocks.
// CHECK-LABEL: gpu.func @sum_of_a_wide_tile
// CHECK-SAME:    nvvm.minctasm = 2 : i32
tt.func @sum_of_a_wide_tile(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}) attributes {block_size = 256 : i32, num_warps = 8 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 16384 : i32} : tensor<16384xi32, #b>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<16384x!tt.ptr<f32>, #b>
  %pp = tt.addptr %ps, %r : tensor<16384x!tt.ptr<f32>, #b>, tensor<16384xi32, #b>
  %x = tt.load %pp : tensor<16384x!tt.ptr<f32>, #b>
  %s = tt.reduce sum %x : tensor<16384xf32, #b> -> f32
  tt.store %p, %s : !tt.ptr<f32>
  tt.return
}

// -----

#b = #tt.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>

// With an atomic (a lock's kernel holds its tiles across it), E = 8: 80
// registers, three blocks.
// CHECK-LABEL: gpu.func @sum_and_atomic_on_256_threads
// CHECK-SAME:    nvvm.minctasm = 3 : i32
tt.func @sum_and_atomic_on_256_threads(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}) attributes {block_size = 256 : i32, num_warps = 8 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 2048 : i32} : tensor<2048xi32, #b>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<2048x!tt.ptr<f32>, #b>
  %pp = tt.addptr %ps, %r : tensor<2048x!tt.ptr<f32>, #b>, tensor<2048xi32, #b>
  %x = tt.load %pp : tensor<2048x!tt.ptr<f32>, #b>
  %s = tt.reduce sum %x : tensor<2048xf32, #b> -> f32
  %old = tt.atomic_rmw fadd, acq_rel, gpu, %p, %s : !tt.ptr<f32>
  tt.return
}

// -----

#b = #tt.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>

// With an atomic, E = 32: 128 registers, two blocks.
// CHECK-LABEL: gpu.func @wide_sum_and_atomic_on_256_threads
// CHECK-SAME:    nvvm.minctasm = 2 : i32
tt.func @wide_sum_and_atomic_on_256_threads(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}) attributes {block_size = 256 : i32, num_warps = 8 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 8192 : i32} : tensor<8192xi32, #b>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<8192x!tt.ptr<f32>, #b>
  %pp = tt.addptr %ps, %r : tensor<8192x!tt.ptr<f32>, #b>, tensor<8192xi32, #b>
  %x = tt.load %pp : tensor<8192x!tt.ptr<f32>, #b>
  %s = tt.reduce sum %x : tensor<8192xf32, #b> -> f32
  %old = tt.atomic_rmw fadd, acq_rel, gpu, %p, %s : !tt.ptr<f32>
  tt.return
}
