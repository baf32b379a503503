// CI: the CUDA --emit-cuda writes for every seed kernel (after tt-optimize)
// and for the other Target/CUDA inputs compiles with nvcc for sm_90, every
// warning an error, in both reduction forms. No GPU is needed.
// REQUIRES: nvcc

// Seed kernels, warp-shuffle.
// RUN: mytriton-opt --tt-optimize %S/../../Dialect/TT/kernels/vector_add.mlir | mytriton-translate --emit-cuda --cuda-reduction=warp-shuffle > %t.seeds.warp-shuffle.cu
// RUN: mytriton-opt --tt-optimize %S/../../Dialect/TT/kernels/copy.mlir | mytriton-translate --emit-cuda --cuda-reduction=warp-shuffle >> %t.seeds.warp-shuffle.cu
// RUN: mytriton-opt --tt-optimize %S/../../Dialect/TT/kernels/relu.mlir | mytriton-translate --emit-cuda --cuda-reduction=warp-shuffle >> %t.seeds.warp-shuffle.cu
// RUN: mytriton-opt --tt-optimize %S/../../Dialect/TT/kernels/leaky_relu.mlir | mytriton-translate --emit-cuda --cuda-reduction=warp-shuffle >> %t.seeds.warp-shuffle.cu
// RUN: mytriton-opt --tt-optimize %S/../../Dialect/TT/kernels/sigmoid.mlir | mytriton-translate --emit-cuda --cuda-reduction=warp-shuffle >> %t.seeds.warp-shuffle.cu
// RUN: mytriton-opt --tt-optimize %S/../../Dialect/TT/kernels/matrix_add.mlir | mytriton-translate --emit-cuda --cuda-reduction=warp-shuffle >> %t.seeds.warp-shuffle.cu
// RUN: mytriton-opt --tt-optimize %S/../../Dialect/TT/kernels/row_sum.mlir | mytriton-translate --emit-cuda --cuda-reduction=warp-shuffle >> %t.seeds.warp-shuffle.cu
// RUN: mytriton-opt --tt-optimize %S/../../Dialect/TT/kernels/row_max.mlir | mytriton-translate --emit-cuda --cuda-reduction=warp-shuffle >> %t.seeds.warp-shuffle.cu
// RUN: mytriton-opt --tt-optimize %S/../../Dialect/TT/kernels/row_min.mlir | mytriton-translate --emit-cuda --cuda-reduction=warp-shuffle >> %t.seeds.warp-shuffle.cu
// RUN: mytriton-opt --tt-optimize %S/../../Dialect/TT/kernels/softmax.mlir | mytriton-translate --emit-cuda --cuda-reduction=warp-shuffle >> %t.seeds.warp-shuffle.cu
// RUN: mytriton-opt --tt-optimize %S/../../Dialect/TT/kernels/long_row_sum.mlir | mytriton-translate --emit-cuda --cuda-reduction=warp-shuffle >> %t.seeds.warp-shuffle.cu
// RUN: mytriton-opt --tt-optimize %S/../../Dialect/TT/kernels/naive_matmul.mlir | mytriton-translate --emit-cuda --cuda-reduction=warp-shuffle >> %t.seeds.warp-shuffle.cu
// RUN: %cuda_toolkit/bin/nvcc -arch=sm_90 -c -Werror all-warnings %t.seeds.warp-shuffle.cu -o %t.seeds.warp-shuffle.o

// Reduction widths 1..1024 and the tt-optimize route, warp-shuffle.
// RUN: mytriton-translate --emit-cuda --cuda-reduction=warp-shuffle %S/reduction-widths.mlir > %t.widths.warp-shuffle.cu
// RUN: %cuda_toolkit/bin/nvcc -arch=sm_90 -c -Werror all-warnings %t.widths.warp-shuffle.cu -o %t.widths.warp-shuffle.o
// RUN: mytriton-opt --tt-optimize --mlir-print-debuginfo %S/tt-optimize-then-emit.mlir | mytriton-translate --emit-cuda --cuda-reduction=warp-shuffle > %t.pipeline.warp-shuffle.cu
// RUN: %cuda_toolkit/bin/nvcc -arch=sm_90 -c -Werror all-warnings %t.pipeline.warp-shuffle.cu -o %t.pipeline.warp-shuffle.o

// Seed kernels, shared-tree.
// RUN: mytriton-opt --tt-optimize %S/../../Dialect/TT/kernels/vector_add.mlir | mytriton-translate --emit-cuda --cuda-reduction=shared-tree > %t.seeds.shared-tree.cu
// RUN: mytriton-opt --tt-optimize %S/../../Dialect/TT/kernels/copy.mlir | mytriton-translate --emit-cuda --cuda-reduction=shared-tree >> %t.seeds.shared-tree.cu
// RUN: mytriton-opt --tt-optimize %S/../../Dialect/TT/kernels/relu.mlir | mytriton-translate --emit-cuda --cuda-reduction=shared-tree >> %t.seeds.shared-tree.cu
// RUN: mytriton-opt --tt-optimize %S/../../Dialect/TT/kernels/leaky_relu.mlir | mytriton-translate --emit-cuda --cuda-reduction=shared-tree >> %t.seeds.shared-tree.cu
// RUN: mytriton-opt --tt-optimize %S/../../Dialect/TT/kernels/sigmoid.mlir | mytriton-translate --emit-cuda --cuda-reduction=shared-tree >> %t.seeds.shared-tree.cu
// RUN: mytriton-opt --tt-optimize %S/../../Dialect/TT/kernels/matrix_add.mlir | mytriton-translate --emit-cuda --cuda-reduction=shared-tree >> %t.seeds.shared-tree.cu
// RUN: mytriton-opt --tt-optimize %S/../../Dialect/TT/kernels/row_sum.mlir | mytriton-translate --emit-cuda --cuda-reduction=shared-tree >> %t.seeds.shared-tree.cu
// RUN: mytriton-opt --tt-optimize %S/../../Dialect/TT/kernels/row_max.mlir | mytriton-translate --emit-cuda --cuda-reduction=shared-tree >> %t.seeds.shared-tree.cu
// RUN: mytriton-opt --tt-optimize %S/../../Dialect/TT/kernels/row_min.mlir | mytriton-translate --emit-cuda --cuda-reduction=shared-tree >> %t.seeds.shared-tree.cu
// RUN: mytriton-opt --tt-optimize %S/../../Dialect/TT/kernels/softmax.mlir | mytriton-translate --emit-cuda --cuda-reduction=shared-tree >> %t.seeds.shared-tree.cu
// RUN: mytriton-opt --tt-optimize %S/../../Dialect/TT/kernels/long_row_sum.mlir | mytriton-translate --emit-cuda --cuda-reduction=shared-tree >> %t.seeds.shared-tree.cu
// RUN: mytriton-opt --tt-optimize %S/../../Dialect/TT/kernels/naive_matmul.mlir | mytriton-translate --emit-cuda --cuda-reduction=shared-tree >> %t.seeds.shared-tree.cu
// RUN: %cuda_toolkit/bin/nvcc -arch=sm_90 -c -Werror all-warnings %t.seeds.shared-tree.cu -o %t.seeds.shared-tree.o

// Reduction widths 1..1024 and the tt-optimize route, shared-tree.
// RUN: mytriton-translate --emit-cuda --cuda-reduction=shared-tree %S/reduction-widths.mlir > %t.widths.shared-tree.cu
// RUN: %cuda_toolkit/bin/nvcc -arch=sm_90 -c -Werror all-warnings %t.widths.shared-tree.cu -o %t.widths.shared-tree.o
// RUN: mytriton-opt --tt-optimize --mlir-print-debuginfo %S/tt-optimize-then-emit.mlir | mytriton-translate --emit-cuda --cuda-reduction=shared-tree > %t.pipeline.shared-tree.cu
// RUN: %cuda_toolkit/bin/nvcc -arch=sm_90 -c -Werror all-warnings %t.pipeline.shared-tree.cu -o %t.pipeline.shared-tree.o

// Every op printer, exact literals, names, restrict-qualified pointers.
// RUN: mytriton-translate --emit-cuda %S/arith-math-ops.mlir > %t.ops.cu
// RUN: mytriton-translate --emit-cuda %S/literals.mlir >> %t.ops.cu
// RUN: mytriton-translate --emit-cuda %S/names.mlir >> %t.ops.cu
// RUN: %cuda_toolkit/bin/nvcc -arch=sm_90 -c -Werror all-warnings %t.ops.cu -o %t.ops.o
// RUN: mytriton-translate --emit-cuda --cuda-restrict-pointers %S/elementwise-kernels.mlir > %t.restrict.cu
// RUN: %cuda_toolkit/bin/nvcc -arch=sm_90 -c -Werror all-warnings %t.restrict.cu -o %t.restrict.o

// programs_per_cta (threadIdx.y, the axis-0 clamp, program_live), both forms.
// RUN: mytriton-translate --emit-cuda --cuda-reduction=warp-shuffle %S/programs-per-cta.mlir > %t.packed.warp-shuffle.cu
// RUN: %cuda_toolkit/bin/nvcc -arch=sm_90 -c -Werror all-warnings %t.packed.warp-shuffle.cu -o %t.packed.warp-shuffle.o
// RUN: mytriton-translate --emit-cuda --cuda-reduction=shared-tree %S/programs-per-cta.mlir > %t.packed.shared-tree.cu
// RUN: %cuda_toolkit/bin/nvcc -arch=sm_90 -c -Werror all-warnings %t.packed.shared-tree.cu -o %t.packed.shared-tree.o

// Tiled kernels (2-D tiles in their layouts: add, softmax, column sums,
// transpose, outer product, whole-tile sums, reshape).
// RUN: mytriton-translate --emit-cuda %S/tiled-kernels.mlir > %t.tiled.cu
// RUN: mytriton-translate --emit-cuda %S/tiled-vector-access.mlir >> %t.tiled.cu
// RUN: mytriton-translate --emit-cuda %S/tiled-ops.mlir >> %t.tiled.cu
// RUN: %cuda_toolkit/bin/nvcc -arch=sm_90 -c -Werror all-warnings %t.tiled.cu -o %t.tiled.o
