//===- Contiguity.cpp - lane strides, divisibility, constancy --------------===//

#include "MyTriton/Analysis/Contiguity.h"

#include "MyTriton/Dialect/TT/IR/TTDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
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

/// The largest power of two dividing `c` (kMaxDivisor for 0).
static int64_t powerOfTwoDivisor(int64_t c) {
  if (c == 0)
    return ContiguityAnalysis::kMaxDivisor;
  return std::min(ContiguityAnalysis::kMaxDivisor,
                  int64_t(1) << llvm::countr_zero(static_cast<uint64_t>(c)));
}

/// Bytes of the pointee of a pointer or pointer-tensor type; 0 otherwise.
static int64_t pointeeBytes(Type type) {
  auto pointer = dyn_cast<tt::PointerType>(getElementTypeOrSelf(type));
  if (!pointer)
    return 0;
  return pointer.getPointeeType().getIntOrFloatBitWidth() / 8;
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

int64_t ContiguityAnalysis::getDivisibility(Value value) const {
  auto it = divisibilities.find(value);
  if (it != divisibilities.end())
    return it->second;
  // A pointer is aligned to its pointee, as every load and store assumes.
  return std::max<int64_t>(1, pointeeBytes(value.getType()));
}

int64_t ContiguityAnalysis::getConstancy(Value value) const {
  auto tensor = dyn_cast<RankedTensorType>(value.getType());
  if (!tensor)
    return 1;
  if (isUniform(value))
    return tensor.getNumElements();
  auto it = constancies.find(value);
  return it == constancies.end() ? 1 : it->second;
}

void ContiguityAnalysis::visit(Operation *op) {
  if (auto func = dyn_cast<tt::FuncOp>(op)) {
    for (BlockArgument argument : func.getArguments())
      if (auto divisor = func.getArgAttrOfType<IntegerAttr>(
              argument.getArgNumber(), tt::TTDialect::getDivisibilityAttrName()))
        divisibilities[argument] =
            std::max(getDivisibility(argument),
                     std::min(kMaxDivisor, divisor.getInt()));
    return;
  }
  // iv = lb + k * step: every power of two dividing both divides it (also
  // mod 2^32). Iter_args and the results of loops and branches keep the
  // defaults (unknown stride, divisibility 1 or the pointee's size): what
  // the body yields is not known before it is analysed.
  if (auto loop = dyn_cast<scf::ForOp>(op)) {
    int64_t divisor = std::min(getDivisibility(loop.getLowerBound()),
                               getDivisibility(loop.getStep()));
    Value iv = loop.getInductionVar();
    if (divisor > getDivisibility(iv))
      divisibilities[iv] = divisor;
  }
  visitStride(op);
  visitDivisibility(op);
  visitConstancy(op);
}

void ContiguityAnalysis::visitDivisibility(Operation *op) {
  if (op->getNumResults() != 1)
    return;
  Value result = op->getResult(0);
  Type element = getElementTypeOrSelf(result.getType());
  if (!element.isInteger(32) && !element.isInteger(64) &&
      !isa<tt::PointerType>(element))
    return;
  auto div = [&](Value v) { return getDivisibility(v); };
  auto product = [](int64_t a, int64_t b) {
    return std::min(kMaxDivisor, a * b);
  };
  std::optional<int64_t> divisor =
      llvm::TypeSwitch<Operation *, std::optional<int64_t>>(op)
          .Case([&](arith::ConstantOp) -> std::optional<int64_t> {
            APInt constant;
            // A splat's lanes, or a non-splat constant's first lane.
            if (matchPattern(result, m_ConstantInt(&constant)))
              return powerOfTwoDivisor(constant.getSExtValue());
            auto dense = dyn_cast<DenseIntElementsAttr>(
                cast<arith::ConstantOp>(op).getValue());
            if (dense && dense.getNumElements() > 0)
              return powerOfTwoDivisor((*dense.begin()).getSExtValue());
            return std::nullopt;
          })
          .Case([&](tt::MakeRangeOp range) {
            return powerOfTwoDivisor(range.getStart());
          })
          // Widening keeps the low bits, hence their zeros.
          .Case<arith::ExtSIOp, arith::ExtUIOp>(
              [&](Operation *op) { return div(op->getOperand(0)); })
          .Case([&](tt::SplatOp splat) { return div(splat.getSrc()); })
          .Case([&](tt::AddPtrOp addptr) {
            return std::min(div(addptr.getPtr()),
                            product(div(addptr.getOffset()),
                                    pointeeBytes(result.getType())));
          })
          .Case<arith::AddIOp, arith::SubIOp>([&](Operation *op) {
            return std::min(div(op->getOperand(0)), div(op->getOperand(1)));
          })
          .Case([&](arith::MulIOp muli) {
            return product(div(muli.getLhs()), div(muli.getRhs()));
          })
          .Case([&](arith::ShLIOp shli) -> std::optional<int64_t> {
            std::optional<int64_t> shift = splatConstant(shli.getRhs());
            if (!shift || *shift < 0 || *shift > 30)
              return std::nullopt;
            return product(div(shli.getLhs()), int64_t(1) << *shift);
          })
          .Default([](Operation *) { return std::nullopt; });
  if (divisor && *divisor > getDivisibility(result))
    divisibilities[result] = *divisor;
}

/// Whether `predicate(lhs, rhs)` is, for lhs values l0 + i and a uniform
/// rhs n, the same for every i of an aligned group when l0 and n are
/// multiples of the group's size: l < n and its negation l >= n.
static bool isStepBelow(arith::CmpIPredicate predicate) {
  using P = arith::CmpIPredicate;
  return predicate == P::slt || predicate == P::ult || predicate == P::sge ||
         predicate == P::uge;
}

/// The predicate p' with p(a, b) == p'(b, a).
static arith::CmpIPredicate swapOperands(arith::CmpIPredicate predicate) {
  using P = arith::CmpIPredicate;
  switch (predicate) {
  case P::slt: return P::sgt;
  case P::sgt: return P::slt;
  case P::sle: return P::sge;
  case P::sge: return P::sle;
  case P::ult: return P::ugt;
  case P::ugt: return P::ult;
  case P::ule: return P::uge;
  case P::uge: return P::ule;
  default: return predicate;
  }
}

void ContiguityAnalysis::visitConstancy(Operation *op) {
  if (op->getNumResults() != 1)
    return;
  Value result = op->getResult(0);
  auto tensor = dyn_cast<RankedTensorType>(result.getType());
  if (!tensor || isUniform(result))
    return;
  int64_t constancy = 1;
  if (auto cmpi = dyn_cast<arith::CmpIOp>(op)) {
    // `contiguous < uniform` (or `uniform > contiguous`, swapped) changes
    // value at most once, at a multiple of both divisibilities.
    Value lhs = cmpi.getLhs(), rhs = cmpi.getRhs();
    arith::CmpIPredicate predicate = cmpi.getPredicate();
    if (isUniform(lhs) && isContiguous(rhs)) {
      std::swap(lhs, rhs);
      predicate = swapOperands(predicate);
    }
    if (isContiguous(lhs) && isUniform(rhs) && isStepBelow(predicate))
      constancy = std::min(getDivisibility(lhs), getDivisibility(rhs));
  } else if (op->hasTrait<OpTrait::Elementwise>() && isPure(op)) {
    // Lanes equal in every operand are equal in the result.
    constancy = tensor.getNumElements();
    for (Value operand : op->getOperands())
      constancy = std::min(constancy, getConstancy(operand));
  }
  constancy = std::min(constancy, tensor.getNumElements());
  if (constancy > 1)
    constancies[result] = constancy;
}

void ContiguityAnalysis::visitStride(Operation *op) {
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
          // i32 offsets widened to i64 (Triton's int64 indexing): the same
          // lane differences, as neighbouring lanes do not wrap.
          .Case<arith::ExtSIOp, arith::ExtUIOp>([&](Operation *op) {
            return getLaneStride(op->getOperand(0));
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
