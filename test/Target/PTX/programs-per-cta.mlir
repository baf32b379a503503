// Packed programs as PTX for sm_90: programs_per_cta = P gives blocks of
// (threads, P, 1) threads, program id 0 is min((ctaid.x / g1) * P + tid.y,
// g0 - 1), the warp butterfly spans the packed programs' min(32, threads * P)
// lanes, and the store waits on the program lying inside the grid.
// RUN: mytriton-opt --tt-to-ptx %s | %python %S/Inputs/extract_gpu_object.py -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx --implicit-check-not=.local

// Four programs of one warp (E = 8) per block.
// CHECK-LABEL: .visible .entry row_sum_packed(
// CHECK-NEXT:    .param .u64 .ptr .global .align 1 row_sum_packed_param_0,
// CHECK-NEXT:    .param .u64 .ptr .global .align 1 row_sum_packed_param_1,
// CHECK-NEXT:    .param .u32 row_sum_packed_param_2,
// CHECK-NEXT:    .param .u32 row_sum_packed_param_3,
// CHECK-NEXT:    .param .u32 row_sum_packed_param_4
// CHECK-NEXT:  )
// CHECK-NEXT:  .reqntid 32, 4, 1
// CHECK-NEXT:  .minnctapersm 16
// CHECK-DAG:     ld.param.b32 [[G0:%r[0-9]+]], [row_sum_packed_param_3];
// CHECK-DAG:     mov.u32 [[BX:%r[0-9]+]], %ctaid.x;
// CHECK-DAG:     ld.param.b32 [[G1:%r[0-9]+]], [row_sum_packed_param_4];
// CHECK:         div.u32 [[PACK:%r[0-9]+]], [[BX]], [[G1]];
// CHECK:         shl.b32 [[FIRST:%r[0-9]+]], [[PACK]], 2;
// CHECK:         mov.u32 [[SLOT:%r[0-9]+]], %tid.y;
// CHECK:         or.b32 [[PROG:%r[0-9]+]], [[FIRST]], [[SLOT]];
// CHECK:         add.s32 [[LAST:%r[0-9]+]], [[G0]], -1;
// CHECK:         min.u32 {{%r[0-9]+}}, [[PROG]], [[LAST]];
// CHECK:         mov.u32 [[T:%r[0-9]+]], %tid.x;
// The thread's two groups of four lanes, 128 apart, each one vector load.
// CHECK:         shl.b32 [[T4:%r[0-9]+]], [[T]], 2;
// CHECK:         or.b32 {{%r[0-9]+}}, [[T4]], 128;
// Each chunk's lane-by-lane fallback addresses its lanes from the chunk's
// first pointer, as immediate offsets.
// CHECK:         ld.global.v4.b32 {{.*}}, [[[CHUNK:%rd[0-9]+]]];
// CHECK:         ld.global.b32 {{%r[0-9]+}}, [[[CHUNK]]];
// CHECK:         ld.global.b32 {{%r[0-9]+}}, [[[CHUNK]]+4];
// CHECK:         ld.global.b32 {{%r[0-9]+}}, [[[CHUNK]]+8];
// CHECK:         ld.global.b32 {{%r[0-9]+}}, [[[CHUNK]]+12];
// CHECK:         ld.global.v4.b32
// CHECK-NOT:     ld.global.v4
// One warp, one program: offsets 16 .. 1 over all 32 lanes.
// CHECK:         shfl.sync.bfly.b32 {{.*}}, 16, 31, -1;
// CHECK:         shfl.sync.bfly.b32 {{.*}}, 8, 31, -1;
// CHECK:         shfl.sync.bfly.b32 {{.*}}, 4, 31, -1;
// CHECK:         shfl.sync.bfly.b32 {{.*}}, 2, 31, -1;
// CHECK:         shfl.sync.bfly.b32 {{.*}}, 1, 31, -1;
// CHECK-NOT:     shfl.sync
// CHECK-NOT:     bar.sync
// Only a program inside the grid (unclamped id < g0), by its thread 0.
// CHECK:         setp.ge.u32 {{%p[0-9]+}}, [[PROG]], [[G0]];
// CHECK:         st.global.b32
// CHECK:         ret;
tt.func @row_sum_packed(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n_cols: i32) attributes {block_size = 256 : i32, num_warps = 1 : i32, programs_per_cta = 4 : i32} {
  %row = tt.get_program_id 0 : i32
  %cols = tt.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %start = arith.muli %row, %n_cols : i32
  %base = tt.addptr %x, %start : !tt.ptr<f32>, i32
  %base_v = tt.splat %base : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %ptrs = tt.addptr %base_v, %cols : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  %n_v = tt.splat %n_cols : i32 -> tensor<256xi32>
  %mask = arith.cmpi slt, %cols, %n_v : tensor<256xi32>
  %values = tt.load %ptrs, %mask : tensor<256x!tt.ptr<f32>>
  %total = tt.reduce sum %values : tensor<256xf32> -> f32
  %outp = tt.addptr %out, %row : !tt.ptr<f32>, i32
  tt.store %outp, %total : !tt.ptr<f32>
  tt.return
}

// Two programs of 8 threads share the first 16 lanes of a warp: member mask
// 0xffff and clamp 15, offsets 4, 2, 1.
// CHECK-LABEL: .visible .entry small_rows(
// CHECK:         .reqntid 8, 2, 1
// CHECK:         %tid.y
// CHECK:         shfl.sync.bfly.b32 {{.*}}, 4, 15, 65535;
// CHECK:         shfl.sync.bfly.b32 {{.*}}, 2, 15, 65535;
// CHECK:         shfl.sync.bfly.b32 {{.*}}, 1, 15, 65535;
// CHECK-NOT:     shfl.sync
// CHECK:         st.global.b32
// CHECK:         ret;
tt.func @small_rows(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>) attributes {block_size = 8 : i32, programs_per_cta = 2 : i32} {
  %row = tt.get_program_id 0 : i32
  %cols = tt.make_range {start = 0 : i32, end = 8 : i32} : tensor<8xi32>
  %c8 = arith.constant 8 : i32
  %start = arith.muli %row, %c8 : i32
  %base = tt.addptr %x, %start : !tt.ptr<f32>, i32
  %base_v = tt.splat %base : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %ptrs = tt.addptr %base_v, %cols : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  %values = tt.load %ptrs : tensor<8x!tt.ptr<f32>>
  %m = tt.reduce max %values : tensor<8xf32> -> f32
  %outp = tt.addptr %out, %row : !tt.ptr<f32>, i32
  tt.store %outp, %m : !tt.ptr<f32>
  tt.return
}
