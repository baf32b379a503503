// The tt folds on element types other than f32 and i32, firing where the
// result is the same, and not firing where it would not be.
// RUN: mytriton-opt %s -split-input-file --tt-optimize | FileCheck %s

// An i32 and an i64 offset each sign-extend on their own: the chain stays
// (adding them would need a cast), while two i64 offsets combine.
// CHECK-LABEL: tt.func @addptr_chain_mixed_offsets
// CHECK-SAME:    (%[[P:.*]]: !tt.ptr<f16>, %[[I:.*]]: i32, %[[J:.*]]: i64)
// CHECK:         %[[A:.*]] = tt.addptr %[[P]], %[[I]] : !tt.ptr<f16>, i32
// CHECK:         %[[B:.*]] = tt.addptr %[[A]], %[[J]] : !tt.ptr<f16>, i64
// CHECK:         tt.load %[[B]]
tt.func @addptr_chain_mixed_offsets(%p: !tt.ptr<f16>, %i: i32, %j: i64) attributes {block_size = 1 : i32} {
  %a = tt.addptr %p, %i : !tt.ptr<f16>, i32
  %b = tt.addptr %a, %j : !tt.ptr<f16>, i64
  %v = tt.load %b : !tt.ptr<f16>
  tt.store %p, %v : !tt.ptr<f16>
  tt.return
}

// -----

// CHECK-LABEL: tt.func @addptr_chain_i64
// CHECK-SAME:    (%[[P:.*]]: !tt.ptr<f64>)
// CHECK:         %[[C:.*]] = arith.constant 7 : i64
// CHECK:         %[[Q:.*]] = tt.addptr %[[P]], %[[C]] : !tt.ptr<f64>, i64
// CHECK-NOT:     tt.addptr
tt.func @addptr_chain_i64(%p: !tt.ptr<f64>) attributes {block_size = 1 : i32} {
  %c3 = arith.constant 3 : i64
  %c4 = arith.constant 4 : i64
  %a = tt.addptr %p, %c3 : !tt.ptr<f64>, i64
  %b = tt.addptr %a, %c4 : !tt.ptr<f64>, i64
  %v = tt.load %b : !tt.ptr<f64>
  tt.store %p, %v : !tt.ptr<f64>
  tt.return
}

// -----

// A sum of 64 splat copies is x * 64 in the operand's own type (the doubling
// tree is exact until it overflows, as the product does); i8 wraps.
// CHECK-LABEL: tt.func @reduce_of_splat_narrow
// CHECK-SAME:    (%[[P:.*]]: !tt.ptr<f16>, %[[Q:.*]]: !tt.ptr<i8>, %[[X:.*]]: f16, %[[I:.*]]: i8)
// CHECK-DAG:     %[[N:.*]] = arith.constant 6.400000e+01 : f16
// CHECK-DAG:     %[[NI:.*]] = arith.constant 64 : i8
// CHECK-NOT:     tt.reduce
// CHECK:         %[[S:.*]] = arith.mulf %[[X]], %[[N]] : f16
// CHECK:         tt.store %[[P]], %[[S]]
// CHECK:         %[[SI:.*]] = arith.muli %[[I]], %[[NI]] : i8
// CHECK:         tt.store %[[Q]], %[[SI]]
tt.func @reduce_of_splat_narrow(%p: !tt.ptr<f16>, %q: !tt.ptr<i8>, %x: f16, %i: i8) attributes {block_size = 64 : i32} {
  %v = tt.splat %x : f16 -> tensor<64xf16>
  %s = tt.reduce sum %v : tensor<64xf16> -> f16
  tt.store %p, %s : !tt.ptr<f16>
  %vi = tt.splat %i : i8 -> tensor<64xi8>
  %si = tt.reduce sum %vi : tensor<64xi8> -> i8
  tt.store %q, %si : !tt.ptr<i8>
  tt.return
}

// -----

// A bf16 constant sum folds by the halving tree in bf16: (256 + 1) + (1 + 1)
// rounds 257 to 256 first, so the fold gives 258, not 259 (bf16 has 8 bits
// of significand).
// CHECK-LABEL: tt.func @reduce_of_constant_bf16
// CHECK:         %[[S:.*]] = arith.constant 2.580000e+02 : bf16
// CHECK-NOT:     tt.reduce
// CHECK:         tt.store %{{.*}}, %[[S]]
tt.func @reduce_of_constant_bf16(%p: !tt.ptr<bf16>) attributes {block_size = 4 : i32} {
  %v = arith.constant dense<[256.0, 1.0, 1.0, 1.0]> : tensor<4xbf16>
  %s = tt.reduce sum %v : tensor<4xbf16> -> bf16
  tt.store %p, %s : !tt.ptr<bf16>
  tt.return
}

// -----

// Along an axis, a splat of more than 2 float copies keeps its reduction in
// every float type (the lowerings add a thread's registers one at a time).
// CHECK-LABEL: tt.func @axis_reduce_of_splat_f64
// CHECK:         tt.reduce sum
tt.func @axis_reduce_of_splat_f64(%p: !tt.ptr<f64>, %x: f64) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %v = tt.splat %x : f64 -> tensor<8x16xf64>
  %s = tt.reduce sum %v {axis = 1 : i32} : tensor<8x16xf64> -> tensor<8xf64>
  %r = tt.reduce max %s : tensor<8xf64> -> f64
  tt.store %p, %r : !tt.ptr<f64>
  tt.return
}
