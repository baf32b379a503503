// Accesses that are not lane-contiguous, scalar accesses, masks, integer
// reductions and trap-free division.
// RUN: mytriton-opt %s --convert-tt-to-vector=bounds-check=false -split-input-file | FileCheck %s

// Offsets 3 * lane are not contiguous: a masked gather whose masked-off
// lanes read `other` (0 when absent), and a scatter with an all-true mask.
// CHECK-LABEL: func.func private @strided(
// CHECK-SAME:      %[[X:[^:]+]]: memref<?xf32>, %[[XOFF:[^:]+]]: i32, %[[OUT:[^:]+]]: memref<?xf32>, %[[OOFF:[^:]+]]: i32, %[[N:[^:]+]]: i32
// CHECK:         %[[OFFS:.*]] = arith.muli %{{.*}}, %{{.*}} : vector<8xi32>
// CHECK:         %[[MASK:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : vector<8xi32>
// CHECK:         %[[XB:.*]] = vector.broadcast %[[XOFF]] : i32 to vector<8xi32>
// CHECK:         %[[XO:.*]] = arith.addi %[[XB]], %[[OFFS]] : vector<8xi32>
// CHECK:         %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<8xf32>
// CHECK:         %[[V:.*]] = vector.gather %[[X]][%{{.*}}] [%[[XO]]], %[[MASK]], %[[ZERO]] : memref<?xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
// CHECK:         %[[OO:.*]] = arith.addi %{{.*}}, %[[OFFS]] : vector<8xi32>
// CHECK:         %[[TRUE:.*]] = arith.constant dense<true> : vector<8xi1>
// CHECK:         vector.scatter %[[OUT]][%{{.*}}] [%[[OO]]], %[[TRUE]], %[[V]] : memref<?xf32>, vector<8xi32>, vector<8xi1>, vector<8xf32>
tt.func @strided(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n: i32) attributes {block_size = 8 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 8 : i32} : tensor<8xi32>
  %c3 = arith.constant dense<3> : tensor<8xi32>
  %offs = arith.muli %r, %c3 : tensor<8xi32>
  %n_v = tt.splat %n : i32 -> tensor<8xi32>
  %mask = arith.cmpi slt, %r, %n_v : tensor<8xi32>
  %xp = tt.splat %x : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %ptrs = tt.addptr %xp, %offs : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  %v = tt.load %ptrs, %mask : tensor<8x!tt.ptr<f32>>
  %op = tt.splat %out : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %optrs = tt.addptr %op, %offs : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  tt.store %optrs, %v : tensor<8x!tt.ptr<f32>>
  tt.return
}

// -----

// A contiguous access without a mask is a plain vector load/store; a range
// that starts at 4 is contiguous from offset + 4.
// CHECK-LABEL: func.func private @unmasked(
// CHECK-SAME:      %[[X:[^:]+]]: memref<?xi32>, %[[XOFF:[^:]+]]: i32
// CHECK:         %[[FOUR:.*]] = arith.constant 4 : i32
// CHECK:         %[[S:.*]] = arith.addi %[[FOUR]], %[[XOFF]] : i32
// CHECK:         %[[I:.*]] = arith.index_cast %[[S]] : i32 to index
// CHECK:         %[[V:.*]] = vector.load %[[X]][%[[I]]] : memref<?xi32>, vector<4xi32>
// CHECK:         %[[MAX:.*]] = vector.reduction <maxsi>, %[[V]] : vector<4xi32> into i32
// CHECK:         %[[MIN:.*]] = vector.reduction <minsi>, %[[V]] : vector<4xi32> into i32
// CHECK:         %[[SUM:.*]] = vector.reduction <add>, %[[V]] : vector<4xi32> into i32
// CHECK:         vector.store %{{.*}}, %[[X]][%{{.*}}] : memref<?xi32>, vector<4xi32>
tt.func @unmasked(%x: !tt.ptr<i32>) attributes {block_size = 4 : i32} {
  %r = tt.make_range {start = 4 : i32, end = 8 : i32} : tensor<4xi32>
  %xp = tt.splat %x : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
  %ptrs = tt.addptr %xp, %r : tensor<4x!tt.ptr<i32>>, tensor<4xi32>
  %v = tt.load %ptrs : tensor<4x!tt.ptr<i32>>
  %max = tt.reduce max %v : tensor<4xi32> -> i32
  %min = tt.reduce min %v : tensor<4xi32> -> i32
  %sum = tt.reduce sum %v : tensor<4xi32> -> i32
  %a = arith.addi %max, %min : i32
  %b = arith.addi %a, %sum : i32
  %bv = tt.splat %b : i32 -> tensor<4xi32>
  tt.store %ptrs, %bv : tensor<4x!tt.ptr<i32>>
  tt.return
}

// -----

// Masked scalar accesses run under scf.if so a false mask touches no memory;
// the division's divisor is replaced by 1 where it would trap on x86 (zero,
// or INT_MIN / -1).
// CHECK-LABEL: func.func private @scalars(
// CHECK-SAME:      %[[X:[^:]+]]: memref<?xi32>, %[[XOFF:[^:]+]]: i32, %[[OUT:[^:]+]]: memref<?xi32>, %[[OOFF:[^:]+]]: i32, %[[N:[^:]+]]: i32,
// CHECK-SAME:      %{{[^:]+}}: i32, %{{[^:]+}}: i32, %[[PID:[^:]+]]: i32)
// CHECK:         %[[OK:.*]] = arith.cmpi slt, %[[PID]], %[[N]] : i32
// CHECK:         %[[XI32:.*]] = arith.addi %[[XOFF]], %[[PID]] : i32
// CHECK:         %[[MINUS1:.*]] = arith.constant -1 : i32
// CHECK:         %[[XI:.*]] = arith.index_cast %[[XI32]] : i32 to index
// CHECK:         %[[V:.*]] = scf.if %[[OK]] -> (i32) {
// CHECK-NEXT:      %[[L:.*]] = memref.load %[[X]][%[[XI]]] : memref<?xi32>
// CHECK-NEXT:      scf.yield %[[L]] : i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %[[MINUS1]] : i32
// CHECK-NEXT:    }
// CHECK:         %[[ISZERO:.*]] = arith.cmpi eq, %[[N]], %{{.*}} : i32
// CHECK:         %[[ISMIN:.*]] = arith.cmpi eq, %[[V]], %{{.*}} : i32
// CHECK:         %[[ISM1:.*]] = arith.cmpi eq, %[[N]], %{{.*}} : i32
// CHECK:         %[[OVF:.*]] = arith.andi %[[ISMIN]], %[[ISM1]] : i1
// CHECK:         %[[BAD:.*]] = arith.ori %[[ISZERO]], %[[OVF]] : i1
// CHECK:         %[[SAFE:.*]] = arith.select %[[BAD]], %{{.*}}, %[[N]] : i32
// CHECK:         %[[Q:.*]] = arith.divsi %[[V]], %[[SAFE]] : i32
// CHECK:         scf.if %[[OK]] {
// CHECK-NEXT:      memref.store %[[Q]], %[[OUT]][%{{.*}}] : memref<?xi32>
// CHECK-NEXT:    }
tt.func @scalars(%x: !tt.ptr<i32>, %out: !tt.ptr<i32>, %n: i32) attributes {block_size = 4 : i32} {
  %pid = tt.get_program_id 2 : i32
  %ok = arith.cmpi slt, %pid, %n : i32
  %p = tt.addptr %x, %pid : !tt.ptr<i32>, i32
  %m1 = arith.constant -1 : i32
  %v = tt.load %p, %ok, %m1 : !tt.ptr<i32>
  %q = arith.divsi %v, %n : i32
  %o = tt.addptr %out, %pid : !tt.ptr<i32>, i32
  tt.store %o, %q, %ok : !tt.ptr<i32>
  tt.return
}

// -----

// A select between two pointers into one buffer selects their offsets.
// CHECK-LABEL: func.func private @select_ptr(
// CHECK-SAME:      %[[X:[^:]+]]: memref<?xf32>, %[[XOFF:[^:]+]]: i32, %[[C:[^:]+]]: i32
// CHECK:         %[[Q:.*]] = arith.addi %[[XOFF]], %[[C]] : i32
// CHECK:         %[[OFF:.*]] = arith.select %{{.*}}, %[[XOFF]], %[[Q]] : i32
// CHECK:         %[[I:.*]] = arith.index_cast %[[OFF]] : i32 to index
// CHECK:         memref.load %[[X]][%[[I]]] : memref<?xf32>
tt.func @select_ptr(%x: !tt.ptr<f32>, %c: i32) attributes {block_size = 4 : i32} {
  %z = arith.constant 0 : i32
  %b = arith.cmpi sgt, %c, %z : i32
  %q = tt.addptr %x, %c : !tt.ptr<f32>, i32
  %s = arith.select %b, %x, %q : !tt.ptr<f32>
  %v = tt.load %s : !tt.ptr<f32>
  tt.store %x, %v : !tt.ptr<f32>
  tt.return
}
