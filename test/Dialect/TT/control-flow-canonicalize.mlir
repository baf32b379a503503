// tt-optimize (canonicalize with scf's own patterns, CSE, integer ranges)
// on kernels with loops and branches: what folds keeps the program's
// meaning, and what must not move or fold stays.
// RUN: mytriton-opt %s -split-input-file --tt-optimize | FileCheck %s

// A loop whose constant bounds give no trip folds to its inits; its body
// (a load and a store) never runs, so it is gone.
// CHECK-LABEL: tt.func @zero_trip
// CHECK-SAME:    (%[[X:.*]]: !tt.ptr<f32>)
// CHECK-NEXT:    %[[INIT:.*]] = arith.constant 2.000000e+00 : f32
// CHECK-NEXT:    tt.store %[[X]], %[[INIT]] : !tt.ptr<f32>
// CHECK-NEXT:    tt.return
tt.func @zero_trip(%x: !tt.ptr<f32>) attributes {block_size = 64 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %init = arith.constant 2.0 : f32
  %r = scf.for %i = %c4 to %c0 step %c1 iter_args(%a = %init) -> (f32) : i32 {
    %v = tt.load %x : !tt.ptr<f32>
    %s = arith.addf %a, %v : f32
    tt.store %x, %s : !tt.ptr<f32>
    scf.yield %s : f32
  }
  tt.store %x, %r : !tt.ptr<f32>
  tt.return
}

// -----

// One trip (3 to 7 step 4) runs the body once with iv = 3: 10 + 3.
// CHECK-LABEL: tt.func @one_trip
// CHECK-NOT:     scf.for
// CHECK:         %[[R:.*]] = arith.constant 13 : i32
// CHECK:         tt.store %{{.*}}, %[[R]] : !tt.ptr<i32>
tt.func @one_trip(%x: !tt.ptr<i32>) attributes {block_size = 64 : i32} {
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %c7 = arith.constant 7 : i32
  %c10 = arith.constant 10 : i32
  %r = scf.for %i = %c3 to %c7 step %c4 iter_args(%a = %c10) -> (i32) : i32 {
    %s = arith.addi %a, %i : i32
    scf.yield %s : i32
  }
  tt.store %x, %r : !tt.ptr<i32>
  tt.return
}

// -----

// Masks that depend on the induction variable: with 4 trips of 128 lanes
// every offset is below 512 and integer ranges drop the mask; with 5 trips
// the last one crosses 512, so the mask stays on the load and the store.
// CHECK-LABEL: tt.func @masks_by_iv
// CHECK:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
// CHECK:           %[[OFF:.*]] = arith.addi %{{.*}}, %{{.*}} : tensor<128xi32>
// CHECK-NOT:       arith.cmpi
// CHECK:           %[[P:.*]] = tt.addptr %{{.*}}, %[[OFF]]
// CHECK:           %[[V:.*]] = tt.load %[[P]] : tensor<128x!tt.ptr<f32>>
// CHECK:           tt.store %[[P]], %[[V]] : tensor<128x!tt.ptr<f32>>
// CHECK:         }
// CHECK:         scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
// CHECK:           %[[O:.*]] = arith.muli %[[J]], %{{.*}} : i32
// CHECK:           %[[OS:.*]] = tt.splat %[[O]] : i32 -> tensor<128xi32>
// CHECK:           %[[OFF2:.*]] = arith.addi %[[OS]], %{{.*}} : tensor<128xi32>
// CHECK:           %[[M:.*]] = arith.cmpi slt, %[[OFF2]], %{{.*}} : tensor<128xi32>
// CHECK:           %[[P2:.*]] = tt.addptr %{{.*}}, %[[OFF2]]
// CHECK:           %[[V2:.*]] = tt.load %[[P2]], %[[M]] : tensor<128x!tt.ptr<f32>>
// CHECK:           tt.store %[[P2]], %[[V2]], %[[M]] : tensor<128x!tt.ptr<f32>>
tt.func @masks_by_iv(%x: !tt.ptr<f32>) attributes {block_size = 128 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %c5 = arith.constant 5 : i32
  %c128 = arith.constant 128 : i32
  %n = arith.constant dense<512> : tensor<128xi32>
  %lanes = tt.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  scf.for %i = %c0 to %c4 step %c1 : i32 {
    %o = arith.muli %i, %c128 : i32
    %os = tt.splat %o : i32 -> tensor<128xi32>
    %off = arith.addi %os, %lanes : tensor<128xi32>
    %m = arith.cmpi slt, %off, %n : tensor<128xi32>
    %p = tt.addptr %xs, %off : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %v = tt.load %p, %m : tensor<128x!tt.ptr<f32>>
    tt.store %p, %v, %m : tensor<128x!tt.ptr<f32>>
  }
  scf.for %i = %c0 to %c5 step %c1 : i32 {
    %o = arith.muli %i, %c128 : i32
    %os = tt.splat %o : i32 -> tensor<128xi32>
    %off = arith.addi %os, %lanes : tensor<128xi32>
    %m = arith.cmpi slt, %off, %n : tensor<128xi32>
    %p = tt.addptr %xs, %off : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %v = tt.load %p, %m : tensor<128x!tt.ptr<f32>>
    tt.store %p, %v, %m : tensor<128x!tt.ptr<f32>>
  }
  tt.return
}

// -----

// Program ids are never negative: `pid >= 0` is true, so its branch runs
// unconditionally. `pid < n` is not known: the load stays inside its branch
// (merged with the store's branch on the same condition), never hoisted.
// CHECK-LABEL: tt.func @branch_on_pid
// CHECK-SAME:    (%[[X:.*]]: !tt.ptr<f32>, %[[N:.*]]: i32)
// CHECK:         %[[PID:.*]] = tt.get_program_id 0 : i32
// CHECK:         %[[ALWAYS:.*]] = tt.load %[[X]] : !tt.ptr<f32>
// CHECK:         %[[LT:.*]] = arith.cmpi slt, %[[PID]], %[[N]] : i32
// CHECK:         scf.if %[[LT]] {
// CHECK-NEXT:      %[[V:.*]] = tt.load %[[X]] : !tt.ptr<f32>
// CHECK-NEXT:      tt.store %[[X]], %[[V]] : !tt.ptr<f32>
// CHECK-NEXT:    }
// CHECK-NEXT:    tt.store %[[X]], %[[ALWAYS]] : !tt.ptr<f32>
tt.func @branch_on_pid(%x: !tt.ptr<f32>, %n: i32) attributes {block_size = 64 : i32} {
  %c0 = arith.constant 0 : i32
  %zero = arith.constant 0.0 : f32
  %pid = tt.get_program_id 0 : i32
  %nonneg = arith.cmpi sge, %pid, %c0 : i32
  %r = scf.if %nonneg -> (f32) {
    %v = tt.load %x : !tt.ptr<f32>
    scf.yield %v : f32
  } else {
    scf.yield %zero : f32
  }
  %lt = arith.cmpi slt, %pid, %n : i32
  %r2 = scf.if %lt -> (f32) {
    %v = tt.load %x : !tt.ptr<f32>
    scf.yield %v : f32
  } else {
    scf.yield %zero : f32
  }
  scf.if %lt {
    tt.store %x, %r2 : !tt.ptr<f32>
  }
  tt.store %x, %r : !tt.ptr<f32>
  tt.return
}

// -----

// Inside a loop, tt folds still fire on what does not depend on the
// induction variable (the sum of a splat of f is f * 64), an iter_arg the
// body yields unchanged becomes its init, and the reduction of a tensor
// made from the induction variable stays in the loop.
// CHECK-LABEL: tt.func @invariants
// CHECK-SAME:    (%[[X:.*]]: !tt.ptr<f32>, %[[N:.*]]: i32, %[[F:.*]]: f32)
// CHECK:         %[[C64:.*]] = arith.constant 6.400000e+01 : f32
// CHECK:         %[[R:.*]]:2 = scf.for %[[I:.*]] = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[A:.*]] = %{{.*}}, %[[B:.*]] = %{{.*}}) -> (f32, f32) : i32 {
// CHECK:           %[[FF:.*]] = arith.mulf %[[F]], %[[C64]] : f32
// CHECK:           %[[IS:.*]] = tt.splat %[[I]] : i32 -> tensor<64xi32>
// CHECK:           %[[ISF:.*]] = arith.sitofp %[[IS]]
// CHECK:           %[[MAX:.*]] = tt.reduce max %[[ISF]] : tensor<64xf32> -> f32
// CHECK:           %[[A2:.*]] = arith.addf %[[A]], %[[FF]] : f32
// CHECK:           %[[B2:.*]] = arith.addf %[[B]], %[[MAX]] : f32
// CHECK:           scf.yield %[[A2]], %[[B2]] : f32, f32
// CHECK:         tt.store %[[X]], %[[R]]#0 : !tt.ptr<f32>
// CHECK:         tt.store %[[X]], %[[F]] : !tt.ptr<f32>
// CHECK:         tt.store %[[X]], %[[R]]#1 : !tt.ptr<f32>
tt.func @invariants(%x: !tt.ptr<f32>, %n: i32, %f: f32) attributes {block_size = 64 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant 0.0 : f32
  %fs = tt.splat %f : f32 -> tensor<64xf32>
  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %zero, %same = %f, %b = %zero) -> (f32, f32, f32) : i32 {
    %fs2 = tt.splat %f : f32 -> tensor<64xf32>
    %red = tt.reduce sum %fs2 : tensor<64xf32> -> f32
    %is = tt.splat %i : i32 -> tensor<64xi32>
    %isf = arith.sitofp %is : tensor<64xi32> to tensor<64xf32>
    %red2 = tt.reduce max %isf : tensor<64xf32> -> f32
    %a2 = arith.addf %a, %red : f32
    %b2 = arith.addf %b, %red2 : f32
    scf.yield %a2, %same, %b2 : f32, f32, f32
  }
  tt.store %x, %r#0 : !tt.ptr<f32>
  tt.store %x, %r#1 : !tt.ptr<f32>
  tt.store %x, %r#2 : !tt.ptr<f32>
  tt.return
}

// -----

// A load inside the loop reads what the loop's store wrote: CSE must not
// replace it by the identical load before the loop.
// CHECK-LABEL: tt.func @no_cse_across_store
// CHECK-SAME:    (%[[X:.*]]: !tt.ptr<f32>, %{{.*}}: i32)
// CHECK:         %[[V0:.*]] = tt.load %[[X]] : !tt.ptr<f32>
// CHECK:         scf.for %{{.*}} iter_args(%[[A:.*]] = %[[V0]]) -> (f32) : i32 {
// CHECK:           %[[S:.*]] = arith.addf %[[A]], %{{.*}} : f32
// CHECK:           tt.store %[[X]], %[[S]] : !tt.ptr<f32>
// CHECK:           %[[V1:.*]] = tt.load %[[X]] : !tt.ptr<f32>
// CHECK:           scf.yield %[[V1]] : f32
tt.func @no_cse_across_store(%x: !tt.ptr<f32>, %n: i32) attributes {block_size = 64 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %one = arith.constant 1.0 : f32
  %v0 = tt.load %x : !tt.ptr<f32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %v0) -> (f32) : i32 {
    %s = arith.addf %a, %one : f32
    tt.store %x, %s : !tt.ptr<f32>
    %v1 = tt.load %x : !tt.ptr<f32>
    scf.yield %v1 : f32
  }
  tt.store %x, %r : !tt.ptr<f32>
  tt.return
}

// -----

// A store with an all-false mask writes nothing; the loop left without
// effects or used results is dead, as is a while loop that only counts
// (scf loops terminate or have no observable effect).
// CHECK-LABEL: tt.func @dead_store_loop
// CHECK-NEXT:    tt.return
tt.func @dead_store_loop(%x: !tt.ptr<f32>, %n: i32) attributes {block_size = 64 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %false = arith.constant dense<false> : tensor<64xi1>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %z = arith.constant dense<0.0> : tensor<64xf32>
  scf.for %i = %c0 to %n step %c1 : i32 {
    tt.store %xs, %z, %false : tensor<64x!tt.ptr<f32>>
  }
  %w = scf.while (%k = %c0) : (i32) -> i32 {
    %lt = arith.cmpi slt, %k, %n : i32
    scf.condition(%lt) %k : i32
  } do {
  ^bb0(%k2: i32):
    %k3 = arith.addi %k2, %c1 : i32
    scf.yield %k3 : i32
  }
  tt.return
}

// -----

// A branch that only picks between values defined before it becomes an
// arith.select on the scalar condition (scf's canonicalization); every
// backend lowers a select of tensors by an i1 scalar. Values computed in a
// branch keep their scf.if.
// CHECK-LABEL: tt.func @pick
// CHECK:         %[[C:.*]] = arith.cmpi sgt, %{{.*}}, %{{.*}} : i32
// CHECK:         %[[A:.*]] = tt.load %{{.*}} : tensor<64x!tt.ptr<f32>>
// CHECK:         %[[B:.*]] = arith.negf %[[A]] : tensor<64xf32>
// CHECK:         %[[S:.*]] = arith.select %[[C]], %[[A]], %[[B]] : tensor<64xf32>
// CHECK:         %[[T:.*]] = scf.if %[[C]] -> (tensor<64xf32>) {
// CHECK:           %[[E:.*]] = math.exp %[[A]] : tensor<64xf32>
// CHECK:           scf.yield %[[E]] : tensor<64xf32>
// CHECK:         } else {
// CHECK:           scf.yield %[[B]] : tensor<64xf32>
// CHECK:         }
tt.func @pick(%x: !tt.ptr<f32>, %n: i32) attributes {block_size = 64 : i32} {
  %c0 = arith.constant 0 : i32
  %c = arith.cmpi sgt, %n, %c0 : i32
  %r = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %p = tt.addptr %xs, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %a = tt.load %p : tensor<64x!tt.ptr<f32>>
  %b = arith.negf %a : tensor<64xf32>
  %s = scf.if %c -> (tensor<64xf32>) {
    scf.yield %a : tensor<64xf32>
  } else {
    scf.yield %b : tensor<64xf32>
  }
  %t = scf.if %c -> (tensor<64xf32>) {
    %e = math.exp %a : tensor<64xf32>
    scf.yield %e : tensor<64xf32>
  } else {
    scf.yield %b : tensor<64xf32>
  }
  tt.store %p, %s : tensor<64x!tt.ptr<f32>>
  tt.store %p, %t : tensor<64x!tt.ptr<f32>>
  tt.return
}
