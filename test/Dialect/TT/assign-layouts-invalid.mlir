// tt-assign-layouts reports the kernels that have no blocked layout.
// RUN: mytriton-opt %s -split-input-file -tt-assign-layouts -verify-diagnostics

tt.func @width_not_power_of_two(%p: !tt.ptr<i32>) attributes {block_size = 100 : i32} {
  // expected-error @+1 {{'tt.make_range' op produces 'tensor<100xi32>', which has no layout: dimension 0 of a tensor with a #tt.blocked layout has size 100; layouts need static power-of-two shapes}}
  %r = tt.make_range {start = 0 : i32, end = 100 : i32} : tensor<100xi32>
  %ps = tt.splat %p : !tt.ptr<i32> -> tensor<100x!tt.ptr<i32>>
  %q = tt.addptr %ps, %r : tensor<100x!tt.ptr<i32>>, tensor<100xi32>
  tt.store %q, %r : tensor<100x!tt.ptr<i32>>
  tt.return
}

// -----

// expected-error @+1 {{'tt.func' op has no blocked layout for its 3 warps and 1 lanes per group: warpsPerCTA[0] = 3 is not a positive power of two}}
tt.func @warps_not_power_of_two(%p: !tt.ptr<i32>) attributes {block_size = 96 : i32, num_warps = 3 : i32} {
  tt.return
}
