// The gpu/nvvm route contracts floating-point multiplies and adds, as Triton
// does by default (enable_fp_fusion) and as the CUDA C++ route's NVRTC does
// (--fmad=true): a * x + y is one fma.rn.f32, and the adds and multiplies
// left over carry no rounding suffix (add.f32, not add.rn.f32), so ptxas may
// fuse those as well (configureNVPTXCodeGen sets -nvptx-fma-level=2 unless
// the command line set it). tl.fma and math.fma are fused regardless.
// RUN: mytriton-translate --emit-ptx %s | FileCheck %s
// RUN: mytriton-translate --emit-ptx -nvptx-fma-level=0 %s | FileCheck %s --check-prefix=NOFUSE

// CHECK-LABEL: .entry axpy(
// CHECK:         fma.rn.f32
// CHECK-NOT:     mul.rn.f32
// CHECK:         ret;
// NOFUSE-LABEL: .entry axpy(
// NOFUSE:         mul.rn.f32
// NOFUSE:         add.rn.f32
// NOFUSE-NOT:     fma
// NOFUSE:         ret;
tt.func @axpy(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %a: f32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %px = tt.splat %x : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %ppx = tt.addptr %px, %r : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %py = tt.splat %y : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %ppy = tt.addptr %py, %r : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %vx = tt.load %ppx : tensor<128x!tt.ptr<f32>>
  %vy = tt.load %ppy : tensor<128x!tt.ptr<f32>>
  %as = tt.splat %a : f32 -> tensor<128xf32>
  %m = arith.mulf %as, %vx : tensor<128xf32>
  %s = arith.addf %m, %vy : tensor<128xf32>
  tt.store %ppy, %s : tensor<128x!tt.ptr<f32>>
  tt.return
}
