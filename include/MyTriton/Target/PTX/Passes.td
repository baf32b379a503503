//===- Passes.td - passes of the PTX target ----------------*- tablegen -*-===//

#ifndef MYTRITON_TARGET_PTX_PASSES_TD
#define MYTRITON_TARGET_PTX_PASSES_TD

include "mlir/Pass/PassBase.td"

def CheckNVVMTarget : Pass<"mytriton-check-nvvm-chip", "::mlir::ModuleOp"> {
  let summary = "Reject target chips the pipeline cannot compile for";
  let description = [{
    Reports, at every gpu.module, a `chip` that is not of the form `sm_<N>`
    (optionally with an `a`/`f` suffix), is older than sm_70 (the kernels
    use `shfl.sync`, PTX 6.0; CUDA 13's ptxas starts at sm_75), or is unknown
    to LLVM's NVPTX backend. It runs before `nvvm-attach-target`: such chips
    otherwise abort inside LLVM's instruction selection, or trip the
    `#nvvm.target` verifier only some of the time.
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"sm_90\"",
           "Target GPU architecture">,
  ];
}

def ExternDynamicShared
    : Pass<"mytriton-extern-dynamic-shared", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Make dynamic shared memory an extern shared array";
  let description = [{
    convert-gpu-to-nvvm gives `gpu.dynamic_shared_memory` an internal
    zero-length `llvm.mlir.global` in address space 3, which the NVPTX
    backend prints as a zero-byte *static* shared variable
    (`.shared .b8 __dynamic_shmem__0;`), not as the `.extern .shared
    ... []` array whose address is the start of the launch's dynamic shared
    memory. This pass gives every zero-length shared global external
    linkage, so PTX declares it as CUDA does `extern __shared__`.
  }];
}

#endif // MYTRITON_TARGET_PTX_PASSES_TD
