//===- CombineOps.cpp - tt.combine_reduce and tt.scan on flat vectors -----===//
//
// A combine region is scalar code; on the host it runs on whole vectors: its
// ops are re-created with vector operands (a scalar constant becomes a
// splat), so one copy of the region combines every pair of a step at once.
// With the flat operand seen as [outer, extent, inner] around the axis:
//  * tt.combine_reduce halves the extent per step, combining the first half
//    (left) with the second (right), so the left operand is always the
//    earlier part of the axis (log2(extent) copies of the region);
//  * tt.scan walks the axis in order, one element of it per step, so every
//    combine happens in the sequence a sequential loop would do (an f32
//    cumsum rounds as numpy's cumsum), then reorders the columns once.
//
//===----------------------------------------------------------------------===//

#include "CombineOps.h"
#include "MyTriton/Dialect/TT/IR/TTDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::mytriton;

namespace {

/// The flat operand around `axis`: [outer, extent, inner].
struct AxisSplit {
  int64_t outer = 1, extent = 1, inner = 1;

  AxisSplit(RankedTensorType type, int64_t axis) {
    for (int64_t d = 0; d < type.getRank(); ++d) {
      if (d < axis)
        outer *= type.getDimSize(d);
      else if (d > axis)
        inner *= type.getDimSize(d);
    }
    extent = type.getDimSize(axis);
  }

  int64_t flatIndex(int64_t o, int64_t r, int64_t i, int64_t ext) const {
    return (o * ext + r) * inner + i;
  }
};

/// The combine region's body applied to `args` (2N vectors of `width`
/// elements): the N combined vectors.
SmallVector<Value> applyCombine(OpBuilder &b, Location loc, Region &region,
                                ValueRange args, int64_t width) {
  Block &block = region.front();
  IRMapping mapping;
  for (auto [arg, value] : llvm::zip_equal(block.getArguments(), args))
    mapping.map(arg, value);
  auto vectorOf = [&](Type scalar) {
    return VectorType::get({width}, scalar);
  };
  for (Operation &op : block.without_terminator()) {
    if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
      auto type = vectorOf(constant.getType());
      Value splat = arith::ConstantOp::create(
          b, loc, type,
          DenseElementsAttr::get(type, cast<TypedAttr>(constant.getValue())));
      mapping.map(constant.getResult(), splat);
      continue;
    }
    SmallVector<Value> operands;
    for (Value operand : op.getOperands())
      operands.push_back(mapping.lookup(operand));
    SmallVector<Type> types;
    for (Type type : op.getResultTypes())
      types.push_back(vectorOf(type));
    OperationState state(op.getLoc(), op.getName(), operands, types,
                         op.getAttrs());
    Operation *copy = b.create(state);
    mapping.map(op.getResults(), copy->getResults());
  }
  SmallVector<Value> results;
  for (Value value : block.getTerminator()->getOperands())
    results.push_back(mapping.lookup(value));
  return results;
}

/// The flat vector whose element k is `src`'s element `source[k]`.
Value gather(OpBuilder &b, Location loc, Value src, ArrayRef<int64_t> source) {
  return vector::ShuffleOp::create(b, loc, src, src, source);
}

struct CombineReduceOpLowering
    : public OpConversionPattern<tt::CombineReduceOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tt::CombineReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getSrcs().front().getType());
    int64_t axis = static_cast<int32_t>(op.getAxis());
    AxisSplit split(type, axis);
    Location loc = op.getLoc();
    SmallVector<Value> acc(adaptor.getSrcs());
    for (int64_t extent = split.extent; extent > 1; extent /= 2) {
      int64_t half = extent / 2;
      SmallVector<int64_t> lo, hi;
      for (int64_t o = 0; o < split.outer; ++o)
        for (int64_t r = 0; r < half; ++r)
          for (int64_t i = 0; i < split.inner; ++i) {
            lo.push_back(split.flatIndex(o, r, i, extent));
            hi.push_back(split.flatIndex(o, r + half, i, extent));
          }
      SmallVector<Value> args;
      for (Value value : acc)
        args.push_back(gather(rewriter, loc, value, lo));
      for (Value value : acc)
        args.push_back(gather(rewriter, loc, value, hi));
      acc = applyCombine(rewriter, loc, op.getCombine(), args,
                         static_cast<int64_t>(lo.size()));
    }
    // A 1-D operand reduces to a scalar, the one element left.
    if (type.getRank() == 1)
      for (Value &value : acc)
        value = vector::ExtractOp::create(rewriter, loc, value, 0);
    rewriter.replaceOp(op, acc);
    return success();
  }
};

struct ScanOpLowering : public OpConversionPattern<tt::ScanOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tt::ScanOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getSrcs().front().getType());
    int64_t axis = static_cast<int32_t>(op.getAxis());
    AxisSplit split(type, axis);
    Location loc = op.getLoc();
    int64_t width = split.outer * split.inner;
    auto column = [&](Value src, int64_t r) {
      SmallVector<int64_t> source;
      for (int64_t o = 0; o < split.outer; ++o)
        for (int64_t i = 0; i < split.inner; ++i)
          source.push_back(split.flatIndex(o, r, i, split.extent));
      return gather(rewriter, loc, src, source);
    };
    // columns[k][r]: result k's elements at position r of the axis.
    size_t n = op.getSrcs().size();
    SmallVector<SmallVector<Value>> columns(n,
                                            SmallVector<Value>(split.extent));
    SmallVector<Value> acc;
    for (int64_t step = 0; step < split.extent; ++step) {
      int64_t r = op.getReverse() ? split.extent - 1 - step : step;
      SmallVector<Value> current;
      for (Value src : adaptor.getSrcs())
        current.push_back(column(src, r));
      if (step == 0) {
        acc = current;
      } else {
        SmallVector<Value> args(acc);
        llvm::append_range(args, current);
        acc = applyCombine(rewriter, loc, op.getCombine(), args, width);
      }
      for (size_t k = 0; k < n; ++k)
        columns[k][r] = acc[k];
    }
    SmallVector<Value> results;
    for (size_t k = 0; k < n; ++k)
      results.push_back(assemble(rewriter, loc, columns[k], split));
    rewriter.replaceOp(op, results);
    return success();
  }

  /// The flat [outer, extent, inner] vector from its `extent` columns of
  /// [outer, inner]: the columns concatenated pairwise (their extent is a
  /// power of two), then one shuffle into row-major order.
  static Value assemble(OpBuilder &b, Location loc, ArrayRef<Value> columns,
                        const AxisSplit &split) {
    SmallVector<Value> level(columns);
    while (level.size() > 1) {
      SmallVector<Value> next;
      for (size_t j = 0; j < level.size(); j += 2) {
        int64_t size = cast<VectorType>(level[j].getType()).getNumElements();
        SmallVector<int64_t> both;
        for (int64_t e = 0; e < 2 * size; ++e)
          both.push_back(e);
        next.push_back(
            vector::ShuffleOp::create(b, loc, level[j], level[j + 1], both));
      }
      level = std::move(next);
    }
    // level[0] is [extent, outer, inner]; element (o, r, i) of the result
    // is its (r, o, i).
    int64_t width = split.outer * split.inner;
    SmallVector<int64_t> source;
    for (int64_t o = 0; o < split.outer; ++o)
      for (int64_t r = 0; r < split.extent; ++r)
        for (int64_t i = 0; i < split.inner; ++i)
          source.push_back(r * width + o * split.inner + i);
    bool identity = llvm::all_of(llvm::enumerate(source), [](auto pair) {
      return static_cast<int64_t>(pair.index()) == pair.value();
    });
    return identity ? level[0] : gather(b, loc, level[0], source);
  }
};

} // namespace

void mytriton::populateTTToVectorCombinePatterns(
    const TypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<CombineReduceOpLowering, ScanOpLowering>(converter,
                                                        patterns.getContext());
}
