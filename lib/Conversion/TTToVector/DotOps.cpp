//===- DotOps.cpp - tt.dot on the CPU as a row-by-row FMA loop ------------===//
//
// A program is one CPU thread, so the tile product is two run-time loops
// over stack copies of the operands (allocated once at the kernel's entry,
// as the other spills are): for each row m of the accumulator, its row
// vector<N> takes, for k = 0, 1, ..., K - 1 in that order,
//   acc = fma(splat(a[m][k]), b[k][:], acc)
// so every element is fma(a[m][K-1], b[K-1][n], ... fma(a[m][0], b[0][n],
// c[m][n])) with fused multiply-adds (math.fma: llvm.fma, never split
// into a multiply and an add), the order and rounding of the GPU
// lowerings' FMA path. Every input precision computes so (full f32, see
// tt.dot). The code does not grow with the tile: one row FMA in a loop
// nest.
//
//===----------------------------------------------------------------------===//

#include "DotOps.h"
#include "MyTriton/Dialect/TT/IR/TTDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::mytriton;

namespace {

/// A stack buffer of `elements` x `element` at the entry of the function
/// holding `b`'s insertion point: one slot however often the dot runs.
Value allocateAtEntry(OpBuilder &b, Location loc, int64_t elements,
                      Type element) {
  OpBuilder::InsertionGuard guard(b);
  Operation *parent = b.getInsertionBlock()->getParentOp();
  auto func = isa<func::FuncOp>(parent) ? cast<func::FuncOp>(parent)
                                        : parent->getParentOfType<func::FuncOp>();
  b.setInsertionPointToStart(&func.getBody().front());
  return memref::AllocaOp::create(b, loc, MemRefType::get({elements}, element));
}

struct DotOpLowering : public OpConversionPattern<tt::DotOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tt::DotOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto cType = cast<RankedTensorType>(op.getC().getType());
    int64_t m = aType.getDimSize(0), k = aType.getDimSize(1),
            n = cType.getDimSize(1);
    Type element = cType.getElementType();
    if (!element.isF32() || !aType.getElementType().isF32())
      return rewriter.notifyMatchFailure(op, "FMA loop of f32 only");
    Value a = adaptor.getA().front(), b = adaptor.getB().front(),
          c = adaptor.getC().front();

    Value aBuffer = allocateAtEntry(rewriter, loc, m * k, element);
    Value bBuffer = allocateAtEntry(rewriter, loc, k * n, element);
    Value dBuffer = allocateAtEntry(rewriter, loc, m * n, element);
    auto index = [&](int64_t value) -> Value {
      return arith::ConstantIndexOp::create(rewriter, loc, value);
    };
    Value zero = index(0), one = index(1);
    vector::StoreOp::create(rewriter, loc, a, aBuffer, ValueRange{zero});
    vector::StoreOp::create(rewriter, loc, b, bBuffer, ValueRange{zero});
    vector::StoreOp::create(rewriter, loc, c, dBuffer, ValueRange{zero});

    auto rowType = VectorType::get({n}, element);
    Value nConst = index(n), kConst = index(k);
    scf::ForOp::create(
        rewriter, loc, zero, index(m), one, ValueRange{},
        [&](OpBuilder &b, Location loc, Value row, ValueRange) {
          Value rowStart = arith::MulIOp::create(b, loc, row, nConst);
          Value acc = vector::LoadOp::create(b, loc, rowType, dBuffer,
                                             ValueRange{rowStart});
          Value aRow = arith::MulIOp::create(b, loc, row, kConst);
          auto loop = scf::ForOp::create(
              b, loc, zero, kConst, one, ValueRange{acc},
              [&](OpBuilder &b, Location loc, Value kk, ValueRange carried) {
                Value aIndex = arith::AddIOp::create(b, loc, aRow, kk);
                Value aElem = memref::LoadOp::create(b, loc, aBuffer,
                                                     ValueRange{aIndex});
                Value aSplat =
                    vector::BroadcastOp::create(b, loc, rowType, aElem);
                Value bStart = arith::MulIOp::create(b, loc, kk, nConst);
                Value bRow = vector::LoadOp::create(b, loc, rowType, bBuffer,
                                                    ValueRange{bStart});
                Value next = math::FmaOp::create(b, loc, aSplat, bRow,
                                                   carried.front());
                scf::YieldOp::create(b, loc, ValueRange{next});
              });
          vector::StoreOp::create(b, loc, loop.getResult(0), dBuffer,
                                  ValueRange{rowStart});
          scf::YieldOp::create(b, loc);
        });
    Value result = vector::LoadOp::create(
        rewriter, loc, cast<VectorType>(c.getType()), dBuffer,
        ValueRange{zero});
    SmallVector<SmallVector<Value>> replacement = {{result}};
    rewriter.replaceOpWithMultiple(op, std::move(replacement));
    return success();
  }
};

} // namespace

void mytriton::populateTTToVectorDotPatterns(const TypeConverter &converter,
                                             RewritePatternSet &patterns) {
  patterns.add<DotOpLowering>(converter, patterns.getContext());
}
