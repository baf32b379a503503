// The kernel of Triton's tutorial 02 (persistent programs: rows row_start,
// row_start + row_step, ... below n_rows) at BLOCK = 1024 and 4 warps (8
// lanes per thread), with tl.num_programs(0) passed as %row_step. Tests
// put tt.divisibility on arguments with sed (DIV_X, DIV_OUT, DIV_STRIDE,
// DIV_COLS), as the Python launcher specializes them.
tt.func @softmax_rows(%out: !tt.ptr<f32> DIV_OUT, %x: !tt.ptr<f32> DIV_X, %in_stride: i32 DIV_STRIDE, %out_stride: i32 DIV_STRIDE, %n_rows: i32, %n_cols: i32 DIV_COLS, %row_step: i32) attributes {block_size = 1024 : i32, num_warps = 4 : i32} {
  %row_start = tt.get_program_id 0 : i32
  %ninf = arith.constant dense<0xFF800000> : tensor<1024xf32>
  scf.for %row = %row_start to %n_rows step %row_step : i32 {
    %in_off = arith.muli %row, %in_stride : i32
    %in_row = tt.addptr %x, %in_off : !tt.ptr<f32>, i32
    %cols = tt.make_range {start = 0 : i32, end = 1024 : i32} : tensor<1024xi32>
    %in_rows = tt.splat %in_row : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %in_ptrs = tt.addptr %in_rows, %cols : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    %n_v = tt.splat %n_cols : i32 -> tensor<1024xi32>
    %mask = arith.cmpi slt, %cols, %n_v : tensor<1024xi32>
    %values = tt.load %in_ptrs, %mask, %ninf : tensor<1024x!tt.ptr<f32>>
    %max = tt.reduce max %values : tensor<1024xf32> -> f32
    %max_v = tt.splat %max : f32 -> tensor<1024xf32>
    %shifted = arith.subf %values, %max_v : tensor<1024xf32>
    %num = math.exp %shifted : tensor<1024xf32>
    %den = tt.reduce sum %num : tensor<1024xf32> -> f32
    %den_v = tt.splat %den : f32 -> tensor<1024xf32>
    %probs = arith.divf %num, %den_v : tensor<1024xf32>
    %out_off = arith.muli %row, %out_stride : i32
    %out_row = tt.addptr %out, %out_off : !tt.ptr<f32>, i32
    %out_rows = tt.splat %out_row : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %out_ptrs = tt.addptr %out_rows, %cols : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    tt.store %out_ptrs, %probs, %mask : tensor<1024x!tt.ptr<f32>>
  }
  tt.return
}
