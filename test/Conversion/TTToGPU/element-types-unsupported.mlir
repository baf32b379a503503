// What the gpu/nvvm route still refuses for the element types it lowers
// (every tt type: i1, i8..i64, f16, bf16, f32, f64) is a located error before
// anything is converted, never a wrongly typed or wrongly rounded kernel.
// RUN: mytriton-opt --convert-tt-to-gpu -split-input-file -verify-diagnostics %s

// Atomics act on f32 and i32 only.
tt.func @half_atomic(%p: !tt.ptr<f16>, %v: f16) attributes {block_size = 32 : i32} {
  // expected-error @+1 {{'tt.atomic_rmw' op on 'f16' elements is not supported on the GPU; atomics act on f32 and i32}}
  %old = tt.atomic_rmw fadd, acq_rel, gpu, %p, %v : !tt.ptr<f16>
  tt.return
}

// -----

tt.func @i64_atomic_cas(%p: !tt.ptr<i64>, %c: i64, %v: i64) attributes {block_size = 32 : i32} {
  // expected-error @+1 {{'tt.atomic_cas' op on 'i64' elements is not supported on the GPU; atomics act on f32 and i32}}
  %old = tt.atomic_cas acq_rel, gpu, %p, %c, %v : !tt.ptr<i64>
  tt.return
}

// -----

// PTX's cvt has no round-to-nearest-away for these types.
tt.func @nearest_away(%p: !tt.ptr<f16>, %x: f32) attributes {block_size = 32 : i32} {
  // expected-error @+1 {{'arith.truncf' op rounding to_nearest_away is not supported on the GPU; truncations round to nearest even, toward_zero, downward or upward}}
  %h = arith.truncf %x to_nearest_away : f32 to f16
  tt.store %p, %h : !tt.ptr<f16>
  tt.return
}
