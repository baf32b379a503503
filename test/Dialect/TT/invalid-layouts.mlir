// Every verifier rule of the layout encodings and tt.convert_layout, each
// triggered once.
// RUN: mytriton-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{#tt.blocked needs one entry per dimension in sizePerThread, threadsPerWarp, warpsPerCTA and order; got 2, 2, 1 and 2}}
func.func @ranks_differ(%a: tensor<4x8xf32, #tt.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1], order = [1, 0]}>>)

// -----

// expected-error @+1 {{#tt.blocked needs one entry per dimension in sizePerThread, threadsPerWarp, warpsPerCTA and order; got 0, 0, 0 and 0}}
func.func @rank_zero(%a: tensor<f32, #tt.blocked<{sizePerThread = [], threadsPerWarp = [], warpsPerCTA = [], order = []}>>)

// -----

// expected-error @+1 {{sizePerThread[1] = 3 is not a positive power of two}}
func.func @size_not_power_of_two(%a: tensor<4x32xf32, #tt.blocked<{sizePerThread = [1, 3], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>>)

// -----

// expected-error @+1 {{warpsPerCTA[0] = 0 is not a positive power of two}}
func.func @zero_warps(%a: tensor<32xf32, #tt.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [0], order = [0]}>>)

// -----

// expected-error @+1 {{threadsPerWarp [8, 8] has 64 lanes; a warp has 32}}
func.func @lanes_not_32(%a: tensor<8x8xf32, #tt.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 8], warpsPerCTA = [1, 1], order = [1, 0]}>>)

// -----

// expected-error @+1 {{warpsPerCTA [8, 8] has 64 warps; a CUDA block holds at most 32 (1024 threads)}}
func.func @too_many_warps(%a: tensor<64x64xf32, #tt.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [8, 8], order = [1, 0]}>>)

// -----

// expected-error @+1 {{order [0, 0] is not a permutation of the dimensions 0..1}}
func.func @order_repeats(%a: tensor<4x8xf32, #tt.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [0, 0]}>>)

// -----

// expected-error @+1 {{order [2, 0] is not a permutation of the dimensions 0..1}}
func.func @order_out_of_range(%a: tensor<4x8xf32, #tt.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [2, 0]}>>)

// -----

// expected-error @+1 {{unknown key 'threads' in #tt.blocked; expected sizePerThread, threadsPerWarp, warpsPerCTA, order}}
func.func @unknown_key(%a: tensor<32xf32, #tt.blocked<{sizePerThread = [1], threads = [32], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>>)

// -----

// expected-error @+1 {{#tt.blocked needs 'order' (keys: sizePerThread, threadsPerWarp, warpsPerCTA, order)}}
func.func @missing_key(%a: tensor<32xf32, #tt.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1]}>>)

// -----

// expected-error @+1 {{'sizePerThread' must be an array of non-negative integers, like [1, 4], got 4 : i64}}
func.func @not_an_array(%a: tensor<32xf32, #tt.blocked<{sizePerThread = 4, threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>>)

// -----

// expected-error @+1 {{'order' must be an array of non-negative integers, like [1, 4], got [-1]}}
func.func @negative_entry(%a: tensor<32xf32, #tt.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [-1]}>>)

// -----

// expected-error @+1 {{#tt.blocked layout of rank 2 on a tensor of rank 1}}
func.func @layout_rank_mismatch(%a: tensor<32xf32, #tt.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>>)

// -----

// expected-error @+1 {{dimension 0 of a tensor with a #tt.blocked layout has size 48; layouts need static power-of-two shapes}}
func.func @shape_not_power_of_two(%a: tensor<48xf32, #tt.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>>)

// -----

// expected-error @+1 {{dimension 1 of a tensor with a #tt.blocked layout has a dynamic size; layouts need static power-of-two shapes}}
func.func @dynamic_shape(%a: tensor<4x?xf32, #tt.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>>)

// -----

// expected-error @+1 {{the parent of a #tt.slice must be a #tt.blocked layout, got "rows"}}
func.func @slice_parent_not_blocked(%a: tensor<32xf32, #tt.slice<{dim = 0, parent = "rows"}>>)

// -----

// expected-error @+1 {{#tt.slice dim 2 is out of range for a parent of rank 2}}
func.func @slice_dim_out_of_range(%a: tensor<32xf32, #tt.slice<{dim = 2, parent = #tt.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>}>>)

// -----

// expected-error @+1 {{#tt.slice of a rank-1 parent would type 0-D tensors; slice a parent of rank 2 or more}}
func.func @slice_of_rank_one(%a: tensor<f32, #tt.slice<{dim = 0, parent = #tt.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>}>>)

// -----

// expected-error @+1 {{#tt.slice of a rank-2 parent types tensors of rank 1, not 2}}
func.func @slice_rank_mismatch(%a: tensor<4x8xf32, #tt.slice<{dim = 0, parent = #tt.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>}>>)

// -----

// The slice's shape is checked through its parent's: 1 x 24 here.
// expected-error @+1 {{dimension 1 of a tensor with a #tt.blocked layout has size 24; layouts need static power-of-two shapes}}
func.func @slice_shape_not_power_of_two(%a: tensor<24xf32, #tt.slice<{dim = 0, parent = #tt.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>}>>)

// -----

// expected-error @+1 {{'dim' must be a non-negative integer, got -1 : i64}}
func.func @slice_dim_negative(%a: tensor<32xf32, #tt.slice<{dim = -1, parent = #tt.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>}>>)

// -----

// Every encoded tensor of a kernel is laid out over the kernel's warps.
#two_warps = #tt.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
tt.func @warps_differ_from_num_warps(%p: !tt.ptr<i32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  // expected-error @+1 {{'tt.make_range' op result #0 is laid out over 2 warps (warpsPerCTA [2]), but the kernel has 4 warps (num_warps = 4)}}
  %r = tt.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32, #two_warps>
  tt.return
}

// -----

// Without num_warps a kernel has block_size threads: 128 are 4 warps.
#two_warps = #tt.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
tt.func @warps_differ_from_block(%p: !tt.ptr<i32>) attributes {block_size = 128 : i32} {
  // expected-error @+1 {{'tt.make_range' op result #0 is laid out over 2 warps (warpsPerCTA [2]), but the kernel has 4 warps (block_size 128 without num_warps)}}
  %r = tt.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32, #two_warps>
  tt.return
}

// -----

#l = #tt.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
tt.func @convert_from_layout_free(%p: !tt.ptr<i32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  // expected-error @+1 {{'tt.convert_layout' op operand type 'tensor<128xi32>' has no layout encoding; convert_layout moves a value between layouts (#tt.blocked, #tt.slice)}}
  %c = tt.convert_layout %r : tensor<128xi32> -> tensor<128xi32, #l>
  tt.return
}

// -----

#l = #tt.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
tt.func @convert_to_layout_free(%p: !tt.ptr<i32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32, #l>
  // expected-error @+1 {{'tt.convert_layout' op result type 'tensor<128xi32>' has no layout encoding; convert_layout moves a value between layouts (#tt.blocked, #tt.slice)}}
  %c = tt.convert_layout %r : tensor<128xi32, #l> -> tensor<128xi32>
  tt.return
}

// -----

#l = #tt.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
tt.func @convert_changes_shape(%p: !tt.ptr<i32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32, #l>
  // expected-error @+1 {{'tt.convert_layout' op requires the same shape for all operands and results}}
  %c = tt.convert_layout %r : tensor<128xi32, #l> -> tensor<256xi32, #l>
  tt.return
}

// -----

#l = #tt.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
tt.func @convert_changes_element_type(%p: !tt.ptr<i32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32, #l>
  // expected-error @+1 {{'tt.convert_layout' op requires the same element type for all operands and results}}
  %c = tt.convert_layout %r : tensor<128xi32, #l> -> tensor<128xf32, #l>
  tt.return
}

// -----

// The shape ops relate their layouts as tt-assign-layouts assigns them.
#b = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
tt.func @expand_dims_not_a_slice(%x: f32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %v = tt.splat %x : f32 -> tensor<64xf32, #tt.slice<{dim = 0, parent = #b}>>
  // expected-error @+1 {{'tt.expand_dims' op operand layout #tt.slice<{dim = 0, parent = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>}> is not the result's layout #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}> sliced along axis 1 (#tt.slice<{dim = 1, parent = <result layout>}>)}}
  %e = tt.expand_dims %v {axis = 1 : i32} : tensor<64xf32, #tt.slice<{dim = 0, parent = #b}>> -> tensor<64x1xf32, #b>
  tt.return
}

// -----

#b = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#o = #tt.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
tt.func @broadcast_changes_layout(%x: f32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %v = tt.splat %x : f32 -> tensor<64x1xf32, #b>
  // expected-error @+1 {{'tt.broadcast' op result layout #tt.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}> breaks the layout rule of the op (a broadcast keeps its operand's layout); expected #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>}}
  %e = tt.broadcast %v : tensor<64x1xf32, #b> -> tensor<64x64xf32, #o>
  tt.return
}

// -----

#b = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
tt.func @trans_keeps_layout(%x: f32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %v = tt.splat %x : f32 -> tensor<32x64xf32, #b>
  // expected-error @+1 {{'tt.trans' op result layout #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}> breaks the layout rule of the op (a transpose swaps every array of its operand's #tt.blocked layout); expected #tt.blocked<{sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>}}
  %t = tt.trans %v : tensor<32x64xf32, #b> -> tensor<64x32xf32, #b>
  tt.return
}

// -----

#b = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
tt.func @reduce_wrong_slice(%x: f32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %v = tt.splat %x : f32 -> tensor<32x64xf32, #b>
  // expected-error @+1 {{'tt.reduce' op result layout #tt.slice<{dim = 0, parent = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>}> breaks the layout rule of the op (a reduction along an axis gives its operand's #tt.blocked layout sliced along it); expected #tt.slice<{dim = 1, parent = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>}>}}
  %s = tt.reduce sum %v {axis = 1 : i32} : tensor<32x64xf32, #b> -> tensor<32xf32, #tt.slice<{dim = 0, parent = #b}>>
  tt.return
}
