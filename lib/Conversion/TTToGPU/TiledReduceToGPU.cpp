//===- TiledReduceToGPU.cpp - tt.reduce of tiled kernels ------------------===//
//
// A reduction along axis d (of a 1-D tensor to a scalar: d = 0) in three
// steps, each read off the operand's layout bases:
// 1. within the thread: the registers with equal coordinates off d are
//    combined (replicas, registers with equal coordinates on d too, once);
// 2. within the warp: an xor shuffle over each lane bit whose base along d
//    is not 0 (lane bits that move along other dimensions, or replicate,
//    are left alone);
// 3. across warps, when warp bits move along d: after a barrier each thread
//    writes its partial values to the scratch buffer at (result element,
//    its warp's index along d), and after a second barrier reads and
//    combines all of them in warp order.
// Every thread ends with the full value of each result element it holds,
// in the slice layout of the result (register by register, matched on
// coordinates).
//
//===----------------------------------------------------------------------===//

#include "TTToGPUInternal.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/Support/MathExtras.h"

#include <map>

using namespace mlir;
using namespace mlir::mytriton;

namespace {
Value i32Constant(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantOp::create(
      b, loc, b.getI32IntegerAttr(static_cast<int32_t>(value)));
}

/// Combines `values` pairwise (a tree of independent steps).
Value combineAll(OpBuilder &b, Location loc, tt::ReduceKind kind,
                 SmallVector<Value> values) {
  while (values.size() > 1) {
    SmallVector<Value> next;
    for (size_t i = 0; i + 1 < values.size(); i += 2)
      next.push_back(createReduceCombine(b, loc, kind, values[i], values[i + 1]));
    if (values.size() % 2)
      next.push_back(values.back());
    values = std::move(next);
  }
  return values.front();
}

SmallVector<int64_t> dropDim(ArrayRef<int64_t> coords, int64_t axis) {
  SmallVector<int64_t> rest(coords);
  rest.erase(rest.begin() + axis);
  return rest;
}

struct TiledReduceOpLowering : OpConversionPattern<tt::ReduceOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tt::ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    tt::ReduceKind kind = op.getKind();
    RankedTensorType type = op.getOperand().getType();
    Attribute layout = tt::getLayoutEncoding(type);
    Type resultType = typeConverter->convertType(op.getType());
    if (!layout || !resultType)
      return failure();
    int64_t axis = op.getAxis() ? static_cast<int32_t>(*op.getAxis()) : 0;
    bool toScalar = !isa<RankedTensorType>(op.getType());
    tt::LayoutBases bases = tt::getLayoutBases(layout, type.getShape());
    Value operand = adaptor.getOperand();

    // 1. Within the thread, per result coordinates (in first-register order).
    std::map<SmallVector<int64_t>, SmallVector<int64_t>> groupRegisters;
    SmallVector<SmallVector<int64_t>> keys;
    SmallVector<bool> duplicate = getDuplicateRegisters(bases);
    for (auto [r, offset] : llvm::enumerate(bases.registerOffsets)) {
      if (duplicate[r])
        continue;
      SmallVector<int64_t> key = dropDim(offset, axis);
      auto [it, inserted] = groupRegisters.try_emplace(key);
      if (inserted)
        keys.push_back(key);
      it->second.push_back(r);
    }
    SmallVector<Value> partials;
    for (const SmallVector<int64_t> &key : keys) {
      SmallVector<Value> values;
      for (int64_t r : groupRegisters[key])
        values.push_back(
            vector::ExtractOp::create(rewriter, loc, operand, ArrayRef<int64_t>{r}));
      partials.push_back(combineAll(rewriter, loc, kind, values));
    }

    // 2. Within the warp.
    for (auto [k, base] : llvm::enumerate(bases.laneBases)) {
      if (base[axis] == 0)
        continue;
      for (Value &partial : partials) {
        Value other = createXorShuffle(rewriter, loc, partial,
                                       static_cast<int32_t>(1) << k,
                                       static_cast<int32_t>(kWarpSize));
        partial = createReduceCombine(rewriter, loc, kind, partial, other);
      }
    }

    // 3. Across warps.
    SmallVector<unsigned> warpBits;
    for (auto [k, base] : llvm::enumerate(bases.warpBases))
      if (base[axis] != 0)
        warpBits.push_back(k);
    if (!warpBits.empty()) {
      int64_t slots = int64_t(1) << warpBits.size();
      int64_t results = type.getNumElements() / type.getDimSize(axis);
      Type element = type.getElementType();
      Value view =
          getTiledScratchView(rewriter, loc, op, element, results * slots);
      if (!view)
        return rewriter.notifyMatchFailure(op, "no workgroup scratch buffer");
      auto toIndex = [&](Value i32) -> Value {
        return arith::IndexCastUIOp::create(rewriter, loc,
                                            rewriter.getIndexType(), i32);
      };
      // The thread's result coordinates and its warp's index along the axis.
      SmallVector<int64_t> resultShape = dropDim(type.getShape(), axis);
      SmallVector<int64_t> resultStrides = getRowMajorStrides(resultShape);
      SmallVector<Value> coords = createThreadCoords(rewriter, loc, bases);
      coords.erase(coords.begin() + axis);
      Value thread = createDot(rewriter, loc, coords, resultStrides);
      Value tid = createThreadIdX(rewriter, loc);
      Value slot;
      for (auto [j, k] : llvm::enumerate(warpBits)) {
        int64_t tidBit = llvm::Log2_32(kWarpSize) + k;
        Value bit = arith::AndIOp::create(rewriter, loc, tid,
                                          i32Constant(rewriter, loc, int64_t(1) << tidBit));
        bit = arith::ShRUIOp::create(rewriter, loc, bit,
                                     i32Constant(rewriter, loc, tidBit - j));
        slot = slot ? Value(arith::OrIOp::create(rewriter, loc, slot, bit)) : bit;
      }
      SmallVector<Value> firstSlots;
      for (const SmallVector<int64_t> &key : keys) {
        int64_t constant = 0;
        for (auto [c, s] : llvm::zip_equal(key, resultStrides))
          constant += c * s;
        Value index = arith::AddIOp::create(
            rewriter, loc, thread, i32Constant(rewriter, loc, constant),
            kIndexFlags);
        firstSlots.push_back(arith::MulIOp::create(
            rewriter, loc, index, i32Constant(rewriter, loc, slots), kIndexFlags));
      }
      // Whoever used the buffer before has read it.
      gpu::BarrierOp::create(rewriter, loc);
      for (auto [partial, first] : llvm::zip_equal(partials, firstSlots))
        memref::StoreOp::create(
            rewriter, loc, partial, view,
            toIndex(arith::AddIOp::create(rewriter, loc, first, slot,
                                          kIndexFlags)));
      gpu::BarrierOp::create(rewriter, loc);
      for (auto [partial, first] : llvm::zip_equal(partials, firstSlots)) {
        SmallVector<Value> values;
        for (int64_t j = 0; j < slots; ++j)
          values.push_back(memref::LoadOp::create(
              rewriter, loc, view,
              toIndex(arith::AddIOp::create(rewriter, loc, first,
                                            i32Constant(rewriter, loc, j),
                                            kIndexFlags))));
        partial = combineAll(rewriter, loc, kind, values);
      }
    }

    if (toScalar) {
      rewriter.replaceOp(op, partials.front());
      return success();
    }
    // The result's registers, in its (slice) layout: each is the partial of
    // its coordinates, which the thread holds when the result's thread bases
    // are the operand's without the axis (the slice of the operand layout).
    auto resultTensor = cast<RankedTensorType>(op.getType());
    Attribute resultLayout = tt::getLayoutEncoding(resultTensor);
    if (!resultLayout)
      return failure();
    tt::LayoutBases resultBases =
        tt::getLayoutBases(resultLayout, resultTensor.getShape());
    auto sameThreads = [&](ArrayRef<SmallVector<int64_t>> operandBases,
                           ArrayRef<SmallVector<int64_t>> resultBits) {
      if (operandBases.size() != resultBits.size())
        return false;
      for (auto [o, r] : llvm::zip_equal(operandBases, resultBits))
        if (dropDim(o, axis) != r)
          return false;
      return true;
    };
    if (!sameThreads(bases.laneBases, resultBases.laneBases) ||
        !sameThreads(bases.warpBases, resultBases.warpBases))
      return op.emitOpError()
             << "result layout " << resultLayout
             << " is not the operand's layout sliced along axis " << axis;
    std::map<SmallVector<int64_t>, Value> partialOf;
    for (auto [key, partial] : llvm::zip_equal(keys, partials))
      partialOf.try_emplace(key, partial);
    SmallVector<Value> registers;
    for (const SmallVector<int64_t> &offset : resultBases.registerOffsets) {
      auto it = partialOf.find(offset);
      if (it == partialOf.end())
        return op.emitOpError()
               << "result layout " << resultLayout
               << " holds elements the threads do not reduce";
      registers.push_back(it->second);
    }
    rewriter.replaceOpWithNewOp<vector::FromElementsOp>(
        op, cast<VectorType>(resultType), registers);
    return success();
  }
};
} // namespace

void mytriton::populateTiledReduceToGPUPatterns(
    const TypeConverter &typeConverter, RewritePatternSet &patterns) {
  patterns.add<TiledReduceOpLowering>(typeConverter, patterns.getContext());
}
