//===- ConvertTTToGPUPass.cpp - the convert-tt-to-gpu pass ---------------===//

#include "MyTriton/Conversion/TTToGPU/Passes.h"
#include "MyTriton/Conversion/TTToGPU/TTToGPU.h"

#include "MyTriton/Dialect/TT/IR/TTDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::mytriton {
#define GEN_PASS_DEF_CONVERTTTTOGPU
#include "MyTriton/Conversion/TTToGPU/Passes.h.inc"
} // namespace mlir::mytriton

using namespace mlir;
using namespace mlir::mytriton;

namespace {

/// Reports, at the op, what the one-thread-per-element lowering cannot
/// express, before any rewriting starts.
LogicalResult checkLowerable(tt::FuncOp kernel) {
  WalkResult result = kernel.walk([](Operation *op) -> WalkResult {
    if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
      auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
      if (dense && !dense.isSplat())
        return op->emitOpError()
               << "with different values per lane cannot be lowered to one "
                  "thread per element; build it from tt.make_range";
    }
    if (!isa_and_present<tt::TTDialect, arith::ArithDialect,
                         math::MathDialect>(op->getDialect()))
      return op->emitOpError() << "is not supported in tt kernels lowered to "
                                  "the GPU";
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

struct ConvertTTToGPUPass
    : mytriton::impl::ConvertTTToGPUBase<ConvertTTToGPUPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    SmallVector<tt::FuncOp> kernels(module.getOps<tt::FuncOp>());
    if (kernels.empty())
      return;
    for (tt::FuncOp kernel : kernels)
      if (failed(checkLowerable(kernel)))
        return signalPassFailure();

    TypeConverter typeConverter;
    populateTTToGPUTypeConversions(typeConverter);
    RewritePatternSet patterns(context);
    populateTTToGPUConversionPatterns(typeConverter, patterns, gpuModuleName);

    ConversionTarget target(*context);
    target.addIllegalDialect<tt::TTDialect>();
    target.addLegalDialect<gpu::GPUDialect, LLVM::LLVMDialect,
                           memref::MemRefDialect, scf::SCFDialect>();
    target.addDynamicallyLegalDialect<arith::ArithDialect, math::MathDialect>(
        [&](Operation *op) { return typeConverter.isLegal(op); });
    target.addLegalOp<ModuleOp>();
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();
    module->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                    UnitAttr::get(context));
  }
};
} // namespace
