// With several lanes per thread the emitter prints loads before the ops
// that use them, but at most 16 at a time: hoisting all 18 loads of this
// unrolled sum would keep them all live (the naive matmul spilled).
// RUN: mytriton-translate --emit-cuda %s | FileCheck %s

// CHECK-LABEL: void __launch_bounds__(32) unrolled_sum
// CHECK-COUNT-16: _vec = *reinterpret_cast<const float4*>
// CHECK-NOT:       _vec = *reinterpret_cast
// CHECK:           const float v{{[0-9]+}}_0 = v{{[0-9]+}}_0 + v{{[0-9]+}}_0;
// CHECK:           _vec = *reinterpret_cast<const float4*>(&(arg0 + v0_0)[2048]);
// CHECK:           _vec = *reinterpret_cast<const float4*>(&(arg0 + v0_0)[2176]);

tt.func @unrolled_sum(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>) attributes {block_size = 128 : i32, num_warps = 1 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %base = tt.addptr %xs, %r : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %acc0 = arith.constant dense<0.0> : tensor<128xf32>
  %c0 = arith.constant dense<0> : tensor<128xi32>
  %p0 = tt.addptr %base, %c0 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %v0 = tt.load %p0 : tensor<128x!tt.ptr<f32>>
  %acc1 = arith.addf %acc0, %v0 : tensor<128xf32>
  %c1 = arith.constant dense<128> : tensor<128xi32>
  %p1 = tt.addptr %base, %c1 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %v1 = tt.load %p1 : tensor<128x!tt.ptr<f32>>
  %acc2 = arith.addf %acc1, %v1 : tensor<128xf32>
  %c2 = arith.constant dense<256> : tensor<128xi32>
  %p2 = tt.addptr %base, %c2 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %v2 = tt.load %p2 : tensor<128x!tt.ptr<f32>>
  %acc3 = arith.addf %acc2, %v2 : tensor<128xf32>
  %c3 = arith.constant dense<384> : tensor<128xi32>
  %p3 = tt.addptr %base, %c3 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %v3 = tt.load %p3 : tensor<128x!tt.ptr<f32>>
  %acc4 = arith.addf %acc3, %v3 : tensor<128xf32>
  %c4 = arith.constant dense<512> : tensor<128xi32>
  %p4 = tt.addptr %base, %c4 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %v4 = tt.load %p4 : tensor<128x!tt.ptr<f32>>
  %acc5 = arith.addf %acc4, %v4 : tensor<128xf32>
  %c5 = arith.constant dense<640> : tensor<128xi32>
  %p5 = tt.addptr %base, %c5 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %v5 = tt.load %p5 : tensor<128x!tt.ptr<f32>>
  %acc6 = arith.addf %acc5, %v5 : tensor<128xf32>
  %c6 = arith.constant dense<768> : tensor<128xi32>
  %p6 = tt.addptr %base, %c6 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %v6 = tt.load %p6 : tensor<128x!tt.ptr<f32>>
  %acc7 = arith.addf %acc6, %v6 : tensor<128xf32>
  %c7 = arith.constant dense<896> : tensor<128xi32>
  %p7 = tt.addptr %base, %c7 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %v7 = tt.load %p7 : tensor<128x!tt.ptr<f32>>
  %acc8 = arith.addf %acc7, %v7 : tensor<128xf32>
  %c8 = arith.constant dense<1024> : tensor<128xi32>
  %p8 = tt.addptr %base, %c8 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %v8 = tt.load %p8 : tensor<128x!tt.ptr<f32>>
  %acc9 = arith.addf %acc8, %v8 : tensor<128xf32>
  %c9 = arith.constant dense<1152> : tensor<128xi32>
  %p9 = tt.addptr %base, %c9 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %v9 = tt.load %p9 : tensor<128x!tt.ptr<f32>>
  %acc10 = arith.addf %acc9, %v9 : tensor<128xf32>
  %c10 = arith.constant dense<1280> : tensor<128xi32>
  %p10 = tt.addptr %base, %c10 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %v10 = tt.load %p10 : tensor<128x!tt.ptr<f32>>
  %acc11 = arith.addf %acc10, %v10 : tensor<128xf32>
  %c11 = arith.constant dense<1408> : tensor<128xi32>
  %p11 = tt.addptr %base, %c11 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %v11 = tt.load %p11 : tensor<128x!tt.ptr<f32>>
  %acc12 = arith.addf %acc11, %v11 : tensor<128xf32>
  %c12 = arith.constant dense<1536> : tensor<128xi32>
  %p12 = tt.addptr %base, %c12 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %v12 = tt.load %p12 : tensor<128x!tt.ptr<f32>>
  %acc13 = arith.addf %acc12, %v12 : tensor<128xf32>
  %c13 = arith.constant dense<1664> : tensor<128xi32>
  %p13 = tt.addptr %base, %c13 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %v13 = tt.load %p13 : tensor<128x!tt.ptr<f32>>
  %acc14 = arith.addf %acc13, %v13 : tensor<128xf32>
  %c14 = arith.constant dense<1792> : tensor<128xi32>
  %p14 = tt.addptr %base, %c14 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %v14 = tt.load %p14 : tensor<128x!tt.ptr<f32>>
  %acc15 = arith.addf %acc14, %v14 : tensor<128xf32>
  %c15 = arith.constant dense<1920> : tensor<128xi32>
  %p15 = tt.addptr %base, %c15 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %v15 = tt.load %p15 : tensor<128x!tt.ptr<f32>>
  %acc16 = arith.addf %acc15, %v15 : tensor<128xf32>
  %c16 = arith.constant dense<2048> : tensor<128xi32>
  %p16 = tt.addptr %base, %c16 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %v16 = tt.load %p16 : tensor<128x!tt.ptr<f32>>
  %acc17 = arith.addf %acc16, %v16 : tensor<128xf32>
  %c17 = arith.constant dense<2176> : tensor<128xi32>
  %p17 = tt.addptr %base, %c17 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %v17 = tt.load %p17 : tensor<128x!tt.ptr<f32>>
  %acc18 = arith.addf %acc17, %v17 : tensor<128xf32>
  %os = tt.splat %out : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %op = tt.addptr %os, %r : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  tt.store %op, %acc18 : tensor<128x!tt.ptr<f32>>
  tt.return
}
