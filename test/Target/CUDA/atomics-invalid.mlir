// What --emit-cuda refuses of atomics: a diagnostic at the op.
// RUN: mytriton-translate --emit-cuda --verify-diagnostics --split-input-file %s

// Tensor atomics of tiled kernels are not emitted yet; scalar ones are.
#bl = #tt.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
tt.func @tiled_tensor_atomic(%p: !tt.ptr<i32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32, #bl>
  %ps = tt.splat %p : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>, #bl>
  %ptrs = tt.addptr %ps, %r : tensor<64x!tt.ptr<i32>, #bl>, tensor<64xi32, #bl>
  // expected-error @below {{'tt.atomic_rmw' op on a tensor is not supported yet in a kernel whose tensors have shapes of their own (tiled kernels); the CUDA emitter writes atomics of uniform kernels (1-D tensors of the block's width) and scalar atomics}}
  %old = tt.atomic_rmw add, acq_rel, gpu, %ptrs, %r : tensor<64x!tt.ptr<i32>, #bl>
  tt.return
}
