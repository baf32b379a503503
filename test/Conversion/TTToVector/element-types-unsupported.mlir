// What the CPU route still refuses among ops on types it lowers is a located
// error before anything is converted, never a wrong kernel: atomics on
// elements other than f32 and i32, and truncf rounding upward, downward or
// to nearest away from zero (LLVM would round to nearest even).
// RUN: mytriton-opt --convert-tt-to-vector -split-input-file -verify-diagnostics %s

tt.func @half_atomic(%p: !tt.ptr<f16>, %v: f16) attributes {block_size = 32 : i32} {
  // expected-error @+1 {{'tt.atomic_rmw' op on 'f16' elements: the CPU route lowers atomics on f32 and i32 only}}
  %old = tt.atomic_rmw fadd, relaxed, gpu, %p, %v : !tt.ptr<f16>
  tt.return
}

// -----

tt.func @long_cas(%p: !tt.ptr<i64>, %c: i64, %v: i64) attributes {block_size = 32 : i32} {
  // expected-error @+1 {{'tt.atomic_cas' op on 'i64' elements: the CPU route lowers atomics on f32 and i32 only}}
  %old = tt.atomic_cas acq_rel, gpu, %p, %c, %v : !tt.ptr<i64>
  tt.return
}

// -----

tt.func @trunc_upward(%p: !tt.ptr<f32>, %q: !tt.ptr<f16>) attributes {block_size = 32 : i32} {
  %x = tt.load %p : !tt.ptr<f32>
  // expected-error @+1 {{'arith.truncf' op rounds upward: the CPU route lowers truncf to nearest even and toward zero only}}
  %y = arith.truncf %x upward : f32 to f16
  tt.store %q, %y : !tt.ptr<f16>
  tt.return
}
