// The gpu/nvvm route asks LLVM for no PTX feature, so it writes the chip's
// oldest PTX ISA: 7.8 for sm_90, in which ptxas allows 4352 bytes of kernel
// parameters (32764 from PTX ISA 8.1, which LLVM writes from sm_100 on).
// The pipeline refuses a larger kernel at its tt.func instead of failing in
// ptxas. 543 pointers and the two i32 grid sizes are exactly 4352 bytes.
// RUN: %python %S/../../Dialect/TT/Inputs/gen_params.py ptr*543 | mytriton-opt --tt-to-nvvm | FileCheck %s --check-prefix=FITS
// RUN: %python %S/../../Dialect/TT/Inputs/gen_params.py ptr*544 | not mytriton-opt --tt-to-nvvm 2>&1 | FileCheck %s --check-prefix=SM90
// RUN: %python %S/../../Dialect/TT/Inputs/gen_params.py ptr*544 | not mytriton-translate --emit-ptx 2>&1 | FileCheck %s --check-prefix=SM90
// RUN: %python %S/../../Dialect/TT/Inputs/gen_params.py ptr*544 | mytriton-opt --tt-to-nvvm=chip=sm_100 | FileCheck %s --check-prefix=FITS
// ptxas agrees on both sides of the limit:
// RUN: %if ptxas %{ %python %S/../../Dialect/TT/Inputs/gen_params.py ptr*543 | mytriton-translate --emit-cubin -o %t.cubin %}

// FITS: llvm.func @many_params(
// SM90: <stdin>:1:1: error: kernel 'many_params' has parameters of 4360 bytes (with the launch's two i32 grid sizes), more than the 4352 bytes ptxas allows in the PTX ISA LLVM writes for sm_90 (below 8.1; from sm_100 on it is 8.6+, which allows 32764); pass fewer arguments
