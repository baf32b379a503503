//===- TensorMapAccess.cpp - tile loads that a TMA copy can perform -------===//
//
// The pointer tile is taken apart into `base + sum(index_d * stride_d)`,
// one 1-D index vector (`start + arange`, maybe `% size`) per dimension, and
// the mask into `index_d < limit` bounds, all by structure: splat, addi,
// muli by a uniform value, expand_dims, broadcast and extsi. Scalars are
// compared as linear forms, so `K - k * BK` against a pointer advanced by BK
// each iteration of k is recognized as the bound K.
//
//===----------------------------------------------------------------------===//

#include "MyTriton/Analysis/TensorMapAccess.h"
#include "MyTriton/Analysis/Contiguity.h"
#include "MyTriton/Dialect/TT/IR/TTDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/raw_ostream.h"

#include <numeric>

using namespace mlir;
using namespace mlir::mytriton;
using namespace mlir::mytriton::tt;

//===----------------------------------------------------------------------===//
// LinearForm
//===----------------------------------------------------------------------===//

LinearForm LinearForm::of(Value scalar) {
  APInt value;
  if (matchPattern(scalar, m_ConstantInt(&value)))
    return ofConstant(value.getSExtValue());
  if (auto add = scalar.getDefiningOp<arith::AddIOp>())
    return of(add.getLhs()) + of(add.getRhs());
  if (auto sub = scalar.getDefiningOp<arith::SubIOp>())
    return of(sub.getLhs()) - of(sub.getRhs());
  if (auto mul = scalar.getDefiningOp<arith::MulIOp>()) {
    LinearForm lhs = of(mul.getLhs()), rhs = of(mul.getRhs());
    if (std::optional<int64_t> factor = rhs.getConstant())
      return lhs.scaled(*factor);
    if (std::optional<int64_t> factor = lhs.getConstant())
      return rhs.scaled(*factor);
  }
  LinearForm atom;
  atom.terms[scalar] = 1;
  return atom;
}

LinearForm LinearForm::operator+(const LinearForm &other) const {
  LinearForm sum = *this;
  sum.constant += other.constant;
  for (auto [atom, coefficient] : other.terms)
    sum.terms[atom] += coefficient;
  sum.terms.remove_if([](const auto &term) { return term.second == 0; });
  return sum;
}

LinearForm LinearForm::operator-(const LinearForm &other) const {
  return *this + other.scaled(-1);
}

LinearForm LinearForm::scaled(int64_t factor) const {
  LinearForm product = ofConstant(constant * factor);
  if (factor != 0)
    for (auto [atom, coefficient] : terms)
      product.terms[atom] = coefficient * factor;
  return product;
}

bool LinearForm::operator==(const LinearForm &other) const {
  return (*this - other).getConstant() == 0;
}

std::optional<int64_t> LinearForm::ratioTo(const LinearForm &other) const {
  int64_t num, den;
  if (!other.terms.empty()) {
    auto [atom, coefficient] = *other.terms.begin();
    num = terms.lookup(atom);
    den = coefficient;
  } else {
    num = constant;
    den = other.constant;
  }
  if (den == 0 || num % den != 0 || !(*this == other.scaled(num / den)))
    return std::nullopt;
  return num / den;
}

bool LinearForm::isOverKernelArguments() const {
  return llvm::all_of(terms, [](const auto &term) {
    auto arg = dyn_cast<BlockArgument>(term.first);
    return arg && isa<FuncOp>(arg.getOwner()->getParentOp());
  });
}

void LinearForm::print(llvm::raw_ostream &os) const {
  bool first = true;
  for (auto [atom, coefficient] : terms) {
    if (!first)
      os << " + ";
    first = false;
    if (coefficient != 1)
      os << coefficient << " * ";
    atom.printAsOperand(os, OpPrintingFlags());
  }
  if (first)
    os << constant;
  else if (constant > 0)
    os << " + " << constant;
  else if (constant < 0)
    os << " - " << -constant;
}

//===----------------------------------------------------------------------===//
// Tiles taken apart
//===----------------------------------------------------------------------===//

namespace {

/// `start + arange(size)`, and `% wrap` around it when present.
struct IndexVector {
  LinearForm start;
  int64_t size = 0;
  std::optional<LinearForm> wrap;
};

/// `index * scale` along the tile's dimension `dim`.
struct IndexTerm {
  unsigned dim;
  IndexVector index;
  LinearForm scale;
};

/// `index < limit` along the tile's dimension `dim`.
struct IndexBound {
  unsigned dim;
  IndexVector index;
  LinearForm limit;
};

/// The value of every lane of a uniform integer tensor.
std::optional<LinearForm> getUniformForm(Value tensor) {
  if (auto splat = tensor.getDefiningOp<SplatOp>())
    return LinearForm::of(splat.getSrc());
  if (auto broadcast = tensor.getDefiningOp<BroadcastOp>())
    return getUniformForm(broadcast.getSrc());
  if (auto ext = tensor.getDefiningOp<arith::ExtSIOp>())
    return getUniformForm(ext.getIn());
  DenseIntElementsAttr dense;
  if (matchPattern(tensor, m_Constant(&dense)) && dense.isSplat())
    return LinearForm::ofConstant(
        dense.getSplatValue<APInt>().getSExtValue());
  return std::nullopt;
}

/// A 1-D i32 tensor of the form `[splat(s) +] make_range [% splat(n)]`.
std::optional<IndexVector> matchIndexVector(Value vector) {
  IndexVector index;
  if (auto rem = vector.getDefiningOp<arith::RemSIOp>()) {
    index.wrap = getUniformForm(rem.getRhs());
    if (!index.wrap)
      return std::nullopt;
    vector = rem.getLhs();
  }
  SmallVector<Value> addends = {vector};
  bool sawRange = false;
  while (!addends.empty()) {
    Value addend = addends.pop_back_val();
    if (auto add = addend.getDefiningOp<arith::AddIOp>()) {
      addends.append({add.getLhs(), add.getRhs()});
    } else if (auto range = addend.getDefiningOp<MakeRangeOp>()) {
      if (sawRange)
        return std::nullopt;
      sawRange = true;
      index.start.constant += range.getStart();
      index.size = range.getEnd() - range.getStart();
    } else if (std::optional<LinearForm> uniform = getUniformForm(addend)) {
      index.start = index.start + *uniform;
    } else {
      return std::nullopt;
    }
  }
  if (!sawRange)
    return std::nullopt;
  return index;
}

/// `dims` without the entry at `axis`: the tile dimensions of expand_dims's
/// source.
SmallVector<unsigned> dropAxis(ArrayRef<unsigned> dims, unsigned axis) {
  SmallVector<unsigned> source(dims);
  source.erase(source.begin() + axis);
  return source;
}

std::string describe(Operation *op) {
  return ("`" + op->getName().getStringRef() + "`").str();
}

/// Takes an integer offset tensor apart into index terms; `dims` maps its
/// dimensions to the tile's.
LogicalResult decomposeOffsets(Value offsets, ArrayRef<unsigned> dims,
                               const LinearForm &scale,
                               SmallVectorImpl<IndexTerm> &terms,
                               std::string &whyNot) {
  if (std::optional<LinearForm> uniform = getUniformForm(offsets)) {
    if (uniform->getConstant() == 0)
      return success();
    whyNot = "an offset is added to every element (the box would not start "
             "at the base pointer)";
    return failure();
  }
  auto type = cast<RankedTensorType>(offsets.getType());
  if (type.getRank() == 1)
    if (std::optional<IndexVector> index = matchIndexVector(offsets)) {
      terms.push_back({dims[0], *index, scale});
      return success();
    }
  Operation *def = offsets.getDefiningOp();
  if (auto ext = dyn_cast_or_null<arith::ExtSIOp>(def))
    return decomposeOffsets(ext.getIn(), dims, scale, terms, whyNot);
  if (auto broadcast = dyn_cast_or_null<BroadcastOp>(def))
    return decomposeOffsets(broadcast.getSrc(), dims, scale, terms, whyNot);
  if (auto expand = dyn_cast_or_null<ExpandDimsOp>(def))
    return decomposeOffsets(expand.getSrc(), dropAxis(dims, expand.getAxis()),
                            scale, terms, whyNot);
  if (auto add = dyn_cast_or_null<arith::AddIOp>(def))
    return success(
        succeeded(decomposeOffsets(add.getLhs(), dims, scale, terms, whyNot)) &&
        succeeded(decomposeOffsets(add.getRhs(), dims, scale, terms, whyNot)));
  if (auto mul = dyn_cast_or_null<arith::MulIOp>(def)) {
    for (auto [factor, other] : {std::pair(mul.getRhs(), mul.getLhs()),
                                 std::pair(mul.getLhs(), mul.getRhs())}) {
      std::optional<LinearForm> uniform = getUniformForm(factor);
      if (!uniform)
        continue;
      if (std::optional<int64_t> k = scale.getConstant())
        return decomposeOffsets(other, dims, uniform->scaled(*k), terms,
                                whyNot);
      if (std::optional<int64_t> k = uniform->getConstant())
        return decomposeOffsets(other, dims, scale.scaled(*k), terms, whyNot);
    }
  }
  whyNot = "an offset is not a sum of `start + arange` index vectors times "
           "strides" +
           (def ? " (at " + describe(def) + ")" : std::string());
  return failure();
}

/// Takes a pointer tile apart into its base and the index terms of its
/// offsets.
LogicalResult decomposePointers(Value pointers, ArrayRef<unsigned> dims,
                                Value &base, SmallVectorImpl<IndexTerm> &terms,
                                std::string &whyNot) {
  Operation *def = pointers.getDefiningOp();
  if (auto add = dyn_cast_or_null<AddPtrOp>(def))
    return success(succeeded(decomposeOffsets(add.getOffset(), dims,
                                              LinearForm::ofConstant(1), terms,
                                              whyNot)) &&
                   succeeded(decomposePointers(add.getPtr(), dims, base, terms,
                                               whyNot)));
  if (auto broadcast = dyn_cast_or_null<BroadcastOp>(def))
    return decomposePointers(broadcast.getSrc(), dims, base, terms, whyNot);
  if (auto expand = dyn_cast_or_null<ExpandDimsOp>(def))
    return decomposePointers(expand.getSrc(), dropAxis(dims, expand.getAxis()),
                             base, terms, whyNot);
  if (auto splat = dyn_cast_or_null<SplatOp>(def)) {
    base = splat.getSrc();
    auto arg = dyn_cast<BlockArgument>(base);
    if (arg && isa<FuncOp>(arg.getOwner()->getParentOp()))
      return success();
    whyNot = "the base pointer is not an argument of the kernel";
    return failure();
  }
  whyNot = "the pointers are not a splat base plus offsets" +
           (def ? " (at " + describe(def) + ")" : std::string());
  return failure();
}

/// Takes a mask apart into bounds `index < limit` along the tile's
/// dimensions.
LogicalResult decomposeMask(Value mask, ArrayRef<unsigned> dims,
                            SmallVectorImpl<IndexBound> &bounds) {
  Operation *def = mask.getDefiningOp();
  if (auto band = dyn_cast_or_null<arith::AndIOp>(def))
    return success(succeeded(decomposeMask(band.getLhs(), dims, bounds)) &&
                   succeeded(decomposeMask(band.getRhs(), dims, bounds)));
  if (auto broadcast = dyn_cast_or_null<BroadcastOp>(def))
    return decomposeMask(broadcast.getSrc(), dims, bounds);
  if (auto expand = dyn_cast_or_null<ExpandDimsOp>(def))
    return decomposeMask(expand.getSrc(), dropAxis(dims, expand.getAxis()),
                         bounds);
  auto cmp = dyn_cast_or_null<arith::CmpIOp>(def);
  if (!cmp)
    return failure();
  Value index, limit;
  if (cmp.getPredicate() == arith::CmpIPredicate::slt)
    std::tie(index, limit) = std::pair(cmp.getLhs(), cmp.getRhs());
  else if (cmp.getPredicate() == arith::CmpIPredicate::sgt)
    std::tie(index, limit) = std::pair(cmp.getRhs(), cmp.getLhs());
  else
    return failure();
  std::optional<LinearForm> bound = getUniformForm(limit);
  if (!bound)
    return failure();
  // The index side down to its 1-D vector.
  SmallVector<unsigned> indexDims(dims);
  while (cast<RankedTensorType>(index.getType()).getRank() > 1) {
    if (auto broadcast = index.getDefiningOp<BroadcastOp>()) {
      index = broadcast.getSrc();
    } else if (auto expand = index.getDefiningOp<ExpandDimsOp>()) {
      indexDims = dropAxis(indexDims, expand.getAxis());
      index = expand.getSrc();
    } else {
      return failure();
    }
  }
  std::optional<IndexVector> vector = matchIndexVector(index);
  if (!vector || vector->wrap)
    return failure();
  bounds.push_back({indexDims[0], *vector, *bound});
  return success();
}

SmallVector<unsigned> identityDims(Value tile) {
  SmallVector<unsigned> dims(cast<RankedTensorType>(tile.getType()).getRank());
  std::iota(dims.begin(), dims.end(), 0);
  return dims;
}

/// Whether masked-off elements may read as zeros, which is what TMA writes
/// for the elements of a box outside the tensor.
bool fillsWithZeros(LoadOp load) {
  Value other = load.getOther();
  return !other || matchPattern(other, m_Zero()) ||
         matchPattern(other, m_PosZeroFloat());
}

/// The largest power of two known to divide `form` (0 for the form 0).
int64_t getDivisibility(const LinearForm &form,
                        const ContiguityAnalysis &contiguity) {
  int64_t divisor = std::abs(form.constant);
  for (auto [atom, coefficient] : form.terms)
    divisor = std::gcd(divisor, std::abs(coefficient) *
                                    contiguity.getDivisibility(atom));
  return divisor;
}

/// Whether `store` masks off every element whose index along `dim` is past
/// `wrapped`'s size: its mask has the bound `start + arange < size` there.
bool masksWrapped(StoreOp store, unsigned dim, const IndexVector &wrapped) {
  SmallVector<IndexBound, 4> bounds;
  if (!store.getMask() ||
      failed(decomposeMask(store.getMask(), identityDims(store.getMask()),
                           bounds)))
    return false;
  return llvm::any_of(bounds, [&](const IndexBound &bound) {
    return bound.dim == dim && bound.index.size == wrapped.size &&
           bound.index.start == wrapped.start && bound.limit == *wrapped.wrap;
  });
}

/// The dimension of a dot's result that the elements of its operand
/// `operand` (0: a, 1: b, 2: c) at index i of `dim` reach alone.
std::optional<unsigned> getDotResultDim(unsigned operand, unsigned dim) {
  if (operand == 2 || (operand == 0 && dim == 0) || (operand == 1 && dim == 1))
    return dim;
  return std::nullopt; // the contracted dimension reaches every element
}

/// Follows the loaded tile, whose elements past the wrapped index's size
/// along `dim` differ under TMA, to everything it reaches: elementwise ops,
/// the rows (columns) of dots and their accumulator chains, stores that mask
/// those elements off.
LogicalResult checkWrappedUnobserved(LoadOp load, unsigned dim,
                                     const IndexVector &wrapped,
                                     std::string &whyNot) {
  SmallVector<std::pair<Value, unsigned>> work = {{load.getResult(), dim}};
  llvm::DenseSet<std::pair<Value, unsigned>> seen;
  auto fail = [&](Operation *user, StringRef what) {
    whyNot = ("dimension " + Twine(dim) + " wraps, and its elements past the "
              "tensor reach " + describe(user) + ", " + what)
                 .str();
    return failure();
  };
  while (!work.empty()) {
    auto [value, valueDim] = work.pop_back_val();
    if (!seen.insert({value, valueDim}).second)
      continue;
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      unsigned number = use.getOperandNumber();
      if (isa<DotOp, WarpGroupDotOp>(user)) {
        std::optional<unsigned> resultDim = getDotResultDim(number, valueDim);
        if (!resultDim)
          return fail(user, "which sums over them");
        work.push_back({user->getResult(0), *resultDim});
      } else if (isa<LocalAllocOp, ConvertLayoutOp, WarpGroupDotWaitOp>(user)) {
        work.push_back({user->getResult(0), valueDim});
      } else if (auto yield = dyn_cast<scf::YieldOp>(user)) {
        Operation *parent = yield->getParentOp();
        work.push_back({parent->getResult(number), valueDim});
        if (auto loop = dyn_cast<scf::ForOp>(parent))
          work.push_back({loop.getRegionIterArg(number), valueDim});
        else if (!isa<scf::IfOp>(parent))
          return fail(user, "which is not a loop's or a branch's yield");
      } else if (auto store = dyn_cast<StoreOp>(user)) {
        if (value != store.getValue() || value == store.getPtr() ||
            value == store.getMask())
          return fail(user, "as an address or a mask");
        if (!masksWrapped(store, valueDim, wrapped))
          return fail(user, "whose mask does not exclude them");
      } else if (user->hasTrait<OpTrait::Elementwise>() &&
                 isMemoryEffectFree(user)) {
        for (Value result : user->getResults())
          work.push_back({result, valueDim});
      } else {
        return fail(user, "which may mix them with other elements");
      }
    }
  }
  return success();
}

} // namespace

//===----------------------------------------------------------------------===//
// matchTensorMapAccess
//===----------------------------------------------------------------------===//

std::optional<TensorMapAccess>
mlir::mytriton::matchTensorMapAccess(LoadOp load,
                                     const ContiguityAnalysis &contiguity,
                                     std::string &whyNot) {
  auto fail = [&](const Twine &reason) {
    whyNot = reason.str();
    return std::nullopt;
  };
  auto type = dyn_cast<RankedTensorType>(load.getPtr().getType());
  if (!type || type.getRank() > 5)
    return fail("TMA copies tiles of 1 to 5 dimensions");
  Type element = getElementTypeOrSelf(load.getType());
  unsigned bits = element.getIntOrFloatBitWidth();
  if (bits < 8)
    return fail("TMA copies whole bytes (the element is " + Twine(bits) +
                " bits)");
  int64_t elementBytes = bits / 8;

  TensorMapAccess access;
  // A pointer that a loop carries and advances: its box starts where the
  // loop's initial pointers do.
  Value pointers = load.getPtr();
  std::optional<LinearForm> advance;
  scf::ForOp loop;
  if (auto arg = dyn_cast<BlockArgument>(pointers)) {
    loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
    if (!loop || arg == loop.getInductionVar())
      return fail("the pointers are a block argument that no loop carries");
    unsigned index = arg.getArgNumber() - loop.getNumInductionVars();
    Value next = loop.getBody()->getTerminator()->getOperand(index);
    auto add = next.getDefiningOp<AddPtrOp>();
    if (add && add.getPtr() == arg)
      advance = getUniformForm(add.getOffset());
    if (!advance)
      return fail("the loop does not advance the pointers by one offset for "
                  "all elements");
    pointers = loop.getInitArgs()[index];
    access.carryingLoop = loop;
  }
  SmallVector<IndexTerm, 4> terms;
  if (failed(decomposePointers(pointers, identityDims(pointers), access.base,
                               terms, whyNot)))
    return std::nullopt;

  // One index vector along each dimension, the last of stride 1.
  SmallVector<std::optional<IndexVector>, 2> indices(type.getRank());
  for (auto [d, size] : llvm::enumerate(type.getShape())) {
    TensorMapDim &dim = access.dims.emplace_back();
    dim.box = size;
    for (IndexTerm &term : terms) {
      if (term.dim != d)
        continue;
      if (indices[d])
        return fail("dimension " + Twine(d) + " has two index vectors");
      indices[d] = term.index;
      dim.stride = term.scale;
      dim.start = term.index.start;
    }
    if (!indices[d])
      return fail("dimension " + Twine(d) +
                  " has no index vector (its elements share addresses)");
    if (indices[d]->size != size)
      return fail("dimension " + Twine(d) + "'s index vector is not as long "
                  "as the tile");
    if (!dim.stride.isOverKernelArguments())
      return fail("dimension " + Twine(d) + "'s stride is not a kernel "
                  "argument or a constant");
    if (indices[d]->wrap) {
      if (!indices[d]->wrap->isOverKernelArguments())
        return fail("dimension " + Twine(d) + " wraps at a size that is not "
                    "a kernel argument or a constant");
      dim.size = *indices[d]->wrap;
      dim.bound = TensorMapDim::Bound::Wrapped;
    }
  }
  if (access.dims.back().stride.getConstant() != 1)
    return fail("the last dimension's stride is not 1");
  if (contiguity.getDivisibility(access.base) % 16 != 0)
    return fail("the base pointer is not known to be 16-byte aligned");
  for (auto [d, dim] : llvm::enumerate(ArrayRef(access.dims).drop_back()))
    if (getDivisibility(dim.stride, contiguity) * elementBytes % 16 != 0)
      return fail("dimension " + Twine(d) +
                  "'s stride is not known to be a multiple of 16 bytes");

  // TMA's innermost coordinate must address a 16-byte boundary (else the
  // copy is an illegal instruction, measured on the H200), in every
  // iteration.
  const TensorMapDim &last = access.dims.back();
  if (getDivisibility(last.start, contiguity) * elementBytes % 16 != 0)
    return fail("the block's first element along the last dimension is not "
                "known to be 16-byte aligned");

  // Which dimension the carried pointers advance along.
  if (advance && advance->getConstant() != 0) {
    std::optional<unsigned> along;
    for (auto [d, dim] : llvm::enumerate(access.dims)) {
      std::optional<int64_t> steps = advance->ratioTo(dim.stride);
      if (!steps)
        continue;
      if (along)
        return fail("the loop's advance matches more than one dimension's "
                    "stride");
      along = d;
      dim.advance = *steps;
    }
    if (!along)
      return fail("the loop advances the pointers by an offset that is not a "
                  "multiple of one dimension's stride");
    if (access.dims[*along].bound == TensorMapDim::Bound::Wrapped)
      return fail("the loop advances the pointers along a wrapped dimension");
    if (*along + 1 == access.dims.size() &&
        access.dims[*along].advance * elementBytes % 16 != 0)
      return fail("the loop advances the last dimension by a step that is "
                  "not a multiple of 16 bytes");
  }

  // The mask: a bound `start' + arange < limit` on a dimension is TMA's
  // size `limit - start' + the box's start in this iteration`.
  if (Value mask = load.getMask()) {
    if (!fillsWithZeros(load))
      return fail("masked-off elements read a value other than 0");
    SmallVector<IndexBound, 4> bounds;
    if (failed(decomposeMask(mask, identityDims(mask), bounds)))
      return fail("the mask is not a conjunction of `index < size` bounds "
                  "along dimensions");
    for (IndexBound &bound : bounds) {
      TensorMapDim &dim = access.dims[bound.dim];
      if (dim.bound != TensorMapDim::Bound::Unchecked)
        return fail("dimension " + Twine(bound.dim) +
                    " is bounded twice (by two masks, or a mask and a wrap)");
      LinearForm start = dim.start;
      if (dim.advance != 0) {
        std::optional<int64_t> step =
            LinearForm::of(loop.getStep()).getConstant();
        if (step != 1)
          return fail("the mask's bound moves with a loop whose step is not 1");
        start = start + (LinearForm::of(loop.getInductionVar()) -
                         LinearForm::of(loop.getLowerBound()))
                            .scaled(dim.advance);
      }
      LinearForm size = bound.limit - bound.index.start + start;
      if (bound.index.size != dim.box || !size.isOverKernelArguments())
        return fail("dimension " + Twine(bound.dim) +
                    "'s mask does not bound it by a size that is a kernel "
                    "argument or a constant");
      dim.size = size;
      dim.bound = TensorMapDim::Bound::Masked;
    }
  }

  for (auto [d, dim] : llvm::enumerate(access.dims))
    if (dim.bound == TensorMapDim::Bound::Wrapped &&
        failed(checkWrappedUnobserved(load, d, *indices[d], whyNot)))
      return std::nullopt;
  return access;
}
