// Bounds checks inside a kernel's loops and branches. A bad access returns
// from the kernel, which an scf region cannot do, so the loops and branches
// around checked accesses become branches (scf-to-cf) before the reports
// do; the others stay structured. Checks move up within their block only,
// and never above an op that holds checks: a check after a loop stays after
// it, so the first bad access in program order is the one reported.
// RUN: mytriton-opt %s --convert-tt-to-vector --canonicalize --cse -split-input-file | FileCheck %s
// RUN: mytriton-opt %s --convert-tt-to-vector -split-input-file | FileCheck %s --check-prefix=TABLE

// CHECK-LABEL: func.func private @copy_loop(
// CHECK-SAME:      %[[X:[^:]+]]: memref<?xf32>, %[[XOFF:[^:]+]]: i32, %[[OUT:[^:]+]]: memref<?xf32>, %[[OUTOFF:[^:]+]]: i32, %[[N:[^:]+]]: i32,
// CHECK-SAME:      %[[REC:[^:]+]]: memref<?xi32>, %{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32) -> i1
// CHECK-DAG:     %[[TRUE:.*]] = arith.constant true
// CHECK-DAG:     %[[ID0:.*]] = arith.constant 0 : i32
// CHECK-DAG:     %[[ID1:.*]] = arith.constant 1 : i32
// CHECK-DAG:     %[[ID2:.*]] = arith.constant 2 : i32
// A loop without accesses stays an scf.for.
// CHECK:         %[[TOTAL:.*]] = scf.for
// CHECK:         cf.br ^[[HEAD:.*]](%[[ID0]] : i32)
// CHECK:       ^[[HEAD]](%[[I:.*]]: i32):
// CHECK-NEXT:    %[[MORE:.*]] = arith.cmpi slt, %[[I]], %[[N]] : i32
// CHECK-NEXT:    cf.cond_br %[[MORE]], ^[[BODY:.*]], ^[[EXIT:.*]]
// The body checks the load, then the store, then accesses memory.
// CHECK:       ^[[BODY]]:
// CHECK:         memref.dim %[[X]]
// CHECK:         cf.cond_br %{{.*}}, ^[[LOADBAD:.*]], ^[[STORECHECK:.*]]
// CHECK:       ^[[STORECHECK]]:
// CHECK:         memref.dim %[[OUT]]
// CHECK:         cf.cond_br %{{.*}}, ^[[STOREBAD:.*]], ^[[ACCESS:.*]]
// CHECK:       ^[[ACCESS]]:
// CHECK-NEXT:    %[[V:.*]] = vector.load %[[X]]
// CHECK-NEXT:    vector.store %[[V]], %[[OUT]]
// CHECK-NEXT:    %[[NEXT:.*]] = arith.addi %[[I]], %{{.*}} : i32
// CHECK-NEXT:    cf.br ^[[HEAD]](%[[NEXT]] : i32)
// The scalar store after the loop is checked after the loop.
// CHECK:       ^[[EXIT]]:
// CHECK:         memref.dim %[[OUT]]
// CHECK:         cf.cond_br %{{.*}}, ^[[LASTBAD:.*]], ^{{.*}}
// CHECK:         memref.store
// CHECK:       ^[[LOADBAD]]:
// CHECK:         memref.store %[[ID0]], %[[REC]]
// CHECK:         return %[[TRUE]] : i1
// CHECK:       ^[[STOREBAD]]:
// CHECK:         memref.store %[[ID1]], %[[REC]]
// CHECK:         return %[[TRUE]] : i1
// CHECK:       ^[[LASTBAD]]:
// CHECK:         memref.store %[[ID2]], %[[REC]]
// CHECK:         return %[[TRUE]] : i1
// The access table locates the accesses inside the loop.
// TABLE-LABEL: func.func @copy_loop_grid(
// TABLE-SAME:    mytriton.accesses = [{arg = 0 : i32, col = 10 : i32, file = "{{.*}}control-flow-bounds-check.mlir", line = [[@LINE+17]] : i32, op = "tt.load"},
// TABLE-SAME:    {arg = 1 : i32, col = 5 : i32, file = "{{.*}}control-flow-bounds-check.mlir", line = [[@LINE+18]] : i32, op = "tt.store"},
// TABLE-SAME:    {arg = 1 : i32, col = 3 : i32, file = "{{.*}}control-flow-bounds-check.mlir", line = [[@LINE+20]] : i32, op = "tt.store"}]
tt.func @copy_loop(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n: i32) attributes {block_size = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c4 = arith.constant 4 : i32
  %lanes = tt.make_range {start = 0 : i32, end = 4 : i32} : tensor<4xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %os = tt.splat %out : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %total = scf.for %i = %c0 to %n step %c4 iter_args(%t = %c0) -> (i32) : i32 {
    %t2 = arith.addi %t, %i : i32
    scf.yield %t2 : i32
  }
  scf.for %i = %c0 to %n step %c4 : i32 {
    %iv = tt.splat %i : i32 -> tensor<4xi32>
    %offs = arith.addi %iv, %lanes : tensor<4xi32>
    %xp = tt.addptr %xs, %offs : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
    %v = tt.load %xp : tensor<4x!tt.ptr<f32>>
    %op = tt.addptr %os, %offs : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
    tt.store %op, %v : tensor<4x!tt.ptr<f32>>
  }
  %f = arith.sitofp %total : i32 to f32
  tt.store %out, %f : !tt.ptr<f32>
  tt.return
}

// -----

// A pointer chosen by a branch still names its kernel argument in the
// table (the CPU runner reports that argument's size).
// CHECK-LABEL: func.func private @chosen(
// CHECK:         scf.if %{{.*}} -> (i32) {
// TABLE-LABEL: func.func @chosen_grid(
// TABLE-SAME:    mytriton.accesses = [{arg = 0 : i32, col = 3 : i32, file = "{{.*}}", line = [[@LINE+11]] : i32, op = "tt.store"}]
tt.func @chosen(%out: !tt.ptr<f32>, %k: i32) attributes {block_size = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %one = arith.constant 1.0 : f32
  %first = arith.cmpi eq, %k, %c0 : i32
  %dest = scf.if %first -> (!tt.ptr<f32>) {
    scf.yield %out : !tt.ptr<f32>
  } else {
    %far = tt.addptr %out, %k : !tt.ptr<f32>, i32
    scf.yield %far : !tt.ptr<f32>
  }
  tt.store %dest, %one : !tt.ptr<f32>
  tt.return
}
