// A 1024-lane block reduction compiles to warp shuffles, one barrier and 128
// bytes of shared memory, with nothing in local memory; the cubin is an ELF.
// REQUIRES: ptxas
// RUN: mytriton-opt --tt-to-ptx %s | FileCheck %s --check-prefix=ISA
// RUN: mytriton-opt --tt-to-ptx %s | %python %S/Inputs/extract_gpu_object.py -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx --implicit-check-not=.local
// RUN: %cuda_toolkit/bin/ptxas -arch=sm_90 -v %t.ptx -o %t.ptxas.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: mytriton-opt --tt-to-ptx="format=bin toolkit=%cuda_toolkit" %s | FileCheck %s --check-prefix=BIN
// RUN: mytriton-opt --tt-to-ptx=format=bin %s | %python %S/Inputs/extract_gpu_object.py -o %t.cubin
// RUN: od -A n -t x1 -N 4 %t.cubin | FileCheck %s --check-prefix=ELF
// RUN: mytriton-opt --tt-to-ptx="chip=sm_80" %s | %python %S/Inputs/extract_gpu_object.py -o %t.sm80.ptx
// RUN: FileCheck %s --input-file=%t.sm80.ptx --check-prefix=SM80

// ISA: gpu.binary @kernels  [#gpu.object<#nvvm.target<O = 3, chip = "sm_90">, properties = {{{.*}}}, assembly = "{{.*}}.visible .entry row_sum_1024(

// CHECK:       .target sm_90
// CHECK:       .visible .entry row_sum_1024(
// CHECK-NEXT:    .param .u64 .ptr .global .align 1 row_sum_1024_param_0,
// CHECK-NEXT:    .param .u64 .ptr .global .align 1 row_sum_1024_param_1,
// CHECK-NEXT:    .param .u32 row_sum_1024_param_2,
// CHECK-NEXT:    .param .u32 row_sum_1024_param_3
// CHECK-NEXT:  )
// CHECK-NEXT:  .reqntid 1024, 1, 1
// CHECK:       .shared .align 4 .b8 [[BUF:.*]][128];
// CHECK:       ld.global.b32
// CHECK:       shfl.sync.bfly.b32 {{.*}}, 16, 31, -1;
// CHECK:       shfl.sync.bfly.b32 {{.*}}, 8, 31, -1;
// CHECK:       shfl.sync.bfly.b32 {{.*}}, 4, 31, -1;
// CHECK:       shfl.sync.bfly.b32 {{.*}}, 2, 31, -1;
// CHECK:       shfl.sync.bfly.b32 {{.*}}, 1, 31, -1;
// CHECK:       st.shared.b32
// CHECK:       bar.sync 0;
// CHECK:       ld.shared.b32
// CHECK:       shfl.sync.bfly.b32 {{.*}}, 16, 31, -1;
// CHECK:       shfl.sync.bfly.b32 {{.*}}, 1, 31, -1;
// CHECK-NOT:   bar.sync
// CHECK:       st.global.b32
// CHECK:       ret;

// PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// PTXAS: used 1 barriers, 128 bytes smem

// BIN: gpu.binary @kernels  [#gpu.object<#nvvm.target<O = 3, chip = "sm_90">, properties = {{{.*}}}, bin = "\7FELF

// ELF: 7f 45 4c 46

// SM80: .target sm_80
// SM80: .visible .entry row_sum_1024(

tt.func @row_sum_1024(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>) attributes {block_size = 1024 : i32} {
  %row = tt.get_program_id 0 : i32
  %lanes = tt.make_range {start = 0 : i32, end = 1024 : i32} : tensor<1024xi32>
  %c1024 = arith.constant 1024 : i32
  %start = arith.muli %row, %c1024 : i32
  %start_v = tt.splat %start : i32 -> tensor<1024xi32>
  %offs = arith.addi %start_v, %lanes : tensor<1024xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %offs : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  %v = tt.load %xp : tensor<1024x!tt.ptr<f32>>
  %s = tt.reduce sum %v : tensor<1024xf32> -> f32
  %o = tt.addptr %out, %row : !tt.ptr<f32>, i32
  tt.store %o, %s : !tt.ptr<f32>
  tt.return
}
