// The shared-tree form takes 4 bytes per thread per reduction; past CUDA's
// 48 KiB of static shared memory it is a diagnostic at the first reduction
// that does not fit. The warp-shuffle form needs 4 bytes per warp and emits
// the same kernel.
// RUN: mytriton-translate --emit-cuda --cuda-reduction=shared-tree --verify-diagnostics %s
// RUN: mytriton-translate --emit-cuda --cuda-reduction=warp-shuffle %s | FileCheck %s

// 12 reductions of 1024 floats fill 48 KiB exactly; the 13th does not fit.
// CHECK-LABEL: thirteen_row_sums(
// CHECK-COUNT-13: __shared__ float v{{[0-9]+}}_warp_totals[32];
tt.func @thirteen_row_sums(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>) attributes {block_size = 1024 : i32} {
  %lanes = tt.make_range {start = 0 : i32, end = 1024 : i32} : tensor<1024xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %p = tt.addptr %xs, %lanes : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  %v = tt.load %p : tensor<1024x!tt.ptr<f32>>
  %r0 = tt.reduce sum %v : tensor<1024xf32> -> f32
  %r1 = tt.reduce sum %v : tensor<1024xf32> -> f32
  %s1 = arith.addf %r0, %r1 : f32
  %r2 = tt.reduce sum %v : tensor<1024xf32> -> f32
  %s2 = arith.addf %s1, %r2 : f32
  %r3 = tt.reduce sum %v : tensor<1024xf32> -> f32
  %s3 = arith.addf %s2, %r3 : f32
  %r4 = tt.reduce sum %v : tensor<1024xf32> -> f32
  %s4 = arith.addf %s3, %r4 : f32
  %r5 = tt.reduce sum %v : tensor<1024xf32> -> f32
  %s5 = arith.addf %s4, %r5 : f32
  %r6 = tt.reduce sum %v : tensor<1024xf32> -> f32
  %s6 = arith.addf %s5, %r6 : f32
  %r7 = tt.reduce sum %v : tensor<1024xf32> -> f32
  %s7 = arith.addf %s6, %r7 : f32
  %r8 = tt.reduce sum %v : tensor<1024xf32> -> f32
  %s8 = arith.addf %s7, %r8 : f32
  %r9 = tt.reduce sum %v : tensor<1024xf32> -> f32
  %s9 = arith.addf %s8, %r9 : f32
  %r10 = tt.reduce sum %v : tensor<1024xf32> -> f32
  %s10 = arith.addf %s9, %r10 : f32
  %r11 = tt.reduce sum %v : tensor<1024xf32> -> f32
  %s11 = arith.addf %s10, %r11 : f32
  // expected-error @below {{'tt.reduce' op needs 53248 bytes of shared memory for the kernel's reductions so far, more than the 49152 bytes CUDA allows statically; use --cuda-reduction=warp-shuffle or fewer reductions}}
  %r12 = tt.reduce sum %v : tensor<1024xf32> -> f32
  %s12 = arith.addf %s11, %r12 : f32
  tt.store %out, %s12 : !tt.ptr<f32>
  tt.return
}
