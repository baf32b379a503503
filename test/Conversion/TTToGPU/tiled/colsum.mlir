// Column sums of a 32x64 tile (axis 0) on 4 warps (1x4 per thread, 2x16
// lanes, 4x1 warps), then the whole sum of the row of column sums. Along
// the rows a thread holds 4 registers (8 apart), lane bit 4 moves one row
// (one xor-16 shuffle), and warp bits 5 and 6 move 2 and 4 rows: the four
// warps' partial sums go through 64 x 4 f32 of workgroup memory between two
// barriers, slot (column * 4 + warp). The column sums are in the slice
// layout, replicated over lane bit 4 and the warps: only threads with tid &
// 112 == 0 store them. Their whole sum shuffles over lane bits 0-3 only and
// thread 0 stores it.
// RUN: mytriton-opt --convert-tt-to-gpu %s | FileCheck %s
// RUN: mytriton-opt --tt-to-ptx %s | %python %S/../../../Target/PTX/Inputs/extract_gpu_object.py -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx --check-prefix=PTX --implicit-check-not=.local

// CHECK:       module attributes {gpu.container_module, mytriton.dynamic_shared_bytes = {colsum = 1024 : i64}}
// CHECK-LABEL: gpu.func @colsum(
// CHECK-NEXT:      %[[BUF:.*]] = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
// CHECK:         %[[X:.*]] = vector.from_elements %{{.*}} : vector<16xf32>
// CHECK:         %[[X0:.*]] = vector.extract %[[X]][0] : f32 from vector<16xf32>
// CHECK:         %[[X4:.*]] = vector.extract %[[X]][4] : f32 from vector<16xf32>
// CHECK:         %[[X8:.*]] = vector.extract %[[X]][8] : f32 from vector<16xf32>
// CHECK:         %[[X12:.*]] = vector.extract %[[X]][12] : f32 from vector<16xf32>
// CHECK:         %[[A:.*]] = arith.addf %[[X0]], %[[X4]] : f32
// CHECK:         %[[B:.*]] = arith.addf %[[X8]], %[[X12]] : f32
// CHECK:         %[[COL0:.*]] = arith.addf %[[A]], %[[B]] : f32
// CHECK:         %[[S:.*]], %{{.*}} = gpu.shuffle  xor %[[COL0]], %c16_i32{{.*}}, %c32_i32{{.*}} : f32
// CHECK:         %[[P0:.*]] = arith.addf %[[COL0]], %[[S]] : f32
// CHECK-COUNT-3: gpu.shuffle  xor %{{.*}}, %c16_i32
// CHECK:         %[[VIEW:.*]] = memref.view %[[BUF]][%{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<256xf32, #gpu.address_space<workgroup>>
// CHECK:         %[[SLOT0:.*]] = arith.shrui %{{.*}}, %c5_i32 : i32
// CHECK:         %[[SLOT1:.*]] = arith.shrui %{{.*}}, %c5_i32{{.*}} : i32
// CHECK:         %[[SLOT:.*]] = arith.ori %[[SLOT0]], %[[SLOT1]] : i32
// CHECK:         %[[FIRST0:.*]] = arith.muli %{{.*}}, %c4_i32{{.*}} : i32
// CHECK:         gpu.barrier
// CHECK-NEXT:    %[[I0:.*]] = arith.addi %[[FIRST0]], %[[SLOT]] overflow<nsw, nuw> : i32
// CHECK-NEXT:    %[[J0:.*]] = arith.index_castui %[[I0]] : i32 to index
// CHECK-NEXT:    memref.store %[[P0]], %[[VIEW]][%[[J0]]] : memref<256xf32, #gpu.address_space<workgroup>>
// CHECK-COUNT-3: memref.store
// CHECK:         gpu.barrier
// CHECK-COUNT-16: memref.load %[[VIEW]]
// CHECK:         %[[OWN:.*]] = arith.andi %{{.*}}, %c112_i32 : i32
// CHECK:         %[[ISOWN:.*]] = arith.cmpi eq, %[[OWN]], %c0_i32{{.*}} : i32
// CHECK:         scf.if %[[ISOWN]] {
// CHECK:           llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
// CHECK:         }
// CHECK-COUNT-4: gpu.shuffle  xor
// CHECK-NOT:     gpu.shuffle
// CHECK:         arith.cmpi eq, %{{.*}}, %c0_i32
// CHECK:         llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<1>

// PTX:         .extern .shared .align 16 .b8
// PTX-COUNT-4: ld.global.v4.b32
// PTX-COUNT-4: shfl.sync.bfly.b32 {{.*}}, 16, 31, -1;
// PTX:         bar.sync 0;
// PTX:         st.shared.b32
// PTX:         bar.sync 0;
// PTX:         ld.shared
// PTX:         st.global.v4.b32

#bl = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#s0 = #tt.slice<{dim = 0, parent = #bl}>
#s1 = #tt.slice<{dim = 1, parent = #bl}>
tt.func @colsum(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %total: !tt.ptr<f32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
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
  %s = tt.reduce sum %v {axis = 0 : i32} : tensor<32x64xf32, #bl> -> tensor<64xf32, #s0>
  %po = tt.splat %out : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #s0>
  %poo = tt.addptr %po, %rn : tensor<64x!tt.ptr<f32>, #s0>, tensor<64xi32, #s0>
  tt.store %poo, %s : tensor<64x!tt.ptr<f32>, #s0>
  %t = tt.reduce sum %s : tensor<64xf32, #s0> -> f32
  tt.store %total, %t : !tt.ptr<f32>
  tt.return
}
