//===- LoadsInFlight.cpp - global-memory bytes a block loads at once ------===//

#include "MyTriton/Analysis/LoadsInFlight.h"

#include "MyTriton/Dialect/TT/IR/TTDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;
using namespace mlir::mytriton;

namespace {

/// The most a thread can have in flight: its loaded values must all be
/// live at once, and 128 registers (of 255) hold 512 bytes. Past that
/// ptxas issues the loads in rounds (the seed's naive matmul, its K steps
/// unrolled, loads kilobytes a thread) and the sum says nothing.
constexpr uint64_t kMaxBytesInFlightPerThread = 512;

/// An elementwise kernel reads a few tensors; more loads than this are an
/// unrolled loop (tl.static_range), whose loads ptxas issues in rounds as
/// their values are consumed and whose data programs often share (the
/// naive matmul's rows of B, with 1024 threads a block: 256 bytes a thread).
constexpr unsigned kMaxLoads = 8;

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
  unsigned loads = 0;
  for (Operation &inner : kernel.getBody().front()) {
    if (!isStraightLineOp(&inner))
      return 0;
    if (auto load = dyn_cast<tt::LoadOp>(inner)) {
      bytes += getResultBytes(load);
      ++loads;
    }
  }
  if (loads > kMaxLoads ||
      bytes > kMaxBytesInFlightPerThread *
                  static_cast<uint64_t>(kernel.getNumThreads()))
    return 0;
  return bytes * kernel.getNumProgramsPerCTA();
}
