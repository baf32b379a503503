// Occupancy hints (nvvm.minctasm) of tiled kernels. One with reductions
// and no tensor-core tiles, of 256 threads, asks ptxas for the blocks per
// SM that leave it max(64, 2 E) registers, E the most registers a tensor
// takes per thread, and at most 128 (two blocks); one with atomics, which
// holds its tiles across a lock, max(80, 4 E) and at most 128. Left alone,
// ptxas gave tutorial 05's backward at 8192 columns 190 registers and one
// block per SM (at 4096 columns: 96 and two, where 80 and three fit); its
// forward ran fastest at 64. Smaller blocks already get two blocks with any
// register count, and larger ones would be held below 128: both are left
// alone. A kernel that only moves tiles through shared memory (a
// transpose) asks for the blocks its shared memory allows; other kernels
// without reductions get no hint.
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

// -----

#bl = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#blt = #tt.blocked<{sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>

// A kernel that only moves a tile between layouts through shared memory
// asks for the blocks its shared memory allows, keeping max(32, E)
// registers: a 64x64 fp32 transpose takes 4160 floats (16640 bytes) and 1
// KiB the system keeps per block, 13 blocks of the SM's 228 KiB (E = 32
// would allow 16).
// CHECK-LABEL: gpu.func @transpose_tile
// CHECK-SAME:    nvvm.minctasm = 13 : i32
tt.func @transpose_tile(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>, #bl>
  %x = tt.load %ps : tensor<64x64x!tt.ptr<f32>, #bl>
  %t = tt.trans %x : tensor<64x64xf32, #bl> -> tensor<64x64xf32, #blt>
  %c = tt.convert_layout %t : tensor<64x64xf32, #blt> -> tensor<64x64xf32, #bl>
  tt.store %ps, %c : tensor<64x64x!tt.ptr<f32>, #bl>
  tt.return
}

// -----

#bl = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#blt = #tt.blocked<{sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>

// A 128x128 tile: 128 registers a thread allow four blocks, its 65 KiB of
// shared memory three.
// CHECK-LABEL: gpu.func @transpose_large_tile
// CHECK-SAME:    nvvm.minctasm = 3 : i32
tt.func @transpose_large_tile(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<128x128x!tt.ptr<f32>, #bl>
  %x = tt.load %ps : tensor<128x128x!tt.ptr<f32>, #bl>
  %t = tt.trans %x : tensor<128x128xf32, #bl> -> tensor<128x128xf32, #blt>
  %c = tt.convert_layout %t : tensor<128x128xf32, #blt> -> tensor<128x128xf32, #bl>
  tt.store %ps, %c : tensor<128x128x!tt.ptr<f32>, #bl>
  tt.return
}

// -----

#bl = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#blt = #tt.blocked<{sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>

// The same transpose with an atomic: the rule does not know what an atomic
// needs, so no hint.
// CHECK-LABEL: gpu.func @transpose_tile_and_atomic
// CHECK-NOT:     nvvm.minctasm
// CHECK:         gpu.return
tt.func @transpose_tile_and_atomic(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %q: !tt.ptr<i32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>, #bl>
  %x = tt.load %ps : tensor<64x64x!tt.ptr<f32>, #bl>
  %t = tt.trans %x : tensor<64x64xf32, #bl> -> tensor<64x64xf32, #blt>
  %c = tt.convert_layout %t : tensor<64x64xf32, #blt> -> tensor<64x64xf32, #bl>
  tt.store %ps, %c : tensor<64x64x!tt.ptr<f32>, #bl>
  %one = arith.constant 1 : i32
  %old = tt.atomic_rmw add, relaxed, gpu, %q, %one : !tt.ptr<i32>
  tt.return
}
