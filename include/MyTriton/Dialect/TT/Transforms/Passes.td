//===- Passes.td - passes of the tt dialect ----------------*- tablegen -*-===//

#ifndef MYTRITON_DIALECT_TT_TRANSFORMS_PASSES_TD
#define MYTRITON_DIALECT_TT_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def CheckKernelPlacement : Pass<"tt-check-kernel-placement", "::mlir::ModuleOp"> {
  let summary = "Reject tt.func kernels outside the top-level module";
  let description = [{
    Every pipeline compiles the `tt.func` ops of the module it runs on; a
    kernel in a module nested inside it would pass through untouched, and
    the tool would succeed without compiling it. This pass reports such a
    kernel at its `tt.func` and fails. It starts `tt-optimize` and the CPU
    pipeline. (The op verifiers already reject a `tt.func` whose parent is
    not a module and a tt op outside a `tt.func`; whether a module is the
    top-level one is only known to a pass that runs on it.)
  }];
}

#endif // MYTRITON_DIALECT_TT_TRANSFORMS_PASSES_TD
