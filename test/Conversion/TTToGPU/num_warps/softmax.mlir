// Softmax at BLOCK = 1024 with 2, 4 and 8 lanes per thread: the row lives in
// vector<E x f32> registers, loads and stores move 8- or 16-byte chunks behind
// a run-time alignment-and-mask check, and each reduction combines the
// thread's lanes before the warp butterfly and the cross-warp step.
// RUN: sed s/NUM_WARPS/16/ %S/../Inputs/num_warps/softmax.mlir \
// RUN:   | mytriton-opt --tt-optimize --convert-tt-to-gpu | FileCheck %s --check-prefixes=CHECK,E2
// RUN: sed s/NUM_WARPS/8/ %S/../Inputs/num_warps/softmax.mlir \
// RUN:   | mytriton-opt --tt-optimize --convert-tt-to-gpu | FileCheck %s --check-prefixes=CHECK,E4
// RUN: sed s/NUM_WARPS/4/ %S/../Inputs/num_warps/softmax.mlir \
// RUN:   | mytriton-opt --tt-optimize --convert-tt-to-gpu | FileCheck %s --check-prefixes=CHECK,E8

// CHECK-LABEL: gpu.func @softmax_kernel(
// CHECK-SAME:      %[[X:.*]]: !llvm.ptr<1>, %[[OUT:.*]]: !llvm.ptr<1>, %[[N:.*]]: i32, %[[G0:.*]]: i32, %[[G1:.*]]: i32)
// E2-SAME:         workgroup(%[[BUF0:.*]] : memref<16xf32, #gpu.address_space<workgroup>>, %[[BUF1:.*]] : memref<16xf32, #gpu.address_space<workgroup>>)
// E4-SAME:         workgroup(%[[BUF0:.*]] : memref<8xf32, #gpu.address_space<workgroup>>, %[[BUF1:.*]] : memref<8xf32, #gpu.address_space<workgroup>>)
// E8-SAME:         workgroup(%[[BUF0:.*]] : memref<4xf32, #gpu.address_space<workgroup>>, %[[BUF1:.*]] : memref<4xf32, #gpu.address_space<workgroup>>)
// E2-SAME:         known_block_size = array<i32: 512, 1, 1>
// E4-SAME:         known_block_size = array<i32: 256, 1, 1>
// E8-SAME:         known_block_size = array<i32: 128, 1, 1>

// The row is program id 0, blockIdx.x / g1 (the grid sizes come before the
// workgroup buffers).
// CHECK:         %[[BID:.*]] = gpu.block_id  x
// CHECK-NEXT:    %[[BX:.*]] = arith.index_castui %[[BID]] : index to i32
// CHECK:    arith.cmpi eq, %[[G1]], %{{.*}} : i32
// CHECK-NEXT: %[[ROW:.*]] = scf.if %{{.*}} -> (i32) {
// CHECK-NEXT:   scf.yield %[[BX]] : i32
// CHECK-NEXT: } else {
// CHECK-NEXT:   arith.divui %[[BX]], %[[G1]] : i32

// Thread t owns groups of G = min(E, 4) consecutive lanes, T * G apart:
// lanes t*E .. t*E+E-1 for E = 2 and 4; for E = 8 (T = 128), lanes
// 4t .. 4t+3 and 512+4t .. 512+4t+3.
// CHECK:         %[[TIDX:.*]] = gpu.thread_id  x
// CHECK-NEXT:    %[[TID:.*]] = arith.index_castui %[[TIDX]] : index to i32
// E2:            %[[FIRST:.*]] = arith.muli %[[TID]], %c2_i32 : i32
// E4:            %[[FIRST:.*]] = arith.muli %[[TID]], %c4_i32 : i32
// E8:            %[[FIRST:.*]] = arith.muli %[[TID]], %c4_i32 : i32
// CHECK:         %[[FIRSTS:.*]] = vector.broadcast %[[FIRST]] : i32 to vector<[[E:[0-9]+]]xi32>
// E2:            %[[STEPS:.*]] = arith.constant dense<[0, 1]> : vector<2xi32>
// E4:            %[[STEPS:.*]] = arith.constant dense<[0, 1, 2, 3]> : vector<4xi32>
// E8:            %[[STEPS:.*]] = arith.constant dense<[0, 1, 2, 3, 512, 513, 514, 515]> : vector<8xi32>
// CHECK:         %[[COLS:.*]] = arith.addi %[[FIRSTS]], %[[STEPS]] : vector<[[E]]xi32>
// CHECK:         %[[MASK:.*]] = arith.cmpi slt, %[[COLS]], %{{.*}} : vector<[[E]]xi32>
// CHECK:         %[[XS:.*]] = vector.broadcast %[[X]] : !llvm.ptr<1> to vector<[[E]]x!llvm.ptr<1>>
// CHECK:         %[[PTRS:.*]] = llvm.getelementptr %[[XS]][%{{.*}}] : (vector<[[E]]x!llvm.ptr<1>>, vector<[[E]]xi32>) -> vector<[[E]]x!llvm.ptr<1>>, f32

// The load: a vector access when the chunk's first address is aligned and
// all its mask bits are on, else lane by lane with -inf for masked lanes.
// CHECK:         %[[P0:.*]] = vector.extract %[[PTRS]][0]
// CHECK:         %[[ADDR:.*]] = llvm.ptrtoint %[[P0]] : !llvm.ptr<1> to i64
// E2:            arith.andi %[[ADDR]], %c7_i64 : i64
// E4:            arith.andi %[[ADDR]], %c15_i64 : i64
// E8:            arith.andi %[[ADDR]], %c15_i64 : i64
// CHECK:         %[[M0:.*]] = vector.extract %[[MASK]][0] : i1
// CHECK:         %[[M1:.*]] = vector.extract %[[MASK]][1] : i1
// E2:            %[[FAST:.*]] = arith.andi %{{.*}}, %[[M1]] : i1
// E2-NEXT:       %[[CHUNK:.*]] = scf.if %[[FAST]] -> (vector<2xf32>) {
// E2-NEXT:         llvm.load %[[P0]] {alignment = 8 : i64} : !llvm.ptr<1> -> vector<2xf32>
// E4:            %[[M3:.*]] = vector.extract %[[MASK]][3] : i1
// E4-NEXT:       %[[FAST:.*]] = arith.andi %{{.*}}, %[[M3]] : i1
// E4-NEXT:       %[[CHUNK:.*]] = scf.if %[[FAST]] -> (vector<4xf32>) {
// E4-NEXT:         llvm.load %[[P0]] {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// E8:            %[[M3:.*]] = vector.extract %[[MASK]][3] : i1
// E8-NEXT:       %[[FAST:.*]] = arith.andi %{{.*}}, %[[M3]] : i1
// E8-NEXT:       %[[CHUNK:.*]] = scf.if %[[FAST]] -> (vector<4xf32>) {
// E8-NEXT:         llvm.load %[[P0]] {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK:         } else {
// CHECK:           scf.if %{{.*}} -> (f32) {
// CHECK-NEXT:        llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<1> -> f32
// CHECK:           vector.from_elements

// With 8 lanes, elements 4..7 (lanes 512+4t ..) are a second chunk.
// E8:            %[[P4:.*]] = llvm.getelementptr inbounds %{{.*}}[{{[1-9][0-9]+}}]
// E8:            %[[CHUNK2:.*]] = scf.if %{{.*}} -> (vector<4xf32>) {
// E8-NEXT:         llvm.load %[[P4]] {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// E8:            %[[VALUES:.*]] = vector.from_elements %{{.*}} : vector<8xf32>

// The max: a tree over the thread's lanes, then 5 warp shuffles, one
// exchange through workgroup memory and the butterfly over the warps.
// E2-COUNT-1:    arith.maxnumf %{{.*}}, %{{.*}} : f32
// E4-COUNT-3:    arith.maxnumf %{{.*}}, %{{.*}} : f32
// E8-COUNT-7:    arith.maxnumf %{{.*}}, %{{.*}} : f32
// CHECK-NOT:     gpu.shuffle
// CHECK:         gpu.shuffle  xor %{{.*}}, %c16_i32, %c32_i32 : f32
// CHECK:         memref.store %{{.*}}, %[[BUF0]]
// CHECK:         gpu.barrier
// CHECK:         memref.load %[[BUF0]]

// The elementwise ops work on the vectors.
// CHECK:         %[[MAXS:.*]] = vector.broadcast %{{.*}} : f32 to vector<[[E]]xf32>
// CHECK:         %[[SHIFTED:.*]] = arith.subf %{{.*}}, %[[MAXS]] : vector<[[E]]xf32>
// CHECK:         %[[NUM:.*]] = math.exp %[[SHIFTED]] : vector<[[E]]xf32>
// E2-COUNT-1:    arith.addf %{{.*}}, %{{.*}} : f32
// E4-COUNT-3:    arith.addf %{{.*}}, %{{.*}} : f32
// E8-COUNT-7:    arith.addf %{{.*}}, %{{.*}} : f32
// CHECK-NOT:     gpu.shuffle
// CHECK:         gpu.shuffle  xor %{{.*}}, %c16_i32{{.*}}, %c32_i32{{.*}} : f32
// CHECK:         memref.store %{{.*}}, %[[BUF1]]
// CHECK:         gpu.barrier
// CHECK:         memref.load %[[BUF1]]
// CHECK:         %[[DENS:.*]] = vector.broadcast %{{.*}} : f32 to vector<[[E]]xf32>
// CHECK:         %[[PROBS:.*]] = arith.divf %[[NUM]], %[[DENS]] : vector<[[E]]xf32>

// The store, chunk by chunk, under the same kind of check.
// CHECK:         %[[OUTS:.*]] = vector.broadcast %[[OUT]] : !llvm.ptr<1> to vector<[[E]]x!llvm.ptr<1>>
// CHECK:         %[[OPTRS:.*]] = llvm.getelementptr %[[OUTS]]
// CHECK:         %[[Q0:.*]] = vector.extract %[[OPTRS]][0]
// CHECK:         llvm.ptrtoint %[[Q0]]
// E2:            llvm.store %[[PROBS]], %[[Q0]] {alignment = 8 : i64} : vector<2xf32>, !llvm.ptr<1>
// E4:            llvm.store %[[PROBS]], %[[Q0]] {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
// E8:            %[[LOW:.*]] = vector.shuffle %[[PROBS]], %[[PROBS]] [0, 1, 2, 3] : vector<8xf32>, vector<8xf32>
// E8-NEXT:       llvm.store %[[LOW]], %[[Q0]] {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
// CHECK:         } else {
// CHECK:           scf.if %{{.*}} {
// CHECK-NEXT:        llvm.store %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<1>
// E8:            %[[Q4:.*]] = llvm.getelementptr inbounds %{{.*}}[{{[1-9][0-9]+}}]
// E8:            %[[HIGH:.*]] = vector.shuffle %[[PROBS]], %[[PROBS]] [4, 5, 6, 7] : vector<8xf32>, vector<8xf32>
// E8-NEXT:       llvm.store %[[HIGH]], %[[Q4]] {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
// CHECK:         gpu.return
