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

#endif // MYTRITON_TARGET_PTX_PASSES_TD
