// The seed vector add at BLOCK = 1024; tests replace NUM_WARPS.
tt.func @add_kernel(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n: i32) attributes {block_size = 1024 : i32, num_warps = NUM_WARPS : i32} {
  %pid = tt.get_program_id 0 : i32
  %c1024 = arith.constant 1024 : i32
  %start = arith.muli %pid, %c1024 : i32
  %range = tt.make_range {start = 0 : i32, end = 1024 : i32} : tensor<1024xi32>
  %start_v = tt.splat %start : i32 -> tensor<1024xi32>
  %offs = arith.addi %start_v, %range : tensor<1024xi32>
  %n_v = tt.splat %n : i32 -> tensor<1024xi32>
  %mask = arith.cmpi slt, %offs, %n_v : tensor<1024xi32>
  %xp = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %xptrs = tt.addptr %xp, %offs : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  %xv = tt.load %xptrs, %mask : tensor<1024x!tt.ptr<f32>>
  %yp = tt.splat %y : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %yptrs = tt.addptr %yp, %offs : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  %yv = tt.load %yptrs, %mask : tensor<1024x!tt.ptr<f32>>
  %sum = arith.addf %xv, %yv : tensor<1024xf32>
  %op = tt.splat %out : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %optrs = tt.addptr %op, %offs : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  tt.store %optrs, %sum, %mask : tensor<1024x!tt.ptr<f32>>
  tt.return
}
