// The shared-memory ops of Hopper's tensor-core path round-trip: a tile
// allocated from registers, a mutable stack of tiles indexed per stage,
// asynchronous copies with their groups and wait, a warpgroup MMA and its
// wait, and a read back into registers.
// RUN: mytriton-opt %s | mytriton-opt | FileCheck %s

// CHECK-DAG: #[[SA:.*]] = #tt.shared<{swizzle = 128, order = [1, 0]}>
// CHECK-DAG: #[[SB:.*]] = #tt.shared<{swizzle = 64, order = [1, 0]}>
// CHECK-LABEL: tt.func @wgmma_loop_body
// CHECK:         %[[BUFS:.*]] = tt.local_alloc : () -> !tt.memdesc<3x128x64xf16, #[[SA]], mutable>
// CHECK:         %[[TILE:.*]] = tt.memdesc_index %[[BUFS]][%{{.*}}] : !tt.memdesc<3x128x64xf16, #[[SA]], mutable> -> !tt.memdesc<128x64xf16, #[[SA]], mutable>
// CHECK:         tt.async_copy_global_to_local %{{.*}}, %[[TILE]] mask %{{.*}} other %{{.*}} : tensor<128x64x!tt.ptr<f16>, #{{.*}}> -> !tt.memdesc<128x64xf16, #[[SA]], mutable>
// CHECK:         tt.async_commit_group
// CHECK:         tt.async_wait {num = 1 : i32}
// CHECK:         %[[B:.*]] = tt.local_alloc %{{.*}} : (tensor<64x32xf16, #{{.*}}>) -> !tt.memdesc<64x32xf16, #[[SB]]>
// CHECK:         %[[D:.*]] = tt.warp_group_dot %[[TILE]], %[[B]], %{{.*}} {isAsync = true} : !tt.memdesc<128x64xf16, #[[SA]], mutable> * !tt.memdesc<64x32xf16, #[[SB]]> -> tensor<128x32xf32, #{{.*}}>
// CHECK:         %[[W:.*]] = tt.warp_group_dot_wait %[[D]] {pendings = 0 : i32} : tensor<128x32xf32, #{{.*}}>
// CHECK:         tt.local_store %{{.*}}, %[[TILE]] : tensor<128x64xf16, #{{.*}}> -> !tt.memdesc<128x64xf16, #[[SA]], mutable>
// CHECK:         tt.local_load %[[B]] : !tt.memdesc<64x32xf16, #[[SB]]> -> tensor<64x32xf16, #{{.*}}>
#blocked = #tt.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tt.mma<{versionMajor = 3, warpsPerCTA = [4, 1], instrShape = [16, 32]}>
#sa = #tt.shared<{swizzle = 128, order = [1, 0]}>
#sb = #tt.shared<{swizzle = 64, order = [1, 0]}>
tt.func @wgmma_loop_body(%p: !tt.ptr<f16>, %n: i32, %h: f16, %stage: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %flag = arith.cmpi slt, %stage, %n : i32
  %ptrs = tt.splat %p : !tt.ptr<f16> -> tensor<128x64x!tt.ptr<f16>, #blocked>
  %mask = tt.splat %flag : i1 -> tensor<128x64xi1, #blocked>
  %zeros = arith.constant dense<0.0> : tensor<128x64xf16, #blocked>
  %b = tt.splat %h : f16 -> tensor<64x32xf16, #blocked>
  %acc = arith.constant dense<0.0> : tensor<128x32xf32, #mma>
  %bufs = tt.local_alloc : () -> !tt.memdesc<3x128x64xf16, #sa, mutable>
  %tile = tt.memdesc_index %bufs[%stage] : !tt.memdesc<3x128x64xf16, #sa, mutable> -> !tt.memdesc<128x64xf16, #sa, mutable>
  tt.async_copy_global_to_local %ptrs, %tile mask %mask other %zeros : tensor<128x64x!tt.ptr<f16>, #blocked> -> !tt.memdesc<128x64xf16, #sa, mutable>
  tt.async_commit_group
  tt.async_wait {num = 1 : i32}
  %bs = tt.local_alloc %b : (tensor<64x32xf16, #blocked>) -> !tt.memdesc<64x32xf16, #sb>
  %d = tt.warp_group_dot %tile, %bs, %acc {isAsync = true} : !tt.memdesc<128x64xf16, #sa, mutable> * !tt.memdesc<64x32xf16, #sb> -> tensor<128x32xf32, #mma>
  %w = tt.warp_group_dot_wait %d {pendings = 0 : i32} : tensor<128x32xf32, #mma>
  tt.local_store %zeros, %tile : tensor<128x64xf16, #blocked> -> !tt.memdesc<128x64xf16, #sa, mutable>
  %back = tt.local_load %bs : !tt.memdesc<64x32xf16, #sb> -> tensor<64x32xf16, #blocked>
  tt.return
}
