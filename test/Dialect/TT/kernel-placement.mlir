// Kernels live in the top-level module and tt ops in kernels. Anything else
// used to pass through every pipeline with exit code 0 and no binary; now
// each tool reports it at the op.
//
// A kernel nested in an inner module, through every pipeline and tool:
// RUN: not mytriton-opt --tt-optimize %S/Inputs/nested-kernel.mlir 2>&1 | FileCheck %s --check-prefix=NESTED
// RUN: not mytriton-opt --tt-to-nvvm %S/Inputs/nested-kernel.mlir 2>&1 | FileCheck %s --check-prefix=NESTED
// RUN: not mytriton-opt --tt-to-ptx %S/Inputs/nested-kernel.mlir 2>&1 | FileCheck %s --check-prefix=NESTED
// RUN: not mytriton-opt --tt-to-llvm-cpu %S/Inputs/nested-kernel.mlir 2>&1 | FileCheck %s --check-prefix=NESTED
// RUN: not mytriton-opt --tt-check-kernel-placement %S/Inputs/nested-kernel.mlir 2>&1 | FileCheck %s --check-prefix=NESTED
// RUN: not mytriton-translate --emit-ptx %S/Inputs/nested-kernel.mlir 2>&1 | FileCheck %s --check-prefix=NESTED
// RUN: not mytriton-translate --emit-cubin %S/Inputs/nested-kernel.mlir 2>&1 | FileCheck %s --check-prefix=NESTED
// NESTED: nested-kernel.mlir:4:5: error: 'tt.func' op is in a module nested in the top-level module, where no pipeline compiles it; put kernels directly in the top-level module
// --emit-cuda walks the top-level module's ops and names the inner module.
// RUN: not mytriton-translate --emit-cuda %S/Inputs/nested-kernel.mlir 2>&1 | FileCheck %s --check-prefix=NESTED-CUDA
// NESTED-CUDA: nested-kernel.mlir:3:3: error: 'builtin.module' op cannot be emitted as CUDA: a module for --emit-cuda holds tt.func kernels only
//
// A tt op outside a kernel is a verifier error, so every tool stops at
// parsing:
// RUN: not mytriton-opt --tt-to-nvvm %s 2>&1 | FileCheck %s --check-prefix=OUTSIDE
// RUN: not mytriton-opt --tt-to-llvm-cpu %s 2>&1 | FileCheck %s --check-prefix=OUTSIDE
// RUN: not mytriton-translate --emit-cuda %s 2>&1 | FileCheck %s --check-prefix=OUTSIDE
// RUN: not mytriton-translate --emit-ptx %s 2>&1 | FileCheck %s --check-prefix=OUTSIDE
// OUTSIDE: kernel-placement.mlir:[[# @LINE + 2]]:8: error: 'tt.get_program_id' op is outside a tt.func; tt ops belong in a kernel's body, and no pipeline compiles them elsewhere

%pid = tt.get_program_id 0 : i32
