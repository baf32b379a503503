// The matrix_add seed kernel as PTX for sm_90: the entry takes the tt.func's
// arguments in order, then the launch grid's g0 and g1 (u32), and nothing
// spills to local memory.
// RUN: mytriton-opt --tt-to-ptx %S/../../../Dialect/TT/kernels/matrix_add.mlir \
// RUN:   | %python %S/../Inputs/extract_gpu_object.py -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx --implicit-check-not=.local

// CHECK:       .target sm_90
// CHECK:       .visible .entry matrix_add_kernel(
// CHECK-NEXT:    .param .u64 .ptr .global .align 1 matrix_add_kernel_param_0,
// CHECK-NEXT:    .param .u64 .ptr .global .align 1 matrix_add_kernel_param_1,
// CHECK-NEXT:    .param .u64 .ptr .global .align 1 matrix_add_kernel_param_2,
// CHECK-NEXT:    .param .u32 matrix_add_kernel_param_3,
// CHECK-NEXT:    .param .u32 matrix_add_kernel_param_4,
// CHECK-NEXT:    .param .u32 matrix_add_kernel_param_5
// CHECK-NEXT:  )
// CHECK-NEXT:  .reqntid 256, 1, 1
// Program ids 0 and 1 both come from %ctaid.x: %ctaid.x / g1 and
// %ctaid.x % g1 (g1 is the last parameter), with one division, skipped when
// g1 is 1.
// CHECK:         ld.param.b32 [[G1:%r[0-9]+]], [matrix_add_kernel_param_5];
// CHECK:         mov.u32 [[BX:%r[0-9]+]], %ctaid.x;
// CHECK-NEXT:    setp.eq.b32 [[ONE:%p[0-9]+]], [[G1]], 1;
// CHECK-NEXT:    mov.b32 [[ROW:%r[0-9]+]], [[BX]];
// CHECK-NEXT:    @[[ONE]] bra [[JOIN:\$L__BB0_[0-9]+]];
// CHECK-NEXT:    div.u32 [[ROW]], [[BX]], [[G1]];
// CHECK-NEXT:  [[JOIN]]:
// CHECK-NEXT:    mul.lo.s32 [[Q:%r[0-9]+]], [[ROW]], [[G1]];
// CHECK-NEXT:    sub.s32 {{%r[0-9]+}}, [[BX]], [[Q]];
// CHECK-NOT:     div.u32
// CHECK-NOT:     rem.u32
// CHECK:         ld.global.b32
// CHECK:         ld.global.b32
// CHECK:         add.f32
// CHECK-NOT:     shfl.sync
// CHECK:         st.global.b32
// CHECK:         ret;
// CHECK-NOT:     bar.sync
