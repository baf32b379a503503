//===- TiledContiguity.cpp - contiguous runs of tiled pointer tensors -----===//
//
// For every tensor, per dimension d: its contiguity (aligned blocks of that
// many elements along d hold consecutive values: v, v + 1, ...) and its
// constancy (aligned blocks of that many hold one value), as in Triton's
// AxisInfo, for the usual 2-D address arithmetic: splat(base) + broadcast(
// expand_dims(make_range)) * 1 + broadcast(expand_dims(rows) * stride).
// A tiled load or store whose pointer tensor is contiguous along its
// layout's fastest dimension gets kTiledContiguityAttr, with what
// TiledAxisInfo proves of its alignment (kDivisibilityAttr) and of its mask
// (kMaskConstancyAttr); the lowering tests at run time what is not proven. Everything unknown is contiguity and
// constancy 1, which is always true. A loop-carried tensor has what its
// init has and every iteration keeps (computeCarried), a branch's result
// what both branches yield; the while loop's values are unknown.
//
//===----------------------------------------------------------------------===//

#include "TTToGPUInternal.h"

#include "MyTriton/Analysis/Contiguity.h"
#include "MyTriton/Analysis/TiledAxisInfo.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/DenseMap.h"

#include <numeric>

using namespace mlir;
using namespace mlir::mytriton;

unsigned mytriton::getFastestDim(Attribute layout) {
  if (auto slice = dyn_cast<tt::SliceEncodingAttr>(layout)) {
    auto parent = cast<tt::BlockedEncodingAttr>(slice.getParent());
    for (unsigned d : parent.getOrder())
      if (d != slice.getDim())
        return d > slice.getDim() ? d - 1 : d;
    return 0;
  }
  // An mma accumulator's register pairs run along N.
  if (isa<tt::MmaEncodingAttr>(layout))
    return 1;
  // A dot operand's consecutive registers run along K.
  if (auto dotOperand = dyn_cast<tt::DotOperandEncodingAttr>(layout))
    return dotOperand.getKDim();
  return cast<tt::BlockedEncodingAttr>(layout).getOrder().front();
}

namespace {
struct AxisFacts {
  SmallVector<int64_t> contiguity;
  SmallVector<int64_t> constancy;
};

class TiledContiguity {
public:
  /// By value: a reference into `facts` dies when a recursive get grows it.
  AxisFacts get(Value value) {
    auto it = facts.find(value);
    if (it != facts.end())
      return it->second;
    AxisFacts computed = compute(value);
    facts.try_emplace(value, computed);
    return computed;
  }

private:
  static AxisFacts unknown(ArrayRef<int64_t> shape) {
    return {SmallVector<int64_t>(shape.size(), 1),
            SmallVector<int64_t>(shape.size(), 1)};
  }
  static AxisFacts uniform(ArrayRef<int64_t> shape) {
    return {SmallVector<int64_t>(shape.size(), 1), SmallVector<int64_t>(shape)};
  }

  /// a + b: consecutive plus constant is consecutive.
  AxisFacts add(const AxisFacts &a, const AxisFacts &b) {
    AxisFacts sum;
    for (size_t d = 0; d < a.contiguity.size(); ++d) {
      sum.contiguity.push_back(
          std::max(std::gcd(a.contiguity[d], b.constancy[d]),
                   std::gcd(a.constancy[d], b.contiguity[d])));
      sum.constancy.push_back(std::gcd(a.constancy[d], b.constancy[d]));
    }
    return sum;
  }

  /// Any elementwise op keeps the blocks where all operands are constant.
  AxisFacts elementwise(Operation *op, ArrayRef<int64_t> shape) {
    AxisFacts result = unknown(shape);
    for (size_t d = 0; d < shape.size(); ++d) {
      int64_t constancy = shape[d];
      // A scalar operand (arith.select's condition) is one value.
      for (Value operand : op->getOperands())
        if (isa<RankedTensorType>(operand.getType()))
          constancy = std::gcd(constancy, get(operand).constancy[d]);
      result.constancy[d] = constancy;
    }
    return result;
  }

  static bool isSplatOne(Value value) {
    APInt constant;
    return matchPattern(value, m_ConstantInt(&constant)) && constant.isOne();
  }

  /// Facts true of both `a` and `b` (a value that is one or the other).
  static AxisFacts meet(const AxisFacts &a, const AxisFacts &b) {
    AxisFacts both;
    for (size_t d = 0; d < a.contiguity.size(); ++d) {
      both.contiguity.push_back(std::gcd(a.contiguity[d], b.contiguity[d]));
      both.constancy.push_back(std::gcd(a.constancy[d], b.constancy[d]));
    }
    return both;
  }

  /// The iter_args of scf.for (and the loop's results): the facts of
  /// their inits that the body keeps. Starting from the inits', the body is
  /// analysed again under the facts so far (values inside it forgotten)
  /// until what it yields keeps them: then they hold on entry and every
  /// iteration keeps them, so they hold in every iteration and after. All
  /// iter_args at once, as each may be computed from the others. A pointer
  /// tensor advanced by a uniform step (`ptrs += BLOCK`) keeps its
  /// contiguity.
  void computeCarried(scf::ForOp loop) {
    SmallVector<AxisFacts> assumed;
    for (Value init : loop.getInitArgs())
      assumed.push_back(get(init));
    bool changed = true;
    while (changed) {
      forgetInside(loop);
      for (auto [argument, fact] :
           llvm::zip_equal(loop.getRegionIterArgs(), assumed))
        facts[argument] = fact;
      changed = false;
      for (auto [yielded, fact] :
           llvm::zip_equal(loop.getYieldedValues(), assumed)) {
        AxisFacts next = meet(fact, get(yielded));
        changed |= next.contiguity != fact.contiguity ||
                   next.constancy != fact.constancy;
        fact = std::move(next);
      }
    }
  }

  /// Drops the facts of every value defined inside `op`'s regions.
  void forgetInside(Operation *op) {
    op->walk([&](Operation *inner) {
      if (inner == op)
        return;
      for (Value result : inner->getResults())
        facts.erase(result);
      for (Region &region : inner->getRegions())
        for (BlockArgument argument : region.getArguments())
          facts.erase(argument);
    });
    for (Region &region : op->getRegions())
      for (BlockArgument argument : region.getArguments())
        facts.erase(argument);
  }

  AxisFacts compute(Value value) {
    auto type = dyn_cast<RankedTensorType>(value.getType());
    if (!type)
      return {};
    ArrayRef<int64_t> shape = type.getShape();
    if (auto argument = dyn_cast<BlockArgument>(value)) {
      auto loop = dyn_cast<scf::ForOp>(argument.getOwner()->getParentOp());
      if (!loop || argument.getArgNumber() < loop.getNumInductionVars())
        return unknown(shape);
      computeCarried(loop);
      return facts.at(argument);
    }
    Operation *op = value.getDefiningOp();
    if (auto loop = dyn_cast<scf::ForOp>(op))
      return get(
          loop.getRegionIterArgs()[cast<OpResult>(value).getResultNumber()]);
    if (auto branch = dyn_cast<scf::IfOp>(op)) {
      unsigned index = cast<OpResult>(value).getResultNumber();
      if (!branch.elseBlock())
        return unknown(shape);
      return meet(get(branch.thenYield().getOperand(index)),
                  get(branch.elseYield().getOperand(index)));
    }
    if (auto range = dyn_cast<tt::MakeRangeOp>(op))
      return {{shape[0]}, {1}};
    if (isa<tt::SplatOp>(op) || matchPattern(value, m_Constant()))
      return uniform(shape);
    if (auto expand = dyn_cast<tt::ExpandDimsOp>(op)) {
      AxisFacts facts = get(expand.getSrc());
      int64_t axis = static_cast<int32_t>(expand.getAxis());
      facts.contiguity.insert(facts.contiguity.begin() + axis, 1);
      facts.constancy.insert(facts.constancy.begin() + axis, 1);
      return facts;
    }
    if (auto broadcast = dyn_cast<tt::BroadcastOp>(op)) {
      AxisFacts facts = get(broadcast.getSrc());
      auto srcType = cast<RankedTensorType>(broadcast.getSrc().getType());
      for (size_t d = 0; d < shape.size(); ++d)
        if (srcType.getDimSize(d) == 1) {
          facts.contiguity[d] = 1;
          facts.constancy[d] = shape[d];
        }
      return facts;
    }
    if (auto trans = dyn_cast<tt::TransOp>(op)) {
      AxisFacts facts = get(trans.getSrc());
      std::swap(facts.contiguity[0], facts.contiguity[1]);
      std::swap(facts.constancy[0], facts.constancy[1]);
      return facts;
    }
    if (auto convert = dyn_cast<tt::ConvertLayoutOp>(op))
      return get(convert.getSrc());
    // Widened offsets (i32 to i64) keep their runs, as nothing wraps
    // between neighbouring elements.
    if (isa<arith::ExtSIOp, arith::ExtUIOp>(op))
      return get(op->getOperand(0));
    if (isa<tt::AddPtrOp, arith::AddIOp>(op))
      return add(get(op->getOperand(0)), get(op->getOperand(1)));
    if (auto mul = dyn_cast<arith::MulIOp>(op)) {
      if (isSplatOne(mul.getRhs()))
        return get(mul.getLhs());
      if (isSplatOne(mul.getLhs()))
        return get(mul.getRhs());
    }
    if (isa<arith::ArithDialect>(op->getDialect()) && op->getNumResults() == 1)
      return elementwise(op, shape);
    return unknown(shape);
  }

  llvm::DenseMap<Value, AxisFacts> facts;
};
} // namespace

void mytriton::markTiledContiguity(tt::FuncOp kernel) {
  TiledContiguity analysis;
  ContiguityAnalysis scalars(kernel);
  TiledAxisInfo axisInfo(kernel, scalars);
  Builder builder(kernel.getContext());
  kernel.walk([&](Operation *op) {
    Value ptr, mask;
    if (auto load = dyn_cast<tt::LoadOp>(op)) {
      ptr = load.getPtr();
      mask = load.getMask();
    } else if (auto store = dyn_cast<tt::StoreOp>(op)) {
      ptr = store.getPtr();
      mask = store.getMask();
    }
    Attribute layout = ptr ? tt::getLayoutEncoding(ptr.getType()) : Attribute();
    if (!layout)
      return;
    unsigned dim = getFastestDim(layout);
    int64_t contiguity = analysis.get(ptr).contiguity[dim];
    if (contiguity <= 1)
      return;
    op->setAttr(kTiledContiguityAttr, builder.getI64IntegerAttr(contiguity));
    // A run of v registers starts at a multiple of v along `dim`, so it
    // starts either inside an aligned group of TiledAxisInfo's contiguity,
    // a multiple of v elements past the group's first, or at a group's
    // first: either way at an address that the group firsts' divisibility
    // divides when v * bytes divides it. And a mask constant over aligned
    // groups of k >= v elements is one bit over the run.
    op->setAttr(kDivisibilityAttr,
                builder.getI64IntegerAttr(axisInfo.get(ptr).divisibility[dim]));
    if (mask)
      op->setAttr(kMaskConstancyAttr,
                  builder.getI64IntegerAttr(axisInfo.get(mask).constancy[dim]));
  });
}
