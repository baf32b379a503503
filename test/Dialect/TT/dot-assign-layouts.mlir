// tt-assign-layouts on a tt.dot (the FMA path): the accumulator, loop-carried
// through the K loop, and the result take the kernel's blocked layout; the
// operands, loaded in it, are converted to #tt.dot_operand layouts of it
// (opIdx 0 for a, 1 for b) right before the dot, inside the loop.
// RUN: mytriton-opt %s -tt-assign-layouts | FileCheck %s

// 32x32 is the largest tile: v = 4, tN = 8, tM = 4, wM = 4, wN = 1.
// CHECK-DAG: #[[B:blocked]] = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[OA:dot_op]] = #tt.dot_operand<{opIdx = 0, parent = #[[B]]}>
// CHECK-DAG: #[[OB:dot_op1]] = #tt.dot_operand<{opIdx = 1, parent = #[[B]]}>
// CHECK-LABEL: tt.func @matmul
// CHECK:         %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #[[B]]>
// CHECK:         scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[ZERO]], {{.*}}) -> (tensor<32x32xf32, #[[B]]>, tensor<32x16x!tt.ptr<f32>, #[[B]]>, tensor<16x32x!tt.ptr<f32>, #[[B]]>)
// CHECK:           %[[X:.*]] = tt.load %{{.*}} : tensor<32x16x!tt.ptr<f32>, #[[B]]>
// CHECK:           %[[XA:.*]] = tt.convert_layout %[[X]] : tensor<32x16xf32, #[[B]]> -> tensor<32x16xf32, #[[OA]]>
// CHECK:           %[[Y:.*]] = tt.load %{{.*}} : tensor<16x32x!tt.ptr<f32>, #[[B]]>
// CHECK:           %[[YB:.*]] = tt.convert_layout %[[Y]] : tensor<16x32xf32, #[[B]]> -> tensor<16x32xf32, #[[OB]]>
// CHECK:           %[[D:.*]] = tt.dot %[[XA]], %[[YB]], %[[ACC]] : tensor<32x16xf32, #[[OA]]> * tensor<16x32xf32, #[[OB]]> -> tensor<32x32xf32, #[[B]]>
// CHECK:           scf.yield %[[D]],
// CHECK:         tt.store %{{.*}}, %{{.*}} : tensor<32x32x!tt.ptr<f32>, #[[B]]>
tt.func @matmul(%a: !tt.ptr<f32>, %b: !tt.ptr<f32>, %c: !tt.ptr<f32>, %k_tiles: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %rm = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %rk = tt.make_range {start = 0 : i32, end = 16 : i32} : tensor<16xi32>
  %am = tt.expand_dims %rm {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %ak = tt.expand_dims %rk {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
  %bk = tt.expand_dims %rk {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %bn = tt.expand_dims %rm {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %c16 = arith.constant 16 : i32
  %lda = arith.muli %k_tiles, %c16 : i32
  %ldas = tt.splat %lda : i32 -> tensor<32x1xi32>
  %arow = arith.muli %am, %ldas : tensor<32x1xi32>
  %arowb = tt.broadcast %arow : tensor<32x1xi32> -> tensor<32x16xi32>
  %akb = tt.broadcast %ak : tensor<1x16xi32> -> tensor<32x16xi32>
  %aoff = arith.addi %arowb, %akb : tensor<32x16xi32>
  %c32 = arith.constant dense<32> : tensor<16x1xi32>
  %brow = arith.muli %bk, %c32 : tensor<16x1xi32>
  %browb = tt.broadcast %brow : tensor<16x1xi32> -> tensor<16x32xi32>
  %bnb = tt.broadcast %bn : tensor<1x32xi32> -> tensor<16x32xi32>
  %boff = arith.addi %browb, %bnb : tensor<16x32xi32>
  %pa = tt.splat %a : !tt.ptr<f32> -> tensor<32x16x!tt.ptr<f32>>
  %pa0 = tt.addptr %pa, %aoff : tensor<32x16x!tt.ptr<f32>>, tensor<32x16xi32>
  %pb = tt.splat %b : !tt.ptr<f32> -> tensor<16x32x!tt.ptr<f32>>
  %pb0 = tt.addptr %pb, %boff : tensor<16x32x!tt.ptr<f32>>, tensor<16x32xi32>
  %zero = arith.constant dense<0.0> : tensor<32x32xf32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %astep = arith.constant dense<16> : tensor<32x16xi32>
  %bstep = arith.constant dense<512> : tensor<16x32xi32>
  %r:3 = scf.for %i = %c0 to %k_tiles step %c1 iter_args(%acc = %zero, %pai = %pa0, %pbi = %pb0) -> (tensor<32x32xf32>, tensor<32x16x!tt.ptr<f32>>, tensor<16x32x!tt.ptr<f32>>) : i32 {
    %x = tt.load %pai : tensor<32x16x!tt.ptr<f32>>
    %y = tt.load %pbi : tensor<16x32x!tt.ptr<f32>>
    %d = tt.dot %x, %y, %acc : tensor<32x16xf32> * tensor<16x32xf32> -> tensor<32x32xf32>
    %pan = tt.addptr %pai, %astep : tensor<32x16x!tt.ptr<f32>>, tensor<32x16xi32>
    %pbn = tt.addptr %pbi, %bstep : tensor<16x32x!tt.ptr<f32>>, tensor<16x32xi32>
    scf.yield %d, %pan, %pbn : tensor<32x32xf32>, tensor<32x16x!tt.ptr<f32>>, tensor<16x32x!tt.ptr<f32>>
  }
  %cm = tt.broadcast %am : tensor<32x1xi32> -> tensor<32x32xi32>
  %c32x1 = arith.constant dense<32> : tensor<32x32xi32>
  %crow = arith.muli %cm, %c32x1 : tensor<32x32xi32>
  %cn = tt.broadcast %bn : tensor<1x32xi32> -> tensor<32x32xi32>
  %coff = arith.addi %crow, %cn : tensor<32x32xi32>
  %pc = tt.splat %c : !tt.ptr<f32> -> tensor<32x32x!tt.ptr<f32>>
  %pc0 = tt.addptr %pc, %coff : tensor<32x32x!tt.ptr<f32>>, tensor<32x32xi32>
  tt.store %pc0, %r#0 : tensor<32x32x!tt.ptr<f32>>
  tt.return
}

// A splat operand (cheap) is rematerialized in the operand layout instead
// of converted; the accumulator splat in the kernel layout.
// CHECK-LABEL: tt.func @splat_operand
// CHECK-DAG:     %[[SA:.*]] = tt.splat %{{.*}} : f32 -> tensor<16x16xf32, #[[OA16:dot_op[0-9]*]]>
// CHECK-DAG:     %[[SC:.*]] = tt.splat %{{.*}} : f32 -> tensor<16x16xf32, #[[B16:blocked[0-9]*]]>
// CHECK:         tt.dot %[[SA]], %{{.*}}, %[[SC]] : tensor<16x16xf32, #[[OA16]]>
// CHECK-NOT:     tt.convert_layout %[[SA]]
tt.func @splat_operand(%p: !tt.ptr<f32>, %s: f32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 16 : i32} : tensor<16xi32>
  %r0 = tt.expand_dims %r {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %r1 = tt.expand_dims %r {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
  %c16 = arith.constant dense<16> : tensor<16x1xi32>
  %rows = arith.muli %r0, %c16 : tensor<16x1xi32>
  %rb = tt.broadcast %rows : tensor<16x1xi32> -> tensor<16x16xi32>
  %cb = tt.broadcast %r1 : tensor<1x16xi32> -> tensor<16x16xi32>
  %off = arith.addi %rb, %cb : tensor<16x16xi32>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<16x16x!tt.ptr<f32>>
  %pp = tt.addptr %ps, %off : tensor<16x16x!tt.ptr<f32>>, tensor<16x16xi32>
  %b = tt.load %pp : tensor<16x16x!tt.ptr<f32>>
  %a = tt.splat %s : f32 -> tensor<16x16xf32>
  %d = tt.dot %a, %b, %a : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
  tt.store %pp, %d : tensor<16x16x!tt.ptr<f32>>
  tt.return
}
