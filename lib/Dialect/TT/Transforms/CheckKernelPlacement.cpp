//===- CheckKernelPlacement.cpp - kernels belong in the top-level module --===//

#include "MyTriton/Dialect/TT/Transforms/Passes.h"

#include "MyTriton/Dialect/TT/IR/TTDialect.h"

#include "mlir/IR/BuiltinOps.h"

namespace mlir::mytriton::tt {
#define GEN_PASS_DEF_CHECKKERNELPLACEMENT
#include "MyTriton/Dialect/TT/Transforms/Passes.h.inc"
} // namespace mlir::mytriton::tt

using namespace mlir;
using namespace mlir::mytriton;

namespace {
struct CheckKernelPlacementPass
    : tt::impl::CheckKernelPlacementBase<CheckKernelPlacementPass> {
  void runOnOperation() override {
    ModuleOp root = getOperation();
    bool misplaced = false;
    root.walk([&](tt::FuncOp kernel) {
      if (kernel->getParentOp() == root)
        return;
      kernel.emitOpError()
          << "is in a module nested in the top-level module, where no "
             "pipeline compiles it; put kernels directly in the top-level "
             "module";
      misplaced = true;
    });
    if (misplaced)
      signalPassFailure();
  }
};
} // namespace
