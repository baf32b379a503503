// tt.combine_reduce and tt.scan on the CPU: the combine region's scalar ops
// re-created on vectors (a scalar constant as a splat). A reduction halves
// the axis per step, the first half always the left operand; a scan is a
// loop along the axis in scan order (so it combines in sequence) over stack
// copies of its operands and results.
// RUN: mytriton-opt %s --convert-tt-to-vector="bounds-check=false" -split-input-file | FileCheck %s

// Along axis 1 of [2, 4]: columns {0, 1} then {0}, with the left half first.
// CHECK-LABEL: func.func private @reduce_rows(
// CHECK:         %[[X:.*]] = vector.load
// CHECK:         %[[L1:.*]] = vector.shuffle %[[X]], %[[X]] [0, 1, 4, 5] : vector<8xf32>, vector<8xf32>
// CHECK:         %[[R1:.*]] = vector.shuffle %[[X]], %[[X]] [2, 3, 6, 7] : vector<8xf32>, vector<8xf32>
// CHECK:         %[[TWO:.*]] = arith.constant dense<2.000000e+00> : vector<4xf32>
// CHECK:         %[[M1:.*]] = arith.mulf %[[R1]], %[[TWO]] : vector<4xf32>
// CHECK:         %[[S1:.*]] = arith.addf %[[L1]], %[[M1]] : vector<4xf32>
// CHECK:         %[[L2:.*]] = vector.shuffle %[[S1]], %[[S1]] [0, 2] : vector<4xf32>, vector<4xf32>
// CHECK:         %[[R2:.*]] = vector.shuffle %[[S1]], %[[S1]] [1, 3] : vector<4xf32>, vector<4xf32>
// CHECK:         arith.mulf %[[R2]], %{{.*}} : vector<2xf32>
// CHECK:         arith.addf %[[L2]], %{{.*}} : vector<2xf32>
// CHECK-NOT:     tt.
tt.func @reduce_rows(%p: !tt.ptr<f32>) attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 8 : i32} : tensor<8xi32>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %ptrs = tt.addptr %ps, %r : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  %flat = tt.load %ptrs : tensor<8x!tt.ptr<f32>>
  %x = tt.reshape %flat : tensor<8xf32> -> tensor<2x4xf32>
  %s = tt.combine_reduce(%x) axis = 1 : (tensor<2x4xf32>) -> tensor<2xf32> {
  ^bb0(%a: f32, %b: f32):
    %two = arith.constant 2.0 : f32
    %m = arith.mulf %b, %two : f32
    %c = arith.addf %a, %m : f32
    tt.combine_return %c : f32
  }
  %r2 = tt.make_range {start = 0 : i32, end = 2 : i32} : tensor<2xi32>
  %ps2 = tt.splat %p : !tt.ptr<f32> -> tensor<2x!tt.ptr<f32>>
  %ptrs2 = tt.addptr %ps2, %r2 : tensor<2x!tt.ptr<f32>>, tensor<2xi32>
  tt.store %ptrs2, %s : tensor<2x!tt.ptr<f32>>
  tt.return
}

// -----

// A 1-D pair to scalars: the last step leaves one element of each.
// CHECK-LABEL: func.func private @argmax(
// CHECK:         arith.cmpi sgt, %{{.*}}, %{{.*}} : vector<2xi32>
// CHECK:         arith.select %{{.*}}, %{{.*}}, %{{.*}} : vector<2xi1>, vector<2xi32>
// CHECK:         %[[GT:.*]] = arith.cmpi sgt, %{{.*}}, %{{.*}} : vector<1xi32>
// CHECK:         arith.select %[[GT]], %{{.*}}, %{{.*}} : vector<1xi1>, vector<1xi32>
// CHECK:         %[[I:.*]] = arith.select %[[GT]], %{{.*}}, %{{.*}} : vector<1xi1>, vector<1xi32>
// CHECK:         vector.extract %[[I]][0] : i32 from vector<1xi32>
tt.func @argmax(%p: !tt.ptr<i32>) attributes {block_size = 4 : i32} {
  %idx = tt.make_range {start = 0 : i32, end = 4 : i32} : tensor<4xi32>
  %ps = tt.splat %p : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
  %ptrs = tt.addptr %ps, %idx : tensor<4x!tt.ptr<i32>>, tensor<4xi32>
  %x = tt.load %ptrs : tensor<4x!tt.ptr<i32>>
  %v, %i = tt.combine_reduce(%x, %idx) axis = 0 : (tensor<4xi32>, tensor<4xi32>) -> (i32, i32) {
  ^bb0(%lv: i32, %li: i32, %rv: i32, %ri: i32):
    %gt = arith.cmpi sgt, %lv, %rv : i32
    %mv = arith.select %gt, %lv, %rv : i32
    %mi = arith.select %gt, %li, %ri : i32
    tt.combine_return %mv, %mi : i32, i32
  }
  tt.store %p, %i : !tt.ptr<i32>
  tt.return
}

// -----

// A reverse scan along axis 0 of [2, 2]: the operand in a stack buffer,
// row 1 (offsets [0, 1] + 1 * 2) the start, then a loop over the remaining
// rows in scan order (row 1 - step), each gathered, combined with the
// accumulator as its right operand and scattered into the result's buffer.
// CHECK-LABEL: func.func private @reverse_scan(
// CHECK-DAG:     %[[OUT:.*]] = memref.alloca() : memref<4xi32>
// CHECK-DAG:     %[[IN:.*]] = memref.alloca() : memref<4xi32>
// CHECK:         %[[X:.*]] = vector.load %arg0
// CHECK:         %[[BASE:.*]] = arith.constant dense<[0, 1]> : vector<2xi32>
// CHECK:         vector.store %[[X]], %[[IN]][%{{.*}}] : memref<4xi32>, vector<4xi32>
// CHECK:         %[[LAST:.*]] = arith.constant 1 : i32
// CHECK:         %[[O1:.*]] = arith.muli %[[LAST]], %{{.*}} : i32
// CHECK:         %[[FIRST:.*]] = vector.gather %[[IN]]
// CHECK:         vector.scatter %[[OUT]][%{{.*}}] [%{{.*}}], %{{.*}}, %[[FIRST]]
// CHECK:         scf.for %[[STEP:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[FIRST]]) -> (vector<2xi32>)  : i32 {
// CHECK:           %[[R:.*]] = arith.subi %{{.*}}, %[[STEP]] : i32
// CHECK:           %[[ROW:.*]] = vector.gather %[[IN]]
// CHECK:           %[[NEXT:.*]] = arith.subi %[[ACC]], %[[ROW]] : vector<2xi32>
// CHECK:           vector.scatter %[[OUT]][%{{.*}}] [%{{.*}}], %{{.*}}, %[[NEXT]]
// CHECK:           scf.yield %[[NEXT]] : vector<2xi32>
// CHECK:         %[[Y:.*]] = vector.load %[[OUT]][%{{.*}}] : memref<4xi32>, vector<4xi32>
// CHECK:         vector.store %[[Y]], %arg0
tt.func @reverse_scan(%p: !tt.ptr<i32>) attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 4 : i32} : tensor<4xi32>
  %ps = tt.splat %p : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
  %ptrs = tt.addptr %ps, %r : tensor<4x!tt.ptr<i32>>, tensor<4xi32>
  %flat = tt.load %ptrs : tensor<4x!tt.ptr<i32>>
  %x = tt.reshape %flat : tensor<4xi32> -> tensor<2x2xi32>
  %c = tt.scan(%x) axis = 0 reverse : (tensor<2x2xi32>) -> tensor<2x2xi32> {
  ^bb0(%a: i32, %b: i32):
    %d = arith.subi %a, %b : i32
    tt.combine_return %d : i32
  }
  %y = tt.reshape %c : tensor<2x2xi32> -> tensor<4xi32>
  tt.store %ptrs, %y : tensor<4x!tt.ptr<i32>>
  tt.return
}

// -----

// Along axis 1 of [2, 2]: column r of both rows at offsets [0, 2] + r.
// CHECK-LABEL: func.func private @scan_rows(
// CHECK:         arith.constant dense<[0, 2]> : vector<2xi32>
// CHECK:         scf.for
// CHECK:           arith.addi %{{.*}}, %{{.*}} : vector<2xi32>
tt.func @scan_rows(%p: !tt.ptr<i32>) attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 4 : i32} : tensor<4xi32>
  %ps = tt.splat %p : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
  %ptrs = tt.addptr %ps, %r : tensor<4x!tt.ptr<i32>>, tensor<4xi32>
  %flat = tt.load %ptrs : tensor<4x!tt.ptr<i32>>
  %x = tt.reshape %flat : tensor<4xi32> -> tensor<2x2xi32>
  %c = tt.scan(%x) axis = 1 : (tensor<2x2xi32>) -> tensor<2x2xi32> {
  ^bb0(%a: i32, %b: i32):
    %d = arith.addi %a, %b : i32
    tt.combine_return %d : i32
  }
  %y = tt.reshape %c : tensor<2x2xi32> -> tensor<4xi32>
  tt.store %ptrs, %y : tensor<4x!tt.ptr<i32>>
  tt.return
}
