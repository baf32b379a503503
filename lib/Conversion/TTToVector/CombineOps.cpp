//===- CombineOps.cpp - tt.combine_reduce and tt.scan on flat vectors -----===//
//
// A combine region is scalar code; on the host it runs on whole vectors: its
// ops are re-created with vector operands (a scalar constant becomes a
// splat), so one copy of the region combines every pair of a step at once.
// With the flat operand seen as [outer, extent, inner] around the axis:
//  * tt.combine_reduce halves the extent per step, combining the first half
//    (left) with the second (right), so the left operand is always the
//    earlier part of the axis (log2(extent) copies of the region);
//  * tt.scan is an scf.for along the axis in scan order over stack copies
//    of the operands, one position of the axis per iteration (gathered for
//    every [outer, inner] pair), so every combine happens in the sequence a
//    sequential loop does (an f32 cumsum rounds as numpy's cumsum) and the
//    code does not grow with the extent.
//
//===----------------------------------------------------------------------===//

#include "CombineOps.h"
#include "MyTriton/Dialect/TT/IR/TTDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
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

/// A stack slot of `type`'s elements (i1 as i8) at the kernel's entry.
Value allocaAtEntry(OpBuilder &b, Location loc, VectorType type) {
  Type element = type.getElementType();
  if (element.isInteger(1))
    element = b.getI8Type();
  OpBuilder::InsertionGuard guard(b);
  auto kernel =
      b.getInsertionBlock()->getParent()->getParentOfType<func::FuncOp>();
  b.setInsertionPointToStart(&kernel.getBody().front());
  return memref::AllocaOp::create(
      b, loc, MemRefType::get(type.getShape(), element));
}

/// `value` as it is kept in memory (i1 lanes as i8) and back.
Value toMemory(OpBuilder &b, Location loc, Value value) {
  auto type = cast<VectorType>(value.getType());
  if (!type.getElementType().isInteger(1))
    return value;
  return arith::ExtUIOp::create(
      b, loc, VectorType::get(type.getShape(), b.getI8Type()), value);
}

Value fromMemory(OpBuilder &b, Location loc, Value value, Type element) {
  if (!element.isInteger(1))
    return value;
  auto type = cast<VectorType>(value.getType());
  return arith::TruncIOp::create(
      b, loc, VectorType::get(type.getShape(), element), value);
}

/// tt.scan: the operands in stack buffers, then a loop along the axis in
/// scan order that gathers position r of every [outer, inner] pair,
/// combines it into the accumulators and scatters them into the results'
/// buffers. Each combine happens in the order of a sequential loop, and the
/// code does not grow with the extent.
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
    // Flat offsets of position 0 of the axis, for every (o, i).
    SmallVector<int32_t> firsts;
    for (int64_t o = 0; o < split.outer; ++o)
      for (int64_t i = 0; i < split.inner; ++i)
        firsts.push_back(
            static_cast<int32_t>(split.flatIndex(o, 0, i, split.extent)));
    auto offsetType = VectorType::get({width}, rewriter.getI32Type());
    Value base = arith::ConstantOp::create(
        rewriter, loc,
        DenseElementsAttr::get(offsetType, ArrayRef<int32_t>(firsts)));
    Value mask = arith::ConstantOp::create(
        rewriter, loc,
        DenseElementsAttr::get(VectorType::get({width}, rewriter.getI1Type()),
                               true));
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);

    SmallVector<Value> inputs, outputs;
    SmallVector<Type> elements;
    for (Value src : adaptor.getSrcs()) {
      auto vector = cast<VectorType>(src.getType());
      elements.push_back(vector.getElementType());
      Value input = allocaAtEntry(rewriter, loc, vector);
      vector::StoreOp::create(rewriter, loc, toMemory(rewriter, loc, src),
                              input, ValueRange{zero});
      inputs.push_back(input);
      outputs.push_back(allocaAtEntry(rewriter, loc, vector));
    }
    // Offsets of position r (an i32 scalar) along the axis.
    auto offsetsAt = [&](OpBuilder &b, Value r) {
      Value step = arith::MulIOp::create(
          b, loc, r,
          arith::ConstantOp::create(
              b, loc, b.getI32IntegerAttr(static_cast<int32_t>(split.inner))));
      Value splat = vector::BroadcastOp::create(b, loc, offsetType, step);
      return arith::AddIOp::create(b, loc, base, splat).getResult();
    };
    auto gatherAt = [&](OpBuilder &b, Value offsets) {
      SmallVector<Value> column;
      for (auto [input, element] : llvm::zip_equal(inputs, elements)) {
        auto memoryType = VectorType::get(
            {width}, cast<MemRefType>(input.getType()).getElementType());
        Value passThru = arith::ConstantOp::create(
            b, loc, cast<TypedAttr>(b.getZeroAttr(memoryType)));
        Value loaded = vector::GatherOp::create(b, loc, memoryType, input,
                                                ValueRange{zero}, offsets,
                                                mask, passThru);
        column.push_back(fromMemory(b, loc, loaded, element));
      }
      return column;
    };
    auto scatterAt = [&](OpBuilder &b, Value offsets, ValueRange values) {
      for (auto [output, value] : llvm::zip_equal(outputs, values))
        vector::ScatterOp::create(b, loc, /*result=*/Type(), output,
                                  ValueRange{zero}, offsets, mask,
                                  toMemory(b, loc, value), IntegerAttr());
    };
    auto position = [&](OpBuilder &b, int64_t step) {
      int64_t r = op.getReverse() ? split.extent - 1 - step : step;
      return arith::ConstantOp::create(
                 b, loc, b.getI32IntegerAttr(static_cast<int32_t>(r)))
          .getResult();
    };

    // Position 0 in scan order is the accumulators' start.
    Value firstOffsets = offsetsAt(rewriter, position(rewriter, 0));
    SmallVector<Value> acc = gatherAt(rewriter, firstOffsets);
    scatterAt(rewriter, firstOffsets, acc);
    if (split.extent > 1) {
      auto lower = arith::ConstantOp::create(rewriter, loc,
                                             rewriter.getI32IntegerAttr(1));
      auto upper = arith::ConstantOp::create(
          rewriter, loc,
          rewriter.getI32IntegerAttr(static_cast<int32_t>(split.extent)));
      auto one = arith::ConstantOp::create(rewriter, loc,
                                           rewriter.getI32IntegerAttr(1));
      auto loop = scf::ForOp::create(
          rewriter, loc, lower, upper, one, acc,
          [&](OpBuilder &b, Location loc, Value step, ValueRange carried) {
            Value r = step;
            if (op.getReverse())
              r = arith::SubIOp::create(
                  b, loc, position(b, 0), step);
            Value offsets = offsetsAt(b, r);
            SmallVector<Value> args(carried);
            llvm::append_range(args, gatherAt(b, offsets));
            SmallVector<Value> next =
                applyCombine(b, loc, op.getCombine(), args, width);
            scatterAt(b, offsets, next);
            scf::YieldOp::create(b, loc, next);
          });
      (void)loop;
    }
    SmallVector<Value> results;
    for (auto [output, element, src] :
         llvm::zip_equal(outputs, elements, adaptor.getSrcs())) {
      auto memory = cast<MemRefType>(output.getType());
      Value loaded = vector::LoadOp::create(
          rewriter, loc,
          VectorType::get(memory.getShape(), memory.getElementType()), output,
          ValueRange{zero});
      results.push_back(fromMemory(rewriter, loc, loaded, element));
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

} // namespace

void mytriton::populateTTToVectorCombinePatterns(
    const TypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<CombineReduceOpLowering, ScanOpLowering>(converter,
                                                        patterns.getContext());
}
