// The seed's row-wise sum: one program per row, lanes past n_cols read 0.0,
// only lane 0 writes the row's result (the store mask is cols < 1).
// RUN: mytriton-opt %s | mytriton-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: mytriton-opt %s --tt-optimize | FileCheck %s

// ROUNDTRIP: tt.reduce sum %{{.*}} : tensor<8xf32> -> f32

// CHECK-LABEL: tt.func @row_sum_kernel
// CHECK-DAG:     %[[OTHER:.*]] = arith.constant dense<0.000000e+00> : tensor<8xf32>
// CHECK-DAG:     %[[ONE:.*]] = arith.constant dense<1> : tensor<8xi32>
// CHECK:         %[[COLS:.*]] = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
// CHECK:         %[[MASK:.*]] = arith.cmpi slt, %[[COLS]], %{{.*}} : tensor<8xi32>
// CHECK:         %[[V:.*]] = tt.load %{{.*}}, %[[MASK]], %[[OTHER]] : tensor<8x!tt.ptr<f32>>
// CHECK:         %[[R:.*]] = tt.reduce sum %[[V]] : tensor<8xf32> -> f32
// CHECK:         %[[OUTP:.*]] = tt.addptr %{{.*}}, %{{.*}} : !tt.ptr<f32>, i32
// CHECK:         %[[FIRST:.*]] = arith.cmpi slt, %[[COLS]], %[[ONE]] : tensor<8xi32>
// CHECK-DAG:     %[[PV:.*]] = tt.splat %[[OUTP]] : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
// CHECK-DAG:     %[[RV:.*]] = tt.splat %[[R]] : f32 -> tensor<8xf32>
// CHECK:         tt.store %[[PV]], %[[RV]], %[[FIRST]] : tensor<8x!tt.ptr<f32>>
tt.func @row_sum_kernel(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n_cols: i32) attributes {block_size = 8 : i32} {
  %row = tt.get_program_id 0 : i32
  %cols = tt.make_range {start = 0 : i32, end = 8 : i32} : tensor<8xi32>
  %start = arith.muli %row, %n_cols : i32
  %start_v = tt.splat %start : i32 -> tensor<8xi32>
  %offsets = arith.addi %start_v, %cols : tensor<8xi32>
  %n_v = tt.splat %n_cols : i32 -> tensor<8xi32>
  %mask = arith.cmpi slt, %cols, %n_v : tensor<8xi32>
  %xp = tt.splat %x : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %ptrs = tt.addptr %xp, %offsets : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  %fill = arith.constant 0.000000e+00 : f32
  %other = tt.splat %fill : f32 -> tensor<8xf32>
  %values = tt.load %ptrs, %mask, %other : tensor<8x!tt.ptr<f32>>
  %total = tt.reduce sum %values : tensor<8xf32> -> f32
  %outp = tt.addptr %out, %row : !tt.ptr<f32>, i32
  %c1 = arith.constant 1 : i32
  %c1_v = tt.splat %c1 : i32 -> tensor<8xi32>
  %first = arith.cmpi slt, %cols, %c1_v : tensor<8xi32>
  %outp_v = tt.splat %outp : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %total_v = tt.splat %total : f32 -> tensor<8xf32>
  tt.store %outp_v, %total_v, %first : tensor<8x!tt.ptr<f32>>
  tt.return
}
