// Loads and stores of tiled kernels (AccessForms.cpp): offsets that are
// unit-stride along the last dimension are one vector access per row; any
// other offsets go lane by lane through stack buffers, so that neither the
// code nor LLVM's compile time grows with a gather's width. Lane-contiguous
// offsets stay one vector access.
// RUN: mytriton-opt %s --convert-tt-to-vector="bounds-check=false" --canonicalize --cse -split-input-file | FileCheck %s

// x[i, j] at i * stride + j, masked, with `other`: a masked load per row
// from the row's first offset, reading the row's slices of mask and other,
// then the rows joined.
// CHECK-LABEL: func.func private @rows(
// CHECK-SAME:      %[[X:[^:]+]]: memref<?xf32>, %[[XOFF:[^:]+]]: i32,
// CHECK:         %[[MASK:.*]] = vector.shuffle %{{.*}}, %{{.*}} [0, 1, 2, 3, 0, 1, 2, 3] : vector<4xi1>, vector<4xi1>
// CHECK:         %[[OFFS:.*]] = arith.addi %{{.*}}, %{{.*}} : vector<8xi32>
// CHECK:         %[[S0:.*]] = vector.extract %[[OFFS]][0] : i32 from vector<8xi32>
// CHECK:         %[[I0:.*]] = arith.index_cast %[[S0]] : i32 to index
// CHECK:         %[[M0:.*]] = vector.extract_strided_slice %[[MASK]] {offsets = [0], sizes = [4], strides = [1]} : vector<8xi1> to vector<4xi1>
// CHECK:         %[[R0:.*]] = vector.maskedload %[[X]][%[[I0]]], %[[M0]], %[[OTHER:.*]] : memref<?xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
// CHECK:         %[[S1:.*]] = vector.extract %[[OFFS]][4] : i32 from vector<8xi32>
// CHECK:         %[[I1:.*]] = arith.index_cast %[[S1]] : i32 to index
// CHECK:         %[[M1:.*]] = vector.extract_strided_slice %[[MASK]] {offsets = [4], sizes = [4], strides = [1]} : vector<8xi1> to vector<4xi1>
// CHECK:         %[[R1:.*]] = vector.maskedload %[[X]][%[[I1]]], %[[M1]], %[[OTHER]]
// CHECK:         %[[TILE:.*]] = vector.shuffle %[[R0]], %[[R1]] [0, 1, 2, 3, 4, 5, 6, 7] : vector<4xf32>, vector<4xf32>
// CHECK:         vector.extract_strided_slice %[[TILE]] {offsets = [0], sizes = [4], strides = [1]}
// CHECK:         vector.maskedstore
// CHECK:         vector.extract_strided_slice %[[TILE]] {offsets = [4], sizes = [4], strides = [1]}
// CHECK:         vector.maskedstore
// CHECK-NOT:     vector.gather
// CHECK-NOT:     vector.scatter
tt.func @rows(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %stride: i32, %n: i32) attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 2 : i32} : tensor<2xi32>
  %c = tt.make_range {start = 0 : i32, end = 4 : i32} : tensor<4xi32>
  %r2 = tt.expand_dims %r {axis = 1 : i32} : tensor<2xi32> -> tensor<2x1xi32>
  %s = tt.splat %stride : i32 -> tensor<2x1xi32>
  %rs = arith.muli %r2, %s : tensor<2x1xi32>
  %c2 = tt.expand_dims %c {axis = 0 : i32} : tensor<4xi32> -> tensor<1x4xi32>
  %rb = tt.broadcast %rs : tensor<2x1xi32> -> tensor<2x4xi32>
  %cb = tt.broadcast %c2 : tensor<1x4xi32> -> tensor<2x4xi32>
  %off = arith.addi %rb, %cb : tensor<2x4xi32>
  %ns = tt.splat %n : i32 -> tensor<1x4xi32>
  %mc = arith.cmpi slt, %c2, %ns : tensor<1x4xi32>
  %mask = tt.broadcast %mc : tensor<1x4xi1> -> tensor<2x4xi1>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<2x4x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %off : tensor<2x4x!tt.ptr<f32>>, tensor<2x4xi32>
  %other = arith.constant dense<-1.0> : tensor<2x4xf32>
  %v = tt.load %xp, %mask, %other : tensor<2x4x!tt.ptr<f32>>
  %ys = tt.splat %y : !tt.ptr<f32> -> tensor<2x4x!tt.ptr<f32>>
  %yp = tt.addptr %ys, %off : tensor<2x4x!tt.ptr<f32>>, tensor<2x4xi32>
  tt.store %yp, %v, %mask : tensor<2x4x!tt.ptr<f32>>
  tt.return
}

// -----

// x[j, i] (a transposed read: stride along the last dimension): the offsets,
// the mask (as i8) and `other` go to stack buffers at the kernel's entry; a
// loop over the lanes loads the enabled ones; the result is read back.
// CHECK-LABEL: func.func private @lanes(
// CHECK-SAME:      %[[X:[^:]+]]: memref<?xf32>, %[[XOFF:[^:]+]]: i32,
// CHECK-DAG:     %[[OTHERS:.*]] = memref.alloca() : memref<8xf32>
// CHECK-DAG:     %[[OFFSETS:.*]] = memref.alloca() : memref<8xi32>
// CHECK-DAG:     %[[FLAGS:.*]] = memref.alloca() : memref<8xi8>
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant 0 : i8
// CHECK:         vector.store %{{.*}}, %[[OTHERS]][%[[C0]]] : memref<8xf32>, vector<8xf32>
// CHECK:         vector.store %{{.*}}, %[[OFFSETS]][%[[C0]]] : memref<8xi32>, vector<8xi32>
// CHECK:         %[[BYTES:.*]] = arith.extui %{{.*}} : vector<8xi1> to vector<8xi8>
// CHECK:         vector.store %[[BYTES]], %[[FLAGS]][%[[C0]]] : memref<8xi8>, vector<8xi8>
// CHECK:         scf.for %[[LANE:.*]] = %[[C0]] to %[[C8]] step %[[C1]] {
// CHECK:           %[[FLAG:.*]] = memref.load %[[FLAGS]][%[[LANE]]] : memref<8xi8>
// CHECK:           %[[ON:.*]] = arith.cmpi ne, %[[FLAG]], %[[ZERO]] : i8
// CHECK:           scf.if %[[ON]] {
// CHECK:             %[[OFF:.*]] = memref.load %[[OFFSETS]][%[[LANE]]] : memref<8xi32>
// CHECK:             %[[IDX:.*]] = arith.index_cast %[[OFF]] : i32 to index
// CHECK:             %[[E:.*]] = memref.load %[[X]][%[[IDX]]] : memref<?xf32>
// CHECK:             memref.store %[[E]], %[[OTHERS]][%[[LANE]]] : memref<8xf32>
// CHECK:         vector.load %[[OTHERS]][%[[C0]]] : memref<8xf32>, vector<8xf32>
tt.func @lanes(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %n: i32) attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 2 : i32} : tensor<2xi32>
  %c = tt.make_range {start = 0 : i32, end = 4 : i32} : tensor<4xi32>
  %r2 = tt.expand_dims %r {axis = 1 : i32} : tensor<2xi32> -> tensor<2x1xi32>
  %c2 = tt.expand_dims %c {axis = 0 : i32} : tensor<4xi32> -> tensor<1x4xi32>
  %four = arith.constant dense<4> : tensor<1x4xi32>
  %cs = arith.muli %c2, %four : tensor<1x4xi32>
  %rb = tt.broadcast %r2 : tensor<2x1xi32> -> tensor<2x4xi32>
  %cb = tt.broadcast %cs : tensor<1x4xi32> -> tensor<2x4xi32>
  %off = arith.addi %rb, %cb : tensor<2x4xi32>
  %ns = tt.splat %n : i32 -> tensor<2x1xi32>
  %mr = arith.cmpi slt, %r2, %ns : tensor<2x1xi32>
  %mask = tt.broadcast %mr : tensor<2x1xi1> -> tensor<2x4xi1>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<2x4x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %off : tensor<2x4x!tt.ptr<f32>>, tensor<2x4xi32>
  %other = arith.constant dense<-1.0> : tensor<2x4xf32>
  %v = tt.load %xp, %mask, %other : tensor<2x4x!tt.ptr<f32>>
  %flat = tt.reshape %v : tensor<2x4xf32> -> tensor<8xf32>
  %i = tt.make_range {start = 0 : i32, end = 8 : i32} : tensor<8xi32>
  %ys = tt.splat %y : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %yp = tt.addptr %ys, %i : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  tt.store %yp, %flat : tensor<8x!tt.ptr<f32>>
  tt.return
}

// -----

// Column indices times a splat constant 1 (tt.splat of arith.constant) are
// still unit-stride: one load per row, no lane loop.
// CHECK-LABEL: func.func private @splat_constant_stride(
// CHECK-NOT:     scf.for
// CHECK:         vector.load %{{.*}} : memref<?xf32>, vector<4xf32>
// CHECK:         vector.load %{{.*}} : memref<?xf32>, vector<4xf32>
// CHECK-NOT:     scf.for
// CHECK-LABEL: func.func @splat_constant_stride_grid(
tt.func @splat_constant_stride(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %stride: i32) attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 2 : i32} : tensor<2xi32>
  %c = tt.make_range {start = 0 : i32, end = 4 : i32} : tensor<4xi32>
  %r2 = tt.expand_dims %r {axis = 1 : i32} : tensor<2xi32> -> tensor<2x1xi32>
  %s = tt.splat %stride : i32 -> tensor<2x1xi32>
  %rs = arith.muli %r2, %s : tensor<2x1xi32>
  %c2 = tt.expand_dims %c {axis = 0 : i32} : tensor<4xi32> -> tensor<1x4xi32>
  %one = arith.constant 1 : i32
  %ones = tt.splat %one : i32 -> tensor<1x4xi32>
  %c1 = arith.muli %c2, %ones : tensor<1x4xi32>
  %rb = tt.broadcast %rs : tensor<2x1xi32> -> tensor<2x4xi32>
  %cb = tt.broadcast %c1 : tensor<1x4xi32> -> tensor<2x4xi32>
  %off = arith.addi %rb, %cb : tensor<2x4xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<2x4x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %off : tensor<2x4x!tt.ptr<f32>>, tensor<2x4xi32>
  %v = tt.load %xp : tensor<2x4x!tt.ptr<f32>>
  %flat = tt.reshape %v : tensor<2x4xf32> -> tensor<8xf32>
  %i = tt.make_range {start = 0 : i32, end = 8 : i32} : tensor<8xi32>
  %ys = tt.splat %y : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %yp = tt.addptr %ys, %i : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  tt.store %yp, %flat : tensor<8x!tt.ptr<f32>>
  tt.return
}
