// What one thread per element cannot express is reported at the op.
// RUN: mytriton-opt --convert-tt-to-gpu --split-input-file --verify-diagnostics --allow-unregistered-dialect %s

tt.func @lane_dependent_constant(%p: !tt.ptr<i32>) attributes {block_size = 2 : i32} {
  // expected-error @+1 {{'arith.constant' op with different values per lane cannot be lowered to one thread per element; build it from tt.make_range}}
  %c = arith.constant dense<[1, 2]> : tensor<2xi32>
  %r = tt.make_range {start = 0 : i32, end = 2 : i32} : tensor<2xi32>
  %ps = tt.splat %p : !tt.ptr<i32> -> tensor<2x!tt.ptr<i32>>
  %pp = tt.addptr %ps, %r : tensor<2x!tt.ptr<i32>>, tensor<2xi32>
  tt.store %pp, %c : tensor<2x!tt.ptr<i32>>
  tt.return
}

// -----

tt.func @foreign_op(%p: !tt.ptr<i32>) attributes {block_size = 2 : i32} {
  // expected-error @+1 {{'foo.bar' op is not supported in tt kernels lowered to the GPU}}
  %x = "foo.bar"() : () -> i32
  tt.store %p, %x : !tt.ptr<i32>
  tt.return
}

// -----

// A declaration has nothing to lower.
// expected-error @below {{'tt.func' op has no body; only defined kernels can be lowered to the GPU}}
// expected-error @below {{failed to legalize operation 'tt.func'}}
tt.func private @declaration(%x: !tt.ptr<f32>) attributes {block_size = 1 : i32}
