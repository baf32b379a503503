// A 32x64 tile transposed: tt.trans into the operand's layout with its
// dimensions swapped is no data movement (the registers stay put: the
// shuffle is the identity and folds away); the tt.convert_layout to the
// kernel's 64x32 layout goes through workgroup memory: a barrier, every
// register stored at its element's slot, a barrier, every register of the
// new layout loaded from its own. Slots are the operand's row-major indices under an XOR
// swizzle (tt::getScratchPlan): each lane bit above the bank bits that
// would put two lanes of a warp on one bank (index bits 5, 7, 8, 9, 10)
// XORs a bank mask (1, 2, 4, 8, 16) into the slot, so the stores down
// columns and the loads along rows are both free of conflicts, with no
// padding: 2048 floats, 8192 bytes (the CUDA C++ route pads instead,
// 8448). The thread part of a slot is swizzled once; a register's part
// XORs in where it has swizzled bits and adds elsewhere. The 64x32 tile is
// narrower than the layout's 64 columns: lane bit 3 only replicates, so
// only threads with tid & 8 == 0 store, 8 vector runs of 4 each. The
// pointers' alignment is unknown, so each run tests it and falls back to
// element stores: the owner test wraps each run (and never both paths'
// condition, which would send a replica down the element path).
// RUN: mytriton-opt --convert-tt-to-gpu %s | FileCheck %s
// RUN: mytriton-opt --tt-to-ptx %s | %python %S/../../../Target/PTX/Inputs/extract_gpu_object.py -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx --check-prefix=PTX --implicit-check-not=.local

// CHECK:       module attributes {gpu.container_module, mytriton.dynamic_shared_bytes = {transpose = 8192 : i64}}
// CHECK-LABEL: gpu.func @transpose(
// CHECK-NEXT:      %[[BUF:.*]] = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
// CHECK:         %[[X:.*]] = vector.from_elements %{{.*}} : vector<16xf32>
// CHECK-NOT:     vector.shuffle %[[X]]
// CHECK:         %[[VIEW:.*]] = memref.view %[[BUF]][%{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<2048xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:    gpu.barrier
// CHECK:         %[[FROM:.*]] = arith.addi %{{.*}}, %{{.*}} overflow<nsw, nuw> : i32
// CHECK:         %[[B5:.*]] = arith.shrui %[[FROM]], %c5_i32{{.*}} : i32
// CHECK:         %[[S5:.*]] = arith.andi %[[B5]], %c1_i32{{.*}} : i32
// CHECK:         %[[M5:.*]] = arith.muli %[[S5]], %c1_i32{{.*}} : i32
// CHECK-NEXT:    %[[X5:.*]] = arith.xori %[[FROM]], %[[M5]] : i32
// CHECK:         arith.shrui %[[FROM]], %c7_i32
// CHECK:         arith.muli %{{.*}}, %c2_i32
// CHECK:         arith.shrui %[[FROM]], %c8_i32
// CHECK:         arith.muli %{{.*}}, %c4_i32
// CHECK:         arith.shrui %[[FROM]], %c9_i32
// CHECK:         arith.muli %{{.*}}, %c8_i32
// CHECK:         arith.shrui %[[FROM]], %c10_i32
// CHECK:         arith.muli %{{.*}}, %c16_i32
// CHECK:         %[[FROMSLOT:.*]] = arith.xori %{{.*}}, %{{.*}} : i32
// CHECK:         arith.addi %[[FROMSLOT]], %c0_i32{{.*}}
// CHECK:         memref.store %{{.*}}, %[[VIEW]]
// CHECK:         %[[R1:.*]] = arith.xori %[[FROMSLOT]], %c1_i32{{.*}} : i32
// CHECK:         arith.addi %[[R1]], %c32_i32{{.*}}
// CHECK:         memref.store %{{.*}}, %[[VIEW]]
// CHECK-COUNT-14: memref.store %{{.*}}, %[[VIEW]]
// CHECK-NOT:     memref.store
// CHECK:         gpu.barrier
// CHECK-NOT:     gpu.barrier
// CHECK-COUNT-32: memref.load %[[VIEW]]
// CHECK-NOT:     memref.load
// CHECK:         %[[Y:.*]] = vector.from_elements %{{.*}} : vector<32xf32>
// CHECK:         %[[OWN:.*]] = arith.andi %{{.*}}, %c8_i32{{.*}} : i32
// CHECK:         %[[ISOWN:.*]] = arith.cmpi eq, %[[OWN]], %c0_i32{{.*}} : i32
// CHECK-NEXT:    %[[P0:.*]] = vector.extract %{{.*}}[0] : !llvm.ptr<1> from vector<32x!llvm.ptr<1>>
// CHECK-NOT:     arith.andi %[[ISOWN]]
// CHECK:         scf.if %[[ISOWN]] {
// CHECK-NEXT:      scf.if %{{.*}} {
// CHECK-NEXT:        vector.shuffle
// CHECK-NEXT:        llvm.store %{{.*}}, %[[P0]] {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
// CHECK-COUNT-7: scf.if %[[ISOWN]] {
// CHECK-NOT:     scf.if %[[ISOWN]] {

// PTX:         .extern .shared .align 16 .b8 {{.*}}[];
// PTX:         bar.sync 0;
// PTX-COUNT-16: st.shared.b32 [%{{.*}}],
// PTX:         bar.sync 0;
// PTX:         ld.shared.b32
// PTX-COUNT-8: st.global.v4.b32

#bl = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#blt = #tt.blocked<{sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>
#s0 = #tt.slice<{dim = 0, parent = #bl}>
#s1 = #tt.slice<{dim = 1, parent = #bl}>
tt.func @transpose(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %rm = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32, #s1>
  %rn = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32, #s0>
  %rm2 = tt.expand_dims %rm {axis = 1 : i32} : tensor<32xi32, #s1> -> tensor<32x1xi32, #bl>
  %rn2 = tt.expand_dims %rn {axis = 0 : i32} : tensor<64xi32, #s0> -> tensor<1x64xi32, #bl>
  %c64 = arith.constant dense<64> : tensor<32x1xi32, #bl>
  %ro = arith.muli %rm2, %c64 : tensor<32x1xi32, #bl>
  %rob = tt.broadcast %ro : tensor<32x1xi32, #bl> -> tensor<32x64xi32, #bl>
  %rnb = tt.broadcast %rn2 : tensor<1x64xi32, #bl> -> tensor<32x64xi32, #bl>
  %off = arith.addi %rob, %rnb : tensor<32x64xi32, #bl>
  %px = tt.splat %x : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>, #bl>
  %pxo = tt.addptr %px, %off : tensor<32x64x!tt.ptr<f32>, #bl>, tensor<32x64xi32, #bl>
  %v = tt.load %pxo : tensor<32x64x!tt.ptr<f32>, #bl>
  %t = tt.trans %v : tensor<32x64xf32, #bl> -> tensor<64x32xf32, #blt>
  %tc = tt.convert_layout %t : tensor<64x32xf32, #blt> -> tensor<64x32xf32, #bl>
  %qm = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32, #s1>
  %qn = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32, #s0>
  %qm2 = tt.expand_dims %qm {axis = 1 : i32} : tensor<64xi32, #s1> -> tensor<64x1xi32, #bl>
  %qn2 = tt.expand_dims %qn {axis = 0 : i32} : tensor<32xi32, #s0> -> tensor<1x32xi32, #bl>
  %c32 = arith.constant dense<32> : tensor<64x1xi32, #bl>
  %qo = arith.muli %qm2, %c32 : tensor<64x1xi32, #bl>
  %qob = tt.broadcast %qo : tensor<64x1xi32, #bl> -> tensor<64x32xi32, #bl>
  %qnb = tt.broadcast %qn2 : tensor<1x32xi32, #bl> -> tensor<64x32xi32, #bl>
  %qoff = arith.addi %qob, %qnb : tensor<64x32xi32, #bl>
  %py = tt.splat %y : !tt.ptr<f32> -> tensor<64x32x!tt.ptr<f32>, #bl>
  %pyo = tt.addptr %py, %qoff : tensor<64x32x!tt.ptr<f32>, #bl>, tensor<64x32xi32, #bl>
  tt.store %pyo, %tc : tensor<64x32x!tt.ptr<f32>, #bl>
  tt.return
}
