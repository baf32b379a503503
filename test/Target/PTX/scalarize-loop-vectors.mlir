// mytriton-scalarize-loop-vectors carries a thread's registers through
// scf.for (and scf.while) one by one, so LLVM can drop the lanes a loop
// never reads (a vector phi stays whole); scf.if keeps its vector.
// RUN: mytriton-opt --pass-pipeline="builtin.module(gpu.module(mytriton-scalarize-loop-vectors))" %s | FileCheck %s

// CHECK-LABEL: gpu.func @loop
// CHECK:         %[[R:.*]]:4 = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[A0:.*]] = %{{.*}}, %[[A1:.*]] = %{{.*}}, %[[A2:.*]] = %{{.*}}, %[[A3:.*]] = %{{.*}}) -> (f32, f32, f32, f32) {
// CHECK:           %[[V:.*]] = vector.from_elements %[[A0]], %[[A1]], %[[A2]], %[[A3]] : vector<4xf32>
// CHECK:           %[[S:.*]] = arith.addf %[[V]], %[[V]] : vector<4xf32>
// CHECK:           %[[E0:.*]] = vector.extract %[[S]][0] : f32 from vector<4xf32>
// CHECK:           scf.yield %[[E0]], %{{.*}}, %{{.*}}, %{{.*}} : f32, f32, f32, f32
// CHECK:         scf.if %{{.*}} -> (vector<4xf32>) {
gpu.module @kernels {
  gpu.func @loop(%n: index, %x: vector<4xf32>, %c: i1) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%v = %x) -> (vector<4xf32>) {
      %s = arith.addf %v, %v : vector<4xf32>
      scf.yield %s : vector<4xf32>
    }
    %b = scf.if %c -> (vector<4xf32>) {
      scf.yield %r : vector<4xf32>
    } else {
      scf.yield %x : vector<4xf32>
    }
    gpu.return
  }
}
