// The seed softmax at BLOCK = 1024; tests replace NUM_WARPS (16, 8, 4 give
// 2, 4, 8 lanes per thread).
tt.func @softmax_kernel(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n_cols: i32) attributes {block_size = 1024 : i32, num_warps = NUM_WARPS : i32} {
  %row = tt.get_program_id 0 : i32
  %cols = tt.make_range {start = 0 : i32, end = 1024 : i32} : tensor<1024xi32>
  %start = arith.muli %row, %n_cols : i32
  %start_v = tt.splat %start : i32 -> tensor<1024xi32>
  %offsets = arith.addi %start_v, %cols : tensor<1024xi32>
  %n_v = tt.splat %n_cols : i32 -> tensor<1024xi32>
  %mask = arith.cmpi slt, %cols, %n_v : tensor<1024xi32>
  %xp = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %ptrs = tt.addptr %xp, %offsets : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  %ninf = arith.constant 0xFF800000 : f32
  %other = tt.splat %ninf : f32 -> tensor<1024xf32>
  %values = tt.load %ptrs, %mask, %other : tensor<1024x!tt.ptr<f32>>
  %row_max = tt.reduce max %values : tensor<1024xf32> -> f32
  %max_v = tt.splat %row_max : f32 -> tensor<1024xf32>
  %shifted = arith.subf %values, %max_v : tensor<1024xf32>
  %num = math.exp %shifted : tensor<1024xf32>
  %den = tt.reduce sum %num : tensor<1024xf32> -> f32
  %den_v = tt.splat %den : f32 -> tensor<1024xf32>
  %probs = arith.divf %num, %den_v : tensor<1024xf32>
  %op = tt.splat %out : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %optrs = tt.addptr %op, %offsets : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  tt.store %optrs, %probs, %mask : tensor<1024x!tt.ptr<f32>>
  tt.return
}
