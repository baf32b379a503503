// The scf forms --emit-cuda cannot express are diagnostics at the op.
// RUN: mytriton-translate --emit-cuda --verify-diagnostics --split-input-file %s

// A constant step <= 0 would loop forever (i < ub never fails); the
// frontend counts negative constexpr steps from the other bound.
tt.func @negative_step(%out: !tt.ptr<i32>, %n: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %cm1 = arith.constant -1 : i32
  // expected-error @below {{'scf.for' op cannot be emitted as CUDA: its step is -1; scf.for needs a positive step (count a negative one from the other bound)}}
  %r = scf.for %i = %n to %c0 step %cm1 iter_args(%a = %c0) -> (i32) : i32 {
    %b = arith.addi %a, %i : i32
    scf.yield %b : i32
  }
  tt.store %out, %r : !tt.ptr<i32>
  tt.return
}

// -----

tt.func @zero_step(%out: !tt.ptr<i32>, %n: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  // expected-error @below {{its step is 0; scf.for needs a positive step}}
  %r = scf.for %i = %c0 to %n step %c0 iter_args(%a = %c0) -> (i32) : i32 {
    %b = arith.addi %a, %i : i32
    scf.yield %b : i32
  }
  tt.store %out, %r : !tt.ptr<i32>
  tt.return
}

// -----

tt.func @execute_region(%out: !tt.ptr<i32>, %n: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  // expected-error @below {{'scf.execute_region' op cannot be emitted as CUDA: the CUDA emitter prints scf.for, scf.if and scf.while (with scf.yield and scf.condition) only}}
  %r = scf.execute_region -> i32 {
    scf.yield %n : i32
  }
  tt.store %out, %r : !tt.ptr<i32>
  tt.return
}

// -----

tt.func @index_switch(%out: !tt.ptr<i32>, %n: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %c1 = arith.constant 1 : i32
  %i = arith.index_cast %n : i32 to index
  // expected-error @below {{'scf.index_switch' op cannot be emitted as CUDA: the CUDA emitter prints scf.for, scf.if and scf.while}}
  %r = scf.index_switch %i -> i32
  case 2 {
    scf.yield %c1 : i32
  }
  default {
    scf.yield %n : i32
  }
  tt.store %out, %r : !tt.ptr<i32>
  tt.return
}
