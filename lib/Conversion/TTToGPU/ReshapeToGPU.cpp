//===- ReshapeToGPU.cpp - tt.reshape of tiled kernels ---------------------===//
//
// A reshape keeps the row-major order of the elements, so element i of the
// operand (row-major) is element i of the result: through the scratch
// buffer, written at the operand's row-major indices and read at the
// result's.
//
//===----------------------------------------------------------------------===//

#include "TTToGPUInternal.h"

#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::mytriton;

namespace {
struct TiledReshapeOpLowering : OpConversionPattern<tt::ReshapeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::ReshapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto dstType = cast<RankedTensorType>(op.getType());
    Type type = typeConverter->convertType(dstType);
    if (!type || !tt::getLayoutEncoding(srcType))
      return failure();
    FailureOr<Value> moved =
        exchangeThroughScratch(rewriter, op.getLoc(), op, adaptor.getSrc(), type);
    if (failed(moved))
      return rewriter.notifyMatchFailure(op, "no workgroup scratch buffer");
    rewriter.replaceOp(op, *moved);
    return success();
  }
};
} // namespace

void mytriton::populateReshapeToGPUPatterns(const TypeConverter &typeConverter,
                                            RewritePatternSet &patterns) {
  patterns.add<TiledReshapeOpLowering>(typeConverter, patterns.getContext());
}
