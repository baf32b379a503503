// The verifiers of the TMA ops (tt.async_tma_copy_global_to_local and the
// mbarrier stack they complete on): what a box copy cannot write.
// RUN: mytriton-opt -split-input-file -verify-diagnostics %s

#shared = #tt.shared<{swizzle = 128, order = [1, 0]}>
#blocked = #tt.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
tt.func @immutable_tile(%map: !tt.tensor_map, %x: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %p = arith.cmpi ne, %x, %x : i32
  %z = arith.constant dense<0.0> : tensor<64x64xf16, #blocked>
  %t = tt.local_alloc %z : (tensor<64x64xf16, #blocked>) -> !tt.memdesc<64x64xf16, #shared>
  %bars = tt.init_barriers {count = 1 : i32} : !tt.mbarriers<1>
  // expected-error @below {{writes a tile, which must be mutable}}
  tt.async_tma_copy_global_to_local %map[%x, %x], %t, %bars[%x], %p : !tt.memdesc<64x64xf16, #shared>, !tt.mbarriers<1>
  tt.return
}

// -----

#shared = #tt.shared<{swizzle = 128, order = [1, 0]}>
tt.func @one_coordinate(%map: !tt.tensor_map, %x: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %p = arith.cmpi ne, %x, %x : i32
  %t = tt.local_alloc : () -> !tt.memdesc<64x64xf16, #shared, mutable>
  %bars = tt.init_barriers {count = 1 : i32} : !tt.mbarriers<1>
  // expected-error @below {{needs 2 coordinates, one per dimension of the tile, got 1}}
  tt.async_tma_copy_global_to_local %map[%x], %t, %bars[%x], %p : !tt.memdesc<64x64xf16, #shared, mutable>, !tt.mbarriers<1>
  tt.return
}

// -----

#shared = #tt.shared<{swizzle = 128, order = [1, 0]}>
tt.func @stack(%map: !tt.tensor_map, %x: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %p = arith.cmpi ne, %x, %x : i32
  %t = tt.local_alloc : () -> !tt.memdesc<2x64x64xf16, #shared, mutable>
  %bars = tt.init_barriers {count = 1 : i32} : !tt.mbarriers<1>
  // expected-error @below {{copies into a 2-D tile, not a stack of them}}
  tt.async_tma_copy_global_to_local %map[%x, %x], %t, %bars[%x], %p : !tt.memdesc<2x64x64xf16, #shared, mutable>, !tt.mbarriers<1>
  tt.return
}

// -----

// TMA writes a box row by row along the tensor's last dimension: a tile
// laid out column by column is wgmma's transposed operand, not a box.
#shared = #tt.shared<{swizzle = 128, order = [0, 1]}>
tt.func @column_major_tile(%map: !tt.tensor_map, %x: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %p = arith.cmpi ne, %x, %x : i32
  %t = tt.local_alloc : () -> !tt.memdesc<64x64xf16, #shared, mutable>
  %bars = tt.init_barriers {count = 1 : i32} : !tt.mbarriers<1>
  // expected-error @below {{copies boxes whose last dimension is contiguous; the tile's contiguous dimension is 0}}
  tt.async_tma_copy_global_to_local %map[%x, %x], %t, %bars[%x], %p : !tt.memdesc<64x64xf16, #shared, mutable>, !tt.mbarriers<1>
  tt.return
}

// -----

#shared = #tt.shared<{swizzle = 128, order = [1, 0]}>
tt.func @too_many_rows(%map: !tt.tensor_map, %x: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %p = arith.cmpi ne, %x, %x : i32
  %t = tt.local_alloc : () -> !tt.memdesc<512x64xf16, #shared, mutable>
  %bars = tt.init_barriers {count = 1 : i32} : !tt.mbarriers<1>
  // expected-error @below {{copies boxes of at most 256 rows; the tile has 512}}
  tt.async_tma_copy_global_to_local %map[%x, %x], %t, %bars[%x], %p : !tt.memdesc<512x64xf16, #shared, mutable>, !tt.mbarriers<1>
  tt.return
}

// -----

tt.func @no_barriers() attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  // expected-error @below {{a stack of 0 mbarriers is empty}}
  %bars = tt.init_barriers {count = 1 : i32} : !tt.mbarriers<0>
  tt.return
}

// -----

tt.func @no_arrivals() attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  // expected-error @below {{attribute 'count' failed to satisfy constraint}}
  %bars = tt.init_barriers {count = 0 : i32} : !tt.mbarriers<2>
  tt.return
}

// -----

tt.func @expect_no_bytes(%x: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %p = arith.cmpi ne, %x, %x : i32
  %bars = tt.init_barriers {count = 1 : i32} : !tt.mbarriers<2>
  // expected-error @below {{attribute 'bytes' failed to satisfy constraint}}
  tt.barrier_expect %bars[%x], 0, %p : !tt.mbarriers<2>
  tt.return
}
