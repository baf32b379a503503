//===- TiledReductions.cpp - tt.reduce of tiled kernels as CUDA -----------===//
//
// A reduction of a tiled kernel combines the elements that share their
// coordinates outside the reduced dimensions (all of them for a 1-D tensor
// reduced to a scalar), in three steps read from the layout bases:
//  1. within the thread: its registers with equal kept coordinates, skipping
//     replicas (equal full coordinates), as a tree;
//  2. within the warp: a __shfl_xor_sync butterfly over the lane bits whose
//     base moves along a reduced dimension (bits of base 0 are replicas and
//     already hold equal values; shuffling them would count elements twice);
//  3. across warps, when warp bits move along a reduced dimension: each
//     thread writes its partial results to the scratch buffer at
//     (kept element's row-major index) * G + (its warp group), a barrier,
//     then every thread combines the G partials of each of its elements in
//     group order.
// The result's layout is the operand's sliced along the axis, so its
// registers are matched by coordinates at thread 0; every thread holding an
// element of the result ends with the same value for it (butterflies and
// the group order are symmetric).
//
//===----------------------------------------------------------------------===//

#include "CTypes.h"
#include "TiledLayouts.h"

#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::mytriton;
using namespace mlir::mytriton::cuda;

LogicalResult mlir::mytriton::cuda::printTiledReduce(KernelEmitter &e,
                                                     tt::ReduceOp op) {
  Value input = op.getOperand(), result = op.getResult();
  auto tensor = cast<RankedTensorType>(input.getType());
  FailureOr<std::string> type = e.getCType(tensor, op.getLoc());
  if (failed(type))
    return failure();
  Type element = tensor.getElementType();
  bool toScalar = !isa<RankedTensorType>(result.getType());
  unsigned rank = tensor.getRank();
  SmallVector<bool> reduced(rank, toScalar);
  if (!toScalar)
    reduced[op.getAxis().value_or(0)] = true;

  tt::LayoutBases from = getBases(input);
  tt::LayoutBases to =
      toScalar ? getScalarBases(tt::getNumWarps(tt::getLayoutEncoding(tensor)))
               : getBases(result);
  auto kept = [&](ArrayRef<int64_t> index) {
    SmallVector<int64_t> out;
    for (unsigned d = 0; d < rank; ++d)
      if (!reduced[d])
        out.push_back(index[d]);
    return out;
  };
  auto alongReduced = [&](ArrayRef<int64_t> base) {
    for (unsigned d = 0; d < rank; ++d)
      if (reduced[d] && base[d] != 0)
        return true;
    return false;
  };
  // Each thread bit moves along reduced dimensions (it is combined) or
  // along kept ones exactly as in the result's layout.
  auto bitsAgree = [&](ArrayRef<SmallVector<int64_t>> fromBases,
                       ArrayRef<SmallVector<int64_t>> toBases) {
    for (auto [f, t] : llvm::zip_equal(fromBases, toBases)) {
      SmallVector<int64_t> k = kept(f);
      if (alongReduced(f) && llvm::any_of(k, [](int64_t x) { return x != 0; }))
        return false;
      if (k != t)
        return false;
    }
    return true;
  };
  if (from.warpBases.size() != to.warpBases.size() ||
      !bitsAgree(from.laneBases, to.laneBases) ||
      !bitsAgree(from.warpBases, to.warpBases))
    return op.emitOpError()
           << "cannot be emitted as CUDA: the result's layout is not the "
              "operand's sliced along the reduced axis ("
           << tensor << " -> " << result.getType() << ")";

  // Step 1's groups: for each result register, the operand's registers of
  // its element, replicas skipped.
  SmallVector<unsigned> fromFirst = getFirstHolders(from);
  SmallVector<unsigned> toFirst = getFirstHolders(to);
  SmallVector<SmallVector<unsigned>> groups(to.registerOffsets.size());
  for (unsigned s = 0; s < from.registerOffsets.size(); ++s) {
    if (fromFirst[s] != s)
      continue;
    SmallVector<int64_t> k = kept(from.registerOffsets[s]);
    const auto *it = llvm::find(to.registerOffsets, k);
    if (it == to.registerOffsets.end())
      return op.emitOpError()
             << "cannot be emitted as CUDA: no register of the result holds "
                "the element of operand register "
             << s;
    groups[it - to.registerOffsets.begin()].push_back(s);
  }

  std::string name = e.nameOf(result).str();
  raw_indented_ostream &os = e.body();
  os << "// " << name << " = " << stringifyEnum(op.getKind()) << " of "
     << tensor;
  if (!toScalar)
    os << " along axis " << op.getAxis().value_or(0);
  os << "\n";

  // Step 1.
  SmallVector<std::string> accs(groups.size());
  for (unsigned q = 0; q < groups.size(); ++q) {
    if (toFirst[q] != q)
      continue;
    SmallVector<std::string> values;
    for (unsigned s : groups[q])
      values.push_back(e.operand(input, s));
    while (values.size() > 1) {
      size_t half = values.size() / 2;
      SmallVector<std::string> next;
      for (size_t i = 0; i < half; ++i) {
        std::string partial = e.freshName(name + "_part");
        os << "const " << *type << " " << partial << " = "
           << reduceCombineExpr(op.getKind(), element, values[i],
                                values[i + half])
           << ";\n";
        next.push_back(partial);
      }
      values = std::move(next);
    }
    accs[q] = e.freshName(name + "_acc");
    os << *type << " " << accs[q] << " = " << values.front() << ";\n";
  }
  auto combineInto = [&](StringRef acc, StringRef other) {
    os << acc << " = "
       << reduceCombineExpr(op.getKind(), element, acc, other) << ";\n";
  };

  // Step 2.
  for (auto [bit, base] : llvm::enumerate(from.laneBases)) {
    if (!alongReduced(base))
      continue;
    for (unsigned q = 0; q < groups.size(); ++q) {
      if (toFirst[q] != q)
        continue;
      std::string other = e.freshName(name + "_other");
      // Named: the combine may read its operands twice.
      os << "const " << *type << " " << other << " = __shfl_xor_sync("
         << "0xffffffffu, " << accs[q] << ", " << (1u << bit) << ");\n";
      combineInto(accs[q], other);
    }
  }

  // Step 3.
  SmallVector<int64_t> groupWeights(from.laneBases.size(), 0);
  int64_t numGroups = 1;
  for (const SmallVector<int64_t> &base : from.warpBases) {
    groupWeights.push_back(alongReduced(base) ? numGroups : 0);
    if (alongReduced(base))
      numGroups *= 2;
  }
  if (numGroups > 1) {
    int64_t keptElements = 1;
    for (int64_t extent : to.shape)
      keptElements *= extent;
    FailureOr<std::string> buffer = e.useScratch(
        op, *type, keptElements * numGroups * getElementBytes(element),
        "the partial results of " + std::to_string(numGroups) + " warps");
    if (failed(buffer))
      return failure();
    std::string group = e.threadSum(groupWeights, "warp_group");
    auto slot = [&](unsigned q, int64_t g) {
      std::string element =
          toScalar ? "0" : rowMajorExpr(e, to, q);
      std::string index =
          element == "0" ? "" : "(" + element + ") * " + std::to_string(numGroups);
      std::string offset = g < 0 ? group : std::to_string(g);
      if (index.empty())
        return *buffer + "[" + offset + "]";
      return *buffer + "[" + index + " + " + offset + "]";
    };
    for (unsigned q = 0; q < groups.size(); ++q)
      if (toFirst[q] == q)
        os << slot(q, -1) << " = " << accs[q] << ";\n";
    os << "__syncthreads();\n";
    for (unsigned q = 0; q < groups.size(); ++q) {
      if (toFirst[q] != q)
        continue;
      os << accs[q] << " = " << slot(q, 0) << ";\n";
      for (int64_t g = 1; g < numGroups; ++g)
        combineInto(accs[q], slot(q, g));
    }
  }
  return e.declareRegisters(result, groups.size(), [&](unsigned q) {
    return accs[toFirst[q]];
  });
}
