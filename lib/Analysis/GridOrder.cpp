//===- GridOrder.cpp - which grid axis neighbouring blocks follow --------===//

#include "MyTriton/Analysis/GridOrder.h"

#include "MyTriton/Dialect/TT/IR/TTDialect.h"

#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace mlir::mytriton;

bool mytriton::isGridAxis0Fastest(Operation *kernel) {
  // The program-id axes each value depends on, as a bit set, forward in
  // program order. The arguments of an op's regions (a loop's induction
  // variable and iter_args) depend on what the op's operands (bounds,
  // inits) do; what a loop body yields back is not followed, as this only
  // picks an order.
  llvm::DenseMap<Value, unsigned> axes;
  bool axis0Fastest = false;
  kernel->walk<WalkOrder::PreOrder>([&](Operation *op) {
    unsigned depends = 0;
    if (auto programId = dyn_cast<tt::GetProgramIdOp>(op))
      depends = 1u << programId.getAxis();
    for (Value operand : op->getOperands())
      depends |= axes.lookup(operand);
    for (Value result : op->getResults())
      axes[result] = depends;
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          axes[arg] = depends;
    if (auto load = dyn_cast<tt::LoadOp>(op)) {
      unsigned address = axes.lookup(load.getPtr());
      if ((address & 0b10) && !(address & 0b01))
        axis0Fastest = true;
    }
  });
  return axis0Fastest;
}
