// The seed's numerically stable row softmax: a max reduction, exp of the
// shifted row, a sum reduction, and a division; one program per row.
// RUN: mytriton-opt %s | mytriton-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: mytriton-opt %s --tt-optimize | FileCheck %s

// ROUNDTRIP-LABEL: tt.func @softmax_kernel
// ROUNDTRIP: tt.reduce max
// ROUNDTRIP: tt.reduce sum

// Exactly one max and one sum reduction survive; the row's offsets are
// computed once and shared by the load and the store.
// CHECK-LABEL: tt.func @softmax_kernel
// CHECK-DAG:     %[[NINF:.*]] = arith.constant dense<0xFF800000> : tensor<8xf32>
// CHECK:         %[[OFFS:.*]] = arith.addi %{{.*}}, %{{.*}} : tensor<8xi32>
// CHECK:         %[[MASK:.*]] = arith.cmpi slt
// CHECK:         %[[X:.*]] = tt.load %{{.*}}, %[[MASK]], %[[NINF]] : tensor<8x!tt.ptr<f32>>
// CHECK:         %[[MAX:.*]] = tt.reduce max %[[X]] : tensor<8xf32> -> f32
// CHECK:         %[[MAXV:.*]] = tt.splat %[[MAX]] : f32 -> tensor<8xf32>
// CHECK:         %[[SHIFTED:.*]] = arith.subf %[[X]], %[[MAXV]] : tensor<8xf32>
// CHECK:         %[[NUM:.*]] = math.exp %[[SHIFTED]] : tensor<8xf32>
// CHECK:         %[[DEN:.*]] = tt.reduce sum %[[NUM]] : tensor<8xf32> -> f32
// CHECK:         %[[DENV:.*]] = tt.splat %[[DEN]] : f32 -> tensor<8xf32>
// CHECK:         %[[P:.*]] = arith.divf %[[NUM]], %[[DENV]] : tensor<8xf32>
// CHECK:         %[[OUTP:.*]] = tt.addptr %{{.*}}, %[[OFFS]]
// CHECK:         tt.store %[[OUTP]], %[[P]], %[[MASK]] : tensor<8x!tt.ptr<f32>>
// CHECK-NOT:     tt.reduce
tt.func @softmax_kernel(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n_cols: i32) attributes {block_size = 8 : i32} {
  %row = tt.get_program_id 0 : i32
  %cols = tt.make_range {start = 0 : i32, end = 8 : i32} : tensor<8xi32>
  %start = arith.muli %row, %n_cols : i32
  %start_v = tt.splat %start : i32 -> tensor<8xi32>
  %offsets = arith.addi %start_v, %cols : tensor<8xi32>
  %n_v = tt.splat %n_cols : i32 -> tensor<8xi32>
  %mask = arith.cmpi slt, %cols, %n_v : tensor<8xi32>
  %xp = tt.splat %x : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %ptrs = tt.addptr %xp, %offsets : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  %ninf = arith.constant 0xFF800000 : f32
  %other = tt.splat %ninf : f32 -> tensor<8xf32>
  %values = tt.load %ptrs, %mask, %other : tensor<8x!tt.ptr<f32>>
  %row_max = tt.reduce max %values : tensor<8xf32> -> f32
  %max_v = tt.splat %row_max : f32 -> tensor<8xf32>
  %shifted = arith.subf %values, %max_v : tensor<8xf32>
  %num = math.exp %shifted : tensor<8xf32>
  %den = tt.reduce sum %num : tensor<8xf32> -> f32
  %den_v = tt.splat %den : f32 -> tensor<8xf32>
  %probs = arith.divf %num, %den_v : tensor<8xf32>
  %op = tt.splat %out : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %optrs = tt.addptr %op, %offsets : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  tt.store %optrs, %probs, %mask : tensor<8x!tt.ptr<f32>>
  tt.return
}
