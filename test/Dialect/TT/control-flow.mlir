// scf loops and branches inside tt.func bodies (docs/IR.md#control-flow):
// they parse, verify and print back, on scalars, pointers and tensors
// (uniform 1-D and tiled 2-D, with and without layout encodings).
// RUN: mytriton-opt %s -split-input-file | mytriton-opt -split-input-file | FileCheck %s

// CHECK-LABEL: tt.func @uniform_loop
// CHECK-SAME:    (%[[X:.*]]: !tt.ptr<f32>, %[[N:.*]]: i32)
// CHECK:         %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<128xf32>
// CHECK:         %[[ACC:.*]]:2 = scf.for %[[I:.*]] = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[A:.*]] = %[[ZERO]], %[[P:.*]] = %{{.*}}) -> (tensor<128xf32>, tensor<128x!tt.ptr<f32>>) : i32 {
// CHECK:           %[[V:.*]] = tt.load %[[P]] : tensor<128x!tt.ptr<f32>>
// CHECK:           %[[SUM:.*]] = arith.addf %[[A]], %[[V]] : tensor<128xf32>
// CHECK:           %[[NEXT:.*]] = tt.addptr %[[P]], %{{.*}} : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
// CHECK:           scf.yield %[[SUM]], %[[NEXT]] : tensor<128xf32>, tensor<128x!tt.ptr<f32>>
// CHECK:         }
// CHECK:         %[[S:.*]] = tt.reduce sum %[[ACC]]#0 : tensor<128xf32> -> f32
// CHECK:         tt.store %[[X]], %[[S]] : !tt.ptr<f32>
tt.func @uniform_loop(%x: !tt.ptr<f32>, %n: i32) attributes {block_size = 128 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<128xf32>
  %block = arith.constant dense<128> : tensor<128xi32>
  %r = tt.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %p0 = tt.addptr %xs, %r : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %acc:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %zero, %p = %p0) -> (tensor<128xf32>, tensor<128x!tt.ptr<f32>>) : i32 {
    %v = tt.load %p : tensor<128x!tt.ptr<f32>>
    %sum = arith.addf %a, %v : tensor<128xf32>
    %next = tt.addptr %p, %block : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    scf.yield %sum, %next : tensor<128xf32>, tensor<128x!tt.ptr<f32>>
  }
  %s = tt.reduce sum %acc#0 : tensor<128xf32> -> f32
  tt.store %x, %s : !tt.ptr<f32>
  tt.return
}

// -----

// A branch on a scalar with results, one without, and a while loop whose
// condition reads a loop-carried pointer; tt ops (program ids, loads,
// stores, reductions) sit inside the regions.
// CHECK-LABEL: tt.func @branches_and_while
// CHECK:         %[[PID:.*]] = tt.get_program_id 0 : i32
// CHECK:         %[[C:.*]] = arith.cmpi slt, %[[PID]], %{{.*}} : i32
// CHECK:         %[[R:.*]] = scf.if %[[C]] -> (f32) {
// CHECK:           %[[L:.*]] = tt.load %{{.*}} : tensor<64x!tt.ptr<f32>>
// CHECK:           %[[M:.*]] = tt.reduce max %[[L]] : tensor<64xf32> -> f32
// CHECK:           scf.yield %[[M]] : f32
// CHECK:         } else {
// CHECK:           scf.yield %{{.*}} : f32
// CHECK:         }
// CHECK:         scf.if %[[C]] {
// CHECK:           tt.store %{{.*}}, %[[R]] : !tt.ptr<f32>
// CHECK:         }
// CHECK:         %[[W:.*]]:2 = scf.while (%[[K:.*]] = %{{.*}}, %[[Q:.*]] = %{{.*}}) : (i32, !tt.ptr<f32>) -> (i32, !tt.ptr<f32>) {
// CHECK:           %[[LT:.*]] = arith.cmpi slt, %[[K]], %{{.*}} : i32
// CHECK:           scf.condition(%[[LT]]) %[[K]], %[[Q]] : i32, !tt.ptr<f32>
// CHECK:         } do {
// CHECK:         ^bb0(%[[K2:.*]]: i32, %[[Q2:.*]]: !tt.ptr<f32>):
// CHECK:           tt.store %[[Q2]], %[[R]] : !tt.ptr<f32>
// CHECK:           %[[Q3:.*]] = tt.addptr %[[Q2]], %{{.*}} : !tt.ptr<f32>, i32
// CHECK:           scf.yield %{{.*}}, %[[Q3]] : i32, !tt.ptr<f32>
// CHECK:         }
tt.func @branches_and_while(%x: !tt.ptr<f32>, %n: i32) attributes {block_size = 64 : i32} {
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %cm = arith.constant -1.0 : f32
  %pid = tt.get_program_id 0 : i32
  %c = arith.cmpi slt, %pid, %n : i32
  %r = scf.if %c -> (f32) {
    %lanes = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %ps = tt.addptr %xs, %lanes : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %l = tt.load %ps : tensor<64x!tt.ptr<f32>>
    %m = tt.reduce max %l : tensor<64xf32> -> f32
    scf.yield %m : f32
  } else {
    scf.yield %cm : f32
  }
  scf.if %c {
    tt.store %x, %r : !tt.ptr<f32>
  }
  %w:2 = scf.while (%k = %pid, %q = %x) : (i32, !tt.ptr<f32>) -> (i32, !tt.ptr<f32>) {
    %lt = arith.cmpi slt, %k, %n : i32
    scf.condition(%lt) %k, %q : i32, !tt.ptr<f32>
  } do {
  ^bb0(%k2: i32, %q2: !tt.ptr<f32>):
    tt.store %q2, %r : !tt.ptr<f32>
    %q3 = tt.addptr %q2, %c4 : !tt.ptr<f32>, i32
    %k3 = arith.addi %k2, %c1 : i32
    scf.yield %k3, %q3 : i32, !tt.ptr<f32>
  }
  tt.return
}

// -----

// Tiled tensors before layouts: a 2-D accumulator and its advancing
// pointers are carried, a loop nests in another.
// CHECK-LABEL: tt.func @tiled_nested
// CHECK:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %{{.*}}) -> (tensor<16x32xf32>) : i32 {
// CHECK:           scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (tensor<16x32xf32>, tensor<16x32x!tt.ptr<f32>>) : i32 {
// CHECK:             scf.yield %{{.*}}, %{{.*}} : tensor<16x32xf32>, tensor<16x32x!tt.ptr<f32>>
// CHECK:           scf.yield %{{.*}} : tensor<16x32xf32>
tt.func @tiled_nested(%x: !tt.ptr<f32>, %n: i32, %m: i32) attributes {block_size = 64 : i32, num_warps = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<16x32xf32>
  %step = arith.constant dense<512> : tensor<16x32xi32>
  %ps = tt.splat %x : !tt.ptr<f32> -> tensor<16x32x!tt.ptr<f32>>
  %outer = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<16x32xf32>) : i32 {
    %inner:2 = scf.for %j = %c0 to %m step %c1 iter_args(%a = %acc, %p = %ps) -> (tensor<16x32xf32>, tensor<16x32x!tt.ptr<f32>>) : i32 {
      %v = tt.load %p : tensor<16x32x!tt.ptr<f32>>
      %s = arith.addf %a, %v : tensor<16x32xf32>
      %q = tt.addptr %p, %step : tensor<16x32x!tt.ptr<f32>>, tensor<16x32xi32>
      scf.yield %s, %q : tensor<16x32xf32>, tensor<16x32x!tt.ptr<f32>>
    }
    scf.yield %inner#0 : tensor<16x32xf32>
  }
  tt.store %ps, %outer : tensor<16x32x!tt.ptr<f32>>
  tt.return
}

// -----

// After layouts: carried tensors keep their encodings, and an scf.if
// merges tensors of one layout.
// CHECK-DAG:   #[[B:.*]] = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]}>
// CHECK-DAG:   #[[S:.*]] = #tt.slice<{dim = 1, parent = #[[B]]}>
// CHECK-LABEL: tt.func @tiled_with_layouts
// CHECK:         %[[F:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %{{.*}}) -> (tensor<16x32xf32, #[[B]]>) : i32 {
// CHECK:           scf.yield %{{.*}} : tensor<16x32xf32, #[[B]]>
// CHECK:         %[[RED:.*]] = tt.reduce sum %[[F]] {axis = 1 : i32} : tensor<16x32xf32, #[[B]]> -> tensor<16xf32, #[[S]]>
// CHECK:         scf.if %{{.*}} -> (tensor<16xf32, #[[S]]>) {
#blocked = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]}>
#slice = #tt.slice<{dim = 1, parent = #blocked}>
tt.func @tiled_with_layouts(%n: i32) attributes {block_size = 64 : i32, num_warps = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c = arith.cmpi sgt, %n, %c1 : i32
  %zero = arith.constant dense<0.0> : tensor<16x32xf32, #blocked>
  %one = arith.constant dense<1.0> : tensor<16x32xf32, #blocked>
  %f = scf.for %i = %c0 to %n step %c1 iter_args(%a = %zero) -> (tensor<16x32xf32, #blocked>) : i32 {
    %s = arith.addf %a, %one : tensor<16x32xf32, #blocked>
    scf.yield %s : tensor<16x32xf32, #blocked>
  }
  %red = tt.reduce sum %f {axis = 1 : i32} : tensor<16x32xf32, #blocked> -> tensor<16xf32, #slice>
  %neg = scf.if %c -> (tensor<16xf32, #slice>) {
    %z = arith.negf %red : tensor<16xf32, #slice>
    scf.yield %z : tensor<16xf32, #slice>
  } else {
    scf.yield %red : tensor<16xf32, #slice>
  }
  tt.return
}
