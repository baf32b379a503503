// Triton's enable_fp_fusion on the CUDA C++ route: on (the default) f32 and
// f64 `*`, `+` and `-` are C operators, which nvcc contracts into fmas
// (-fmad=true); off (--cuda-fp-fusion=false, the C API's fp-fusion=0) they
// are the _rn intrinsics, which nvcc never contracts. Division is `/`
// either way. nvcc compiles both.
// RUN: mytriton-translate --emit-cuda %S/../PTX/Inputs/fp-fusion-kernel.mlir | FileCheck %s --check-prefix=FUSED
// RUN: mytriton-translate --emit-cuda --cuda-fp-fusion=false %S/../PTX/Inputs/fp-fusion-kernel.mlir > %t.cu
// RUN: FileCheck %s --check-prefix=UNFUSED --input-file=%t.cu
// RUN: %if nvcc %{ %cuda_toolkit/bin/nvcc -arch=sm_90 -c -Werror all-warnings %t.cu -o %t.o %}

// FUSED-LABEL: fused(
// FUSED:         const float [[M:v[0-9]+]] = [[A:v[0-9]+]] * [[B:v[0-9]+]];
// FUSED:         const float [[S:v[0-9]+]] = [[M]] + [[B]];
// FUSED:         const float [[T:v[0-9]+]] = [[S]] - [[A]];
// FUSED:         = [[T]] / [[B]];
// FUSED:         const double [[DM:v[0-9]+]] = [[D:v[0-9]+]] * [[D]];
// FUSED:         = [[DM]] + [[D]];
// FUSED-NOT:     _rn(

// UNFUSED-LABEL: fused(
// UNFUSED:       const float [[M:v[0-9]+]] = __fmul_rn([[A:v[0-9]+]], [[B:v[0-9]+]]);
// UNFUSED:       const float [[S:v[0-9]+]] = __fadd_rn([[M]], [[B]]);
// UNFUSED:       const float [[T:v[0-9]+]] = __fsub_rn([[S]], [[A]]);
// UNFUSED:       = [[T]] / [[B]];
// UNFUSED:       const double [[DM:v[0-9]+]] = __dmul_rn([[D:v[0-9]+]], [[D]]);
// UNFUSED:       = __dadd_rn([[DM]], [[D]]);
