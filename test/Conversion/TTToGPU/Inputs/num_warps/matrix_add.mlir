// The seed 2-D matrix add at BLOCK = 1024 columns per program; tests replace
// NUM_WARPS.
tt.func @matrix_add_kernel(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n_cols: i32) attributes {block_size = 1024 : i32, num_warps = NUM_WARPS : i32} {
  %row = tt.get_program_id 0 : i32
  %col_block = tt.get_program_id 1 : i32
  %c1024 = arith.constant 1024 : i32
  %cb_start = arith.muli %col_block, %c1024 : i32
  %range = tt.make_range {start = 0 : i32, end = 1024 : i32} : tensor<1024xi32>
  %cb_v = tt.splat %cb_start : i32 -> tensor<1024xi32>
  %cols = arith.addi %cb_v, %range : tensor<1024xi32>
  %row_start = arith.muli %row, %n_cols : i32
  %rs_v = tt.splat %row_start : i32 -> tensor<1024xi32>
  %offs = arith.addi %rs_v, %cols : tensor<1024xi32>
  %n_v = tt.splat %n_cols : i32 -> tensor<1024xi32>
  %mask = arith.cmpi slt, %cols, %n_v : tensor<1024xi32>
  %xp = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %xptrs = tt.addptr %xp, %offs : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  %c0 = arith.constant 0.000000e+00 : f32
  %z = tt.splat %c0 : f32 -> tensor<1024xf32>
  %lhs = tt.load %xptrs, %mask, %z : tensor<1024x!tt.ptr<f32>>
  %yp = tt.splat %y : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %yptrs = tt.addptr %yp, %offs : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  %rhs = tt.load %yptrs, %mask, %z : tensor<1024x!tt.ptr<f32>>
  %sum = arith.addf %lhs, %rhs : tensor<1024xf32>
  %op = tt.splat %out : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %optrs = tt.addptr %op, %offs : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  tt.store %optrs, %sum, %mask : tensor<1024x!tt.ptr<f32>>
  tt.return
}
