//===- TTToVectorPass.cpp - convert-tt-to-vector and tt-to-llvm-cpu -------===//

#include "MyTriton/Conversion/TTToVector/Passes.h"
#include "MyTriton/Dialect/TT/IR/TTDialect.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"
#include "mlir/Transforms/Passes.h"

namespace mlir::mytriton {
#define GEN_PASS_DEF_CONVERTTTTOVECTOR
#include "MyTriton/Conversion/TTToVector/Passes.h.inc"
} // namespace mlir::mytriton

using namespace mlir;
using namespace mlir::mytriton;

/// `value` as a constant of `type` (a scalar or a tensor splat).
static Value intConstantLike(OpBuilder &b, Location loc, Type type,
                             const APInt &value) {
  Type element = getElementTypeOrSelf(type);
  TypedAttr attr = b.getIntegerAttr(element, value);
  if (auto shaped = dyn_cast<ShapedType>(type))
    attr = DenseElementsAttr::get(shaped, attr);
  return arith::ConstantOp::create(b, loc, attr);
}

/// x86 traps on a division by zero and on INT_MIN / -1, which would kill the
/// host process; the GPU gives an unspecified value. Replace such divisors by
/// 1 so a masked-off lane that divides by an `other` of 0 is harmless.
static void guardIntegerDivision(Operation *op, bool isSigned) {
  OpBuilder b(op);
  Location loc = op->getLoc();
  Value lhs = op->getOperand(0), rhs = op->getOperand(1);
  Type type = rhs.getType();
  unsigned width = getElementTypeOrSelf(type).getIntOrFloatBitWidth();
  Value zero = intConstantLike(b, loc, type, APInt::getZero(width));
  Value one = intConstantLike(b, loc, type, APInt(width, 1));
  Value unsafe =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, rhs, zero);
  if (isSigned && width > 1) {
    Value minusOne = intConstantLike(b, loc, type, APInt::getAllOnes(width));
    Value intMin = intConstantLike(b, loc, type, APInt::getSignedMinValue(width));
    Value lhsIsMin =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lhs, intMin);
    Value rhsIsMinusOne =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, rhs, minusOne);
    Value overflow = arith::AndIOp::create(b, loc, lhsIsMin, rhsIsMinusOne);
    unsafe = arith::OrIOp::create(b, loc, unsafe, overflow);
  }
  Value safe = arith::SelectOp::create(b, loc, unsafe, one, rhs);
  op->setOperand(1, safe);
}

namespace {
struct ConvertTTToVectorPass
    : public mytriton::impl::ConvertTTToVectorBase<ConvertTTToVectorPass> {
  using ConvertTTToVectorBase::ConvertTTToVectorBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();

    SymbolTable symbols(module);
    bool clash = false;
    module.walk([&](tt::FuncOp kernel) {
      std::string gridName = (kernel.getName() + kCPUGridFunctionSuffix).str();
      // A host driver in the module may declare the grid function it calls;
      // the lowering defines it.
      auto declared = dyn_cast_or_null<func::FuncOp>(symbols.lookup(gridName));
      if (declared && declared.isDeclaration())
        symbols.erase(declared);
      if (symbols.lookup(gridName)) {
        kernel.emitOpError("cannot be lowered for the CPU: its grid function "
                           "name '")
            << gridName << "' is already taken";
        clash = true;
      }
      kernel.walk([](Operation *op) {
        if (isa<arith::DivSIOp, arith::RemSIOp, arith::FloorDivSIOp,
                arith::CeilDivSIOp>(op))
          guardIntegerDivision(op, /*isSigned=*/true);
        else if (isa<arith::DivUIOp, arith::RemUIOp, arith::CeilDivUIOp>(op))
          guardIntegerDivision(op, /*isSigned=*/false);
      });
    });
    if (clash)
      return signalPassFailure();

    TypeConverter converter;
    populateTTToVectorTypeConversions(converter);
    ConversionTarget target(*context);
    target.addLegalDialect<func::FuncDialect, memref::MemRefDialect,
                           scf::SCFDialect, vector::VectorDialect>();
    target.addLegalOp<ModuleOp>();
    target.addIllegalDialect<tt::TTDialect>();
    target.addDynamicallyLegalDialect<arith::ArithDialect, math::MathDialect>(
        [&](Operation *op) { return converter.isLegal(op); });
    RewritePatternSet patterns(context);
    populateTTToVectorConversionPatterns(converter, patterns);
    if (failed(applyFullConversion(module, target, std::move(patterns))))
      return signalPassFailure();

    if (vectorExp) {
      RewritePatternSet expPatterns(context);
      populateMathPolynomialApproximationPatterns(
          expPatterns,
          [](StringRef name) { return name == math::ExpOp::getOperationName(); });
      walkAndApplyPatterns(module, std::move(expPatterns));
    }
    // erf has no LLVM intrinsic, and a libm call per lane would have to be
    // made before the vector lowering: MLIR's polynomial replaces it always.
    RewritePatternSet erfPatterns(context);
    populateMathPolynomialApproximationPatterns(
        erfPatterns,
        [](StringRef name) { return name == math::ErfOp::getOperationName(); });
    walkAndApplyPatterns(module, std::move(erfPatterns));
  }
};
} // namespace

void mytriton::buildTTToLLVMCPUPipeline(OpPassManager &pm) {
  pm.addPass(createConvertTTToVector());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createSCFToControlFlowPass());
  ConvertVectorToLLVMPassOptions vectorOptions;
  vectorOptions.reassociateFPReductions = true;
  pm.addPass(createConvertVectorToLLVMPass(vectorOptions));
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

void mytriton::registerTTToLLVMCPUPipeline() {
  registerTTToVectorPasses();
  PassPipelineRegistration<>(
      "tt-to-llvm-cpu",
      "Lower tt kernels to LLVM dialect host code that runs a kernel's grid "
      "on the CPU (convert-tt-to-vector, then vector/scf/arith/math/memref/"
      "func to llvm)",
      buildTTToLLVMCPUPipeline);
}
