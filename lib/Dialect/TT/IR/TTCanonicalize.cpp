//===- TTCanonicalize.cpp - tt folders and rewrite patterns ---------------===//
//
// The seed compiler's optimizer, as MLIR canonicalization: masks known at
// compile time disappear, pointer arithmetic is combined, reductions of
// uniform values are computed without cooperation.
//
//===----------------------------------------------------------------------===//

#include "MyTriton/Dialect/TT/IR/TTDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/InferIntRangeInterface.h"
#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace mlir::mytriton::tt;

static bool isAllTrue(Value mask) { return mask && matchPattern(mask, m_One()); }
static bool isAllFalse(Value mask) {
  return mask && matchPattern(mask, m_Zero());
}

//===----------------------------------------------------------------------===//
// AddPtrOp
//===----------------------------------------------------------------------===//

/// How many defining ops back offsetRange looks: enough for the offset
/// arithmetic kernels write (`(pid * 32 + lanes) + 1`), and a bound on the
/// work one match does however long the chain.
static constexpr unsigned kRangeSearchDepth = 6;

/// Signed bounds of an integer (or integer tensor) value, from the
/// InferIntRangeInterface of its defining ops up to `depth` ops back (the
/// integer-range analysis' transfer functions, run locally); what it cannot
/// see past (arguments, loads, reductions) has the type's full range.
static ConstantIntRanges
inferRange(Value value, unsigned depth,
           DenseMap<Value, ConstantIntRanges> &known) {
  unsigned width = getElementTypeOrSelf(value.getType()).getIntOrFloatBitWidth();
  ConstantIntRanges range = ConstantIntRanges::maxRange(width);
  auto op = value.getDefiningOp<InferIntRangeInterface>();
  if (!op || depth == 0)
    return range;
  auto it = known.find(value);
  if (it != known.end())
    return it->second;
  SmallVector<IntegerValueRange> operands;
  for (Value operand : op->getOperands()) {
    if (getElementTypeOrSelf(operand.getType()).isSignlessInteger())
      operands.emplace_back(inferRange(operand, depth - 1, known));
    else
      operands.emplace_back(); // not an integer: unknown, the op gives up
  }
  op.inferResultRangesFromOptional(
      operands, [&](Value result, const IntegerValueRange &inferred) {
        if (result == value && !inferred.isUninitialized())
          range = inferred.getValue();
      });
  known.try_emplace(value, range);
  return range;
}

/// Whether `a + b` cannot wrap in two's complement for any values (any
/// lanes) the ranges of `a` and `b` allow.
static bool isSumProvablyExact(Value a, Value b) {
  DenseMap<Value, ConstantIntRanges> known;
  ConstantIntRanges ra = inferRange(a, kRangeSearchDepth, known);
  ConstantIntRanges rb = inferRange(b, kRangeSearchDepth, known);
  bool lowOverflow = false, highOverflow = false;
  (void)ra.smin().sadd_ov(rb.smin(), lowOverflow);
  (void)ra.smax().sadd_ov(rb.smax(), highOverflow);
  return !lowOverflow && !highOverflow;
}

namespace {
/// addptr(addptr(p, a), b) -> addptr(p, a + b), when a + b provably fits in
/// i32. Each addptr advances a 64-bit pointer by a sign-extended offset, so
/// `(p + 2147483647) + 10` is p + 2147483657 elements; the i32 sum would wrap
/// to a negative offset. Sums that may wrap keep the chain.
struct CombineAddPtrChain : OpRewritePattern<AddPtrOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AddPtrOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getPtr().getDefiningOp<AddPtrOp>();
    if (!inner)
      return failure();
    // An i32 and an i64 offset each sign-extend on their own; adding them
    // needs a cast this pattern does not make.
    if (inner.getOffset().getType() != op.getOffset().getType())
      return rewriter.notifyMatchFailure(op, "the offsets' types differ");
    if (!isSumProvablyExact(inner.getOffset(), op.getOffset()))
      return rewriter.notifyMatchFailure(op, "the offsets' sum may wrap");
    Value sum = arith::AddIOp::create(rewriter, op.getLoc(), inner.getOffset(),
                                      op.getOffset());
    rewriter.replaceOpWithNewOp<AddPtrOp>(op, op.getType(), inner.getPtr(),
                                          sum);
    return success();
  }
};
} // namespace

void AddPtrOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                           MLIRContext *context) {
  results.add<CombineAddPtrChain>(context);
}

//===----------------------------------------------------------------------===//
// LoadOp
//===----------------------------------------------------------------------===//

namespace {
/// A mask known at compile time: all true drops it, all false reads `other`
/// (0 without one) and touches no memory.
struct FoldConstantLoadMask : OpRewritePattern<LoadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(LoadOp op,
                                PatternRewriter &rewriter) const override {
    Value mask = op.getMask();
    if (isAllTrue(mask)) {
      rewriter.replaceOpWithNewOp<LoadOp>(op, op.getType(), op.getPtr(), Value(),
                                          Value());
      return success();
    }
    if (!isAllFalse(mask))
      return failure();
    if (Value other = op.getOther()) {
      rewriter.replaceOp(op, other);
      return success();
    }
    Type type = op.getType();
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(
        op, type, rewriter.getZeroAttr(type));
    return success();
  }
};
} // namespace

void LoadOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                         MLIRContext *context) {
  results.add<FoldConstantLoadMask>(context);
}

//===----------------------------------------------------------------------===//
// StoreOp
//===----------------------------------------------------------------------===//

namespace {
/// All-false mask: the store writes nothing. All-true: it needs no mask.
struct FoldConstantStoreMask : OpRewritePattern<StoreOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(StoreOp op,
                                PatternRewriter &rewriter) const override {
    Value mask = op.getMask();
    if (isAllFalse(mask)) {
      rewriter.eraseOp(op);
      return success();
    }
    if (!isAllTrue(mask))
      return failure();
    rewriter.modifyOpInPlace(op, [&] { op.getMaskMutable().clear(); });
    return success();
  }
};
} // namespace

void StoreOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                          MLIRContext *context) {
  results.add<FoldConstantStoreMask>(context);
}

//===----------------------------------------------------------------------===//
// ReduceOp
//===----------------------------------------------------------------------===//

/// Combine two constants the way the reduction does.
static Attribute combine(ReduceKind kind, Attribute lhsAttr,
                         Attribute rhsAttr) {
  if (auto lhs = dyn_cast<FloatAttr>(lhsAttr)) {
    APFloat a = lhs.getValue(), b = cast<FloatAttr>(rhsAttr).getValue();
    switch (kind) {
    case ReduceKind::Sum:
      a.add(b, APFloat::rmNearestTiesToEven);
      return FloatAttr::get(lhs.getType(), a);
    case ReduceKind::Max:
      return FloatAttr::get(lhs.getType(), llvm::maxnum(a, b));
    case ReduceKind::Min:
      return FloatAttr::get(lhs.getType(), llvm::minnum(a, b));
    }
  }
  auto lhs = cast<IntegerAttr>(lhsAttr);
  APInt a = lhs.getValue(), b = cast<IntegerAttr>(rhsAttr).getValue();
  switch (kind) {
  case ReduceKind::Sum:
    return IntegerAttr::get(lhs.getType(), a + b);
  case ReduceKind::Max:
    return IntegerAttr::get(lhs.getType(), a.sge(b) ? a : b);
  case ReduceKind::Min:
    return IntegerAttr::get(lhs.getType(), a.sle(b) ? a : b);
  }
  llvm_unreachable("unknown reduce kind");
}

/// The reduction along an axis of `extent` copies of `x`, when every
/// combining order gives the same value: max and min are x; an i32 sum is
/// x * extent, wrapping as the lowering's adds do; an f32 sum is exact in
/// every order only for up to 2 copies (x + x = 2x), while a thread adding
/// its registers one after another rounds (8 copies of x need not give 8x).
static Attribute reduceCopies(ReduceKind kind, Attribute x, int64_t extent) {
  if (kind != ReduceKind::Sum || extent == 1)
    return x;
  if (auto integer = dyn_cast<IntegerAttr>(x))
    return IntegerAttr::get(integer.getType(),
                            integer.getValue() *
                                APInt(integer.getValue().getBitWidth(), extent));
  if (extent == 2)
    return combine(kind, x, x);
  return {};
}

/// Whether reduceCopies folds a reduction of `element`s along `extent`.
static bool canReduceCopies(ReduceKind kind, Type element, int64_t extent) {
  return kind != ReduceKind::Sum || extent <= 2 || isa<IntegerType>(element);
}

// A constant operand folds by the same halving tree the GPU runs, so the
// folded sum rounds like the kernel would.
OpFoldResult ReduceOp::fold(FoldAdaptor adaptor) {
  // Along an axis, a splat constant gives a splat (reduceCopies).
  auto operandType = getOperand().getType();
  if (auto splat = dyn_cast_if_present<SplatElementsAttr>(adaptor.getOperand());
      splat && operandType.getRank() > 1) {
    int64_t extent = operandType.getDimSize(*getAxis());
    if (Attribute value =
            reduceCopies(getKind(), splat.getSplatValue<Attribute>(), extent))
      return SplatElementsAttr::get(cast<ShapedType>(getType()), value);
    return {};
  }
  // Only a whole 1-D reduction gives a scalar; an axis reduction a tensor.
  auto dense = dyn_cast_if_present<DenseElementsAttr>(adaptor.getOperand());
  if (!dense || getType() != dense.getElementType() ||
      getOperand().getType().getRank() != 1)
    return {};
  SmallVector<Attribute> lanes(dense.getValues<Attribute>());
  if (!llvm::has_single_bit(lanes.size()))
    return {};
  for (size_t stride = lanes.size() / 2; stride > 0; stride /= 2)
    for (size_t i = 0; i < stride; ++i)
      lanes[i] = combine(getKind(), lanes[i], lanes[i + stride]);
  return lanes.front();
}

namespace {
/// reduce(splat x): max and min are x; a sum of N copies is x * N, which the
/// halving tree computes exactly too (each step doubles).
struct FoldReduceOfSplat : OpRewritePattern<ReduceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ReduceOp op,
                                PatternRewriter &rewriter) const override {
    auto splat = op.getOperand().getDefiningOp<SplatOp>();
    if (!splat || op.getOperand().getType().getRank() != 1)
      return failure();
    Value x = splat.getSrc();
    if (op.getKind() != ReduceKind::Sum) {
      rewriter.replaceOp(op, x);
      return success();
    }
    int64_t width = op.getOperand().getType().getDimSize(0);
    Location loc = op.getLoc();
    Type type = x.getType();
    if (isa<FloatType>(type)) {
      // N is a power of two, exact in every float type up to its overflow,
      // where the doubling tree overflows too.
      Value n = arith::ConstantOp::create(
          rewriter, loc, rewriter.getFloatAttr(type, static_cast<double>(width)));
      rewriter.replaceOpWithNewOp<arith::MulFOp>(op, x, n);
    } else {
      Value n = arith::ConstantOp::create(rewriter, loc,
                                          rewriter.getIntegerAttr(type, width));
      rewriter.replaceOpWithNewOp<arith::MulIOp>(op, x, n);
    }
    return success();
  }
};
} // namespace

namespace {
/// reduce(splat x) along an axis -> splat of reduceCopies' value, built
/// from x: x for max and min, x * extent for an i32 sum, x * extent for an
/// f32 sum of at most 2 copies (larger f32 sums stay: see reduceCopies).
struct FoldAxisReduceOfSplat : OpRewritePattern<ReduceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ReduceOp op,
                                PatternRewriter &rewriter) const override {
    auto splat = op.getOperand().getDefiningOp<SplatOp>();
    auto type = op.getOperand().getType();
    if (!splat || type.getRank() == 1)
      return failure();
    int64_t extent = type.getDimSize(*op.getAxis());
    Value x = splat.getSrc();
    if (!canReduceCopies(op.getKind(), x.getType(), extent))
      return rewriter.notifyMatchFailure(
          op, "an f32 sum of more than 2 copies depends on the order");
    Location loc = op.getLoc();
    if (op.getKind() == ReduceKind::Sum && extent > 1) {
      bool isFloat = isa<FloatType>(x.getType());
      TypedAttr count =
          isFloat ? TypedAttr(rewriter.getFloatAttr(x.getType(),
                                                    static_cast<double>(extent)))
                  : TypedAttr(rewriter.getIntegerAttr(x.getType(), extent));
      Value n = arith::ConstantOp::create(rewriter, loc, count);
      x = isFloat
              ? Value(arith::MulFOp::create(rewriter, loc, x, n))
              : Value(arith::MulIOp::create(rewriter, loc, x, n));
    }
    rewriter.replaceOpWithNewOp<SplatOp>(op, op.getType(), x);
    return success();
  }
};
} // namespace

void ReduceOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                           MLIRContext *context) {
  results.add<FoldReduceOfSplat, FoldAxisReduceOfSplat>(context);
}

//===----------------------------------------------------------------------===//
// Shape manipulation
//===----------------------------------------------------------------------===//

namespace {
/// expand_dims / broadcast / reshape / trans of splat x -> splat x: every
/// element is x whatever the shape.
template <typename ShapeOp>
struct FoldShapeOfSplat : OpRewritePattern<ShapeOp> {
  using OpRewritePattern<ShapeOp>::OpRewritePattern;
  LogicalResult matchAndRewrite(ShapeOp op,
                                PatternRewriter &rewriter) const override {
    auto splat = op.getSrc().template getDefiningOp<SplatOp>();
    if (!splat)
      return failure();
    rewriter.replaceOpWithNewOp<SplatOp>(op, op.getType(), splat.getSrc());
    return success();
  }
};

/// broadcast(broadcast x) -> broadcast x: the dimensions of extent 1 of
/// the inner result are dimensions of extent 1 of x.
struct CombineBroadcasts : OpRewritePattern<BroadcastOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(BroadcastOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getSrc().getDefiningOp<BroadcastOp>();
    if (!inner)
      return failure();
    rewriter.replaceOpWithNewOp<BroadcastOp>(op, op.getType(), inner.getSrc());
    return success();
  }
};
} // namespace

void ExpandDimsOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                               MLIRContext *context) {
  results.add<FoldShapeOfSplat<ExpandDimsOp>>(context);
}

void BroadcastOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                              MLIRContext *context) {
  results.add<FoldShapeOfSplat<BroadcastOp>, CombineBroadcasts>(context);
}

void ReshapeOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                            MLIRContext *context) {
  results.add<FoldShapeOfSplat<ReshapeOp>>(context);
}

void TransOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                          MLIRContext *context) {
  results.add<FoldShapeOfSplat<TransOp>>(context);
}
