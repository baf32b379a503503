//===- AccessForms.cpp - how a tiled kernel's loads and stores run --------===//
//
// A tiled kernel's tensors can have thousands of elements. LLVM turns a
// vector.gather/scatter with a run-time mask into one branch per lane, and
// its register coalescer then takes minutes for a few hundred lanes. So the
// loads and stores of tiled kernels are marked, before the conversion, with
// the form they take (kCPUAccessFormAttrName):
//  * "rows": the offsets are unit-stride along the last dimension (what
//    `rows[:, None] * stride + cols[None, :]` gives): one vector access per
//    row, starting at the row's first offset;
//  * "lanes": anything else: a loop over the elements through memory.
// Uniform kernels have one row per vector: their lane-contiguous accesses
// are marked "rows" (which the lowering needs only where it cannot see the
// offsets are contiguous itself: pointers carried through loops), the
// others stay unmarked and lower as before.
//
// Tensors carried through the kernel's scf.for/while or merged by its scf.if
// get the join of the forms flowing in (a fixpoint over loops), so a pointer
// tile advanced by a scalar step each iteration keeps its row form.
//
// The analysis writes each tensor of offsets as a separable sum
// f_0(c_0) + f_1(c_1) + ... of functions of one coordinate each (plus
// scalars), and knows f_d exactly when it is `stride * c_d`.
//
//===----------------------------------------------------------------------===//

#include "AccessForms.h"
#include "MyTriton/Conversion/TTToVector/Passes.h"
#include "MyTriton/Dialect/TT/IR/TTDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::mytriton;

namespace {

/// How a tensor varies along one dimension.
struct DimForm {
  enum Kind { Constant, Affine, Any } kind = Constant;
  int64_t stride = 0; // Affine: the value grows by `stride` per coordinate

  static DimForm affine(int64_t stride) {
    return stride == 0 ? DimForm() : DimForm{Affine, stride};
  }
  static DimForm any() { return DimForm{Any, 0}; }
};

/// A separable tensor: one DimForm per dimension. Absent: not separable (or
/// not understood).
using Form = std::optional<SmallVector<DimForm>>;

class FormAnalysis {
public:
  Form get(Value value) {
    auto type = dyn_cast<RankedTensorType>(value.getType());
    if (!type)
      return SmallVector<DimForm>(); // a scalar: constant everywhere
    auto known = forms.find(value);
    if (known != forms.end())
      return known->second;
    SmallVector<Value> incoming = getControlFlowIncomingValues(value);
    Form form = incoming.empty() ? compute(value, type)
                                 : solve(value, incoming);
    // Any 1-D tensor is a function of its one coordinate.
    if (!form && type.getRank() == 1)
      form = SmallVector<DimForm>{DimForm::any()};
    remember(value, form);
    return form;
  }

private:
  void remember(Value value, const Form &form) {
    forms[value] = form;
    log.push_back(value);
  }

  /// Forgets the forms found since log.size() was `mark`.
  void forget(size_t mark) {
    for (Value value : llvm::drop_begin(log, mark))
      forms.erase(value);
    log.resize(mark);
  }

  static bool equal(const Form &a, const Form &b) {
    if (!a || !b)
      return !a && !b;
    return llvm::equal(*a, *b, [](DimForm x, DimForm y) {
      return x.kind == y.kind && x.stride == y.stride;
    });
  }

  /// The least form that holds for both `a` and `b`: per dimension the same
  /// one, else Any.
  static Form join(const Form &a, const Form &b) {
    if (!a || !b || a->size() != b->size())
      return std::nullopt;
    SmallVector<DimForm> result;
    for (auto [x, y] : llvm::zip_equal(*a, *b))
      result.push_back(x.kind == y.kind && x.stride == y.stride
                           ? x
                           : DimForm::any());
    return result;
  }

  /// A loop-carried or branch-merged tensor: the join of the forms of the
  /// values flowing in. A loop's yield depends on the region argument
  /// itself, so this guesses the init's form, derives the yield's under the
  /// guess, and widens the guess (forgetting what was derived from it) until
  /// every incoming form fits it: then it holds on every iteration.
  Form solve(Value value, ArrayRef<Value> incoming) {
    Form guess = get(incoming.front());
    while (true) {
      size_t mark = log.size();
      remember(value, guess);
      Form joined = guess;
      for (Value in : incoming.drop_front())
        joined = join(joined, get(in));
      if (equal(joined, guess))
        return guess;
      forget(mark);
      guess = joined;
    }
  }

  static Form constant(int64_t rank) {
    return SmallVector<DimForm>(rank, DimForm());
  }

  static bool isConstant(const SmallVector<DimForm> &form) {
    return llvm::all_of(form,
                        [](DimForm d) { return d.kind == DimForm::Constant; });
  }

  /// s when `form` over `shape` is s * (row-major index) + constant.
  static std::optional<int64_t> getFlatStride(const Form &form,
                                              ArrayRef<int64_t> shape) {
    if (!form)
      return std::nullopt;
    std::optional<int64_t> stride;
    int64_t inner = 1;
    for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0;
         inner *= shape[d], --d) {
      DimForm f = (*form)[d];
      if (shape[d] == 1)
        continue;
      if (f.kind == DimForm::Any || f.stride % inner != 0 ||
          (stride && *stride != f.stride / inner))
        return std::nullopt;
      stride = f.stride / inner;
    }
    return stride.value_or(0);
  }

  /// Elementwise a + sign * b of two forms of one rank.
  static Form add(const Form &a, const Form &b, int64_t sign) {
    if (!a || !b || a->size() != b->size())
      return std::nullopt;
    SmallVector<DimForm> sum;
    for (auto [x, y] : llvm::zip_equal(*a, *b)) {
      if (x.kind == DimForm::Any || y.kind == DimForm::Any)
        sum.push_back(DimForm::any());
      else
        sum.push_back(DimForm::affine(x.stride + sign * y.stride));
    }
    return sum;
  }

  /// Any elementwise op of operands that each depend on at most one and the
  /// same dimension depends on that dimension alone.
  Form anyOfOneDim(Operation *op, int64_t rank) {
    std::optional<int64_t> dim;
    for (Value operand : op->getOperands()) {
      Form form = get(operand);
      if (!form)
        return std::nullopt;
      if (form->empty())
        continue; // a scalar operand
      if (static_cast<int64_t>(form->size()) != rank)
        return std::nullopt;
      for (auto [d, f] : llvm::enumerate(*form)) {
        if (f.kind == DimForm::Constant)
          continue;
        if (dim && *dim != static_cast<int64_t>(d))
          return std::nullopt;
        dim = d;
      }
    }
    SmallVector<DimForm> result(rank, DimForm());
    if (dim)
      result[*dim] = DimForm::any();
    return result;
  }

  Form compute(Value value, RankedTensorType type) {
    int64_t rank = type.getRank();
    Operation *def = value.getDefiningOp();
    if (!def)
      return std::nullopt;
    if (isa<tt::MakeRangeOp>(def))
      return SmallVector<DimForm>{DimForm::affine(1)};
    if (isa<tt::SplatOp>(def))
      return constant(rank);
    if (auto cst = dyn_cast<arith::ConstantOp>(def)) {
      auto dense = dyn_cast<DenseElementsAttr>(cst.getValue());
      if (dense && dense.isSplat())
        return constant(rank);
      auto ints = dyn_cast_or_null<DenseIntElementsAttr>(dense);
      if (!ints || rank != 1)
        return std::nullopt;
      SmallVector<int64_t> values;
      for (const APInt &v : ints.getValues<APInt>())
        values.push_back(v.getSExtValue());
      int64_t stride = values.size() > 1 ? values[1] - values[0] : 0;
      for (auto [i, v] : llvm::enumerate(values))
        if (v != values[0] + stride * static_cast<int64_t>(i))
          return std::nullopt;
      return SmallVector<DimForm>{DimForm::affine(stride)};
    }
    if (auto expand = dyn_cast<tt::ExpandDimsOp>(def)) {
      Form src = get(expand.getSrc());
      if (!src)
        return std::nullopt;
      src->insert(src->begin() + expand.getAxis(), DimForm());
      return src;
    }
    if (auto broadcast = dyn_cast<tt::BroadcastOp>(def)) {
      Form src = get(broadcast.getSrc());
      if (!src)
        return std::nullopt;
      auto srcShape =
          cast<RankedTensorType>(broadcast.getSrc().getType()).getShape();
      for (auto [d, extent] : llvm::enumerate(srcShape))
        if (extent == 1) // one value along d, now repeated
          (*src)[d] = DimForm();
      return src;
    }
    if (auto trans = dyn_cast<tt::TransOp>(def)) {
      Form src = get(trans.getSrc());
      if (src)
        std::swap((*src)[0], (*src)[1]);
      return src;
    }
    if (auto convert = dyn_cast<tt::ConvertLayoutOp>(def))
      return get(convert.getSrc());
    if (auto reshape = dyn_cast<tt::ReshapeOp>(def)) {
      // A linear function of the row-major index stays one.
      auto srcType = cast<RankedTensorType>(reshape.getSrc().getType());
      std::optional<int64_t> stride =
          getFlatStride(get(reshape.getSrc()), srcType.getShape());
      if (!stride)
        return std::nullopt;
      SmallVector<DimForm> result;
      int64_t inner = 1;
      for (int64_t extent : llvm::reverse(type.getShape())) {
        result.push_back(DimForm::affine(*stride * inner));
        inner *= extent;
      }
      std::reverse(result.begin(), result.end());
      return result;
    }
    // A sign-extended index tensor (an i32 range, widened for an i64
    // offset) keeps its form; a sign-extended sum does not, as
    // sext(a + b) != sext(a) + sext(b) where the i32 sum wraps.
    if (auto ext = dyn_cast<arith::ExtSIOp>(def)) {
      if (isIndexTensor(ext.getIn()))
        return get(ext.getIn());
      return anyOfOneDim(def, rank);
    }
    if (auto addptr = dyn_cast<tt::AddPtrOp>(def))
      return add(get(addptr.getPtr()), get(addptr.getOffset()), 1);
    if (auto addi = dyn_cast<arith::AddIOp>(def))
      return add(get(addi.getLhs()), get(addi.getRhs()), 1);
    if (auto subi = dyn_cast<arith::SubIOp>(def))
      return add(get(subi.getLhs()), get(subi.getRhs()), -1);
    if (auto muli = dyn_cast<arith::MulIOp>(def)) {
      for (auto [factor, other] : {std::pair(muli.getRhs(), muli.getLhs()),
                                   std::pair(muli.getLhs(), muli.getRhs())}) {
        Form scale = get(factor), form = get(other);
        if (!scale || !form || !isConstant(*scale))
          continue;
        APInt k;
        Value scalar = factor;
        if (auto splat = factor.getDefiningOp<tt::SplatOp>())
          scalar = splat.getSrc();
        bool known = matchPattern(scalar, m_ConstantInt(&k));
        for (DimForm &d : *form)
          if (d.kind == DimForm::Affine)
            d = known ? DimForm::affine(d.stride * k.getSExtValue())
                      : DimForm::any();
        if (known && k.isZero())
          return constant(rank);
        return form;
      }
    }
    if (isa_and_nonnull<arith::ArithDialect>(def->getDialect()) &&
        def->getNumResults() == 1)
      return anyOfOneDim(def, rank);
    return std::nullopt;
  }

  /// Whether `value` is made of ranges and constants only (through
  /// expand_dims, broadcast, trans, reshape, convert_layout), so that its
  /// elements are the exact coordinates and constants its form says.
  static bool isIndexTensor(Value value) {
    for (unsigned depth = 0; depth < 16; ++depth) {
      Operation *def = value.getDefiningOp();
      if (!def)
        return false;
      if (isa<tt::MakeRangeOp, arith::ConstantOp>(def))
        return true;
      if (!isa<tt::ExpandDimsOp, tt::BroadcastOp, tt::TransOp, tt::ReshapeOp,
               tt::ConvertLayoutOp>(def))
        return false;
      value = def->getOperand(0);
    }
    return false;
  }

  DenseMap<Value, Form> forms;
  SmallVector<Value> log; // the values of `forms` in the order found
};

} // namespace

/// Calls `mark(op, ptr type, form of ptr)` for each tensor load and store.
static void forEachTensorAccess(
    tt::FuncOp kernel,
    function_ref<void(Operation *, RankedTensorType, const Form &)> mark) {
  FormAnalysis analysis;
  kernel.walk([&](Operation *op) {
    Value ptr;
    if (auto load = dyn_cast<tt::LoadOp>(op))
      ptr = load.getPtr();
    else if (auto store = dyn_cast<tt::StoreOp>(op))
      ptr = store.getPtr();
    auto type = ptr ? dyn_cast<RankedTensorType>(ptr.getType()) : nullptr;
    if (type)
      mark(op, type, analysis.get(ptr));
  });
}

/// Whether `form` is unit-stride along its last dimension.
static bool isUnitStrideRow(const Form &form) {
  return form && form->back().kind == DimForm::Affine &&
         form->back().stride == 1;
}

void mytriton::markTiledAccessForms(tt::FuncOp kernel) {
  Builder b(kernel.getContext());
  forEachTensorAccess(kernel, [&](Operation *op, RankedTensorType type,
                                  const Form &form) {
    bool rows = type.getShape().back() == 1 || isUnitStrideRow(form);
    op->setAttr(kCPUAccessFormAttrName,
                b.getStringAttr(rows ? kCPUAccessRows : kCPUAccessLanes));
  });
}

void mytriton::markUniformAccessForms(tt::FuncOp kernel) {
  Builder b(kernel.getContext());
  forEachTensorAccess(kernel, [&](Operation *op, RankedTensorType type,
                                  const Form &form) {
    if (type.getRank() == 1 && isUnitStrideRow(form))
      op->setAttr(kCPUAccessFormAttrName, b.getStringAttr(kCPUAccessRows));
  });
}

SmallVector<Value> mytriton::getControlFlowIncomingValues(Value value) {
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    Operation *parent = arg.getOwner()->getParentOp();
    if (auto loop = dyn_cast<scf::ForOp>(parent)) {
      if (arg.getArgNumber() == 0)
        return {}; // the induction variable
      unsigned i = arg.getArgNumber() - 1;
      return {loop.getInitArgs()[i], loop.getYieldedValues()[i]};
    }
    if (auto loop = dyn_cast<scf::WhileOp>(parent)) {
      unsigned i = arg.getArgNumber();
      if (arg.getOwner() == loop.getBeforeBody())
        return {loop.getInits()[i], loop.getYieldOp().getOperand(i)};
      return {loop.getConditionOp().getArgs()[i]};
    }
    return {};
  }
  auto result = cast<OpResult>(value);
  unsigned i = result.getResultNumber();
  Operation *owner = result.getOwner();
  if (auto loop = dyn_cast<scf::ForOp>(owner))
    return {loop.getInitArgs()[i], loop.getYieldedValues()[i]};
  if (auto loop = dyn_cast<scf::WhileOp>(owner))
    return {loop.getConditionOp().getArgs()[i]};
  if (auto branch = dyn_cast<scf::IfOp>(owner))
    return {branch.thenYield().getOperand(i),
            branch.elseYield().getOperand(i)};
  return {};
}
