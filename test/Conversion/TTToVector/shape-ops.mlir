// Tiled kernels on the CPU: every tensor is one flat vector of its elements
// in row-major order, so expand_dims/reshape/convert_layout are the same
// vector, broadcast and trans are one vector.shuffle, and a reduction along
// an axis is a tree of elementwise combines that halves the axis each step.
// RUN: mytriton-opt %s --convert-tt-to-vector="bounds-check=false" -split-input-file | FileCheck %s

// A 2-D tensor of pointers keeps its buffer and flattens its offsets; the
// expand_dims of a make_range is the range itself, and its broadcasts read
// element i of the column (or j of the row) for result element (i, j).
// CHECK-LABEL: func.func private @broadcast_offsets(
// CHECK-SAME:      %[[BUF:[^:]+]]: memref<?xf32>, %[[OFF:[^:]+]]: i32,
// CHECK-DAG:     %[[ROWS:.*]] = arith.constant dense<[0, 1]> : vector<2xi32>
// CHECK-DAG:     %[[COLS:.*]] = arith.constant dense<[0, 1, 2, 3]> : vector<4xi32>
// CHECK:         %[[RB:.*]] = vector.shuffle %[[ROWS]], %[[ROWS]] [0, 0, 0, 0, 1, 1, 1, 1] : vector<2xi32>, vector<2xi32>
// CHECK:         %[[CB:.*]] = vector.shuffle %[[COLS]], %[[COLS]] [0, 1, 2, 3, 0, 1, 2, 3] : vector<4xi32>, vector<4xi32>
// CHECK:         %[[SUM:.*]] = arith.addi %[[RB]], %[[CB]] : vector<8xi32>
// CHECK:         %[[BASE:.*]] = vector.broadcast %[[OFF]] : i32 to vector<8xi32>
// CHECK:         %[[PTRS:.*]] = arith.addi %[[BASE]], %[[SUM]] : vector<8xi32>
// Unit stride along rows: one store per row, at the row's first offset.
// CHECK:         %[[V:.*]] = arith.constant dense<1.000000e+00> : vector<8xf32>
// CHECK:         %[[S0:.*]] = vector.extract %[[PTRS]][0] : i32 from vector<8xi32>
// CHECK:         %[[I0:.*]] = arith.index_cast %[[S0]] : i32 to index
// CHECK:         %[[R0:.*]] = vector.extract_strided_slice %[[V]] {offsets = [0], sizes = [4], strides = [1]} : vector<8xf32> to vector<4xf32>
// CHECK:         vector.store %[[R0]], %[[BUF]][%[[I0]]] : memref<?xf32>, vector<4xf32>
// CHECK:         %[[S1:.*]] = vector.extract %[[PTRS]][4] : i32 from vector<8xi32>
// CHECK:         %[[I1:.*]] = arith.index_cast %[[S1]] : i32 to index
// CHECK:         %[[R1:.*]] = vector.extract_strided_slice %[[V]] {offsets = [4], sizes = [4], strides = [1]} : vector<8xf32> to vector<4xf32>
// CHECK:         vector.store %[[R1]], %[[BUF]][%[[I1]]] : memref<?xf32>, vector<4xf32>
tt.func @broadcast_offsets(%p: !tt.ptr<f32>) attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 2 : i32} : tensor<2xi32>
  %c = tt.make_range {start = 0 : i32, end = 4 : i32} : tensor<4xi32>
  %r2 = tt.expand_dims %r {axis = 1 : i32} : tensor<2xi32> -> tensor<2x1xi32>
  %c2 = tt.expand_dims %c {axis = 0 : i32} : tensor<4xi32> -> tensor<1x4xi32>
  %rb = tt.broadcast %r2 : tensor<2x1xi32> -> tensor<2x4xi32>
  %cb = tt.broadcast %c2 : tensor<1x4xi32> -> tensor<2x4xi32>
  %off = arith.addi %rb, %cb : tensor<2x4xi32>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<2x4x!tt.ptr<f32>>
  %pp = tt.addptr %ps, %off : tensor<2x4x!tt.ptr<f32>>, tensor<2x4xi32>
  %v = arith.constant dense<1.0> : tensor<2x4xf32>
  tt.store %pp, %v : tensor<2x4x!tt.ptr<f32>>
  tt.return
}

// -----

// A broadcast of a pointer tensor moves its offsets; a one-element operand is
// a splat; tt.trans of [2, 4] reads element (i, j) for result (j, i); a
// [1, N] or [N, 1] transpose and a reshape keep the vector.
// CHECK-LABEL: func.func private @trans_and_pointer_broadcast(
// CHECK-SAME:      %[[BUF:[^:]+]]: memref<?xi32>, %[[OFF:[^:]+]]: i32,
// CHECK:         %[[ONE:.*]] = vector.broadcast %[[OFF]] : i32 to vector<1xi32>
// CHECK:         %[[E:.*]] = vector.extract %[[ONE]][0] : i32 from vector<1xi32>
// CHECK:         %[[SPLAT:.*]] = vector.broadcast %[[E]] : i32 to vector<8xi32>
// CHECK:         %[[RANGE:.*]] = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7]> : vector<8xi32>
// CHECK:         %[[T:.*]] = vector.shuffle %[[RANGE]], %[[RANGE]] [0, 4, 1, 5, 2, 6, 3, 7] : vector<8xi32>, vector<8xi32>
// CHECK:         %[[PTRS:.*]] = arith.addi %[[SPLAT]], %[[T]] : vector<8xi32>
// Transposed offsets: stored lane by lane (see access-forms.mlir).
// CHECK:         vector.store %[[T]], %{{.*}}[%{{.*}}] : memref<8xi32>, vector<8xi32>
// CHECK:         vector.store %[[PTRS]], %{{.*}}[%{{.*}}] : memref<8xi32>, vector<8xi32>
// CHECK:         scf.for
// CHECK-NOT:     vector.shuffle
// CHECK:         vector.store %[[RANGE]], %[[BUF]][%{{.*}}] : memref<?xi32>, vector<8xi32>
tt.func @trans_and_pointer_broadcast(%p: !tt.ptr<i32>) attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  %ps = tt.splat %p : !tt.ptr<i32> -> tensor<1x1x!tt.ptr<i32>>
  %pb = tt.broadcast %ps : tensor<1x1x!tt.ptr<i32>> -> tensor<4x2x!tt.ptr<i32>>
  %r = tt.make_range {start = 0 : i32, end = 8 : i32} : tensor<8xi32>
  %r2 = tt.reshape %r : tensor<8xi32> -> tensor<2x4xi32>
  %t = tt.trans %r2 : tensor<2x4xi32> -> tensor<4x2xi32>
  %pp = tt.addptr %pb, %t : tensor<4x2x!tt.ptr<i32>>, tensor<4x2xi32>
  tt.store %pp, %t : tensor<4x2x!tt.ptr<i32>>
  %row = tt.reshape %r : tensor<8xi32> -> tensor<1x8xi32>
  %col = tt.trans %row : tensor<1x8xi32> -> tensor<8x1xi32>
  %flat = tt.reshape %col : tensor<8x1xi32> -> tensor<8xi32>
  %ps8 = tt.splat %p : !tt.ptr<i32> -> tensor<8x!tt.ptr<i32>>
  %pp8 = tt.addptr %ps8, %flat : tensor<8x!tt.ptr<i32>>, tensor<8xi32>
  tt.store %pp8, %flat : tensor<8x!tt.ptr<i32>>
  tt.return
}

// -----

// Along axis 0 of [4, 2] (flat [outer 1, 4, inner 2]) each step combines the
// first and second half of the rows: contiguous slices. Along axis 1 of
// [2, 4] the halves of each row are interleaved: shuffles. f32 max/min use
// maxnumf/minnumf (NaN only when both are), sums addf/addi.
// CHECK-LABEL: func.func private @reduce_axes(
// CHECK:         %[[X:.*]] = vector.load %{{.*}} : memref<?xf32>, vector<8xf32>
// CHECK:         %[[LO:.*]] = vector.extract_strided_slice %[[X]] {offsets = [0], sizes = [4], strides = [1]} : vector<8xf32> to vector<4xf32>
// CHECK:         %[[HI:.*]] = vector.extract_strided_slice %[[X]] {offsets = [4], sizes = [4], strides = [1]} : vector<8xf32> to vector<4xf32>
// CHECK:         %[[M1:.*]] = arith.maxnumf %[[LO]], %[[HI]] : vector<4xf32>
// CHECK:         %[[LO2:.*]] = vector.extract_strided_slice %[[M1]] {offsets = [0], sizes = [2], strides = [1]} : vector<4xf32> to vector<2xf32>
// CHECK:         %[[HI2:.*]] = vector.extract_strided_slice %[[M1]] {offsets = [2], sizes = [2], strides = [1]} : vector<4xf32> to vector<2xf32>
// CHECK:         %[[COLMAX:.*]] = arith.maxnumf %[[LO2]], %[[HI2]] : vector<2xf32>
// CHECK:         %[[A:.*]] = vector.shuffle %[[X]], %[[X]] [0, 1, 4, 5] : vector<8xf32>, vector<8xf32>
// CHECK:         %[[B:.*]] = vector.shuffle %[[X]], %[[X]] [2, 3, 6, 7] : vector<8xf32>, vector<8xf32>
// CHECK:         %[[S1:.*]] = arith.addf %[[A]], %[[B]] : vector<4xf32>
// CHECK:         %[[C:.*]] = vector.shuffle %[[S1]], %[[S1]] [0, 2] : vector<4xf32>, vector<4xf32>
// CHECK:         %[[D:.*]] = vector.shuffle %[[S1]], %[[S1]] [1, 3] : vector<4xf32>, vector<4xf32>
// CHECK:         %[[ROWSUM:.*]] = arith.addf %[[C]], %[[D]] : vector<2xf32>
// CHECK:         %[[I:.*]] = arith.fptosi %[[X]] : vector<8xf32> to vector<8xi32>
// CHECK:         %[[ILO:.*]] = vector.extract_strided_slice %[[I]] {offsets = [0], sizes = [4], strides = [1]}
// CHECK:         %[[IHI:.*]] = vector.extract_strided_slice %[[I]] {offsets = [4], sizes = [4], strides = [1]}
// CHECK:         arith.minsi %[[ILO]], %[[IHI]] : vector<4xi32>
// CHECK:         %[[WHOLE:.*]] = vector.reduction <add>, %[[ROWSUM]] fastmath<reassoc> : vector<2xf32> into f32
tt.func @reduce_axes(%p: !tt.ptr<f32>, %q: !tt.ptr<i32>) attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 8 : i32} : tensor<8xi32>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %pp = tt.addptr %ps, %r : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  %flat = tt.load %pp : tensor<8x!tt.ptr<f32>>
  %x = tt.reshape %flat : tensor<8xf32> -> tensor<4x2xf32>
  %colmax = tt.reduce max %x {axis = 0 : i32} : tensor<4x2xf32> -> tensor<2xf32>
  %y = tt.reshape %flat : tensor<8xf32> -> tensor<2x4xf32>
  %rowsum = tt.reduce sum %y {axis = 1 : i32} : tensor<2x4xf32> -> tensor<2xf32>
  %i = arith.fptosi %x : tensor<4x2xf32> to tensor<4x2xi32>
  %colmin = tt.reduce min %i {axis = 0 : i32} : tensor<4x2xi32> -> tensor<2xi32>
  %whole = tt.reduce sum %rowsum : tensor<2xf32> -> f32
  %r2 = tt.make_range {start = 0 : i32, end = 2 : i32} : tensor<2xi32>
  %ps2 = tt.splat %p : !tt.ptr<f32> -> tensor<2x!tt.ptr<f32>>
  %pp2 = tt.addptr %ps2, %r2 : tensor<2x!tt.ptr<f32>>, tensor<2xi32>
  %both = arith.addf %colmax, %rowsum : tensor<2xf32>
  tt.store %pp2, %both : tensor<2x!tt.ptr<f32>>
  %qs = tt.splat %q : !tt.ptr<i32> -> tensor<2x!tt.ptr<i32>>
  %qp = tt.addptr %qs, %r2 : tensor<2x!tt.ptr<i32>>, tensor<2xi32>
  tt.store %qp, %colmin : tensor<2x!tt.ptr<i32>>
  tt.store %p, %whole : !tt.ptr<f32>
  tt.return
}

// -----

// A tensor that carries a layout is the same flat vector (the CPU ignores
// encodings), and tt.convert_layout keeps it.
#blocked = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>
#other = #tt.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
// CHECK-LABEL: func.func private @layouts_ignored(
// CHECK-NOT:     vector.shuffle
// CHECK:         vector.store %{{.*}}, %{{.*}}[%{{.*}}] : memref<128xf32>, vector<128xf32>
tt.func @layouts_ignored(%p: !tt.ptr<f32>) attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  %v = arith.constant dense<2.0> : tensor<8x16xf32, #blocked>
  %w = tt.convert_layout %v : tensor<8x16xf32, #blocked> -> tensor<8x16xf32, #other>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<8x16x!tt.ptr<f32>, #other>
  tt.store %ps, %w : tensor<8x16x!tt.ptr<f32>, #other>
  tt.return
}
