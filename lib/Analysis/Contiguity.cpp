//===- Contiguity.cpp - lane tensorStrides of tt tensor values ------------------===//

#include "MyTriton/Analysis/Contiguity.h"

#include "MyTriton/Dialect/TT/IR/TTDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::mytriton;

/// Strides beyond this are reported unknown, so no arithmetic on them can
/// overflow int64_t.
static constexpr int64_t kMaxStride = int64_t(1) << 31;

static std::optional<int64_t> bounded(std::optional<int64_t> stride) {
  if (stride && (*stride > kMaxStride || *stride < -kMaxStride))
    return std::nullopt;
  return stride;
}

/// The value every lane of a splat integer constant holds.
static std::optional<int64_t> splatConstant(Value value) {
  APInt constant;
  if (!matchPattern(value, m_ConstantInt(&constant)))
    return std::nullopt;
  return constant.getSExtValue();
}

ContiguityAnalysis::ContiguityAnalysis(Operation *root) {
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
  Value result = op->getResult(0);
  auto add = [&](Value a, Value b, int64_t sign) -> std::optional<int64_t> {
    std::optional<int64_t> sa = getLaneStride(a), sb = getLaneStride(b);
    if (!sa || !sb)
      return std::nullopt;
    return *sa + sign * *sb;
  };
  auto scale = [&](Value a, std::optional<int64_t> factor)
      -> std::optional<int64_t> {
    std::optional<int64_t> sa = getLaneStride(a);
    if (!sa || !factor)
      return std::nullopt;
    return *sa * *factor;
  };
  auto allUniform = [&] {
    return llvm::all_of(op->getOperands(),
                        [&](Value v) { return isUniform(v); });
  };

  std::optional<int64_t> stride =
      llvm::TypeSwitch<Operation *, std::optional<int64_t>>(op)
          .Case([](tt::MakeRangeOp) { return 1; })
          .Case([](tt::SplatOp) { return 0; })
          .Case([&](arith::ConstantOp constant) -> std::optional<int64_t> {
            auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
            if (dense && dense.isSplat())
              return 0;
            return std::nullopt;
          })
          .Case([&](tt::AddPtrOp addptr) {
            return add(addptr.getPtr(), addptr.getOffset(), 1);
          })
          .Case([&](arith::AddIOp addi) {
            return add(addi.getLhs(), addi.getRhs(), 1);
          })
          .Case([&](arith::SubIOp subi) {
            return add(subi.getLhs(), subi.getRhs(), -1);
          })
          .Case([&](arith::MulIOp muli) -> std::optional<int64_t> {
            if (allUniform())
              return 0;
            if (std::optional<int64_t> c = splatConstant(muli.getRhs()))
              return scale(muli.getLhs(), c);
            return scale(muli.getRhs(), splatConstant(muli.getLhs()));
          })
          .Case([&](arith::ShLIOp shli) -> std::optional<int64_t> {
            if (allUniform())
              return 0;
            std::optional<int64_t> shift = splatConstant(shli.getRhs());
            if (!shift || *shift < 0 || *shift > 30)
              return std::nullopt;
            return scale(shli.getLhs(), int64_t(1) << *shift);
          })
          .Case([&](tt::LoadOp) -> std::optional<int64_t> {
            // Lanes that read one address (or `other`) read one value.
            if (allUniform())
              return 0;
            return std::nullopt;
          })
          .Default([&](Operation *op) -> std::optional<int64_t> {
            // An elementwise pure op of uniform operands is uniform.
            if (op->hasTrait<OpTrait::Elementwise>() && isPure(op) &&
                allUniform())
              return 0;
            return std::nullopt;
          });
  if ((stride = bounded(stride)))
    tensorStrides[result] = *stride;
}
