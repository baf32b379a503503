// Kernels for approximate-math.mlir: Triton's default f32 math (afn) and
// the IEEE forms.
tt.func @approximate(%p: !tt.ptr<f32>) attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
  %pp = tt.addptr %ps, %r : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
  %x = tt.load %pp : tensor<32x!tt.ptr<f32>>
  %e = math.exp %x fastmath<afn> : tensor<32xf32>
  %q = arith.divf %e, %x fastmath<afn> : tensor<32xf32>
  %s = math.sqrt %q fastmath<afn> : tensor<32xf32>
  tt.store %pp, %s : tensor<32x!tt.ptr<f32>>
  tt.return
}

tt.func @precise(%p: !tt.ptr<f32>) attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
  %pp = tt.addptr %ps, %r : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
  %x = tt.load %pp : tensor<32x!tt.ptr<f32>>
  %q = arith.divf %x, %x : tensor<32xf32>
  %s = math.sqrt %q : tensor<32xf32>
  tt.store %pp, %s : tensor<32x!tt.ptr<f32>>
  tt.return
}
