// A uniform kernel with a reduction asks ptxas for the occupancy that leaves
// max(32, 2 E) registers a thread (nvvm.minctasm): the shuffle chains of
// streaming reductions wait, and occupancy hides that. A kernel with atomics
// is left to ptxas: one holding a lock (tutorial 05's backward) keeps its
// tensors live across it, and at 32 registers ptxas spilled 60 bytes of
// them (10.6 instead of 13.0 us on the H200 without the cap, Triton 10.4).
// RUN: mytriton-opt --convert-tt-to-gpu --split-input-file %s | FileCheck %s

// 1024 lanes on 128 threads (E = 8): 65536 / (128 * 32) = 16 blocks.
// CHECK-LABEL: gpu.func @row_sum(
// CHECK-SAME:    nvvm.minctasm = 16 : i32
tt.func @row_sum(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %out: !tt.ptr<f32>) attributes {block_size = 1024 : i32, num_warps = 4 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 1024 : i32} : tensor<1024xi32>
  %px = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %pp = tt.addptr %px, %r : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  %v = tt.load %pp : tensor<1024x!tt.ptr<f32>>
  %s = tt.reduce sum %v : tensor<1024xf32> -> f32
  tt.store %out, %s : !tt.ptr<f32>
  tt.return
}

// -----

// Must not fire: the same sum, then an atomic add of it.
// CHECK-LABEL: gpu.func @row_sum_atomic(
// CHECK-NOT:     nvvm.minctasm
// CHECK:         gpu.return
tt.func @row_sum_atomic(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %out: !tt.ptr<f32>) attributes {block_size = 1024 : i32, num_warps = 4 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 1024 : i32} : tensor<1024xi32>
  %px = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %pp = tt.addptr %px, %r : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  %v = tt.load %pp : tensor<1024x!tt.ptr<f32>>
  %s = tt.reduce sum %v : tensor<1024xf32> -> f32
  %old = tt.atomic_rmw fadd, acq_rel, gpu, %out, %s : !tt.ptr<f32>
  tt.return
}
