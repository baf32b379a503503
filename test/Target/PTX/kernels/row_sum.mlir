// The row_sum seed kernel as PTX for sm_90: the entry takes the tt.func's
// arguments in order, then the launch grid's g0 and g1 (u32), and nothing
// spills to local memory.
// RUN: mytriton-opt --tt-to-ptx %S/../../../Dialect/TT/kernels/row_sum.mlir \
// RUN:   | %python %S/../Inputs/extract_gpu_object.py -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx --implicit-check-not=.local

// CHECK:       .target sm_90
// CHECK:       .visible .entry row_sum_kernel(
// CHECK-NEXT:    .param .u64 .ptr .global .align 1 row_sum_kernel_param_0,
// CHECK-NEXT:    .param .u64 .ptr .global .align 1 row_sum_kernel_param_1,
// CHECK-NEXT:    .param .u32 row_sum_kernel_param_2,
// CHECK-NEXT:    .param .u32 row_sum_kernel_param_3,
// CHECK-NEXT:    .param .u32 row_sum_kernel_param_4
// CHECK-NEXT:  )
// CHECK-NEXT:  .reqntid 8, 1, 1
// CHECK:         ld.global.b32
// The 8 lanes of the block shuffle with member mask 0xff and clamp 7.
// CHECK:         shfl.sync.bfly.b32 {{.*}}, 4, 7, 255;
// CHECK-NEXT:    add.f32 {{.*}}
// CHECK-NEXT:    shfl.sync.bfly.b32 {{.*}}, 2, 7, 255;
// CHECK-NEXT:    add.f32 {{.*}}
// CHECK-NEXT:    shfl.sync.bfly.b32 {{.*}}, 1, 7, 255;
// CHECK-NOT:     shfl.sync
// CHECK:         st.global.b32
// CHECK:         ret;
// CHECK-NOT:     bar.sync
