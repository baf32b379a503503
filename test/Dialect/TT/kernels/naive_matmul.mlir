// The seed's naive matmul with K=3 unrolled by tl.static_range and BLOCK=4:
// each iteration loads one scalar of A (uniform across the block) and a
// masked row slice of B, and accumulates a[k] * b[k, cols].
// RUN: mytriton-opt %s | mytriton-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: mytriton-opt %s --tt-optimize | FileCheck %s

// ROUNDTRIP-COUNT-3: tt.load %{{.*}} : !tt.ptr<f32>

// The scalar A loads combine their pointer arithmetic into one addptr each;
// the B mask is computed once and shared by all three loads.
// CHECK-LABEL: tt.func @naive_matmul_kernel
// CHECK:         %[[MASK:.*]] = arith.cmpi slt, %[[COLS:.*]], %{{.*}} : tensor<4xi32>
// CHECK:         %[[A0:.*]] = tt.load %{{.*}} : !tt.ptr<f32>
// CHECK:         %[[B0:.*]] = tt.load %{{.*}}, %[[MASK]], %[[ZERO:.*]] : tensor<4x!tt.ptr<f32>>
// CHECK:         %[[A0V:.*]] = tt.splat %[[A0]] : f32 -> tensor<4xf32>
// CHECK:         %[[T0:.*]] = arith.mulf %[[A0V]], %[[B0]] : tensor<4xf32>
// CHECK:         %[[ACC0:.*]] = arith.addf %[[T0]], %[[ZERO]] : tensor<4xf32>
// CHECK:         %[[A1:.*]] = tt.load %{{.*}} : !tt.ptr<f32>
// CHECK:         %[[B1:.*]] = tt.load %{{.*}}, %[[MASK]], %[[ZERO]] : tensor<4x!tt.ptr<f32>>
// CHECK:         %[[T1:.*]] = arith.mulf %{{.*}}, %[[B1]] : tensor<4xf32>
// CHECK:         %[[ACC1:.*]] = arith.addf %[[ACC0]], %[[T1]] : tensor<4xf32>
// CHECK:         %[[A2:.*]] = tt.load %{{.*}} : !tt.ptr<f32>
// CHECK:         %[[B2:.*]] = tt.load %{{.*}}, %[[MASK]], %[[ZERO]] : tensor<4x!tt.ptr<f32>>
// CHECK:         %[[T2:.*]] = arith.mulf %{{.*}}, %[[B2]] : tensor<4xf32>
// CHECK:         %[[ACC2:.*]] = arith.addf %[[ACC1]], %[[T2]] : tensor<4xf32>
// CHECK:         tt.store %{{.*}}, %[[ACC2]], %[[MASK]] : tensor<4x!tt.ptr<f32>>
// CHECK-NOT:     arith.cmpi
tt.func @naive_matmul_kernel(%a: !tt.ptr<f32>, %b: !tt.ptr<f32>, %c: !tt.ptr<f32>, %n_cols: i32) attributes {block_size = 4 : i32} {
  %row = tt.get_program_id 0 : i32
  %col_block = tt.get_program_id 1 : i32
  %c4 = arith.constant 4 : i32
  %cb = arith.muli %col_block, %c4 : i32
  %lanes = tt.make_range {start = 0 : i32, end = 4 : i32} : tensor<4xi32>
  %cb_v = tt.splat %cb : i32 -> tensor<4xi32>
  %cols = arith.addi %cb_v, %lanes : tensor<4xi32>
  %n_v = tt.splat %n_cols : i32 -> tensor<4xi32>
  %mask = arith.cmpi slt, %cols, %n_v : tensor<4xi32>
  %acc_init = arith.constant 0.000000e+00 : f32
  %K = arith.constant 3 : i32
  %a_row_start = arith.muli %row, %K : i32
  // k = 0
  %ap0a = tt.addptr %a, %a_row_start : !tt.ptr<f32>, i32
  %k0 = arith.constant 0 : i32
  %ap0 = tt.addptr %ap0a, %k0 : !tt.ptr<f32>, i32
  %av0 = tt.load %ap0 : !tt.ptr<f32>
  %kn0 = arith.muli %k0, %n_cols : i32
  %kn0_v = tt.splat %kn0 : i32 -> tensor<4xi32>
  %bo0 = arith.addi %kn0_v, %cols : tensor<4xi32>
  %bp0s = tt.splat %b : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %bp0 = tt.addptr %bp0s, %bo0 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  %z0 = arith.constant 0.000000e+00 : f32
  %z0_v = tt.splat %z0 : f32 -> tensor<4xf32>
  %bv0 = tt.load %bp0, %mask, %z0_v : tensor<4x!tt.ptr<f32>>
  %av0_v = tt.splat %av0 : f32 -> tensor<4xf32>
  %t0 = arith.mulf %av0_v, %bv0 : tensor<4xf32>
  %acc_v = tt.splat %acc_init : f32 -> tensor<4xf32>
  %acc1 = arith.addf %acc_v, %t0 : tensor<4xf32>
  // k = 1
  %ap1a = tt.addptr %a, %a_row_start : !tt.ptr<f32>, i32
  %k1 = arith.constant 1 : i32
  %ap1 = tt.addptr %ap1a, %k1 : !tt.ptr<f32>, i32
  %av1 = tt.load %ap1 : !tt.ptr<f32>
  %kn1 = arith.muli %k1, %n_cols : i32
  %kn1_v = tt.splat %kn1 : i32 -> tensor<4xi32>
  %bo1 = arith.addi %kn1_v, %cols : tensor<4xi32>
  %bp1s = tt.splat %b : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %bp1 = tt.addptr %bp1s, %bo1 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  %z1 = arith.constant 0.000000e+00 : f32
  %z1_v = tt.splat %z1 : f32 -> tensor<4xf32>
  %bv1 = tt.load %bp1, %mask, %z1_v : tensor<4x!tt.ptr<f32>>
  %av1_v = tt.splat %av1 : f32 -> tensor<4xf32>
  %t1 = arith.mulf %av1_v, %bv1 : tensor<4xf32>
  %acc2 = arith.addf %acc1, %t1 : tensor<4xf32>
  // k = 2
  %ap2a = tt.addptr %a, %a_row_start : !tt.ptr<f32>, i32
  %k2 = arith.constant 2 : i32
  %ap2 = tt.addptr %ap2a, %k2 : !tt.ptr<f32>, i32
  %av2 = tt.load %ap2 : !tt.ptr<f32>
  %kn2 = arith.muli %k2, %n_cols : i32
  %kn2_v = tt.splat %kn2 : i32 -> tensor<4xi32>
  %bo2 = arith.addi %kn2_v, %cols : tensor<4xi32>
  %bp2s = tt.splat %b : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %bp2 = tt.addptr %bp2s, %bo2 : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  %z2 = arith.constant 0.000000e+00 : f32
  %z2_v = tt.splat %z2 : f32 -> tensor<4xf32>
  %bv2 = tt.load %bp2, %mask, %z2_v : tensor<4x!tt.ptr<f32>>
  %av2_v = tt.splat %av2 : f32 -> tensor<4xf32>
  %t2 = arith.mulf %av2_v, %bv2 : tensor<4xf32>
  %acc3 = arith.addf %acc2, %t2 : tensor<4xf32>
  %co_rs = arith.muli %row, %n_cols : i32
  %co_rs_v = tt.splat %co_rs : i32 -> tensor<4xi32>
  %co = arith.addi %co_rs_v, %cols : tensor<4xi32>
  %cps = tt.splat %c : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %cp = tt.addptr %cps, %co : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.store %cp, %acc3, %mask : tensor<4x!tt.ptr<f32>>
  tt.return
}
