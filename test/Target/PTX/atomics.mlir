// The PTX of tt atomics on the gpu/nvvm route: the `atom` instructions keep
// their ordering and scope (LLVM's own atomicrmw would print a bare `atom`),
// a used scalar atomic's old value goes through shared memory between two
// barriers, and ptxas accepts the result.
// REQUIRES: emit-ptx, ptxas
// RUN: mytriton-translate --emit-ptx %s | FileCheck %s
// RUN: mytriton-translate --emit-cubin %s -o %t.cubin

// CHECK-LABEL: .visible .entry tensor_fadd(
// CHECK:         atom.acq_rel.gpu.global.add.f32 %r{{[0-9]+}}, [%rd{{[0-9]+}}], %r{{[0-9]+}};
// CHECK-LABEL: .visible .entry lanes_fmax(
// CHECK-COUNT-4: atom.relaxed.cta.global.{{max.s32|min.u32}}
// CHECK-LABEL: .visible .entry scalar_cas(
// CHECK:         bar.sync 0;
// CHECK:         atom.acq_rel.gpu.global.cas.b32 %[[OLD:r[0-9]+]], [%rd{{[0-9]+}}], %r{{[0-9]+}}, %r{{[0-9]+}};
// CHECK:         st.shared.b32 [[[SLOT:.*]]], %[[OLD]];
// CHECK:         bar.sync 0;
// CHECK:         ld.shared.b32 %r{{[0-9]+}}, [[[SLOT]]];
// CHECK:         bar.sync 0;
// CHECK:         atom.release.sys.global.exch.b32
// CHECK-NOT:     bar.sync
// CHECK:         atom.relaxed.gpu.global.add.u32
// CHECK-LABEL: .visible .entry packed(
// CHECK:         atom.acq_rel.gpu.global.add.u32
// CHECK:         atom.acq_rel.gpu.global.max.s32
tt.func @tensor_fadd(%p: !tt.ptr<f32>, %n: i32) attributes {block_size = 32 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %ns = tt.splat %n : i32 -> tensor<32xi32>
  %mask = arith.cmpi slt, %r, %ns : tensor<32xi32>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
  %ptrs = tt.addptr %ps, %r : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
  %vals = arith.sitofp %r : tensor<32xi32> to tensor<32xf32>
  %old = tt.atomic_rmw fadd, acq_rel, gpu, %ptrs, %vals, %mask : tensor<32x!tt.ptr<f32>>
  tt.store %ptrs, %old : tensor<32x!tt.ptr<f32>>
  tt.return
}
tt.func @lanes_fmax(%p: !tt.ptr<f32>, %q: !tt.ptr<f32>) attributes {block_size = 128 : i32, num_warps = 1 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %ptrs = tt.addptr %ps, %r : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %qs = tt.splat %q : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %qptrs = tt.addptr %qs, %r : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %vals = tt.load %qptrs : tensor<128x!tt.ptr<f32>>
  %old = tt.atomic_rmw fmax, relaxed, cta, %ptrs, %vals : tensor<128x!tt.ptr<f32>>
  tt.return
}
tt.func @scalar_cas(%lock: !tt.ptr<i32>, %out: !tt.ptr<i32>) attributes {block_size = 64 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %old = tt.atomic_cas acq_rel, gpu, %lock, %c0, %c1 : !tt.ptr<i32>
  %r = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %olds = tt.splat %old : i32 -> tensor<64xi32>
  %v = arith.addi %r, %olds : tensor<64xi32>
  %os = tt.splat %out : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>>
  %optrs = tt.addptr %os, %r : tensor<64x!tt.ptr<i32>>, tensor<64xi32>
  tt.store %optrs, %v : tensor<64x!tt.ptr<i32>>
  %c = arith.cmpi eq, %old, %c0 : i32
  %x = tt.atomic_rmw xchg, release, sys, %lock, %c0, %c : !tt.ptr<i32>
  %y = tt.atomic_rmw add, relaxed, gpu, %out, %c1 : !tt.ptr<i32>
  tt.return
}
tt.func @packed(%p: !tt.ptr<i32>) attributes {block_size = 16 : i32, programs_per_cta = 2 : i32} {
  %c1 = arith.constant 1 : i32
  %old = tt.atomic_rmw add, acq_rel, gpu, %p, %c1 : !tt.ptr<i32>
  %r = tt.make_range {start = 0 : i32, end = 16 : i32} : tensor<16xi32>
  %ps = tt.splat %p : !tt.ptr<i32> -> tensor<16x!tt.ptr<i32>>
  %ptrs = tt.addptr %ps, %r : tensor<16x!tt.ptr<i32>>, tensor<16xi32>
  %olds = tt.splat %old : i32 -> tensor<16xi32>
  %a = tt.atomic_rmw max, acq_rel, gpu, %ptrs, %olds : tensor<16x!tt.ptr<i32>>
  tt.return
}
