// tt.dot on the gpu/nvvm route (the FMA path): after tt-assign-layouts the
// operands reach the dot through tt.convert_layout to #tt.dot_operand, an
// exchange through the workgroup scratch buffer (barrier, stores, barrier,
// loads of each thread's rows of a and columns of b over all 16 k; a's rows
// go by 16-byte accesses, b's columns one float at a time); the dot
// is then 8 accumulator registers x 16 k = 128 llvm.intr.fma, from the
// loop-carried accumulator, k ascending. Down to PTX for sm_90a (fma.rn.f32),
// assembled by ptxas without spills: the dot asks for exact f32 products
// (input precision ieee), which tensor cores do not give, so on sm_90a too
// it stays on the FMA path (tf32 dots go to wgmma there: mma-sync.mlir,
// wgmma.mlir).
// RUN: mytriton-opt --tt-assign-layouts --convert-tt-to-gpu %s | FileCheck %s
// RUN: mytriton-opt --tt-to-ptx="chip=sm_90a" %s | %python %S/../../../Target/PTX/Inputs/extract_gpu_object.py -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx --check-prefix=PTX --implicit-check-not=.local
// RUN: %if ptxas %{ %cuda_toolkit/bin/ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS %}

// CHECK-LABEL: gpu.func @matmul(
// CHECK:         scf.for {{.*}} iter_args(%[[ACC:[^ ]*]] = %{{.*}}, {{.*}}) -> (vector<8xf32>,
// CHECK:           gpu.barrier
// CHECK-COUNT-2:   vector.store %{{.*}} {alignment = 16 : i64} : memref<{{.*}}xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK:           gpu.barrier
// CHECK-COUNT-8:   vector.load %{{.*}} {alignment = 16 : i64} : memref<{{.*}}xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK-NOT:       memref.load
// CHECK:           %[[A:.*]] = vector.from_elements {{.*}} : vector<32xf32>
// CHECK:           gpu.barrier
// CHECK:           memref.store
// CHECK:           gpu.barrier
// CHECK-COUNT-64:  memref.load
// CHECK:           %[[B:.*]] = vector.from_elements {{.*}} : vector<64xf32>
// CHECK:           %[[C0:.*]] = vector.extract %[[ACC]][0] : f32 from vector<8xf32>
// CHECK:           %[[F0:.*]] = llvm.intr.fma(%{{.*}}, %{{.*}}, %[[C0]]) : (f32, f32, f32) -> f32
// CHECK:           %[[F1:.*]] = llvm.intr.fma(%{{.*}}, %{{.*}}, %[[F0]]) : (f32, f32, f32) -> f32
// CHECK-COUNT-126: llvm.intr.fma
// CHECK-NOT:       llvm.intr.fma
// CHECK:           %[[D:.*]] = vector.from_elements {{.*}} : vector<8xf32>
// CHECK:           scf.yield %[[D]],

// PTX-LABEL: .entry matmul(
// PTX:         bar.sync 0;
// PTX-COUNT-128: fma.rn.f32
// PTX-NOT:     fma.rn.f32
// PTXAS:       0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
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
    %d = tt.dot %x, %y, %acc, inputPrecision = ieee : tensor<32x16xf32> * tensor<16x32xf32> -> tensor<32x32xf32>
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
