// Every num_warps kernel at 2, 4 and 8 lanes per thread assembles with ptxas
// for sm_90 without stack, spills or local memory.
// REQUIRES: ptxas
// RUN: for k in softmax row_sum vector_add matrix_add long_row_sum; do \
// RUN:   for w in 16 8 4; do \
// RUN:     sed s/NUM_WARPS/$w/ %S/../../../Conversion/TTToGPU/Inputs/num_warps/$k.mlir \
// RUN:       | mytriton-opt --tt-to-ptx \
// RUN:       | %python %S/../Inputs/extract_gpu_object.py -o %t.$k.$w.ptx || exit 1; \
// RUN:     %cuda_toolkit/bin/ptxas -arch=sm_90 -v %t.$k.$w.ptx -o %t.$k.$w.cubin 2>&1 || exit 1; \
// RUN:   done; \
// RUN: done | FileCheck %s --implicit-check-not=lmem

// CHECK-COUNT-15: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK-NOT:      bytes stack frame
