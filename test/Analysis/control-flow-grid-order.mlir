// isGridAxis0Fastest with loops: a value carried by a loop depends on the
// program ids its init does, so matmul's `b_ptrs += BLOCK_K * stride`
// (rows of B picked by program id 1 only) still runs programs along axis 0
// side by side.
// RUN: mytriton-test-opt --test-contiguity=grid-order --verify-diagnostics -split-input-file %s

// expected-remark @+1 {{grid axis 0 fastest}}
tt.func @carried_b_pointers(%b: !tt.ptr<f32>, %k: i32) attributes {block_size = 32 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %pid1 = tt.get_program_id 1 : i32
  %lanes = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %col = tt.addptr %b, %pid1 : !tt.ptr<f32>, i32
  %cols = tt.splat %col : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
  %p0 = tt.addptr %cols, %lanes : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
  %step = arith.constant dense<1024> : tensor<32xi32>
  %zero = arith.constant dense<0.0> : tensor<32xf32>
  %r:2 = scf.for %i = %c0 to %k step %c1 iter_args(%p = %p0, %acc = %zero) -> (tensor<32x!tt.ptr<f32>>, tensor<32xf32>) : i32 {
    %v = tt.load %p : tensor<32x!tt.ptr<f32>>
    %a = arith.addf %acc, %v : tensor<32xf32>
    %q = tt.addptr %p, %step : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
    scf.yield %q, %a : tensor<32x!tt.ptr<f32>>, tensor<32xf32>
  }
  tt.store %p0, %r#1 : tensor<32x!tt.ptr<f32>>
  tt.return
}

// -----

// Loads that depend on program id 0 too keep the default.
// expected-remark @+1 {{grid axis 1 fastest}}
tt.func @both_axes(%b: !tt.ptr<f32>, %k: i32) attributes {block_size = 32 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %pid0 = tt.get_program_id 0 : i32
  %pid1 = tt.get_program_id 1 : i32
  %start = arith.addi %pid0, %pid1 : i32
  %p0 = tt.addptr %b, %start : !tt.ptr<f32>, i32
  %r = scf.for %i = %c0 to %k step %c1 iter_args(%p = %p0) -> (!tt.ptr<f32>) : i32 {
    %v = tt.load %p : !tt.ptr<f32>
    tt.store %p, %v : !tt.ptr<f32>
    %q = tt.addptr %p, %k : !tt.ptr<f32>, i32
    scf.yield %q : !tt.ptr<f32>
  }
  tt.return
}
