//===- ShapeOps.cpp - tt shape ops and axis reductions on flat vectors ----===//
//
// Every tensor, of any rank, is one flat vector of its elements in row-major
// order (see the type conversion), so the code for elementwise ops, masks
// and memory accesses is the same for 1-D and 2-D tiles. What changes the
// shape is then:
//  * tt.expand_dims, tt.reshape, tt.convert_layout: the same flat vector
//    (row-major order does not change; layouts mean nothing on the host);
//  * tt.broadcast, tt.trans: one vector.shuffle that reads, for each result
//    element, the operand element at its coordinates;
//  * tt.reduce along an axis: a tree of elementwise combines, each halving
//    the reduced extent (log2 of it ops, whatever the tile size).
// Pointer tensors keep their buffer and move their offset vector alike.
//
//===----------------------------------------------------------------------===//

#include "ShapeOps.h"
#include "MyTriton/Dialect/TT/IR/TTDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::mytriton;

/// The row-major flat index of `coords` in `shape`.
static int64_t linearize(ArrayRef<int64_t> coords, ArrayRef<int64_t> shape) {
  int64_t index = 0;
  for (auto [coord, extent] : llvm::zip_equal(coords, shape))
    index = index * extent + coord;
  return index;
}

/// The coordinates of row-major flat `index` in `shape`.
static SmallVector<int64_t> delinearize(int64_t index,
                                        ArrayRef<int64_t> shape) {
  SmallVector<int64_t> coords(shape.size());
  for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
    coords[d] = index % shape[d];
    index /= shape[d];
  }
  return coords;
}

/// A flat vector whose element k is element `source[k]` of the flat vector
/// `src`.
static Value permute(OpBuilder &b, Location loc, Value src,
                     ArrayRef<int64_t> source) {
  return vector::ShuffleOp::create(b, loc, src, src, source);
}

/// Applies `move` to the data of a converted tensor: its vector, or the
/// offsets of a pointer tensor (whose buffer stays).
static SmallVector<Value>
moveTensor(ValueRange converted, function_ref<Value(Value)> move) {
  SmallVector<Value> result(converted);
  result.back() = move(converted.back());
  return result;
}

namespace {

/// Ops that keep the row-major element order: the same flat vector.
template <typename SourceOp>
struct SameElementsOpLowering : public OpConversionPattern<SourceOp> {
  using OpConversionPattern<SourceOp>::OpConversionPattern;
  using OneToNOpAdaptor = typename SourceOp::template GenericAdaptor<
      ArrayRef<ValueRange>>;

  LogicalResult
  matchAndRewrite(SourceOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<SmallVector<Value>> replacement = {
        SmallVector<Value>(adaptor.getSrc())};
    rewriter.replaceOpWithMultiple(op, std::move(replacement));
    return success();
  }
};

/// tt.broadcast: result element (c0, c1, ...) reads the operand at the same
/// coordinates, 0 along each dimension of extent 1. A one-element operand
/// is a splat.
struct BroadcastOpLowering : public OpConversionPattern<tt::BroadcastOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tt::BroadcastOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    ArrayRef<int64_t> srcShape = srcType.getShape();
    ArrayRef<int64_t> resultShape = resultType.getShape();
    Location loc = op.getLoc();
    int64_t numElements = resultType.getNumElements();
    auto move = [&](Value src) -> Value {
      auto vectorType = cast<VectorType>(src.getType());
      auto flatType =
          VectorType::get({numElements}, vectorType.getElementType());
      if (vectorType.getNumElements() == 1) {
        Value element = vector::ExtractOp::create(rewriter, loc, src,
                                                  int64_t(0));
        return vector::BroadcastOp::create(rewriter, loc, flatType, element);
      }
      SmallVector<int64_t> source;
      source.reserve(numElements);
      for (int64_t k = 0; k < numElements; ++k) {
        SmallVector<int64_t> coords = delinearize(k, resultShape);
        for (auto [coord, extent] : llvm::zip_equal(coords, srcShape))
          if (extent == 1)
            coord = 0;
        source.push_back(linearize(coords, srcShape));
      }
      return permute(rewriter, loc, src, source);
    };
    SmallVector<SmallVector<Value>> replacement = {
        moveTensor(adaptor.getSrc(), move)};
    rewriter.replaceOpWithMultiple(op, std::move(replacement));
    return success();
  }
};

/// tt.trans of [M, N]: result element (j, i) reads operand element (i, j).
struct TransOpLowering : public OpConversionPattern<tt::TransOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tt::TransOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ArrayRef<int64_t> shape =
        cast<RankedTensorType>(op.getSrc().getType()).getShape();
    int64_t rows = shape[0], cols = shape[1];
    auto move = [&](Value src) -> Value {
      // A 1xN or Nx1 transpose keeps the element order.
      if (rows == 1 || cols == 1)
        return src;
      SmallVector<int64_t> source;
      source.reserve(rows * cols);
      for (int64_t j = 0; j < cols; ++j)
        for (int64_t i = 0; i < rows; ++i)
          source.push_back(i * cols + j);
      return permute(rewriter, op.getLoc(), src, source);
    };
    SmallVector<SmallVector<Value>> replacement = {
        moveTensor(adaptor.getSrc(), move)};
    rewriter.replaceOpWithMultiple(op, std::move(replacement));
    return success();
  }
};

/// tt.reduce along `axis` of a tensor of rank >= 2. The flat operand is
/// [outer, extent, inner] around the axis; each step combines the first and
/// the second half of the axis elementwise (maxnumf/minnumf for f32 max/min:
/// a NaN loses unless both are NaN, so the result is NaN only when every
/// combined element is, as the 1-D reduction does), until one is left.
struct AxisReduceOpLowering : public OpConversionPattern<tt::ReduceOp> {
  AxisReduceOpLowering(const TypeConverter &converter, MLIRContext *context)
      : OpConversionPattern(converter, context, /*benefit=*/2) {}

  LogicalResult
  matchAndRewrite(tt::ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getOperand().getType());
    std::optional<uint32_t> axis = op.getAxis();
    if (!axis || type.getRank() < 2)
      return rewriter.notifyMatchFailure(op, "a 1-D reduction to a scalar");
    ArrayRef<int64_t> shape = type.getShape();
    int64_t outer = 1, inner = 1;
    for (int64_t d = 0; d < type.getRank(); ++d) {
      if (d < *axis)
        outer *= shape[d];
      else if (d > *axis)
        inner *= shape[d];
    }
    Location loc = op.getLoc();
    Value acc = adaptor.getOperand();
    Type element = type.getElementType();
    for (int64_t extent = shape[*axis]; extent > 1; extent /= 2) {
      int64_t half = extent / 2;
      Value lo, hi;
      if (outer == 1) {
        int64_t width = half * inner;
        lo = vector::ExtractStridedSliceOp::create(rewriter, loc, acc, {0},
                                                   {width}, {1});
        hi = vector::ExtractStridedSliceOp::create(rewriter, loc, acc,
                                                   {width}, {width}, {1});
      } else {
        SmallVector<int64_t> loSource, hiSource;
        for (int64_t o = 0; o < outer; ++o)
          for (int64_t r = 0; r < half; ++r)
            for (int64_t i = 0; i < inner; ++i) {
              loSource.push_back((o * extent + r) * inner + i);
              hiSource.push_back((o * extent + r + half) * inner + i);
            }
        lo = permute(rewriter, loc, acc, loSource);
        hi = permute(rewriter, loc, acc, hiSource);
      }
      acc = combine(rewriter, loc, op.getKind(), isa<FloatType>(element), lo,
                    hi);
    }
    rewriter.replaceOp(op, acc);
    return success();
  }

  static Value combine(OpBuilder &b, Location loc, tt::ReduceKind kind,
                       bool isFloat, Value lhs, Value rhs) {
    switch (kind) {
    case tt::ReduceKind::Sum:
      return isFloat ? arith::AddFOp::create(b, loc, lhs, rhs).getResult()
                     : arith::AddIOp::create(b, loc, lhs, rhs).getResult();
    case tt::ReduceKind::Max:
      return isFloat ? arith::MaxNumFOp::create(b, loc, lhs, rhs).getResult()
                     : arith::MaxSIOp::create(b, loc, lhs, rhs).getResult();
    case tt::ReduceKind::Min:
      return isFloat ? arith::MinNumFOp::create(b, loc, lhs, rhs).getResult()
                     : arith::MinSIOp::create(b, loc, lhs, rhs).getResult();
    }
    llvm_unreachable("unknown reduce kind");
  }
};

} // namespace

void mytriton::populateTTToVectorShapePatterns(const TypeConverter &converter,
                                               RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<SameElementsOpLowering<tt::ExpandDimsOp>,
               SameElementsOpLowering<tt::ReshapeOp>,
               SameElementsOpLowering<tt::ConvertLayoutOp>,
               BroadcastOpLowering, TransOpLowering, AxisReduceOpLowering>(
      converter, context);
}
