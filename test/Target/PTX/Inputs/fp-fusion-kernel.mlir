// Kernels for fp-fusion.mlir (both routes): a * b + c - d on f32 and f64,
// and a division that no fusion touches.
tt.func @fused(%pa: !tt.ptr<f32>, %pb: !tt.ptr<f32>, %pd: !tt.ptr<f64>) attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %sa = tt.splat %pa : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
  %a_ptrs = tt.addptr %sa, %r : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
  %sb = tt.splat %pb : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
  %b_ptrs = tt.addptr %sb, %r : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
  %a = tt.load %a_ptrs : tensor<32x!tt.ptr<f32>>
  %b = tt.load %b_ptrs : tensor<32x!tt.ptr<f32>>
  %m = arith.mulf %a, %b : tensor<32xf32>
  %s = arith.addf %m, %b : tensor<32xf32>
  %t = arith.subf %s, %a : tensor<32xf32>
  %q = arith.divf %t, %b : tensor<32xf32>
  tt.store %a_ptrs, %q : tensor<32x!tt.ptr<f32>>
  %sd = tt.splat %pd : !tt.ptr<f64> -> tensor<32x!tt.ptr<f64>>
  %d_ptrs = tt.addptr %sd, %r : tensor<32x!tt.ptr<f64>>, tensor<32xi32>
  %d = tt.load %d_ptrs : tensor<32x!tt.ptr<f64>>
  %dm = arith.mulf %d, %d : tensor<32xf64>
  %ds = arith.addf %dm, %d : tensor<32xf64>
  tt.store %d_ptrs, %ds : tensor<32x!tt.ptr<f64>>
  tt.return
}
