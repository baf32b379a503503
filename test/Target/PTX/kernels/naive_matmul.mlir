// The naive_matmul seed kernel as PTX for sm_90: the entry takes the tt.func's
// arguments in order, then the launch grid's g0 and g1 (u32), and nothing
// spills to local memory.
// RUN: mytriton-opt --tt-to-ptx %S/../../../Dialect/TT/kernels/naive_matmul.mlir \
// RUN:   | %python %S/../Inputs/extract_gpu_object.py -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx --implicit-check-not=.local

// CHECK:       .target sm_90
// CHECK:       .visible .entry naive_matmul_kernel(
// CHECK-NEXT:    .param .u64 .ptr .global .align 1 naive_matmul_kernel_param_0,
// CHECK-NEXT:    .param .u64 .ptr .global .align 1 naive_matmul_kernel_param_1,
// CHECK-NEXT:    .param .u64 .ptr .global .align 1 naive_matmul_kernel_param_2,
// CHECK-NEXT:    .param .u32 naive_matmul_kernel_param_3,
// CHECK-NEXT:    .param .u32 naive_matmul_kernel_param_4,
// CHECK-NEXT:    .param .u32 naive_matmul_kernel_param_5
// CHECK-NEXT:  )
// CHECK-NEXT:  .reqntid 4, 1, 1
// Program ids 0 and 1 both come from %ctaid.x. B's loads depend on program
// id 1 only, so neighbouring blocks follow axis 0 (GridOrder.h): the column
// block is %ctaid.x / g0 and the row %ctaid.x % g0 (g0 is the parameter
// before last).
// CHECK:         mov.u32 [[BX:%r[0-9]+]], %ctaid.x;
// CHECK-NEXT:    ld.param.b32 [[G0:%r[0-9]+]], [naive_matmul_kernel_param_4];
// CHECK-NEXT:    div.u32 [[COLBLOCK:%r[0-9]+]], [[BX]], [[G0]];
// CHECK:         mul.lo.s32 [[Q:%r[0-9]+]], [[COLBLOCK]], [[G0]];
// CHECK-NEXT:    sub.s32 {{%r[0-9]+}}, [[BX]], [[Q]];
// CHECK:         ld.global.b32
// CHECK:         ld.global.b32
// CHECK-NOT:     shfl.sync
// CHECK:         st.global.b32
// CHECK:         ret;
// CHECK-NOT:     bar.sync
