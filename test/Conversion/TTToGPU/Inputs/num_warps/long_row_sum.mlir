// The seed long-row sum at BLOCK = 1024 and N_COLS = 2500: static_range
// unrolled into three loads (the last one masked) whose partial sums feed one
// block reduction; tests replace NUM_WARPS.
tt.func @long_row_sum_kernel(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>) attributes {block_size = 1024 : i32, num_warps = NUM_WARPS : i32} {
  %row = tt.get_program_id 0 : i32
  %lanes = tt.make_range {start = 0 : i32, end = 1024 : i32} : tensor<1024xi32>
  %n_cols = arith.constant 2500 : i32
  %n_v = tt.splat %n_cols : i32 -> tensor<1024xi32>
  %row_start = arith.muli %row, %n_cols : i32
  %base = tt.addptr %x, %row_start : !tt.ptr<f32>, i32
  %base_v = tt.splat %base : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %zero = arith.constant 0.000000e+00 : f32
  %zero_v = tt.splat %zero : f32 -> tensor<1024xf32>
  // start = 0
  %s0 = arith.constant 0 : i32
  %s0_v = tt.splat %s0 : i32 -> tensor<1024xi32>
  %cols0 = arith.addi %s0_v, %lanes : tensor<1024xi32>
  %m0 = arith.cmpi slt, %cols0, %n_v : tensor<1024xi32>
  %p0 = tt.addptr %base_v, %cols0 : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  %v0 = tt.load %p0, %m0, %zero_v : tensor<1024x!tt.ptr<f32>>
  %acc1 = arith.addf %zero_v, %v0 : tensor<1024xf32>
  // start = 1024
  %s1 = arith.constant 1024 : i32
  %s1_v = tt.splat %s1 : i32 -> tensor<1024xi32>
  %cols1 = arith.addi %s1_v, %lanes : tensor<1024xi32>
  %m1 = arith.cmpi slt, %cols1, %n_v : tensor<1024xi32>
  %p1 = tt.addptr %base_v, %cols1 : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  %v1 = tt.load %p1, %m1, %zero_v : tensor<1024x!tt.ptr<f32>>
  %acc2 = arith.addf %acc1, %v1 : tensor<1024xf32>
  // start = 2048
  %s2 = arith.constant 2048 : i32
  %s2_v = tt.splat %s2 : i32 -> tensor<1024xi32>
  %cols2 = arith.addi %s2_v, %lanes : tensor<1024xi32>
  %m2 = arith.cmpi slt, %cols2, %n_v : tensor<1024xi32>
  %p2 = tt.addptr %base_v, %cols2 : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  %v2 = tt.load %p2, %m2, %zero_v : tensor<1024x!tt.ptr<f32>>
  %acc3 = arith.addf %acc2, %v2 : tensor<1024xf32>
  %total = tt.reduce sum %acc3 : tensor<1024xf32> -> f32
  %c1 = arith.constant 1 : i32
  %c1_v = tt.splat %c1 : i32 -> tensor<1024xi32>
  %first = arith.cmpi slt, %lanes, %c1_v : tensor<1024xi32>
  %outp = tt.addptr %out, %row : !tt.ptr<f32>, i32
  %outp_v = tt.splat %outp : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %total_v = tt.splat %total : f32 -> tensor<1024xf32>
  tt.store %outp_v, %total_v, %first : tensor<1024x!tt.ptr<f32>>
  tt.return
}
