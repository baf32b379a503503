// tt-prepare-gpu, what both GPU routes lower (tt-to-nvvm starts with it;
// the C API runs its layout part before the CUDA emitter): tt-optimize, then
// tt-hoist-branch-loads and tt-assign-layouts{only-tiled} (tt-to-nvvm's with the chip's compute
// capability, so dots may go to tensor cores). A tiled kernel gets layouts after
// canonicalization; a uniform kernel keeps no layout, since the backends
// distribute it implicitly.
// RUN: mytriton-opt %s -split-input-file -tt-prepare-gpu | FileCheck %s
// RUN: mytriton-opt %S/kernels/softmax.mlir -tt-to-nvvm --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=NVVM

// NVVM:      builtin.module(
// NVVM:        canonicalize
// NVVM:        int-range-optimizations
// NVVM-NEXT:   canonicalize
// NVVM-NEXT:   tt.func(
// NVVM-NEXT:     tt-hoist-branch-loads
// NVVM-NEXT:     tt-assign-layouts{compute-capability=90 only-tiled=true use-wgmma=false}
// NVVM-NEXT:   ),
// NVVM-NEXT:   convert-tt-to-gpu

// CHECK-NOT: #tt.blocked
// CHECK-LABEL: tt.func @uniform_add
// CHECK:         tt.make_range {{.*}} : tensor<128xi32>{{$}}
// CHECK:         tt.load %{{.*}} : tensor<128x!tt.ptr<f32>>{{$}}
tt.func @uniform_add(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %px = tt.splat %x : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %p = tt.addptr %px, %r : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %v = tt.load %p : tensor<128x!tt.ptr<f32>>
  %py = tt.splat %y : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %q = tt.addptr %py, %r : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  tt.store %q, %v : tensor<128x!tt.ptr<f32>>
  tt.return
}

// -----

// The all-true mask folds away before layouts are chosen, and the largest
// rank-2 tensor is then the 64x64 tile.
// CHECK: #[[B:blocked[0-9]*]] = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func @tiled_add
// CHECK:         %[[X:.*]] = tt.load %{{.*}} : tensor<64x64x!tt.ptr<f32>, #[[B]]>
// CHECK-NEXT:    %[[Z:.*]] = arith.addf %[[X]], %[[X]] : tensor<64x64xf32, #[[B]]>
// CHECK-NEXT:    tt.store %{{.*}}, %[[Z]] : tensor<64x64x!tt.ptr<f32>, #[[B]]>
tt.func @tiled_add(%a: !tt.ptr<f32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %rm = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %rm2 = tt.expand_dims %rm {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %c64 = arith.constant dense<64> : tensor<64x1xi32>
  %rms = arith.muli %rm2, %c64 : tensor<64x1xi32>
  %rmb = tt.broadcast %rms : tensor<64x1xi32> -> tensor<64x64xi32>
  %rn2 = tt.expand_dims %rm {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %rnb = tt.broadcast %rn2 : tensor<1x64xi32> -> tensor<64x64xi32>
  %off = arith.addi %rmb, %rnb : tensor<64x64xi32>
  %pa = tt.splat %a : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>>
  %p = tt.addptr %pa, %off : tensor<64x64x!tt.ptr<f32>>, tensor<64x64xi32>
  %true = arith.constant dense<true> : tensor<64x64xi1>
  %x = tt.load %p, %true : tensor<64x64x!tt.ptr<f32>>
  %z = arith.addf %x, %x : tensor<64x64xf32>
  tt.store %p, %z : tensor<64x64x!tt.ptr<f32>>
  tt.return
}
