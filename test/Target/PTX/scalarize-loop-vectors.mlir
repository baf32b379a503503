// mytriton-scalarize-loop-vectors carries a thread's registers through
// scf.for (and scf.while) one by one, so LLVM can drop the lanes a loop
// never reads (a vector phi stays whole); scf.if keeps its vector. A lane
// of a GEP over a vector of pointers becomes that lane's own GEP, so a
// loop-carried pointer tensor advances each lane on its own and the lanes
// nothing reads die (@pointers: lanes 1-3 are never read). A lane of a
// mask (i1 vector) built by elementwise ops and shuffles, read lane by lane,
// is computed from its operands' lanes (@mask_lanes); a mask also used
// whole stays a vector (@mask_used_whole). Integer lanes stay vectors, even
// a thread's offsets made of a broadcast and a constant (@offset_lanes,
// @narrow_lanes: taken apart they cost tutorial 03's K loop 1.5-2.6%). A
// chain of mask ops, each read by the next two, comes apart in one sweep
// with each lane computed once (@mask_chain: twelve levels; taken apart
// read by read it needed a greedy iteration per level and failed at ten,
// and cloned a lane once per path).
// RUN: mytriton-opt --pass-pipeline="builtin.module(gpu.module(mytriton-scalarize-loop-vectors))" %s | FileCheck %s

// CHECK-LABEL: gpu.func @loop
// CHECK:         %[[R:.*]]:4 = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[A0:.*]] = %{{.*}}, %[[A1:.*]] = %{{.*}}, %[[A2:.*]] = %{{.*}}, %[[A3:.*]] = %{{.*}}) -> (f32, f32, f32, f32) {
// CHECK:           %[[V:.*]] = vector.from_elements %[[A0]], %[[A1]], %[[A2]], %[[A3]] : vector<4xf32>
// CHECK:           %[[S:.*]] = arith.addf %[[V]], %[[V]] : vector<4xf32>
// CHECK:           %[[E0:.*]] = vector.extract %[[S]][0] : f32 from vector<4xf32>
// CHECK:           scf.yield %[[E0]], %{{.*}}, %{{.*}}, %{{.*}} : f32, f32, f32, f32
// CHECK:         scf.if %{{.*}} -> (vector<4xf32>) {
gpu.module @kernels {
  gpu.func @loop(%n: index, %x: vector<4xf32>, %c: i1, %out: memref<8xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%v = %x) -> (vector<4xf32>) {
      %s = arith.addf %v, %v : vector<4xf32>
      scf.yield %s : vector<4xf32>
    }
    %b = scf.if %c -> (vector<4xf32>) {
      scf.yield %r : vector<4xf32>
    } else {
      scf.yield %x : vector<4xf32>
    }
    vector.store %r, %out[%c0] : memref<8xf32>, vector<4xf32>
    vector.store %b, %out[%c4] : memref<8xf32>, vector<4xf32>
    gpu.return
  }

// CHECK-LABEL: gpu.func @pointers
// CHECK:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{[^ ]*}} = %{{[^ ]*}}, %[[P0:[^ ]*]] = %{{[^ ]*}}, %[[P1:[^ ]*]] = %{{[^ ]*}}, %[[P2:[^ ]*]] = %{{[^ ]*}}, %[[P3:[^ ]*]] = %{{[^ ]*}}) -> (f32, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>, !llvm.ptr<1>) {
// CHECK:           %[[X:.*]] = llvm.load %[[P0]] : !llvm.ptr<1> -> f32
// CHECK-DAG:       %[[N0:.*]] = llvm.getelementptr %[[P0]][%{{.*}}] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
// CHECK-DAG:       %[[N1:.*]] = llvm.getelementptr %[[P1]][%{{.*}}] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
// CHECK-DAG:       %[[N2:.*]] = llvm.getelementptr %[[P2]][%{{.*}}] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
// CHECK-DAG:       %[[N3:.*]] = llvm.getelementptr %[[P3]][%{{.*}}] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
// CHECK-NOT:       vector<4x!llvm.ptr<1>>
// CHECK:           scf.yield %{{.*}}, %[[N0]], %[[N1]], %[[N2]], %[[N3]] :
  gpu.func @pointers(%n: index, %p: vector<4x!llvm.ptr<1>>, %step: vector<4xi32>, %out: memref<1xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0.0 : f32
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %q = %p) -> (f32, vector<4x!llvm.ptr<1>>) {
      %first = vector.extract %q[0] : !llvm.ptr<1> from vector<4x!llvm.ptr<1>>
      %x = llvm.load %first : !llvm.ptr<1> -> f32
      %sum = arith.addf %acc, %x : f32
      %next = llvm.getelementptr %q[%step] : (vector<4x!llvm.ptr<1>>, vector<4xi32>) -> vector<4x!llvm.ptr<1>>, f32
      scf.yield %sum, %next : f32, vector<4x!llvm.ptr<1>>
    }
    memref.store %r#0, %out[%c0] : memref<1xf32>
    gpu.return
  }

// CHECK-LABEL: gpu.func @mask_lanes
// CHECK-SAME:    (%[[ROWS:.*]]: vector<2xi32>, %[[BOUND:.*]]: i32, %[[ON:.*]]: i1,
// CHECK-DAG:     %[[R0:.*]] = vector.extract %[[ROWS]][0] : i32 from vector<2xi32>
// CHECK-DAG:     %[[R1:.*]] = vector.extract %[[ROWS]][1] : i32 from vector<2xi32>
// CHECK-DAG:     %[[L0:.*]] = arith.cmpi slt, %[[R0]], %[[BOUND]] : i32
// CHECK-DAG:     %[[L1:.*]] = arith.cmpi slt, %[[R1]], %[[BOUND]] : i32
// CHECK-DAG:     %[[M0:.*]] = arith.andi %[[L0]], %[[ON]] : i1
// CHECK-DAG:     %[[M1:.*]] = arith.andi %[[L1]], %[[ON]] : i1
// CHECK-NOT:     xi1>
// CHECK:         memref.store %[[M0]]
// CHECK:         memref.store %[[M1]]
  gpu.func @mask_lanes(%rows: vector<2xi32>, %bound: i32, %on: i1, %out: memref<2xi1>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %b = vector.broadcast %bound : i32 to vector<2xi32>
    %lt = arith.cmpi slt, %rows, %b : vector<2xi32>
    %wide = vector.shuffle %lt, %lt [0, 0, 1, 1] : vector<2xi1>, vector<2xi1>
    %splat = vector.broadcast %on : i1 to vector<4xi1>
    %mask = arith.andi %wide, %splat : vector<4xi1>
    %m0 = vector.extract %mask[0] : i1 from vector<4xi1>
    %m2 = vector.extract %mask[2] : i1 from vector<4xi1>
    memref.store %m0, %out[%c0] : memref<2xi1>
    memref.store %m2, %out[%c1] : memref<2xi1>
    gpu.return
  }

// CHECK-LABEL: gpu.func @mask_used_whole
// CHECK:         %[[MASK:.*]] = arith.andi %{{.*}}, %{{.*}} : vector<4xi1>
// CHECK:         vector.extract %[[MASK]][0] : i1 from vector<4xi1>
// CHECK:         vector.maskedstore %{{.*}}, %[[MASK]]
  gpu.func @mask_used_whole(%a: vector<4xi1>, %b: vector<4xi1>, %x: vector<4xf32>, %out: memref<4xf32>, %flag: memref<1xi1>) kernel {
    %c0 = arith.constant 0 : index
    %mask = arith.andi %a, %b : vector<4xi1>
    %m0 = vector.extract %mask[0] : i1 from vector<4xi1>
    memref.store %m0, %flag[%c0] : memref<1xi1>
    vector.maskedstore %out[%c0], %mask, %x : memref<4xf32>, vector<4xi1>, vector<4xf32>
    gpu.return
  }

// CHECK-LABEL: gpu.func @offset_lanes
// CHECK:         %[[OFFS:.*]] = arith.ori %{{.*}}, %{{.*}} : vector<4xi32>
// CHECK:         vector.extract %[[OFFS]][1] : i32 from vector<4xi32>
  gpu.func @offset_lanes(%tid: i32, %out: memref<1xi32>, %all: memref<4xi32>) kernel {
    %c0 = arith.constant 0 : index
    %cst = arith.constant dense<[0, 2048, 4096, 6144]> : vector<4xi32>
    %t = vector.broadcast %tid : i32 to vector<4xi32>
    %offs = arith.ori %t, %cst : vector<4xi32>
    %o1 = vector.extract %offs[1] : i32 from vector<4xi32>
    memref.store %o1, %out[%c0] : memref<1xi32>
    vector.store %offs, %all[%c0] : memref<4xi32>, vector<4xi32>
    gpu.return
  }

// CHECK-LABEL: gpu.func @narrow_lanes
// CHECK:         %[[SUM:.*]] = arith.addi %{{.*}}, %{{.*}} : vector<2xi16>
// CHECK:         vector.extract %[[SUM]][0] : i16 from vector<2xi16>
// CHECK:         vector.extract %[[SUM]][1] : i16 from vector<2xi16>
  gpu.func @narrow_lanes(%a: vector<2xi16>, %b: vector<2xi16>, %out: memref<2xi16>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %sum = arith.addi %a, %b : vector<2xi16>
    %s0 = vector.extract %sum[0] : i16 from vector<2xi16>
    %s1 = vector.extract %sum[1] : i16 from vector<2xi16>
    memref.store %s0, %out[%c0] : memref<2xi16>
    memref.store %s1, %out[%c1] : memref<2xi16>
    gpu.return
  }

// CHECK-LABEL: gpu.func @mask_chain
// CHECK-COUNT-24: arith.andi %{{.*}}, %{{.*}} : i1
// CHECK-NOT:     arith.andi
// CHECK-NOT:     vector<2xi1>
// CHECK:         gpu.return
  gpu.func @mask_chain(%x0: vector<2xi1>, %y0: vector<2xi1>, %out: memref<4xi1>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %x1 = arith.andi %x0, %y0 : vector<2xi1>
    %y1 = arith.xori %x0, %y0 : vector<2xi1>
    %x2 = arith.andi %x1, %y1 : vector<2xi1>
    %y2 = arith.xori %x1, %y1 : vector<2xi1>
    %x3 = arith.andi %x2, %y2 : vector<2xi1>
    %y3 = arith.xori %x2, %y2 : vector<2xi1>
    %x4 = arith.andi %x3, %y3 : vector<2xi1>
    %y4 = arith.xori %x3, %y3 : vector<2xi1>
    %x5 = arith.andi %x4, %y4 : vector<2xi1>
    %y5 = arith.xori %x4, %y4 : vector<2xi1>
    %x6 = arith.andi %x5, %y5 : vector<2xi1>
    %y6 = arith.xori %x5, %y5 : vector<2xi1>
    %x7 = arith.andi %x6, %y6 : vector<2xi1>
    %y7 = arith.xori %x6, %y6 : vector<2xi1>
    %x8 = arith.andi %x7, %y7 : vector<2xi1>
    %y8 = arith.xori %x7, %y7 : vector<2xi1>
    %x9 = arith.andi %x8, %y8 : vector<2xi1>
    %y9 = arith.xori %x8, %y8 : vector<2xi1>
    %x10 = arith.andi %x9, %y9 : vector<2xi1>
    %y10 = arith.xori %x9, %y9 : vector<2xi1>
    %x11 = arith.andi %x10, %y10 : vector<2xi1>
    %y11 = arith.xori %x10, %y10 : vector<2xi1>
    %x12 = arith.andi %x11, %y11 : vector<2xi1>
    %y12 = arith.xori %x11, %y11 : vector<2xi1>
    %e0 = vector.extract %x12[0] : i1 from vector<2xi1>
    memref.store %e0, %out[%c0] : memref<4xi1>
    %e1 = vector.extract %x12[1] : i1 from vector<2xi1>
    memref.store %e1, %out[%c1] : memref<4xi1>
    %e2 = vector.extract %y12[0] : i1 from vector<2xi1>
    memref.store %e2, %out[%c2] : memref<4xi1>
    %e3 = vector.extract %y12[1] : i1 from vector<2xi1>
    memref.store %e3, %out[%c3] : memref<4xi1>
    gpu.return
  }
}
