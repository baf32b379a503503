// The seed row sum at BLOCK = 1024; tests replace NUM_WARPS. The result is
// stored through the first-lane mask `cols < 1`.
tt.func @row_sum_kernel(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n_cols: i32) attributes {block_size = 1024 : i32, num_warps = NUM_WARPS : i32} {
  %row = tt.get_program_id 0 : i32
  %cols = tt.make_range {start = 0 : i32, end = 1024 : i32} : tensor<1024xi32>
  %start = arith.muli %row, %n_cols : i32
  %start_v = tt.splat %start : i32 -> tensor<1024xi32>
  %offsets = arith.addi %start_v, %cols : tensor<1024xi32>
  %n_v = tt.splat %n_cols : i32 -> tensor<1024xi32>
  %mask = arith.cmpi slt, %cols, %n_v : tensor<1024xi32>
  %xp = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %ptrs = tt.addptr %xp, %offsets : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  %fill = arith.constant 0.000000e+00 : f32
  %other = tt.splat %fill : f32 -> tensor<1024xf32>
  %values = tt.load %ptrs, %mask, %other : tensor<1024x!tt.ptr<f32>>
  %total = tt.reduce sum %values : tensor<1024xf32> -> f32
  %outp = tt.addptr %out, %row : !tt.ptr<f32>, i32
  %c1 = arith.constant 1 : i32
  %c1_v = tt.splat %c1 : i32 -> tensor<1024xi32>
  %first = arith.cmpi slt, %cols, %c1_v : tensor<1024xi32>
  %outp_v = tt.splat %outp : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %total_v = tt.splat %total : f32 -> tensor<1024xf32>
  tt.store %outp_v, %total_v, %first : tensor<1024x!tt.ptr<f32>>
  tt.return
}
