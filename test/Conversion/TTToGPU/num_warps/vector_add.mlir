// Vector add at BLOCK = 1024 with 2, 4 and 8 lanes per thread: both loads
// and the store are contiguous (uniform pointer + pid*1024 + range), so each
// chunk is one vector access when aligned and fully inside `offs < n`; the add
// works on whole vectors. A thread's lanes come in groups of G = min(E, 4):
// with E = 8 (128 threads) thread t owns 4t..4t+3 and 512+4t..512+4t+3, so
// each group a warp loads is one contiguous 512-byte span.
// RUN: sed s/NUM_WARPS/16/ %S/../Inputs/num_warps/vector_add.mlir \
// RUN:   | mytriton-opt --tt-optimize --convert-tt-to-gpu | FileCheck %s --check-prefixes=CHECK,E2
// RUN: sed s/NUM_WARPS/8/ %S/../Inputs/num_warps/vector_add.mlir \
// RUN:   | mytriton-opt --tt-optimize --convert-tt-to-gpu | FileCheck %s --check-prefixes=CHECK,E4
// RUN: sed s/NUM_WARPS/4/ %S/../Inputs/num_warps/vector_add.mlir \
// RUN:   | mytriton-opt --tt-optimize --convert-tt-to-gpu | FileCheck %s --check-prefixes=CHECK,E8

// CHECK-LABEL: gpu.func @add_kernel(
// CHECK-SAME:      %[[X:.*]]: !llvm.ptr<1>, %[[Y:.*]]: !llvm.ptr<1>, %[[OUT:.*]]: !llvm.ptr<1>, %[[N:.*]]: i32, %[[G0:.*]]: i32, %[[G1:.*]]: i32) kernel
// E2-SAME:         known_block_size = array<i32: 512, 1, 1>
// E4-SAME:         known_block_size = array<i32: 256, 1, 1>
// E8-SAME:         known_block_size = array<i32: 128, 1, 1>
// CHECK-NOT:     workgroup
// CHECK:         %[[BID:.*]] = gpu.block_id x
// CHECK:         %[[BX:.*]] = arith.index_castui %[[BID]] : index to i32
// CHECK:         arith.cmpi eq, %[[G1]], %{{.*}} : i32
// CHECK-NEXT:    %[[PID:.*]] = scf.if %{{.*}} -> (i32) {
// CHECK-NEXT:      scf.yield %[[BX]] : i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      arith.divui %[[BX]], %[[G1]] : i32
// CHECK:         %[[TID:.*]] = gpu.thread_id x
// CHECK:         %[[T:.*]] = arith.index_castui %[[TID]] : index to i32
// E2:            %[[FIRST:.*]] = arith.muli %[[T]], %c2_i32 : i32
// E4:            %[[FIRST:.*]] = arith.muli %[[T]], %c4_i32 : i32
// E8:            %[[FIRST:.*]] = arith.muli %[[T]], %c4_i32 : i32
// CHECK:         %[[FIRSTS:.*]] = vector.broadcast %[[FIRST]] : i32 to vector<[[E:[0-9]+]]xi32>
// E2:            %[[STEPS:.*]] = arith.constant dense<[0, 1]> : vector<2xi32>
// E4:            %[[STEPS:.*]] = arith.constant dense<[0, 1, 2, 3]> : vector<4xi32>
// E8:            %[[STEPS:.*]] = arith.constant dense<[0, 1, 2, 3, 512, 513, 514, 515]> : vector<8xi32>
// CHECK:         %[[LANES:.*]] = arith.addi %[[FIRSTS]], %[[STEPS]] : vector<[[E]]xi32>
// CHECK:         %[[OFFS:.*]] = arith.addi %{{.*}}, %[[LANES]] : vector<[[E]]xi32>
// CHECK:         %[[NS:.*]] = vector.broadcast %[[N]] : i32 to vector<[[E]]xi32>
// CHECK:         %[[MASK:.*]] = arith.cmpi slt, %[[OFFS]], %[[NS]] : vector<[[E]]xi32>

// CHECK:         %[[XS:.*]] = vector.broadcast %[[X]]
// CHECK:         %[[XPTRS:.*]] = llvm.getelementptr %[[XS]][%[[OFFS]]]
// CHECK:         %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         %[[XP0:.*]] = vector.extract %[[XPTRS]][0]
// CHECK-NEXT:    %[[XADDR:.*]] = llvm.ptrtoint %[[XP0]] : !llvm.ptr<1> to i64
// E2:            %[[XLOW:.*]] = arith.andi %[[XADDR]], %c7_i64 : i64
// E4:            %[[XLOW:.*]] = arith.andi %[[XADDR]], %c15_i64 : i64
// E8:            %[[XLOW:.*]] = arith.andi %[[XADDR]], %c15_i64 : i64
// CHECK:         %[[XALIGNED:.*]] = arith.cmpi eq, %[[XLOW]], %c0_i64 : i64
// CHECK-NEXT:    %[[XM0:.*]] = vector.extract %[[MASK]][0] : i1
// CHECK-NEXT:    arith.andi %[[XALIGNED]], %[[XM0]] : i1
// E2:            %[[XV:.*]] = scf.if %{{.*}} -> (vector<2xf32>) {
// E2-NEXT:         llvm.load %[[XP0]] {alignment = 8 : i64} : !llvm.ptr<1> -> vector<2xf32>
// E4:            %[[XV:.*]] = scf.if %{{.*}} -> (vector<4xf32>) {
// E4-NEXT:         llvm.load %[[XP0]] {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// E8:            scf.if %{{.*}} -> (vector<4xf32>) {
// E8-NEXT:         llvm.load %[[XP0]] {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK:         } else {
// CHECK:           scf.if %{{.*}} -> (f32) {
// CHECK:             llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<1> -> f32
// CHECK:           } else {
// CHECK-NEXT:        scf.yield %[[ZERO]] : f32
// E8:            %[[XV:.*]] = vector.from_elements %{{.*}} : vector<8xf32>

// CHECK:         %[[YS:.*]] = vector.broadcast %[[Y]]
// CHECK:         %[[YPTRS:.*]] = llvm.getelementptr %[[YS]][%[[OFFS]]]
// CHECK:         %[[YP0:.*]] = vector.extract %[[YPTRS]][0]
// E2:            %[[YV:.*]] = scf.if %{{.*}} -> (vector<2xf32>) {
// E2-NEXT:         llvm.load %[[YP0]] {alignment = 8 : i64} : !llvm.ptr<1> -> vector<2xf32>
// E4:            %[[YV:.*]] = scf.if %{{.*}} -> (vector<4xf32>) {
// E4-NEXT:         llvm.load %[[YP0]] {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// E8:            scf.if %{{.*}} -> (vector<4xf32>) {
// E8-NEXT:         llvm.load %[[YP0]] {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// E8:            %[[YV:.*]] = vector.from_elements %{{.*}} : vector<8xf32>
// CHECK:         %[[SUM:.*]] = arith.addf %[[XV]], %[[YV]] : vector<[[E]]xf32>

// CHECK:         %[[OUTS:.*]] = vector.broadcast %[[OUT]]
// CHECK:         %[[OPTRS:.*]] = llvm.getelementptr %[[OUTS]][%[[OFFS]]]
// CHECK:         %[[OP0:.*]] = vector.extract %[[OPTRS]][0]
// E2:            llvm.store %[[SUM]], %[[OP0]] {alignment = 8 : i64} : vector<2xf32>, !llvm.ptr<1>
// E4:            llvm.store %[[SUM]], %[[OP0]] {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
// E8:            %[[LOW:.*]] = vector.shuffle %[[SUM]], %[[SUM]] [0, 1, 2, 3]
// E8-NEXT:       llvm.store %[[LOW]], %[[OP0]] {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
// E8:            %[[OP4:.*]] = llvm.getelementptr inbounds %{{.*}}[{{[1-9][0-9]+}}]
// E8:            %[[HIGH:.*]] = vector.shuffle %[[SUM]], %[[SUM]] [4, 5, 6, 7]
// E8-NEXT:       llvm.store %[[HIGH]], %[[OP4]] {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
// CHECK:         gpu.return
