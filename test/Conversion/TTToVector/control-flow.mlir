// A kernel's own scf.for / scf.if / scf.while stay structured through
// convert-tt-to-vector, over the converted types (scf's structural type
// conversion): a tensor is carried as its vector, a pointer as its buffer
// and offset, a tensor of pointers as its buffer and offset vector.
// RUN: mytriton-opt %s --convert-tt-to-vector=bounds-check=false -split-input-file | FileCheck %s

// A loop-carried accumulator and pointer block: the block advanced by a
// splat stays lane-contiguous (AccessForms.cpp's fixpoint), so the load is
// one vector load from the carried offsets' lane 0, not a gather.
// CHECK-LABEL: func.func private @carried(
// CHECK-SAME:      %[[X:[^:]+]]: memref<?xf32>, %[[XOFF:[^:]+]]: i32, %[[OUT:[^:]+]]: memref<?xf32>, %[[OUTOFF:[^:]+]]: i32, %[[N:[^:]+]]: i32,
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : i32
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : i32
// CHECK-DAG:     %[[ZEROS:.*]] = arith.constant dense<0.000000e+00> : vector<4xf32>
// CHECK-DAG:     %[[FOUR:.*]] = arith.constant dense<4> : vector<4xi32>
// CHECK:         %[[P0:.*]] = arith.addi %{{.*}}, %{{.*}} : vector<4xi32>
// CHECK:         %[[R:.*]]:3 = scf.for %[[I:.*]] = %[[C0]] to %[[N]] step %[[C4]] iter_args(%[[ACC:.*]] = %[[ZEROS]], %[[BUF:.*]] = %[[X]], %[[P:.*]] = %[[P0]]) -> (vector<4xf32>, memref<?xf32>, vector<4xi32>) : i32 {
// CHECK-NEXT:      %[[FIRST:.*]] = vector.extract %[[P]][0] : i32 from vector<4xi32>
// CHECK-NEXT:      %[[START:.*]] = arith.index_cast %[[FIRST]] : i32 to index
// CHECK-NEXT:      %[[V:.*]] = vector.load %[[BUF]][%[[START]]] : memref<?xf32>, vector<4xf32>
// CHECK-NEXT:      %[[ACC2:.*]] = arith.addf %[[ACC]], %[[V]] : vector<4xf32>
// CHECK-NEXT:      %[[P2:.*]] = arith.addi %[[P]], %[[FOUR]] : vector<4xi32>
// CHECK-NEXT:      scf.yield %[[ACC2]], %[[BUF]], %[[P2]] : vector<4xf32>, memref<?xf32>, vector<4xi32>
// CHECK-NEXT:    }
// CHECK:         vector.reduction <add>, %[[R]]#0
// CHECK-NOT:     vector.gather
tt.func @carried(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n: i32) attributes {block_size = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c4 = arith.constant 4 : i32
  %zeros = arith.constant dense<0.0> : tensor<4xf32>
  %four = tt.splat %c4 : i32 -> tensor<4xi32>
  %lanes = tt.make_range {start = 0 : i32, end = 4 : i32} : tensor<4xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %p0 = tt.addptr %xs, %lanes : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  %r:2 = scf.for %i = %c0 to %n step %c4 iter_args(%acc = %zeros, %p = %p0) -> (tensor<4xf32>, tensor<4x!tt.ptr<f32>>) : i32 {
    %v = tt.load %p : tensor<4x!tt.ptr<f32>>
    %acc2 = arith.addf %acc, %v : tensor<4xf32>
    %p2 = tt.addptr %p, %four : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
    scf.yield %acc2, %p2 : tensor<4xf32>, tensor<4x!tt.ptr<f32>>
  }
  %s = tt.reduce sum %r#0 : tensor<4xf32> -> f32
  tt.store %out, %s : !tt.ptr<f32>
  tt.return
}

// -----

// A block advanced by the lanes themselves is not contiguous after the
// first step: the join of its forms is Any, and the load a gather.
// CHECK-LABEL: func.func private @widening(
// CHECK:         scf.for
// CHECK:           vector.gather
// CHECK-NOT:       vector.load
// CHECK:           scf.yield
tt.func @widening(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n: i32) attributes {block_size = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zeros = arith.constant dense<0.0> : tensor<4xf32>
  %lanes = tt.make_range {start = 0 : i32, end = 4 : i32} : tensor<4xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %p0 = tt.addptr %xs, %lanes : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zeros, %p = %p0) -> (tensor<4xf32>, tensor<4x!tt.ptr<f32>>) : i32 {
    %v = tt.load %p : tensor<4x!tt.ptr<f32>>
    %acc2 = arith.addf %acc, %v : tensor<4xf32>
    %p2 = tt.addptr %p, %lanes : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
    scf.yield %acc2, %p2 : tensor<4xf32>, tensor<4x!tt.ptr<f32>>
  }
  %s = tt.reduce sum %r#0 : tensor<4xf32> -> f32
  tt.store %out, %s : !tt.ptr<f32>
  tt.return
}

// -----

// A branch on a scalar merges vectors; the store after it is contiguous.
// CHECK-LABEL: func.func private @branch(
// CHECK-SAME:      %[[X:[^:]+]]: memref<?xf32>, %[[XOFF:[^:]+]]: i32, %[[FLAG:[^:]+]]: i32,
// CHECK:         %[[V:.*]] = vector.load %[[X]]
// CHECK:         %[[C:.*]] = arith.cmpi ne, %[[FLAG]], %{{.*}} : i32
// CHECK-NEXT:    %[[R:.*]] = scf.if %[[C]] -> (vector<4xf32>) {
// CHECK-NEXT:      %[[NEG:.*]] = arith.negf %[[V]] : vector<4xf32>
// CHECK-NEXT:      scf.yield %[[NEG]] : vector<4xf32>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %[[V]] : vector<4xf32>
// CHECK-NEXT:    }
// CHECK:         vector.store %[[R]], %[[X]]
tt.func @branch(%x: !tt.ptr<f32>, %flag: i32) attributes {block_size = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %lanes = tt.make_range {start = 0 : i32, end = 4 : i32} : tensor<4xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %lanes : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  %v = tt.load %xp : tensor<4x!tt.ptr<f32>>
  %c = arith.cmpi ne, %flag, %c0 : i32
  %r = scf.if %c -> (tensor<4xf32>) {
    %neg = arith.negf %v : tensor<4xf32>
    scf.yield %neg : tensor<4xf32>
  } else {
    scf.yield %v : tensor<4xf32>
  }
  tt.store %xp, %r : tensor<4x!tt.ptr<f32>>
  tt.return
}

// -----

// A while loop carrying a scalar pointer: its buffer and offset.
// CHECK-LABEL: func.func private @walk(
// CHECK-SAME:      %[[X:[^:]+]]: memref<?xf32>, %[[XOFF:[^:]+]]: i32, %[[N:[^:]+]]: i32,
// CHECK:         scf.while (%[[I:.*]] = %{{.*}}, %[[BUF:.*]] = %[[X]], %[[OFF:.*]] = %[[XOFF]]) : (i32, memref<?xf32>, i32) -> (i32, memref<?xf32>, i32) {
// CHECK-NEXT:      %[[MORE:.*]] = arith.cmpi slt, %[[I]], %[[N]] : i32
// CHECK-NEXT:      scf.condition(%[[MORE]]) %[[I]], %[[BUF]], %[[OFF]] : i32, memref<?xf32>, i32
// CHECK-NEXT:    } do {
// CHECK-NEXT:    ^bb0(%[[I2:.*]]: i32, %[[BUF2:.*]]: memref<?xf32>, %[[OFF2:.*]]: i32):
// CHECK-NEXT:      %[[F:.*]] = arith.sitofp %[[I2]] : i32 to f32
// CHECK-NEXT:      %[[IDX:.*]] = arith.index_cast %[[OFF2]] : i32 to index
// CHECK-NEXT:      memref.store %[[F]], %[[BUF2]][%[[IDX]]] : memref<?xf32>
// CHECK-NEXT:      %[[NEXT:.*]] = arith.addi %[[I2]], %[[C1:.*]] : i32
// CHECK-NEXT:      %[[OFF3:.*]] = arith.addi %[[OFF2]], %[[C1]] : i32
// CHECK-NEXT:      scf.yield %[[NEXT]], %[[BUF2]], %[[OFF3]] : i32, memref<?xf32>, i32
tt.func @walk(%x: !tt.ptr<f32>, %n: i32) attributes {block_size = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %w:2 = scf.while (%i = %c0, %s = %x) : (i32, !tt.ptr<f32>) -> (i32, !tt.ptr<f32>) {
    %more = arith.cmpi slt, %i, %n : i32
    scf.condition(%more) %i, %s : i32, !tt.ptr<f32>
  } do {
  ^bb0(%i: i32, %s: !tt.ptr<f32>):
    %f = arith.sitofp %i : i32 to f32
    tt.store %s, %f : !tt.ptr<f32>
    %next = arith.addi %i, %c1 : i32
    %s2 = tt.addptr %s, %c1 : !tt.ptr<f32>, i32
    scf.yield %next, %s2 : i32, !tt.ptr<f32>
  }
  tt.return
}
