//===- DotToGPU.cpp - tt.dot of tiled kernels as per-thread FMAs ----------===//
//
// The FMA path (docs/GPULowering.md#tl-dot). tt-assign-layouts puts a and
// b in #tt.dot_operand layouts of the accumulator's, so the staging is the
// tt.convert_layouts before the dot: each operand is written to workgroup
// memory, a barrier, and every thread reads the rows of a and the columns
// of b its accumulator registers need, over all of K. The dot itself is
// then registers only: accumulator register r (element (m, n)) becomes
//   fma(a[m][K-1], b[K-1][n], ... fma(a[m][0], b[0][n], c[m][n]))
// with the registers of tt::getDotRegisterPlan (one plan for both GPU
// routes, from the layouts' bases), k ascending as on the CPU, so the
// three backends round alike. Operands are first extended to the
// accumulator's type, once per register (Triton's FMA path promotes them
// so): f16/bf16 -> f32 by fpext (exact), i8 -> i32 by sext; an f16
// accumulator takes f16 FMAs (fma.rn.f16), an i32 one a multiply and a
// wrapping add.
//
//===----------------------------------------------------------------------===//

#include "TTToGPUInternal.h"

#include "MyTriton/Dialect/TT/IR/DotLayouts.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::mytriton;

namespace {
struct TiledDotOpLowering : OpConversionPattern<tt::DotOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto bType = cast<RankedTensorType>(op.getB().getType());
    auto cType = cast<RankedTensorType>(op.getC().getType());
    Type accType = cType.getElementType();
    FailureOr<tt::DotRegisterPlan> plan =
        tt::getDotRegisterPlan(aType, bType, cType);
    if (failed(plan))
      return rewriter.notifyMatchFailure(
          op, "operands not in #tt.dot_operand layouts of the accumulator's");
    Location loc = op.getLoc();
    Value a = adaptor.getA(), b = adaptor.getB(), c = adaptor.getC();
    auto extract = [&](Value vector, int64_t reg) -> Value {
      return vector::ExtractOp::create(rewriter, loc, vector,
                                       ArrayRef<int64_t>{reg});
    };
    // An operand register in the accumulator's type.
    auto extend = [&](Value reg) -> Value {
      Type from = reg.getType();
      if (from == accType)
        return reg;
      if (isa<FloatType>(accType))
        return LLVM::FPExtOp::create(rewriter, loc, accType, reg);
      return LLVM::SExtOp::create(rewriter, loc, accType, reg);
    };
    SmallVector<Value> aRegs, bRegs;
    for (int64_t r = 0, e = cast<VectorType>(a.getType()).getNumElements();
         r < e; ++r)
      aRegs.push_back(extend(extract(a, r)));
    for (int64_t r = 0, e = cast<VectorType>(b.getType()).getNumElements();
         r < e; ++r)
      bRegs.push_back(extend(extract(b, r)));
    bool isFloat = isa<FloatType>(accType);
    SmallVector<Value> results;
    for (auto [r, aRow, bColumn] :
         llvm::enumerate(plan->aRegisters, plan->bRegisters)) {
      Value acc = extract(c, r);
      for (auto [ar, br] : llvm::zip_equal(aRow, bColumn)) {
        if (isFloat) {
          acc = LLVM::FMAOp::create(rewriter, loc, aRegs[ar], bRegs[br], acc);
          continue;
        }
        Value product =
            LLVM::MulOp::create(rewriter, loc, aRegs[ar], bRegs[br]);
        acc = LLVM::AddOp::create(rewriter, loc, product, acc);
      }
      results.push_back(acc);
    }
    rewriter.replaceOpWithNewOp<vector::FromElementsOp>(
        op, cast<VectorType>(c.getType()), results);
    return success();
  }
};
} // namespace

void mytriton::populateTiledDotToGPUPatterns(
    const TypeConverter &typeConverter, RewritePatternSet &patterns) {
  patterns.add<TiledDotOpLowering>(typeConverter, patterns.getContext());
}
