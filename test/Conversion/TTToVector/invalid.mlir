// RUN: mytriton-opt %s --convert-tt-to-vector -split-input-file -verify-diagnostics

// Pointers into two kernel arguments share no buffer on the host.
tt.func @select_buffers(%p: !tt.ptr<f32>, %q: !tt.ptr<f32>, %c: i32) attributes {block_size = 4 : i32} {
  %z = arith.constant 0 : i32
  %b = arith.cmpi sgt, %c, %z : i32
  // expected-error @+2 {{'arith.select' op selects between pointers into different buffers, which the CPU lowering cannot express}}
  // expected-error @+1 {{failed to legalize operation 'arith.select'}}
  %s = arith.select %b, %p, %q : !tt.ptr<f32>
  %v = tt.load %s : !tt.ptr<f32>
  tt.store %p, %v : !tt.ptr<f32>
  tt.return
}

// -----

// expected-error @+1 {{'tt.func' op cannot be lowered for the CPU: its grid function name 'k_grid' is already taken}}
tt.func @k(%p: !tt.ptr<f32>) attributes {block_size = 4 : i32} {
  tt.return
}
tt.func @k_grid(%p: !tt.ptr<f32>) attributes {block_size = 4 : i32} {
  tt.return
}

// -----

// A declaration has nothing to run (found by the fuzzer: it crashed here).
// expected-error @below {{'tt.func' op has no body; only defined kernels can run on the CPU}}
// expected-error @below {{failed to legalize operation 'tt.func'}}
tt.func private @declaration(%x: !tt.ptr<f32>) attributes {block_size = 1 : i32}
