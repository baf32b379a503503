//===- ReduceToGPU.cpp - tt.reduce as a block reduction ------------------===//
//
// Every thread holds E lanes of the operand and must end with the result.
// A thread first combines its own lanes (a tree, for independent steps).
// Within a warp a butterfly of xor shuffles leaves the warp's result in all
// its lanes. A block wider than a warp then exchanges one value per warp
// through workgroup memory (one barrier) and every warp reduces those with a
// second, shorter butterfly, so no second barrier or broadcast is needed.
//
//===----------------------------------------------------------------------===//

#include "TTToGPUInternal.h"

#include "MyTriton/Dialect/TT/IR/TTDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::mytriton;

namespace {

Value combine(OpBuilder &b, Location loc, tt::ReduceKind kind, Value lhs,
              Value rhs) {
  return createReduceCombine(b, loc, kind, lhs, rhs);
}

/// Combines `value` across groups of `span` consecutive lanes (a power of
/// two) of a warp whose first `width` lanes take part; afterwards every lane
/// of a group holds the group's result.
Value butterfly(OpBuilder &b, Location loc, tt::ReduceKind kind, Value value,
                int32_t span, int32_t width) {
  for (int32_t offset = span / 2; offset >= 1; offset /= 2) {
    value = combine(b, loc, kind, value,
                    createXorShuffle(b, loc, value, offset, width));
  }
  return value;
}

/// Combines the E lanes a thread holds into one value, pairing lane i with
/// lane i + n/2 while the count n is even.
Value combineLanes(OpBuilder &b, Location loc, tt::ReduceKind kind,
                   Value value) {
  int64_t lanes = getLanesPerThread(value.getType());
  SmallVector<Value> values;
  for (int64_t lane = 0; lane < lanes; ++lane)
    values.push_back(extractLane(b, loc, value, lane));
  while (values.size() > 1) {
    size_t half = values.size() / 2;
    SmallVector<Value> next;
    for (size_t i = 0; i < half; ++i)
      next.push_back(combine(b, loc, kind, values[i], values[i + half]));
    if (values.size() % 2)
      next.back() = combine(b, loc, kind, next.back(), values.back());
    values = std::move(next);
  }
  return values.front();
}

Value i32Constant(OpBuilder &b, Location loc, int32_t value) {
  return arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(value));
}

Value toIndex(OpBuilder &b, Location loc, Value i32) {
  return arith::IndexCastUIOp::create(b, loc, b.getIndexType(), i32);
}

struct ReduceOpLowering : OpConversionPattern<tt::ReduceOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tt::ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    tt::ReduceKind kind = op.getKind();
    int64_t width = op.getOperand().getType().getDimSize(0);
    if (width < 1 || width > 1024 || !llvm::has_single_bit(
                                         static_cast<uint64_t>(width)))
      return rewriter.notifyMatchFailure(op, "width is not a power of two");
    Value operand = adaptor.getOperand();
    int64_t lanesPerThread = getLanesPerThread(operand.getType());
    if (width % lanesPerThread != 0)
      return rewriter.notifyMatchFailure(op, "lanes do not fill the threads");
    int32_t threads = static_cast<int32_t>(width / lanesPerThread);
    Value threadValue = combineLanes(rewriter, loc, kind, operand);
    if (threads <= kWarpSize) {
      // A warp holds min(32, threads * P) threads of P packed programs; the
      // butterfly's offsets below `threads` stay inside each program.
      int32_t warpThreads = static_cast<int32_t>(
          std::min<int64_t>(kWarpSize, threads * getProgramsPerCTA(op)));
      rewriter.replaceOp(op, butterfly(rewriter, loc, kind, threadValue,
                                       threads, warpThreads));
      return success();
    }

    auto kernel = op->getParentOfType<gpu::GPUFuncOp>();
    auto bufferIndex = op->getAttrOfType<IntegerAttr>(kReduceBufferAttr);
    if (!kernel || !bufferIndex ||
        bufferIndex.getInt() >= kernel.getNumWorkgroupAttributions())
      return rewriter.notifyMatchFailure(op, "no workgroup buffer assigned");
    Value buffer = kernel.getWorkgroupAttributions()[bufferIndex.getInt()];

    // Each warp reduces its 32 lanes; lane 0 publishes the warp's value,
    // once every thread has read what an earlier reduction left in the
    // buffer when no other barrier orders that (kReduceBarrierBeforeAttr).
    Value warpValue =
        butterfly(rewriter, loc, kind, threadValue, kWarpSize, kWarpSize);
    if (op->hasAttr(kReduceBarrierBeforeAttr))
      gpu::BarrierOp::create(rewriter, loc);
    Value tid = createThreadIdX(rewriter, loc);
    Value lane = arith::AndIOp::create(rewriter, loc, tid,
                                       i32Constant(rewriter, loc, kWarpSize - 1));
    Value warp = arith::ShRUIOp::create(rewriter, loc, tid,
                                        i32Constant(rewriter, loc, 5));
    Value isLeader =
        arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq, lane,
                              i32Constant(rewriter, loc, 0));
    auto ifLeader = scf::IfOp::create(rewriter, loc, isLeader,
                                      /*withElseRegion=*/false);
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(ifLeader.thenBlock());
      memref::StoreOp::create(rewriter, loc, warpValue, buffer,
                              toIndex(rewriter, loc, warp));
    }
    gpu::BarrierOp::create(rewriter, loc);

    // Every warp reduces the per-warp values, lane i reading warp i's
    // (modulo the warp count), so all threads end with the result.
    int32_t warps = threads / kWarpSize;
    Value slot = arith::AndIOp::create(rewriter, loc, lane,
                                       i32Constant(rewriter, loc, warps - 1));
    Value partial = memref::LoadOp::create(rewriter, loc, buffer,
                                           toIndex(rewriter, loc, slot));
    rewriter.replaceOp(
        op, butterfly(rewriter, loc, kind, partial, warps, kWarpSize));
    return success();
  }
};
} // namespace

Value mytriton::createReduceCombine(OpBuilder &b, Location loc,
                                    tt::ReduceKind kind, Value lhs,
                                    Value rhs) {
  bool isFloat = isa<FloatType>(lhs.getType());
  switch (kind) {
  case tt::ReduceKind::Sum:
    return isFloat ? Value(arith::AddFOp::create(b, loc, lhs, rhs))
                   : Value(arith::AddIOp::create(b, loc, lhs, rhs));
  case tt::ReduceKind::Max:
    return isFloat ? Value(arith::MaxNumFOp::create(b, loc, lhs, rhs))
                   : Value(arith::MaxSIOp::create(b, loc, lhs, rhs));
  case tt::ReduceKind::Min:
    return isFloat ? Value(arith::MinNumFOp::create(b, loc, lhs, rhs))
                   : Value(arith::MinSIOp::create(b, loc, lhs, rhs));
  }
  llvm_unreachable("unknown reduce kind");
}

void mytriton::populateTTReduceToGPUPatterns(const TypeConverter &typeConverter,
                                             RewritePatternSet &patterns) {
  patterns.add<ReduceOpLowering>(typeConverter, patterns.getContext());
}
