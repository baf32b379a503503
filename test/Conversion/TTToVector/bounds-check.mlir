// Bounds checks of convert-tt-to-vector (on by default): every load and store
// checks its enabled lanes' offsets against its buffer's size and, on a bad
// lane, branches to a block that fills the error record and returns true
// before the access runs. A lane-contiguous access first compares its first
// and last lane with the buffer (scalars); only a block that crosses an end
// looks at its lanes, as the largest enabled offset (a max reduction). The
// grid stops at the first program that returns true.
// RUN: mytriton-opt %s --convert-tt-to-vector --canonicalize --cse -split-input-file | FileCheck %s
// RUN: mytriton-opt %s --convert-tt-to-vector=bounds-check=false --canonicalize --cse -split-input-file | FileCheck %s --check-prefix=OFF

// CHECK-LABEL: func.func private @copy(
// CHECK-SAME:      %[[X:[^:]+]]: memref<?xf32>, %[[XOFF:[^:]+]]: i32, %[[OUT:[^:]+]]: memref<?xf32>, %[[OUTOFF:[^:]+]]: i32, %[[N:[^:]+]]: i32,
// CHECK-SAME:      %[[REC:[^:]+]]: memref<?xi32>, %[[PX:[^:]+]]: i32, %[[PY:[^:]+]]: i32, %[[PZ:[^:]+]]: i32) -> i1
// CHECK-DAG:     %[[TRUE:.*]] = arith.constant true
// CHECK-DAG:     %[[FALSE:.*]] = arith.constant false
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[C7:.*]] = arith.constant 7 : index
// CHECK-DAG:     %[[LIMIT:.*]] = arith.constant 2147483648 : index
// CHECK-DAG:     %[[LANES:.*]] = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7]> : vector<8xi32>
// CHECK-DAG:     %[[NOLANE:.*]] = arith.constant dense<8> : vector<8xi32>
// CHECK-DAG:     %[[ZEROS:.*]] = arith.constant dense<0> : vector<8xi32>
// CHECK-DAG:     %[[ID0:.*]] = arith.constant 0 : i32
// CHECK-DAG:     %[[ID1:.*]] = arith.constant 1 : i32
// Access 0, the masked load of x. min(size, 2^31) bounds the sign-extended
// i32 offsets from above and, compared unsigned, from below. The hot path is
// scalar: lane 0 and lane 7 inside the buffer.
// CHECK:         %[[XFIRST:.*]] = arith.addi %[[XOFF]], %{{.*}} : i32
// CHECK:         %[[XSTART:.*]] = arith.index_cast %[[XFIRST]] : i32 to index
// CHECK-NEXT:    %[[XSIZE:.*]] = memref.dim %[[X]], %[[C0]] : memref<?xf32>
// CHECK-NEXT:    %[[XLIM:.*]] = arith.minui %[[XSIZE]], %[[LIMIT]] : index
// CHECK-NEXT:    %[[XLIM32:.*]] = arith.index_castui %[[XLIM]] : index to i32
// CHECK-NEXT:    %[[XLAST:.*]] = arith.addi %[[XSTART]], %[[C7]] : index
// CHECK-NEXT:    %[[XFROM:.*]] = arith.cmpi sge, %[[XSTART]], %[[C0]] : index
// CHECK-NEXT:    %[[XTO:.*]] = arith.cmpi slt, %[[XLAST]], %[[XSIZE]] : index
// CHECK-NEXT:    %[[XIN:.*]] = arith.andi %[[XFROM]], %[[XTO]] : i1
// CHECK-NEXT:    %[[XANY:.*]] = scf.if %[[XIN]] -> (i1) {
// CHECK-NEXT:      scf.yield %[[FALSE]] : i1
// CHECK-NEXT:    } else {
// A block crossing an end: the largest enabled offset (masked-off lanes
// count as 0). Masks and offsets are recomputed in each block that uses them
// (recomputeIntegerVectorsPerBlock).
// CHECK:           %[[M1:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : vector<8xi32>
// CHECK:           %[[O1:.*]] = arith.addi %{{.*}}, %{{.*}} : vector<8xi32>
// CHECK-NEXT:      %[[ENABLED:.*]] = arith.select %[[M1]], %[[O1]], %[[ZEROS]] : vector<8xi1>, vector<8xi32>
// CHECK-NEXT:      %[[LARGEST:.*]] = vector.reduction <maxui>, %[[ENABLED]] : vector<8xi32> into i32
// CHECK-NEXT:      %[[OUTSIDE:.*]] = arith.cmpi uge, %[[LARGEST]], %[[XLIM32]] : i32
// An empty buffer: every enabled lane is outside; the mask says whether
// there is one.
// CHECK-NEXT:      %[[EMPTY:.*]] = arith.cmpi eq, %[[XLIM32]], %[[ID0]] : i32
// CHECK-NEXT:      scf.if %[[EMPTY]] -> (i1) {
// CHECK:             vector.reduction <maxui>
// CHECK:           } else {
// CHECK-NEXT:        scf.yield %[[OUTSIDE]] : i1
// CHECK:         cf.cond_br %[[XANY]], ^[[XREPORT:.*]], ^[[STORECHECK:.*]]
// Access 1, the unmasked store, is checked next: checks move up, in program
// order, to where their operands are known, so that the row's computation
// and its accesses share one block.
// CHECK:       ^[[STORECHECK]]:
// CHECK:         %[[OSTART:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK-NEXT:    %[[OSIZE:.*]] = memref.dim %[[OUT]], %[[C0]] : memref<?xf32>
// CHECK:         %[[OIN:.*]] = arith.andi %{{.*}}, %{{.*}} : i1
// CHECK-NEXT:    %[[OANY:.*]] = scf.if %[[OIN]] -> (i1) {
// CHECK:         } else {
// Every lane of the unmasked store is enabled: no select.
// CHECK:           %[[OROW:.*]] = arith.addi %{{.*}}, %[[LANES]] : vector<8xi32>
// CHECK-NEXT:      %[[OOFFS:.*]] = arith.addi %{{.*}}, %[[OROW]] : vector<8xi32>
// CHECK-NEXT:      %[[OLARGEST:.*]] = vector.reduction <maxui>, %[[OOFFS]] : vector<8xi32> into i32
// CHECK-NEXT:      %[[OOUT:.*]] = arith.cmpi uge, %[[OLARGEST]], %{{.*}} : i32
// CHECK-NEXT:      scf.yield %[[OOUT]] : i1
// CHECK:         cf.cond_br %[[OANY]], ^[[OREPORT:.*]], ^[[ACCESS:.*]]
// CHECK:       ^[[ACCESS]]:
// CHECK:         %[[M2:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : vector<8xi32>
// CHECK-NEXT:    %[[V:.*]] = vector.maskedload %[[X]][%[[XSTART]]], %[[M2]], %{{.*}}
// CHECK-NEXT:    vector.store %[[V]], %[[OUT]][%[[OSTART]]]
// CHECK-NEXT:    return %[[FALSE]] : i1
// The report: the first bad lane's offset, then [id, pid x, y, z, element].
// CHECK:       ^[[XREPORT]]:
// CHECK:         %[[ROWOFFS:.*]] = arith.addi %{{.*}}, %[[LANES]] : vector<8xi32>
// CHECK-NEXT:    %[[XOFFS:.*]] = arith.addi %{{.*}}, %[[ROWOFFS]] : vector<8xi32>
// CHECK-NEXT:    %[[OUTL:.*]] = arith.cmpi uge, %[[XOFFS]], %{{.*}} : vector<8xi32>
// CHECK:         %[[M3:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : vector<8xi32>
// CHECK-NEXT:    %[[BAD:.*]] = arith.andi %[[OUTL]], %[[M3]] : vector<8xi1>
// CHECK-NEXT:    %[[CAND:.*]] = arith.select %[[BAD]], %[[LANES]], %[[NOLANE]] : vector<8xi1>, vector<8xi32>
// CHECK-NEXT:    %[[FIRST:.*]] = vector.reduction <minui>, %[[CAND]] : vector<8xi32> into i32
// CHECK-NEXT:    %[[FIRSTI:.*]] = arith.index_cast %[[FIRST]] : i32 to index
// CHECK-NEXT:    %[[ELEM:.*]] = vector.extract %[[XOFFS]][%[[FIRSTI]]] : i32 from vector<8xi32>
// CHECK-NEXT:    memref.store %[[ID0]], %[[REC]][%[[C0]]] : memref<?xi32>
// CHECK-NEXT:    memref.store %[[PX]], %[[REC]][%{{.*}}] : memref<?xi32>
// CHECK-NEXT:    memref.store %[[PY]], %[[REC]][%{{.*}}] : memref<?xi32>
// CHECK-NEXT:    memref.store %[[PZ]], %[[REC]][%{{.*}}] : memref<?xi32>
// CHECK-NEXT:    memref.store %[[ELEM]], %[[REC]][%[[C4]]] : memref<?xi32>
// CHECK-NEXT:    return %[[TRUE]] : i1
// CHECK:       ^[[OREPORT]]:
// CHECK:         memref.store %[[ID1]], %[[REC]][%[[C0]]] : memref<?xi32>
// CHECK:         return %[[TRUE]] : i1

// The table maps each access id to its op, the kernel argument its pointer
// came from and its source location; the grid's loops stop once the kernel
// returns true.
// CHECK-LABEL: func.func @copy_grid(
// CHECK-SAME:      %[[GX:[^:]+]]: memref<?xf32>, %[[GOUT:[^:]+]]: memref<?xf32>, %[[GN:[^:]+]]: i32,
// CHECK-SAME:      %{{[^:]+}}: i32, %{{[^:]+}}: i32, %{{[^:]+}}: i32, %[[GREC:[^:]+]]: memref<?xi32>)
// CHECK-SAME:      mytriton.accesses = [{arg = 0 : i32, col = 8 : i32, file = "k.py", line = 5 : i32, op = "tt.load"},
// CHECK-SAME:                           {arg = 1 : i32, col = 4 : i32, file = "k.py", line = 6 : i32, op = "tt.store"}]
// CHECK:         scf.while
// CHECK:           scf.while
// CHECK:             scf.while (%[[Z:.*]] = %{{.*}}, %[[STOPPED:.*]] = %{{.*}}) : (index, i1) -> (index, i1) {
// CHECK:               %[[INRANGE:.*]] = arith.cmpi ult, %[[Z]], %{{.*}} : index
// CHECK:               %[[RUNNING:.*]] = arith.xori %[[STOPPED]], %{{.*}} : i1
// CHECK:               %[[GO:.*]] = arith.andi %[[INRANGE]], %[[RUNNING]] : i1
// CHECK:               scf.condition(%[[GO]])
// CHECK:               %[[R:.*]] = func.call @copy(%[[GX]], %{{.*}}, %[[GOUT]], %{{.*}}, %[[GN]], %[[GREC]], %{{.*}}, %{{.*}}, %{{.*}}) : {{.*}} -> i1
// CHECK:               scf.yield %{{.*}}, %[[R]] : index, i1

// Without checks: no compare, the kernel returns nothing, a plain loop nest;
// the grid function still takes the error record.
// OFF-LABEL: func.func private @copy(
// OFF-SAME:      %{{[^:]+}}: i32, %{{[^:]+}}: i32, %{{[^:]+}}: i32) {
// OFF-NOT:     memref.dim
// OFF-NOT:     cf.cond_br
// OFF:         vector.maskedload
// OFF:         vector.store
// OFF-NEXT:    return
// OFF-LABEL: func.func @copy_grid(
// OFF-SAME:      %{{[^:]+}}: memref<?xi32>) {
// OFF:         scf.for
// OFF:           scf.for
// OFF:             scf.for
// OFF-NOT:     scf.while
tt.func @copy(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n: i32) attributes {block_size = 8 : i32} {
  %pid = tt.get_program_id 0 : i32
  %c8 = arith.constant 8 : i32
  %start = arith.muli %pid, %c8 : i32
  %range = tt.make_range {start = 0 : i32, end = 8 : i32} : tensor<8xi32>
  %start_v = tt.splat %start : i32 -> tensor<8xi32>
  %offs = arith.addi %start_v, %range : tensor<8xi32>
  %n_v = tt.splat %n : i32 -> tensor<8xi32>
  %mask = arith.cmpi slt, %offs, %n_v : tensor<8xi32>
  %xp = tt.splat %x : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %xs = tt.addptr %xp, %offs : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  %v = tt.load %xs, %mask : tensor<8x!tt.ptr<f32>> loc("k.py":5:8)
  %op = tt.splat %out : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %os = tt.addptr %op, %offs : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  tt.store %os, %v : tensor<8x!tt.ptr<f32>> loc("k.py":6:4)
  tt.return
}

// -----

// A gather (offsets that are not lane-contiguous) is checked on its offset
// vector; a masked scalar store on its scalar offset, before its scf.if. A
// pointer selected between two offsets into one argument names that
// argument; a fused location names its first file:line:col.
// CHECK-LABEL: func.func private @gather_and_scalar(
// CHECK-SAME:      %[[X:[^:]+]]: memref<?xi32>, %[[XOFF:[^:]+]]: i32, %[[OUT:[^:]+]]: memref<?xi32>, %[[OUTOFF:[^:]+]]: i32, %[[K:[^:]+]]: i32,
// CHECK-SAME:      %[[REC:[^:]+]]: memref<?xi32>, %[[PX:[^:]+]]: i32, %{{[^:]+}}: i32, %{{[^:]+}}: i32) -> i1
// CHECK:         %[[GOFFS:.*]] = arith.addi %{{.*}}, %{{.*}} : vector<4xi32>
// CHECK:         %[[GSIZE:.*]] = memref.dim %[[X]], %{{.*}} : memref<?xi32>
// CHECK:         %[[GLIM:.*]] = arith.index_castui %{{.*}} : index to i32
// CHECK:         %[[GLARGEST:.*]] = vector.reduction <maxui>, %[[GOFFS]] : vector<4xi32> into i32
// CHECK:         %[[GANY:.*]] = arith.cmpi uge, %[[GLARGEST]], %[[GLIM]] : i32
// CHECK:         cf.cond_br %[[GANY]], ^{{.*}}, ^[[GATHER:.*]]
// CHECK:       ^[[GATHER]]:
// CHECK:         %[[G:.*]] = vector.gather %[[X]][%{{.*}}] [%[[GOFFS]]]
// CHECK:         %[[SOFF:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : i32
// CHECK:         %[[SMASK:.*]] = arith.cmpi sgt, %{{.*}}, %{{.*}} : i32
// CHECK:         %[[SSIZE:.*]] = memref.dim %[[OUT]], %{{.*}} : memref<?xi32>
// CHECK:         %[[SOUT:.*]] = arith.cmpi uge, %[[SOFF]], %{{.*}} : i32
// CHECK:         %[[SBAD:.*]] = arith.andi %[[SOUT]], %[[SMASK]] : i1
// CHECK:         cf.cond_br %[[SBAD]], ^[[SREPORT:.*]], ^[[SSTORE:.*]]
// CHECK:       ^[[SSTORE]]:
// CHECK:         scf.if %[[SMASK]] {
// CHECK:           memref.store %{{.*}}, %[[OUT]][%{{.*}}] : memref<?xi32>
// A scalar access reports its own offset.
// CHECK:       ^[[SREPORT]]:
// CHECK:         memref.store %[[PX]], %[[REC]][%{{.*}}] : memref<?xi32>
// CHECK:         memref.store %{{.*}}, %[[REC]][%{{.*}}] : memref<?xi32>
// CHECK:         memref.store %[[SOFF]], %[[REC]][%{{.*}}] : memref<?xi32>
// CHECK-LABEL: func.func @gather_and_scalar_grid(
// CHECK-SAME:      mytriton.accesses = [{arg = 0 : i32, col = 3 : i32, file = "g.py", line = 10 : i32, op = "tt.load"},
// CHECK-SAME:                           {arg = 1 : i32, col = 5 : i32, file = "g.py", line = 20 : i32, op = "tt.store"}]
tt.func @gather_and_scalar(%x: !tt.ptr<i32>, %out: !tt.ptr<i32>, %k: i32) attributes {block_size = 4 : i32} {
  %pid = tt.get_program_id 0 : i32
  %range = tt.make_range {start = 0 : i32, end = 4 : i32} : tensor<4xi32>
  %k_v = tt.splat %k : i32 -> tensor<4xi32>
  %strided = arith.muli %range, %k_v : tensor<4xi32>
  %xp = tt.splat %x : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
  %xs = tt.addptr %xp, %strided : tensor<4x!tt.ptr<i32>>, tensor<4xi32>
  %g = tt.load %xs : tensor<4x!tt.ptr<i32>> loc(fused["g.py":10:3, "h.py":1:1])
  %sum = tt.reduce sum %g : tensor<4xi32> -> i32
  %c0 = arith.constant 0 : i32
  %first = arith.cmpi eq, %pid, %c0 : i32
  %here = tt.addptr %out, %pid : !tt.ptr<i32>, i32
  %there = tt.addptr %out, %k : !tt.ptr<i32>, i32
  %dst = arith.select %first, %here, %there : !tt.ptr<i32>
  %positive = arith.cmpi sgt, %sum, %c0 : i32
  tt.store %dst, %sum, %positive : !tt.ptr<i32> loc("g.py":20:5)
  tt.return
}
