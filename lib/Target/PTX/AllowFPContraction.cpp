//===- AllowFPContraction.cpp - Triton's enable_fp_fusion -----------------===//
//
// Marks the gpu.module's float multiplies, adds and subtracts `contract`,
// which NVPTX reads per instruction: pairs become fma.rn, the rest carry no
// .rn (Passes.td).
//
//===----------------------------------------------------------------------===//

#include "MyTriton/Target/PTX/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace mlir::mytriton {
#define GEN_PASS_DEF_ALLOWFPCONTRACTION
#include "MyTriton/Target/PTX/Passes.h.inc"
} // namespace mlir::mytriton

using namespace mlir;

namespace {
struct AllowFPContractionPass
    : mytriton::impl::AllowFPContractionBase<AllowFPContractionPass> {
  void runOnOperation() override {
    getOperation().walk([](Operation *op) {
      if (!isa<LLVM::FMulOp, LLVM::FAddOp, LLVM::FSubOp>(op))
        return;
      auto fastmath = cast<LLVM::FastmathFlagsInterface>(op);
      LLVM::FastmathFlags flags = fastmath.getFastmathAttr().getValue();
      op->setAttr(fastmath.getFastmathAttrName(),
                  LLVM::FastmathFlagsAttr::get(
                      op->getContext(), flags | LLVM::FastmathFlags::contract));
    });
  }
};
} // namespace
