//===- DotOps.cpp - tt.dot on the CPU as a row-by-row FMA loop ------------===//
//
// A program is one CPU thread, so the tile product is two run-time loops
// over stack copies of the operands (allocated once at the kernel's entry,
// as the other spills are): for each row m of the accumulator, its row
// vector<N> takes, for k = 0, 1, ..., K - 1 in that order,
//   acc = fma(splat(a[m][k]), b[k][:], acc)
// so every element is fma(a[m][K-1], b[K-1][n], ... fma(a[m][0], b[0][n],
// c[m][n])), one rounding per step in the accumulator's type, the order
// and rounding of the GPU lowerings' FMA path. The operands are extended
// to the type the steps compute in when they are stored (once per dot):
//   - f32 (f32 x f32, f16/bf16 x f16/bf16 -> f32: the products are exact)
//     and f64: math.fma (llvm.fma, never split into a multiply and an add);
//   - f16 accumulators: each step is a correctly rounded f16 FMA (the GPU's
//     fma.rn.f16, __hfma), computed as an f64 FMA of the extended values
//     truncated to f16: the f16 product is exact in f64 and the sum is
//     exact or far from an f16 tie, so that one truncation is the f16 FMA's
//     rounding (an f32 FMA then a truncation could round twice);
//   - i32 (i8 x i8, sign-extended): muli and addi, wrapping as on the GPU.
// Every input precision computes so (full f32, see tt.dot). The code does
// not grow with the tile: one row step in a loop nest.
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
#include "mlir/IR/TypeUtilities.h"
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

/// The type a dot with accumulator `acc` computes its steps in.
Type getStepType(Type acc) {
  return acc.isF16() ? Float64Type::get(acc.getContext()) : acc;
}

/// `value` (a vector) converted to `to` elements: extf (exact), extsi (the
/// IR's i8 is Triton's signed int8), or itself.
Value extendTo(OpBuilder &b, Location loc, Value value, Type to) {
  auto type = cast<VectorType>(value.getType());
  if (type.getElementType() == to)
    return value;
  auto result = type.clone(to);
  if (isa<FloatType>(to))
    return arith::ExtFOp::create(b, loc, result, value);
  return arith::ExtSIOp::create(b, loc, result, value);
}

/// One step acc + a * b on vectors of the step type.
Value multiplyAdd(OpBuilder &b, Location loc, Value a, Value bRow,
                  Value acc) {
  if (isa<FloatType>(getElementTypeOrSelf(acc)))
    return math::FmaOp::create(b, loc, a, bRow, acc);
  Value product = arith::MulIOp::create(b, loc, a, bRow);
  return arith::AddIOp::create(b, loc, product, acc);
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
    Type element = cType.getElementType(), step = getStepType(element);
    Value a = adaptor.getA().front(), b = adaptor.getB().front(),
          c = adaptor.getC().front();

    Value aBuffer = allocateAtEntry(rewriter, loc, m * k, step);
    Value bBuffer = allocateAtEntry(rewriter, loc, k * n, step);
    Value dBuffer = allocateAtEntry(rewriter, loc, m * n, element);
    auto index = [&](int64_t value) -> Value {
      return arith::ConstantIndexOp::create(rewriter, loc, value);
    };
    Value zero = index(0), one = index(1);
    vector::StoreOp::create(rewriter, loc, extendTo(rewriter, loc, a, step),
                            aBuffer, ValueRange{zero});
    vector::StoreOp::create(rewriter, loc, extendTo(rewriter, loc, b, step),
                            bBuffer, ValueRange{zero});
    vector::StoreOp::create(rewriter, loc, c, dBuffer, ValueRange{zero});

    auto rowType = VectorType::get({n}, element);
    auto stepRowType = VectorType::get({n}, step);
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
                    vector::BroadcastOp::create(b, loc, stepRowType, aElem);
                Value bStart = arith::MulIOp::create(b, loc, kk, nConst);
                Value bRow = vector::LoadOp::create(b, loc, stepRowType,
                                                    bBuffer,
                                                    ValueRange{bStart});
                Value next = multiplyAdd(
                    b, loc, aSplat, bRow,
                    extendTo(b, loc, carried.front(), step));
                if (step != element)
                  next = arith::TruncFOp::create(b, loc, rowType, next);
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
