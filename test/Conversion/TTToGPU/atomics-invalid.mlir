// What convert-tt-to-gpu refuses of atomics, at the op.
// RUN: mytriton-opt --convert-tt-to-gpu -split-input-file -verify-diagnostics %s

// Tensor atomics of tiled kernels are not lowered yet (a lane replicated
// over threads would need one owner); scalar ones are.
#bl = #tt.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
tt.func @tiled_tensor_atomic(%p: !tt.ptr<f32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32, #bl>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #bl>
  %ptrs = tt.addptr %ps, %r : tensor<64x!tt.ptr<f32>, #bl>, tensor<64xi32, #bl>
  %v = arith.sitofp %r : tensor<64xi32, #bl> to tensor<64xf32, #bl>
  // expected-error @below {{'tt.atomic_rmw' op on a tensor is not supported yet in a kernel whose tensors have shapes of their own (tiled kernels); the GPU routes lower atomics of uniform kernels (1-D tensors of the block's width) and scalar atomics}}
  %old = tt.atomic_rmw fadd, acq_rel, gpu, %ptrs, %v : tensor<64x!tt.ptr<f32>, #bl>
  tt.return
}
