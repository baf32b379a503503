//===- TiledLayouts.cpp - tt-assign-layouts for tiled kernels -------------===//
//
// A tiled kernel's tensors get their layouts in three steps over its body,
// regions included (Passes.td has the rules):
//   1. forward: the layout each value is *forced* to by its producer (every
//      rank-2 tensor the kernel layout, a trans its operand's permuted, a
//      reduction along an axis the operand's slice, an elementwise op its
//      first forced operand's);
//   2. backward: every other value takes the layout its first user (in
//      block order) demands, else the 1-D layout of its width; each op then
//      states what it demands of its operands;
//   3. rewrite: types are set, and every use whose demand differs from its
//      value's layout gets the value rematerialized in that layout (cheap
//      pure producers) or converted (tt.convert_layout after the value).
// A tensor carried by scf.for / scf.while or merged by scf.if is one group
// of values (init, region argument, yield operand, result) with one layout:
// step 1 forces it from its init (else from what the body yields), step 2
// takes it from the first demand on the results (else the default), and
// the inits and yields demand it, so they are converted where they differ.
//
//===----------------------------------------------------------------------===//

#include "TiledLayouts.h"

#include "MyTriton/Analysis/TiledAxisInfo.h"
#include "MyTriton/Dialect/TT/IR/Layouts.h"
#include "MyTriton/Dialect/TT/IR/TTDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::mytriton;
using namespace mlir::mytriton::tt;

namespace {

/// What an op does with the layouts of its tensors.
enum class Role {
  /// No tensor operand or result (scalars, tt.return).
  None,
  /// make_range, splat, arith.constant: no tensor operand; any layout.
  Source,
  /// arith/math, addptr, load, atomics: operands and result in one layout.
  Elementwise,
  /// tt.store: pointer, value and mask in one layout.
  Store,
  /// tt.print, tt.assert: no result; each operand in whatever layout it has.
  Sink,
  /// Operand in the result's layout sliced along the new axis.
  ExpandDims,
  /// Operand and result in one layout (same rank).
  Broadcast,
  /// Result in the operand's layout, permuted; registers stay put.
  Trans,
  /// Any operand layout; the result in the layout of its shape.
  Reshape,
  /// Any operand layout; the result its slice along the axis.
  Reduce,
  /// tt.combine_reduce, tt.scan: operands in one layout, results in its
  /// slice along the axis (reduce) or in it (scan); scalar regions.
  Combine,
  /// tt.dot: the accumulator in the result's (kernel) layout, the operands
  /// in #tt.dot_operand layouts of it.
  Dot,
  /// Both layouts given (the verifier requires them).
  Convert,
  /// scf.for, scf.if, scf.while: carried tensors in one layout per group.
  ControlFlow,
  /// scf.yield, scf.condition: their parent demands their operands.
  Terminator,
  /// Tensors, but no known layout rule.
  Unknown,
};

bool hasTensors(Operation *op) {
  auto isTensor = [](Type type) { return isa<RankedTensorType>(type); };
  return llvm::any_of(op->getOperandTypes(), isTensor) ||
         llvm::any_of(op->getResultTypes(), isTensor);
}

Role getRole(Operation *op) {
  // Before the tensor check: a loop without carried tensors still holds
  // tensor ops.
  if (isa<scf::ForOp, scf::IfOp, scf::WhileOp>(op))
    return Role::ControlFlow;
  if (!hasTensors(op))
    return Role::None;
  if (isa<MakeRangeOp, SplatOp, arith::ConstantOp>(op))
    return Role::Source;
  // An atomic is per element as a load is (its lowering skips replicas, as
  // a store's does).
  if (isa<AddPtrOp, LoadOp, AtomicRMWOp, AtomicCASOp>(op) ||
      op->hasTrait<OpTrait::Elementwise>())
    return Role::Elementwise;
  return llvm::TypeSwitch<Operation *, Role>(op)
      .Case<StoreOp>([](auto) { return Role::Store; })
      .Case<PrintOp, AssertOp>([](auto) { return Role::Sink; })
      .Case<ExpandDimsOp>([](auto) { return Role::ExpandDims; })
      .Case<BroadcastOp>([](auto) { return Role::Broadcast; })
      .Case<TransOp>([](auto) { return Role::Trans; })
      .Case<ReshapeOp>([](auto) { return Role::Reshape; })
      .Case<ReduceOp>([](auto) { return Role::Reduce; })
      .Case<CombineReduceOp, ScanOp>([](auto) { return Role::Combine; })
      .Case<DotOp>([](auto) { return Role::Dot; })
      .Case<ConvertLayoutOp>([](auto) { return Role::Convert; })
      .Case<scf::YieldOp, scf::ConditionOp>(
          [](auto) { return Role::Terminator; })
      .Default([](auto) { return Role::Unknown; });
}

/// The values that one layout binds across an scf op: the results and
/// region arguments of one carried tensor, and the operands (inits,
/// yields, forwarded condition values) that flow into them.
struct CarriedGroup {
  SmallVector<Value> values;
  SmallVector<OpOperand *> operands;
};

bool isTensor(Value value) { return isa<RankedTensorType>(value.getType()); }

/// The groups of `op`'s carried tensors, inits first among the operands.
SmallVector<CarriedGroup> getCarriedGroups(Operation *op) {
  SmallVector<CarriedGroup> groups;
  auto add = [&](ArrayRef<Value> values, ArrayRef<OpOperand *> operands) {
    if (!isTensor(values.front()))
      return;
    groups.push_back({SmallVector<Value>(values),
                      SmallVector<OpOperand *>(operands)});
  };
  if (auto loop = dyn_cast<scf::ForOp>(op)) {
    auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
    for (auto [i, arg] : llvm::enumerate(loop.getRegionIterArgs()))
      add({arg, loop.getResult(i)},
          {&loop.getInitArgsMutable()[i], &yield->getOpOperand(i)});
  } else if (auto branch = dyn_cast<scf::IfOp>(op)) {
    for (OpResult result : branch.getResults()) {
      SmallVector<OpOperand *> yields;
      for (Region *region : {&branch.getThenRegion(), &branch.getElseRegion()})
        if (!region->empty())
          yields.push_back(
              &region->front().getTerminator()->getOpOperand(
                  result.getResultNumber()));
      add({result}, yields);
    }
  } else if (auto loop = dyn_cast<scf::WhileOp>(op)) {
    scf::ConditionOp condition = loop.getConditionOp();
    scf::YieldOp yield = loop.getYieldOp();
    for (auto [i, arg] : llvm::enumerate(loop.getBeforeArguments()))
      add({arg}, {&loop->getOpOperand(i), &yield->getOpOperand(i)});
    for (auto [i, arg] : llvm::enumerate(loop.getAfterArguments()))
      add({arg, loop.getResult(i)}, {&condition.getArgsMutable()[i]});
  }
  return groups;
}

/// `type` with `layout` as its encoding.
RankedTensorType withLayout(Type type, Attribute layout) {
  auto tensor = cast<RankedTensorType>(type);
  return RankedTensorType::get(tensor.getShape(), tensor.getElementType(),
                               layout);
}

class TiledLayoutAssigner {
public:
  TiledLayoutAssigner(FuncOp kernel, unsigned computeCapability,
                      bool useWgmma)
      : kernel(kernel), context(kernel.getContext()),
        numWarps(getKernelNumWarps(kernel)),
        computeCapability(computeCapability), useWgmma(useWgmma) {}

  LogicalResult run() {
    Block &body = kernel.getBody().front();
    if (!llvm::isPowerOf2_32(numWarps))
      return kernel.emitOpError()
             << "has num_warps = " << numWarps
             << ", which is not a power of two; layouts deal tensors out to "
                "a power-of-two number of warps";
    kernel.getBody().walk<WalkOrder::PreOrder>(
        [&](Operation *op) { order[op] = order.size(); });
    if (failed(checkOps()))
      return failure();
    collectAccessBytes();
    chooseMmaLayouts();
    if (failed(chooseRank2Layout()) ||
        failed(computeForced(body)) || failed(computeLayouts(body)))
      return failure();
    rewrite();
    return rewriteHopperDots();
  }

private:
  FuncOp kernel;
  MLIRContext *context;
  unsigned numWarps;
  unsigned computeCapability;
  bool useWgmma;
  /// The #tt.mma accumulator layout of each dot on tensor cores.
  DenseMap<Operation *, MmaEncodingAttr> mmaLayouts;
  /// The one layout of the kernel's rank-2 tensors (null without any).
  BlockedEncodingAttr rank2Layout;
  DenseMap<int64_t, BlockedEncodingAttr> rank1Layouts;
  /// The narrowest pointee, in bytes, of the loads and stores through
  /// rank-2 pointer tensors, and through 1-D ones of each width.
  std::optional<int64_t> rank2AccessBytes;
  DenseMap<int64_t, int64_t> rank1AccessBytes;
  /// Layouts fixed by a value's producer (step 1).
  DenseMap<Value, Attribute> forced;
  /// Every tensor value's layout (step 2).
  DenseMap<Value, Attribute> layouts;
  /// The layout a use needs its value in; absent: any layout does.
  DenseMap<OpOperand *, Attribute> demands;
  /// Values recomputed, not converted, when needed in another layout.
  DenseSet<Value> cheap;
  /// (value, layout) -> the value in that layout, made once.
  DenseMap<std::pair<Value, Attribute>, Value> materialized;
  /// A rematerialized copy -> the value it copies. Uses are rewritten in
  /// program order, so a cheap op copied later may already read a copy of
  /// its operand; it must recompute from the original, not convert the copy.
  DenseMap<Value, Value> copiedFrom;
  /// Every op of the body in pre-order (program order across regions).
  DenseMap<Operation *, unsigned> order;

  /// Rejects what no layout rule covers, before anything is changed.
  LogicalResult checkOps() {
    WalkResult walk = kernel.getBody().walk([&](Operation *op) {
      return failed(checkOp(*op)) ? WalkResult::interrupt()
                                  : WalkResult::advance();
    });
    return failure(walk.wasInterrupted());
  }

  LogicalResult checkOp(Operation &op) {
    {
      Role role = getRole(&op);
      if (op.getNumRegions() != 0 && role != Role::ControlFlow &&
          role != Role::Combine) {
        WalkResult tensors = op.walk([](Operation *nested) {
          return hasTensors(nested) ? WalkResult::interrupt()
                                    : WalkResult::advance();
        });
        if (tensors.wasInterrupted())
          return op.emitOpError()
                 << "has regions; tt-assign-layouts lays out the regions of "
                    "scf.for, scf.if and scf.while only";
      }
      if (!hasTensors(&op))
        return success();
      if (role == Role::Unknown)
        return op.emitOpError()
               << "has no layout rule in tt-assign-layouts (tiled kernels "
                  "take tt ops, elementwise arith/math ops and scf "
                  "loops and branches)";
      if (op.getNumResults() > 1 && role != Role::ControlFlow &&
          role != Role::Combine)
        return op.emitOpError() << "has " << op.getNumResults()
                                << " results; tt-assign-layouts lays out "
                                   "ops of one result";
      SmallVector<Type> types(op.getOperandTypes());
      llvm::append_range(types, op.getResultTypes());
      for (Type type : types)
        if (auto tensor = dyn_cast<RankedTensorType>(type))
          if (tensor.getRank() < 1 || tensor.getRank() > 2)
            return op.emitOpError()
                   << "has the rank-" << tensor.getRank() << " tensor "
                   << tensor
                   << "; tt-assign-layouts lays out tensors of rank 1 and 2";
      if (auto constant = dyn_cast<arith::ConstantOp>(op))
        if (!isa<DenseElementsAttr>(constant.getValue()))
          return op.emitOpError()
                 << "has a tensor value " << constant.getValue()
                 << " that tt-assign-layouts cannot re-type; use a dense "
                    "constant";
    }
    return success();
  }

  /// Dots on Hopper's tensor cores read their operands from shared memory.
  LogicalResult rewriteHopperDots() {
    OpBuilder builder(context);
    for (auto [op, mma] : mmaLayouts)
      if (mma.isHopper() &&
          failed(rewriteAsWarpGroupDot(cast<DotOp>(op), builder)))
        return failure();
    return success();
  }

  /// Decides, per tt.dot, whether it runs on tensor cores (MmaLayouts.cpp).
  void chooseMmaLayouts() {
    bool hasDots =
        kernel.getBody()
            .walk([](DotOp) { return WalkResult::interrupt(); })
            .wasInterrupted();
    if (!hasDots)
      return;
    ContiguityAnalysis scalars(kernel);
    TiledAxisInfo axisInfo(kernel, scalars);
    kernel.getBody().walk([&](DotOp dot) {
      if (MmaEncodingAttr mma = chooseMmaLayout(
              dot, numWarps, computeCapability, useWgmma, axisInfo))
        mmaLayouts[dot] = mma;
    });
  }

  /// `layout` where a rule needs a #tt.blocked one: an #tt.mma accumulator
  /// is converted to the kernel's rank-2 layout first.
  Attribute getBlockedSource(Attribute layout) {
    return isa_and_present<MmaEncodingAttr>(layout) ? Attribute(rank2Layout)
                                                    : layout;
  }

  /// Records the narrowest element each shape class of pointer tensors
  /// accesses memory with.
  void collectAccessBytes() {
    kernel.getBody().walk([&](Operation *op) {
      Value ptr;
      if (auto load = dyn_cast<LoadOp>(op))
        ptr = load.getPtr();
      else if (auto store = dyn_cast<StoreOp>(op))
        ptr = store.getPtr();
      auto tensor = ptr ? dyn_cast<RankedTensorType>(ptr.getType()) : nullptr;
      if (!tensor)
        return;
      int64_t bytes = cast<PointerType>(tensor.getElementType())
                          .getPointeeType()
                          .getIntOrFloatBitWidth() /
                      8;
      auto narrowest = [&](int64_t known) { return std::min(known, bytes); };
      if (tensor.getRank() == 2) {
        rank2AccessBytes = narrowest(rank2AccessBytes.value_or(bytes));
        return;
      }
      auto [it, inserted] =
          rank1AccessBytes.try_emplace(tensor.getDimSize(0), bytes);
      it->second = narrowest(it->second);
    });
  }

  /// Elements per 16-byte access of the narrowest element `bytes` (DTYPES.md:
  /// 8 halves, 4 floats, 2 doubles, 16 bytes); 4, as for 32-bit elements,
  /// where no load or store says.
  static unsigned getElementsPer16Bytes(std::optional<int64_t> bytes) {
    return static_cast<unsigned>(16 / bytes.value_or(4));
  }

  /// TILED.md's rule: from the largest rank-2 tensor [M, N] (first wins),
  /// 16-byte rows of v = min(16 / bytes, N) elements per thread (bytes: the
  /// narrowest element a rank-2 load or store accesses), the warp's lanes
  /// along N first; warps along N until a row is covered once (Triton's
  /// default layout: a [4, 256] row softmax on 4 warps as [2, 2] ran 3.5%
  /// faster than one row a warp), then along M while rows remain, the rest
  /// along N.
  LogicalResult chooseRank2Layout() {
    RankedTensorType largest;
    kernel.getBody().walk<WalkOrder::PreOrder>([&](Operation *op) {
      for (Type type : op->getResultTypes()) {
        auto tensor = dyn_cast<RankedTensorType>(type);
        if (tensor && tensor.getRank() == 2 &&
            (!largest || tensor.getNumElements() > largest.getNumElements()))
          largest = tensor;
      }
    });
    if (!largest)
      return success();
    unsigned m = largest.getDimSize(0), n = largest.getDimSize(1);
    // A matmul's tiles differ in shape (a is M x K, b K x N, the
    // accumulator M x N): the layout is fitted to the smallest tile a load
    // or store accesses along each dimension, so that no operand is loaded
    // by several threads (Triton gives each access its own layout).
    if (!mmaLayouts.empty()) {
      kernel.getBody().walk([&](Operation *op) {
        Value ptr;
        if (auto load = dyn_cast<LoadOp>(op))
          ptr = load.getPtr();
        else if (auto store = dyn_cast<StoreOp>(op))
          ptr = store.getPtr();
        auto tensor = ptr ? dyn_cast<RankedTensorType>(ptr.getType())
                          : RankedTensorType();
        if (!tensor || tensor.getRank() != 2)
          return;
        if (tensor.getDimSize(0) > 1)
          m = std::min<unsigned>(m, tensor.getDimSize(0));
        if (tensor.getDimSize(1) > 1)
          n = std::min<unsigned>(n, tensor.getDimSize(1));
      });
    }
    unsigned v = std::min(getElementsPer16Bytes(rank2AccessBytes), n);
    unsigned threadsN =
        std::min(kThreadsPerWarp * numWarps, std::max(1u, n / v));
    unsigned tN = std::min(kThreadsPerWarp, threadsN);
    unsigned tM = kThreadsPerWarp / tN;
    unsigned wM = std::min(numWarps / std::clamp(threadsN / tN, 1u, numWarps),
                           std::max(1u, m / tM));
    unsigned wN = numWarps / wM;
    rank2Layout = BlockedEncodingAttr::getChecked(
        [&] {
          return kernel.emitOpError()
                 << "has no rank-2 layout for " << largest << " over "
                 << numWarps << " warps: ";
        },
        context, {1, v}, {tM, tN}, {wM, wN}, {1, 0});
    return success(rank2Layout != nullptr);
  }

  /// TILED.md's 1-D rule: up to 16 bytes of consecutive elements per
  /// thread (of the narrowest element the loads and stores of this width
  /// access) while the width exceeds the block's threads, over all 32 * W
  /// threads.
  BlockedEncodingAttr getRank1Layout(int64_t width) {
    BlockedEncodingAttr &layout = rank1Layouts[width];
    if (!layout) {
      int64_t threads = kThreadsPerWarp * numWarps;
      std::optional<int64_t> bytes;
      if (auto it = rank1AccessBytes.find(width); it != rank1AccessBytes.end())
        bytes = it->second;
      unsigned perThread = std::min<int64_t>(
          getElementsPer16Bytes(bytes), std::max<int64_t>(1, width / threads));
      layout = BlockedEncodingAttr::get(context, {perThread},
                                        {kThreadsPerWarp}, {numWarps}, {0});
    }
    return layout;
  }

  /// `layout` as the #tt.blocked a rule needs, else an error at `op`.
  FailureOr<BlockedEncodingAttr> asBlocked(Attribute layout, Operation *op,
                                           StringRef why) {
    if (auto blocked = dyn_cast<BlockedEncodingAttr>(layout))
      return blocked;
    return op->emitOpError() << why << " needs a #tt.blocked layout, not "
                             << layout;
  }

  static SmallVector<OpOperand *> getTensorOperands(Operation *op) {
    SmallVector<OpOperand *> operands;
    for (OpOperand &operand : op->getOpOperands())
      if (isa<RankedTensorType>(operand.get().getType()))
        operands.push_back(&operand);
    return operands;
  }

  /// The first forced layout among `op`'s tensor operands, else null.
  Attribute getFirstForcedOperand(Operation *op) {
    for (OpOperand *operand : getTensorOperands(op))
      if (Attribute layout = forced.lookup(operand->get()))
        return layout;
    return {};
  }

  /// Step 1, which also finds the cheap values.
  LogicalResult computeForced(Block &block) {
    for (Operation &op : block) {
      LogicalResult result = getRole(&op) == Role::ControlFlow
                                 ? computeForcedCarried(op)
                                 : computeForcedOp(op);
      if (failed(result))
        return failure();
    }
    return success();
  }

  /// The layout forced on a carried group: its values' (once set), else
  /// the first forced one among its inits and yields; a rank-2 group is
  /// always forced (the kernel layout), as rank-2 results are.
  Attribute getForcedLayout(const CarriedGroup &group) {
    if (Attribute given = cast<RankedTensorType>(group.values.front().getType())
                              .getEncoding())
      return given;
    // An accumulator carried through a loop stays where the tensor cores
    // leave it, whatever its init (zeros are rematerialized in it).
    for (OpOperand *operand : group.operands)
      if (auto mma = dyn_cast_if_present<MmaEncodingAttr>(
              forced.lookup(operand->get())))
        return mma;
    for (Value value : group.values)
      if (Attribute layout = forced.lookup(value))
        return layout;
    for (OpOperand *operand : group.operands)
      if (Attribute layout = forced.lookup(operand->get()))
        return layout;
    if (cast<RankedTensorType>(group.values.front().getType()).getRank() == 2)
      return rank2Layout;
    return {};
  }

  /// Forces every group of `op` that a layout reaches; whether any changed.
  bool forceGroups(ArrayRef<CarriedGroup> groups) {
    bool changed = false;
    for (const CarriedGroup &group : groups) {
      Attribute layout = getForcedLayout(group);
      if (!layout)
        continue;
      for (Value value : group.values) {
        Attribute &known = forced[value];
        changed |= known != layout;
        known = layout;
      }
    }
    return changed;
  }

  LogicalResult computeForcedRegions(Operation &op) {
    for (Region &region : op.getRegions())
      for (Block &block : region)
        if (failed(computeForced(block)))
          return failure();
    return success();
  }

  /// An scf op: its groups are forced from the inits, the regions see
  /// that; a group first forced by what a region yields (a reduction's
  /// slice into a zero-initialized accumulator) is seen by a second pass.
  LogicalResult computeForcedCarried(Operation &op) {
    SmallVector<CarriedGroup> groups = getCarriedGroups(&op);
    forceGroups(groups);
    if (failed(computeForcedRegions(op)))
      return failure();
    if (forceGroups(groups) && failed(computeForcedRegions(op)))
      return failure();
    forceGroups(groups);
    return success();
  }

  LogicalResult computeForcedOp(Operation &op) {
    Role role = getRole(&op);
    if (role == Role::Combine)
      return computeForcedCombine(op);
    if (role == Role::None || op.getNumResults() == 0)
      return success();
    Value result = op.getResult(0);
    auto type = dyn_cast<RankedTensorType>(result.getType());
    if (!type)
      return success();
    if (Attribute given = type.getEncoding()) {
      if (!isLayoutEncoding(given))
        return op.emitOpError() << "produces " << type
                                << ", whose encoding is not a tt layout";
      forced[result] = given;
      return success();
    }
    bool pure = isMemoryEffectFree(&op);
    if (role == Role::Source ||
        (role == Role::Elementwise && pure &&
         llvm::all_of(getTensorOperands(&op), [&](OpOperand *operand) {
           return cheap.contains(operand->get());
         })))
      cheap.insert(result);
    if (role == Role::Dot)
      if (MmaEncodingAttr mma = mmaLayouts.lookup(&op)) {
        forced[result] = mma;
        return success();
      }
    if (role == Role::Trans) {
      Value src = cast<TransOp>(op).getSrc();
      FailureOr<BlockedEncodingAttr> layout = asBlocked(
          getBlockedSource(forced.lookup(src)), &op, "transposing");
      if (failed(layout))
        return failure();
      forced[result] = getTransposedLayout(*layout);
      return success();
    }
    if (type.getRank() == 2) {
      // Elementwise ops on a tensor-core accumulator (the epilogue: an
      // activation, .to(tl.float16)) stay in its layout, so the conversion
      // for the store moves the final, narrower values.
      Attribute operand = getFirstForcedOperand(&op);
      forced[result] = role == Role::Elementwise && !isa<LoadOp>(op) &&
                               isa_and_present<MmaEncodingAttr>(operand)
                           ? operand
                           : Attribute(rank2Layout);
      return success();
    }
    switch (role) {
    case Role::Reduce: {
      auto reduce = cast<ReduceOp>(op);
      FailureOr<BlockedEncodingAttr> layout =
          asBlocked(getBlockedSource(forced.lookup(reduce.getOperand())), &op,
                    "reducing along an axis");
      if (failed(layout))
        return failure();
      forced[result] =
          SliceEncodingAttr::get(context, *reduce.getAxis(), *layout);
      break;
    }
    case Role::Reshape:
      forced[result] = getRank1Layout(type.getDimSize(0));
      break;
    case Role::Elementwise:
    case Role::Broadcast:
      if (Attribute layout = getFirstForcedOperand(&op))
        forced[result] = layout;
      break;
    default:
      break;
    }
    return success();
  }

  /// The operands' layout of a tt.combine_reduce / tt.scan as far as it is
  /// forced (the first forced operand's; rank-2 tensors always are), else
  /// null.
  Attribute getForcedCombineLayout(Operation &op) {
    return getBlockedSource(getFirstForcedOperand(&op));
  }

  /// tt.combine_reduce along an axis of a rank-2 tensor: every result the
  /// slice of the operands' layout; tt.scan: every result in it.
  LogicalResult computeForcedCombine(Operation &op) {
    Attribute layout = getForcedCombineLayout(op);
    if (!layout)
      return success();
    if (auto reduce = dyn_cast<CombineReduceOp>(op)) {
      if (cast<RankedTensorType>(reduce.getSrcs().front().getType())
              .getRank() < 2)
        return success();
      FailureOr<BlockedEncodingAttr> blocked =
          asBlocked(layout, &op, "reducing along an axis");
      if (failed(blocked))
        return failure();
      layout = SliceEncodingAttr::get(context, reduce.getAxis(), *blocked);
    }
    for (Value result : op.getResults())
      forced[result] = layout;
    return success();
  }

  /// Step 2 of a tt.combine_reduce / tt.scan: its results' layouts (the
  /// forced ones, else, for a 1-D scan, the first demand on a result, else
  /// the default), and the demand on its operands that they imply.
  void computeCombineLayouts(Operation &op) {
    auto type = cast<RankedTensorType>(op.getOperand(0).getType());
    Attribute layout = getForcedCombineLayout(op);
    if (isa<ScanOp>(op)) {
      for (Value result : op.getResults())
        if (!layout)
          layout = getFirstDemand(result);
    }
    if (!layout)
      layout = getRank1Layout(type.getDimSize(0));
    for (Value result : op.getResults())
      if (isTensor(result))
        layouts[result] = forced.lookup(result) ? forced.lookup(result)
                          : isa<ScanOp>(op)     ? layout
                                                : Attribute();
    demandAll(&op, layout);
  }

  /// The demand of `value`'s earliest user (program order across
  /// regions, then operand order), else null.
  Attribute getFirstDemand(Value value) {
    OpOperand *first = nullptr;
    for (OpOperand &use : value.getUses()) {
      if (!demands.contains(&use))
        continue;
      Operation *user = use.getOwner();
      if (!first ||
          (user == first->getOwner()
               ? use.getOperandNumber() < first->getOperandNumber()
               : order.lookup(user) < order.lookup(first->getOwner())))
        first = &use;
    }
    return first ? demands.lookup(first) : Attribute();
  }

  void demandAll(Operation *op, Attribute layout) {
    for (OpOperand *operand : getTensorOperands(op))
      demands[operand] = layout;
  }

  /// Step 2, from the last op back, so that every user of a value states
  /// its demand before the value's producer is laid out. An scf op is
  /// reached before its regions: its groups take their layouts there (the
  /// uses after it have spoken), so the yields in its regions demand them.
  LogicalResult computeLayouts(Block &block) {
    for (Operation &op : llvm::reverse(block)) {
      Role role = getRole(&op);
      if (role == Role::None)
        continue;
      if (role == Role::ControlFlow) {
        computeCarriedLayouts(op);
        for (Region &region : llvm::reverse(op.getRegions()))
          for (Block &nested : llvm::reverse(region))
            if (failed(computeLayouts(nested)))
              return failure();
        continue;
      }
      if (role == Role::Terminator)
        continue;
      if (role == Role::Combine) {
        computeCombineLayouts(op);
        continue;
      }
      Attribute resultLayout;
      if (op.getNumResults() == 1 &&
          isa<RankedTensorType>(op.getResult(0).getType())) {
        Value result = op.getResult(0);
        resultLayout = forced.lookup(result);
        if (!resultLayout)
          resultLayout = getFirstDemand(result);
        if (!resultLayout)
          resultLayout = getRank1Layout(
              cast<RankedTensorType>(result.getType()).getDimSize(0));
        layouts[result] = resultLayout;
      }
      switch (role) {
      case Role::Elementwise:
      case Role::Broadcast:
        demandAll(&op, resultLayout);
        break;
      case Role::Store: {
        Attribute layout = getFirstForcedOperand(&op);
        auto ptr = cast<RankedTensorType>(cast<StoreOp>(op).getPtr().getType());
        if (!layout)
          layout = ptr.getRank() == 2 ? Attribute(rank2Layout)
                                      : Attribute(getRank1Layout(ptr.getDimSize(0)));
        demandAll(&op, layout);
        break;
      }
      case Role::ExpandDims: {
        auto expand = cast<ExpandDimsOp>(op);
        FailureOr<BlockedEncodingAttr> parent =
            asBlocked(resultLayout, &op, "inserting a dimension");
        if (failed(parent))
          return failure();
        demands[&expand.getSrcMutable()] =
            SliceEncodingAttr::get(context, expand.getAxis(), *parent);
        break;
      }
      case Role::Reduce:
      case Role::Trans:
        // An accumulator left by the tensor cores is reduced or transposed
        // in the kernel layout.
        if (isa_and_present<MmaEncodingAttr>(forced.lookup(op.getOperand(0))))
          demands[&op.getOpOperand(0)] = rank2Layout;
        break;
      case Role::Dot: {
        auto dot = cast<DotOp>(op);
        if (auto mma = dyn_cast<MmaEncodingAttr>(resultLayout);
            mma && mma.isHopper()) {
          // wgmma: a and b are stored to shared memory from whatever
          // layout they have (rewriteAsWarpGroupDot).
          demands[&dot.getCMutable()] = mma;
          break;
        }
        if (auto mma = dyn_cast<MmaEncodingAttr>(resultLayout)) {
          // mma.sync: operands converted to its register fragments.
          unsigned kWidth = 32 / cast<RankedTensorType>(dot.getA().getType())
                                     .getElementType()
                                     .getIntOrFloatBitWidth();
          demands[&dot.getAMutable()] =
              DotOperandEncodingAttr::get(context, 0, mma, kWidth);
          demands[&dot.getBMutable()] =
              DotOperandEncodingAttr::get(context, 1, mma, kWidth);
          demands[&dot.getCMutable()] = mma;
          break;
        }
        // The FMA path: operands converted (through shared memory) to the
        // layouts that give each thread the rows and columns of its
        // accumulator registers; the accumulator stays in the result's.
        FailureOr<BlockedEncodingAttr> parent =
            asBlocked(resultLayout, &op, "a dot's accumulator");
        if (failed(parent))
          return failure();
        demands[&dot.getAMutable()] =
            DotOperandEncodingAttr::get(context, 0, *parent);
        demands[&dot.getBMutable()] =
            DotOperandEncodingAttr::get(context, 1, *parent);
        demands[&dot.getCMutable()] = *parent;
        break;
      }
      default:
        break;
      }
    }
    return success();
  }

  /// Each group's layout: the forced one, else the first demand on its
  /// values (the uses after the op), else the default of its width. Its
  /// inits and yields demand it.
  void computeCarriedLayouts(Operation &op) {
    for (const CarriedGroup &group : getCarriedGroups(&op)) {
      Attribute layout = getForcedLayout(group);
      for (Value value : group.values)
        if (!layout)
          layout = getFirstDemand(value);
      if (!layout)
        layout = getRank1Layout(
            cast<RankedTensorType>(group.values.front().getType())
                .getDimSize(0));
      for (Value value : group.values)
        layouts[value] = layout;
      for (OpOperand *operand : group.operands)
        demands[operand] = layout;
    }
  }

  /// `type`'s constant value re-typed, for a constant given a layout.
  static void retypeConstant(Operation *op) {
    if (auto constant = dyn_cast<arith::ConstantOp>(op))
      constant.setValueAttr(cast<DenseElementsAttr>(constant.getValue())
                                .reshape(cast<ShapedType>(constant.getType())));
  }

  /// `value` in `layout`: itself, a rematerialized copy right after its
  /// producer, or a tt.convert_layout of it there (at the start of its
  /// block for a region argument).
  Value materialize(Value value, Attribute layout) {
    if (getLayoutEncoding(value.getType()) == layout)
      return value;
    if (Value original = copiedFrom.lookup(value))
      return materialize(original, layout);
    auto key = std::make_pair(value, layout);
    if (Value known = materialized.lookup(key))
      return known;
    Operation *def = value.getDefiningOp();
    if (!def) {
      OpBuilder builder = OpBuilder::atBlockBegin(
          cast<BlockArgument>(value).getOwner());
      Value result = ConvertLayoutOp::create(
          builder, value.getLoc(), withLayout(value.getType(), layout), value);
      materialized[key] = result;
      return result;
    }
    RankedTensorType type = withLayout(value.getType(), layout);
    Value result;
    if (cheap.contains(value)) {
      IRMapping mapping;
      for (OpOperand *operand : getTensorOperands(def))
        mapping.map(operand->get(), materialize(operand->get(), layout));
      OpBuilder builder = OpBuilder::atBlockEnd(def->getBlock());
      builder.setInsertionPointAfter(def);
      Operation *copy = builder.clone(*def, mapping);
      copy->getResult(0).setType(type);
      retypeConstant(copy);
      result = copy->getResult(0);
      copiedFrom[result] = value;
    } else {
      OpBuilder builder = OpBuilder::atBlockEnd(def->getBlock());
      builder.setInsertionPointAfter(def);
      result = ConvertLayoutOp::create(builder, value.getLoc(), type, value);
    }
    materialized[key] = result;
    return result;
  }

  /// Step 3.
  void rewrite() {
    SmallVector<Operation *> ops;
    kernel.getBody().walk<WalkOrder::PreOrder>(
        [&](Operation *op) { ops.push_back(op); });
    for (Operation *op : ops) {
      for (Region &region : op->getRegions())
        for (BlockArgument arg : region.getArguments())
          if (Attribute layout = layouts.lookup(arg))
            arg.setType(withLayout(arg.getType(), layout));
      for (OpResult result : op->getResults())
        if (Attribute layout = layouts.lookup(result)) {
          result.setType(withLayout(result.getType(), layout));
          retypeConstant(op);
        }
    }
    for (Operation *op : ops)
      for (OpOperand &use : op->getOpOperands())
        if (Attribute layout = demands.lookup(&use))
          use.set(materialize(use.get(), layout));
  }
};

} // namespace

LogicalResult tt::assignTiledLayouts(FuncOp kernel, unsigned computeCapability,
                                     bool useWgmma) {
  if (kernel.isExternal())
    return success();
  return TiledLayoutAssigner(kernel, computeCapability, useWgmma).run();
}
