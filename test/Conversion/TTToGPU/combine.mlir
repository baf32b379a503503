// convert-tt-to-gpu lowers tt.combine_reduce and tt.scan (CombineToGPU.cpp)
// from tt::getAxisCombinePlan: the combine region cloned per step on all
// operands together; lane bits along the axis as xor shuffles whose earlier
// half goes left (a select on the lane's bit, flipped for a reverse scan);
// warps along the axis through the scratch buffer between two barriers, in
// warp order. A uniform kernel gets a scratch buffer of its own after its
// reduction buffers (mytriton.scratch_buffer names it). What these compute
// is run in combine-on-host.test.
// RUN: mytriton-opt --convert-tt-to-gpu -split-input-file %s | FileCheck %s

// argmax of 64 lanes on 64 threads (2 warps): 5 lane bits, then the two
// warps' (value, index) pairs through 2 x 2 slots.
// CHECK-LABEL: gpu.func @uniform_argmax
// CHECK-SAME:    workgroup(%[[SCRATCH:.*]] : memref<16xi8, #gpu.address_space<workgroup>> {llvm.align = 16 : i64})
// CHECK-SAME:    mytriton.scratch_buffer = 0
// CHECK:         %[[TID:.*]] = arith.index_castui %{{.*}} : index to i32
// CHECK:         %[[V0:.*]] = llvm.load
// CHECK:         %[[BIT0:.*]] = arith.andi %{{.*}}, %c1_i32
// CHECK:         %[[UP:.*]] = arith.cmpi ne, %[[BIT0]]
// CHECK:         %[[V1:.*]], %{{.*}} = gpu.shuffle  xor %[[V0]], %c1_i32{{.*}}, %c32_i32
// CHECK:         %[[I1:.*]], %{{.*}} = gpu.shuffle  xor %[[TID]], %c1_i32{{.*}}, %c32_i32
// CHECK:         %[[LV:.*]] = arith.select %[[UP]], %[[V1]], %[[V0]] : i32
// CHECK:         %[[LI:.*]] = arith.select %[[UP]], %[[I1]], %[[TID]] : i32
// CHECK:         %[[RV:.*]] = arith.select %[[UP]], %[[V0]], %[[V1]] : i32
// CHECK:         %[[RI:.*]] = arith.select %[[UP]], %[[TID]], %[[I1]] : i32
// CHECK:         %[[GT:.*]] = arith.cmpi sgt, %[[LV]], %[[RV]] : i32
// CHECK:         arith.select %[[GT]], %[[LV]], %[[RV]] : i32
// CHECK:         arith.select %[[GT]], %[[LI]], %[[RI]] : i32
// CHECK-COUNT-2: gpu.shuffle  xor %{{.*}}, %c2_i32
// CHECK-COUNT-2: gpu.shuffle  xor %{{.*}}, %c4_i32
// CHECK-COUNT-2: gpu.shuffle  xor %{{.*}}, %c8_i32
// CHECK-COUNT-2: gpu.shuffle  xor %{{.*}}, %c16_i32
// CHECK:         %[[VALUES:.*]] = memref.view %[[SCRATCH]][%c0][] : memref<16xi8, #gpu.address_space<workgroup>> to memref<2xi32, #gpu.address_space<workgroup>>
// CHECK:         %[[INDICES:.*]] = memref.view %[[SCRATCH]][%c8][] : memref<16xi8, #gpu.address_space<workgroup>> to memref<2xi32, #gpu.address_space<workgroup>>
// CHECK:         gpu.barrier
// CHECK-NEXT:    %[[SLOT:.*]] = arith.addi
// CHECK-NEXT:    %[[AT:.*]] = arith.index_castui %[[SLOT]]
// CHECK-NEXT:    memref.store %{{.*}}, %[[VALUES]][%[[AT]]]
// CHECK-NEXT:    memref.store %{{.*}}, %[[INDICES]][%[[AT]]]
// CHECK-NEXT:    gpu.barrier
// CHECK:         %[[W0V:.*]] = memref.load %[[VALUES]]
// CHECK:         %[[W0I:.*]] = memref.load %[[INDICES]]
// CHECK:         %[[W1V:.*]] = memref.load %[[VALUES]]
// CHECK:         %[[W1I:.*]] = memref.load %[[INDICES]]
// CHECK:         %[[WGT:.*]] = arith.cmpi sgt, %[[W0V]], %[[W1V]] : i32
// CHECK:         %[[RESULT:.*]] = arith.select %[[WGT]], %[[W0I]], %[[W1I]] : i32
// CHECK:         llvm.store %[[RESULT]]
tt.func @uniform_argmax(%p: !tt.ptr<i32>, %out: !tt.ptr<i32>) attributes {block_size = 64 : i32} {
  %idx = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %ps = tt.splat %p : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>>
  %ptrs = tt.addptr %ps, %idx : tensor<64x!tt.ptr<i32>>, tensor<64xi32>
  %x = tt.load %ptrs : tensor<64x!tt.ptr<i32>>
  %v, %i = tt.combine_reduce(%x, %idx) axis = 0 : (tensor<64xi32>, tensor<64xi32>) -> (i32, i32) {
  ^bb0(%lv: i32, %li: i32, %rv: i32, %ri: i32):
    %gt = arith.cmpi sgt, %lv, %rv : i32
    %mv = arith.select %gt, %lv, %rv : i32
    %mi = arith.select %gt, %li, %ri : i32
    tt.combine_return %mv, %mi : i32, i32
  }
  tt.store %out, %i : !tt.ptr<i32>
  tt.return
}

// -----

// A reverse cumsum along the rows of a 4 x 64 tile: each thread's 2
// registers from the last, then the 5 lane bits, where the lane whose bit
// is clear holds the later half: the exclusive prefix and the running total
// are kept apart; no warp moves along the rows, so no barrier.
// CHECK-LABEL: gpu.func @tiled_reverse_cumsum
// CHECK:         } else {
// CHECK:           scf.yield %{{.*}} : vector<2xf32>
// CHECK:         %[[X:.*]] = vector.from_elements
// CHECK-NEXT:    %[[R1:.*]] = vector.extract %[[X]][1] : f32 from vector<2xf32>
// CHECK-NEXT:    %[[R0:.*]] = vector.extract %[[X]][0] : f32 from vector<2xf32>
// CHECK-NEXT:    %[[T0:.*]] = arith.addf %[[R1]], %[[R0]] : f32
// CHECK:         %[[SET:.*]] = arith.cmpi ne
// CHECK-NEXT:    %[[TRUE:.*]] = arith.constant true
// CHECK-NEXT:    %[[EARLIER:.*]] = arith.xori %[[SET]], %[[TRUE]] : i1
// CHECK:         %[[O1:.*]], %{{.*}} = gpu.shuffle  xor %[[T0]], %c1_i32{{.*}}, %c32_i32
// CHECK-NEXT:    %[[L1:.*]] = arith.select %[[EARLIER]], %[[O1]], %[[T0]] : f32
// CHECK-NEXT:    %[[RT1:.*]] = arith.select %[[EARLIER]], %[[T0]], %[[O1]] : f32
// CHECK-NEXT:    %[[T1:.*]] = arith.addf %[[L1]], %[[RT1]] : f32
// CHECK:         %[[EARLIER2:.*]] = arith.xori
// CHECK:         %[[O2:.*]], %{{.*}} = gpu.shuffle  xor %[[T1]], %c2_i32{{.*}}, %c32_i32
// CHECK-NEXT:    %[[BOTH:.*]] = arith.addf %[[O2]], %[[O1]] : f32
// CHECK-NEXT:    %[[ONLY2:.*]] = arith.select %[[EARLIER]], %[[BOTH]], %[[O2]] : f32
// CHECK-NEXT:    %[[E2:.*]] = arith.select %[[EARLIER2]], %[[ONLY2]], %[[O1]] : f32
// CHECK-NEXT:    %{{.*}} = arith.ori %[[EARLIER2]], %[[EARLIER]] : i1
// CHECK-NOT:     gpu.barrier
// CHECK:         gpu.return

#bl = #tt.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
tt.func @tiled_reverse_cumsum(%p: !tt.ptr<f32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %c = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32, #tt.slice<{dim = 0, parent = #bl}>>
  %c2 = tt.expand_dims %c {axis = 0 : i32} : tensor<64xi32, #tt.slice<{dim = 0, parent = #bl}>> -> tensor<1x64xi32, #bl>
  %offs = tt.broadcast %c2 : tensor<1x64xi32, #bl> -> tensor<4x64xi32, #bl>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<4x64x!tt.ptr<f32>, #bl>
  %ptrs = tt.addptr %ps, %offs : tensor<4x64x!tt.ptr<f32>, #bl>, tensor<4x64xi32, #bl>
  %x = tt.load %ptrs : tensor<4x64x!tt.ptr<f32>, #bl>
  %s = tt.scan(%x) axis = 1 reverse : (tensor<4x64xf32, #bl>) -> tensor<4x64xf32, #bl> {
  ^bb0(%a: f32, %b: f32):
    %sum = arith.addf %a, %b : f32
    tt.combine_return %sum : f32
  }
  tt.store %ptrs, %s : tensor<4x64x!tt.ptr<f32>, #bl>
  tt.return
}

// -----

// A uniform kernel's tt.reduce keeps its buffer (workgroup attribution 0);
// its scan's scratch buffer comes after it.
// CHECK-LABEL: gpu.func @reduce_then_scan
// CHECK-SAME:    workgroup(%[[BUFFER:.*]] : memref<4xi32, #gpu.address_space<workgroup>>, %[[SCRATCH:.*]] : memref<16xi8, #gpu.address_space<workgroup>> {llvm.align = 16 : i64})
// CHECK-SAME:    mytriton.scratch_buffer = 1
// CHECK:         memref.store %{{.*}}, %[[BUFFER]]
// CHECK:         memref.view %[[SCRATCH]][%c0][] : memref<16xi8, #gpu.address_space<workgroup>> to memref<4xi32, #gpu.address_space<workgroup>>
tt.func @reduce_then_scan(%p: !tt.ptr<i32>) attributes {block_size = 256 : i32, num_warps = 4 : i32} {
  %idx = tt.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %ps = tt.splat %p : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
  %ptrs = tt.addptr %ps, %idx : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
  %x = tt.load %ptrs : tensor<256x!tt.ptr<i32>>
  %m = tt.reduce max %x : tensor<256xi32> -> i32
  %ms = tt.splat %m : i32 -> tensor<256xi32>
  %d = arith.subi %x, %ms : tensor<256xi32>
  %c = tt.scan(%d) axis = 0 : (tensor<256xi32>) -> tensor<256xi32> {
  ^bb0(%a: i32, %b: i32):
    %s = arith.addi %a, %b : i32
    tt.combine_return %s : i32
  }
  tt.store %ptrs, %c : tensor<256x!tt.ptr<i32>>
  tt.return
}
