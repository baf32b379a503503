// tt.dot on sm_80-class tensor cores: with compute-capability 80, the f32
// dot of dot.mlir (tf32 products allowed) gets an #tt.mma version 2
// accumulator over 2 x 2 warps, and each warp multiplies its two 16 x 8
// tiles over two K steps of 8: four nvvm.mma.sync m16n8k8 tf32 per loop
// iteration, from the converted a and b fragments (a0 a1 a2 a3, b0 b1 as
// f32 bit patterns in i32) and the loop-carried accumulator. Down to PTX
// for sm_80 (mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32), assembled
// by ptxas without spills.
// RUN: mytriton-opt --tt-assign-layouts=compute-capability=80 --convert-tt-to-gpu %s | FileCheck %s
// RUN: mytriton-opt --tt-to-ptx="chip=sm_80" %s | %python %S/../../../Target/PTX/Inputs/extract_gpu_object.py -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx --check-prefix=PTX --implicit-check-not=.local
// RUN: %if ptxas %{ %cuda_toolkit/bin/ptxas -arch=sm_80 -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS %}

// CHECK-LABEL: gpu.func @matmul(
// CHECK:         scf.for {{.*}} iter_args(%[[ACC:[^ ]*]] = %{{.*}}, {{.*}}) -> (vector<8xf32>,
// CHECK:           %[[C0:.*]] = vector.extract %[[ACC]][0] : f32 from vector<8xf32>
// CHECK:           %[[A0:.*]] = arith.bitcast %{{.*}} : f32 to i32
// CHECK:           %[[MMA:.*]] = nvvm.mma.sync A[%[[A0]], %{{.*}}, %{{.*}}, %{{.*}}] B[%{{.*}}, %{{.*}}] C[%[[C0]], %{{.*}}, %{{.*}}, %{{.*}}] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<tf32>, multiplicandBPtxType = #nvvm.mma_type<tf32>, shape = #nvvm.shape<m = 16, n = 8, k = 8>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK:           %[[E0:.*]] = llvm.extractvalue %[[MMA]][0]
// CHECK:           nvvm.mma.sync {{.*}} C[%[[E0]],
// CHECK-COUNT-2:   nvvm.mma.sync
// CHECK-NOT:       nvvm.mma.sync
// CHECK:           %[[D:.*]] = vector.from_elements {{.*}} : vector<8xf32>
// CHECK:           scf.yield %[[D]],

// PTX-LABEL: .entry matmul(
// PTX-COUNT-4: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// PTX-NOT:     mma.sync
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
