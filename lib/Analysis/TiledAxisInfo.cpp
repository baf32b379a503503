//===- TiledAxisInfo.cpp - per-dimension contiguity of tiled tensors ------===//

#include "MyTriton/Analysis/TiledAxisInfo.h"

#include "MyTriton/Dialect/TT/IR/TTDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::mytriton;

static constexpr int64_t kMax = ContiguityAnalysis::kMaxDivisor;

static int64_t powerOfTwoDivisor(int64_t c) {
  if (c == 0)
    return kMax;
  return std::min(kMax, int64_t(1) << llvm::countr_zero(uint64_t(c)));
}

/// Bytes of a pointer tensor's pointee; 1 for other types, whose offsets
/// count in their own units.
static int64_t unitBytes(Type type) {
  if (auto ptr = dyn_cast<tt::PointerType>(getElementTypeOrSelf(type)))
    return ptr.getPointeeType().getIntOrFloatBitWidth() / 8;
  return 1;
}

static AxisInfo unknown(unsigned rank) {
  return {SmallVector<int64_t>(rank, 1), SmallVector<int64_t>(rank, 1),
          SmallVector<int64_t>(rank, 1)};
}

/// The facts of a value that is one value in every element.
static AxisInfo uniform(ArrayRef<int64_t> shape, int64_t divisibility) {
  return {SmallVector<int64_t>(shape.size(), 1),
          SmallVector<int64_t>(shape.size(), divisibility),
          SmallVector<int64_t>(shape)};
}

/// The divisibility of groups of `newSize` elements' firsts, for groups of
/// `oldSize` consecutive values whose firsts `divisibility` divides: the
/// smaller groups start `newSize` elements (of `unit` bytes for pointers)
/// apart inside the larger ones.
static int64_t regroup(int64_t divisibility, int64_t oldSize, int64_t newSize,
                       int64_t unit = 1) {
  return newSize < oldSize ? std::min(divisibility, newSize * unit)
                           : divisibility;
}

AxisInfo AxisInfo::meet(const AxisInfo &a, const AxisInfo &b) {
  AxisInfo both;
  for (size_t d = 0; d < a.contiguity.size(); ++d) {
    // Powers of two: the smaller divides the larger.
    both.contiguity.push_back(std::min(a.contiguity[d], b.contiguity[d]));
    both.divisibility.push_back(
        std::min(a.divisibility[d], b.divisibility[d]));
    both.constancy.push_back(std::min(a.constancy[d], b.constancy[d]));
  }
  return both;
}

TiledAxisInfo::TiledAxisInfo(Operation *kernel,
                             const ContiguityAnalysis &scalars)
    : scalars(scalars) {
  for (Region &region : kernel->getRegions())
    for (Block &block : region)
      visitBlock(block);
}

void TiledAxisInfo::visitBlock(Block &block) {
  for (Operation &op : block) {
    if (isa<scf::ForOp>(op)) {
      visitLoop(&op);
      continue;
    }
    if (isa<scf::IfOp>(op)) {
      visitBranch(&op);
      continue;
    }
    visit(&op);
    // Other regions (scf.while, combine regions): their block arguments
    // stay unknown.
    for (Region &region : op.getRegions())
      for (Block &nested : region)
        visitBlock(nested);
  }
}

void TiledAxisInfo::visitLoop(Operation *op) {
  auto loop = cast<scf::ForOp>(op);
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  // Start from the inits' facts and visit the body under them until what it
  // yields keeps them: then they hold on entry and after every iteration.
  // Meets only lower powers of two, so this ends; the cap is a guard.
  SmallVector<std::optional<AxisInfo>> assumed;
  for (Value init : loop.getInitArgs())
    assumed.push_back(isa<RankedTensorType>(init.getType())
                          ? std::optional<AxisInfo>(get(init))
                          : std::nullopt);
  for (int round = 0; round < 64; ++round) {
    for (auto [argument, fact] :
         llvm::zip_equal(loop.getRegionIterArgs(), assumed))
      if (fact)
        infos[argument] = *fact;
    visitBlock(*loop.getBody());
    bool changed = false;
    for (auto [index, fact] : llvm::enumerate(assumed)) {
      if (!fact)
        continue;
      AxisInfo next = AxisInfo::meet(*fact, get(yield.getOperand(index)));
      changed |= !(next == *fact);
      fact = std::move(next);
    }
    if (!changed)
      break;
    if (round == 63) {
      // Not settled: assume nothing of the carried tensors.
      for (auto [argument, fact] :
           llvm::zip_equal(loop.getRegionIterArgs(), assumed))
        if (fact) {
          fact = unknown(fact->contiguity.size());
          infos[argument] = *fact;
        }
      visitBlock(*loop.getBody());
    }
  }
  for (auto [result, fact] : llvm::zip_equal(loop.getResults(), assumed))
    if (fact)
      infos[result] = *fact;
}

void TiledAxisInfo::visitBranch(Operation *op) {
  auto branch = cast<scf::IfOp>(op);
  for (Region &region : branch->getRegions())
    for (Block &block : region)
      visitBlock(block);
  if (!branch.elseBlock())
    return;
  for (auto [index, result] : llvm::enumerate(branch.getResults()))
    if (isa<RankedTensorType>(result.getType()))
      infos[result] = AxisInfo::meet(
          get(branch.thenYield().getOperand(index)),
          get(branch.elseYield().getOperand(index)));
}

AxisInfo TiledAxisInfo::get(Value tensor) const {
  auto it = infos.find(tensor);
  if (it != infos.end())
    return it->second;
  auto type = cast<RankedTensorType>(tensor.getType());
  return unknown(type.getRank());
}

int64_t TiledAxisInfo::elementDivisibility(Value value, unsigned d) const {
  AxisInfo info = get(value);
  return regroup(info.divisibility[d], info.contiguity[d], 1,
                 unitBytes(value.getType()));
}

int64_t TiledAxisInfo::allElementsDivisibility(Value value) const {
  if (!isa<RankedTensorType>(value.getType()))
    return scalars.getDivisibility(value);
  int64_t divisibility = kMax;
  AxisInfo info = get(value);
  for (unsigned d = 0; d < info.contiguity.size(); ++d)
    divisibility = std::min(divisibility, elementDivisibility(value, d));
  return divisibility;
}

void TiledAxisInfo::visit(Operation *op) {
  if (op->getNumResults() != 1)
    return;
  Value result = op->getResult(0);
  auto type = dyn_cast<RankedTensorType>(result.getType());
  if (!type)
    return;
  ArrayRef<int64_t> shape = type.getShape();
  unsigned rank = shape.size();

  // a + b (or ptr + offset, offsets counting elements of bScale bytes):
  // contiguous where one side is and the other is constant; the first of a
  // group is the sum of the firsts.
  auto sum = [&](Value a, Value b, int64_t bScale) {
    AxisInfo x = get(a), y = get(b), out = unknown(rank);
    for (unsigned d = 0; d < rank; ++d) {
      int64_t c = std::max(std::min(x.contiguity[d], y.constancy[d]),
                           std::min(x.constancy[d], y.contiguity[d]));
      out.contiguity[d] = c;
      out.divisibility[d] =
          std::min(regroup(x.divisibility[d], x.contiguity[d], c, bScale),
                   regroup(y.divisibility[d], y.contiguity[d], c) * bScale);
      out.divisibility[d] = std::min(kMax, out.divisibility[d]);
      out.constancy[d] = std::min(x.constancy[d], y.constancy[d]);
    }
    return out;
  };
  auto minConstancy = [&](ValueRange operands) {
    AxisInfo out = unknown(rank);
    for (unsigned d = 0; d < rank; ++d) {
      int64_t k = shape[d];
      for (Value operand : operands)
        if (isa<RankedTensorType>(operand.getType()))
          k = std::min(k, get(operand).constancy[d]);
      out.constancy[d] = k;
    }
    return out;
  };

  AxisInfo info =
      llvm::TypeSwitch<Operation *, AxisInfo>(op)
          .Case([&](tt::MakeRangeOp range) {
            return AxisInfo{{shape[0]},
                            {powerOfTwoDivisor(range.getStart())},
                            {1}};
          })
          .Case([&](tt::SplatOp splat) {
            return uniform(shape, scalars.getDivisibility(splat.getSrc()));
          })
          .Case([&](arith::ConstantOp constant) {
            auto dense = dyn_cast<DenseIntElementsAttr>(constant.getValue());
            if (dense && dense.isSplat())
              return uniform(
                  shape, powerOfTwoDivisor(
                             dense.getSplatValue<APInt>().getSExtValue()));
            if (isa<SplatElementsAttr>(constant.getValue()))
              return uniform(shape, 1);
            return unknown(rank);
          })
          .Case([&](tt::ExpandDimsOp expand) {
            AxisInfo out = get(expand.getSrc());
            unsigned axis = expand.getAxis();
            out.contiguity.insert(out.contiguity.begin() + axis, 1);
            out.divisibility.insert(out.divisibility.begin() + axis,
                                    allElementsDivisibility(expand.getSrc()));
            out.constancy.insert(out.constancy.begin() + axis, 1);
            return out;
          })
          .Case([&](tt::BroadcastOp broadcast) {
            auto srcShape =
                cast<RankedTensorType>(broadcast.getSrc().getType()).getShape();
            AxisInfo out = get(broadcast.getSrc());
            for (unsigned d = 0; d < rank; ++d)
              if (srcShape[d] == 1 && shape[d] != 1) {
                out.contiguity[d] = 1;
                out.divisibility[d] = elementDivisibility(broadcast.getSrc(), d);
                out.constancy[d] = shape[d];
              }
            return out;
          })
          .Case([&](tt::TransOp trans) {
            AxisInfo out = get(trans.getSrc());
            std::reverse(out.contiguity.begin(), out.contiguity.end());
            std::reverse(out.divisibility.begin(), out.divisibility.end());
            std::reverse(out.constancy.begin(), out.constancy.end());
            return out;
          })
          .Case([&](tt::ConvertLayoutOp convert) {
            return get(convert.getSrc());
          })
          .Case([&](tt::AddPtrOp addptr) {
            if (!isa<RankedTensorType>(addptr.getPtr().getType()))
              return unknown(rank);
            return sum(addptr.getPtr(), addptr.getOffset(),
                       unitBytes(addptr.getType()));
          })
          .Case([&](arith::AddIOp add) {
            return sum(add.getLhs(), add.getRhs(), 1);
          })
          .Case<arith::ExtSIOp, arith::ExtUIOp>([&](Operation *ext) {
            // Widened offsets (i32 to i64) keep their runs: nothing wraps
            // between neighbouring elements.
            return get(ext->getOperand(0));
          })
          .Case<arith::RemSIOp, arith::RemUIOp>([&](Operation *rem) {
            // x % n, n one value: a group of x's consecutive values whose
            // first and n are multiples of its size holds no multiple of n
            // past its first, so it stays consecutive (Triton's rule, which
            // takes offsets to be non-negative).
            Value lhs = rem->getOperand(0), rhs = rem->getOperand(1);
            AxisInfo x = get(lhs), out = minConstancy(rem->getOperands());
            AxisInfo y = get(rhs);
            for (unsigned d = 0; d < rank; ++d) {
              if (y.constancy[d] != shape[d])
                continue;
              int64_t n = y.divisibility[d];
              out.contiguity[d] = std::min({x.contiguity[d], n,
                                            x.divisibility[d]});
              out.divisibility[d] = std::min(x.divisibility[d], n);
            }
            return out;
          })
          .Case([&](arith::MulIOp mul) {
            // x * 1 is x.
            for (auto [one, other] : {std::pair{mul.getRhs(), mul.getLhs()},
                                      std::pair{mul.getLhs(), mul.getRhs()}}) {
              APInt constant;
              if (matchPattern(one, m_ConstantInt(&constant)) &&
                  constant.isOne())
                return get(other);
            }
            AxisInfo out = minConstancy(mul->getOperands());
            for (unsigned d = 0; d < rank; ++d)
              out.divisibility[d] = std::min(
                  kMax, elementDivisibility(mul.getLhs(), d) *
                            elementDivisibility(mul.getRhs(), d));
            return out;
          })
          .Case([&](arith::CmpIOp cmp) {
            AxisInfo out = minConstancy(cmp->getOperands());
            // a < b with a consecutive from an aligned start and b constant
            // at an aligned value changes only at a group boundary.
            using P = arith::CmpIPredicate;
            P pred = cmp.getPredicate();
            if (pred != P::slt && pred != P::sge && pred != P::ult &&
                pred != P::uge)
              return out;
            AxisInfo x = get(cmp.getLhs()), y = get(cmp.getRhs());
            for (unsigned d = 0; d < rank; ++d)
              out.constancy[d] = std::max(
                  out.constancy[d],
                  std::min({x.contiguity[d], y.constancy[d],
                            x.divisibility[d], y.divisibility[d]}));
            return out;
          })
          .Default([&](Operation *other) {
            // Any other pure op of operands of the result's shape is one
            // value wherever they all are.
            bool elementwise =
                isMemoryEffectFree(other) && other->getNumRegions() == 0 &&
                llvm::all_of(other->getOperands(), [&](Value operand) {
                  auto t = dyn_cast<RankedTensorType>(operand.getType());
                  return t && t.getShape() == shape;
                });
            return elementwise ? minConstancy(other->getOperands())
                               : unknown(rank);
          });
  infos[result] = std::move(info);
}

bool mlir::mytriton::isMaskOp(Operation *op) {
  if (isa<arith::CmpIOp, arith::CmpFOp>(op))
    return true;
  return isa<arith::AndIOp, arith::OrIOp, arith::XOrIOp>(op) &&
         getElementTypeOrSelf(op->getResult(0).getType()).isInteger(1);
}
