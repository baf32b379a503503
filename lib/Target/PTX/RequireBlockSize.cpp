//===- RequireBlockSize.cpp - .reqntid for kernels of known block size ---===//
//
// Every kernel is launched with exactly its known block size, so its PTX
// declares that size as required (.reqntid), as Triton's does, rather than
// as a bound (.maxntid, what convert-gpu-to-nvvm gives) (Passes.td).
//
//===----------------------------------------------------------------------===//

#include "MyTriton/Target/PTX/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

namespace mlir::mytriton {
#define GEN_PASS_DEF_REQUIREBLOCKSIZE
#include "MyTriton/Target/PTX/Passes.h.inc"
} // namespace mlir::mytriton

using namespace mlir;

namespace {
struct RequireBlockSizePass
    : mytriton::impl::RequireBlockSizeBase<RequireBlockSizePass> {
  void runOnOperation() override {
    StringRef maxntid = NVVM::NVVMDialect::getMaxntidAttrName();
    StringRef reqntid = NVVM::NVVMDialect::getReqntidAttrName();
    getOperation().walk([&](LLVM::LLVMFuncOp func) {
      Attribute bound = func->getAttr(maxntid);
      Attribute known = func->getAttr(
          gpu::GPUDialect::KnownBlockSizeAttrHelper::getNameStr());
      if (!bound || bound != known || func->hasAttr(reqntid))
        return;
      func->removeAttr(maxntid);
      func->setAttr(reqntid, bound);
    });
  }
};
} // namespace
