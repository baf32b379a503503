// mytriton-translate --emit-ptx / --emit-cubin write a kernel's PTX or cubin.
// REQUIRES: emit-ptx, ptxas
// RUN: mytriton-translate --emit-ptx %s | FileCheck %s
// RUN: mytriton-translate --emit-ptx --ptx-chip=sm_80 %s | FileCheck %s --check-prefix=SM80
// RUN: mytriton-translate --emit-cubin %s -o %t.cubin
// RUN: od -A n -t x1 -N 4 %t.cubin | FileCheck %s --check-prefix=ELF
// RUN: not mytriton-translate --emit-ptx --ptx-chip=sm_60 %s 2>&1 | FileCheck %s --check-prefix=CHIP

// CHECK: .target sm_90
// CHECK: .visible .entry scale(
// CHECK-NEXT: .param .u64 .ptr .global .align 1 scale_param_0,
// CHECK-NEXT: .param .f32 scale_param_1,
// CHECK-NEXT: .param .u32 scale_param_2,
// CHECK-NEXT: .param .u32 scale_param_3
// SM80: .target sm_80
// ELF: 7f 45 4c 46
// CHIP: error: target chip 'sm_60' is older than sm_70
tt.func @scale(%p: !tt.ptr<f32>, %k: f32) attributes {block_size = 128 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %pp = tt.addptr %ps, %r : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %v = tt.load %pp : tensor<128x!tt.ptr<f32>>
  %ks = tt.splat %k : f32 -> tensor<128xf32>
  %y = arith.mulf %v, %ks : tensor<128xf32>
  tt.store %pp, %y : tensor<128x!tt.ptr<f32>>
  tt.return
}
