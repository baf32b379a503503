// The seed's long-row sum, N_COLS=10 and BLOCK=4: tl.static_range unrolled
// into three masked loads whose partial sums feed one block reduction.
// RUN: mytriton-opt %s | mytriton-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: mytriton-opt %s --tt-optimize | FileCheck %s

// ROUNDTRIP-COUNT-3: tt.load

// The first iteration's `start + lanes` (start = 0) is the range itself, and
// `0.0 + values` stays (x + 0.0 is not x for x = -0.0). Integer ranges prove
// the masks of the first two chunks (lanes 0..7 < 10) true, so only the
// last chunk's load keeps a mask.
// CHECK-LABEL: tt.func @long_row_sum_kernel
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<4xf32>
// CHECK-DAG:     %[[C4:.*]] = arith.constant dense<4> : tensor<4xi32>
// CHECK-DAG:     %[[C8:.*]] = arith.constant dense<8> : tensor<4xi32>
// CHECK-DAG:     %[[C10:.*]] = arith.constant dense<10> : tensor<4xi32>
// CHECK:         %[[LANES:.*]] = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
// CHECK:         %[[ROW:.*]] = tt.splat %{{.*}} : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
// CHECK:         %[[P0:.*]] = tt.addptr %[[ROW]], %[[LANES]]
// CHECK:         %[[V0:.*]] = tt.load %[[P0]] : tensor<4x!tt.ptr<f32>>
// CHECK:         %[[S0:.*]] = arith.addf %[[V0]], %[[ZERO]] : tensor<4xf32>
// CHECK:         %[[COLS1:.*]] = arith.addi %[[LANES]], %[[C4]] : tensor<4xi32>
// CHECK:         %[[P1:.*]] = tt.addptr %[[ROW]], %[[COLS1]]
// CHECK:         %[[V1:.*]] = tt.load %[[P1]] : tensor<4x!tt.ptr<f32>>
// CHECK:         %[[S1:.*]] = arith.addf %[[S0]], %[[V1]] : tensor<4xf32>
// CHECK:         %[[COLS2:.*]] = arith.addi %[[LANES]], %[[C8]] : tensor<4xi32>
// CHECK:         %[[M2:.*]] = arith.cmpi slt, %[[COLS2]], %[[C10]] : tensor<4xi32>
// CHECK:         %[[P2:.*]] = tt.addptr %[[ROW]], %[[COLS2]]
// CHECK:         %[[V2:.*]] = tt.load %[[P2]], %[[M2]], %[[ZERO]]
// CHECK:         %[[S2:.*]] = arith.addf %[[S1]], %[[V2]] : tensor<4xf32>
// CHECK:         %[[TOTAL:.*]] = tt.reduce sum %[[S2]] : tensor<4xf32> -> f32
// CHECK-NOT:     tt.reduce
// CHECK:         tt.store
tt.func @long_row_sum_kernel(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>) attributes {block_size = 4 : i32} {
  %row = tt.get_program_id 0 : i32
  %lanes = tt.make_range {start = 0 : i32, end = 4 : i32} : tensor<4xi32>
  %c10 = arith.constant 10 : i32
  %row_start = arith.muli %row, %c10 : i32
  %acc0 = arith.constant 0.000000e+00 : f32
  %acc0_v = tt.splat %acc0 : f32 -> tensor<4xf32>
  // start = 0
  %s0 = arith.constant 0 : i32
  %s0_v = tt.splat %s0 : i32 -> tensor<4xi32>
  %cols0 = arith.addi %s0_v, %lanes : tensor<4xi32>
  %n0 = tt.splat %c10 : i32 -> tensor<4xi32>
  %m0 = arith.cmpi slt, %cols0, %n0 : tensor<4xi32>
  %b0 = tt.addptr %x, %row_start : !tt.ptr<f32>, i32
  %b0_v = tt.splat %b0 : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %p0 = tt.addptr %b0_v, %cols0 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  %z0 = arith.constant 0.000000e+00 : f32
  %z0_v = tt.splat %z0 : f32 -> tensor<4xf32>
  %v0 = tt.load %p0, %m0, %z0_v : tensor<4x!tt.ptr<f32>>
  %acc1 = arith.addf %acc0_v, %v0 : tensor<4xf32>
  // start = 4
  %s1 = arith.constant 4 : i32
  %s1_v = tt.splat %s1 : i32 -> tensor<4xi32>
  %cols1 = arith.addi %s1_v, %lanes : tensor<4xi32>
  %n1 = tt.splat %c10 : i32 -> tensor<4xi32>
  %m1 = arith.cmpi slt, %cols1, %n1 : tensor<4xi32>
  %b1 = tt.addptr %x, %row_start : !tt.ptr<f32>, i32
  %b1_v = tt.splat %b1 : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %p1 = tt.addptr %b1_v, %cols1 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  %z1 = arith.constant 0.000000e+00 : f32
  %z1_v = tt.splat %z1 : f32 -> tensor<4xf32>
  %v1 = tt.load %p1, %m1, %z1_v : tensor<4x!tt.ptr<f32>>
  %acc2 = arith.addf %acc1, %v1 : tensor<4xf32>
  // start = 8
  %s2 = arith.constant 8 : i32
  %s2_v = tt.splat %s2 : i32 -> tensor<4xi32>
  %cols2 = arith.addi %s2_v, %lanes : tensor<4xi32>
  %n2 = tt.splat %c10 : i32 -> tensor<4xi32>
  %m2 = arith.cmpi slt, %cols2, %n2 : tensor<4xi32>
  %b2 = tt.addptr %x, %row_start : !tt.ptr<f32>, i32
  %b2_v = tt.splat %b2 : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %p2 = tt.addptr %b2_v, %cols2 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  %z2 = arith.constant 0.000000e+00 : f32
  %z2_v = tt.splat %z2 : f32 -> tensor<4xf32>
  %v2 = tt.load %p2, %m2, %z2_v : tensor<4x!tt.ptr<f32>>
  %acc3 = arith.addf %acc2, %v2 : tensor<4xf32>
  %total = tt.reduce sum %acc3 : tensor<4xf32> -> f32
  %c1 = arith.constant 1 : i32
  %c1_v = tt.splat %c1 : i32 -> tensor<4xi32>
  %first = arith.cmpi slt, %lanes, %c1_v : tensor<4xi32>
  %outp = tt.addptr %out, %row : !tt.ptr<f32>, i32
  %outp_v = tt.splat %outp : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %total_v = tt.splat %total : f32 -> tensor<4xf32>
  tt.store %outp_v, %total_v, %first : tensor<4x!tt.ptr<f32>>
  tt.return
}
