// arith.truncf with a directed rounding mode is PTX cvt with its modifier on
// every lane (arith-to-llvm's constrained fptrunc would round to nearest);
// an f64 narrowed to 16 bits rounds to f32 first in the same mode; an
// explicit to_nearest_even is a plain truncf. Other casts stay arith ops.
// RUN: mytriton-opt --convert-tt-to-gpu %s | FileCheck %s

// CHECK-LABEL: gpu.func @rz_scalar(
// CHECK-SAME:      %[[X:.*]]: f32, %[[D:.*]]: f64
// CHECK:         %[[H:.*]] = llvm.inline_asm asm_dialect = att "cvt.rz.f16.f32 $0, $1;", "=h,f" %[[X]] : (f32) -> i16
// CHECK:         %[[HF:.*]] = arith.bitcast %[[H]] : i16 to f16
// CHECK:         %[[B:.*]] = llvm.inline_asm asm_dialect = att "cvt.rm.bf16.f32 $0, $1;", "=h,f" %[[X]] : (f32) -> i16
// CHECK:         %[[BF:.*]] = arith.bitcast %[[B]] : i16 to bf16
// CHECK:         %[[F:.*]] = llvm.inline_asm asm_dialect = att "cvt.rp.f32.f64 $0, $1;", "=f,d" %[[D]] : (f64) -> f32
// CHECK:         %[[F32:.*]] = llvm.inline_asm asm_dialect = att "cvt.rz.f32.f64 $0, $1;", "=f,d" %[[D]] : (f64) -> f32
// CHECK:         %[[DH:.*]] = llvm.inline_asm asm_dialect = att "cvt.rz.f16.f32 $0, $1;", "=h,f" %[[F32]] : (f32) -> i16
// CHECK:         %[[N:.*]] = arith.truncf %[[X]] : f32 to f16
// CHECK-NOT:     to_nearest_even
// CHECK:         gpu.return
tt.func @rz_scalar(%x: f32, %d: f64, %ph: !tt.ptr<f16>, %pb: !tt.ptr<bf16>, %pf: !tt.ptr<f32>) attributes {block_size = 32 : i32} {
  %h = arith.truncf %x toward_zero : f32 to f16
  tt.store %ph, %h : !tt.ptr<f16>
  %b = arith.truncf %x downward : f32 to bf16
  tt.store %pb, %b : !tt.ptr<bf16>
  %f = arith.truncf %d upward : f64 to f32
  tt.store %pf, %f : !tt.ptr<f32>
  %dh = arith.truncf %d toward_zero : f64 to f16
  tt.store %ph, %dh : !tt.ptr<f16>
  %n = arith.truncf %x to_nearest_even : f32 to f16
  tt.store %ph, %n : !tt.ptr<f16>
  tt.return
}

// Two lanes per thread: one cvt per lane, rebuilt as the thread's vector.
// CHECK-LABEL: gpu.func @rz_lanes(
// CHECK:         %[[V:.*]] = scf.if %{{.*}} -> (vector<2xf32>)
// CHECK:         %[[L0:.*]] = vector.extract %[[V]][0] : f32 from vector<2xf32>
// CHECK:         %[[C0:.*]] = llvm.inline_asm asm_dialect = att "cvt.rz.f16.f32 $0, $1;", "=h,f" %[[L0]]
// CHECK:         %[[H0:.*]] = arith.bitcast %[[C0]] : i16 to f16
// CHECK:         %[[L1:.*]] = vector.extract %[[V]][1] : f32 from vector<2xf32>
// CHECK:         %[[C1:.*]] = llvm.inline_asm asm_dialect = att "cvt.rz.f16.f32 $0, $1;", "=h,f" %[[L1]]
// CHECK:         %[[H1:.*]] = arith.bitcast %[[C1]] : i16 to f16
// CHECK:         vector.from_elements %[[H0]], %[[H1]] : vector<2xf16>
// CHECK:         %[[S:.*]] = arith.sitofp %{{.*}} : vector<2xi8> to vector<2xf64>
// CHECK:         arith.fptoui %[[S]] : vector<2xf64> to vector<2xi16>
tt.func @rz_lanes(%x: !tt.ptr<f32>, %o: !tt.ptr<f16>, %c: !tt.ptr<i8>, %u: !tt.ptr<i16>) attributes {block_size = 64 : i32, num_warps = 1 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %v = tt.load %xp : tensor<64x!tt.ptr<f32>>
  %h = arith.truncf %v toward_zero : tensor<64xf32> to tensor<64xf16>
  %os = tt.splat %o : !tt.ptr<f16> -> tensor<64x!tt.ptr<f16>>
  %op = tt.addptr %os, %r : tensor<64x!tt.ptr<f16>>, tensor<64xi32>
  tt.store %op, %h : tensor<64x!tt.ptr<f16>>
  %cs = tt.splat %c : !tt.ptr<i8> -> tensor<64x!tt.ptr<i8>>
  %cp = tt.addptr %cs, %r : tensor<64x!tt.ptr<i8>>, tensor<64xi32>
  %ci = tt.load %cp : tensor<64x!tt.ptr<i8>>
  %s = arith.sitofp %ci : tensor<64xi8> to tensor<64xf64>
  %t = arith.fptoui %s : tensor<64xf64> to tensor<64xi16>
  %us = tt.splat %u : !tt.ptr<i16> -> tensor<64x!tt.ptr<i16>>
  %up = tt.addptr %us, %r : tensor<64x!tt.ptr<i16>>, tensor<64xi32>
  tt.store %up, %t : tensor<64x!tt.ptr<i16>>
  tt.return
}
