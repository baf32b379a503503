//===- TTDot.cpp - tt.dot verifier ----------------------------------------===//
//
// Shapes and element types of a tile matrix product, said in the kernel
// writer's terms (a is M x K, b is K x N, the accumulator M x N), and the
// layouts a laid-out dot's operands must have (#tt.dot_operand of the
// accumulator's layout); and the FMA path's register plan both GPU routes
// lower from (DotLayouts.h).
//
//===----------------------------------------------------------------------===//

#include "MyTriton/Dialect/TT/IR/DotLayouts.h"
#include "MyTriton/Dialect/TT/IR/Layouts.h"
#include "MyTriton/Dialect/TT/IR/TTDialect.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/STLExtras.h"

#include <map>

using namespace mlir;
using namespace mlir::mytriton::tt;

namespace {
/// One legal element-type pairing: operands of `operand` type accumulate
/// into `accumulator` (Triton's tl.dot pairs; the FMA path extends the
/// operands to the accumulator's type, docs/GPULowering.md#tldot-the-fma-path).
struct DotTypeRule {
  bool (*operand)(Type);
  bool (*accumulator)(Type);
  const char *text;
};
} // namespace

static ArrayRef<DotTypeRule> getDotTypeRules() {
  auto isF16 = [](Type t) { return t.isF16(); };
  auto isBF16 = [](Type t) { return t.isBF16(); };
  auto isF32 = [](Type t) { return t.isF32(); };
  auto isF64 = [](Type t) { return t.isF64(); };
  // i8 is Triton's int8 (signed: the IR's integers are signless).
  auto isI8 = [](Type t) { return t.isInteger(8); };
  auto isI32 = [](Type t) { return t.isInteger(32); };
  static const DotTypeRule rules[] = {
      {isF16, isF32, "f16 x f16 -> f32"},
      {isF16, isF16, "f16 x f16 -> f16"},
      {isBF16, isF32, "bf16 x bf16 -> f32"},
      {isF32, isF32, "f32 x f32 -> f32"},
      {isF64, isF64, "f64 x f64 -> f64"},
      {isI8, isI32, "i8 x i8 -> i32"},
  };
  return rules;
}

static std::string describeDims(RankedTensorType type) {
  std::string s = "[";
  llvm::raw_string_ostream os(s);
  llvm::interleave(type.getShape(), os, ", ");
  os << "]";
  return s;
}

/// The operand layouts a dot with accumulator layout `parent` needs.
static LogicalResult verifyDotLayouts(DotOp op, RankedTensorType a,
                                      RankedTensorType b,
                                      RankedTensorType c) {
  Attribute parent = getLayoutEncoding(c);
  Attribute aLayout = getLayoutEncoding(a), bLayout = getLayoutEncoding(b);
  if (!parent && !aLayout && !bLayout)
    return success();
  auto mma = dyn_cast_if_present<MmaEncodingAttr>(parent);
  if (mma && mma.getVersionMajor() != 2)
    return op.emitOpError()
           << "multiplies registers; a #tt.mma version 3 (wgmma) accumulator "
              "comes from tt.warp_group_dot, whose operands are in shared "
              "memory, not "
           << c;
  if (!parent || (!isa<BlockedEncodingAttr>(parent) && !mma))
    return op.emitOpError()
           << "with layouts needs a #tt.blocked or #tt.mma accumulator, not "
           << c;
  // mma.sync packs 32 bits of K per register: kWidth = 32 / element bits.
  unsigned kWidth = mma ? 32 / a.getElementType().getIntOrFloatBitWidth() : 0;
  for (auto [index, operand, name] :
       {std::tuple{0u, a, "a"}, std::tuple{1u, b, "b"}}) {
    auto expected =
        DotOperandEncodingAttr::get(op.getContext(), index, parent, kWidth);
    if (getLayoutEncoding(operand) != expected)
      return op.emitOpError()
             << "operand " << name << " must have the layout " << expected
             << " of the accumulator's, got " << operand;
  }
  return success();
}

LogicalResult DotOp::verify() {
  auto a = cast<RankedTensorType>(getA().getType());
  auto b = cast<RankedTensorType>(getB().getType());
  auto c = cast<RankedTensorType>(getC().getType());
  for (auto [type, name] : {std::pair{a, "a"}, std::pair{b, "b"},
                            std::pair{c, "the accumulator"}})
    if (type.getRank() != 2)
      return emitOpError() << "multiplies 2-D tiles, but " << name
                           << " has shape " << describeDims(type);
  int64_t m = a.getDimSize(0), k = a.getDimSize(1), n = b.getDimSize(1);
  if (b.getDimSize(0) != k)
    return emitOpError() << "a of shape " << describeDims(a)
                         << " has K = " << k << " columns but b of shape "
                         << describeDims(b) << " has " << b.getDimSize(0)
                         << " rows; a is M x K and b is K x N";
  if (c.getDimSize(0) != m || c.getDimSize(1) != n)
    return emitOpError() << "the product of " << describeDims(a) << " and "
                         << describeDims(b) << " is [" << m << ", " << n
                         << "], but the accumulator has shape "
                         << describeDims(c);
  Type operand = a.getElementType(), accumulator = c.getElementType();
  if (b.getElementType() != operand)
    return emitOpError() << "operands have different element types: a is "
                         << operand << ", b is " << b.getElementType();
  ArrayRef<DotTypeRule> rules = getDotTypeRules();
  if (llvm::none_of(rules, [&](const DotTypeRule &rule) {
        return rule.operand(operand) && rule.accumulator(accumulator);
      })) {
    InFlightDiagnostic diag = emitOpError()
                              << "does not multiply " << operand << " x "
                              << operand << " -> " << accumulator
                              << "; supported: ";
    llvm::interleaveComma(rules, diag,
                          [&](const DotTypeRule &rule) { diag << rule.text; });
    return diag;
  }
  // I32Attr reads back unsigned; the attribute is a signed count.
  auto imprecise = static_cast<int32_t>(getMaxNumImpreciseAcc());
  if (imprecise < 0)
    return emitOpError() << "maxNumImpreciseAcc must be >= 0, got "
                         << imprecise;
  return verifyDotLayouts(*this, a, b, c);
}

//===----------------------------------------------------------------------===//
// The FMA path's register plan (DotLayouts.h)
//===----------------------------------------------------------------------===//

FailureOr<DotRegisterPlan> mlir::mytriton::tt::getDotRegisterPlan(
    RankedTensorType a, RankedTensorType b, RankedTensorType c) {
  Attribute aLayout = getLayoutEncoding(a), bLayout = getLayoutEncoding(b),
            cLayout = getLayoutEncoding(c);
  if (!aLayout || !bLayout || !cLayout)
    return failure();
  LayoutBases aBases = getLayoutBases(aLayout, a.getShape());
  LayoutBases bBases = getLayoutBases(bLayout, b.getShape());
  LayoutBases cBases = getLayoutBases(cLayout, c.getShape());
  // A thread bit must move a's row and b's column exactly as it moves the
  // accumulator's element, and never along K: then the registers found at
  // thread 0 are the right ones in every thread (the map is linear).
  auto threadPartsAgree = [](ArrayRef<SmallVector<int64_t>> operand,
                             ArrayRef<SmallVector<int64_t>> acc,
                             unsigned nonKDim, unsigned accDim) {
    if (operand.size() != acc.size())
      return false;
    for (auto [o, r] : llvm::zip_equal(operand, acc))
      if (o[nonKDim] != r[accDim] || o[1 - nonKDim] != 0)
        return false;
    return true;
  };
  if (!threadPartsAgree(aBases.laneBases, cBases.laneBases, 0, 0) ||
      !threadPartsAgree(aBases.warpBases, cBases.warpBases, 0, 0) ||
      !threadPartsAgree(bBases.laneBases, cBases.laneBases, 1, 1) ||
      !threadPartsAgree(bBases.warpBases, cBases.warpBases, 1, 1))
    return failure();
  std::map<std::pair<int64_t, int64_t>, int64_t> aRegisterOf, bRegisterOf;
  for (auto [r, offset] : llvm::enumerate(aBases.registerOffsets))
    aRegisterOf.try_emplace({offset[0], offset[1]}, r);
  for (auto [r, offset] : llvm::enumerate(bBases.registerOffsets))
    bRegisterOf.try_emplace({offset[0], offset[1]}, r);
  DotRegisterPlan plan;
  plan.k = a.getDimSize(1);
  for (const SmallVector<int64_t> &offset : cBases.registerOffsets) {
    SmallVector<int64_t> aRow, bColumn;
    for (int64_t k = 0; k < plan.k; ++k) {
      auto aIt = aRegisterOf.find({offset[0], k});
      auto bIt = bRegisterOf.find({k, offset[1]});
      if (aIt == aRegisterOf.end() || bIt == bRegisterOf.end())
        return failure();
      aRow.push_back(aIt->second);
      bColumn.push_back(bIt->second);
    }
    plan.aRegisters.push_back(std::move(aRow));
    plan.bRegisters.push_back(std::move(bColumn));
  }
  return plan;
}
