// Bounds checks of tiled accesses: a loop over the lanes finds the first
// enabled lane (in row-major order) whose offset is outside the buffer, so
// the check's code does not grow with the tile; the report records that
// lane's element offset, as for 1-D kernels (bounds-check.mlir).
// RUN: mytriton-opt %s --convert-tt-to-vector --canonicalize --cse | FileCheck %s

// CHECK-LABEL: func.func private @rows(
// CHECK-SAME:      %[[X:[^:]+]]: memref<?xf32>, %[[XOFF:[^:]+]]: i32, %[[N:[^:]+]]: i32, %[[RECORD:[^:]+]]: memref<?xi32>,
// CHECK-DAG:     %[[FLAGS:.*]] = memref.alloca() : memref<8xi8>
// CHECK-DAG:     %[[OFFSETS:.*]] = memref.alloca() : memref<8xi32>
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK:         %[[SIZE:.*]] = memref.dim %[[X]], %[[C0]] : memref<?xf32>
// CHECK:         %[[LIMIT:.*]] = arith.minui %[[SIZE]], %{{.*}} : index
// CHECK:         %[[BOUND:.*]] = arith.index_castui %[[LIMIT]] : index to i32
// CHECK:         vector.store %{{.*}}, %[[OFFSETS]][%[[C0]]] : memref<8xi32>, vector<8xi32>
// CHECK:         vector.store %{{.*}}, %[[FLAGS]][%[[C0]]] : memref<8xi8>, vector<8xi8>
// CHECK:         %[[FIRST:.*]] = scf.for %[[LANE:.*]] = %[[C0]] to %[[C8]] step %[[C1]] iter_args(%[[SOFAR:.*]] = %[[C8]]) -> (index) {
// CHECK:           %[[OFF:.*]] = memref.load %[[OFFSETS]][%[[LANE]]] : memref<8xi32>
// CHECK:           %[[OUT:.*]] = arith.cmpi uge, %[[OFF]], %[[BOUND]] : i32
// CHECK:           %[[FLAG:.*]] = memref.load %[[FLAGS]][%[[LANE]]] : memref<8xi8>
// CHECK:           %[[ON:.*]] = arith.cmpi ne, %[[FLAG]], %{{.*}} : i8
// CHECK:           %[[BAD:.*]] = arith.andi %[[OUT]], %[[ON]] : i1
// CHECK:           %[[UNSET:.*]] = arith.cmpi eq, %[[SOFAR]], %[[C8]] : index
// CHECK:           %[[TAKE:.*]] = arith.andi %[[BAD]], %[[UNSET]] : i1
// CHECK:           %[[NEXT:.*]] = arith.select %[[TAKE]], %[[LANE]], %[[SOFAR]] : index
// CHECK:           scf.yield %[[NEXT]] : index
// CHECK:         %[[FOUND:.*]] = arith.cmpi ne, %[[FIRST]], %[[C8]] : index
// CHECK:         %[[AT:.*]] = arith.select %[[FOUND]], %[[FIRST]], %[[C0]] : index
// CHECK:         %[[ELEMENT:.*]] = memref.load %[[OFFSETS]][%[[AT]]] : memref<8xi32>
// CHECK:         cf.cond_br %[[FOUND]], ^[[FAIL:.*]], ^
// CHECK:       ^[[FAIL]]:
// CHECK:         memref.store %[[ELEMENT]], %[[RECORD]][%{{.*}}] : memref<?xi32>
// CHECK:         return %true
tt.func @rows(%x: !tt.ptr<f32>, %n: i32) attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 2 : i32} : tensor<2xi32>
  %c = tt.make_range {start = 0 : i32, end = 4 : i32} : tensor<4xi32>
  %r2 = tt.expand_dims %r {axis = 1 : i32} : tensor<2xi32> -> tensor<2x1xi32>
  %s = tt.splat %n : i32 -> tensor<2x1xi32>
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
  %v = tt.load %xp, %mask : tensor<2x4x!tt.ptr<f32>>
  %w = arith.addf %v, %v : tensor<2x4xf32>
  tt.store %xp, %w, %mask : tensor<2x4x!tt.ptr<f32>>
  tt.return
}
