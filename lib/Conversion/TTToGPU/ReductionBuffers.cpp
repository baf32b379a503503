//===- ReductionBuffers.cpp - workgroup buffers of block reductions ------===//
//
// A block reduction wider than a warp writes one value per warp to a
// workgroup buffer, waits at a barrier, and reads the buffer back
// (ReduceToGPU.cpp). Its writes race with the reads of an earlier reduction
// of the same buffer unless a barrier lies between them. A buffer is
// "pending" from a reduction's reads until the next barrier; since every
// reduction's own barrier clears all buffers, at most the last reduction's
// buffer is pending on a straight-line path, and a reduction that takes
// another buffer needs no barrier of its own. Up to two buffers per element
// type are used in turn.
//
// Through control flow, the pending set is a union over the paths that can
// reach a point: both branches of an scf.if; a loop body is entered from
// before the loop and from its own end, so it is planned again with the
// union until that union stops growing (the last plan is the one kept).
// A reduction whose type has both buffers pending gets a barrier before
// its writes: one reduction in a loop body, used once per iteration.
//
//===----------------------------------------------------------------------===//

#include "TTToGPUInternal.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/SetOperations.h"
#include "llvm/ADT/SmallSet.h"

using namespace mlir;
using namespace mlir::mytriton;

namespace {
/// Buffers (indices into the element type list) whose reads some thread
/// may not have finished.
using Pending = llvm::SmallSet<unsigned, 4>;

/// The most buffers one element type gets before a reduction waits at a
/// barrier instead.
constexpr unsigned kBuffersPerType = 2;

class Planner {
public:
  explicit Planner(int64_t threads) : threads(threads) {}

  Pending planBlock(Block &block, Pending pending) {
    for (Operation &op : block)
      pending = planOp(op, std::move(pending));
    return pending;
  }

  /// The plan, with the buffers no reduction ended up using dropped.
  ReductionBufferPlan finish(MLIRContext *context) && {
    ReductionBufferPlan plan;
    llvm::DenseMap<unsigned, unsigned> renumbered;
    for (unsigned buffer = 0; buffer < bufferTypes.size(); ++buffer)
      if (llvm::any_of(choices, [&](const auto &choice) {
            return choice.second.buffer == buffer;
          })) {
        renumbered[buffer] = plan.bufferTypes.size();
        plan.bufferTypes.push_back(MemRefType::get(
            {threads / kWarpSize}, bufferTypes[buffer], nullptr,
            gpu::AddressSpaceAttr::get(
                context, gpu::GPUDialect::getWorkgroupAddressSpace())));
      }
    for (auto &[op, choice] : choices)
      plan.reductions[op] = {renumbered[choice.buffer], choice.barrierBefore};
    return plan;
  }

private:
  Pending planOp(Operation &op, Pending pending) {
    if (auto reduce = dyn_cast<tt::ReduceOp>(op))
      return planReduce(reduce, pending);
    if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
      Pending out = planBlock(*ifOp.thenBlock(), pending);
      if (Block *elseBlock = ifOp.elseBlock())
        llvm::set_union(out, planBlock(*elseBlock, pending));
      else
        llvm::set_union(out, pending);
      return out;
    }
    if (auto forOp = dyn_cast<scf::ForOp>(op)) {
      // Entered from before the loop and from the body's end; left from
      // either (a loop of no trips too).
      Pending entry = pending;
      while (true) {
        Pending out = planBlock(*forOp.getBody(), entry);
        if (!llvm::set_union(entry, out))
          return entry;
      }
    }
    if (auto whileOp = dyn_cast<scf::WhileOp>(op)) {
      // before (after before)*: left from the before region's end.
      Pending entry = pending;
      while (true) {
        Pending out = planBlock(whileOp.getBefore().front(), entry);
        Pending back = planBlock(whileOp.getAfter().front(), out);
        if (!llvm::set_union(entry, back))
          return out;
      }
    }
    // Any other op has no region (checkLowerable) and no barrier.
    return pending;
  }

  Pending planReduce(tt::ReduceOp reduce, Pending pending) {
    Type element = reduce.getType();
    SmallVector<unsigned> &ofType = buffersOfType[element];
    unsigned &next = nextOfType[element];
    // The type's buffers in turn from the one after its last reduction's,
    // the first not pending (created when it is the next one missing).
    std::optional<unsigned> chosen;
    for (unsigned k = 0; k < kBuffersPerType && !chosen; ++k) {
      unsigned slot = (next + k) % kBuffersPerType;
      if (slot < ofType.size()) {
        if (!pending.contains(ofType[slot]))
          chosen = ofType[slot];
      } else if (slot == ofType.size()) {
        chosen = bufferTypes.size();
        ofType.push_back(*chosen);
        bufferTypes.push_back(element);
      }
    }
    bool barrierBefore = !chosen;
    if (barrierBefore)
      chosen = ofType[next % ofType.size()];
    next = (llvm::find(ofType, *chosen) - ofType.begin() + 1) % kBuffersPerType;
    choices[reduce] = {*chosen, barrierBefore};
    // Its barrier finished every earlier read; its own reads follow.
    Pending out;
    out.insert(*chosen);
    return out;
  }

  struct Choice {
    unsigned buffer;
    bool barrierBefore;
  };

  int64_t threads;
  SmallVector<Type> bufferTypes;
  llvm::DenseMap<Type, SmallVector<unsigned>> buffersOfType;
  llvm::DenseMap<Type, unsigned> nextOfType;
  llvm::MapVector<Operation *, Choice> choices;
};
} // namespace

ReductionBufferPlan mytriton::planReductionBuffers(tt::FuncOp func) {
  int64_t threads = func.getNumThreads();
  if (threads <= kWarpSize || func.isExternal())
    return ReductionBufferPlan();
  Planner planner(threads);
  planner.planBlock(func.getBody().front(), {});
  return std::move(planner).finish(func.getContext());
}
