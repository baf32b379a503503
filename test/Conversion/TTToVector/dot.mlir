// tt.dot on the CPU route: the operands and accumulator are stored to stack
// buffers allocated once at the kernel's entry, then a run-time loop over
// the 32 rows loads the accumulator row (vector<32xf32>) and an inner loop
// over the 16 k multiplies a[m][k] (splat) by row k of b with math.fma,
// k ascending, stores the row back, and the result is loaded whole. The
// code does not grow with the tile; the dot inside the kernel's own K loop
// allocates no stack per iteration.
// RUN: mytriton-opt %s --convert-tt-to-vector="bounds-check=false" | FileCheck %s
// RUN: mytriton-opt %s --tt-to-llvm-cpu | FileCheck %s --check-prefix=LLVM

// CHECK-LABEL: func.func private @matmul(
// CHECK-DAG:     %[[DBUF:.*]] = memref.alloca() : memref<1024xf32>
// CHECK-DAG:     memref.alloca() : memref<512xf32>
// CHECK-DAG:     memref.alloca() : memref<512xf32>
// CHECK:         scf.for {{.*}} iter_args(%[[ACC:[^ ]*]] = %{{.*}}, {{.*}}) -> (vector<1024xf32>,
// CHECK-NOT:       memref.alloca
// CHECK:           vector.store %{{.*}}, %[[ABUF:.*]][%{{.*}}] : memref<512xf32>, vector<512xf32>
// CHECK:           vector.store %{{.*}}, %[[BBUF:.*]][%{{.*}}] : memref<512xf32>, vector<512xf32>
// CHECK:           vector.store %[[ACC]], %[[DBUF]][%{{.*}}] : memref<1024xf32>, vector<1024xf32>
// CHECK:           scf.for %[[M:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:             %[[ROW:.*]] = vector.load %[[DBUF]][%{{.*}}] : memref<1024xf32>, vector<32xf32>
// CHECK:             %[[R:.*]] = scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[RACC:.*]] = %[[ROW]]) -> (vector<32xf32>) {
// CHECK:               %[[AMK:.*]] = memref.load %[[ABUF]][%{{.*}}] : memref<512xf32>
// CHECK:               %[[SPLAT:.*]] = vector.broadcast %[[AMK]] : f32 to vector<32xf32>
// CHECK:               %[[BROW:.*]] = vector.load %[[BBUF]][%{{.*}}] : memref<512xf32>, vector<32xf32>
// CHECK:               %[[FMA:.*]] = math.fma %[[SPLAT]], %[[BROW]], %[[RACC]] : vector<32xf32>
// CHECK:               scf.yield %[[FMA]] : vector<32xf32>
// CHECK:             vector.store %[[R]], %[[DBUF]][%{{.*}}] : memref<1024xf32>, vector<32xf32>
// CHECK:           %[[D:.*]] = vector.load %[[DBUF]][%{{.*}}] : memref<1024xf32>, vector<1024xf32>
// CHECK:           scf.yield %[[D]],

// The fused multiply-add stays fused down to LLVM (llvm.intr.fma, not
// fmuladd, which may split).
// LLVM-LABEL: llvm.func @matmul(
// LLVM:         llvm.intr.fma({{.*}}) : (vector<32xf32>, vector<32xf32>, vector<32xf32>) -> vector<32xf32>
// LLVM-NOT:     llvm.intr.fmuladd
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
