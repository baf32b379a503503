// tt-assign-layouts reports the kernels that have no blocked layout.
// RUN: mytriton-opt %s -split-input-file -tt-assign-layouts -verify-diagnostics

tt.func @width_not_power_of_two(%p: !tt.ptr<i32>) attributes {block_size = 100 : i32} {
  // expected-error @+1 {{'tt.make_range' op produces 'tensor<100xi32>', which has no layout: dimension 0 of a tensor with a #tt.blocked layout has size 100; layouts need static power-of-two shapes}}
  %r = tt.make_range {start = 0 : i32, end = 100 : i32} : tensor<100xi32>
  %ps = tt.splat %p : !tt.ptr<i32> -> tensor<100x!tt.ptr<i32>>
  %q = tt.addptr %ps, %r : tensor<100x!tt.ptr<i32>>, tensor<100xi32>
  tt.store %q, %r : tensor<100x!tt.ptr<i32>>
  tt.return
}

// -----

// expected-error @+1 {{'tt.func' op has no blocked layout for its 3 warps and 1 lanes per group: warpsPerCTA[0] = 3 is not a positive power of two}}
tt.func @warps_not_power_of_two(%p: !tt.ptr<i32>) attributes {block_size = 96 : i32, num_warps = 3 : i32} {
  tt.return
}

// -----

// Tiled kernels: what tt-assign-layouts cannot lay out.

// expected-error @+1 {{'tt.func' op has num_warps = 3, which is not a power of two; layouts deal tensors out to a power-of-two number of warps}}
tt.func @tiled_warps_not_power_of_two(%p: !tt.ptr<i32>) attributes {block_size = 96 : i32, num_warps = 3 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %s = tt.reduce sum %r : tensor<64xi32> -> i32
  tt.store %p, %s : !tt.ptr<i32>
  tt.return
}

// -----

tt.func @rank_three(%p: !tt.ptr<f32>, %x: f32) attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  // expected-error @+1 {{'tt.splat' op has the rank-3 tensor 'tensor<2x2x8xf32>'; tt-assign-layouts lays out tensors of rank 1 and 2}}
  %t = tt.splat %x : f32 -> tensor<2x2x8xf32>
  tt.return
}

// -----

tt.func @no_layout_rule(%x: f32) attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  %t = tt.splat %x : f32 -> tensor<8x8xf32>
  // expected-error @+1 {{'builtin.unrealized_conversion_cast' op has no layout rule in tt-assign-layouts (tiled kernels take tt ops, elementwise arith/math ops and scf loops and branches)}}
  %u = builtin.unrealized_conversion_cast %t : tensor<8x8xf32> to tensor<8x8xi32>
  tt.return
}

// -----

tt.func @two_results(%p: !tt.ptr<i32>) attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  // expected-error @+1 {{'arith.addui_extended' op has 2 results; tt-assign-layouts lays out ops of one result}}
  %s, %o = arith.addui_extended %r, %r : tensor<64xi32>, tensor<64xi1>
  tt.return
}

// -----

tt.func @with_regions(%x: f32) attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  // expected-error @+1 {{'scf.execute_region' op has regions; tt-assign-layouts lays out the regions of scf.for, scf.if and scf.while only}}
  %t = scf.execute_region -> tensor<8x8xf32> {
    %a = tt.splat %x : f32 -> tensor<8x8xf32>
    scf.yield %a : tensor<8x8xf32>
  }
  tt.return
}

// -----

tt.func @resource_constant() attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  // expected-error @+1 {{'arith.constant' op has a tensor value dense_resource<blob> : tensor<2x2xi32> that tt-assign-layouts cannot re-type; use a dense constant}}
  %c = arith.constant dense_resource<blob> : tensor<2x2xi32>
  tt.return
}
{-#
  dialect_resources: {
    builtin: {
      blob: "0x0400000001000000020000000300000004000000"
    }
  }
#-}

// -----

#b3 = #tt.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 4, 8], warpsPerCTA = [1, 1, 1], order = [2, 1, 0]}>
tt.func @trans_of_slice(%x: f32) attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  %t = tt.splat %x : f32 -> tensor<4x8xf32, #tt.slice<{dim = 0, parent = #b3}>>
  // expected-error @+1 {{'tt.trans' op transposing needs a #tt.blocked layout, not #tt.slice<{dim = 0, parent = #tt.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 4, 8], warpsPerCTA = [1, 1, 1], order = [2, 1, 0]}>}>}}
  %u = tt.trans %t : tensor<4x8xf32, #tt.slice<{dim = 0, parent = #b3}>> -> tensor<8x4xf32>
  tt.return
}
