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
// Uniform kernels stay unmarked and lower as before.
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
    Form form = compute(value, type);
    // Any 1-D tensor is a function of its one coordinate.
    if (!form && type.getRank() == 1)
      form = SmallVector<DimForm>{DimForm::any()};
    forms[value] = form;
    return form;
  }

private:
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

  DenseMap<Value, Form> forms;
};

} // namespace

void mytriton::markTiledAccessForms(tt::FuncOp kernel) {
  FormAnalysis analysis;
  Builder b(kernel.getContext());
  kernel.walk([&](Operation *op) {
    Value ptr;
    if (auto load = dyn_cast<tt::LoadOp>(op))
      ptr = load.getPtr();
    else if (auto store = dyn_cast<tt::StoreOp>(op))
      ptr = store.getPtr();
    auto type = ptr ? dyn_cast<RankedTensorType>(ptr.getType()) : nullptr;
    if (!type)
      return;
    Form form = analysis.get(ptr);
    bool rows = type.getShape().back() == 1 ||
                (form && form->back().kind == DimForm::Affine &&
                 form->back().stride == 1);
    op->setAttr(kCPUAccessFormAttrName,
                b.getStringAttr(rows ? kCPUAccessRows : kCPUAccessLanes));
  });
}
