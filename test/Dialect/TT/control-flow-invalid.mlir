// What a kernel writer is told about malformed loops and branches: the tt
// rule on packed programs, and scf's own checks of loop-carried and merged
// types as they read on tt values.
// RUN: mytriton-opt %s -split-input-file -verify-diagnostics

// Packed programs share the block's barriers; a branch could split them.
// expected-error @+1 {{'tt.func' op packs 2 programs per CUDA block (programs_per_cta) but has control flow ('scf.if'); programs sharing a block could diverge around a barrier, so a kernel with loops or branches needs programs_per_cta = 1}}
tt.func @packed_with_branch(%x: !tt.ptr<f32>, %n: i32) attributes {block_size = 32 : i32, programs_per_cta = 2 : i32} {
  %pid = tt.get_program_id 0 : i32
  %c = arith.cmpi slt, %pid, %n : i32
  // expected-note @+1 {{control flow here}}
  scf.if %c {
    %v = tt.load %x : !tt.ptr<f32>
    tt.store %x, %v : !tt.ptr<f32>
  }
  tt.return
}

// -----

// The first scf op found is named, however deeply nested the region.
// expected-error @+1 {{packs 4 programs per CUDA block (programs_per_cta) but has control flow ('scf.for')}}
tt.func @packed_with_loop(%x: !tt.ptr<f32>, %n: i32) attributes {block_size = 32 : i32, num_warps = 1 : i32, programs_per_cta = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant 0.0 : f32
  // expected-note @+1 {{control flow here}}
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%a = %zero) -> (f32) : i32 {
    %lanes = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
    %ps = tt.addptr %xs, %lanes : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
    %v = tt.load %ps : tensor<32x!tt.ptr<f32>>
    %r = tt.reduce sum %v : tensor<32xf32> -> f32
    %b = arith.addf %a, %r : f32
    scf.yield %b : f32
  }
  tt.store %x, %s : !tt.ptr<f32>
  tt.return
}

// -----

// programs_per_cta = 1 is the default, and allowed with control flow.
tt.func @one_program_with_loop(%x: !tt.ptr<i32>, %n: i32) attributes {block_size = 32 : i32, programs_per_cta = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0) -> (i32) : i32 {
    %b = arith.addi %a, %i : i32
    scf.yield %b : i32
  }
  tt.store %x, %s : !tt.ptr<i32>
  tt.return
}

// -----

// A loop-carried accumulator whose yield changes its element type.
tt.func @yield_type_mismatch(%n: i32) attributes {block_size = 128 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<128xf32>
  %r = tt.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  // expected-error @+1 {{'scf.for' op 0-th region iter_arg and 0-th yielded value have different type: 'tensor<128xf32>' != 'tensor<128xi32>'}}
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%a = %zero) -> (tensor<128xf32>) : i32 {
    scf.yield %r : tensor<128xi32>
  }
  tt.return
}

// -----

// A loop-carried tiled tensor whose yield has another layout: carried
// values keep one type (tt-assign-layouts converts before the yield).
#blocked = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]}>
#blocked1 = #tt.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 2], order = [0, 1]}>
tt.func @yield_layout_mismatch(%n: i32) attributes {block_size = 64 : i32, num_warps = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<16x32xf32, #blocked>
  %other = arith.constant dense<1.0> : tensor<16x32xf32, #blocked1>
  // expected-error @+1 {{'scf.for' op 0-th region iter_arg and 0-th yielded value have different type: 'tensor<16x32xf32, #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]}>>' != 'tensor<16x32xf32, #tt.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 2], order = [0, 1]}>>'}}
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%a = %zero) -> (tensor<16x32xf32, #blocked>) : i32 {
    scf.yield %other : tensor<16x32xf32, #blocked1>
  }
  tt.return
}

// -----

// The init of an iter_arg and the loop's result type disagree.
tt.func @init_type_mismatch(%n: i32) attributes {block_size = 128 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant 0.0 : f32
  // expected-error @+1 {{'scf.for' op 0-th init and 0-th region iter_arg have different type: 'f32' != 'i32'}}
  %s = "scf.for"(%c0, %n, %c1, %zero) ({
  ^bb0(%i: i32, %a: i32):
    scf.yield %a : i32
  }) : (i32, i32, i32, f32) -> i32
  tt.return
}

// -----

// Branches that yield different types.
tt.func @if_branch_mismatch(%n: i32) attributes {block_size = 128 : i32} {
  %c0 = arith.constant 0 : i32
  %c = arith.cmpi sgt, %n, %c0 : i32
  %z = arith.constant 0.0 : f32
  // expected-error @+1 {{'scf.if' op along control flow edge from Operation scf.yield to parent: successor operand type #0 'i32' should match successor input type #0 'f32'}}
  %r = scf.if %c -> (f32) {
    scf.yield %z : f32
  } else {
    // expected-note @+1 {{region branch point}}
    scf.yield %n : i32
  }
  tt.return
}

// -----

// scf.if needs an i1 condition: a tensor mask is not one (tl.where is
// arith.select).
tt.func @tensor_condition(%n: i32) attributes {block_size = 128 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %ns = tt.splat %n : i32 -> tensor<128xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<128xi32>
  // expected-error @+1 {{operand #0 must be 1-bit signless integer}}
  "scf.if"(%m) ({
    scf.yield
  }, {
  }) : (tensor<128xi1>) -> ()
  tt.return
}

// -----

// The while's condition forwards values of another type than its results.
tt.func @while_condition_mismatch(%n: i32) attributes {block_size = 128 : i32} {
  %z = arith.constant 0.0 : f32
  // expected-error @+1 {{'scf.while' op along control flow edge from Operation scf.condition to parent: successor operand type #0 'f32' should match successor input type #0 'i32'}}
  %w = scf.while (%k = %n) : (i32) -> i32 {
    %c = arith.cmpi sgt, %k, %n : i32
    // expected-note @+1 {{region branch point}}
    scf.condition(%c) %z : f32
  } do {
  ^bb0(%k2: i32):
    scf.yield %k2 : i32
  }
  tt.return
}

// -----

// tt ops inside a region still follow tt's rules.
tt.func @tt_rule_inside_loop(%x: !tt.ptr<f32>, %n: i32) attributes {block_size = 128 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    // expected-error @+1 {{program id axis 3 is out of range; the launch grid has axes 0, 1 and 2}}
    %p = tt.get_program_id 3 : i32
  }
  tt.return
}

// -----

// A region's tensors count for the kernel's shape rules: a tiled tensor
// inside a loop needs num_warps.
tt.func @tiled_in_loop_without_warps(%n: i32) attributes {block_size = 128 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    // expected-error @+1 {{'tt.make_range' op produces 'tensor<64xi32>', which is not 1-D of the kernel's block size 128; a kernel whose tensors have shapes of their own needs num_warps}}
    %r = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  }
  tt.return
}
