// The lane layout with E > 1 on the forms the seed kernels do not cover:
// which accesses the contiguity analysis lets become vector accesses, lane
// counts that fit no vector, scalar loads and stores, one-warp reductions and
// kernels of different lanes per thread in one module. A thread's E lanes
// come in groups of G = min(E, 4) consecutive lanes, T * G apart: element r
// of thread t is lane (r / G) * T * G + t * G + r % G.
// RUN: mytriton-opt --split-input-file --convert-tt-to-gpu %s | FileCheck %s

// Offsets 2*i are not contiguous: the load goes lane by lane without a check;
// the store through `range` is contiguous and unmasked: alignment alone
// decides.
// CHECK-LABEL: gpu.func @strided_load
// CHECK-SAME:      known_block_size = array<i32: 32, 1, 1>
// CHECK:         %[[EVEN:.*]] = arith.muli %{{.*}}, %{{.*}} : vector<4xi32>
// CHECK:         %[[P:.*]] = llvm.getelementptr %{{.*}}[%[[EVEN]]]
// CHECK-NOT:     llvm.ptrtoint
// CHECK-COUNT-4: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<1> -> f32
// CHECK:         %[[V:.*]] = vector.from_elements %{{.*}} : vector<4xf32>
// CHECK:         %[[Q:.*]] = llvm.getelementptr
// CHECK-NEXT:    %[[Q0:.*]] = vector.extract %[[Q]][0]
// CHECK-NEXT:    llvm.ptrtoint %[[Q0]]
// CHECK:         %[[OK:.*]] = arith.cmpi eq
// CHECK-NEXT:    scf.if %[[OK]] {
// CHECK-NEXT:      llvm.store %[[V]], %[[Q0]] {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
// CHECK-NEXT:    } else {
// CHECK-COUNT-4:   llvm.store %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<1>
// CHECK-NEXT:    }
tt.func @strided_load(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>) attributes {block_size = 128 : i32, num_warps = 1 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %c2 = arith.constant dense<2> : tensor<128xi32>
  %even = arith.muli %r, %c2 : tensor<128xi32>
  %xp = tt.splat %x : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %p = tt.addptr %xp, %even : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %v = tt.load %p : tensor<128x!tt.ptr<f32>>
  %op = tt.splat %out : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %q = tt.addptr %op, %r : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  tt.store %q, %v : tensor<128x!tt.ptr<f32>>
  tt.return
}

// -----

// Reversed offsets (c - i, stride -1) are not contiguous; an i32 row through
// a pointer offset by a uniform amount first is.
// CHECK-LABEL: gpu.func @reversed_and_offset_base
// CHECK:         %[[REV:.*]] = arith.subi %{{.*}}, %{{.*}} : vector<4xi32>
// CHECK:         llvm.getelementptr %{{.*}}[%[[REV]]]
// CHECK-NOT:     llvm.ptrtoint
// CHECK-COUNT-4: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<1> -> i32
// CHECK:         %[[BASE:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
// CHECK:         vector.broadcast %[[BASE]]
// CHECK:         llvm.ptrtoint
// CHECK:         llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<1>
tt.func @reversed_and_offset_base(%x: !tt.ptr<i32>, %out: !tt.ptr<i32>, %row: i32) attributes {block_size = 256 : i32, num_warps = 2 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %c255 = arith.constant dense<255> : tensor<256xi32>
  %rev = arith.subi %c255, %r : tensor<256xi32>
  %xp = tt.splat %x : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
  %p = tt.addptr %xp, %rev : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
  %v = tt.load %p : tensor<256x!tt.ptr<i32>>
  %base = tt.addptr %out, %row : !tt.ptr<i32>, i32
  %op = tt.splat %base : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
  %q = tt.addptr %op, %r : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
  tt.store %q, %v : tensor<256x!tt.ptr<i32>>
  tt.return
}

// -----

// Three lanes per thread fit no 8- or 16-byte access: lane by lane. The
// range's start is folded into the per-lane steps.
// CHECK-LABEL: gpu.func @three_lanes
// CHECK-SAME:      known_block_size = array<i32: 32, 1, 1>
// CHECK:         %[[FIRST:.*]] = arith.muli %{{.*}}, %c3_i32 : i32
// CHECK:         %[[FIRSTS:.*]] = vector.broadcast %[[FIRST]] : i32 to vector<3xi32>
// CHECK:         %[[STEPS:.*]] = arith.constant dense<[5, 6, 7]> : vector<3xi32>
// CHECK:         arith.addi %[[FIRSTS]], %[[STEPS]] : vector<3xi32>
// CHECK-NOT:     llvm.ptrtoint
// CHECK-COUNT-3: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<1> -> f32
// CHECK:         vector.from_elements %{{.*}}, %{{.*}}, %{{.*}} : vector<3xf32>
// CHECK-COUNT-3: llvm.store %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<1>
tt.func @three_lanes(%x: !tt.ptr<f32>) attributes {block_size = 96 : i32, num_warps = 1 : i32} {
  %r = tt.make_range {start = 5 : i32, end = 101 : i32} : tensor<96xi32>
  %xp = tt.splat %x : !tt.ptr<f32> -> tensor<96x!tt.ptr<f32>>
  %p = tt.addptr %xp, %r : tensor<96x!tt.ptr<f32>>, tensor<96xi32>
  %v = tt.load %p : tensor<96x!tt.ptr<f32>>
  %w = arith.addf %v, %v : tensor<96xf32>
  tt.store %p, %w : tensor<96x!tt.ptr<f32>>
  tt.return
}

// -----

// Scalars stay scalars: a scalar load is one load, a scalar store is done by
// thread 0 only. One warp reduces without workgroup memory or a barrier.
// Eight lanes of 32 threads are two groups of four, 128 lanes apart, each
// one 16-byte access.
// CHECK-LABEL: gpu.func @scalars_and_one_warp
// CHECK-SAME:      (%{{.*}}: !llvm.ptr<1>, %[[APTR:.*]]: !llvm.ptr<1>, %{{.*}}: !llvm.ptr<1>, %{{.*}}: i32, %{{.*}}: i32) kernel attributes {known_block_size = array<i32: 32, 1, 1>, nvvm.minctasm = 32 : i32}
// CHECK:         %[[T4:.*]] = arith.muli %{{.*}}, %c4_i32 : i32
// CHECK:         %[[T4S:.*]] = vector.broadcast %[[T4]] : i32 to vector<8xi32>
// CHECK:         %[[STEPS:.*]] = arith.constant dense<[0, 1, 2, 3, 128, 129, 130, 131]> : vector<8xi32>
// CHECK:         %[[R:.*]] = arith.addi %[[T4S]], %[[STEPS]] : vector<8xi32>
// CHECK:         %[[PS:.*]] = llvm.getelementptr %{{.*}}[%[[R]]]
// CHECK:         %[[P0:.*]] = vector.extract %[[PS]][0]
// CHECK:         llvm.load %[[P0]] {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK:         %[[P4:.*]] = llvm.getelementptr inbounds %{{.*}}[{{[1-9][0-9]+}}]
// CHECK:         llvm.load %[[P4]] {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK:         %[[A:.*]] = llvm.load %[[APTR]] {alignment = 4 : i64} : !llvm.ptr<1> -> f32
// CHECK:         %[[AS:.*]] = vector.broadcast %[[A]] : f32 to vector<8xf32>
// CHECK:         %[[PROD:.*]] = arith.mulf %{{.*}}, %[[AS]] : vector<8xf32>
// CHECK-COUNT-8: vector.extract %[[PROD]]
// CHECK-COUNT-7: arith.maxnumf
// CHECK-COUNT-5: gpu.shuffle  xor
// CHECK-NOT:     gpu.barrier
// CHECK:         %[[TID:.*]] = arith.index_castui %{{.*}} : index to i32
// CHECK:         %[[IS0:.*]] = arith.cmpi eq, %[[TID]], %c0_i32 : i32
// CHECK-NEXT:    scf.if %[[IS0]] {
// CHECK-NEXT:      llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<1>
// CHECK-NEXT:    }
// CHECK-NEXT:    gpu.return
tt.func @scalars_and_one_warp(%x: !tt.ptr<f32>, %a: !tt.ptr<f32>, %out: !tt.ptr<f32>) attributes {block_size = 256 : i32, num_warps = 1 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %xp = tt.splat %x : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %p = tt.addptr %xp, %r : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  %v = tt.load %p : tensor<256x!tt.ptr<f32>>
  %scale = tt.load %a : !tt.ptr<f32>
  %scales = tt.splat %scale : f32 -> tensor<256xf32>
  %prod = arith.mulf %v, %scales : tensor<256xf32>
  %m = tt.reduce max %prod : tensor<256xf32> -> f32
  tt.store %out, %m : !tt.ptr<f32>
  tt.return
}

// -----

// Each kernel keeps its own lanes per thread; num_warps beyond the block
// (64 lanes, 4 warps) leaves one lane per thread, lowered as without it.
// CHECK-LABEL: gpu.module @kernels
// CHECK-LABEL: gpu.func @four_lanes
// CHECK-SAME:      known_block_size = array<i32: 64, 1, 1>
// CHECK:         llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK-LABEL: gpu.func @one_lane
// CHECK-SAME:      known_block_size = array<i32: 64, 1, 1>
// CHECK:         %[[TID:.*]] = arith.index_castui %{{.*}} : index to i32
// CHECK-NEXT:    %[[P:.*]] = llvm.getelementptr %{{.*}}[%[[TID]]] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
// CHECK-NEXT:    %[[V:.*]] = llvm.load %[[P]] {alignment = 4 : i64} : !llvm.ptr<1> -> f32
// CHECK-NEXT:    llvm.store %[[V]], %[[P]] {alignment = 4 : i64} : f32, !llvm.ptr<1>
tt.func @four_lanes(%x: !tt.ptr<f32>) attributes {block_size = 256 : i32, num_warps = 2 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %xp = tt.splat %x : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %p = tt.addptr %xp, %r : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  %v = tt.load %p : tensor<256x!tt.ptr<f32>>
  tt.store %p, %v : tensor<256x!tt.ptr<f32>>
  tt.return
}
tt.func @one_lane(%x: !tt.ptr<f32>) attributes {block_size = 64 : i32, num_warps = 4 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %xp = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %p = tt.addptr %xp, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %v = tt.load %p : tensor<64x!tt.ptr<f32>>
  tt.store %p, %v : tensor<64x!tt.ptr<f32>>
  tt.return
}

// -----

// Sixteen lanes of 32 threads: four groups of four consecutive lanes, 128
// lanes apart, with the range's start folded into the steps; each group is
// one 16-byte access.
// CHECK-LABEL: gpu.func @sixteen_lanes
// CHECK-SAME:      known_block_size = array<i32: 32, 1, 1>
// CHECK:         %[[T4:.*]] = arith.muli %{{.*}}, %c4_i32 : i32
// CHECK:         %[[T4S:.*]] = vector.broadcast %[[T4]] : i32 to vector<16xi32>
// CHECK:         %[[STEPS:.*]] = arith.constant dense<[512, 513, 514, 515, 640, 641, 642, 643, 768, 769, 770, 771, 896, 897, 898, 899]> : vector<16xi32>
// CHECK:         %[[R:.*]] = arith.addi %[[T4S]], %[[STEPS]] : vector<16xi32>
// CHECK:         %[[PS:.*]] = llvm.getelementptr %{{.*}}[%[[R]]]
// CHECK:         %[[P0:.*]] = vector.extract %[[PS]][0]
// CHECK:         llvm.load %[[P0]] {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK:         %[[P4:.*]] = llvm.getelementptr inbounds %{{.*}}[{{[1-9][0-9]+}}]
// CHECK:         llvm.load %[[P4]] {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK:         %[[P8:.*]] = llvm.getelementptr inbounds %{{.*}}[{{[1-9][0-9]+}}]
// CHECK:         llvm.load %[[P8]] {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK:         %[[P12:.*]] = llvm.getelementptr inbounds %{{.*}}[{{[1-9][0-9]+}}]
// CHECK:         llvm.load %[[P12]] {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK-COUNT-4: llvm.store %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
tt.func @sixteen_lanes(%x: !tt.ptr<f32>) attributes {block_size = 512 : i32, num_warps = 1 : i32} {
  %r = tt.make_range {start = 512 : i32, end = 1024 : i32} : tensor<512xi32>
  %xp = tt.splat %x : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>>
  %p = tt.addptr %xp, %r : tensor<512x!tt.ptr<f32>>, tensor<512xi32>
  %v = tt.load %p : tensor<512x!tt.ptr<f32>>
  tt.store %p, %v : tensor<512x!tt.ptr<f32>>
  tt.return
}

// -----

// Six lanes per thread: groups of four would leave lanes without a thread,
// so the groups are of two (the largest power of two dividing 6), 64 lanes
// apart, and every access is an 8-byte one.
// CHECK-LABEL: gpu.func @six_lanes
// CHECK-SAME:      known_block_size = array<i32: 32, 1, 1>
// CHECK:         %[[T2:.*]] = arith.muli %{{.*}}, %c2_i32 : i32
// CHECK:         %[[T2S:.*]] = vector.broadcast %[[T2]] : i32 to vector<6xi32>
// CHECK:         %[[STEPS:.*]] = arith.constant dense<[0, 1, 64, 65, 128, 129]> : vector<6xi32>
// CHECK:         arith.addi %[[T2S]], %[[STEPS]] : vector<6xi32>
// CHECK-COUNT-3: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<1> -> vector<2xf32>
// CHECK-NOT:     vector<4xf32>
// CHECK-COUNT-3: llvm.store %{{.*}} {alignment = 8 : i64} : vector<2xf32>, !llvm.ptr<1>
tt.func @six_lanes(%x: !tt.ptr<f32>) attributes {block_size = 192 : i32, num_warps = 1 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 192 : i32} : tensor<192xi32>
  %xp = tt.splat %x : !tt.ptr<f32> -> tensor<192x!tt.ptr<f32>>
  %p = tt.addptr %xp, %r : tensor<192x!tt.ptr<f32>>, tensor<192xi32>
  %v = tt.load %p : tensor<192x!tt.ptr<f32>>
  tt.store %p, %v : tensor<192x!tt.ptr<f32>>
  tt.return
}
