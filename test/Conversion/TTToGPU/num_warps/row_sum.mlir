// Row sum at BLOCK = 1024 with 2, 4 and 8 lanes per thread: a vector load
// per 16-byte chunk, the thread's lanes summed as a tree before the warp
// shuffles, and the first-lane store (`cols < 1`) lane by lane behind each
// lane's mask bit, so only thread 0 (its lane 0) writes.
// RUN: sed s/NUM_WARPS/16/ %S/../Inputs/num_warps/row_sum.mlir \
// RUN:   | mytriton-opt --tt-optimize --convert-tt-to-gpu | FileCheck %s --check-prefixes=CHECK,E2
// RUN: sed s/NUM_WARPS/8/ %S/../Inputs/num_warps/row_sum.mlir \
// RUN:   | mytriton-opt --tt-optimize --convert-tt-to-gpu | FileCheck %s --check-prefixes=CHECK,E4
// RUN: sed s/NUM_WARPS/4/ %S/../Inputs/num_warps/row_sum.mlir \
// RUN:   | mytriton-opt --tt-optimize --convert-tt-to-gpu | FileCheck %s --check-prefixes=CHECK,E8

// CHECK-LABEL: gpu.func @row_sum_kernel(
// CHECK-SAME:      %[[X:.*]]: !llvm.ptr<1>, %[[OUT:.*]]: !llvm.ptr<1>, %[[N:.*]]: i32, %[[G0:.*]]: i32, %[[G1:.*]]: i32)
// E2-SAME:         workgroup(%[[BUF:.*]] : memref<16xf32, #gpu.address_space<workgroup>>)
// E4-SAME:         workgroup(%[[BUF:.*]] : memref<8xf32, #gpu.address_space<workgroup>>)
// E8-SAME:         workgroup(%[[BUF:.*]] : memref<4xf32, #gpu.address_space<workgroup>>)
// E2-SAME:         known_block_size = array<i32: 512, 1, 1>
// E4-SAME:         known_block_size = array<i32: 256, 1, 1>
// E8-SAME:         known_block_size = array<i32: 128, 1, 1>
// E2-DAG:        %[[ONE:.*]] = arith.constant dense<1> : vector<2xi32>
// E4-DAG:        %[[ONE:.*]] = arith.constant dense<1> : vector<4xi32>
// E8-DAG:        %[[ONE:.*]] = arith.constant dense<1> : vector<8xi32>
// Groups of G = min(E, 4) consecutive lanes, T * G apart.
// E2:            %[[STEPS:.*]] = arith.constant dense<[0, 1]> : vector<2xi32>
// E4:            %[[STEPS:.*]] = arith.constant dense<[0, 1, 2, 3]> : vector<4xi32>
// E8:            %[[STEPS:.*]] = arith.constant dense<[0, 1, 2, 3, 512, 513, 514, 515]> : vector<8xi32>
// CHECK:         %[[COLS:.*]] = arith.addi %{{.*}}, %[[STEPS]] : vector<[[E:[0-9]+]]xi32>
// CHECK:         %[[PTRS:.*]] = llvm.getelementptr
// CHECK:         %[[P0:.*]] = vector.extract %[[PTRS]][0]
// E2:            %[[V:.*]] = scf.if %{{.*}} -> (vector<2xf32>) {
// E2-NEXT:         llvm.load %[[P0]] {alignment = 8 : i64} : !llvm.ptr<1> -> vector<2xf32>
// E4:            %[[V:.*]] = scf.if %{{.*}} -> (vector<4xf32>) {
// E4-NEXT:         llvm.load %[[P0]] {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// E8:            scf.if %{{.*}} -> (vector<4xf32>) {
// E8-NEXT:         llvm.load %[[P0]] {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// E8:            %[[P4:.*]] = llvm.getelementptr inbounds %{{.*}}[{{[1-9][0-9]+}}]
// E8:            scf.if %{{.*}} -> (vector<4xf32>) {
// E8-NEXT:         llvm.load %[[P4]] {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// E8:            %[[V:.*]] = vector.from_elements %{{.*}} : vector<8xf32>

// The thread's own lanes first: lane i + lane i+E/2, halving.
// CHECK:         %[[L0:.*]] = vector.extract %[[V]][0] : f32
// CHECK-NEXT:    %[[L1:.*]] = vector.extract %[[V]][1] : f32
// E2-NEXT:       %[[T:.*]] = arith.addf %[[L0]], %[[L1]] : f32
// E4-NEXT:       %[[L2:.*]] = vector.extract %[[V]][2] : f32
// E4-NEXT:       %[[L3:.*]] = vector.extract %[[V]][3] : f32
// E4-NEXT:       %[[S0:.*]] = arith.addf %[[L0]], %[[L2]] : f32
// E4-NEXT:       %[[S1:.*]] = arith.addf %[[L1]], %[[L3]] : f32
// E4-NEXT:       %[[T:.*]] = arith.addf %[[S0]], %[[S1]] : f32
// E8-COUNT-6:    vector.extract %[[V]]
// E8-COUNT-7:    arith.addf
// CHECK:         gpu.shuffle  xor %{{.*}}, %c16_i32, %c32_i32 : f32
// CHECK:         memref.store %{{.*}}, %[[BUF]]
// CHECK:         gpu.barrier
// CHECK:         %[[PARTIAL:.*]] = memref.load %[[BUF]]
// CHECK:         gpu.shuffle  xor %{{.*}}, %c1_i32{{.*}}, %c32_i32{{.*}} : f32
// CHECK:         %[[TOTAL:.*]] = arith.addf

// The first-lane store: a uniform pointer is not contiguous, so each lane
// stores its own copy where `cols < 1` holds.
// CHECK:         %[[OUTP:.*]] = llvm.getelementptr %[[OUT]][%{{.*}}] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
// CHECK:         %[[FIRST:.*]] = arith.cmpi slt, %[[COLS]], %[[ONE]] : vector<[[E]]xi32>
// CHECK:         %[[OUTPS:.*]] = vector.broadcast %[[OUTP]]
// CHECK:         %[[TOTALS:.*]] = vector.broadcast %[[TOTAL]]
// CHECK-NOT:     llvm.ptrtoint
// CHECK:         %[[F0:.*]] = vector.extract %[[FIRST]][0] : i1
// CHECK-NEXT:    scf.if %[[F0]] {
// CHECK-NEXT:      llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<1>
// E2-COUNT-1:    llvm.store %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<1>
// E4-COUNT-3:    llvm.store %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<1>
// E8-COUNT-7:    llvm.store %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<1>
// CHECK-NOT:     llvm.store
// CHECK:         gpu.return
