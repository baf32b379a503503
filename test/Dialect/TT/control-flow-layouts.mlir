// tt-assign-layouts on tiled kernels with scf loops and branches: each
// carried tensor (init, region argument, yield operand, result) gets one
// layout, forced by its init or by what the body yields (a reduction's
// slice), else asked for by its first use after the op; inits and yields
// in another layout are converted. The passes' output is verified, so scf's
// type agreement of carried values is checked on every case.
// RUN: mytriton-opt %s -split-input-file -tt-assign-layouts | FileCheck %s
// RUN: mytriton-opt %s -split-input-file -tt-prepare-gpu | FileCheck %s --check-prefix=PREP

// A 2-D accumulator and its advancing pointers (acc += load(ptrs);
// ptrs += BLOCK) stay in the kernel layout; the row maxima, a reduction
// inside the loop, carry its slice, so the zero init is made in it and the
// loop needs no conversion.
// CHECK-DAG:   #[[B:blocked[0-9]*]] = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG:   #[[ROWS:slice[0-9]*]] = #tt.slice<{dim = 1, parent = #[[B]]}>
// CHECK-LABEL: tt.func @accumulate
// CHECK:         %[[P0:.*]] = tt.addptr %{{.*}}, %{{.*}} : tensor<32x64x!tt.ptr<f32>, #[[B]]>, tensor<32x64xi32, #[[B]]>
// CHECK:         %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<32x64xf32, #[[B]]>
// CHECK:         %[[ZROW:.*]] = arith.constant dense<0.000000e+00> : tensor<32xf32, #[[ROWS]]>
// CHECK:         %[[F:.*]]:3 = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[A:.*]] = %[[ZERO]], %[[P:.*]] = %[[P0]], %[[R:.*]] = %[[ZROW]]) -> (tensor<32x64xf32, #[[B]]>, tensor<32x64x!tt.ptr<f32>, #[[B]]>, tensor<32xf32, #[[ROWS]]>)
// CHECK-NOT:       tt.convert_layout
// CHECK:           %[[V:.*]] = tt.load %[[P]] : tensor<32x64x!tt.ptr<f32>, #[[B]]>
// CHECK:           %[[S:.*]] = arith.addf %[[A]], %[[V]] : tensor<32x64xf32, #[[B]]>
// CHECK:           %[[M:.*]] = tt.reduce max %[[V]] {axis = 1 : i32} : tensor<32x64xf32, #[[B]]> -> tensor<32xf32, #[[ROWS]]>
// CHECK:           %[[R2:.*]] = arith.addf %[[R]], %[[M]] : tensor<32xf32, #[[ROWS]]>
// CHECK:           %[[Q:.*]] = tt.addptr %[[P]], %{{.*}} : tensor<32x64x!tt.ptr<f32>, #[[B]]>, tensor<32x64xi32, #[[B]]>
// CHECK:           scf.yield %[[S]], %[[Q]], %[[R2]] : tensor<32x64xf32, #[[B]]>, tensor<32x64x!tt.ptr<f32>, #[[B]]>, tensor<32xf32, #[[ROWS]]>
// CHECK:         }
// CHECK:         tt.store %{{.*}}, %[[F]]#0 : tensor<32x64x!tt.ptr<f32>, #[[B]]>
// CHECK:         tt.store %{{.*}}, %[[F]]#2 : tensor<32x!tt.ptr<f32>, #[[ROWS]]>
// CHECK-NOT:     tt.convert_layout
// CHECK:         tt.return
// The GPU pipeline (tt-optimize first) lays it out the same way.
// PREP-LABEL: tt.func @accumulate
// PREP:         scf.for {{.*}} -> (tensor<32x64xf32, #blocked>, tensor<32x64x!tt.ptr<f32>, #blocked>, tensor<32xf32, #slice>)
// PREP-NOT:     tt.convert_layout
// PREP:         tt.return
tt.func @accumulate(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %rm = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %rn = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %rm2 = tt.expand_dims %rm {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %c64 = arith.constant dense<64> : tensor<32x1xi32>
  %rows = arith.muli %rm2, %c64 : tensor<32x1xi32>
  %rn2 = tt.expand_dims %rn {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %rowsb = tt.broadcast %rows : tensor<32x1xi32> -> tensor<32x64xi32>
  %colsb = tt.broadcast %rn2 : tensor<1x64xi32> -> tensor<32x64xi32>
  %offs = arith.addi %rowsb, %colsb : tensor<32x64xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>>
  %p0 = tt.addptr %xs, %offs : tensor<32x64x!tt.ptr<f32>>, tensor<32x64xi32>
  %zero = arith.constant dense<0.0> : tensor<32x64xf32>
  %step = arith.constant dense<2048> : tensor<32x64xi32>
  %zrow = arith.constant dense<0.0> : tensor<32xf32>
  %acc:3 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %zero, %p = %p0, %r = %zrow) -> (tensor<32x64xf32>, tensor<32x64x!tt.ptr<f32>>, tensor<32xf32>) : i32 {
    %v = tt.load %p : tensor<32x64x!tt.ptr<f32>>
    %s = arith.addf %a, %v : tensor<32x64xf32>
    %m = tt.reduce max %v {axis = 1 : i32} : tensor<32x64xf32> -> tensor<32xf32>
    %r2 = arith.addf %r, %m : tensor<32xf32>
    %q = tt.addptr %p, %step : tensor<32x64x!tt.ptr<f32>>, tensor<32x64xi32>
    scf.yield %s, %q, %r2 : tensor<32x64xf32>, tensor<32x64x!tt.ptr<f32>>, tensor<32xf32>
  }
  %outs = tt.splat %out : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>>
  %po = tt.addptr %outs, %offs : tensor<32x64x!tt.ptr<f32>>, tensor<32x64xi32>
  tt.store %po, %acc#0 : tensor<32x64x!tt.ptr<f32>>
  %ro = tt.splat %out : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
  %pr = tt.addptr %ro, %rm : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
  tt.store %pr, %acc#2 : tensor<32x!tt.ptr<f32>>
  tt.return
}

// -----

// The init is a column sum (slice along 0), the body adds row sums (slice
// along 1) of a square tile: the group keeps its init's layout, and the
// body converts the argument where it meets the row sums and the sum back
// before the yield.
// CHECK-DAG:   #[[B:blocked[0-9]*]] = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]}>
// CHECK-DAG:   #[[COLS:slice[0-9]*]] = #tt.slice<{dim = 0, parent = #[[B]]}>
// CHECK-DAG:   #[[ROWS:slice[0-9]*]] = #tt.slice<{dim = 1, parent = #[[B]]}>
// CHECK-LABEL: tt.func @convert_at_yield
// CHECK:         %[[INIT:.*]] = tt.reduce sum %{{.*}} {axis = 0 : i32} : tensor<32x32xf32, #[[B]]> -> tensor<32xf32, #[[COLS]]>
// CHECK:         %[[F:.*]] = scf.for %{{.*}} iter_args(%[[A:.*]] = %[[INIT]]) -> (tensor<32xf32, #[[COLS]]>)
// CHECK:           %[[AR:.*]] = tt.convert_layout %[[A]] : tensor<32xf32, #[[COLS]]> -> tensor<32xf32, #[[ROWS]]>
// CHECK:           %[[RS:.*]] = tt.reduce sum %{{.*}} {axis = 1 : i32} : tensor<32x32xf32, #[[B]]> -> tensor<32xf32, #[[ROWS]]>
// CHECK:           %[[S:.*]] = arith.addf %[[RS]], %[[AR]] : tensor<32xf32, #[[ROWS]]>
// CHECK:           %[[SC:.*]] = tt.convert_layout %[[S]] : tensor<32xf32, #[[ROWS]]> -> tensor<32xf32, #[[COLS]]>
// CHECK:           scf.yield %[[SC]] : tensor<32xf32, #[[COLS]]>
// CHECK:         tt.store %{{.*}}, %[[F]] : tensor<32x!tt.ptr<f32>, #[[COLS]]>
tt.func @convert_at_yield(%x: !tt.ptr<f32>, %n: i32) attributes {block_size = 64 : i32, num_warps = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %t = tt.splat %x : !tt.ptr<f32> -> tensor<32x32x!tt.ptr<f32>>
  %v = tt.load %t : tensor<32x32x!tt.ptr<f32>>
  %cols = tt.reduce sum %v {axis = 0 : i32} : tensor<32x32xf32> -> tensor<32xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %cols) -> (tensor<32xf32>) : i32 {
    %w = tt.load %t : tensor<32x32x!tt.ptr<f32>>
    %rows = tt.reduce sum %w {axis = 1 : i32} : tensor<32x32xf32> -> tensor<32xf32>
    %s = arith.addf %rows, %a : tensor<32xf32>
    scf.yield %s : tensor<32xf32>
  }
  %r1 = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
  %p = tt.addptr %xs, %r1 : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
  tt.store %p, %r : tensor<32x!tt.ptr<f32>>
  tt.return
}

// -----

// Branches merge a row sum (forced: the reduction's slice) with a 1-D
// load, which is then made in that slice; the pointers before the branch
// follow the store after it.
// CHECK-DAG:   #[[ROWS:slice[0-9]*]] = #tt.slice<{dim = 1, parent = #blocked}>
// CHECK-LABEL: tt.func @if_merge
// CHECK:         %[[P:.*]] = tt.addptr %{{.*}}, %{{.*}} : tensor<16x!tt.ptr<f32>, #[[ROWS]]>, tensor<16xi32, #[[ROWS]]>
// CHECK:         %[[R:.*]] = scf.if %{{.*}} -> (tensor<16xf32, #[[ROWS]]>) {
// CHECK:           %[[S:.*]] = tt.reduce sum %{{.*}} {axis = 1 : i32} : tensor<16x32xf32, #blocked> -> tensor<16xf32, #[[ROWS]]>
// CHECK:           scf.yield %[[S]] : tensor<16xf32, #[[ROWS]]>
// CHECK:         } else {
// CHECK:           %[[L:.*]] = tt.load %[[P]] : tensor<16x!tt.ptr<f32>, #[[ROWS]]>
// CHECK:           scf.yield %[[L]] : tensor<16xf32, #[[ROWS]]>
// CHECK:         }
// CHECK-NOT:     tt.convert_layout
// CHECK:         tt.store %[[P]], %[[R]] : tensor<16x!tt.ptr<f32>, #[[ROWS]]>
tt.func @if_merge(%x: !tt.ptr<f32>, %n: i32) attributes {block_size = 64 : i32, num_warps = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %c = arith.cmpi sgt, %n, %c0 : i32
  %r = tt.make_range {start = 0 : i32, end = 16 : i32} : tensor<16xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %p = tt.addptr %xs, %r : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  %t = tt.splat %x : !tt.ptr<f32> -> tensor<16x32x!tt.ptr<f32>>
  %res = scf.if %c -> (tensor<16xf32>) {
    %v = tt.load %t : tensor<16x32x!tt.ptr<f32>>
    %s = tt.reduce sum %v {axis = 1 : i32} : tensor<16x32xf32> -> tensor<16xf32>
    scf.yield %s : tensor<16xf32>
  } else {
    %l = tt.load %p : tensor<16x!tt.ptr<f32>>
    scf.yield %l : tensor<16xf32>
  }
  tt.store %p, %res : tensor<16x!tt.ptr<f32>>
  tt.return
}

// -----

// A while loop carries a 2-D tile that its body transposes: the transpose's
// permuted layout is converted back to the carried one before the yield.
// CHECK-DAG:   #[[B:blocked[0-9]*]] = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]}>
// CHECK-DAG:   #[[T:blocked[0-9]*]] = #tt.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 2], order = [0, 1]}>
// CHECK-LABEL: tt.func @while_trans
// CHECK:         %[[W:.*]]:2 = scf.while (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) : (i32, tensor<32x32xf32, #[[B]]>) -> (i32, tensor<32x32xf32, #[[B]]>) {
// CHECK:           scf.condition(%{{.*}}) %{{.*}}, %{{.*}} : i32, tensor<32x32xf32, #[[B]]>
// CHECK:         } do {
// CHECK:         ^bb0(%{{.*}}: i32, %[[V:.*]]: tensor<32x32xf32, #[[B]]>):
// CHECK:           %[[TR:.*]] = tt.trans %[[V]] : tensor<32x32xf32, #[[B]]> -> tensor<32x32xf32, #[[T]]>
// CHECK:           %[[C:.*]] = tt.convert_layout %[[TR]] : tensor<32x32xf32, #[[T]]> -> tensor<32x32xf32, #[[B]]>
// CHECK:           scf.yield %{{.*}}, %[[C]] : i32, tensor<32x32xf32, #[[B]]>
// CHECK:         tt.store %{{.*}}, %[[W]]#1 : tensor<32x32x!tt.ptr<f32>, #[[B]]>
tt.func @while_trans(%x: !tt.ptr<f32>, %n: i32) attributes {block_size = 64 : i32, num_warps = 2 : i32} {
  %c1 = arith.constant 1 : i32
  %t = tt.splat %x : !tt.ptr<f32> -> tensor<32x32x!tt.ptr<f32>>
  %v0 = tt.load %t : tensor<32x32x!tt.ptr<f32>>
  %w:2 = scf.while (%k = %n, %v = %v0) : (i32, tensor<32x32xf32>) -> (i32, tensor<32x32xf32>) {
    %c = arith.cmpi sgt, %k, %c1 : i32
    scf.condition(%c) %k, %v : i32, tensor<32x32xf32>
  } do {
  ^bb0(%k2: i32, %v2: tensor<32x32xf32>):
    %tr = tt.trans %v2 : tensor<32x32xf32> -> tensor<32x32xf32>
    %k3 = arith.subi %k2, %c1 : i32
    scf.yield %k3, %tr : i32, tensor<32x32xf32>
  }
  tt.store %t, %w#1 : tensor<32x32x!tt.ptr<f32>>
  tt.return
}

// -----

// A loop that carries no tensor still has its body laid out: tensors made
// from the induction variable, and a 2-D detour through expand_dims.
// CHECK-DAG:   #[[B:blocked[0-9]*]] = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 2], order = [1, 0]}>
// CHECK-DAG:   #[[COLS:slice[0-9]*]] = #tt.slice<{dim = 0, parent = #[[B]]}>
// CHECK-LABEL: tt.func @no_carried
// CHECK:         scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
// CHECK:           %[[IS:.*]] = tt.splat %[[I]] : i32 -> tensor<256xi32, #[[COLS]]>
// CHECK:           %[[V:.*]] = tt.load %{{.*}} : tensor<256x!tt.ptr<f32>, #[[COLS]]>
// CHECK:           tt.expand_dims %[[V]] {axis = 0 : i32} : tensor<256xf32, #[[COLS]]> -> tensor<1x256xf32, #[[B]]>
// CHECK:           tt.store %{{.*}}, %{{.*}} : tensor<256x!tt.ptr<f32>, #[[COLS]]>
tt.func @no_carried(%x: !tt.ptr<f32>, %n: i32) attributes {block_size = 64 : i32, num_warps = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = tt.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  scf.for %i = %c0 to %n step %c1 : i32 {
    %is = tt.splat %i : i32 -> tensor<256xi32>
    %o = arith.addi %is, %r : tensor<256xi32>
    %p = tt.addptr %xs, %o : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    %v = tt.load %p : tensor<256x!tt.ptr<f32>>
    %e = tt.expand_dims %v {axis = 0 : i32} : tensor<256xf32> -> tensor<1x256xf32>
    %q = tt.reduce max %e {axis = 0 : i32} : tensor<1x256xf32> -> tensor<256xf32>
    tt.store %p, %q : tensor<256x!tt.ptr<f32>>
  }
  tt.return
}
