// The pipelined fp16 wgmma loop of tt-pipeline (test/Dialect/TT/
// software-pipeline.mlir's first kernel) down to PTX for sm_90a: before the
// loop, two groups of 16-byte cp.async copies (each thread copies 2 runs of
// 8 halves of a and 2 of b per stage, src-size 0 where masked off); in the
// loop, cp.async.wait_group 1, the proxy fence (the tensor cores read what
// cp.async wrote through the generic proxy) and a barrier, wgmma from the
// slot left running (wgmma.wait_group 1: the previous iteration's is done),
// a barrier, then the copies two iterations ahead into the slot that one
// read; the second k step's matrix descriptors are the first's plus a
// constant (one add each, not rebuilt from the address); after the loop, both waits with nothing left in flight.
// ptxas assembles it without spills.
// RUN: mytriton-opt --tt-to-ptx="chip=sm_90a" %s | %python %S/../../../Target/PTX/Inputs/extract_gpu_object.py -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx --implicit-check-not=.local
// RUN: %if ptxas %{ %cuda_toolkit/bin/ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS %}

// CHECK-LABEL: .entry matmul(
// CHECK-COUNT-4: cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16, %r{{[0-9]+}};
// CHECK:         cp.async.commit_group;
// CHECK-COUNT-4: cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16, %r{{[0-9]+}};
// CHECK:         cp.async.commit_group;
// CHECK:       [[LOOP:\$L__BB0_[0-9]+]]:
// CHECK:         cp.async.wait_group 1;
// CHECK-NEXT:    fence.proxy.async.shared::cta;
// CHECK-NEXT:    bar.sync 0;
// CHECK:         wgmma.fence.sync.aligned;
// CHECK:         wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, %p{{[0-9]+}}, 1, 1, 0, 1;
// CHECK-NEXT:    // end inline asm
// CHECK-NEXT:    add.s64 [[A1:%rd[0-9]+]], %rd{{[0-9]+}}, {{-?[0-9]+}};
// CHECK-NEXT:    add.s64 [[B1:%rd[0-9]+]], %rd{{[0-9]+}}, {{-?[0-9]+}};
// CHECK-NEXT:    // begin inline asm
// CHECK-NEXT:    wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, [[A1]], [[B1]], %p{{[0-9]+}}, 1, 1, 0, 1;
// CHECK:         wgmma.commit_group.sync.aligned;
// CHECK:         wgmma.wait_group.sync.aligned 1;
// CHECK:         bar.sync 0;
// CHECK-COUNT-4: cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16, %r{{[0-9]+}};
// CHECK:         cp.async.commit_group;
// CHECK:         bra [[LOOP]];
// CHECK:         wgmma.wait_group.sync.aligned 0;
// CHECK:         cp.async.wait_group 0;
// PTXAS:       0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
tt.func @matmul(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %b: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %c: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %K: i32 {tt.divisibility = 16 : i32}) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %rm = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %rk = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %am = tt.expand_dims %rm {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %ak = tt.expand_dims %rk {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %bk = tt.expand_dims %rk {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %bn = tt.expand_dims %rm {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %Ks = tt.splat %K : i32 -> tensor<64x1xi32>
  %arow = arith.muli %am, %Ks : tensor<64x1xi32>
  %arowb = tt.broadcast %arow : tensor<64x1xi32> -> tensor<64x32xi32>
  %akb = tt.broadcast %ak : tensor<1x32xi32> -> tensor<64x32xi32>
  %aoff = arith.addi %arowb, %akb : tensor<64x32xi32>
  %c64 = arith.constant dense<64> : tensor<32x1xi32>
  %brow = arith.muli %bk, %c64 : tensor<32x1xi32>
  %browb = tt.broadcast %brow : tensor<32x1xi32> -> tensor<32x64xi32>
  %bnb = tt.broadcast %bn : tensor<1x64xi32> -> tensor<32x64xi32>
  %boff = arith.addi %browb, %bnb : tensor<32x64xi32>
  %pa = tt.splat %a : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>>
  %pa0 = tt.addptr %pa, %aoff : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
  %pb = tt.splat %b : !tt.ptr<f16> -> tensor<32x64x!tt.ptr<f16>>
  %pb0 = tt.addptr %pb, %boff : tensor<32x64x!tt.ptr<f16>>, tensor<32x64xi32>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %azero = arith.constant dense<0.0> : tensor<64x32xf16>
  %c0 = arith.constant 0 : i32
  %c32 = arith.constant 32 : i32
  %astep = arith.constant dense<32> : tensor<64x32xi32>
  %bstep = arith.constant dense<2048> : tensor<32x64xi32>
  %r:3 = scf.for %k = %c0 to %K step %c32 iter_args(%acc = %zero, %pai = %pa0, %pbi = %pb0) -> (tensor<64x64xf32>, tensor<64x32x!tt.ptr<f16>>, tensor<32x64x!tt.ptr<f16>>) : i32 {
    %left = arith.subi %K, %k : i32
    %lefts = tt.splat %left : i32 -> tensor<1x32xi32>
    %inK = arith.cmpi slt, %ak, %lefts : tensor<1x32xi32>
    %amask = tt.broadcast %inK : tensor<1x32xi1> -> tensor<64x32xi1>
    %x = tt.load %pai, %amask, %azero : tensor<64x32x!tt.ptr<f16>>
    %y = tt.load %pbi : tensor<32x64x!tt.ptr<f16>>
    %d = tt.dot %x, %y, %acc : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
    %pan = tt.addptr %pai, %astep : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
    %pbn = tt.addptr %pbi, %bstep : tensor<32x64x!tt.ptr<f16>>, tensor<32x64xi32>
    scf.yield %d, %pan, %pbn : tensor<64x64xf32>, tensor<64x32x!tt.ptr<f16>>, tensor<32x64x!tt.ptr<f16>>
  }
  %cm = tt.broadcast %am : tensor<64x1xi32> -> tensor<64x64xi32>
  %c64x = arith.constant dense<64> : tensor<64x64xi32>
  %crow = arith.muli %cm, %c64x : tensor<64x64xi32>
  %cn = tt.broadcast %bn : tensor<1x64xi32> -> tensor<64x64xi32>
  %coff = arith.addi %crow, %cn : tensor<64x64xi32>
  %pc = tt.splat %c : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>>
  %pc0 = tt.addptr %pc, %coff : tensor<64x64x!tt.ptr<f32>>, tensor<64x64xi32>
  tt.store %pc0, %r#0 : tensor<64x64x!tt.ptr<f32>>
  tt.return
}

