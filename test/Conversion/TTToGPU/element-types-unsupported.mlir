// What the gpu/nvvm route still refuses for the element types it lowers
// (every tt type: i1, i8..i64, f16, bf16, f32, f64) is a located error before
// anything is converted, never a wrongly typed or wrongly rounded kernel.
// RUN: mytriton-opt --convert-tt-to-gpu -split-input-file -verify-diagnostics %s

// PTX's cvt has no round-to-nearest-away for these types.
tt.func @nearest_away(%p: !tt.ptr<f16>, %x: f32) attributes {block_size = 32 : i32} {
  // expected-error @+1 {{'arith.truncf' op rounding to_nearest_away is not supported on the GPU; truncations round to nearest even, toward_zero, downward or upward}}
  %h = arith.truncf %x to_nearest_away : f32 to f16
  tt.store %p, %h : !tt.ptr<f16>
  tt.return
}
