// tt atomics on the gpu/nvvm route: one PTX `atom` per lane, as inline
// assembly with its ordering and scope, behind the lane's mask bit; float
// max/min as two integer atoms behind a sign test; a scalar atomic in
// thread 0, its old value through a workgroup slot between barriers.
// RUN: mytriton-opt --convert-tt-to-gpu --split-input-file %s | FileCheck %s

// CHECK-LABEL: gpu.func @tensor_fadd(
// CHECK-SAME:      %[[P:[^:]+]]: !llvm.ptr<1>, %[[N:[^:]+]]: i32
// CHECK:         %[[T:.*]] = arith.index_castui %{{.*}} : index to i32
// CHECK:         %[[MASK:.*]] = arith.cmpi slt, %[[T]], %[[N]] : i32
// CHECK:         %[[PTR:.*]] = llvm.getelementptr %[[P]][%[[T]]]
// CHECK:         %[[VAL:.*]] = arith.sitofp %[[T]] : i32 to f32
// CHECK:         %[[OLD:.*]] = scf.if %[[MASK]] -> (f32) {
// CHECK:           %[[A:.*]] = llvm.inline_asm has_side_effects asm_dialect = att "atom.acq_rel.gpu.global.add.f32 $0, [$1], $2;", "=f,l,f,~{memory}" %[[PTR]], %[[VAL]] : (!llvm.ptr<1>, f32) -> f32
// CHECK:           scf.yield %[[A]] : f32
// CHECK:         } else {
// CHECK:           %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:           scf.yield %[[Z]] : f32
// CHECK:         llvm.store %[[OLD]], %[[PTR]]
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

// -----

// Four lanes per thread: four atoms per kind. f32 max: unsigned min of the
// bits where the value's sign bit is set, signed max where it is clear.
// CHECK-LABEL: gpu.func @lanes_fmax(
// CHECK:         %[[PTRS:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (vector<4x!llvm.ptr<1>>, vector<4xi32>) -> vector<4x!llvm.ptr<1>>, f32
// CHECK:         %[[P0:.*]] = vector.extract %[[PTRS]][0]
// CHECK:         %[[V0:.*]] = vector.extract %[[VALS:.*]][0] : f32 from vector<4xf32>
// CHECK:         %[[B0:.*]] = arith.bitcast %[[V0]] : f32 to i32
// CHECK:         %[[NEG:.*]] = arith.cmpi slt, %[[B0]], %{{.*}} : i32
// CHECK:         %[[O0:.*]] = scf.if %[[NEG]] -> (i32) {
// CHECK:           llvm.inline_asm has_side_effects asm_dialect = att "atom.relaxed.cta.global.min.u32 $0, [$1], $2;", "=r,l,r,~{memory}" %[[P0]], %[[B0]]
// CHECK:         } else {
// CHECK:           llvm.inline_asm has_side_effects asm_dialect = att "atom.relaxed.cta.global.max.s32 $0, [$1], $2;", "=r,l,r,~{memory}" %[[P0]], %[[B0]]
// CHECK:         arith.bitcast %[[O0]] : i32 to f32
// CHECK:         vector.extract %[[PTRS]][1]
// CHECK-COUNT-2: atom.relaxed.cta.global
// CHECK:         vector.extract %[[PTRS]][2]
// CHECK-COUNT-2: atom.relaxed.cta.global
// CHECK:         vector.extract %[[PTRS]][3]
// CHECK-COUNT-2: atom.relaxed.cta.global
// CHECK-NOT:     atom.
// CHECK:         gpu.return
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

// -----

// A used scalar compare-and-swap: thread 0 swaps and writes the slot between
// two barriers, every thread reads it. An unused release exchange keeps the
// barrier before it (it publishes what every thread stored); an unused
// relaxed add needs none.
// CHECK:       llvm.mlir.global internal @[[SLOTS:scalar_cas_atomic_result_0]]() {addr_space = 3 : i32, alignment = 4 : i64} : !llvm.array<1 x i32>
// CHECK-LABEL: gpu.func @scalar_cas(
// CHECK-SAME:      %[[LOCK:[^:]+]]: !llvm.ptr<1>, %[[OUT:[^:]+]]: !llvm.ptr<1>
// CHECK:         %[[FIRST:.*]] = arith.cmpi eq, %{{.*}}, %{{.*}} : i32
// CHECK:         %[[BASE:.*]] = llvm.mlir.addressof @[[SLOTS]] : !llvm.ptr<3>
// CHECK:         %[[SLOT:.*]] = llvm.getelementptr inbounds %[[BASE]][0, %{{.*}}]
// CHECK:         gpu.barrier
// CHECK:         scf.if %[[FIRST]] {
// CHECK:           %[[CAS:.*]] = llvm.inline_asm has_side_effects asm_dialect = att "atom.acq_rel.gpu.global.cas.b32 $0, [$1], $2, $3;", "=r,l,r,r,~{memory}" %[[LOCK]]
// CHECK:           llvm.store %[[CAS]], %[[SLOT]]
// CHECK:         }
// CHECK:         gpu.barrier
// CHECK:         %[[OLD:.*]] = llvm.load %[[SLOT]]
// CHECK:         arith.addi %{{.*}}, %[[OLD]] : i32
// CHECK:         %[[FREE:.*]] = arith.cmpi eq, %[[OLD]], %{{.*}} : i32
// CHECK:         %[[ON:.*]] = arith.andi %{{.*}}, %[[FREE]] : i1
// CHECK:         gpu.barrier
// CHECK-NEXT:    scf.if %[[ON]] {
// CHECK-NEXT:      llvm.inline_asm has_side_effects asm_dialect = att "atom.release.sys.global.exch.b32 $0, [$1], $2;", "=r,l,r,~{memory}" %[[LOCK]]
// CHECK-NEXT:    }
// CHECK-NOT:     gpu.barrier
// CHECK:         scf.if
// CHECK-NEXT:      llvm.inline_asm has_side_effects asm_dialect = att "atom.relaxed.gpu.global.add.u32 $0, [$1], $2;", "=r,l,r,~{memory}" %[[OUT]]
// CHECK-NEXT:    }
// CHECK-NEXT:    gpu.return
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

// -----

// Packed programs: one slot per program (threadIdx.y), and a program past
// the grid's end performs no atomic, scalar or tensor.
// CHECK:       llvm.mlir.global internal @[[SLOTS:packed_atomic_result_0]]() {addr_space = 3 : i32, alignment = 4 : i64} : !llvm.array<2 x i32>
// CHECK-LABEL: gpu.func @packed(
// CHECK:         %[[LIVE:.*]] = arith.cmpi ult, %{{.*}}, %{{.*}} : i32
// CHECK:         %[[FIRST:.*]] = arith.cmpi eq, %{{.*}}, %{{.*}} : i32
// CHECK:         %[[ON:.*]] = arith.andi %[[FIRST]], %[[LIVE]] : i1
// CHECK:         %[[BASE:.*]] = llvm.mlir.addressof @[[SLOTS]]
// CHECK:         %[[Y:.*]] = arith.index_castui %{{.*}} : index to i32
// CHECK:         llvm.getelementptr inbounds %[[BASE]][0, %[[Y]]]
// CHECK:         gpu.barrier
// CHECK:         scf.if %[[ON]] {
// CHECK:           atom.acq_rel.gpu.global.add.u32
// CHECK:         gpu.barrier
// CHECK:         %[[LIVE2:.*]] = arith.cmpi ult, %{{.*}}, %{{.*}} : i32
// CHECK:         scf.if %[[LIVE2]] -> (i32) {
// CHECK:           atom.acq_rel.gpu.global.max.s32
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

// -----

// f32 compare-and-swap compares the bits.
// CHECK-LABEL: gpu.func @float_cas(
// CHECK-SAME:      %[[P:[^:]+]]: !llvm.ptr<1>, %[[C:[^:]+]]: f32, %[[V:[^:]+]]: f32
// CHECK:         %[[CB:.*]] = arith.bitcast %[[C]] : f32 to i32
// CHECK:         %[[VB:.*]] = arith.bitcast %[[V]] : f32 to i32
// CHECK:         %[[O:.*]] = llvm.inline_asm has_side_effects asm_dialect = att "atom.acquire.cta.global.cas.b32 $0, [$1], $2, $3;", "=r,l,r,r,~{memory}" %{{.*}}, %[[CB]], %[[VB]] : (!llvm.ptr<1>, i32, i32) -> i32
// CHECK:         arith.bitcast %[[O]] : i32 to f32
tt.func @float_cas(%p: !tt.ptr<f32>, %c: f32, %v: f32) attributes {block_size = 32 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
  %ptrs = tt.addptr %ps, %r : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
  %cs = tt.splat %c : f32 -> tensor<32xf32>
  %vs = tt.splat %v : f32 -> tensor<32xf32>
  %old = tt.atomic_cas acquire, cta, %ptrs, %cs, %vs : tensor<32x!tt.ptr<f32>>
  tt.store %ptrs, %old : tensor<32x!tt.ptr<f32>>
  tt.return
}

// -----

// 16- and 64-bit elements: a 16-bit float passes through its i16 bits ("h"
// registers); f64 max is the sign test on i64 bits with 64-bit atoms; a
// 16-bit compare-and-swap is cas.b16; a used scalar's slot has the
// element's size and alignment.
// CHECK-LABEL: gpu.func @widths(
// CHECK-SAME:      %[[P:[^:]+]]: !llvm.ptr<1>, %[[Q:[^:]+]]: !llvm.ptr<1>, %[[S:[^:]+]]: !llvm.ptr<1>, %[[X:[^:]+]]: f16, %[[Y:[^:]+]]: f64, %[[Z:[^:]+]]: i16
// CHECK:         %[[XB:.*]] = arith.bitcast %[[X]] : f16 to i16
// CHECK:         %[[HA:.*]] = llvm.inline_asm has_side_effects asm_dialect = att "atom.relaxed.gpu.global.add.noftz.f16 $0, [$1], $2;", "=h,l,h,~{memory}" %[[P]], %[[XB]] : (!llvm.ptr<1>, i16) -> i16
// CHECK:         arith.bitcast %[[HA]] : i16 to f16
// CHECK:         %[[YB:.*]] = arith.bitcast %[[Y]] : f64 to i64
// CHECK:         %[[NEG:.*]] = arith.cmpi slt, %[[YB]], %{{.*}} : i64
// CHECK:         scf.if %[[NEG]] -> (i64) {
// CHECK:           llvm.inline_asm has_side_effects asm_dialect = att "atom.acq_rel.gpu.global.min.u64 $0, [$1], $2;", "=l,l,l,~{memory}" %[[Q]], %[[YB]] : (!llvm.ptr<1>, i64) -> i64
// CHECK:         } else {
// CHECK:           llvm.inline_asm has_side_effects asm_dialect = att "atom.acq_rel.gpu.global.max.s64 $0, [$1], $2;", "=l,l,l,~{memory}" %[[Q]], %[[YB]] : (!llvm.ptr<1>, i64) -> i64
// CHECK:         %[[OLD:.*]] = llvm.inline_asm has_side_effects asm_dialect = att "atom.acq_rel.gpu.global.cas.b16 $0, [$1], $2, $3;", "=h,l,h,h,~{memory}" %[[S]], %[[Z]], %[[Z]] : (!llvm.ptr<1>, i16, i16) -> i16
// CHECK:         llvm.store %[[OLD]], %{{.*}} {alignment = 2 : i64} : i16, !llvm.ptr<3>
tt.func @widths(%p: !tt.ptr<f16>, %q: !tt.ptr<f64>, %s: !tt.ptr<i16>, %x: f16, %y: f64, %z: i16) attributes {block_size = 32 : i32} {
  %a = tt.atomic_rmw fadd, relaxed, gpu, %p, %x : !tt.ptr<f16>
  %b = tt.atomic_rmw fmax, acq_rel, gpu, %q, %y : !tt.ptr<f64>
  %c = tt.atomic_cas acq_rel, gpu, %s, %z, %z : !tt.ptr<i16>
  tt.store %s, %c : !tt.ptr<i16>
  tt.return
}
