// Element types the verifier accepts but this route does not lower yet are a
// located error before anything is converted, never a wrongly typed kernel.
// RUN: mytriton-opt --convert-tt-to-gpu -split-input-file -verify-diagnostics %s

// expected-error @+1 {{'tt.func' op has an argument of type '!tt.ptr<f16>': the gpu/nvvm route does not lower '!tt.ptr<f16>' values yet}}
tt.func @half_pointer(%p: !tt.ptr<f16>) attributes {block_size = 32 : i32} {
  tt.return
}

// -----

tt.func @widened_offsets(%p: !tt.ptr<f32>, %n: i32) attributes {block_size = 32 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  // expected-error @+1 {{'arith.extsi' op produces 'tensor<32xi64>': the gpu/nvvm route does not lower 'tensor<32xi64>' values yet}}
  %w = arith.extsi %r : tensor<32xi32> to tensor<32xi64>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
  %pp = tt.addptr %ps, %w : tensor<32x!tt.ptr<f32>>, tensor<32xi64>
  %x = tt.load %pp : tensor<32x!tt.ptr<f32>>
  tt.store %pp, %x : tensor<32x!tt.ptr<f32>>
  tt.return
}

// -----

tt.func @double_math(%p: !tt.ptr<f32>) attributes {block_size = 32 : i32} {
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
  %x = tt.load %ps : tensor<32x!tt.ptr<f32>>
  // expected-error @+1 {{'arith.extf' op produces 'tensor<32xf64>': the gpu/nvvm route does not lower 'tensor<32xf64>' values yet}}
  %d = arith.extf %x : tensor<32xf32> to tensor<32xf64>
  %y = arith.truncf %d : tensor<32xf64> to tensor<32xf32>
  tt.store %ps, %y : tensor<32x!tt.ptr<f32>>
  tt.return
}
