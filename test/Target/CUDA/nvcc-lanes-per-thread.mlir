// CI: the CUDA --emit-cuda writes with num_warps (E = 2, 4, 8 lanes per
// thread; E = 3 and 6 in lanes-per-thread-access.mlir; softmax specialized
// on tt.divisibility) compiles with nvcc for
// sm_90, every warning an error, in both reduction forms, and ptxas keeps
// every kernel in registers: no stack frame, no spills. No GPU is needed.
// REQUIRES: nvcc
// (This file only holds RUN lines; sed renames each variant's kernels.)

// RUN: rm -f %t.warp-shuffle.cu %t.shared-tree.cu
// RUN: for form in warp-shuffle shared-tree; do \
// RUN:   for nw in 16 8 4; do \
// RUN:     for f in softmax row-sum long-row-sum; do \
// RUN:       sed "s/num_warps = 8 :/num_warps = $nw :/; s/tt.func @\([a-z_]*\)/tt.func @\1_nw$nw/" %S/lanes-per-thread-$f.mlir \
// RUN:         | mytriton-opt --tt-optimize | mytriton-translate --emit-cuda --cuda-reduction=$form >> %t.$form.cu || exit 1; \
// RUN:     done; \
// RUN:   done; \
// RUN:   for nw in 4 2 1; do \
// RUN:     sed "s/num_warps = 2 :/num_warps = $nw :/; s/tt.func @\([a-z_]*\)/tt.func @\1_nw$nw/" %S/lanes-per-thread-elementwise.mlir \
// RUN:       | mytriton-opt --tt-optimize | mytriton-translate --emit-cuda --cuda-reduction=$form >> %t.$form.cu || exit 1; \
// RUN:   done; \
// RUN: done
// RUN: mytriton-translate --emit-cuda %S/lanes-per-thread-access.mlir >> %t.warp-shuffle.cu
// RUN: sed -e s/NUM_WARPS/4/ -e 's/: !tt.ptr<f32>,/: !tt.ptr<f32> {tt.divisibility = 16 : i32},/g' \
// RUN:     -e 's/%n_cols: i32)/%n_cols: i32 {tt.divisibility = 16 : i32})/' \
// RUN:     %S/../../Conversion/TTToGPU/Inputs/num_warps/softmax.mlir \
// RUN:   | mytriton-opt --tt-optimize | mytriton-translate --emit-cuda >> %t.warp-shuffle.cu
// RUN: %cuda_toolkit/bin/nvcc -arch=sm_90 -c -Werror all-warnings -Xptxas -v %t.warp-shuffle.cu -o %t.warp-shuffle.o 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: %cuda_toolkit/bin/nvcc -arch=sm_90 -c -Werror all-warnings -Xptxas -v %t.shared-tree.cu -o %t.shared-tree.o 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: grep -c "__global__ void __launch_bounds__" %t.warp-shuffle.cu | FileCheck %s --check-prefix=COUNT-WARP
// RUN: grep -c "__global__ void __launch_bounds__" %t.shared-tree.cu | FileCheck %s --check-prefix=COUNT-TREE

// Every kernel reports its frame; none has a stack frame or spills.
// PTXAS: Compiling entry function
// PTXAS-NOT: {{[1-9][0-9]* bytes (stack frame|spill)}}
// PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// PTXAS-NOT: {{[1-9][0-9]* bytes (stack frame|spill)}}

// 3 reduction kernels and 2 elementwise ones at 3 widths each (+6 access
// kernels and the tt.divisibility-specialized softmax in the warp-shuffle
// file).
// COUNT-WARP: 22
// COUNT-TREE: 15
