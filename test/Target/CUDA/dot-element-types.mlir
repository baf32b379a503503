// tt.dot's element type pairs in the CUDA C++ route (the FMA path, laid
// out by tt-prepare-gpu): operands read in the accumulator's type as the
// nvvm route extends them, every accumulator register a chain over k
// ascending: fmaf of __half2float / __bfloat162float for f32 accumulators,
// __hfma (one f16 rounding) for f16, fma for f64, and for i8 operands an
// int product added in unsigned (wrapping; signed overflow is undefined in
// C). nvcc compiles the file.
// RUN: mytriton-opt --tt-prepare-gpu %s | mytriton-translate --emit-cuda | FileCheck %s
// RUN: mytriton-opt --tt-prepare-gpu %s | mytriton-translate --emit-cuda > %t.cu
// RUN: %if nvcc %{ %cuda_toolkit/bin/nvcc -arch=sm_90 -c -Werror all-warnings %t.cu -o %t.o %}

// CHECK-LABEL: void __launch_bounds__(128) dot_f16_f32(
// CHECK:         tt.dot, 16 FMAs per register, k ascending
// CHECK-NEXT:    float [[ACC:v[0-9]+_0]] =
// CHECK:         [[ACC]] = fmaf(__half2float({{v[0-9_]+}}), __half2float({{v[0-9_]+}}), [[ACC]]);
// CHECK-NOT:     __hfma
// CHECK-LABEL: void __launch_bounds__(128) dot_f16_f16(
// CHECK:         tt.dot, 16 FMAs per register, k ascending
// CHECK-NEXT:    __half [[ACC:v[0-9]+_0]] =
// CHECK:         [[ACC]] = __hfma({{v[0-9_]+}}, {{v[0-9_]+}}, [[ACC]]);
// CHECK-NOT:     fmaf(
// CHECK-LABEL: void __launch_bounds__(128) dot_bf16_f32(
// CHECK:         tt.dot, 16 FMAs per register, k ascending
// CHECK-NEXT:    float [[ACC:v[0-9]+_0]] =
// CHECK:         [[ACC]] = fmaf(__bfloat162float({{v[0-9_]+}}), __bfloat162float({{v[0-9_]+}}), [[ACC]]);
// CHECK-LABEL: void __launch_bounds__(128) dot_f64_f64(
// CHECK:         tt.dot, 16 FMAs per register, k ascending
// CHECK-NEXT:    double [[ACC:v[0-9]+_0]] =
// CHECK:         [[ACC]] = fma({{v[0-9_]+}}, {{v[0-9_]+}}, [[ACC]]);
// CHECK-LABEL: void __launch_bounds__(128) dot_i8_i32(
// CHECK:         tt.dot, 32 multiply-adds per register, k ascending
// CHECK-NEXT:    int [[ACC:v[0-9]+_0]] =
// CHECK:         [[ACC]] = (int)((unsigned)[[ACC]] + (unsigned)((int){{v[0-9_]+}} * (int){{v[0-9_]+}}));
// CHECK-NOT:     fma

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

