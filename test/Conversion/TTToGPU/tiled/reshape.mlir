// tt.reshape of a 32x64 tile to 2048 elements (1-D, 4 per thread in runs,
// 4 warps) keeps the row-major order: through workgroup memory, each 2-D
// register stored at the slot of row * 64 + column, each 1-D register
// loaded at the slot of its own index (thread * 4 + 512 * k + [0, 4)). The
// slot of index i pads the shorter row, 64: i + i / 64 (tt::getScratchSlot),
// so 2048 + 32 words, 8320 bytes; 512 + 8 for the 1-D registers' step. The
// padding costs this reshape its 16-byte shared accesses (odd rows start
// off a 16-byte boundary): st/ld.shared.b32, where the CUDA route's rule,
// shared with this one, pads against a transpose's bank conflicts.
// RUN: mytriton-opt --convert-tt-to-gpu %s | FileCheck %s
// RUN: mytriton-opt --tt-to-ptx %s | %python %S/../../../Target/PTX/Inputs/extract_gpu_object.py -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx --check-prefix=PTX --implicit-check-not=.local

// CHECK:       module attributes {gpu.container_module, mytriton.dynamic_shared_bytes = {flatten = 8320 : i64}}
// CHECK-LABEL: gpu.func @flatten(
// CHECK-NEXT:      %[[BUF:.*]] = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
// CHECK:         %[[VIEW:.*]] = memref.view %[[BUF]][%{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<2080xi32, #gpu.address_space<workgroup>>
// CHECK-NEXT:    gpu.barrier
// CHECK:         %[[ROWOFF:.*]] = arith.muli %[[ROW:.*]], %c64_i32{{.*}} : i32
// CHECK-NEXT:    %[[FROM:.*]] = arith.addi %[[ROWOFF]], %[[COL:.*]] : i32
// CHECK:         %[[FROMROWS:.*]] = arith.shrui %[[FROM]], %c6_i32{{.*}} : i32
// CHECK-NEXT:    %[[FROMSLOT:.*]] = arith.addi %[[FROM]], %[[FROMROWS]] overflow<nsw, nuw> : i32
// CHECK:         %[[I0:.*]] = arith.addi %[[FROMSLOT]], %c0_i32{{.*}} : i32
// CHECK:         %[[J0:.*]] = arith.index_castui %[[I0]] : i32 to index
// CHECK-NEXT:    memref.store %{{.*}}, %[[VIEW]][%[[J0]]]
// CHECK:         %[[I1:.*]] = arith.addi %[[FROMSLOT]], %c1_i32{{.*}} : i32
// CHECK:         %[[I4:.*]] = arith.addi %[[FROMSLOT]], %c520_i32{{.*}} : i32
// CHECK:         gpu.barrier
// CHECK:         %[[TOROWS:.*]] = arith.shrui %[[TO:.*]], %c6_i32{{.*}} : i32
// CHECK-NEXT:    %[[TOSLOT:.*]] = arith.addi %[[TO]], %[[TOROWS]] overflow<nsw, nuw> : i32
// CHECK:         %[[L0:.*]] = arith.addi %[[TOSLOT]], %c0_i32{{.*}} : i32
// CHECK:         %[[L512:.*]] = arith.addi %[[TOSLOT]], %c520_i32{{.*}} : i32
// CHECK-COUNT-4: llvm.store %{{.*}} {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<1>

// PTX:         .extern .shared .align 16 .b8 {{.*}}[];
// PTX:         bar.sync 0;
// PTX:         st.shared.b32 [%[[W:rd[0-9]+]]+2080],
// PTX:         bar.sync 0;
// PTX:         ld.shared.b32 %{{.*}}, [%[[R:rd[0-9]+]]+2080];
// PTX-COUNT-4: st.global.v4.b32

#bl = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#b1 = #tt.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#s0 = #tt.slice<{dim = 0, parent = #bl}>
#s1 = #tt.slice<{dim = 1, parent = #bl}>
tt.func @flatten(%out: !tt.ptr<i32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %rm = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32, #s1>
  %rn = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32, #s0>
  %rm2 = tt.expand_dims %rm {axis = 1 : i32} : tensor<32xi32, #s1> -> tensor<32x1xi32, #bl>
  %rn2 = tt.expand_dims %rn {axis = 0 : i32} : tensor<64xi32, #s0> -> tensor<1x64xi32, #bl>
  %c64 = arith.constant dense<64> : tensor<32x1xi32, #bl>
  %ro = arith.muli %rm2, %c64 : tensor<32x1xi32, #bl>
  %rob = tt.broadcast %ro : tensor<32x1xi32, #bl> -> tensor<32x64xi32, #bl>
  %rnb = tt.broadcast %rn2 : tensor<1x64xi32, #bl> -> tensor<32x64xi32, #bl>
  %i = arith.addi %rob, %rnb : tensor<32x64xi32, #bl>
  %f = tt.reshape %i : tensor<32x64xi32, #bl> -> tensor<2048xi32, #b1>
  %r = tt.make_range {start = 0 : i32, end = 2048 : i32} : tensor<2048xi32, #b1>
  %po = tt.splat %out : !tt.ptr<i32> -> tensor<2048x!tt.ptr<i32>, #b1>
  %p = tt.addptr %po, %r : tensor<2048x!tt.ptr<i32>, #b1>, tensor<2048xi32, #b1>
  tt.store %p, %f : tensor<2048x!tt.ptr<i32>, #b1>
  tt.return
}
