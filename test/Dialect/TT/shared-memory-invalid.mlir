// Every verifier rule of #tt.shared, !tt.memdesc and the shared-memory ops,
// each triggered once.
// RUN: mytriton-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{#tt.shared swizzle must be 32, 64 or 128 bytes (wgmma's swizzle modes), got 16}}
func.func @swizzle(%a: !tt.memdesc<64x64xf16, #tt.shared<{swizzle = 16, order = [1, 0]}>>)

// -----

// expected-error @+1 {{#tt.shared order must be [1, 0] or [0, 1] (the tile's contiguous dimension first)}}
func.func @order(%a: !tt.memdesc<64x64xf16, #tt.shared<{swizzle = 128, order = [1, 1]}>>)

// -----

// expected-error @+1 {{#tt.shared takes exactly 'swizzle' (an integer) and 'order' (an array)}}
func.func @keys(%a: !tt.memdesc<64x64xf16, #tt.shared<{swizzle = 128}>>)

// -----

// expected-error @+1 {{!tt.memdesc needs a #tt.shared encoding, got #tt.blocked}}
func.func @encoding(%a: !tt.memdesc<64x64xf16, #tt.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>>)

// -----

// expected-error @+1 {{!tt.memdesc is a 2-D tile or a 3-D stack of tiles, not rank 1}}
func.func @rank(%a: !tt.memdesc<64xf16, #tt.shared<{swizzle = 128, order = [1, 0]}>>)

// -----

// expected-error @+1 {{!tt.memdesc tile extents must be powers of two, got 48}}
func.func @extent(%a: !tt.memdesc<48x64xf16, #tt.shared<{swizzle = 128, order = [1, 0]}>>)

// -----

// expected-error @+1 {{!tt.memdesc holds 8-, 16- or 32-bit elements, not 'f64'}}
func.func @element(%a: !tt.memdesc<64x64xf64, #tt.shared<{swizzle = 128, order = [1, 0]}>>)

// -----

// expected-error @+1 {{a tile whose contiguous dimension holds 32 bytes cannot be cut into 128-byte swizzled pieces}}
func.func @row_bytes(%a: !tt.memdesc<64x16xf16, #tt.shared<{swizzle = 128, order = [1, 0]}>>)

// -----

// expected-error @+1 {{a tile of 16 rows of 32-byte pieces does not keep every piece 1024-byte aligned (needs rows * swizzle to be a multiple of 1024)}}
func.func @rows(%a: !tt.memdesc<16x16xf16, #tt.shared<{swizzle = 32, order = [1, 0]}>>)

// -----

#blocked = #tt.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#sa = #tt.shared<{swizzle = 128, order = [1, 0]}>
tt.func @alloc_mutable_value(%h: f16) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %x = tt.splat %h : f16 -> tensor<64x64xf16, #blocked>
  // expected-error @+1 {{'tt.local_alloc' op of a tensor makes an immutable tile; drop 'mutable'}}
  %a = tt.local_alloc %x : (tensor<64x64xf16, #blocked>) -> !tt.memdesc<64x64xf16, #sa, mutable>
  tt.return
}

// -----

#sa = #tt.shared<{swizzle = 128, order = [1, 0]}>
tt.func @alloc_immutable_empty() attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  // expected-error @+1 {{'tt.local_alloc' op without an operand allocates a buffer to fill, so its memdesc must be mutable}}
  %a = tt.local_alloc : () -> !tt.memdesc<64x64xf16, #sa>
  tt.return
}

// -----

#sa = #tt.shared<{swizzle = 128, order = [1, 0]}>
tt.func @alloc_unlaid(%h: f16) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %x = tt.splat %h : f16 -> tensor<64x64xf16>
  // expected-error @+1 {{'tt.local_alloc' op stores 'tensor<64x64xf16>' from registers, so it needs a layout encoding (tt-assign-layouts gives it)}}
  %a = tt.local_alloc %x : (tensor<64x64xf16>) -> !tt.memdesc<64x64xf16, #sa>
  tt.return
}

// -----

#blocked = #tt.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#sa = #tt.shared<{swizzle = 128, order = [1, 0]}>
tt.func @alloc_shape(%h: f16) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %x = tt.splat %h : f16 -> tensor<64x64xf16, #blocked>
  // expected-error @+1 {{'tt.local_alloc' op tensor [64, 64] of 'f16' and tile [128, 64] of 'f16' differ}}
  %a = tt.local_alloc %x : (tensor<64x64xf16, #blocked>) -> !tt.memdesc<128x64xf16, #sa>
  tt.return
}

// -----

#blocked = #tt.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#sa = #tt.shared<{swizzle = 128, order = [1, 0]}>
tt.func @load_stack() attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %a = tt.local_alloc : () -> !tt.memdesc<2x64x64xf16, #sa, mutable>
  // expected-error @+1 {{'tt.local_load' op reads a 2-D tile, not the stack [2, 64, 64] (index it with tt.memdesc_index)}}
  %x = tt.local_load %a : !tt.memdesc<2x64x64xf16, #sa, mutable> -> tensor<64x64xf16, #blocked>
  tt.return
}

// -----

#sa = #tt.shared<{swizzle = 128, order = [1, 0]}>
tt.func @load_unlaid() attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %a = tt.local_alloc : () -> !tt.memdesc<64x64xf16, #sa, mutable>
  // expected-error @+1 {{'tt.local_load' op reads into registers, so its result needs a layout encoding}}
  %x = tt.local_load %a : !tt.memdesc<64x64xf16, #sa, mutable> -> tensor<64x64xf16>
  tt.return
}

// -----

#blocked = #tt.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#sa = #tt.shared<{swizzle = 128, order = [1, 0]}>
tt.func @store_immutable(%h: f16) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %x = tt.splat %h : f16 -> tensor<64x64xf16, #blocked>
  %a = tt.local_alloc %x : (tensor<64x64xf16, #blocked>) -> !tt.memdesc<64x64xf16, #sa>
  // expected-error @+1 {{'tt.local_store' op writes a tile, which must be mutable}}
  tt.local_store %x, %a : tensor<64x64xf16, #blocked> -> !tt.memdesc<64x64xf16, #sa>
  tt.return
}

// -----

#sa = #tt.shared<{swizzle = 128, order = [1, 0]}>
tt.func @index_tile(%i: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %a = tt.local_alloc : () -> !tt.memdesc<64x64xf16, #sa, mutable>
  // expected-error @+1 {{'tt.memdesc_index' op indexes a 3-D stack of tiles, not [64, 64]}}
  %t = tt.memdesc_index %a[%i] : !tt.memdesc<64x64xf16, #sa, mutable> -> !tt.memdesc<64x64xf16, #sa, mutable>
  tt.return
}

// -----

#sa = #tt.shared<{swizzle = 128, order = [1, 0]}>
tt.func @index_type(%i: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %a = tt.local_alloc : () -> !tt.memdesc<2x64x64xf16, #sa, mutable>
  // expected-error @+1 {{'tt.memdesc_index' op of '!tt.memdesc<2x64x64xf16, #tt.shared<{swizzle = 128, order = [1, 0]}>, mutable>' gives '!tt.memdesc<64x64xf16, #tt.shared<{swizzle = 128, order = [1, 0]}>, mutable>', not '!tt.memdesc<64x64xf16, #tt.shared<{swizzle = 128, order = [1, 0]}>>'}}
  %t = tt.memdesc_index %a[%i] : !tt.memdesc<2x64x64xf16, #sa, mutable> -> !tt.memdesc<64x64xf16, #sa>
  tt.return
}

// -----

#blocked = #tt.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#sa = #tt.shared<{swizzle = 128, order = [1, 0]}>
tt.func @copy_element(%p: !tt.ptr<f32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %ptrs = tt.splat %p : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>, #blocked>
  %a = tt.local_alloc : () -> !tt.memdesc<64x64xf16, #sa, mutable>
  // expected-error @+1 {{'tt.async_copy_global_to_local' op tensor [64, 64] of 'f32' and tile [64, 64] of 'f16' differ}}
  tt.async_copy_global_to_local %ptrs, %a : tensor<64x64x!tt.ptr<f32>, #blocked> -> !tt.memdesc<64x64xf16, #sa, mutable>
  tt.return
}

// -----

#blocked = #tt.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#sa = #tt.shared<{swizzle = 128, order = [1, 0]}>
tt.func @copy_immutable(%p: !tt.ptr<f16>, %h: f16) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %ptrs = tt.splat %p : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #blocked>
  %x = tt.splat %h : f16 -> tensor<64x64xf16, #blocked>
  %a = tt.local_alloc %x : (tensor<64x64xf16, #blocked>) -> !tt.memdesc<64x64xf16, #sa>
  // expected-error @+1 {{'tt.async_copy_global_to_local' op writes a tile, which must be mutable}}
  tt.async_copy_global_to_local %ptrs, %a : tensor<64x64x!tt.ptr<f16>, #blocked> -> !tt.memdesc<64x64xf16, #sa>
  tt.return
}

// -----

#sa = #tt.shared<{swizzle = 128, order = [1, 0]}>
tt.func @copy_unlaid(%p: !tt.ptr<f16>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %ptrs = tt.splat %p : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>>
  %a = tt.local_alloc : () -> !tt.memdesc<64x64xf16, #sa, mutable>
  // expected-error @+1 {{'tt.async_copy_global_to_local' op needs its pointers in a layout encoding (each thread copies its own elements)}}
  tt.async_copy_global_to_local %ptrs, %a : tensor<64x64x!tt.ptr<f16>> -> !tt.memdesc<64x64xf16, #sa, mutable>
  tt.return
}

// -----

#blocked = #tt.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#sa = #tt.shared<{swizzle = 128, order = [1, 0]}>
tt.func @copy_other_without_mask(%p: !tt.ptr<f16>, %h: f16) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %ptrs = tt.splat %p : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #blocked>
  %x = tt.splat %h : f16 -> tensor<64x64xf16, #blocked>
  %a = tt.local_alloc : () -> !tt.memdesc<64x64xf16, #sa, mutable>
  // expected-error @+1 {{'tt.async_copy_global_to_local' op has 'other' but no mask}}
  "tt.async_copy_global_to_local"(%ptrs, %a, %x) <{operandSegmentSizes = array<i32: 1, 1, 0, 1>}> : (tensor<64x64x!tt.ptr<f16>, #blocked>, !tt.memdesc<64x64xf16, #sa, mutable>, tensor<64x64xf16, #blocked>) -> ()
  tt.return
}

// -----

tt.func @wait_negative() attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  // expected-error @+1 {{'tt.async_wait' op num (groups left in flight) must be >= 0}}
  tt.async_wait {num = -1 : i32}
  tt.return
}

// -----

#blocked = #tt.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tt.mma<{versionMajor = 3, warpsPerCTA = [4, 1], instrShape = [16, 64]}>
#sa = #tt.shared<{swizzle = 128, order = [1, 0]}>
tt.func @wgmma_shapes(%h: f16) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %x = tt.splat %h : f16 -> tensor<64x64xf16, #blocked>
  %a = tt.local_alloc %x : (tensor<64x64xf16, #blocked>) -> !tt.memdesc<64x64xf16, #sa>
  %c = arith.constant dense<0.0> : tensor<64x128xf32, #mma>
  // expected-error @+1 {{'tt.warp_group_dot' op a [64, 64] times b [64, 64] is not [64, 128]}}
  %d = tt.warp_group_dot %a, %a, %c : !tt.memdesc<64x64xf16, #sa> * !tt.memdesc<64x64xf16, #sa> -> tensor<64x128xf32, #mma>
  tt.return
}

// -----

#blocked = #tt.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tt.mma<{versionMajor = 2, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#sa = #tt.shared<{swizzle = 128, order = [1, 0]}>
tt.func @wgmma_v2_accumulator(%h: f16) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %x = tt.splat %h : f16 -> tensor<64x64xf16, #blocked>
  %a = tt.local_alloc %x : (tensor<64x64xf16, #blocked>) -> !tt.memdesc<64x64xf16, #sa>
  %c = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  // expected-error @+1 {{'tt.warp_group_dot' op accumulates in an #tt.mma version 3 (wgmma) layout, not 'tensor<64x64xf32, #tt.mma<{versionMajor = 2, warpsPerCTA = [2, 2], instrShape = [16, 8]}>>'}}
  %d = tt.warp_group_dot %a, %a, %c : !tt.memdesc<64x64xf16, #sa> * !tt.memdesc<64x64xf16, #sa> -> tensor<64x64xf32, #mma>
  tt.return
}

// -----

#blocked = #tt.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tt.mma<{versionMajor = 3, warpsPerCTA = [4, 1], instrShape = [16, 64]}>
#sa = #tt.shared<{swizzle = 128, order = [1, 0]}>
tt.func @wgmma_types(%h: f16) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %x = tt.splat %h : f16 -> tensor<64x64xf16, #blocked>
  %a = tt.local_alloc %x : (tensor<64x64xf16, #blocked>) -> !tt.memdesc<64x64xf16, #sa>
  %c = arith.constant dense<0> : tensor<64x64xi32, #mma>
  // expected-error @+1 {{'tt.warp_group_dot' op wgmma does not multiply 'f16' x 'f16' -> 'i32'; it takes f16 -> f32/f16, bf16 -> f32, f32 (tf32) -> f32 and i8 -> i32}}
  %d = tt.warp_group_dot %a, %a, %c : !tt.memdesc<64x64xf16, #sa> * !tt.memdesc<64x64xf16, #sa> -> tensor<64x64xi32, #mma>
  tt.return
}

// -----

#blocked = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tt.mma<{versionMajor = 3, warpsPerCTA = [4, 1], instrShape = [16, 64]}>
#sa = #tt.shared<{swizzle = 128, order = [1, 0]}>
tt.func @wgmma_ieee(%f: f32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %x = tt.splat %f : f32 -> tensor<64x64xf32, #blocked>
  %a = tt.local_alloc %x : (tensor<64x64xf32, #blocked>) -> !tt.memdesc<64x64xf32, #sa>
  %c = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  // expected-error @+1 {{'tt.warp_group_dot' op multiplies f32 tiles as tf32; input precision ieee needs the FMA path (tt.dot)}}
  %d = tt.warp_group_dot %a, %a, %c {inputPrecision = 2 : i32} : !tt.memdesc<64x64xf32, #sa> * !tt.memdesc<64x64xf32, #sa> -> tensor<64x64xf32, #mma>
  tt.return
}

// -----

#blocked = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tt.mma<{versionMajor = 3, warpsPerCTA = [4, 1], instrShape = [16, 64]}>
#sa = #tt.shared<{swizzle = 128, order = [1, 0]}>
tt.func @wgmma_tf32_b_order(%f: f32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %x = tt.splat %f : f32 -> tensor<64x64xf32, #blocked>
  %a = tt.local_alloc %x : (tensor<64x64xf32, #blocked>) -> !tt.memdesc<64x64xf32, #sa>
  %c = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  // expected-error @+1 {{'tt.warp_group_dot' op reads 'f32' tiles K-contiguous only (wgmma transposes 16-bit tiles only): a needs order [1, 0] and b order [0, 1]}}
  %d = tt.warp_group_dot %a, %a, %c : !tt.memdesc<64x64xf32, #sa> * !tt.memdesc<64x64xf32, #sa> -> tensor<64x64xf32, #mma>
  tt.return
}

// -----

#blocked = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tt.mma<{versionMajor = 3, warpsPerCTA = [4, 1], instrShape = [16, 64]}>
tt.func @dot_on_v3(%f: f32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %c = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %a = tt.splat %f : f32 -> tensor<64x64xf32, #blocked>
  // expected-error @+1 {{'tt.dot' op multiplies registers; a #tt.mma version 3 (wgmma) accumulator comes from tt.warp_group_dot, whose operands are in shared memory, not 'tensor<64x64xf32, #tt.mma<{versionMajor = 3, warpsPerCTA = [4, 1], instrShape = [16, 64]}>>'}}
  %d = tt.dot %a, %a, %c : tensor<64x64xf32, #blocked> * tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #mma>
  tt.return
}
