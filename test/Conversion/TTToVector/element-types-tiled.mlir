// A tiled f16 kernel whose pointer tile is carried through scf.for and
// advanced by an i64 step: the offsets are i64 vectors in the loop, each row
// of the tile is still one masked f16 vector load, and the column sums are
// f16 adds.
// RUN: mytriton-opt %s --convert-tt-to-vector=bounds-check=false --canonicalize --cse -split-input-file | FileCheck %s

// CHECK-LABEL: func.func private @half_column_sums(
// CHECK-SAME:      %[[X:[^:]+]]: memref<?xf16>, %[[XOFF:[^:]+]]: i64,
// CHECK:         %[[R:.*]]:2 = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[P:.*]] = %{{.*}}) -> (vector<8xf16>, vector<8xi64>) : i32 {
// CHECK:           %[[S0:.*]] = vector.extract %[[P]][0] : i64 from vector<8xi64>
// CHECK:           %[[I0:.*]] = arith.index_cast %[[S0]] : i64 to index
// CHECK:           %[[R0:.*]] = vector.maskedload %[[X]][%[[I0]]], %{{.*}}, %{{.*}} : memref<?xf16>, vector<4xi1>, vector<4xf16> into vector<4xf16>
// CHECK:           %[[S1:.*]] = vector.extract %[[P]][4] : i64 from vector<8xi64>
// CHECK:           %[[I1:.*]] = arith.index_cast %[[S1]] : i64 to index
// CHECK:           %[[R1:.*]] = vector.maskedload %[[X]][%[[I1]]], %{{.*}}, %{{.*}} : memref<?xf16>, vector<4xi1>, vector<4xf16> into vector<4xf16>
// CHECK:           %[[TILE:.*]] = vector.shuffle %[[R0]], %[[R1]] [0, 1, 2, 3, 4, 5, 6, 7] : vector<4xf16>, vector<4xf16>
// CHECK:           %[[ACC2:.*]] = arith.addf %[[ACC]], %[[TILE]] : vector<8xf16>
// CHECK:           %[[P2:.*]] = arith.addi %[[P]], %{{.*}} : vector<8xi64>
// CHECK:           scf.yield %[[ACC2]], %[[P2]] : vector<8xf16>, vector<8xi64>
// CHECK:         }
// CHECK:         %[[LO:.*]] = vector.extract_strided_slice %[[R]]#0 {offsets = [0], sizes = [4], strides = [1]}
// CHECK:         %[[HI:.*]] = vector.extract_strided_slice %[[R]]#0 {offsets = [4], sizes = [4], strides = [1]}
// CHECK:         arith.addf %[[LO]], %[[HI]] : vector<4xf16>
tt.func @half_column_sums(%x: !tt.ptr<f16>, %out: !tt.ptr<f16>, %m: i32, %n: i32, %step: i64) attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %c2 = arith.constant 2 : i32
  %zeros = arith.constant dense<0.0> : tensor<2x4xf16>
  %r = tt.make_range {start = 0 : i32, end = 2 : i32} : tensor<2xi32>
  %c = tt.make_range {start = 0 : i32, end = 4 : i32} : tensor<4xi32>
  %r2 = tt.expand_dims %r {axis = 1 : i32} : tensor<2xi32> -> tensor<2x1xi32>
  %n_r = tt.splat %n : i32 -> tensor<2x1xi32>
  %r_off = arith.muli %r2, %n_r : tensor<2x1xi32>
  %c2d = tt.expand_dims %c {axis = 0 : i32} : tensor<4xi32> -> tensor<1x4xi32>
  %rb = tt.broadcast %r_off : tensor<2x1xi32> -> tensor<2x4xi32>
  %cb = tt.broadcast %c2d : tensor<1x4xi32> -> tensor<2x4xi32>
  %off = arith.addi %rb, %cb : tensor<2x4xi32>
  %xs = tt.splat %x : !tt.ptr<f16> -> tensor<2x4x!tt.ptr<f16>>
  %ptrs0 = tt.addptr %xs, %off : tensor<2x4x!tt.ptr<f16>>, tensor<2x4xi32>
  %n_c = tt.splat %n : i32 -> tensor<1x4xi32>
  %col_ok = arith.cmpi slt, %c2d, %n_c : tensor<1x4xi32>
  %mask = tt.broadcast %col_ok : tensor<1x4xi1> -> tensor<2x4xi1>
  %step_t = tt.splat %step : i64 -> tensor<2x4xi64>
  %sums:2 = scf.for %k = %c0 to %m step %c2 iter_args(%acc = %zeros, %ptrs = %ptrs0) -> (tensor<2x4xf16>, tensor<2x4x!tt.ptr<f16>>) : i32 {
    %tile = tt.load %ptrs, %mask : tensor<2x4x!tt.ptr<f16>>
    %acc2 = arith.addf %acc, %tile : tensor<2x4xf16>
    %ptrs2 = tt.addptr %ptrs, %step_t : tensor<2x4x!tt.ptr<f16>>, tensor<2x4xi64>
    scf.yield %acc2, %ptrs2 : tensor<2x4xf16>, tensor<2x4x!tt.ptr<f16>>
  }
  %colsum = tt.reduce sum %sums#0 {axis = 0 : i32} : tensor<2x4xf16> -> tensor<4xf16>
  %os = tt.splat %out : !tt.ptr<f16> -> tensor<4x!tt.ptr<f16>>
  %op = tt.addptr %os, %c : tensor<4x!tt.ptr<f16>>, tensor<4xi32>
  tt.store %op, %colsum : tensor<4x!tt.ptr<f16>>
  tt.return
}

// -----

// i64 offsets of a tile: sign-extended ranges times an i64 stride plus
// sign-extended columns keep the row form (one vector load per row).
// CHECK-LABEL: func.func private @wide_rows(
// CHECK-SAME:      %[[X:[^:]+]]: memref<?xf32>, %[[XOFF:[^:]+]]: i64,
// CHECK-NOT:     memref.alloca
// CHECK:         %[[S0:.*]] = vector.extract %[[P:.*]][0] : i64 from vector<8xi64>
// CHECK:         %[[I0:.*]] = arith.index_cast %[[S0]] : i64 to index
// CHECK:         vector.load %[[X]][%[[I0]]] : memref<?xf32>, vector<4xf32>
// CHECK:         %[[S1:.*]] = vector.extract %[[P]][4] : i64 from vector<8xi64>
// CHECK:         %[[I1:.*]] = arith.index_cast %[[S1]] : i64 to index
// CHECK:         vector.load %[[X]][%[[I1]]] : memref<?xf32>, vector<4xf32>
tt.func @wide_rows(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %stride: i64) attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 2 : i32} : tensor<2xi32>
  %c = tt.make_range {start = 0 : i32, end = 4 : i32} : tensor<4xi32>
  %r2 = tt.expand_dims %r {axis = 1 : i32} : tensor<2xi32> -> tensor<2x1xi32>
  %r64 = arith.extsi %r2 : tensor<2x1xi32> to tensor<2x1xi64>
  %s = tt.splat %stride : i64 -> tensor<2x1xi64>
  %r_off = arith.muli %r64, %s : tensor<2x1xi64>
  %c2d = tt.expand_dims %c {axis = 0 : i32} : tensor<4xi32> -> tensor<1x4xi32>
  %c64 = arith.extsi %c2d : tensor<1x4xi32> to tensor<1x4xi64>
  %rb = tt.broadcast %r_off : tensor<2x1xi64> -> tensor<2x4xi64>
  %cb = tt.broadcast %c64 : tensor<1x4xi64> -> tensor<2x4xi64>
  %off = arith.addi %rb, %cb : tensor<2x4xi64>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<2x4x!tt.ptr<f32>>
  %ptrs = tt.addptr %xs, %off : tensor<2x4x!tt.ptr<f32>>, tensor<2x4xi64>
  %tile = tt.load %ptrs : tensor<2x4x!tt.ptr<f32>>
  %os = tt.splat %out : !tt.ptr<f32> -> tensor<2x4x!tt.ptr<f32>>
  %optrs = tt.addptr %os, %off : tensor<2x4x!tt.ptr<f32>>, tensor<2x4xi64>
  tt.store %optrs, %tile : tensor<2x4x!tt.ptr<f32>>
  tt.return
}

// -----

// A sign-extended i32 sum is not known to be contiguous (it may wrap before
// the extension): the tile goes lane by lane.
// CHECK-LABEL: func.func private @wrapping_rows(
// CHECK:         memref.alloca
// CHECK:         scf.for
// CHECK:           memref.load %{{.*}} : memref<?xf32>
// CHECK-NOT:     vector.load %{{.*}} : memref<?xf32>, vector<4xf32>
tt.func @wrapping_rows(%x: !tt.ptr<f32>, %base: i32, %far: i64) attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 2 : i32} : tensor<2xi32>
  %c = tt.make_range {start = 0 : i32, end = 4 : i32} : tensor<4xi32>
  %c4 = arith.constant dense<4> : tensor<2x1xi32>
  %r2 = tt.expand_dims %r {axis = 1 : i32} : tensor<2xi32> -> tensor<2x1xi32>
  %r_off = arith.muli %r2, %c4 : tensor<2x1xi32>
  %c2d = tt.expand_dims %c {axis = 0 : i32} : tensor<4xi32> -> tensor<1x4xi32>
  %rb = tt.broadcast %r_off : tensor<2x1xi32> -> tensor<2x4xi32>
  %cb = tt.broadcast %c2d : tensor<1x4xi32> -> tensor<2x4xi32>
  %sum = arith.addi %rb, %cb : tensor<2x4xi32>
  %b = tt.splat %base : i32 -> tensor<2x4xi32>
  %off = arith.addi %sum, %b : tensor<2x4xi32>
  %off64 = arith.extsi %off : tensor<2x4xi32> to tensor<2x4xi64>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<2x4x!tt.ptr<f32>>
  %xf = tt.addptr %x, %far : !tt.ptr<f32>, i64
  %xfs = tt.splat %xf : !tt.ptr<f32> -> tensor<2x4x!tt.ptr<f32>>
  %ptrs = tt.addptr %xfs, %off64 : tensor<2x4x!tt.ptr<f32>>, tensor<2x4xi64>
  %tile = tt.load %ptrs : tensor<2x4x!tt.ptr<f32>>
  tt.store %ptrs, %tile : tensor<2x4x!tt.ptr<f32>>
  tt.return
}
