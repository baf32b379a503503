// Folders and canonicalization patterns of the shape ops (expand_dims,
// broadcast, reshape, trans) and of reductions along an axis: each firing,
// and kept where it must not fire.
// RUN: mytriton-opt %s -split-input-file -canonicalize | FileCheck %s

// The shape ops of a splat are splats of the scalar.
// CHECK-LABEL: tt.func @shape_of_splat
// CHECK-SAME:    (%[[P:.*]]: !tt.ptr<f32>, %[[X:.*]]: f32)
// CHECK-NOT:     tt.expand_dims
// CHECK-NOT:     tt.broadcast
// CHECK-NOT:     tt.reshape
// CHECK-NOT:     tt.trans
// CHECK-DAG:     %[[E:.*]] = tt.splat %[[X]] : f32 -> tensor<32x1xf32>
// CHECK-DAG:     %[[B:.*]] = tt.splat %[[X]] : f32 -> tensor<32x64xf32>
// CHECK-DAG:     %[[R:.*]] = tt.splat %[[X]] : f32 -> tensor<2048xf32>
// CHECK-DAG:     %[[T:.*]] = tt.splat %[[X]] : f32 -> tensor<64x32xf32>
// CHECK-DAG:     tt.store %{{.*}}, %[[E]] : tensor<32x1x!tt.ptr<f32>>
// CHECK-DAG:     tt.store %{{.*}}, %[[B]] : tensor<32x64x!tt.ptr<f32>>
// CHECK-DAG:     tt.store %{{.*}}, %[[R]] : tensor<2048x!tt.ptr<f32>>
// CHECK-DAG:     tt.store %{{.*}}, %[[T]] : tensor<64x32x!tt.ptr<f32>>
tt.func @shape_of_splat(%p: !tt.ptr<f32>, %x: f32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %v = tt.splat %x : f32 -> tensor<32xf32>
  %e = tt.expand_dims %v {axis = 1 : i32} : tensor<32xf32> -> tensor<32x1xf32>
  %b = tt.broadcast %e : tensor<32x1xf32> -> tensor<32x64xf32>
  %r = tt.reshape %b : tensor<32x64xf32> -> tensor<2048xf32>
  %t = tt.trans %b : tensor<32x64xf32> -> tensor<64x32xf32>
  %pe = tt.splat %p : !tt.ptr<f32> -> tensor<32x1x!tt.ptr<f32>>
  %pb = tt.splat %p : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>>
  %pr = tt.splat %p : !tt.ptr<f32> -> tensor<2048x!tt.ptr<f32>>
  %pt = tt.splat %p : !tt.ptr<f32> -> tensor<64x32x!tt.ptr<f32>>
  tt.store %pe, %e : tensor<32x1x!tt.ptr<f32>>
  tt.store %pb, %b : tensor<32x64x!tt.ptr<f32>>
  tt.store %pr, %r : tensor<2048x!tt.ptr<f32>>
  tt.store %pt, %t : tensor<64x32x!tt.ptr<f32>>
  tt.return
}

// -----

// Of values that are not splats, the shape ops stay; a broadcast of an
// expand_dims is not a broadcast of a broadcast, and a single trans stays.
// CHECK-LABEL: tt.func @shape_of_load
// CHECK:         %[[V:.*]] = tt.load
// CHECK:         %[[E:.*]] = tt.expand_dims %[[V]]
// CHECK:         %[[B:.*]] = tt.broadcast %[[E]]
// CHECK:         tt.reshape %[[B]]
// CHECK:         tt.trans %[[B]]
tt.func @shape_of_load(%p: !tt.ptr<f32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
  %v = tt.load %ps : tensor<32x!tt.ptr<f32>>
  %e = tt.expand_dims %v {axis = 1 : i32} : tensor<32xf32> -> tensor<32x1xf32>
  %b = tt.broadcast %e : tensor<32x1xf32> -> tensor<32x64xf32>
  %r = tt.reshape %b : tensor<32x64xf32> -> tensor<2048xf32>
  %t = tt.trans %b : tensor<32x64xf32> -> tensor<64x32xf32>
  %pr = tt.splat %p : !tt.ptr<f32> -> tensor<2048x!tt.ptr<f32>>
  %pt = tt.splat %p : !tt.ptr<f32> -> tensor<64x32x!tt.ptr<f32>>
  tt.store %pr, %r : tensor<2048x!tt.ptr<f32>>
  tt.store %pt, %t : tensor<64x32x!tt.ptr<f32>>
  tt.return
}

// -----

// broadcast(broadcast x) broadcasts x once; trans(trans x) is x.
// CHECK-LABEL: tt.func @broadcast_and_trans_chains
// CHECK:         %[[V:.*]] = tt.load %{{.*}} : tensor<1x1x!tt.ptr<f32>>
// CHECK-NEXT:    %[[B:.*]] = tt.broadcast %[[V]] : tensor<1x1xf32> -> tensor<32x64xf32>
// CHECK-NOT:     tt.broadcast
// CHECK-NOT:     tt.trans
// CHECK:         tt.store %{{.*}}, %[[B]] : tensor<32x64x!tt.ptr<f32>>
tt.func @broadcast_and_trans_chains(%p: !tt.ptr<f32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<1x1x!tt.ptr<f32>>
  %v = tt.load %ps : tensor<1x1x!tt.ptr<f32>>
  %b1 = tt.broadcast %v : tensor<1x1xf32> -> tensor<1x64xf32>
  %b2 = tt.broadcast %b1 : tensor<1x64xf32> -> tensor<32x64xf32>
  %t1 = tt.trans %b2 : tensor<32x64xf32> -> tensor<64x32xf32>
  %t2 = tt.trans %t1 : tensor<64x32xf32> -> tensor<32x64xf32>
  %pb = tt.splat %p : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>>
  tt.store %pb, %t2 : tensor<32x64x!tt.ptr<f32>>
  tt.return
}

// -----

// trans(trans x) is x only when it returns to x's type: here x has a
// layout and the transposes none, so both stay.
#b = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func @trans_chain_other_type
// CHECK:         %[[T1:.*]] = tt.trans %{{.*}} : tensor<32x64xf32, #{{.*}}> -> tensor<64x32xf32>
// CHECK:         tt.trans %[[T1]] : tensor<64x32xf32> -> tensor<32x64xf32>
tt.func @trans_chain_other_type(%p: !tt.ptr<f32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>, #b>
  %v = tt.load %ps : tensor<32x64x!tt.ptr<f32>, #b>
  %t1 = tt.trans %v : tensor<32x64xf32, #b> -> tensor<64x32xf32>
  %t2 = tt.trans %t1 : tensor<64x32xf32> -> tensor<32x64xf32>
  %po = tt.splat %p : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>>
  tt.store %po, %t2 : tensor<32x64x!tt.ptr<f32>>
  tt.return
}

// -----

// Dense constants fold through every shape op, element for element.
// CHECK-LABEL: tt.func @constant_shapes
// CHECK-DAG:     arith.constant dense<{{\[}}[0], [1], [2], [3]]> : tensor<4x1xi32>
// CHECK-DAG:     arith.constant dense<{{\[}}[0, 1, 2, 3], [0, 1, 2, 3]]> : tensor<2x4xi32>
// CHECK-DAG:     arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
// CHECK-DAG:     arith.constant dense<{{\[}}[1, 3], [2, 4]]> : tensor<2x2xi32>
// CHECK-DAG:     arith.constant dense<7> : tensor<256x64xi32>
// CHECK-NOT:     tt.expand_dims
// CHECK-NOT:     tt.broadcast
// CHECK-NOT:     tt.reshape
// CHECK-NOT:     tt.trans
tt.func @constant_shapes(%p: !tt.ptr<i32>) attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  %r = arith.constant dense<[0, 1, 2, 3]> : tensor<4xi32>
  %e = tt.expand_dims %r {axis = 1 : i32} : tensor<4xi32> -> tensor<4x1xi32>
  %row = arith.constant dense<[[0, 1, 2, 3]]> : tensor<1x4xi32>
  %b = tt.broadcast %row : tensor<1x4xi32> -> tensor<2x4xi32>
  %m = arith.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %f = tt.reshape %m : tensor<2x2xi32> -> tensor<4xi32>
  %t = tt.trans %m : tensor<2x2xi32> -> tensor<2x2xi32>
  %s = arith.constant dense<7> : tensor<256x1xi32>
  %sb = tt.broadcast %s : tensor<256x1xi32> -> tensor<256x64xi32>
  %p41 = tt.splat %p : !tt.ptr<i32> -> tensor<4x1x!tt.ptr<i32>>
  tt.store %p41, %e : tensor<4x1x!tt.ptr<i32>>
  %p24 = tt.splat %p : !tt.ptr<i32> -> tensor<2x4x!tt.ptr<i32>>
  tt.store %p24, %b : tensor<2x4x!tt.ptr<i32>>
  %p4 = tt.splat %p : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
  tt.store %p4, %f : tensor<4x!tt.ptr<i32>>
  %p22 = tt.splat %p : !tt.ptr<i32> -> tensor<2x2x!tt.ptr<i32>>
  tt.store %p22, %t : tensor<2x2x!tt.ptr<i32>>
  %pl = tt.splat %p : !tt.ptr<i32> -> tensor<256x64x!tt.ptr<i32>>
  tt.store %pl, %sb : tensor<256x64x!tt.ptr<i32>>
  tt.return
}

// -----

// A broadcast of a constant that is not a splat into more than 4096
// elements stays an op rather than a large attribute.
// CHECK-LABEL: tt.func @large_constant_broadcast
// CHECK:         tt.broadcast %{{.*}} : tensor<1x64xi32> -> tensor<128x64xi32>
tt.func @large_constant_broadcast(%p: !tt.ptr<i32>) attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  %row = arith.constant dense<[[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63]]> : tensor<1x64xi32>
  %b = tt.broadcast %row : tensor<1x64xi32> -> tensor<128x64xi32>
  %pl = tt.splat %p : !tt.ptr<i32> -> tensor<128x64x!tt.ptr<i32>>
  tt.store %pl, %b : tensor<128x64x!tt.ptr<i32>>
  tt.return
}

// -----

// Reductions along an axis of a splat x: max and min are x, an i32 sum is
// x * extent (wrapping), an f32 sum of 2 copies is x * 2; an f32 sum of
// more copies stays, since the lowering's order of adds rounds.
// CHECK-LABEL: tt.func @axis_reduce_of_splat
// CHECK-SAME:    (%[[P:.*]]: !tt.ptr<f32>, %[[Q:.*]]: !tt.ptr<i32>, %[[X:.*]]: f32, %[[I:.*]]: i32)
// CHECK-DAG:     %[[C64:.*]] = arith.constant 64 : i32
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2.000000e+00 : f32
// CHECK-DAG:     %[[MX:.*]] = tt.splat %[[X]] : f32 -> tensor<32xf32>
// CHECK-DAG:     %[[MN:.*]] = tt.splat %[[X]] : f32 -> tensor<64xf32>
// CHECK-DAG:     %[[IS:.*]] = arith.muli %[[I]], %[[C64]] : i32
// CHECK-DAG:     %[[SI:.*]] = tt.splat %[[IS]] : i32 -> tensor<32xi32>
// CHECK-DAG:     %[[FS:.*]] = arith.mulf %[[X]], %[[C2]] : f32
// CHECK-DAG:     %[[SF:.*]] = tt.splat %[[FS]] : f32 -> tensor<64xf32>
// CHECK-DAG:     %[[V:.*]] = tt.splat %[[X]] : f32 -> tensor<32x64xf32>
// CHECK-DAG:     %[[KEPT:.*]] = tt.reduce sum %[[V]] {axis = 1 : i32} : tensor<32x64xf32> -> tensor<32xf32>
// CHECK-DAG:     tt.store %{{.*}}, %[[MX]]
// CHECK-DAG:     tt.store %{{.*}}, %[[MN]]
// CHECK-DAG:     tt.store %{{.*}}, %[[SI]]
// CHECK-DAG:     tt.store %{{.*}}, %[[SF]]
// CHECK-DAG:     tt.store %{{.*}}, %[[KEPT]]
tt.func @axis_reduce_of_splat(%p: !tt.ptr<f32>, %q: !tt.ptr<i32>, %x: f32, %i: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %v = tt.splat %x : f32 -> tensor<32x64xf32>
  %mx = tt.reduce max %v {axis = 1 : i32} : tensor<32x64xf32> -> tensor<32xf32>
  %mn = tt.reduce min %v {axis = 0 : i32} : tensor<32x64xf32> -> tensor<64xf32>
  %vi = tt.splat %i : i32 -> tensor<32x64xi32>
  %si = tt.reduce sum %vi {axis = 1 : i32} : tensor<32x64xi32> -> tensor<32xi32>
  %v2 = tt.splat %x : f32 -> tensor<2x64xf32>
  %sf = tt.reduce sum %v2 {axis = 0 : i32} : tensor<2x64xf32> -> tensor<64xf32>
  %kept = tt.reduce sum %v {axis = 1 : i32} : tensor<32x64xf32> -> tensor<32xf32>
  %p32 = tt.splat %p : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
  %p64 = tt.splat %p : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %q32 = tt.splat %q : !tt.ptr<i32> -> tensor<32x!tt.ptr<i32>>
  tt.store %p32, %mx : tensor<32x!tt.ptr<f32>>
  tt.store %p64, %mn : tensor<64x!tt.ptr<f32>>
  tt.store %q32, %si : tensor<32x!tt.ptr<i32>>
  tt.store %p64, %sf : tensor<64x!tt.ptr<f32>>
  tt.store %p32, %kept : tensor<32x!tt.ptr<f32>>
  tt.return
}

// -----

// The same for splat constants: 2147483647 * 8 wraps to -8 as the i32 adds
// do; 0.1 + 0.1 folds, eight 0.1s added in some order do not.
// CHECK-LABEL: tt.func @axis_reduce_of_constant
// CHECK-DAG:     %[[I:.*]] = arith.constant dense<-8> : tensor<2xi32>
// CHECK-DAG:     %[[M:.*]] = arith.constant dense<5> : tensor<8xi32>
// CHECK-DAG:     %[[F:.*]] = arith.constant dense<2.000000e-01> : tensor<8xf32>
// CHECK-DAG:     %[[C:.*]] = arith.constant dense<1.000000e-01> : tensor<4x8xf32>
// CHECK-DAG:     %[[KEPT:.*]] = tt.reduce sum %[[C]] {axis = 1 : i32}
// CHECK-DAG:     tt.store %{{.*}}, %[[I]]
// CHECK-DAG:     tt.store %{{.*}}, %[[M]]
// CHECK-DAG:     tt.store %{{.*}}, %[[F]]
// CHECK-DAG:     tt.store %{{.*}}, %[[KEPT]]
tt.func @axis_reduce_of_constant(%p: !tt.ptr<f32>, %q: !tt.ptr<i32>) attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  %big = arith.constant dense<2147483647> : tensor<2x8xi32>
  %i = tt.reduce sum %big {axis = 1 : i32} : tensor<2x8xi32> -> tensor<2xi32>
  %five = arith.constant dense<5> : tensor<2x8xi32>
  %m = tt.reduce min %five {axis = 0 : i32} : tensor<2x8xi32> -> tensor<8xi32>
  %tenth = arith.constant dense<0.1> : tensor<2x8xf32>
  %f = tt.reduce sum %tenth {axis = 0 : i32} : tensor<2x8xf32> -> tensor<8xf32>
  %tenths = arith.constant dense<0.1> : tensor<4x8xf32>
  %kept = tt.reduce sum %tenths {axis = 1 : i32} : tensor<4x8xf32> -> tensor<4xf32>
  %q2 = tt.splat %q : !tt.ptr<i32> -> tensor<2x!tt.ptr<i32>>
  %q8 = tt.splat %q : !tt.ptr<i32> -> tensor<8x!tt.ptr<i32>>
  %p8 = tt.splat %p : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %p4 = tt.splat %p : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  tt.store %q2, %i : tensor<2x!tt.ptr<i32>>
  tt.store %q8, %m : tensor<8x!tt.ptr<i32>>
  tt.store %p8, %f : tensor<8x!tt.ptr<f32>>
  tt.store %p4, %kept : tensor<4x!tt.ptr<f32>>
  tt.return
}
