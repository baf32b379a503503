//===- GridOrder.cpp - which grid axis neighbouring blocks follow --------===//

#include "MyTriton/Analysis/GridOrder.h"

#include "MyTriton/Dialect/TT/IR/TTDialect.h"

#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace mlir::mytriton;

bool mytriton::isGridAxis0Fastest(Operation *kernel) {
  // The program-id axes each value depends on, as a bit set, forward over
  // the kernel's single block.
  llvm::DenseMap<Value, unsigned> axes;
  bool axis0Fastest = false;
  kernel->walk([&](Operation *op) {
    unsigned depends = 0;
    if (auto programId = dyn_cast<tt::GetProgramIdOp>(op))
      depends = 1u << programId.getAxis();
    for (Value operand : op->getOperands())
      depends |= axes.lookup(operand);
    for (Value result : op->getResults())
      axes[result] = depends;
    if (auto load = dyn_cast<tt::LoadOp>(op)) {
      unsigned address = axes.lookup(load.getPtr());
      if ((address & 0b10) && !(address & 0b01))
        axis0Fastest = true;
    }
  });
  return axis0Fastest;
}
