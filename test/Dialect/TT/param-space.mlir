// A kernel's CUDA parameters (laid out like a __global__ function's: pointers
// 8 bytes, i32 4, each aligned to its size, then the launch's two i32 grid
// sizes) take at most 32764 bytes, CUDA 12.1's limit on sm_70 and newer.
// nvcc and ptxas agree on the layout: 4094 pointers then one i32 is exactly
// 32764 bytes and compiles; one i32 before the pointers adds 4 bytes of
// padding (32768 bytes, "uses too much parameter space (0x8000 bytes,
// 0x7ffc max)" from ptxas).
// RUN: %python %S/Inputs/gen_params.py ptr*4094 i32 | mytriton-opt | FileCheck %s --check-prefix=FITS
// RUN: %python %S/Inputs/gen_params.py i32 ptr*4094 | not mytriton-opt 2>&1 | FileCheck %s --check-prefix=PADDED
// RUN: %python %S/Inputs/gen_params.py ptr*4094 i32*2 | not mytriton-opt 2>&1 | FileCheck %s --check-prefix=OVER
// The verifier runs before every pipeline, so the CUDA and PTX routes refuse
// it before nvcc or ptxas sees it:
// RUN: %python %S/Inputs/gen_params.py ptr*4095 | not mytriton-translate --emit-cuda 2>&1 | FileCheck %s --check-prefix=PTRS
// RUN: %python %S/Inputs/gen_params.py ptr*4095 | not mytriton-translate --emit-cubin 2>&1 | FileCheck %s --check-prefix=PTRS

// FITS: tt.func @many_params(
// PADDED: error: 'tt.func' op has 4095 arguments that take 32768 bytes of CUDA kernel parameters (with the two i32 grid sizes the launch adds), more than the 32764 bytes CUDA allows (CUDA 12.1+, sm_70 and newer); pass fewer arguments
// OVER: error: 'tt.func' op has 4096 arguments that take 32768 bytes
// PTRS: error: 'tt.func' op has 4095 arguments that take 32768 bytes
