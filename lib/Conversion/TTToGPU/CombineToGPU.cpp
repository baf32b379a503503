//===- CombineToGPU.cpp - tt.combine_reduce and tt.scan on the GPU --------===//
//
// Both ops follow tt::getAxisCombinePlan (CombineLayouts.h), in uniform
// kernels (the bases of their implicit layout) and tiled ones (the
// operand's layout) alike. The combine region, scalar arith and math, is
// cloned for every combine step, on the N operands together (argmax's value
// and index shuffle and select as one).
//
// A reduction combines each line's registers as a tree in axis order, then
// over each lane bit along the axis (an xor shuffle; the lane whose bit is
// clear holds the earlier part and goes left), then the warps along the
// axis through the scratch buffer, in warp order. Every thread holding a
// result element ends with its value.
//
// A scan, in the three levels of Triton's ScanOpToLLVM:
//  1. within the thread, each chunk (m consecutive registers of a line) in
//     sequence: its inclusive prefixes and its total;
//  2. over the lane bits along the axis, by ascending base, a butterfly on
//     the chunk totals that keeps two partial results: the total of the
//     lanes covered so far, and the exclusive prefix of those before this
//     lane (empty in the first: an i1 says where it holds anything);
//  3. across the warps along the axis: each warp's total through the
//     scratch buffer (two barriers), every thread combining the totals of
//     the warps before its own in warp order;
// then each chunk's prefix is the totals of the line's earlier chunks
// followed by its exclusive prefix, combined into each register of the
// chunk. With `reverse` the scan runs from the last position: "earlier"
// above means later along the axis.
//
// No value is ever combined with an undefined one in a way that reaches a
// result: combines whose one side may be empty are selected away where it
// is.
//
//===----------------------------------------------------------------------===//

#include "TTToGPUInternal.h"

#include "MyTriton/Dialect/TT/IR/CombineLayouts.h"
#include "MyTriton/Dialect/TT/IR/TTDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::mytriton;

namespace {

Value i32Constant(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantOp::create(
      b, loc, b.getI32IntegerAttr(static_cast<int32_t>(value)));
}

/// A partial combination of the N operands: no values means it holds
/// nothing; otherwise `valid` (an i1) says in which threads it holds
/// something, null meaning in all.
struct Partial {
  SmallVector<Value> values;
  Value valid;
  bool empty() const { return values.empty(); }
};

/// The scratch layout of `op`'s exchange between warps: its operands as
/// they are kept in shared memory (i1 as i8).
tt::CombineScratch getScratch(const tt::AxisCombinePlan &plan, Operation *op) {
  SmallVector<int64_t> bytes;
  for (Value src : op->getOperands())
    bytes.push_back(getScratchStorageType(
                        cast<RankedTensorType>(src.getType()).getElementType())
                        .getIntOrFloatBitWidth() /
                    8);
  return tt::getCombineScratch(plan, isa<tt::ScanOp>(op), bytes);
}

SmallVector<Type> getElementTypes(Operation *op) {
  SmallVector<Type> elements;
  for (Value src : op->getOperands())
    elements.push_back(cast<RankedTensorType>(src.getType()).getElementType());
  return elements;
}

unsigned getAxis(Operation *op) {
  if (auto reduce = dyn_cast<tt::CombineReduceOp>(op))
    return static_cast<uint32_t>(reduce.getAxis());
  return static_cast<uint32_t>(cast<tt::ScanOp>(op).getAxis());
}

/// The bases a combine op of a uniform kernel (`kernel` its tt.func)
/// distributes its operands by.
tt::LayoutBases getUniformBases(tt::FuncOp kernel) {
  return tt::getUniformLayoutBases(kernel.getContext(), kernel.getNumThreads(),
                                   kernel.getLanesPerThread(),
                                   kernel.getLanesPerGroup());
}

/// Emits one combine op's steps.
class CombineEmitter {
public:
  CombineEmitter(ConversionPatternRewriter &b, Operation *op, Region &region,
                 tt::LayoutBases bases, tt::AxisCombinePlan plan,
                 int32_t shuffleWidth)
      : b(b), loc(op->getLoc()), op(op), region(region),
        bases(std::move(bases)), plan(std::move(plan)),
        shuffleWidth(shuffleWidth), n(op->getNumOperands()),
        elements(getElementTypes(op)) {}

  /// The region applied to `lhs` and `rhs` (N values each).
  SmallVector<Value> apply(ValueRange lhs, ValueRange rhs) {
    Block &block = region.front();
    IRMapping mapping;
    for (auto [arg, value] :
         llvm::zip_equal(block.getArguments().take_front(n), lhs))
      mapping.map(arg, value);
    for (auto [arg, value] :
         llvm::zip_equal(block.getArguments().drop_front(n), rhs))
      mapping.map(arg, value);
    for (Operation &nested : block.without_terminator())
      b.clone(nested, mapping);
    SmallVector<Value> results;
    for (Value value : block.getTerminator()->getOperands())
      results.push_back(mapping.lookupOrDefault(value));
    return results;
  }

  SmallVector<Value> select(Value condition, ValueRange ifTrue,
                            ValueRange ifFalse) {
    SmallVector<Value> out;
    for (auto [t, f] : llvm::zip_equal(ifTrue, ifFalse))
      out.push_back(arith::SelectOp::create(b, loc, condition, t, f));
    return out;
  }

  /// `left` then `right`, either possibly empty somewhere.
  Partial combine(const Partial &left, const Partial &right) {
    if (left.empty())
      return right;
    if (right.empty())
      return left;
    SmallVector<Value> both = apply(left.values, right.values);
    if (!left.valid && !right.valid)
      return {both, {}};
    if (!left.valid)
      return {select(right.valid, both, left.values), {}};
    if (!right.valid)
      return {select(left.valid, both, right.values), {}};
    SmallVector<Value> notRight = select(right.valid, both, left.values);
    return {select(left.valid, notRight, right.values),
            arith::OrIOp::create(b, loc, left.valid, right.valid)};
  }

  /// `items` combined as a tree of adjacent pairs, left before right.
  SmallVector<Value> tree(SmallVector<SmallVector<Value>> items) {
    while (items.size() > 1) {
      SmallVector<SmallVector<Value>> next;
      for (size_t i = 0; i + 1 < items.size(); i += 2)
        next.push_back(apply(items[i], items[i + 1]));
      if (items.size() % 2)
        next.push_back(items.back());
      items = std::move(next);
    }
    return items.front();
  }

  /// The N values of register `r` of the operands.
  SmallVector<Value> registerValues(ValueRange operands, unsigned r) {
    SmallVector<Value> values;
    for (Value operand : operands)
      values.push_back(extractLane(b, loc, operand, r));
    return values;
  }

  /// `values` of the lane whose id differs in lane bit `bit`.
  SmallVector<Value> shuffle(ValueRange values, unsigned bit) {
    SmallVector<Value> out;
    for (Value value : values)
      out.push_back(
          createXorShuffle(b, loc, value, int32_t(1) << bit, shuffleWidth));
    return out;
  }

  Value threadId() {
    if (!tid)
      tid = createThreadIdX(b, loc);
    return tid;
  }

  /// Whether bit `bit` of threadIdx.x is set.
  Value threadBit(unsigned bit) {
    Value masked = arith::AndIOp::create(
        b, loc, threadId(), i32Constant(b, loc, int64_t(1) << bit));
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, masked,
                                 i32Constant(b, loc, 0));
  }

  /// The thread's warp among those along the axis: its warp bits along the
  /// axis, packed in ascending base order.
  Value axisWarp() {
    Value w;
    for (auto [j, k] : llvm::enumerate(plan.warpBits)) {
      int64_t tidBit = llvm::Log2_32(kWarpSize) + k;
      Value bit = arith::AndIOp::create(
          b, loc, threadId(), i32Constant(b, loc, int64_t(1) << tidBit));
      bit = arith::ShRUIOp::create(b, loc, bit,
                                   i32Constant(b, loc, tidBit - int64_t(j)));
      w = w ? Value(arith::OrIOp::create(b, loc, w, bit)) : bit;
    }
    return w;
  }

  /// Every thread publishes `items[q]` (N values; item q is chunk q % chunks
  /// of line q / chunks) for its warp along the axis, and reads back what
  /// every warp along the axis published for it: [q][warp][operand].
  FailureOr<SmallVector<SmallVector<SmallVector<Value>>>>
  exchangeAcrossWarps(ArrayRef<SmallVector<Value>> items, int64_t chunks) {
    tt::CombineScratch layout = getScratch(plan, op);
    int64_t warps = plan.axisWarps();
    SmallVector<Value> views;
    for (auto [element, offset] :
         llvm::zip_equal(elements, layout.byteOffsets)) {
      Value view = getTiledScratchView(
          b, loc, op, getScratchStorageType(element), layout.slots, offset);
      if (!view)
        return failure();
      views.push_back(view);
    }
    // The first slot of each item: ((line index) * chunks + chunk) * warps.
    SmallVector<int64_t> lineShape(bases.shape);
    lineShape.erase(lineShape.begin() + plan.axis);
    SmallVector<int64_t> strides = getRowMajorStrides(lineShape);
    SmallVector<Value> coords = createThreadCoords(b, loc, bases);
    coords.erase(coords.begin() + plan.axis);
    Value threadLine = createDot(b, loc, coords, strides);
    SmallVector<Value> firsts;
    for (size_t q = 0; q < items.size(); ++q) {
      int64_t constant = 0;
      for (auto [c, s] : llvm::zip_equal(plan.lines[q / chunks].key, strides))
        constant += c * s;
      Value line = arith::AddIOp::create(
          b, loc, threadLine, i32Constant(b, loc, constant), kIndexFlags);
      Value first = arith::MulIOp::create(
          b, loc, line, i32Constant(b, loc, chunks * warps), kIndexFlags);
      firsts.push_back(arith::AddIOp::create(
          b, loc, first, i32Constant(b, loc, (q % chunks) * warps),
          kIndexFlags));
    }
    auto toIndex = [&](Value i32) -> Value {
      return arith::IndexCastUIOp::create(b, loc, b.getIndexType(), i32);
    };
    Value warp = axisWarp();
    // Whoever used the buffer before has read it.
    gpu::BarrierOp::create(b, loc);
    for (auto [item, first] : llvm::zip_equal(items, firsts)) {
      Value slot =
          toIndex(arith::AddIOp::create(b, loc, first, warp, kIndexFlags));
      for (auto [value, view] : llvm::zip_equal(item, views))
        memref::StoreOp::create(b, loc, toScratchStorage(b, loc, value), view,
                                slot);
    }
    gpu::BarrierOp::create(b, loc);
    SmallVector<SmallVector<SmallVector<Value>>> loaded;
    for (Value first : firsts) {
      SmallVector<SmallVector<Value>> perWarp;
      for (int64_t w = 0; w < warps; ++w) {
        Value slot = toIndex(arith::AddIOp::create(
            b, loc, first, i32Constant(b, loc, w), kIndexFlags));
        SmallVector<Value> values;
        for (auto [view, element] : llvm::zip_equal(views, elements))
          values.push_back(fromScratchStorage(
              b, loc, memref::LoadOp::create(b, loc, view, slot), element));
        perWarp.push_back(values);
      }
      loaded.push_back(perWarp);
    }
    return loaded;
  }

  /// tt.combine_reduce: the N partial results of each line.
  FailureOr<SmallVector<SmallVector<Value>>> reduce(ValueRange operands) {
    SmallVector<SmallVector<Value>> partials;
    for (const tt::AxisCombinePlan::Line &line : plan.lines) {
      SmallVector<SmallVector<Value>> items;
      for (unsigned r : plan.lineRegisters(line))
        items.push_back(registerValues(operands, r));
      partials.push_back(tree(items));
    }
    for (unsigned bit : plan.laneBits) {
      Value upper = threadBit(bit);
      for (SmallVector<Value> &partial : partials) {
        SmallVector<Value> other = shuffle(partial, bit);
        // Named so the selects are created in this order whatever the
        // compiler's argument evaluation order (GCC and Clang differ).
        SmallVector<Value> left = select(upper, other, partial);
        SmallVector<Value> right = select(upper, partial, other);
        partial = apply(left, right);
      }
    }
    if (!plan.warpBits.empty()) {
      auto loaded = exchangeAcrossWarps(partials, 1);
      if (failed(loaded))
        return failure();
      for (auto [partial, perWarp] : llvm::zip_equal(partials, *loaded))
        partial = tree(perWarp);
    }
    return partials;
  }

  /// tt.scan: the N results of every register of the operands.
  FailureOr<SmallVector<SmallVector<Value>>> scan(ValueRange operands,
                                                  bool reverse) {
    size_t numRegisters = plan.firstHolder.size();
    int64_t chunks = plan.lines.front().chunks.size();
    SmallVector<SmallVector<Value>> prefix(numRegisters);
    // Per (line, chunk): the exclusive prefix over earlier lanes and warps
    // and the total over the lanes and warps covered.
    SmallVector<Partial> exclusive;
    SmallVector<SmallVector<Value>> totals;
    for (const tt::AxisCombinePlan::Line &line : plan.lines)
      for (const SmallVector<unsigned> &chunk : line.chunks) {
        SmallVector<unsigned> order(chunk);
        if (reverse)
          std::reverse(order.begin(), order.end());
        SmallVector<Value> acc;
        for (unsigned r : order) {
          SmallVector<Value> values = registerValues(operands, r);
          acc = acc.empty() ? values : apply(acc, values);
          prefix[r] = acc;
        }
        exclusive.push_back({});
        totals.push_back(acc);
      }

    for (unsigned bit : plan.laneBits) {
      // The partner holds the earlier part where this lane's bit is set
      // (clear, scanning in reverse).
      Value partnerEarlier = threadBit(bit);
      if (reverse)
        partnerEarlier = arith::XOrIOp::create(
            b, loc, partnerEarlier,
            arith::ConstantOp::create(b, loc, b.getBoolAttr(true)));
      for (auto [total, excl] : llvm::zip_equal(totals, exclusive)) {
        SmallVector<Value> other = shuffle(total, bit);
        excl = combine({other, partnerEarlier}, excl);
        SmallVector<Value> left = select(partnerEarlier, other, total);
        SmallVector<Value> right = select(partnerEarlier, total, other);
        total = apply(left, right);
      }
    }

    if (!plan.warpBits.empty()) {
      auto loaded = exchangeAcrossWarps(totals, chunks);
      if (failed(loaded))
        return failure();
      int64_t warps = plan.axisWarps();
      // The thread's warp's rank in scan order.
      Value rank = axisWarp();
      if (reverse)
        rank =
            arith::XOrIOp::create(b, loc, rank, i32Constant(b, loc, warps - 1));
      Value notFirst = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                             rank, i32Constant(b, loc, 0));
      for (auto [total, excl, perWarp] :
           llvm::zip_equal(totals, exclusive, *loaded)) {
        if (reverse)
          std::reverse(perWarp.begin(), perWarp.end());
        // acc[i]: the totals of the first i + 1 warps in scan order; the
        // last (all warps) only carries into a next chunk.
        SmallVector<SmallVector<Value>> acc = {perWarp.front()};
        for (int64_t i = 1; i < (chunks > 1 ? warps : warps - 1); ++i)
          acc.push_back(apply(acc.back(), perWarp[i]));
        SmallVector<Value> before = acc.front();
        for (int64_t i = 1; i + 1 < warps; ++i) {
          Value isNext =
              arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, rank,
                                    i32Constant(b, loc, i + 1));
          before = select(isNext, acc[i], before);
        }
        excl = combine({before, notFirst}, excl);
        if (chunks > 1)
          total = acc.back();
      }
    }

    // Each chunk after the totals of the line's earlier chunks.
    SmallVector<SmallVector<Value>> results(numRegisters);
    for (auto [l, line] : llvm::enumerate(plan.lines)) {
      Partial carry;
      for (int64_t k = 0; k < chunks; ++k) {
        int64_t j = reverse ? chunks - 1 - k : k;
        size_t q = l * chunks + j;
        Partial chunkPrefix = combine(carry, exclusive[q]);
        if (k + 1 < chunks)
          carry = combine(carry, {totals[q], {}});
        for (unsigned r : line.chunks[j])
          results[r] = combine(chunkPrefix, {prefix[r], {}}).values;
      }
    }
    for (unsigned r = 0; r < numRegisters; ++r)
      results[r] = results[plan.firstHolder[r]];
    return results;
  }

  const tt::LayoutBases &getBases() const { return bases; }
  const tt::AxisCombinePlan &getPlan() const { return plan; }

private:
  ConversionPatternRewriter &b;
  Location loc;
  Operation *op;
  Region &region;
  tt::LayoutBases bases;
  tt::AxisCombinePlan plan;
  int32_t shuffleWidth;
  size_t n;
  SmallVector<Type> elements;
  Value tid;
};

/// The emitter of combine op `op`, whose first operand converted to
/// `operand`: its bases from the operand's layout (tiled kernels) or the
/// kernel's implicit layout (uniform ones).
FailureOr<CombineEmitter> getEmitter(Operation *op, Region &region,
                                     Value operand,
                                     ConversionPatternRewriter &rewriter) {
  auto type = cast<RankedTensorType>(op->getOperand(0).getType());
  tt::LayoutBases bases;
  int32_t width = kWarpSize;
  if (Attribute layout = tt::getLayoutEncoding(type)) {
    bases = tt::getLayoutBases(layout, type.getShape());
  } else {
    int64_t lanes = getLanesPerThread(operand.getType());
    int64_t threads = getThreadsPerProgram(op);
    bases = tt::getUniformLayoutBases(op->getContext(), threads, lanes,
                                      getLanesPerGroup(op, lanes));
    // Programs of at most one warp, P of them packed in one: the shuffles'
    // offsets stay below `threads`, inside each program.
    width = static_cast<int32_t>(
        std::min<int64_t>(kWarpSize, threads * getProgramsPerCTA(op)));
  }
  std::string why;
  FailureOr<tt::AxisCombinePlan> plan =
      tt::getAxisCombinePlan(bases, getAxis(op), why);
  if (failed(plan))
    return op->emitOpError() << "cannot be lowered: " << why;
  return CombineEmitter(rewriter, op, region, std::move(bases),
                        std::move(*plan), width);
}

struct CombineReduceOpLowering : OpConversionPattern<tt::CombineReduceOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tt::CombineReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Type> resultTypes;
    if (failed(typeConverter->convertTypes(op.getResultTypes(), resultTypes)))
      return failure();
    FailureOr<CombineEmitter> emitter =
        getEmitter(op, op.getCombine(), adaptor.getSrcs().front(), rewriter);
    if (failed(emitter))
      return failure();
    FailureOr<SmallVector<SmallVector<Value>>> partials =
        emitter->reduce(adaptor.getSrcs());
    if (failed(partials))
      return rewriter.notifyMatchFailure(op, "no workgroup scratch buffer");
    const tt::AxisCombinePlan &plan = emitter->getPlan();
    auto resultTensor = dyn_cast<RankedTensorType>(op.getResult(0).getType());
    if (!resultTensor) {
      rewriter.replaceOp(op, partials->front());
      return success();
    }
    // The result's registers, in the operand layout's slice: each is the
    // partial of its line, which the thread holds when the result's thread
    // bases are the operand's without the axis.
    Attribute resultLayout = tt::getLayoutEncoding(resultTensor);
    if (!resultLayout)
      return failure();
    tt::LayoutBases resultBases =
        tt::getLayoutBases(resultLayout, resultTensor.getShape());
    const tt::LayoutBases &bases = emitter->getBases();
    auto sameThreads = [&](ArrayRef<SmallVector<int64_t>> operandBases,
                           ArrayRef<SmallVector<int64_t>> resultBits) {
      if (operandBases.size() != resultBits.size())
        return false;
      for (auto [o, r] : llvm::zip_equal(operandBases, resultBits)) {
        SmallVector<int64_t> kept(o);
        kept.erase(kept.begin() + plan.axis);
        if (kept != r)
          return false;
      }
      return true;
    };
    if (!sameThreads(bases.laneBases, resultBases.laneBases) ||
        !sameThreads(bases.warpBases, resultBases.warpBases))
      return op.emitOpError()
             << "result layout " << resultLayout
             << " is not the operand's layout sliced along axis " << plan.axis;
    SmallVector<Value> results;
    for (auto [k, type] : llvm::enumerate(resultTypes)) {
      SmallVector<Value> registers;
      for (const SmallVector<int64_t> &offset : resultBases.registerOffsets) {
        const auto *line = llvm::find_if(
            plan.lines, [&](const auto &line) { return line.key == offset; });
        if (line == plan.lines.end())
          return op.emitOpError()
                 << "result layout " << resultLayout
                 << " holds elements the threads do not reduce";
        registers.push_back((*partials)[line - plan.lines.begin()][k]);
      }
      results.push_back(fromLanes(rewriter, loc, type, registers));
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

struct ScanOpLowering : OpConversionPattern<tt::ScanOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tt::ScanOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Type> resultTypes;
    if (failed(typeConverter->convertTypes(op.getResultTypes(), resultTypes)))
      return failure();
    FailureOr<CombineEmitter> emitter =
        getEmitter(op, op.getCombine(), adaptor.getSrcs().front(), rewriter);
    if (failed(emitter))
      return failure();
    FailureOr<SmallVector<SmallVector<Value>>> registers =
        emitter->scan(adaptor.getSrcs(), op.getReverse());
    if (failed(registers))
      return rewriter.notifyMatchFailure(op, "no workgroup scratch buffer");
    SmallVector<Value> results;
    for (auto [k, type] : llvm::enumerate(resultTypes)) {
      SmallVector<Value> lanes;
      for (const SmallVector<Value> &values : *registers)
        lanes.push_back(values[k]);
      results.push_back(fromLanes(rewriter, loc, type, lanes));
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

} // namespace

int64_t mytriton::getCombineScratchBytes(Operation *op,
                                         const tt::LayoutBases &bases) {
  std::string why;
  FailureOr<tt::AxisCombinePlan> plan =
      tt::getAxisCombinePlan(bases, getAxis(op), why);
  if (failed(plan))
    return 0;
  return getScratch(*plan, op).bytes;
}

LogicalResult mytriton::checkCombineLowerable(tt::FuncOp kernel) {
  bool uniform = tt::hasImplicitLayout(kernel);
  WalkResult result = kernel.walk([&](Operation *op) -> WalkResult {
    if (!isa<tt::CombineReduceOp, tt::ScanOp>(op))
      return WalkResult::advance();
    auto type = cast<RankedTensorType>(op->getOperand(0).getType());
    Attribute layout = tt::getLayoutEncoding(type);
    if (!uniform && !layout)
      return WalkResult::advance(); // checkTiledLowerable says why
    tt::LayoutBases bases = uniform
                                ? getUniformBases(kernel)
                                : tt::getLayoutBases(layout, type.getShape());
    std::string why;
    if (failed(tt::getAxisCombinePlan(bases, getAxis(op), why))) {
      InFlightDiagnostic diag = op->emitOpError()
                                << "cannot be lowered to the GPU";
      if (layout)
        diag << " in layout " << layout;
      diag << ": " << why;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

int64_t mytriton::getUniformCombineScratchBytes(tt::FuncOp kernel) {
  int64_t bytes = 0;
  kernel.walk([&](Operation *op) {
    if (isa<tt::CombineReduceOp, tt::ScanOp>(op))
      bytes =
          std::max(bytes, getCombineScratchBytes(op, getUniformBases(kernel)));
  });
  return bytes;
}

void mytriton::populateCombineToGPUPatterns(const TypeConverter &typeConverter,
                                            RewritePatternSet &patterns) {
  patterns.add<CombineReduceOpLowering, ScanOpLowering>(typeConverter,
                                                        patterns.getContext());
}
