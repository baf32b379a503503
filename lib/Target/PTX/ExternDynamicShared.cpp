//===- ExternDynamicShared.cpp - dynamic shared memory as extern ----------===//
//
// The tiled kernels' scratch buffer is gpu.dynamic_shared_memory, whose
// NVVM lowering declares an internal zero-length shared global; PTX needs
// an extern one for the launch's dynamic shared memory (Passes.td).
//
//===----------------------------------------------------------------------===//

#include "MyTriton/Target/PTX/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace mlir::mytriton {
#define GEN_PASS_DEF_EXTERNDYNAMICSHARED
#include "MyTriton/Target/PTX/Passes.h.inc"
} // namespace mlir::mytriton

using namespace mlir;

namespace {
struct ExternDynamicSharedPass
    : mytriton::impl::ExternDynamicSharedBase<ExternDynamicSharedPass> {
  void runOnOperation() override {
    getOperation().walk([](LLVM::GlobalOp global) {
      auto array = dyn_cast<LLVM::LLVMArrayType>(global.getGlobalType());
      if (global.getAddrSpace() == 3 && array && array.getNumElements() == 0)
        global.setLinkage(LLVM::Linkage::External);
    });
  }
};
} // namespace
