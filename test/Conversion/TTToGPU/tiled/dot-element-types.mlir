// tt.dot's element type pairs on the gpu/nvvm route (the FMA path): each
// operand register is extended to the accumulator's type once (llvm.fpext
// f16/bf16 -> f32, llvm.sext i8 -> i32), then every accumulator register
// is a chain over k ascending of llvm.intr.fma in its type (f32, f16: PTX
// fma.rn.f16, f64) or, for i32, a multiply and a wrapping add (mad.lo.s32).
// A 32x32 tile on 4 warps; down to PTX for sm_75 (no tensor cores: on
// sm_80+ these dots go to mma.sync or wgmma), assembled by ptxas
// without spills.
// RUN: mytriton-opt --tt-assign-layouts --convert-tt-to-gpu %s | FileCheck %s
// RUN: mytriton-opt --tt-to-ptx="chip=sm_75" %s | %python %S/../../../Target/PTX/Inputs/extract_gpu_object.py -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx --check-prefix=PTX --implicit-check-not=.local
// RUN: %if ptxas %{ %cuda_toolkit/bin/ptxas -arch=sm_75 -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS %}

// CHECK-LABEL: gpu.func @dot_f16_f32(
// CHECK:         llvm.fpext %{{.*}} : f16 to f32
// CHECK:         %[[F0:.*]] = llvm.intr.fma(%{{.*}}, %{{.*}}, %{{.*}}) : (f32, f32, f32) -> f32
// CHECK-NEXT:    llvm.intr.fma(%{{.*}}, %{{.*}}, %[[F0]]) : (f32, f32, f32) -> f32
// CHECK-LABEL: gpu.func @dot_f16_f16(
// CHECK-NOT:     llvm.fpext
// CHECK:         %[[H0:.*]] = llvm.intr.fma(%{{.*}}, %{{.*}}, %{{.*}}) : (f16, f16, f16) -> f16
// CHECK-NEXT:    llvm.intr.fma(%{{.*}}, %{{.*}}, %[[H0]]) : (f16, f16, f16) -> f16
// CHECK-LABEL: gpu.func @dot_bf16_f32(
// CHECK:         llvm.fpext %{{.*}} : bf16 to f32
// CHECK:         llvm.intr.fma(%{{.*}}, %{{.*}}, %{{.*}}) : (f32, f32, f32) -> f32
// CHECK-LABEL: gpu.func @dot_f64_f64(
// CHECK-NOT:     llvm.fpext
// CHECK:         llvm.intr.fma(%{{.*}}, %{{.*}}, %{{.*}}) : (f64, f64, f64) -> f64
// CHECK-LABEL: gpu.func @dot_i8_i32(
// CHECK:         llvm.sext %{{.*}} : i8 to i32
// CHECK:         %[[P:.*]] = llvm.mul %{{.*}}, %{{.*}} : i32
// CHECK-NEXT:    %[[S:.*]] = llvm.add %[[P]], %{{.*}} : i32
// CHECK-NEXT:    %[[P1:.*]] = llvm.mul %{{.*}}, %{{.*}} : i32
// CHECK-NEXT:    llvm.add %[[P1]], %[[S]] : i32
// CHECK-NOT:     llvm.intr.fma

// PTX-LABEL: .entry dot_f16_f32(
// PTX:         cvt.f32.f16
// PTX-COUNT-128: fma.rn.f32
// PTX-NOT:     fma.rn
// PTX-LABEL: .entry dot_f16_f16(
// PTX-COUNT-128: fma.rn.f16
// PTX-NOT:     fma.rn
// PTX-LABEL: .entry dot_bf16_f32(
// PTX:         shl.b32 {{.*}}, 16;
// PTX-COUNT-128: fma.rn.f32
// PTX-NOT:     fma.rn
// PTX-LABEL: .entry dot_f64_f64(
// PTX-COUNT-128: fma.rn.f64
// PTX-NOT:     fma.rn
// PTX-LABEL: .entry dot_i8_i32(
// PTX:         ld.shared.v4.b32
// PTX:         cvt.s16.s8
// PTX:         mul.wide.s16
// PTX-NOT:     fma.rn
// PTXAS-COUNT-5: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads

tt.func @dot_f16_f32(%a: !tt.ptr<f16>, %b: !tt.ptr<f16>, %c: !tt.ptr<f32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %rm = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %rn = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %rk = tt.make_range {start = 0 : i32, end = 16 : i32} : tensor<16xi32>
  %am = tt.expand_dims %rm {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %ak = tt.expand_dims %rk {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
  %bk = tt.expand_dims %rk {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %bn = tt.expand_dims %rn {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %ck = arith.constant dense<16> : tensor<32x1xi32>
  %arow = arith.muli %am, %ck : tensor<32x1xi32>
  %arowb = tt.broadcast %arow : tensor<32x1xi32> -> tensor<32x16xi32>
  %akb = tt.broadcast %ak : tensor<1x16xi32> -> tensor<32x16xi32>
  %aoff = arith.addi %arowb, %akb : tensor<32x16xi32>
  %cn = arith.constant dense<32> : tensor<16x1xi32>
  %brow = arith.muli %bk, %cn : tensor<16x1xi32>
  %browb = tt.broadcast %brow : tensor<16x1xi32> -> tensor<16x32xi32>
  %bnb = tt.broadcast %bn : tensor<1x32xi32> -> tensor<16x32xi32>
  %boff = arith.addi %browb, %bnb : tensor<16x32xi32>
  %pa = tt.splat %a : !tt.ptr<f16> -> tensor<32x16x!tt.ptr<f16>>
  %pa0 = tt.addptr %pa, %aoff : tensor<32x16x!tt.ptr<f16>>, tensor<32x16xi32>
  %pb = tt.splat %b : !tt.ptr<f16> -> tensor<16x32x!tt.ptr<f16>>
  %pb0 = tt.addptr %pb, %boff : tensor<16x32x!tt.ptr<f16>>, tensor<16x32xi32>
  %x = tt.load %pa0 : tensor<32x16x!tt.ptr<f16>>
  %y = tt.load %pb0 : tensor<16x32x!tt.ptr<f16>>
  %cm = tt.broadcast %am : tensor<32x1xi32> -> tensor<32x32xi32>
  %cnn = arith.constant dense<32> : tensor<32x32xi32>
  %crow = arith.muli %cm, %cnn : tensor<32x32xi32>
  %cnb = tt.broadcast %bn : tensor<1x32xi32> -> tensor<32x32xi32>
  %coff = arith.addi %crow, %cnb : tensor<32x32xi32>
  %pc = tt.splat %c : !tt.ptr<f32> -> tensor<32x32x!tt.ptr<f32>>
  %pc0 = tt.addptr %pc, %coff : tensor<32x32x!tt.ptr<f32>>, tensor<32x32xi32>
  %acc = tt.load %pc0 : tensor<32x32x!tt.ptr<f32>>
  %d = tt.dot %x, %y, %acc : tensor<32x16xf16> * tensor<16x32xf16> -> tensor<32x32xf32>
  tt.store %pc0, %d : tensor<32x32x!tt.ptr<f32>>
  tt.return
}

tt.func @dot_f16_f16(%a: !tt.ptr<f16>, %b: !tt.ptr<f16>, %c: !tt.ptr<f16>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %rm = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %rn = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %rk = tt.make_range {start = 0 : i32, end = 16 : i32} : tensor<16xi32>
  %am = tt.expand_dims %rm {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %ak = tt.expand_dims %rk {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
  %bk = tt.expand_dims %rk {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %bn = tt.expand_dims %rn {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %ck = arith.constant dense<16> : tensor<32x1xi32>
  %arow = arith.muli %am, %ck : tensor<32x1xi32>
  %arowb = tt.broadcast %arow : tensor<32x1xi32> -> tensor<32x16xi32>
  %akb = tt.broadcast %ak : tensor<1x16xi32> -> tensor<32x16xi32>
  %aoff = arith.addi %arowb, %akb : tensor<32x16xi32>
  %cn = arith.constant dense<32> : tensor<16x1xi32>
  %brow = arith.muli %bk, %cn : tensor<16x1xi32>
  %browb = tt.broadcast %brow : tensor<16x1xi32> -> tensor<16x32xi32>
  %bnb = tt.broadcast %bn : tensor<1x32xi32> -> tensor<16x32xi32>
  %boff = arith.addi %browb, %bnb : tensor<16x32xi32>
  %pa = tt.splat %a : !tt.ptr<f16> -> tensor<32x16x!tt.ptr<f16>>
  %pa0 = tt.addptr %pa, %aoff : tensor<32x16x!tt.ptr<f16>>, tensor<32x16xi32>
  %pb = tt.splat %b : !tt.ptr<f16> -> tensor<16x32x!tt.ptr<f16>>
  %pb0 = tt.addptr %pb, %boff : tensor<16x32x!tt.ptr<f16>>, tensor<16x32xi32>
  %x = tt.load %pa0 : tensor<32x16x!tt.ptr<f16>>
  %y = tt.load %pb0 : tensor<16x32x!tt.ptr<f16>>
  %cm = tt.broadcast %am : tensor<32x1xi32> -> tensor<32x32xi32>
  %cnn = arith.constant dense<32> : tensor<32x32xi32>
  %crow = arith.muli %cm, %cnn : tensor<32x32xi32>
  %cnb = tt.broadcast %bn : tensor<1x32xi32> -> tensor<32x32xi32>
  %coff = arith.addi %crow, %cnb : tensor<32x32xi32>
  %pc = tt.splat %c : !tt.ptr<f16> -> tensor<32x32x!tt.ptr<f16>>
  %pc0 = tt.addptr %pc, %coff : tensor<32x32x!tt.ptr<f16>>, tensor<32x32xi32>
  %acc = tt.load %pc0 : tensor<32x32x!tt.ptr<f16>>
  %d = tt.dot %x, %y, %acc : tensor<32x16xf16> * tensor<16x32xf16> -> tensor<32x32xf16>
  tt.store %pc0, %d : tensor<32x32x!tt.ptr<f16>>
  tt.return
}

tt.func @dot_bf16_f32(%a: !tt.ptr<bf16>, %b: !tt.ptr<bf16>, %c: !tt.ptr<f32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %rm = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %rn = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %rk = tt.make_range {start = 0 : i32, end = 16 : i32} : tensor<16xi32>
  %am = tt.expand_dims %rm {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %ak = tt.expand_dims %rk {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
  %bk = tt.expand_dims %rk {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %bn = tt.expand_dims %rn {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %ck = arith.constant dense<16> : tensor<32x1xi32>
  %arow = arith.muli %am, %ck : tensor<32x1xi32>
  %arowb = tt.broadcast %arow : tensor<32x1xi32> -> tensor<32x16xi32>
  %akb = tt.broadcast %ak : tensor<1x16xi32> -> tensor<32x16xi32>
  %aoff = arith.addi %arowb, %akb : tensor<32x16xi32>
  %cn = arith.constant dense<32> : tensor<16x1xi32>
  %brow = arith.muli %bk, %cn : tensor<16x1xi32>
  %browb = tt.broadcast %brow : tensor<16x1xi32> -> tensor<16x32xi32>
  %bnb = tt.broadcast %bn : tensor<1x32xi32> -> tensor<16x32xi32>
  %boff = arith.addi %browb, %bnb : tensor<16x32xi32>
  %pa = tt.splat %a : !tt.ptr<bf16> -> tensor<32x16x!tt.ptr<bf16>>
  %pa0 = tt.addptr %pa, %aoff : tensor<32x16x!tt.ptr<bf16>>, tensor<32x16xi32>
  %pb = tt.splat %b : !tt.ptr<bf16> -> tensor<16x32x!tt.ptr<bf16>>
  %pb0 = tt.addptr %pb, %boff : tensor<16x32x!tt.ptr<bf16>>, tensor<16x32xi32>
  %x = tt.load %pa0 : tensor<32x16x!tt.ptr<bf16>>
  %y = tt.load %pb0 : tensor<16x32x!tt.ptr<bf16>>
  %cm = tt.broadcast %am : tensor<32x1xi32> -> tensor<32x32xi32>
  %cnn = arith.constant dense<32> : tensor<32x32xi32>
  %crow = arith.muli %cm, %cnn : tensor<32x32xi32>
  %cnb = tt.broadcast %bn : tensor<1x32xi32> -> tensor<32x32xi32>
  %coff = arith.addi %crow, %cnb : tensor<32x32xi32>
  %pc = tt.splat %c : !tt.ptr<f32> -> tensor<32x32x!tt.ptr<f32>>
  %pc0 = tt.addptr %pc, %coff : tensor<32x32x!tt.ptr<f32>>, tensor<32x32xi32>
  %acc = tt.load %pc0 : tensor<32x32x!tt.ptr<f32>>
  %d = tt.dot %x, %y, %acc : tensor<32x16xbf16> * tensor<16x32xbf16> -> tensor<32x32xf32>
  tt.store %pc0, %d : tensor<32x32x!tt.ptr<f32>>
  tt.return
}

tt.func @dot_f64_f64(%a: !tt.ptr<f64>, %b: !tt.ptr<f64>, %c: !tt.ptr<f64>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %rm = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %rn = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %rk = tt.make_range {start = 0 : i32, end = 16 : i32} : tensor<16xi32>
  %am = tt.expand_dims %rm {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %ak = tt.expand_dims %rk {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
  %bk = tt.expand_dims %rk {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %bn = tt.expand_dims %rn {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %ck = arith.constant dense<16> : tensor<32x1xi32>
  %arow = arith.muli %am, %ck : tensor<32x1xi32>
  %arowb = tt.broadcast %arow : tensor<32x1xi32> -> tensor<32x16xi32>
  %akb = tt.broadcast %ak : tensor<1x16xi32> -> tensor<32x16xi32>
  %aoff = arith.addi %arowb, %akb : tensor<32x16xi32>
  %cn = arith.constant dense<32> : tensor<16x1xi32>
  %brow = arith.muli %bk, %cn : tensor<16x1xi32>
  %browb = tt.broadcast %brow : tensor<16x1xi32> -> tensor<16x32xi32>
  %bnb = tt.broadcast %bn : tensor<1x32xi32> -> tensor<16x32xi32>
  %boff = arith.addi %browb, %bnb : tensor<16x32xi32>
  %pa = tt.splat %a : !tt.ptr<f64> -> tensor<32x16x!tt.ptr<f64>>
  %pa0 = tt.addptr %pa, %aoff : tensor<32x16x!tt.ptr<f64>>, tensor<32x16xi32>
  %pb = tt.splat %b : !tt.ptr<f64> -> tensor<16x32x!tt.ptr<f64>>
  %pb0 = tt.addptr %pb, %boff : tensor<16x32x!tt.ptr<f64>>, tensor<16x32xi32>
  %x = tt.load %pa0 : tensor<32x16x!tt.ptr<f64>>
  %y = tt.load %pb0 : tensor<16x32x!tt.ptr<f64>>
  %cm = tt.broadcast %am : tensor<32x1xi32> -> tensor<32x32xi32>
  %cnn = arith.constant dense<32> : tensor<32x32xi32>
  %crow = arith.muli %cm, %cnn : tensor<32x32xi32>
  %cnb = tt.broadcast %bn : tensor<1x32xi32> -> tensor<32x32xi32>
  %coff = arith.addi %crow, %cnb : tensor<32x32xi32>
  %pc = tt.splat %c : !tt.ptr<f64> -> tensor<32x32x!tt.ptr<f64>>
  %pc0 = tt.addptr %pc, %coff : tensor<32x32x!tt.ptr<f64>>, tensor<32x32xi32>
  %acc = tt.load %pc0 : tensor<32x32x!tt.ptr<f64>>
  %d = tt.dot %x, %y, %acc : tensor<32x16xf64> * tensor<16x32xf64> -> tensor<32x32xf64>
  tt.store %pc0, %d : tensor<32x32x!tt.ptr<f64>>
  tt.return
}

tt.func @dot_i8_i32(%a: !tt.ptr<i8>, %b: !tt.ptr<i8>, %c: !tt.ptr<i32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %rm = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %rn = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %rk = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %am = tt.expand_dims %rm {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %ak = tt.expand_dims %rk {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %bk = tt.expand_dims %rk {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %bn = tt.expand_dims %rn {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %ck = arith.constant dense<32> : tensor<32x1xi32>
  %arow = arith.muli %am, %ck : tensor<32x1xi32>
  %arowb = tt.broadcast %arow : tensor<32x1xi32> -> tensor<32x32xi32>
  %akb = tt.broadcast %ak : tensor<1x32xi32> -> tensor<32x32xi32>
  %aoff = arith.addi %arowb, %akb : tensor<32x32xi32>
  %cn = arith.constant dense<32> : tensor<32x1xi32>
  %brow = arith.muli %bk, %cn : tensor<32x1xi32>
  %browb = tt.broadcast %brow : tensor<32x1xi32> -> tensor<32x32xi32>
  %bnb = tt.broadcast %bn : tensor<1x32xi32> -> tensor<32x32xi32>
  %boff = arith.addi %browb, %bnb : tensor<32x32xi32>
  %pa = tt.splat %a : !tt.ptr<i8> -> tensor<32x32x!tt.ptr<i8>>
  %pa0 = tt.addptr %pa, %aoff : tensor<32x32x!tt.ptr<i8>>, tensor<32x32xi32>
  %pb = tt.splat %b : !tt.ptr<i8> -> tensor<32x32x!tt.ptr<i8>>
  %pb0 = tt.addptr %pb, %boff : tensor<32x32x!tt.ptr<i8>>, tensor<32x32xi32>
  %x = tt.load %pa0 : tensor<32x32x!tt.ptr<i8>>
  %y = tt.load %pb0 : tensor<32x32x!tt.ptr<i8>>
  %cm = tt.broadcast %am : tensor<32x1xi32> -> tensor<32x32xi32>
  %cnn = arith.constant dense<32> : tensor<32x32xi32>
  %crow = arith.muli %cm, %cnn : tensor<32x32xi32>
  %cnb = tt.broadcast %bn : tensor<1x32xi32> -> tensor<32x32xi32>
  %coff = arith.addi %crow, %cnb : tensor<32x32xi32>
  %pc = tt.splat %c : !tt.ptr<i32> -> tensor<32x32x!tt.ptr<i32>>
  %pc0 = tt.addptr %pc, %coff : tensor<32x32x!tt.ptr<i32>>, tensor<32x32xi32>
  %acc = tt.load %pc0 : tensor<32x32x!tt.ptr<i32>>
  %d = tt.dot %x, %y, %acc : tensor<32x32xi8> * tensor<32x32xi8> -> tensor<32x32xi32>
  tt.store %pc0, %d : tensor<32x32x!tt.ptr<i32>>
  tt.return
}

