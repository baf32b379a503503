//===- LoadsInFlight.cpp - global-memory bytes a block loads at once ------===//

#include "MyTriton/Analysis/LoadsInFlight.h"

#include "MyTriton/Dialect/TT/IR/TTDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;
using namespace mlir::mytriton;

namespace {

/// Ops that neither wait on anything but their operands nor move data
/// between threads: what a straight-line elementwise kernel is made of.
bool isStraightLineOp(Operation *op) {
  if (op->getNumRegions() != 0)
    return false;
  if (isa<arith::ArithDialect, math::MathDialect>(op->getDialect()))
    return true;
  return isa<tt::GetProgramIdOp, tt::GetNumProgramsOp, tt::MakeRangeOp,
             tt::SplatOp, tt::AddPtrOp, tt::LoadOp, tt::StoreOp,
             tt::ExpandDimsOp, tt::BroadcastOp, tt::ReturnOp>(op);
}

/// Bytes a load's result holds (a tensor, or one scalar).
uint64_t getResultBytes(tt::LoadOp load) {
  Type type = load.getResult().getType();
  uint64_t elements = 1;
  if (auto tensor = dyn_cast<RankedTensorType>(type)) {
    elements = tensor.getNumElements();
    type = tensor.getElementType();
  }
  return elements * std::max<uint64_t>(type.getIntOrFloatBitWidth() / 8, 1);
}

} // namespace

uint64_t mytriton::getStraightLineLoadBytesPerBlock(Operation *op) {
  auto kernel = dyn_cast<tt::FuncOp>(op);
  if (!kernel || kernel.isExternal() || !kernel.getBody().hasOneBlock())
    return 0;
  uint64_t bytes = 0;
  for (Operation &inner : kernel.getBody().front()) {
    if (!isStraightLineOp(&inner))
      return 0;
    if (auto load = dyn_cast<tt::LoadOp>(inner))
      bytes += getResultBytes(load);
  }
  return bytes * kernel.getNumProgramsPerCTA();
}
