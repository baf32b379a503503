// isGridAxis0Fastest and stores: in a kernel of a 2-D grid, neighbouring
// blocks follow the program id that steps a store's tile to the next tile
// along its contiguous (last) dimension, by exactly the tile's extent
// (@transpose: its stores step along axis 0, its loads along axis 1, and
// the stores decide). Where no such id exists or the stores disagree, and
// in kernels that never read program id 1, the default (axis 1) stays.
// RUN: mytriton-test-opt --test-contiguity=grid-order --verify-diagnostics -split-input-file %s

// expected-remark @+1 {{grid axis 0 fastest}}
tt.func @transpose(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %n: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %c16 = arith.constant 16 : i32
  %pid0 = tt.get_program_id 0 : i32
  %pid1 = tt.get_program_id 1 : i32
  %r = tt.make_range {start = 0 : i32, end = 16 : i32} : tensor<16xi32>
  %m0 = arith.muli %pid0, %c16 : i32
  %n0 = arith.muli %pid1, %c16 : i32
  %ms = tt.splat %m0 : i32 -> tensor<16xi32>
  %ns = tt.splat %n0 : i32 -> tensor<16xi32>
  %m = arith.addi %ms, %r : tensor<16xi32>
  %nn = arith.addi %ns, %r : tensor<16xi32>
  // x[m, n] at m * n_ + n: rows by program id 0, columns (contiguous) by 1.
  %mcol = tt.expand_dims %m {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %nrow = tt.expand_dims %nn {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
  %stride = tt.splat %n : i32 -> tensor<16x1xi32>
  %mrows = arith.muli %mcol, %stride : tensor<16x1xi32>
  %a = tt.broadcast %mrows : tensor<16x1xi32> -> tensor<16x16xi32>
  %b = tt.broadcast %nrow : tensor<1x16xi32> -> tensor<16x16xi32>
  %in = arith.addi %a, %b : tensor<16x16xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<16x16x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %in : tensor<16x16x!tt.ptr<f32>>, tensor<16x16xi32>
  %v = tt.load %xp : tensor<16x16x!tt.ptr<f32>>
  // y[n, m] at n * n_ + m: columns (contiguous) by program id 0.
  %ncol = tt.expand_dims %nn {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %mrow = tt.expand_dims %m {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
  %nrows = arith.muli %ncol, %stride : tensor<16x1xi32>
  %c = tt.broadcast %nrows : tensor<16x1xi32> -> tensor<16x16xi32>
  %d = tt.broadcast %mrow : tensor<1x16xi32> -> tensor<16x16xi32>
  %out = arith.addi %c, %d : tensor<16x16xi32>
  %ys = tt.splat %y : !tt.ptr<f32> -> tensor<16x16x!tt.ptr<f32>>
  %yp = tt.addptr %ys, %out : tensor<16x16x!tt.ptr<f32>>, tensor<16x16xi32>
  %t = tt.trans %v : tensor<16x16xf32> -> tensor<16x16xf32>
  tt.store %yp, %t : tensor<16x16x!tt.ptr<f32>>
  tt.return
}

// -----

// A tile add: loads and stores step along axis 1 (the default).
// expected-remark @+1 {{grid axis 1 fastest}}
tt.func @add_2d(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %n: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %c16 = arith.constant 16 : i32
  %pid0 = tt.get_program_id 0 : i32
  %pid1 = tt.get_program_id 1 : i32
  %r = tt.make_range {start = 0 : i32, end = 16 : i32} : tensor<16xi32>
  %m0 = arith.muli %pid0, %c16 : i32
  %n0 = arith.muli %pid1, %c16 : i32
  %ms = tt.splat %m0 : i32 -> tensor<16xi32>
  %ns = tt.splat %n0 : i32 -> tensor<16xi32>
  %m = arith.addi %ms, %r : tensor<16xi32>
  %nn = arith.addi %ns, %r : tensor<16xi32>
  %mcol = tt.expand_dims %m {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %nrow = tt.expand_dims %nn {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
  %stride = tt.splat %n : i32 -> tensor<16x1xi32>
  %mrows = arith.muli %mcol, %stride : tensor<16x1xi32>
  %a = tt.broadcast %mrows : tensor<16x1xi32> -> tensor<16x16xi32>
  %b = tt.broadcast %nrow : tensor<1x16xi32> -> tensor<16x16xi32>
  %in = arith.addi %a, %b : tensor<16x16xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<16x16x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %in : tensor<16x16x!tt.ptr<f32>>, tensor<16x16xi32>
  %v = tt.load %xp : tensor<16x16x!tt.ptr<f32>>
  %ys = tt.splat %y : !tt.ptr<f32> -> tensor<16x16x!tt.ptr<f32>>
  %yp = tt.addptr %ys, %in : tensor<16x16x!tt.ptr<f32>>, tensor<16x16xi32>
  tt.store %yp, %v : tensor<16x16x!tt.ptr<f32>>
  tt.return
}

// -----

// Stores that step along both axes (one each): no order wins, the default
// stays.
// expected-remark @+1 {{grid axis 1 fastest}}
tt.func @stores_disagree(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>) attributes {block_size = 32 : i32} {
  %c32 = arith.constant 32 : i32
  %pid0 = tt.get_program_id 0 : i32
  %pid1 = tt.get_program_id 1 : i32
  %r = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %v = arith.constant dense<1.0> : tensor<32xf32>
  %s0 = arith.muli %pid0, %c32 : i32
  %s1 = arith.muli %pid1, %c32 : i32
  %o0 = tt.splat %s0 : i32 -> tensor<32xi32>
  %o1 = tt.splat %s1 : i32 -> tensor<32xi32>
  %i0 = arith.addi %o0, %r : tensor<32xi32>
  %i1 = arith.addi %o1, %r : tensor<32xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
  %ys = tt.splat %y : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %i0 : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
  %yp = tt.addptr %ys, %i1 : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
  tt.store %xp, %v : tensor<32x!tt.ptr<f32>>
  tt.store %yp, %v : tensor<32x!tt.ptr<f32>>
  tt.return
}

// -----

// Program id 0 steps the store by a run-time stride, not by the tile's
// extent: not a neighbouring tile, the default stays.
// expected-remark @+1 {{grid axis 1 fastest}}
tt.func @runtime_stride(%x: !tt.ptr<f32>, %n: i32) attributes {block_size = 32 : i32} {
  %pid0 = tt.get_program_id 0 : i32
  %pid1 = tt.get_program_id 1 : i32
  %r = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %v = arith.constant dense<1.0> : tensor<32xf32>
  %row = arith.muli %pid0, %n : i32
  %start = arith.addi %row, %pid1 : i32
  %o = tt.splat %start : i32 -> tensor<32xi32>
  %i = arith.addi %o, %r : tensor<32xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %i : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
  tt.store %xp, %v : tensor<32x!tt.ptr<f32>>
  tt.return
}

// -----

// A 1-D grid's kernel (program id 1 never read) keeps the default, whose
// fold needs no division when g1 is 1, though its stores step along axis 0.
// expected-remark @+1 {{grid axis 1 fastest}}
tt.func @one_axis(%x: !tt.ptr<f32>) attributes {block_size = 32 : i32} {
  %c32 = arith.constant 32 : i32
  %pid0 = tt.get_program_id 0 : i32
  %r = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %v = arith.constant dense<1.0> : tensor<32xf32>
  %s0 = arith.muli %pid0, %c32 : i32
  %o0 = tt.splat %s0 : i32 -> tensor<32xi32>
  %i0 = arith.addi %o0, %r : tensor<32xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %i0 : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
  tt.store %xp, %v : tensor<32x!tt.ptr<f32>>
  tt.return
}

// -----

// Steps past 64 bits (a hash's multipliers, as tl.rand's) are no steps:
// no overflow (UBSan ran on this), the default stays.
// expected-remark @+1 {{grid axis 1 fastest}}
tt.func @overflowing_steps(%x: !tt.ptr<i64>) attributes {block_size = 32 : i32} {
  %big = arith.constant -3249550476889527149 : i64
  %pid0 = tt.get_program_id 0 : i32
  %pid1 = tt.get_program_id 1 : i32
  %p0 = arith.extsi %pid0 : i32 to i64
  %h0 = arith.muli %p0, %big : i64
  %h1 = arith.muli %h0, %big : i64
  %h2 = arith.addi %h1, %big : i64
  %h3 = arith.subi %h2, %h1 : i64
  %r = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %v = tt.splat %h3 : i64 -> tensor<32xi64>
  %o = tt.splat %pid1 : i32 -> tensor<32xi32>
  %i = arith.addi %o, %r : tensor<32xi32>
  %xs = tt.splat %x : !tt.ptr<i64> -> tensor<32x!tt.ptr<i64>>
  %xp = tt.addptr %xs, %i : tensor<32x!tt.ptr<i64>>, tensor<32xi32>
  tt.store %xp, %v : tensor<32x!tt.ptr<i64>>
  tt.return
}
