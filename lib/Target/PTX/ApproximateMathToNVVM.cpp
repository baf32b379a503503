//===- ApproximateMathToNVVM.cpp - Triton's approximate f32 math ----------===//
//
// `arith.divf` and `math.sqrt` on f32 marked `fastmath<afn>` (Triton's `/`
// and tl.sqrt) become the NVVM intrinsics of the PTX instructions Triton
// emits, div.full.f32 and sqrt.approx.f32 (Passes.td).
//
//===----------------------------------------------------------------------===//

#include "MyTriton/Target/PTX/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::mytriton {
#define GEN_PASS_DEF_APPROXIMATEMATHTONVVM
#include "MyTriton/Target/PTX/Passes.h.inc"
} // namespace mlir::mytriton

using namespace mlir;

namespace {
/// `op` (an f32 or vector-of-f32 op with `afn`) as `intrinsic` applied to
/// each lane of its operands.
template <typename OpTy>
struct ApproximateToIntrinsic : OpRewritePattern<OpTy> {
  ApproximateToIntrinsic(MLIRContext *context, StringRef intrinsic)
      : OpRewritePattern<OpTy>(context), intrinsic(intrinsic) {}

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    if (!bitEnumContainsAll(op.getFastmath(), arith::FastMathFlags::afn) ||
        !getElementTypeOrSelf(op.getType()).isF32())
      return failure();
    Location loc = op.getLoc();
    Type f32 = rewriter.getF32Type();
    auto apply = [&](ValueRange operands) -> Value {
      return LLVM::CallIntrinsicOp::create(rewriter, loc, f32,
                                           rewriter.getStringAttr(intrinsic),
                                           operands)
          .getResult(0);
    };
    auto vector = dyn_cast<VectorType>(op.getType());
    if (!vector) {
      rewriter.replaceOp(op, apply(op->getOperands()));
      return success();
    }
    if (vector.getRank() != 1 || vector.isScalable())
      return failure();
    SmallVector<Value> lanes;
    for (int64_t lane = 0; lane < vector.getNumElements(); ++lane) {
      SmallVector<Value> operands;
      for (Value operand : op->getOperands())
        operands.push_back(vector::ExtractOp::create(
            rewriter, loc, operand, ArrayRef<int64_t>{lane}));
      lanes.push_back(apply(operands));
    }
    rewriter.replaceOpWithNewOp<vector::FromElementsOp>(op, vector, lanes);
    return success();
  }

  StringRef intrinsic;
};

struct ApproximateMathToNVVM
    : mytriton::impl::ApproximateMathToNVVMBase<ApproximateMathToNVVM> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    RewritePatternSet patterns(context);
    patterns.add<ApproximateToIntrinsic<arith::DivFOp>>(context,
                                                        "llvm.nvvm.div.full");
    patterns.add<ApproximateToIntrinsic<math::SqrtOp>>(
        context, "llvm.nvvm.sqrt.approx.f");
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
