// The seed's vector add as traced (one constant per use, broadcasts explicit).
// RUN: mytriton-opt %s | mytriton-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: mytriton-opt %s --tt-optimize | FileCheck %s

// ROUNDTRIP-LABEL: tt.func @add_kernel
// ROUNDTRIP-COUNT-2: tt.load

// The offsets are computed once and shared by both loads and the store; the
// block-size multiply keeps its constant operand.
// CHECK-LABEL: tt.func @add_kernel
// CHECK-SAME:    (%[[X:.*]]: !tt.ptr<f32>, %[[Y:.*]]: !tt.ptr<f32>, %[[OUT:.*]]: !tt.ptr<f32>, %[[N:.*]]: i32) attributes {block_size = 256 : i32}
// CHECK-DAG:     %[[C256:.*]] = arith.constant 256 : i32
// CHECK-DAG:     %[[PID:.*]] = tt.get_program_id 0 : i32
// CHECK:         %[[START:.*]] = arith.muli %[[PID]], %[[C256]] : i32
// CHECK:         %[[RANGE:.*]] = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
// CHECK:         %[[OFFS:.*]] = arith.addi %{{.*}}, %[[RANGE]] : tensor<256xi32>
// CHECK:         %[[NV:.*]] = tt.splat %[[N]] : i32 -> tensor<256xi32>
// CHECK:         %[[MASK:.*]] = arith.cmpi slt, %[[OFFS]], %[[NV]] : tensor<256xi32>
// CHECK:         %[[XP:.*]] = tt.splat %[[X]]
// CHECK:         %[[XPTRS:.*]] = tt.addptr %[[XP]], %[[OFFS]]
// CHECK:         %[[XV:.*]] = tt.load %[[XPTRS]], %[[MASK]] : tensor<256x!tt.ptr<f32>>
// CHECK:         %[[YV:.*]] = tt.load %{{.*}}, %[[MASK]] : tensor<256x!tt.ptr<f32>>
// CHECK:         %[[SUM:.*]] = arith.addf %[[XV]], %[[YV]] : tensor<256xf32>
// CHECK:         tt.store %{{.*}}, %[[SUM]], %[[MASK]] : tensor<256x!tt.ptr<f32>>
// CHECK-NOT:     arith.cmpi
// CHECK:         tt.return
tt.func @add_kernel(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n: i32) attributes {block_size = 256 : i32} {
  %pid = tt.get_program_id 0 : i32
  %c256 = arith.constant 256 : i32
  %start = arith.muli %pid, %c256 : i32
  %range = tt.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %start_v = tt.splat %start : i32 -> tensor<256xi32>
  %offs = arith.addi %start_v, %range : tensor<256xi32>
  %n_v = tt.splat %n : i32 -> tensor<256xi32>
  %mask = arith.cmpi slt, %offs, %n_v : tensor<256xi32>
  %xp = tt.splat %x : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %xptrs = tt.addptr %xp, %offs : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  %xv = tt.load %xptrs, %mask : tensor<256x!tt.ptr<f32>>
  %yp = tt.splat %y : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %yptrs = tt.addptr %yp, %offs : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  %n_v2 = tt.splat %n : i32 -> tensor<256xi32>
  %mask2 = arith.cmpi slt, %offs, %n_v2 : tensor<256xi32>
  %yv = tt.load %yptrs, %mask2 : tensor<256x!tt.ptr<f32>>
  %sum = arith.addf %xv, %yv : tensor<256xf32>
  %op = tt.splat %out : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %optrs = tt.addptr %op, %offs : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  tt.store %optrs, %sum, %mask : tensor<256x!tt.ptr<f32>>
  tt.return
}
