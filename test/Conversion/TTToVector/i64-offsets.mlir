// A module with an i64 tt.addptr offset carries i64 offsets for every
// pointer: i32 offsets are sign-extended into them (the GPU's 64-bit
// `p + off`), contiguous i64 offsets (a sign-extended make_range plus a
// scalar) are still one vector access, and the bounds checks compare with
// the buffer's whole size, not min(size, 2^31).
// RUN: mytriton-opt %s --convert-tt-to-vector=bounds-check=false -split-input-file | FileCheck %s
// RUN: mytriton-opt %s --convert-tt-to-vector -split-input-file | FileCheck %s --check-prefix=CHECKED

// CHECK-LABEL: func.func private @wide(
// CHECK-SAME:      %[[X:[^:]+]]: memref<?xf16>, %[[XOFF:[^:]+]]: i64, %[[Y:[^:]+]]: memref<?xf16>, %[[YOFF:[^:]+]]: i64, %[[BASE:[^:]+]]: i64, %[[STEP:[^:]+]]: i32
// CHECK:         %[[XB:.*]] = vector.broadcast %[[XOFF]] : i64 to vector<8xi64>
// CHECK:         %[[XO:.*]] = arith.addi %[[XB]], %{{.*}} : vector<8xi64>
// CHECK:         %[[START:.*]] = arith.addi %{{.*}}, %[[XOFF]] : i64
// CHECK:         %[[SUM:.*]] = arith.addi %[[START]], %[[BASE]] : i64
// CHECK:         %[[I:.*]] = arith.index_cast %[[SUM]] : i64 to index
// CHECK:         %[[V:.*]] = vector.load %[[X]][%[[I]]] : memref<?xf16>, vector<8xf16>
// CHECK:         %[[SV:.*]] = vector.broadcast %[[STEP]] : i32 to vector<8xi32>
// CHECK:         %[[SM:.*]] = arith.muli %{{.*}}, %[[SV]] : vector<8xi32>
// CHECK:         %[[YB:.*]] = vector.broadcast %[[YOFF]] : i64 to vector<8xi64>
// CHECK:         %[[EXT:.*]] = arith.extsi %[[SM]] : vector<8xi32> to vector<8xi64>
// CHECK:         %[[YO:.*]] = arith.addi %[[YB]], %[[EXT]] : vector<8xi64>
// CHECK:         vector.scatter %[[Y]][%{{.*}}] [%[[YO]]], %{{.*}}, %[[V]] : memref<?xf16>, vector<8xi64>, vector<8xi1>, vector<8xf16>
// CHECK-LABEL: func.func @wide_grid(
// CHECK:         %[[ZX:.*]] = arith.constant 0 : i64
// CHECK:         %[[ZY:.*]] = arith.constant 0 : i64
// CHECK:         call @wide(%{{.*}}, %[[ZX]], %{{.*}}, %[[ZY]], {{.*}} : (memref<?xf16>, i64, memref<?xf16>, i64, i64, i32,

// CHECKED-LABEL: func.func private @wide(
// CHECKED:         %[[SIZE:.*]] = memref.dim %{{.*}}, %{{.*}} : memref<?xf16>
// CHECKED-NOT:     arith.minui
// CHECKED:         %[[BOUND:.*]] = arith.index_castui %[[SIZE]] : index to i64
// CHECKED:         %[[LARGEST:.*]] = vector.reduction <maxui>, %{{.*}} : vector<8xi64> into i64
// CHECKED:         arith.cmpi uge, %[[LARGEST]], %[[BOUND]] : i64
// The error record's element is i32: the bad offset saturated.
// CHECKED:         %[[LO:.*]] = arith.constant -2147483648 : i64
// CHECKED:         %[[HI:.*]] = arith.constant 2147483647 : i64
// CHECKED:         %[[C1:.*]] = arith.maxsi %{{.*}}, %[[LO]] : i64
// CHECKED:         %[[C2:.*]] = arith.minsi %[[C1]], %[[HI]] : i64
// CHECKED:         %[[E:.*]] = arith.trunci %[[C2]] : i64 to i32
// CHECKED:         memref.store %[[E]], %{{.*}}[%{{.*}}] : memref<?xi32>
tt.func @wide(%x: !tt.ptr<f16>, %y: !tt.ptr<f16>, %base: i64, %step: i32) attributes {block_size = 8 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 8 : i32} : tensor<8xi32>
  %r64 = arith.extsi %r : tensor<8xi32> to tensor<8xi64>
  %base_v = tt.splat %base : i64 -> tensor<8xi64>
  %offs = arith.addi %r64, %base_v : tensor<8xi64>
  %xp = tt.splat %x : !tt.ptr<f16> -> tensor<8x!tt.ptr<f16>>
  %xptrs = tt.addptr %xp, %offs : tensor<8x!tt.ptr<f16>>, tensor<8xi64>
  %v = tt.load %xptrs : tensor<8x!tt.ptr<f16>>
  %step_v = tt.splat %step : i32 -> tensor<8xi32>
  %strided = arith.muli %r, %step_v : tensor<8xi32>
  %yp = tt.splat %y : !tt.ptr<f16> -> tensor<8x!tt.ptr<f16>>
  %yptrs = tt.addptr %yp, %strided : tensor<8x!tt.ptr<f16>>, tensor<8xi32>
  tt.store %yptrs, %v : tensor<8x!tt.ptr<f16>>
  tt.return
}

// -----

// Without an i64 addptr the offsets stay i32.
// CHECK-LABEL: func.func private @narrow(
// CHECK-SAME:      %{{[^:]+}}: memref<?xi64>, %{{[^:]+}}: i32
tt.func @narrow(%x: !tt.ptr<i64>) attributes {block_size = 8 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 8 : i32} : tensor<8xi32>
  %xp = tt.splat %x : !tt.ptr<i64> -> tensor<8x!tt.ptr<i64>>
  %xptrs = tt.addptr %xp, %r : tensor<8x!tt.ptr<i64>>, tensor<8xi32>
  %v = tt.load %xptrs : tensor<8x!tt.ptr<i64>>
  tt.store %xptrs, %v : tensor<8x!tt.ptr<i64>>
  tt.return
}
