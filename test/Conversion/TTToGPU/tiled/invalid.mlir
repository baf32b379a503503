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

// A 128x128 f32 convert_layout would need 64 KiB of shared memory, and 512
// bytes of row padding (one float per 128-float row).
#bl = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#blt = #tt.blocked<{sizePerThread = [4, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
tt.func @too_much_shared(%p: !tt.ptr<f32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %z = arith.constant dense<1.0> : tensor<128x128xf32, #bl>
  %e = math.exp %z : tensor<128x128xf32, #bl>
  // expected-error @below {{'tt.convert_layout' op needs 66048 bytes of shared memory to move its operand between threads, more than the 49152 a kernel may use; use smaller tiles}}
  %c = tt.convert_layout %e : tensor<128x128xf32, #bl> -> tensor<128x128xf32, #blt>
  tt.return
}
