// The TMA ops of a tiled kernel down to PTX for sm_90a: a !tt.tensor_map
// argument becomes a 64-byte aligned 128-byte parameter that TMA reads in
// place (cvta.param); thread 0 initializes the two mbarriers that
// planSharedMemory put after the tiles (32768 and 32776), fences them and
// the block synchronizes; where the predicate holds, thread 0 arms barrier 1
// for the tile's 16384 bytes and copies the 64x128 tile as two 64x64 boxes
// (coordinates innermost first: the second box 64 columns on, 8192 bytes
// further into the tile); every thread then spins on the barrier's phase.
// REQUIRES: ptxas
// RUN: mytriton-opt --convert-tt-to-gpu %s | FileCheck %s
// RUN: mytriton-opt --convert-tt-to-gpu %s | mytriton-opt --pass-pipeline="builtin.module(nvvm-attach-target{chip=sm_90a}, gpu.module(convert-scf-to-cf, convert-gpu-to-nvvm, mytriton-extern-dynamic-shared, mytriton-attach-tensor-map-params, reconcile-unrealized-casts), gpu-module-to-binary{format=isa})" | %python %S/../../../Target/PTX/Inputs/extract_gpu_object.py -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
// RUN: %cuda_toolkit/bin/ptxas -arch=sm_90a %t.ptx -o %t.cubin

// The launcher's record of the map (tt-pipeline's attribute and the
// argument's index), which the C API reports as "tensor-maps".
// CHECK:       module attributes {gpu.container_module, {{.*}}mytriton.kernel_tensor_maps = {tma_tile = [{argument = 0 : i32, base = 1 : i32, box = array<i32: 64, 64>, element_bytes = 2 : i32, sizes = [array<i64: 512>, array<i64: 256>], strides = [array<i64: 512>], swizzle = 128 : i32}]}}
// CHECK-LABEL: gpu.func @tma_tile(
// CHECK-SAME:      %[[MAP:[a-z0-9]+]]: !llvm.ptr {llvm.align = 64 : i64}, %{{[a-z0-9]+}}: !llvm.ptr<1>, %[[ROW:[a-z0-9]+]]: i32, %[[COL:[a-z0-9]+]]: i32,
// CHECK-SAME:      mytriton.tensor_maps = array<i32: 0>
// CHECK:         %[[LEADER:.*]] = arith.cmpi eq, %{{.*}}, %c0_i32
// CHECK:         scf.if %[[LEADER]] {
// CHECK-COUNT-2:   nvvm.mbarrier.init %{{.*}}, %c1_i32{{.*}} : !llvm.ptr<3>, i32
// CHECK-NEXT:      nvvm.fence.mbarrier.init
// CHECK-NEXT:    }
// CHECK-NEXT:    gpu.barrier
// CHECK:         %[[ARM:.*]] = arith.andi %{{.*}}, %[[PRED:.*]] : i1
// CHECK:         scf.if %[[ARM]] {
// CHECK:           nvvm.mbarrier.arrive.expect_tx %[[BAR:.*]], %c16384_i32{{.*}} : !llvm.ptr<3>, i32
// CHECK:         %[[ISSUE:.*]] = arith.andi %{{.*}}, %[[PRED]] : i1
// CHECK:         scf.if %[[ISSUE]] {
// CHECK:           %[[PIECE0:.*]] = llvm.addrspacecast %{{.*}} : !llvm.ptr<3> to !llvm.ptr<7>
// CHECK:           nvvm.cp.async.bulk.tensor.shared.cluster.global %[[PIECE0]], %[[MAP]], %{{.*}}, box[%[[COL]], %[[ROW]]] : !llvm.ptr<7>, !llvm.ptr
// CHECK:           %[[COL1:.*]] = arith.addi %[[COL]], %c64_i32{{.*}} : i32
// CHECK:           nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[MAP]], %{{.*}}, box[%[[COL1]], %[[ROW]]] : !llvm.ptr<7>, !llvm.ptr
// CHECK:         llvm.inline_asm has_side_effects {{.*}}mbarrier.try_wait.parity.shared::cta.b64 done, [$0], $1;{{.*}}@!done bra.uni wait;

// PTX-LABEL: .entry tma_tile(
// PTX-NEXT:    .param .align 64 .b8 tma_tile_param_0[128],
// PTX:         mov.b64 [[PARAM:%rd[0-9]+]], tma_tile_param_0;
// PTX-NEXT:    cvta.param.u64 [[MAP:%rd[0-9]+]], [[PARAM]];
// PTX:         mov.b32 [[ONE:%r[0-9]+]], 1;
// PTX-NEXT:    mbarrier.init.shared.b64 [{{%rd[0-9]+}}], [[ONE]];
// PTX-NEXT:    mbarrier.init.shared.b64 [{{%rd[0-9]+}}], [[ONE]];
// PTX-NEXT:    fence.mbarrier_init.release.cluster;
// PTX:         bar.sync 0;
// PTX:         mov.b32 [[BYTES:%r[0-9]+]], 16384;
// PTX-NEXT:    mbarrier.arrive.expect_tx.shared.b64 %rd{{[0-9]+}}, [[[BAR:%rd[0-9]+]]], [[BYTES]];
// PTX:         cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%rd{{[0-9]+}}], [[[MAP]], {%r{{[0-9]+}}, %r{{[0-9]+}}}], [[[BAR]]];
// PTX-NEXT:    cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%rd{{[0-9]+}}], [[[MAP]], {%r{{[0-9]+}}, %r{{[0-9]+}}}], [[[BAR]]];
// PTX:         mbarrier.try_wait.parity.shared::cta.b64 done, [%r{{[0-9]+}}], %r{{[0-9]+}};

#blocked = #tt.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#slice0 = #tt.slice<{dim = 0, parent = #blocked}>
#slice1 = #tt.slice<{dim = 1, parent = #blocked}>
#shared = #tt.shared<{swizzle = 128, order = [1, 0]}>
tt.func @tma_tile(%map: !tt.tensor_map {tt.tensor_map = {base = 1 : i32, box = array<i32: 64, 64>, element_bytes = 2 : i32, sizes = [array<i64: 512>, array<i64: 256>], strides = [array<i64: 512>], swizzle = 128 : i32}}, %out: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %row: i32, %col: i32, %leader: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %pred = arith.cmpi ne, %leader, %c0 : i32
  %bars = tt.init_barriers {count = 1 : i32} : !tt.mbarriers<2>
  %stack = tt.local_alloc : () -> !tt.memdesc<2x64x128xf16, #shared, mutable>
  %tile = tt.memdesc_index %stack[%c1] : !tt.memdesc<2x64x128xf16, #shared, mutable> -> !tt.memdesc<64x128xf16, #shared, mutable>
  tt.barrier_expect %bars[%c1], 16384, %pred : !tt.mbarriers<2>
  tt.async_tma_copy_global_to_local %map[%row, %col], %tile, %bars[%c1], %pred : !tt.memdesc<64x128xf16, #shared, mutable>, !tt.mbarriers<2>
  tt.wait_barrier %bars[%c1], %c0 : !tt.mbarriers<2>
  %x = tt.local_load %tile : !tt.memdesc<64x128xf16, #shared, mutable> -> tensor<64x128xf16, #blocked>
  %rows = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32, #slice1>
  %cols = tt.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32, #slice0>
  %r2 = tt.expand_dims %rows {axis = 1 : i32} : tensor<64xi32, #slice1> -> tensor<64x1xi32, #blocked>
  %c2 = tt.expand_dims %cols {axis = 0 : i32} : tensor<128xi32, #slice0> -> tensor<1x128xi32, #blocked>
  %c128 = arith.constant dense<128> : tensor<64x1xi32, #blocked>
  %rs = arith.muli %r2, %c128 : tensor<64x1xi32, #blocked>
  %rb = tt.broadcast %rs : tensor<64x1xi32, #blocked> -> tensor<64x128xi32, #blocked>
  %cb = tt.broadcast %c2 : tensor<1x128xi32, #blocked> -> tensor<64x128xi32, #blocked>
  %off = arith.addi %rb, %cb : tensor<64x128xi32, #blocked>
  %os = tt.splat %out : !tt.ptr<f16> -> tensor<64x128x!tt.ptr<f16>, #blocked>
  %ptrs = tt.addptr %os, %off : tensor<64x128x!tt.ptr<f16>, #blocked>, tensor<64x128xi32, #blocked>
  tt.store %ptrs, %x : tensor<64x128x!tt.ptr<f16>, #blocked>
  tt.return
}
