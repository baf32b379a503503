// Block reductions: butterflies of xor shuffles within a warp, and for blocks
// wider than a warp one workgroup-memory exchange behind a single barrier.
// RUN: mytriton-opt --convert-tt-to-gpu --split-input-file %s | FileCheck %s

// A one-lane block needs no communication.
// CHECK-LABEL: gpu.func @width_1(
// CHECK-SAME:      %[[P:.*]]: !llvm.ptr<1>, %{{.*}}: i32, %{{.*}}: i32)
// CHECK:         %[[V:.*]] = llvm.load
// CHECK-NOT:     gpu.shuffle
// CHECK:         llvm.store %[[V]], %[[P]]
tt.func @width_1(%p: !tt.ptr<f32>) attributes {block_size = 1 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 1 : i32} : tensor<1xi32>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<1x!tt.ptr<f32>>
  %pp = tt.addptr %ps, %r : tensor<1x!tt.ptr<f32>>, tensor<1xi32>
  %v = tt.load %pp : tensor<1x!tt.ptr<f32>>
  %s = tt.reduce sum %v : tensor<1xf32> -> f32
  tt.store %p, %s : !tt.ptr<f32>
  tt.return
}

// -----

// A full warp: offsets 16..1, shuffle width 32, signed i32 max.
// CHECK-LABEL: gpu.func @width_32_i32_max(
// CHECK-NOT:     workgroup
// CHECK:         %[[V:.*]] = llvm.load {{.*}} -> i32
// CHECK:         %[[C16:.*]] = arith.constant 16 : i32
// CHECK:         %[[W:.*]] = arith.constant 32 : i32
// CHECK:         %[[S16:.*]], %{{.*}} = gpu.shuffle xor %[[V]], %[[C16]], %[[W]] : i32
// CHECK:         %[[M16:.*]] = arith.maxsi %[[V]], %[[S16]] : i32
// CHECK:         gpu.shuffle xor %[[M16]]
// CHECK:         arith.maxsi
// CHECK:         gpu.shuffle xor
// CHECK:         arith.maxsi
// CHECK:         gpu.shuffle xor
// CHECK:         arith.maxsi
// CHECK:         %[[C1:.*]] = arith.constant 1 : i32
// CHECK:         gpu.shuffle xor %{{.*}}, %[[C1]], %{{.*}} : i32
// CHECK:         %[[M:.*]] = arith.maxsi
// CHECK-NOT:     gpu.shuffle
// CHECK-NOT:     gpu.barrier
// CHECK:         llvm.store %[[M]]
tt.func @width_32_i32_max(%p: !tt.ptr<i32>) attributes {block_size = 32 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %ps = tt.splat %p : !tt.ptr<i32> -> tensor<32x!tt.ptr<i32>>
  %pp = tt.addptr %ps, %r : tensor<32x!tt.ptr<i32>>, tensor<32xi32>
  %v = tt.load %pp : tensor<32x!tt.ptr<i32>>
  %s = tt.reduce max %v : tensor<32xi32> -> i32
  tt.store %p, %s : !tt.ptr<i32>
  tt.return
}

// -----

// Two warps: each warp's lane 0 writes its value to a 2-slot workgroup
// buffer, one barrier, then every lane reads slot (lane & 1) and a one-step
// butterfly finishes, so every thread holds the minimum. The workgroup buffer
// follows the grid-size arguments g0, g1.
// CHECK-LABEL: gpu.func @width_64_min(
// CHECK-SAME:      %{{.*}}: !llvm.ptr<1>, %{{.*}}: i32, %{{.*}}: i32) workgroup(%[[BUF:.*]] : memref<2xf32, #gpu.address_space<workgroup>>)
// CHECK-SAME:      known_block_size = array<i32: 64, 1, 1>
// CHECK:         %[[V:.*]] = llvm.load
// CHECK-COUNT-4: arith.minnumf
// CHECK:         %[[WARPMIN:.*]] = arith.minnumf
// CHECK:         %[[TID:.*]] = gpu.thread_id x
// CHECK:         %[[T:.*]] = arith.index_castui %[[TID]] : index to i32
// CHECK:         %[[C31:.*]] = arith.constant 31 : i32
// CHECK:         %[[LANE:.*]] = arith.andi %[[T]], %[[C31]] : i32
// CHECK:         %[[C5:.*]] = arith.constant 5 : i32
// CHECK:         %[[WARP:.*]] = arith.shrui %[[T]], %[[C5]] : i32
// CHECK:         %[[LEADER:.*]] = arith.cmpi eq, %[[LANE]]
// CHECK:         scf.if %[[LEADER]] {
// CHECK:           %[[WI:.*]] = arith.index_castui %[[WARP]] : i32 to index
// CHECK:           memref.store %[[WARPMIN]], %[[BUF]][%[[WI]]]
// CHECK:         }
// CHECK:         gpu.barrier
// CHECK:         %[[C1:.*]] = arith.constant 1 : i32
// CHECK:         %[[SLOT:.*]] = arith.andi %[[LANE]], %[[C1]] : i32
// CHECK:         %[[SI:.*]] = arith.index_castui %[[SLOT]] : i32 to index
// CHECK:         %[[PART:.*]] = memref.load %[[BUF]][%[[SI]]]
// CHECK:         %[[S:.*]], %{{.*}} = gpu.shuffle xor %[[PART]], %{{.*}}, %{{.*}} : f32
// CHECK:         %[[MIN:.*]] = arith.minnumf %[[PART]], %[[S]] : f32
// CHECK-NOT:     gpu.barrier
// CHECK:         llvm.store %[[MIN]]
tt.func @width_64_min(%p: !tt.ptr<f32>) attributes {block_size = 64 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %pp = tt.addptr %ps, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %v = tt.load %pp : tensor<64x!tt.ptr<f32>>
  %s = tt.reduce min %v : tensor<64xf32> -> f32
  tt.store %p, %s : !tt.ptr<f32>
  tt.return
}

// -----

// 1024 lanes: 32 slots, a 5-step second butterfly. Reductions of one element
// type alternate between two buffers (the barrier of the middle reduction
// orders the first one's reads before the third one's writes); i32 ones get
// their own.
// CHECK-LABEL: gpu.func @width_1024_several(
// CHECK-SAME:      workgroup(%[[F0:.*]] : memref<32xf32, #gpu.address_space<workgroup>>,
// CHECK-SAME:                %[[I0:.*]] : memref<32xi32, #gpu.address_space<workgroup>>,
// CHECK-SAME:                %[[F1:.*]] : memref<32xf32, #gpu.address_space<workgroup>>)
// CHECK:         memref.store %{{.*}}, %[[F0]]
// CHECK:         gpu.barrier
// CHECK:         memref.load %[[F0]]
// CHECK-COUNT-5: gpu.shuffle xor
// CHECK:         memref.store %{{.*}}, %[[I0]]
// CHECK:         gpu.barrier
// CHECK:         memref.load %[[I0]]
// CHECK:         memref.store %{{.*}}, %[[F1]]
// CHECK:         gpu.barrier
// CHECK:         memref.load %[[F1]]
// CHECK:         memref.store %{{.*}}, %[[F0]]
// CHECK:         gpu.barrier
// CHECK:         memref.load %[[F0]]
// CHECK-NOT:     gpu.barrier
// CHECK:         gpu.return
tt.func @width_1024_several(%p: !tt.ptr<f32>, %q: !tt.ptr<i32>) attributes {block_size = 1024 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 1024 : i32} : tensor<1024xi32>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %pp = tt.addptr %ps, %r : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  %v = tt.load %pp : tensor<1024x!tt.ptr<f32>>
  %a = tt.reduce sum %v : tensor<1024xf32> -> f32
  %i = tt.reduce sum %r : tensor<1024xi32> -> i32
  %b = tt.reduce max %v : tensor<1024xf32> -> f32
  %c = tt.reduce min %v : tensor<1024xf32> -> f32
  %ab = arith.addf %a, %b : f32
  %abc = arith.addf %ab, %c : f32
  tt.store %p, %abc : !tt.ptr<f32>
  tt.store %q, %i : !tt.ptr<i32>
  tt.return
}
