// Long-row sum (BLOCK = 1024, N_COLS = 2500) as PTX for sm_90 with 2, 4 and 8
// lanes per thread: one vector load per chunk of the three unrolled
// iterations, one block reduction, no local memory. With 8 lanes per thread
// the last iteration's second chunk starts at column 2560: its mask is false
// for every thread and LLVM drops the load once each chunk's mask is its own
// scalar (mytriton-scalarize-loop-vectors), hence five.
// RUN: sed s/NUM_WARPS/16/ %S/../../../Conversion/TTToGPU/Inputs/num_warps/long_row_sum.mlir \
// RUN:   | mytriton-opt --tt-to-ptx | %python %S/../Inputs/extract_gpu_object.py -o %t.e2.ptx
// RUN: FileCheck %s --check-prefixes=CHECK,E2 --input-file=%t.e2.ptx --implicit-check-not=.local
// RUN: sed s/NUM_WARPS/8/ %S/../../../Conversion/TTToGPU/Inputs/num_warps/long_row_sum.mlir \
// RUN:   | mytriton-opt --tt-to-ptx | %python %S/../Inputs/extract_gpu_object.py -o %t.e4.ptx
// RUN: FileCheck %s --check-prefixes=CHECK,E4 --input-file=%t.e4.ptx --implicit-check-not=.local
// RUN: sed s/NUM_WARPS/4/ %S/../../../Conversion/TTToGPU/Inputs/num_warps/long_row_sum.mlir \
// RUN:   | mytriton-opt --tt-to-ptx | %python %S/../Inputs/extract_gpu_object.py -o %t.e8.ptx
// RUN: FileCheck %s --check-prefixes=CHECK,E8 --input-file=%t.e8.ptx --implicit-check-not=.local

// CHECK:         .visible .entry long_row_sum_kernel(
// E2:            .reqntid 512, 1, 1
// E4:            .reqntid 256, 1, 1
// E8:            .reqntid 128, 1, 1
// E2-COUNT-3:    ld.global.v2.b32
// E2-NOT:        ld.global.v2
// E4-COUNT-3:    ld.global.v4.b32
// E4-NOT:        ld.global.v4
// E8-COUNT-5:    ld.global.v4.b32
// E8-NOT:        ld.global.v4
// CHECK-COUNT-5: shfl.sync.bfly.b32 {{.*}}, 31, -1;
// CHECK:         bar.sync 0;
// CHECK-NOT:     bar.sync
// CHECK-NOT:     st.global.v
// CHECK:         st.global.b32
// CHECK:         ret;
