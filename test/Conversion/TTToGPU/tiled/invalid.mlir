// What convert-tt-to-gpu refuses in tiled kernels, at the op.
// RUN: mytriton-opt --convert-tt-to-gpu -split-input-file -verify-diagnostics %s

// A tiled kernel is lowered after tt-assign-layouts: every tensor has a
// layout.
tt.func @no_layout(%p: !tt.ptr<f32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  // expected-error @below {{'tt.make_range' op produces 'tensor<32xi32>' without a layout encoding; a kernel whose tensors have shapes of their own is lowered to the GPU after tt-assign-layouts}}
  %r = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  tt.return
}

// -----

// A 256x256 f32 convert_layout would need 256 KiB of shared memory
// (swizzled, not padded): more than a block may opt into (227 KiB on an
// H100/H200).
#bl = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#blt = #tt.blocked<{sizePerThread = [4, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
tt.func @too_much_shared(%p: !tt.ptr<f32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %z = arith.constant dense<1.0> : tensor<256x256xf32, #bl>
  %e = math.exp %z : tensor<256x256xf32, #bl>
  // expected-error @below {{'tt.convert_layout' op needs 262144 bytes of shared memory to move its operand between threads, more than the 232448 a kernel may use; use smaller tiles}}
  %c = tt.convert_layout %e : tensor<256x256xf32, #bl> -> tensor<256x256xf32, #blt>
  tt.return
}

// -----

// Each layout conversion fits, but tensor-core tiles take the rest: the
// plan refuses the kernel as a whole.
#blocked = #tt.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#sa = #tt.shared<{swizzle = 128, order = [1, 0]}>
// expected-error @below {{'tt.func' op needs 263168 bytes of shared memory (layout conversions and reductions: 0; tensor-core operand tiles and pipeline stages: the rest), more than the 232448 a block may use; use smaller tiles or fewer stages}}
tt.func @too_many_tiles(%i: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %a = tt.local_alloc : () -> !tt.memdesc<8x128x128xf16, #sa, mutable>
  %t = tt.memdesc_index %a[%i] : !tt.memdesc<8x128x128xf16, #sa, mutable> -> !tt.memdesc<128x128xf16, #sa, mutable>
  %z = arith.constant dense<0.0> : tensor<128x128xf16, #blocked>
  tt.local_store %z, %t : tensor<128x128xf16, #blocked> -> !tt.memdesc<128x128xf16, #sa, mutable>
  tt.return
}
