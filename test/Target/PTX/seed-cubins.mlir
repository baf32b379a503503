// Every seed kernel compiles to a cubin for sm_90 (gpu-module-to-binary runs
// ptxas), and ptxas finds no spills, stack or local memory in its PTX.
// REQUIRES: ptxas
// RUN: for k in copy vector_add relu leaky_relu sigmoid matrix_add naive_matmul \
// RUN:          long_row_sum row_sum row_max row_min softmax; do \
// RUN:   mytriton-opt --tt-to-ptx="format=bin toolkit=%cuda_toolkit" \
// RUN:     %S/../../Dialect/TT/kernels/$k.mlir || exit 1; \
// RUN: done | FileCheck %s --check-prefix=BIN
// RUN: for k in copy vector_add relu leaky_relu sigmoid matrix_add naive_matmul \
// RUN:          long_row_sum row_sum row_max row_min softmax; do \
// RUN:   mytriton-opt --tt-to-ptx %S/../../Dialect/TT/kernels/$k.mlir \
// RUN:     | %python %S/Inputs/extract_gpu_object.py -o %t.$k.ptx || exit 1; \
// RUN:   %cuda_toolkit/bin/ptxas -arch=sm_90 -v %t.$k.ptx -o %t.$k.cubin 2>&1 || exit 1; \
// RUN: done | FileCheck %s --check-prefix=PTXAS --implicit-check-not=lmem

// BIN-COUNT-12: gpu.binary @kernels  [#gpu.object<#nvvm.target<O = 3, chip = "sm_90">, properties = {{{.*}}}, bin = "\7FELF
// BIN-NOT:      gpu.binary

// PTXAS-COUNT-12: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
