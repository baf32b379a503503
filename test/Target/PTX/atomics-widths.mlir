// The PTX of tt atomics on 16- and 64-bit elements (Triton's element types):
// f16 and bf16 fadd as add.noftz on .b16 registers, f64 fmax as 64-bit
// integer atoms behind the sign test, u64 min, 64- and 16-bit
// compare-and-swap, a used scalar f64 atomic's slot 8-byte aligned; ptxas
// accepts it for sm_90. bf16 add is sm_90's: an sm_80 target is refused
// at the op.
// REQUIRES: emit-ptx, ptxas
// RUN: mytriton-translate --emit-ptx %s | FileCheck %s
// RUN: mytriton-translate --emit-cubin %s -o %t.cubin
// RUN: not mytriton-translate --emit-ptx --ptx-chip=sm_80 %s 2>&1 | FileCheck %s --check-prefix=SM80

// CHECK-LABEL: .visible .entry half_fadd(
// CHECK:         atom.acq_rel.gpu.global.add.noftz.f16 %rs{{[0-9]+}}, [%rd{{[0-9]+}}], %rs{{[0-9]+}};
// CHECK:         atom.relaxed.cta.global.add.noftz.bf16 %rs{{[0-9]+}}, [%rd{{[0-9]+}}], %rs{{[0-9]+}};
// SM80:        atomics-widths.mlir:[[# @LINE + 12]]:11: error: an atomic add on bf16 elements needs sm_90 or newer (atom.add.noftz.bf16); the target chip is sm_80
// SM80-NOT:    error
tt.func @half_fadd(%p: !tt.ptr<f16>, %q: !tt.ptr<bf16>) attributes {block_size = 32 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %ps = tt.splat %p : !tt.ptr<f16> -> tensor<32x!tt.ptr<f16>>
  %ptrs = tt.addptr %ps, %r : tensor<32x!tt.ptr<f16>>, tensor<32xi32>
  %vals = arith.sitofp %r : tensor<32xi32> to tensor<32xf16>
  %old = tt.atomic_rmw fadd, acq_rel, gpu, %ptrs, %vals : tensor<32x!tt.ptr<f16>>
  tt.store %ptrs, %old : tensor<32x!tt.ptr<f16>>
  %qs = tt.splat %q : !tt.ptr<bf16> -> tensor<32x!tt.ptr<bf16>>
  %qptrs = tt.addptr %qs, %r : tensor<32x!tt.ptr<bf16>>, tensor<32xi32>
  %bvals = arith.sitofp %r : tensor<32xi32> to tensor<32xbf16>
  %bold = tt.atomic_rmw fadd, relaxed, cta, %qptrs, %bvals : tensor<32x!tt.ptr<bf16>>
  tt.return
}

// CHECK-LABEL: .visible .entry wide(
// CHECK-DAG:     .shared .align 8 .f64 [[SLOT:wide_atomic_result_0[^;]*]];
// CHECK-DAG:     .shared .align 2 .u16 wide_atomic_result_3
// CHECK:         setp.gt.s64 %p{{[0-9]+}}, %rd[[BITS:[0-9]+]], -1;
// CHECK-DAG:     atom.acq_rel.gpu.global.min.u64 %rd{{[0-9]+}}, [%rd{{[0-9]+}}], %rd[[BITS]];
// CHECK-DAG:     atom.acq_rel.gpu.global.max.s64 %rd{{[0-9]+}}, [%rd{{[0-9]+}}], %rd[[BITS]];
// CHECK:         st.shared.b64 [[[SLOT]]], %rd{{[0-9]+}};
// CHECK:         atom.relaxed.gpu.global.min.u64
// CHECK:         atom.acq_rel.gpu.global.cas.b64 %rd{{[0-9]+}}, [%rd{{[0-9]+}}], %rd{{[0-9]+}}, %rd{{[0-9]+}};
// CHECK:         atom.acq_rel.gpu.global.cas.b16 %rs{{[0-9]+}}, [%rd{{[0-9]+}}], %rs{{[0-9]+}}, %rs{{[0-9]+}};
// CHECK:         atom.acq_rel.gpu.global.add.f64 %rd{{[0-9]+}}, [%rd{{[0-9]+}}], %rd{{[0-9]+}};
tt.func @wide(%p: !tt.ptr<f64>, %q: !tt.ptr<i64>, %s: !tt.ptr<i16>, %x: f64, %y: i64, %z: i16) attributes {block_size = 32 : i32} {
  %a = tt.atomic_rmw fmax, acq_rel, gpu, %p, %x : !tt.ptr<f64>
  %b = tt.atomic_rmw umin, relaxed, gpu, %q, %y : !tt.ptr<i64>
  %c = tt.atomic_cas acq_rel, gpu, %p, %a, %x : !tt.ptr<f64>
  %d = tt.atomic_cas acq_rel, gpu, %s, %z, %z : !tt.ptr<i16>
  %e = tt.atomic_rmw fadd, acq_rel, gpu, %p, %c : !tt.ptr<f64>
  %bb = arith.sitofp %b : i64 to f64
  %f = arith.addf %e, %bb : f64
  tt.store %p, %f : !tt.ptr<f64>
  tt.store %s, %d : !tt.ptr<i16>
  tt.return
}
