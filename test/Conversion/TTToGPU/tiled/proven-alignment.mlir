// Tiled accesses whose alignment and mask TiledAxisInfo proves (from
// tt.divisibility): no run-time alignment test, one mask bit per vector
// access. Each proof has a case next to it where it must not fire.
// RUN: mytriton-opt --convert-tt-to-gpu -split-input-file %s | FileCheck %s

#b = #tt.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>

// A 16-byte aligned base plus a range, no mask: one 16-byte access of 8
// halves with nothing to test.
// CHECK-LABEL: gpu.func @aligned_unmasked
// CHECK-NOT:     llvm.ptrtoint
// CHECK-NOT:     scf.if
// CHECK:         %[[V:.*]] = llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<8xf16>
// CHECK-NOT:     scf.if
// CHECK:         llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<1>
tt.func @aligned_unmasked(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}) attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32, #b>
  %ps = tt.splat %p : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>, #b>
  %pp = tt.addptr %ps, %r : tensor<256x!tt.ptr<f16>, #b>, tensor<256xi32, #b>
  %x = tt.load %pp : tensor<256x!tt.ptr<f16>, #b>
  tt.store %pp, %x : tensor<256x!tt.ptr<f16>, #b>
  tt.return
}

// -----

#b = #tt.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>

// Must not fire: a base of unknown alignment is tested at run time.
// CHECK-LABEL: gpu.func @unknown_alignment
// CHECK:         %[[A:.*]] = llvm.ptrtoint %{{.*}} : !llvm.ptr<1> to i64
// CHECK:         arith.andi %[[A]], %c15_i64 : i64
// CHECK:         scf.if %{{.*}} -> (vector<8xf16>) {
tt.func @unknown_alignment(%p: !tt.ptr<f16>) attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32, #b>
  %ps = tt.splat %p : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>, #b>
  %pp = tt.addptr %ps, %r : tensor<256x!tt.ptr<f16>, #b>, tensor<256xi32, #b>
  %x = tt.load %pp : tensor<256x!tt.ptr<f16>, #b>
  tt.store %pp, %x : tensor<256x!tt.ptr<f16>, #b>
  tt.return
}

// -----

#b = #tt.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>

// Must not fire: an offset of 4 halves (8 bytes) leaves the accesses 8-byte
// aligned only, so the 16-byte access is tested at run time.
// CHECK-LABEL: gpu.func @offset_by_half_a_vector
// CHECK:         llvm.ptrtoint
// CHECK:         scf.if %{{.*}} -> (vector<8xf16>) {
tt.func @offset_by_half_a_vector(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}) attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32, #b>
  %four = arith.constant dense<4> : tensor<256xi32, #b>
  %o = arith.addi %r, %four : tensor<256xi32, #b>
  %ps = tt.splat %p : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>, #b>
  %pp = tt.addptr %ps, %o : tensor<256x!tt.ptr<f16>, #b>, tensor<256xi32, #b>
  %x = tt.load %pp : tensor<256x!tt.ptr<f16>, #b>
  tt.store %pp, %x : tensor<256x!tt.ptr<f16>, #b>
  tt.return
}

// -----

#b = #tt.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>

// `range < n` with n a multiple of 16 is one bit over every 8 lanes: each
// run is one predicated access behind its first mask bit, with no branch
// (as Triton emits it), the load's registers first set to `other`. The
// comparison itself is made once per run (register-run-compare.mlir).
// CHECK-LABEL: gpu.func @uniform_mask
// CHECK:         %[[ONCE:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : vector<1xi32>
// CHECK:         %[[M:.*]] = vector.shuffle %[[ONCE]], %[[ONCE]] [0, 0, 0, 0, 0, 0, 0, 0] : vector<1xi1>, vector<1xi1>
// CHECK-NOT:     llvm.ptrtoint
// CHECK-NOT:     scf.if
// CHECK:         %[[M0:.*]] = vector.extract %[[M]][0] : i1 from vector<8xi1>
// CHECK:         %[[OW:.*]] = vector.bitcast %{{.*}} : vector<8xf16> to vector<4xi32>
// CHECK:         %[[L:.*]] = llvm.inline_asm has_side_effects asm_dialect = att "mov.b32 $0, $6;{{.*}}@$5 ld.global.v4.b32 {$0, $1, $2, $3}, [$4];", "=r,=r,=r,=r,l,b,r,r,r,r" %[[P:.*]], %[[M0]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : (!llvm.ptr<1>, i1, i32, i32, i32, i32) -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK:         vector.bitcast %{{.*}} : vector<4xi32> to vector<8xf16>
// CHECK-NOT:     scf.if
// CHECK:         llvm.inline_asm has_side_effects asm_dialect = att "@$0 st.global.v4.b32 [$1], {$2, $3, $4, $5};", "b,l,r,r,r,r" %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : (i1, !llvm.ptr<1>, i32, i32, i32, i32) -> ()
// CHECK-NEXT:    gpu.return
tt.func @uniform_mask(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32, #b>
  %ns = tt.splat %n : i32 -> tensor<256xi32, #b>
  %m = arith.cmpi slt, %r, %ns : tensor<256xi32, #b>
  %ps = tt.splat %p : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>, #b>
  %pp = tt.addptr %ps, %r : tensor<256x!tt.ptr<f16>, #b>, tensor<256xi32, #b>
  %zero = arith.constant dense<0.0> : tensor<256xf16, #b>
  %x = tt.load %pp, %m, %zero : tensor<256x!tt.ptr<f16>, #b>
  tt.store %pp, %x, %m : tensor<256x!tt.ptr<f16>, #b>
  tt.return
}

// -----

#b = #tt.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>

// Must not fire: with n of unknown divisibility the mask may change inside
// a run, so all 8 bits are tested and a partly masked run goes lane by lane.
// CHECK-LABEL: gpu.func @mask_of_unknown_bound
// CHECK:         %[[M:.*]] = arith.cmpi slt
// CHECK-COUNT-8: vector.extract %[[M]][{{[0-7]}}] : i1 from vector<8xi1>
// CHECK:         scf.if %{{.*}} -> (vector<8xf16>) {
// CHECK:         } else {
// CHECK-COUNT-8:   scf.if %{{.*}} -> (f16) {
tt.func @mask_of_unknown_bound(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32) attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32, #b>
  %ns = tt.splat %n : i32 -> tensor<256xi32, #b>
  %m = arith.cmpi slt, %r, %ns : tensor<256xi32, #b>
  %ps = tt.splat %p : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>, #b>
  %pp = tt.addptr %ps, %r : tensor<256x!tt.ptr<f16>, #b>, tensor<256xi32, #b>
  %x = tt.load %pp, %m : tensor<256x!tt.ptr<f16>, #b>
  tt.store %pp, %x, %m : tensor<256x!tt.ptr<f16>, #b>
  tt.return
}

// -----

#b = #tt.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>

// A pointer tensor carried by a loop and advanced by a multiple of 8 halves
// keeps its contiguity and alignment in every iteration (the loop
// fixpoint): one 16-byte access with nothing to test.
// CHECK-LABEL: gpu.func @loop_carried_aligned
// CHECK:         scf.for
// CHECK-NOT:     llvm.ptrtoint
// CHECK-NOT:     scf.if
// CHECK:         llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<8xf16>
// CHECK:         scf.yield
tt.func @loop_carried_aligned(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %q: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %steps: i32) attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32, #b>
  %ps = tt.splat %p : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>, #b>
  %p0 = tt.addptr %ps, %r : tensor<256x!tt.ptr<f16>, #b>, tensor<256xi32, #b>
  %zero = arith.constant dense<0.0> : tensor<256xf16, #b>
  %step = arith.constant dense<256> : tensor<256xi32, #b>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %res:2 = scf.for %i = %c0 to %steps step %c1 iter_args(%acc = %zero, %pi = %p0) -> (tensor<256xf16, #b>, tensor<256x!tt.ptr<f16>, #b>) : i32 {
    %x = tt.load %pi : tensor<256x!tt.ptr<f16>, #b>
    %s = arith.addf %acc, %x : tensor<256xf16, #b>
    %pn = tt.addptr %pi, %step : tensor<256x!tt.ptr<f16>, #b>, tensor<256xi32, #b>
    scf.yield %s, %pn : tensor<256xf16, #b>, tensor<256x!tt.ptr<f16>, #b>
  }
  %qs = tt.splat %q : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>, #b>
  %qq = tt.addptr %qs, %r : tensor<256x!tt.ptr<f16>, #b>, tensor<256xi32, #b>
  tt.store %qq, %res#0 : tensor<256x!tt.ptr<f16>, #b>
  tt.return
}

// -----

#b = #tt.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>

// Must not fire: advanced by 4 halves per iteration, the carried pointers
// are 8-byte aligned only after the first, so the loop's access is tested.
// CHECK-LABEL: gpu.func @loop_carried_unaligned_step
// CHECK:         scf.for
// CHECK:         llvm.ptrtoint
// CHECK:         scf.if %{{.*}} -> (vector<8xf16>) {
tt.func @loop_carried_unaligned_step(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %q: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %steps: i32) attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32, #b>
  %ps = tt.splat %p : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>, #b>
  %p0 = tt.addptr %ps, %r : tensor<256x!tt.ptr<f16>, #b>, tensor<256xi32, #b>
  %zero = arith.constant dense<0.0> : tensor<256xf16, #b>
  %step = arith.constant dense<4> : tensor<256xi32, #b>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %res:2 = scf.for %i = %c0 to %steps step %c1 iter_args(%acc = %zero, %pi = %p0) -> (tensor<256xf16, #b>, tensor<256x!tt.ptr<f16>, #b>) : i32 {
    %x = tt.load %pi : tensor<256x!tt.ptr<f16>, #b>
    %s = arith.addf %acc, %x : tensor<256xf16, #b>
    %pn = tt.addptr %pi, %step : tensor<256x!tt.ptr<f16>, #b>, tensor<256xi32, #b>
    scf.yield %s, %pn : tensor<256xf16, #b>, tensor<256x!tt.ptr<f16>, #b>
  }
  %qs = tt.splat %q : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>, #b>
  %qq = tt.addptr %qs, %r : tensor<256x!tt.ptr<f16>, #b>, tensor<256xi32, #b>
  tt.store %qq, %res#0 : tensor<256x!tt.ptr<f16>, #b>
  tt.return
}

// -----

#b = #tt.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>

// (pid * 256 + range) % n with n a multiple of 16 keeps runs of 8 (Triton's
// rule for %): tutorial 03's wrapped offsets stay one 16-byte access.
// CHECK-LABEL: gpu.func @wrapped_offsets
// CHECK-NOT:     llvm.ptrtoint
// CHECK:         llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<8xf16>
tt.func @wrapped_offsets(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  %pid = tt.get_program_id 0 : i32
  %c256 = arith.constant 256 : i32
  %base = arith.muli %pid, %c256 : i32
  %bs = tt.splat %base : i32 -> tensor<256xi32, #b>
  %r = tt.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32, #b>
  %o = arith.addi %bs, %r : tensor<256xi32, #b>
  %ns = tt.splat %n : i32 -> tensor<256xi32, #b>
  %w = arith.remsi %o, %ns : tensor<256xi32, #b>
  %ps = tt.splat %p : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>, #b>
  %pp = tt.addptr %ps, %w : tensor<256x!tt.ptr<f16>, #b>, tensor<256xi32, #b>
  %x = tt.load %pp : tensor<256x!tt.ptr<f16>, #b>
  tt.store %pp, %x : tensor<256x!tt.ptr<f16>, #b>
  tt.return
}

// -----

#b = #tt.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>

// Must not fire: modulo an n of unknown divisibility a run may wrap, so the
// access goes element by element (no contiguity claimed at all).
// CHECK-LABEL: gpu.func @wrapped_by_unknown_n
// CHECK-NOT:     vector<8xf16>, !llvm.ptr<1>
// CHECK-NOT:     -> vector<8xf16>
// CHECK:         gpu.return
tt.func @wrapped_by_unknown_n(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32) attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  %pid = tt.get_program_id 0 : i32
  %c256 = arith.constant 256 : i32
  %base = arith.muli %pid, %c256 : i32
  %bs = tt.splat %base : i32 -> tensor<256xi32, #b>
  %r = tt.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32, #b>
  %o = arith.addi %bs, %r : tensor<256xi32, #b>
  %ns = tt.splat %n : i32 -> tensor<256xi32, #b>
  %w = arith.remsi %o, %ns : tensor<256xi32, #b>
  %ps = tt.splat %p : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>, #b>
  %pp = tt.addptr %ps, %w : tensor<256x!tt.ptr<f16>, #b>, tensor<256xi32, #b>
  %x = tt.load %pp : tensor<256x!tt.ptr<f16>, #b>
  tt.store %pp, %x : tensor<256x!tt.ptr<f16>, #b>
  tt.return
}
