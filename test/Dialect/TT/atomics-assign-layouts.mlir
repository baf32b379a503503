// tt-assign-layouts has no layout rule for tensor atomics of tiled kernels
// yet (the GPU routes lower those of uniform kernels): refused at the op.
// RUN: mytriton-opt %s --tt-assign-layouts -split-input-file -verify-diagnostics

tt.func @tiled_atomic(%p: !tt.ptr<f32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %ptrs = tt.addptr %ps, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %v = arith.sitofp %r : tensor<64xi32> to tensor<64xf32>
  // expected-error @below {{'tt.atomic_rmw' op on a tensor is not supported yet in a kernel whose tensors have shapes of their own (tiled kernels); atomics of uniform kernels (1-D tensors of the block's width) and scalar atomics are}}
  %old = tt.atomic_rmw fadd, acq_rel, gpu, %ptrs, %v : tensor<64x!tt.ptr<f32>>
  tt.return
}

// -----

// A scalar atomic has no tensors: nothing to lay out.
tt.func @tiled_scalar_atomic(%p: !tt.ptr<f32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %v = arith.sitofp %r : tensor<64xi32> to tensor<64xf32>
  %s = tt.reduce sum %v : tensor<64xf32> -> f32
  %old = tt.atomic_rmw fadd, acq_rel, gpu, %p, %s : !tt.ptr<f32>
  tt.return
}
