// The seed's copy kernel: a masked load stored back unchanged.
// RUN: mytriton-opt %s | mytriton-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: mytriton-opt %s --tt-optimize | FileCheck %s
// ROUNDTRIP: tt.func @copy_kernel(%{{.*}}: !tt.ptr<f32>, %{{.*}}: !tt.ptr<f32>, %{{.*}}: i32) attributes {block_size = 256 : i32}

// CHECK-LABEL: tt.func @copy_kernel
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<256xf32>
// CHECK:         %[[MASK:.*]] = arith.cmpi slt
// CHECK:         %[[X:.*]] = tt.load %{{.*}}, %[[MASK]], %[[ZERO]] : tensor<256x!tt.ptr<f32>>
// CHECK-NOT:     arith.
// CHECK:         tt.store %{{.*}}, %[[X]], %[[MASK]] : tensor<256x!tt.ptr<f32>>

tt.func @copy_kernel(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n: i32) attributes {block_size = 256 : i32} {
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
  %c0 = arith.constant 0.000000e+00 : f32
  %zero = tt.splat %c0 : f32 -> tensor<256xf32>
  %xv = tt.load %xptrs, %mask, %zero : tensor<256x!tt.ptr<f32>>
  %op = tt.splat %out : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %optrs = tt.addptr %op, %offs : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  tt.store %optrs, %xv, %mask : tensor<256x!tt.ptr<f32>>
  tt.return
}
