// Control flow other than scf.for, scf.if and scf.while is reported at the
// op, not at the first op of its body; ops nested in supported regions are
// checked like any other.
// RUN: mytriton-opt --convert-tt-to-gpu --split-input-file --verify-diagnostics --allow-unregistered-dialect %s

tt.func @execute_region(%p: !tt.ptr<i32>) attributes {block_size = 2 : i32} {
  // expected-error @+1 {{'scf.execute_region' op is not supported in tt kernels lowered to the GPU}}
  %x = scf.execute_region -> i32 {
    %c = arith.constant 1 : i32
    scf.yield %c : i32
  }
  tt.store %p, %x : !tt.ptr<i32>
  tt.return
}

// -----

tt.func @foreign_op_in_loop(%p: !tt.ptr<i32>, %n: i32) attributes {block_size = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0) -> (i32) : i32 {
    // expected-error @+1 {{'foo.bar' op is not supported in tt kernels lowered to the GPU}}
    %x = "foo.bar"(%a) : (i32) -> i32
    scf.yield %x : i32
  }
  tt.store %p, %s : !tt.ptr<i32>
  tt.return
}
