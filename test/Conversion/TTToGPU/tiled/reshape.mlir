// tt.reshape of a 32x64 tile to 2048 elements (1-D, 4 per thread in runs,
// 4 warps) keeps the row-major order: through workgroup memory, each run of
// four 2-D registers stored at the slot of row * 64 + column, each run of
// four 1-D registers loaded at the slot of its own index (thread * 4 + 512
// * k). Both sides' runs are 16 bytes, so the plan without padding
// (tt::getScratchPlan) costs half the wavefronts of one slot of padding per
// 64-element row with 4-byte accesses (the CUDA route's rule, which broke
// the 16-byte alignment of odd rows): 2048 words, 8192 bytes, and 16-byte
// shared accesses on both sides.
// RUN: mytriton-opt --convert-tt-to-gpu %s | FileCheck %s
// RUN: mytriton-opt --tt-to-ptx %s | %python %S/../../../Target/PTX/Inputs/extract_gpu_object.py -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx --check-prefix=PTX --implicit-check-not=.local

// CHECK:       module attributes {gpu.container_module, mytriton.dynamic_shared_bytes = {flatten = 8192 : i64}}
// CHECK-LABEL: gpu.func @flatten(
// CHECK-NEXT:      %[[BUF:.*]] = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
// CHECK:         %[[VIEW:.*]] = memref.view %[[BUF]][%{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<2048xi32, #gpu.address_space<workgroup>>
// CHECK-NEXT:    gpu.barrier
// CHECK:         %[[ROWOFF:.*]] = arith.muli %[[ROW:.*]], %c64_i32{{.*}} : i32
// CHECK-NEXT:    %[[FROM:.*]] = arith.addi %[[ROWOFF]], %[[COL:.*]] : i32
// CHECK:         %[[I0:.*]] = arith.addi %[[FROM]], %c0_i32{{.*}} : i32
// CHECK-NEXT:    %[[J0:.*]] = arith.index_castui %[[I0]] : i32 to index
// CHECK-NEXT:    %[[R0:.*]] = vector.shuffle %{{.*}}, %{{.*}} [0, 1, 2, 3] : vector<16xi32>, vector<16xi32>
// CHECK-NEXT:    vector.store %[[R0]], %[[VIEW]][%[[J0]]] {alignment = 16 : i64} : memref<2048xi32, #gpu.address_space<workgroup>>, vector<4xi32>
// CHECK:         arith.addi %[[FROM]], %c512_i32{{.*}} : i32
// CHECK:         vector.shuffle %{{.*}}, %{{.*}} [4, 5, 6, 7]
// CHECK-NOT:     memref.store
// CHECK:         gpu.barrier
// CHECK:         %[[L0:.*]] = arith.addi %[[TO:.*]], %c0_i32{{.*}} : i32
// CHECK:         vector.load %[[VIEW]][%{{.*}}] {alignment = 16 : i64} : memref<2048xi32, #gpu.address_space<workgroup>>, vector<4xi32>
// CHECK:         %[[L512:.*]] = arith.addi %[[TO]], %c512_i32{{.*}} : i32
// CHECK-NOT:     memref.load
// CHECK-COUNT-4: llvm.store %{{.*}} {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<1>

// PTX:         .extern .shared .align 16 .b8 {{.*}}[];
// PTX:         bar.sync 0;
// PTX-COUNT-4: st.shared.v4.b32
// PTX:         bar.sync 0;
// PTX-COUNT-4: ld.shared.v4.b32
// PTX-NOT:     ld.shared
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
