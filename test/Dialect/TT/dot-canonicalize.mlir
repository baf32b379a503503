// tt.dot has no folds: none may change a result. A zero accumulator stays
// an operand; a dot of a zero tile is not its accumulator (0 * inf and
// 0 * NaN are NaN, and -0.0 + 0 * x is +0.0); `c + dot(a, b, 0)` is not
// `dot(a, b, c)` in f32 (the additions round in another order). An unused
// dot is dead code (it is Pure).
// RUN: mytriton-opt %s -split-input-file -canonicalize | FileCheck %s

// CHECK-LABEL: tt.func @no_folds
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<16x16xf32>
// CHECK-DAG:     %[[A:.*]] = tt.load %{{.*}} : tensor<16x16x!tt.ptr<f32>>
// CHECK-DAG:     %[[C:.*]] = tt.load %{{.*}} : tensor<16x16x!tt.ptr<f32>>
// CHECK:         %[[D0:.*]] = tt.dot %[[A]], %[[A]], %[[ZERO]] : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
// CHECK:         %[[D1:.*]] = tt.dot %[[ZERO]], %[[A]], %[[C]] : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
// CHECK:         %[[SUM:.*]] = arith.addf %[[C]], %[[D0]] : tensor<16x16xf32>
// CHECK:         tt.store %{{.*}}, %[[D1]]
// CHECK:         tt.store %{{.*}}, %[[SUM]]
// CHECK-NOT:     tt.dot
// CHECK:         tt.return
tt.func @no_folds(%p: !tt.ptr<f32>, %q: !tt.ptr<f32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
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
  %qs = tt.splat %q : !tt.ptr<f32> -> tensor<16x16x!tt.ptr<f32>>
  %qp = tt.addptr %qs, %off : tensor<16x16x!tt.ptr<f32>>, tensor<16x16xi32>
  %a = tt.load %pp : tensor<16x16x!tt.ptr<f32>>
  %c = tt.load %qp : tensor<16x16x!tt.ptr<f32>>
  %zero = arith.constant dense<0.0> : tensor<16x16xf32>
  %d0 = tt.dot %a, %a, %zero : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
  %d1 = tt.dot %zero, %a, %c : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
  %sum = arith.addf %c, %d0 : tensor<16x16xf32>
  %unused = tt.dot %a, %c, %c : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
  tt.store %pp, %d1 : tensor<16x16x!tt.ptr<f32>>
  tt.store %qp, %sum : tensor<16x16x!tt.ptr<f32>>
  tt.return
}
