// CI: the CUDA of the element-type tests (f16/bf16 through cuda_fp16.h and
// cuda_bf16.h, f64, i8/i16/i64, every cast, vector accesses of every size,
// reductions of every type in both forms, loops and branches carrying them) compiles with nvcc for sm_90,
// every warning an error. No GPU is needed.
// REQUIRES: nvcc
// RUN: mytriton-translate --emit-cuda --split-input-file %S/element-types.mlir > %t.types.cu
// RUN: mytriton-translate --emit-cuda %S/casts.mlir > %t.casts.cu
// RUN: mytriton-translate --emit-cuda %S/vector-access-types.mlir > %t.vectors.cu
// RUN: mytriton-translate --emit-cuda %S/tiled-element-types.mlir > %t.tiled.cu
// RUN: mytriton-translate --emit-cuda %S/reduction-types.mlir > %t.warp.cu
// RUN: mytriton-translate --emit-cuda --cuda-reduction=shared-tree %S/reduction-types.mlir > %t.tree.cu
// RUN: mytriton-translate --emit-cuda %S/control-flow-element-types.mlir > %t.cf.cu
// RUN: %cuda_toolkit/bin/nvcc -arch=sm_90 -c -Werror all-warnings %t.types.cu -o %t.types.o
// RUN: %cuda_toolkit/bin/nvcc -arch=sm_90 -c -Werror all-warnings %t.cf.cu -o %t.cf.o
// RUN: %cuda_toolkit/bin/nvcc -arch=sm_90 -c -Werror all-warnings %t.casts.cu -o %t.casts.o
// RUN: %cuda_toolkit/bin/nvcc -arch=sm_90 -c -Werror all-warnings %t.vectors.cu -o %t.vectors.o
// RUN: %cuda_toolkit/bin/nvcc -arch=sm_90 -c -Werror all-warnings %t.tiled.cu -o %t.tiled.o
// RUN: %cuda_toolkit/bin/nvcc -arch=sm_90 -c -Werror all-warnings %t.warp.cu -o %t.warp.o
// RUN: %cuda_toolkit/bin/nvcc -arch=sm_90 -c -Werror all-warnings %t.tree.cu -o %t.tree.o
