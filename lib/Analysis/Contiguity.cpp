//===- Contiguity.cpp - how tt values vary from lane to lane --------------===//

#include "MyTriton/Analysis/Contiguity.h"

#include "MyTriton/Dialect/TT/IR/TTDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::mytriton;

namespace {
/// Strides beyond this are not worth tracking (and cannot overflow i64 sums).
constexpr int64_t kMaxTrackedStride = int64_t(1) << 31;

std::optional<int64_t> checked(std::optional<int64_t> stride) {
  if (!stride || *stride > kMaxTrackedStride || *stride < -kMaxTrackedStride)
    return std::nullopt;
  return stride;
}

/// The integer every lane of `value` holds, when it is a constant.
std::optional<int64_t> getUniformConstant(Value value) {
  APInt constant;
  if (matchPattern(value, m_ConstantInt(&constant)))
    return constant.getSExtValue();
  return std::nullopt;
}
} // namespace

ContiguityAnalysis::ContiguityAnalysis(Operation *root) {
  // Operands are defined before their users in the kernels' single block.
  root->walk<WalkOrder::PreOrder>([&](Operation *op) { visit(op); });
}

std::optional<int64_t> ContiguityAnalysis::getLaneStride(Value value) const {
  if (!isa<RankedTensorType>(value.getType()))
    return 0;
  auto it = tensorStrides.find(value);
  if (it == tensorStrides.end())
    return std::nullopt;
  return it->second;
}

void ContiguityAnalysis::visit(Operation *op) {
  if (op->getNumResults() != 1 ||
      !isa<RankedTensorType>(op->getResult(0).getType()))
    return;
  auto stride = [&](Value v) { return getLaneStride(v); };
  std::optional<int64_t> result;
  if (isa<tt::MakeRangeOp>(op)) {
    result = 1;
  } else if (isa<tt::SplatOp>(op)) {
    result = 0;
  } else if (auto addptr = dyn_cast<tt::AddPtrOp>(op)) {
    std::optional<int64_t> ptr = stride(addptr.getPtr());
    std::optional<int64_t> offset = stride(addptr.getOffset());
    if (ptr && offset)
      result = *ptr + *offset;
  } else if (auto add = dyn_cast<arith::AddIOp>(op)) {
    std::optional<int64_t> lhs = stride(add.getLhs()), rhs = stride(add.getRhs());
    if (lhs && rhs)
      result = *lhs + *rhs;
  } else if (auto sub = dyn_cast<arith::SubIOp>(op)) {
    std::optional<int64_t> lhs = stride(sub.getLhs()), rhs = stride(sub.getRhs());
    if (lhs && rhs)
      result = *lhs - *rhs;
  } else if (auto mul = dyn_cast<arith::MulIOp>(op)) {
    std::optional<int64_t> lhs = stride(mul.getLhs()), rhs = stride(mul.getRhs());
    std::optional<int64_t> lhsConstant = getUniformConstant(mul.getLhs());
    std::optional<int64_t> rhsConstant = getUniformConstant(mul.getRhs());
    if (lhs == 0 && rhs == 0)
      result = 0;
    else if (lhs && rhsConstant)
      result = *lhs * *rhsConstant;
    else if (rhs && lhsConstant)
      result = *rhs * *lhsConstant;
  } else if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
    if (auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
        dense && dense.isSplat())
      result = 0;
  } else if (isa<tt::LoadOp>(op) || (isPure(op) && op->getNumRegions() == 0)) {
    // An elementwise op of uniform operands is uniform; so is a load of one
    // address (with one mask) for every lane.
    if (llvm::all_of(op->getOperands(),
                     [&](Value v) { return stride(v) == 0; }))
      result = 0;
  }

  if ((result = checked(result)))
    tensorStrides[op->getResult(0)] = *result;
}
