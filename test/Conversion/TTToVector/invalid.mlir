// RUN: mytriton-opt %s --convert-tt-to-vector -split-input-file -verify-diagnostics

// The lanes of a tensor of pointers share one buffer on the host: a per-lane
// select between two kernel arguments has none. (A scalar condition selects
// the buffer: control-flow.mlir.)
tt.func @select_buffers(%p: !tt.ptr<f32>, %q: !tt.ptr<f32>, %c: i32) attributes {block_size = 4 : i32} {
  %lanes = tt.make_range {start = 0 : i32, end = 4 : i32} : tensor<4xi32>
  %cs = tt.splat %c : i32 -> tensor<4xi32>
  %b = arith.cmpi sgt, %lanes, %cs : tensor<4xi32>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %qs = tt.splat %q : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  // expected-error @+2 {{'arith.select' op selects lane by lane between pointers into different buffers, which the CPU lowering cannot express}}
  // expected-error @+1 {{failed to legalize operation 'arith.select'}}
  %s = arith.select %b, %ps, %qs : tensor<4xi1>, tensor<4x!tt.ptr<f32>>
  %v = tt.load %s : tensor<4x!tt.ptr<f32>>
  tt.store %ps, %v : tensor<4x!tt.ptr<f32>>
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
