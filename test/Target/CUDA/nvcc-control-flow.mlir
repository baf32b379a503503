// CI: the CUDA --emit-cuda writes for the control-flow kernels (loops,
// branches, whiles; reductions in loops; tiled loop-carried tiles) compiles
// with nvcc for sm_90, every warning an error, in both reduction forms and
// at 1 and 4 (8 for the softmax rows) lanes per thread. No GPU is needed.
// REQUIRES: nvcc
// RUN: mytriton-translate --emit-cuda --cuda-reduction=warp-shuffle %S/control-flow.mlir > %t.cf.cu
// RUN: sed 's/tt.func @\([a-z_]*\)/tt.func @\1_tree/' %S/control-flow.mlir | mytriton-translate --emit-cuda --cuda-reduction=shared-tree >> %t.cf.cu
// RUN: sed 's/num_warps = 4 :/num_warps = 1 :/; s/tt.func @\([a-z_]*\)/tt.func @\1_e4/' %S/control-flow.mlir | mytriton-translate --emit-cuda --cuda-reduction=warp-shuffle >> %t.cf.cu
// RUN: sed 's/num_warps = 4 :/num_warps = 1 :/; s/tt.func @\([a-z_]*\)/tt.func @\1_e4_tree/' %S/control-flow.mlir | mytriton-translate --emit-cuda --cuda-reduction=shared-tree >> %t.cf.cu
// RUN: mytriton-translate --emit-cuda --cuda-reduction=warp-shuffle %S/control-flow-reduction.mlir >> %t.cf.cu
// RUN: sed 's/tt.func @\([a-z_]*\)/tt.func @\1_tree/' %S/control-flow-reduction.mlir | mytriton-translate --emit-cuda --cuda-reduction=shared-tree >> %t.cf.cu
// RUN: mytriton-translate --emit-cuda %S/control-flow-tiled.mlir >> %t.cf.cu
// RUN: %cuda_toolkit/bin/nvcc -arch=sm_90 -c -Werror all-warnings %t.cf.cu -o %t.cf.o
