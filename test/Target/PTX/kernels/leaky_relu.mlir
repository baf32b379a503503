// The leaky_relu seed kernel as PTX for sm_90: the entry takes the tt.func's
// arguments in order, then the launch grid's g0 and g1 (u32), and nothing
// spills to local memory.
// RUN: mytriton-opt --tt-to-ptx %S/../../../Dialect/TT/kernels/leaky_relu.mlir \
// RUN:   | %python %S/../Inputs/extract_gpu_object.py -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx --implicit-check-not=.local

// CHECK:       .target sm_90
// CHECK:       .visible .entry leaky_relu_kernel(
// CHECK-NEXT:    .param .u64 .ptr .global .align 1 leaky_relu_kernel_param_0,
// CHECK-NEXT:    .param .u64 .ptr .global .align 1 leaky_relu_kernel_param_1,
// CHECK-NEXT:    .param .u32 leaky_relu_kernel_param_2,
// CHECK-NEXT:    .param .u32 leaky_relu_kernel_param_3,
// CHECK-NEXT:    .param .u32 leaky_relu_kernel_param_4
// CHECK-NEXT:  )
// CHECK-NEXT:  .reqntid 256, 1, 1
// CHECK:         ld.global.b32
// CHECK:         setp.gt.f32
// CHECK:         mul.f32
// CHECK:         selp.f32
// CHECK-NOT:     shfl.sync
// CHECK:         st.global.b32
// CHECK:         ret;
// CHECK-NOT:     bar.sync
