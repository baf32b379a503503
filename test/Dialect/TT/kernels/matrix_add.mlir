// The seed's 2-D matrix add: program id 0 picks the row, 1 the column block.
// RUN: mytriton-opt %s | mytriton-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: mytriton-opt %s --tt-optimize | FileCheck %s

// ROUNDTRIP-LABEL: tt.func @matrix_add_kernel
// ROUNDTRIP: tt.get_program_id 0 : i32
// ROUNDTRIP: tt.get_program_id 1 : i32

// CHECK-LABEL: tt.func @matrix_add_kernel
// CHECK-SAME:    (%[[X:.*]]: !tt.ptr<f32>, %[[Y:.*]]: !tt.ptr<f32>, %[[OUT:.*]]: !tt.ptr<f32>, %[[NCOLS:.*]]: i32)
// CHECK-DAG:     %[[ROW:.*]] = tt.get_program_id 0 : i32
// CHECK-DAG:     %[[CB:.*]] = tt.get_program_id 1 : i32
// CHECK:         %[[COLS:.*]] = arith.addi %{{.*}}, %{{.*}} : tensor<256xi32>
// CHECK:         %[[ROWSTART:.*]] = arith.muli %[[ROW]], %[[NCOLS]] : i32
// CHECK:         %[[RSV:.*]] = tt.splat %[[ROWSTART]]
// CHECK:         %[[OFFS:.*]] = arith.addi %[[RSV]], %[[COLS]] : tensor<256xi32>
// CHECK:         %[[MASK:.*]] = arith.cmpi slt, %[[COLS]], %{{.*}} : tensor<256xi32>
// CHECK:         %[[L:.*]] = tt.load %{{.*}}, %[[MASK]], %[[ZERO:.*]] :
// CHECK:         %[[R:.*]] = tt.load %{{.*}}, %[[MASK]], %[[ZERO]] :
// CHECK:         %[[S:.*]] = arith.addf %[[L]], %[[R]] : tensor<256xf32>
// CHECK:         tt.store %{{.*}}, %[[S]], %[[MASK]]
tt.func @matrix_add_kernel(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n_cols: i32) attributes {block_size = 256 : i32} {
  %row = tt.get_program_id 0 : i32
  %col_block = tt.get_program_id 1 : i32
  %c256 = arith.constant 256 : i32
  %cb_start = arith.muli %col_block, %c256 : i32
  %range = tt.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %cb_v = tt.splat %cb_start : i32 -> tensor<256xi32>
  %cols = arith.addi %cb_v, %range : tensor<256xi32>
  %row_start = arith.muli %row, %n_cols : i32
  %rs_v = tt.splat %row_start : i32 -> tensor<256xi32>
  %offs = arith.addi %rs_v, %cols : tensor<256xi32>
  %n_v = tt.splat %n_cols : i32 -> tensor<256xi32>
  %mask = arith.cmpi slt, %cols, %n_v : tensor<256xi32>
  %xp = tt.splat %x : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %xptrs = tt.addptr %xp, %offs : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  %c0 = arith.constant 0.000000e+00 : f32
  %z = tt.splat %c0 : f32 -> tensor<256xf32>
  %lhs = tt.load %xptrs, %mask, %z : tensor<256x!tt.ptr<f32>>
  %yp = tt.splat %y : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %yptrs = tt.addptr %yp, %offs : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  %c0b = arith.constant 0.000000e+00 : f32
  %zb = tt.splat %c0b : f32 -> tensor<256xf32>
  %rhs = tt.load %yptrs, %mask, %zb : tensor<256x!tt.ptr<f32>>
  %sum = arith.addf %lhs, %rhs : tensor<256xf32>
  %op = tt.splat %out : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %optrs = tt.addptr %op, %offs : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  tt.store %optrs, %sum, %mask : tensor<256x!tt.ptr<f32>>
  tt.return
}
