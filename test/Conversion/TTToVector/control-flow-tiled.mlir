// Loops of tiled kernels: a 2-D accumulator and a 2-D pointer tile carried
// through scf.for as flat vectors. The tile advanced by a splat keeps the
// row form of its init (AccessForms.cpp's fixpoint): one masked vector load
// per row from the carried offsets; one advanced by a tensor that varies
// along the rows does not, and goes lane by lane.
// RUN: mytriton-opt %s --convert-tt-to-vector=bounds-check=false --canonicalize --cse -split-input-file | FileCheck %s

// CHECK-LABEL: func.func private @column_sums(
// CHECK-SAME:      %[[X:[^:]+]]: memref<?xf32>, %[[XOFF:[^:]+]]: i32,
// No stack buffers for a lane-by-lane access.
// CHECK-NOT:     memref.alloca
// CHECK:         %[[R:.*]]:2 = scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[P:.*]] = %{{.*}}) -> (vector<8xf32>, vector<8xi32>) : i32 {
// CHECK:           %[[S0:.*]] = vector.extract %[[P]][0] : i32 from vector<8xi32>
// CHECK:           %[[I0:.*]] = arith.index_cast %[[S0]] : i32 to index
// CHECK:           %[[R0:.*]] = vector.maskedload %[[X]][%[[I0]]], %{{.*}}, %{{.*}} : memref<?xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
// CHECK:           %[[S1:.*]] = vector.extract %[[P]][4] : i32 from vector<8xi32>
// CHECK:           %[[I1:.*]] = arith.index_cast %[[S1]] : i32 to index
// CHECK:           %[[R1:.*]] = vector.maskedload %[[X]][%[[I1]]], %{{.*}}, %{{.*}} : memref<?xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
// CHECK:           %[[TILE:.*]] = vector.shuffle %[[R0]], %[[R1]] [0, 1, 2, 3, 4, 5, 6, 7] : vector<4xf32>, vector<4xf32>
// CHECK:           %[[ACC2:.*]] = arith.addf %[[ACC]], %[[TILE]] : vector<8xf32>
// CHECK:           %[[P2:.*]] = arith.addi %[[P]], %{{.*}} : vector<8xi32>
// CHECK:           scf.yield %[[ACC2]], %[[P2]] : vector<8xf32>, vector<8xi32>
// CHECK:         }
// The column sums: the accumulator's two rows added.
// CHECK:         vector.extract_strided_slice %[[R]]#0 {offsets = [0], sizes = [4], strides = [1]}
// CHECK:         vector.extract_strided_slice %[[R]]#0 {offsets = [4], sizes = [4], strides = [1]}
tt.func @column_sums(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %m: i32, %n: i32) attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %c2 = arith.constant 2 : i32
  %zeros = arith.constant dense<0.0> : tensor<2x4xf32>
  %r = tt.make_range {start = 0 : i32, end = 2 : i32} : tensor<2xi32>
  %c = tt.make_range {start = 0 : i32, end = 4 : i32} : tensor<4xi32>
  %r2 = tt.expand_dims %r {axis = 1 : i32} : tensor<2xi32> -> tensor<2x1xi32>
  %n_r = tt.splat %n : i32 -> tensor<2x1xi32>
  %r_off = arith.muli %r2, %n_r : tensor<2x1xi32>
  %c2d = tt.expand_dims %c {axis = 0 : i32} : tensor<4xi32> -> tensor<1x4xi32>
  %rb = tt.broadcast %r_off : tensor<2x1xi32> -> tensor<2x4xi32>
  %cb = tt.broadcast %c2d : tensor<1x4xi32> -> tensor<2x4xi32>
  %off = arith.addi %rb, %cb : tensor<2x4xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<2x4x!tt.ptr<f32>>
  %ptrs0 = tt.addptr %xs, %off : tensor<2x4x!tt.ptr<f32>>, tensor<2x4xi32>
  %n_c = tt.splat %n : i32 -> tensor<1x4xi32>
  %col_ok = arith.cmpi slt, %c2d, %n_c : tensor<1x4xi32>
  %mask = tt.broadcast %col_ok : tensor<1x4xi1> -> tensor<2x4xi1>
  %step = arith.muli %n, %c2 : i32
  %step_t = tt.splat %step : i32 -> tensor<2x4xi32>
  %sums:2 = scf.for %k = %c0 to %m step %c2 iter_args(%acc = %zeros, %ptrs = %ptrs0) -> (tensor<2x4xf32>, tensor<2x4x!tt.ptr<f32>>) : i32 {
    %tile = tt.load %ptrs, %mask : tensor<2x4x!tt.ptr<f32>>
    %acc2 = arith.addf %acc, %tile : tensor<2x4xf32>
    %ptrs2 = tt.addptr %ptrs, %step_t : tensor<2x4x!tt.ptr<f32>>, tensor<2x4xi32>
    scf.yield %acc2, %ptrs2 : tensor<2x4xf32>, tensor<2x4x!tt.ptr<f32>>
  }
  %colsum = tt.reduce sum %sums#0 {axis = 0 : i32} : tensor<2x4xf32> -> tensor<4xf32>
  %os = tt.splat %out : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %op = tt.addptr %os, %c : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.store %op, %colsum : tensor<4x!tt.ptr<f32>>
  tt.return
}

// -----

// The tile moves by its column index each step: stride 1, then 2, ... along
// the rows, so no row form holds on every step.
// CHECK-LABEL: func.func private @spreading(
// CHECK:         scf.for
// CHECK:           memref.load
// CHECK-NOT:       vector.maskedload
// CHECK:           scf.yield
tt.func @spreading(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %m: i32, %n: i32) attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zeros = arith.constant dense<0.0> : tensor<2x4xf32>
  %r = tt.make_range {start = 0 : i32, end = 2 : i32} : tensor<2xi32>
  %c = tt.make_range {start = 0 : i32, end = 4 : i32} : tensor<4xi32>
  %r2 = tt.expand_dims %r {axis = 1 : i32} : tensor<2xi32> -> tensor<2x1xi32>
  %n_r = tt.splat %n : i32 -> tensor<2x1xi32>
  %r_off = arith.muli %r2, %n_r : tensor<2x1xi32>
  %c2d = tt.expand_dims %c {axis = 0 : i32} : tensor<4xi32> -> tensor<1x4xi32>
  %rb = tt.broadcast %r_off : tensor<2x1xi32> -> tensor<2x4xi32>
  %cb = tt.broadcast %c2d : tensor<1x4xi32> -> tensor<2x4xi32>
  %off = arith.addi %rb, %cb : tensor<2x4xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<2x4x!tt.ptr<f32>>
  %ptrs0 = tt.addptr %xs, %off : tensor<2x4x!tt.ptr<f32>>, tensor<2x4xi32>
  %sums:2 = scf.for %k = %c0 to %m step %c1 iter_args(%acc = %zeros, %ptrs = %ptrs0) -> (tensor<2x4xf32>, tensor<2x4x!tt.ptr<f32>>) : i32 {
    %tile = tt.load %ptrs : tensor<2x4x!tt.ptr<f32>>
    %acc2 = arith.addf %acc, %tile : tensor<2x4xf32>
    %ptrs2 = tt.addptr %ptrs, %cb : tensor<2x4x!tt.ptr<f32>>, tensor<2x4xi32>
    scf.yield %acc2, %ptrs2 : tensor<2x4xf32>, tensor<2x4x!tt.ptr<f32>>
  }
  %colsum = tt.reduce sum %sums#0 {axis = 0 : i32} : tensor<2x4xf32> -> tensor<4xf32>
  %os = tt.splat %out : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %op = tt.addptr %os, %c : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.store %op, %colsum : tensor<4x!tt.ptr<f32>>
  tt.return
}
