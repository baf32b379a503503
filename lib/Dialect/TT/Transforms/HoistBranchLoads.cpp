//===- HoistBranchLoads.cpp - a branch's loads beside its condition's -----===//
//
// Moves the loads of an scf.if's branches in front of it when its condition
// waits on memory, so that both round trips overlap (Passes.td says when a
// load may move and why the move changes no result).
//
//===----------------------------------------------------------------------===//

#include "MyTriton/Dialect/TT/Transforms/Passes.h"

#include "MyTriton/Dialect/TT/IR/TTDialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace mlir::mytriton::tt {
#define GEN_PASS_DEF_TTHOISTBRANCHLOADS
#include "MyTriton/Dialect/TT/Transforms/Passes.h.inc"
} // namespace mlir::mytriton::tt

using namespace mlir;
using namespace mlir::mytriton;

namespace {
/// Whether `op` (and everything nested in it) always hands control to the
/// op after it: no assertion that may abort the program, no loop that may
/// never end.
bool alwaysContinues(Operation *op) {
  WalkResult result = op->walk([](Operation *nested) {
    return isa<tt::AssertOp, scf::WhileOp>(nested) ? WalkResult::interrupt()
                                                   : WalkResult::advance();
  });
  return !result.wasInterrupted();
}

/// Whether `ifOp`'s condition is computed, within its block, from a value
/// read from memory.
bool conditionWaitsOnMemory(scf::IfOp ifOp) {
  SmallVector<Value> worklist{ifOp.getCondition()};
  llvm::SmallPtrSet<Operation *, 8> seen;
  while (!worklist.empty()) {
    Operation *def = worklist.pop_back_val().getDefiningOp();
    if (!def || def->getBlock() != ifOp->getBlock() || !seen.insert(def).second)
      continue;
    if (isa<tt::LoadOp, tt::AtomicRMWOp, tt::AtomicCASOp>(def))
      return true;
    if (def->getNumRegions() == 0)
      llvm::append_range(worklist, def->getOperands());
  }
  return false;
}

/// Whether `op` reads or writes `load`'s pointer under `load`'s mask (or
/// under none), so the addresses `load` reads are valid ones.
bool accessesSameAddresses(Operation *op, tt::LoadOp load) {
  auto covers = [&](Value ptr, Value mask) {
    return ptr == load.getPtr() && (!mask || mask == load.getMask());
  };
  if (auto other = dyn_cast<tt::LoadOp>(op))
    return covers(other.getPtr(), other.getMask());
  if (auto store = dyn_cast<tt::StoreOp>(op))
    return covers(store.getPtr(), store.getMask());
  return false;
}

/// Whether every run of `ifOp` also runs an access of `load`'s addresses at
/// the top level of its block.
bool addressesAccessedAnyway(scf::IfOp ifOp, tt::LoadOp load) {
  Block *block = ifOp->getBlock();
  for (Operation &op : llvm::make_range(block->begin(), ifOp->getIterator()))
    if (accessesSameAddresses(&op, load))
      return true;
  for (Operation &op :
       llvm::make_range(std::next(ifOp->getIterator()), block->end())) {
    if (accessesSameAddresses(&op, load))
      return true;
    if (!alwaysContinues(&op))
      return false;
  }
  return false;
}

bool definedOutside(Value value, scf::IfOp ifOp) {
  return !ifOp->isAncestor(value.getParentRegion()->getParentOp());
}

/// The loads of `ifOp`'s branches that may move in front of it, in program
/// order.
SmallVector<tt::LoadOp> getHoistableLoads(scf::IfOp ifOp) {
  SmallVector<tt::LoadOp> loads;
  if (!conditionWaitsOnMemory(ifOp) || !alwaysContinues(ifOp))
    return loads;
  for (Region *branch : {&ifOp.getThenRegion(), &ifOp.getElseRegion()}) {
    if (branch->empty())
      continue;
    for (Operation &op : branch->front()) {
      auto load = dyn_cast<tt::LoadOp>(op);
      if (!load) {
        // Nothing that writes memory or synchronizes is passed over.
        if (!isMemoryEffectFree(&op))
          break;
        continue;
      }
      if (llvm::all_of(load->getOperands(),
                       [&](Value v) { return definedOutside(v, ifOp); }) &&
          addressesAccessedAnyway(ifOp, load))
        loads.push_back(load);
    }
  }
  return loads;
}

struct TTHoistBranchLoadsPass
    : tt::impl::TTHoistBranchLoadsBase<TTHoistBranchLoadsPass> {
  void runOnOperation() override {
    SmallVector<scf::IfOp> ifOps;
    getOperation().walk([&](scf::IfOp ifOp) { ifOps.push_back(ifOp); });
    for (scf::IfOp ifOp : ifOps)
      for (tt::LoadOp load : getHoistableLoads(ifOp))
        load->moveBefore(ifOp);
  }
};
} // namespace
