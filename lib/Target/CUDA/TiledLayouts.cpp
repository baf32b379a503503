//===- TiledLayouts.cpp - layout bases as CUDA index expressions ----------===//

#include "TiledLayouts.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::mytriton;
using namespace mlir::mytriton::cuda;

tt::LayoutBases cuda::getBases(Value tensor) {
  auto type = cast<RankedTensorType>(tensor.getType());
  return tt::getLayoutBases(tt::getLayoutEncoding(type), type.getShape());
}

tt::LayoutBases cuda::getScalarBases(unsigned numWarps) {
  tt::LayoutBases bases;
  bases.registerOffsets.emplace_back();
  bases.laneBases.resize(5);
  for (unsigned w = 1; w < numWarps; w *= 2)
    bases.warpBases.emplace_back();
  return bases;
}

SmallVector<int64_t>
cuda::getThreadWeights(const tt::LayoutBases &bases,
                       llvm::function_ref<int64_t(ArrayRef<int64_t>)> f) {
  SmallVector<int64_t> weights;
  for (const SmallVector<int64_t> &base : bases.laneBases)
    weights.push_back(f(base));
  for (const SmallVector<int64_t> &base : bases.warpBases)
    weights.push_back(f(base));
  return weights;
}

std::string cuda::threadCoordinate(KernelEmitter &e,
                                   const tt::LayoutBases &bases,
                                   unsigned dim) {
  return e.threadSum(
      getThreadWeights(bases, [&](ArrayRef<int64_t> b) { return b[dim]; }),
      "thread_dim" + std::to_string(dim));
}

int64_t cuda::rowMajorIndex(ArrayRef<int64_t> shape, ArrayRef<int64_t> index) {
  int64_t linear = 0;
  for (auto [extent, i] : llvm::zip_equal(shape, index))
    linear = linear * extent + i;
  return linear;
}

std::string cuda::plusConstant(StringRef name, int64_t c) {
  if (name == "0")
    return std::to_string(c);
  if (c == 0)
    return name.str();
  return name.str() + " + " + std::to_string(c);
}

std::string cuda::rowMajorExpr(KernelEmitter &e, const tt::LayoutBases &bases,
                               unsigned reg, int64_t padEvery) {
  auto padded = [&](int64_t index) {
    return tt::getScratchSlot(index, padEvery);
  };
  std::string thread = e.threadSum(
      getThreadWeights(bases,
                       [&](ArrayRef<int64_t> b) {
                         return padded(rowMajorIndex(bases.shape, b));
                       }),
      padEvery ? "thread_slot" : "thread_element");
  return plusConstant(
      thread, padded(rowMajorIndex(bases.shape, bases.registerOffsets[reg])));
}

SmallVector<unsigned> cuda::getFirstHolders(const tt::LayoutBases &bases) {
  SmallVector<unsigned> first;
  for (unsigned r = 0; r < bases.registerOffsets.size(); ++r) {
    unsigned s = 0;
    while (bases.registerOffsets[s] != bases.registerOffsets[r])
      ++s;
    first.push_back(s);
  }
  return first;
}

std::string cuda::ownerCondition(const tt::LayoutBases &bases) {
  uint64_t mask = 0;
  SmallVector<int64_t> weights = getThreadWeights(
      bases, [](ArrayRef<int64_t> b) { return llvm::all_of(b, [](int64_t x) {
                 return x == 0;
               }); });
  for (auto [bit, replica] : llvm::enumerate(weights))
    if (replica)
      mask |= uint64_t(1) << bit;
  if (mask == 0)
    return "";
  return "(threadIdx.x & " + std::to_string(mask) + "u) == 0u";
}

std::optional<SmallVector<unsigned>> cuda::matchRegisters(
    const tt::LayoutBases &from, const tt::LayoutBases &to,
    llvm::function_ref<SmallVector<int64_t>(ArrayRef<int64_t>)> toFrom) {
  if (from.laneBases.size() != to.laneBases.size() ||
      from.warpBases.size() != to.warpBases.size())
    return std::nullopt;
  for (auto [f, t] : llvm::zip_equal(from.laneBases, to.laneBases))
    if (toFrom(t) != f)
      return std::nullopt;
  for (auto [f, t] : llvm::zip_equal(from.warpBases, to.warpBases))
    if (toFrom(t) != f)
      return std::nullopt;
  SmallVector<unsigned> match;
  for (const SmallVector<int64_t> &offset : to.registerOffsets) {
    SmallVector<int64_t> wanted = toFrom(offset);
    const auto *it = llvm::find(from.registerOffsets, wanted);
    if (it == from.registerOffsets.end())
      return std::nullopt;
    match.push_back(it - from.registerOffsets.begin());
  }
  return match;
}
