// tt.dot in the CUDA C++ route, laid out by tt-prepare-gpu: the operands go
// through __shared__ memory into their #tt.dot_operand registers (the
// convert_layout exchange: stores, __syncthreads, loads), then every
// accumulator register is an fmaf chain over k ascending, from the
// loop-carried accumulator. The file is also gpu/dot_check.cu's kernel
// (run bit for bit on the host by gpu-checks-on-host.test).
// RUN: mytriton-opt --tt-prepare-gpu %s | mytriton-translate --emit-cuda | FileCheck %s
// RUN: mytriton-opt --tt-prepare-gpu %s | mytriton-translate --emit-cuda > %t.cu
// RUN: %if nvcc %{ %cuda_toolkit/bin/nvcc -arch=sm_90 -c -Werror all-warnings %t.cu -o %t.o %}

// CHECK-LABEL: __global__ void __launch_bounds__(128) matmul(
// CHECK:         for (
// CHECK:           convert_layout through shared memory
// CHECK:           __syncthreads();
// CHECK:           convert_layout through shared memory
// CHECK:           __syncthreads();
// CHECK:           tt.dot, 16 FMAs per register, k ascending
// CHECK-COUNT-128: = fmaf(
// CHECK-NOT:       fmaf(
tt.func @matmul(%a: !tt.ptr<f32>, %b: !tt.ptr<f32>, %c: !tt.ptr<f32>, %k_tiles: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %rm = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %rk = tt.make_range {start = 0 : i32, end = 16 : i32} : tensor<16xi32>
  %am = tt.expand_dims %rm {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %ak = tt.expand_dims %rk {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
  %bk = tt.expand_dims %rk {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %bn = tt.expand_dims %rm {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %c16 = arith.constant 16 : i32
  %lda = arith.muli %k_tiles, %c16 : i32
  %ldas = tt.splat %lda : i32 -> tensor<32x1xi32>
  %arow = arith.muli %am, %ldas : tensor<32x1xi32>
  %arowb = tt.broadcast %arow : tensor<32x1xi32> -> tensor<32x16xi32>
  %akb = tt.broadcast %ak : tensor<1x16xi32> -> tensor<32x16xi32>
  %aoff = arith.addi %arowb, %akb : tensor<32x16xi32>
  %c32 = arith.constant dense<32> : tensor<16x1xi32>
  %brow = arith.muli %bk, %c32 : tensor<16x1xi32>
  %browb = tt.broadcast %brow : tensor<16x1xi32> -> tensor<16x32xi32>
  %bnb = tt.broadcast %bn : tensor<1x32xi32> -> tensor<16x32xi32>
  %boff = arith.addi %browb, %bnb : tensor<16x32xi32>
  %pa = tt.splat %a : !tt.ptr<f32> -> tensor<32x16x!tt.ptr<f32>>
  %pa0 = tt.addptr %pa, %aoff : tensor<32x16x!tt.ptr<f32>>, tensor<32x16xi32>
  %pb = tt.splat %b : !tt.ptr<f32> -> tensor<16x32x!tt.ptr<f32>>
  %pb0 = tt.addptr %pb, %boff : tensor<16x32x!tt.ptr<f32>>, tensor<16x32xi32>
  %zero = arith.constant dense<0.0> : tensor<32x32xf32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %astep = arith.constant dense<16> : tensor<32x16xi32>
  %bstep = arith.constant dense<512> : tensor<16x32xi32>
  %r:3 = scf.for %i = %c0 to %k_tiles step %c1 iter_args(%acc = %zero, %pai = %pa0, %pbi = %pb0) -> (tensor<32x32xf32>, tensor<32x16x!tt.ptr<f32>>, tensor<16x32x!tt.ptr<f32>>) : i32 {
    %x = tt.load %pai : tensor<32x16x!tt.ptr<f32>>
    %y = tt.load %pbi : tensor<16x32x!tt.ptr<f32>>
    %d = tt.dot %x, %y, %acc : tensor<32x16xf32> * tensor<16x32xf32> -> tensor<32x32xf32>
    %pan = tt.addptr %pai, %astep : tensor<32x16x!tt.ptr<f32>>, tensor<32x16xi32>
    %pbn = tt.addptr %pbi, %bstep : tensor<16x32x!tt.ptr<f32>>, tensor<16x32xi32>
    scf.yield %d, %pan, %pbn : tensor<32x32xf32>, tensor<32x16x!tt.ptr<f32>>, tensor<16x32x!tt.ptr<f32>>
  }
  %cm = tt.broadcast %am : tensor<32x1xi32> -> tensor<32x32xi32>
  %c32x1 = arith.constant dense<32> : tensor<32x32xi32>
  %crow = arith.muli %cm, %c32x1 : tensor<32x32xi32>
  %cn = tt.broadcast %bn : tensor<1x32xi32> -> tensor<32x32xi32>
  %coff = arith.addi %crow, %cn : tensor<32x32xi32>
  %pc = tt.splat %c : !tt.ptr<f32> -> tensor<32x32x!tt.ptr<f32>>
  %pc0 = tt.addptr %pc, %coff : tensor<32x32x!tt.ptr<f32>>, tensor<32x32xi32>
  tt.store %pc0, %r#0 : tensor<32x32x!tt.ptr<f32>>
  tt.return
}
