//===- CombineLayouts.cpp - the register plan of reductions and scans -----===//

#include "MyTriton/Dialect/TT/IR/CombineLayouts.h"
#include "MyTriton/Dialect/TT/IR/TTDialect.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/MathExtras.h"

#include <map>

using namespace mlir;
using namespace mlir::mytriton;
using namespace mlir::mytriton::tt;

SmallVector<unsigned> AxisCombinePlan::lineRegisters(const Line &line) const {
  SmallVector<unsigned> registers;
  for (const SmallVector<unsigned> &chunk : line.chunks)
    llvm::append_range(registers, chunk);
  return registers;
}

namespace {
/// A thread bit moving along the axis: its base there, and whether it is
/// a warp bit.
struct AxisBit {
  int64_t base;
  bool warp;
  unsigned bit;
};
} // namespace

FailureOr<AxisCombinePlan> tt::getAxisCombinePlan(const LayoutBases &bases,
                                                  unsigned axis,
                                                  std::string &why) {
  AxisCombinePlan plan;
  plan.axis = axis;
  if (axis >= bases.shape.size()) {
    why = "the axis is out of range";
    return failure();
  }
  plan.extent = bases.shape[axis];
  int64_t elements = 1;
  for (int64_t extent : bases.shape)
    elements *= extent;
  plan.totalLines = elements / plan.extent;

  // The thread bits along the axis, which must move along it only.
  SmallVector<AxisBit> bits;
  auto collect = [&](ArrayRef<SmallVector<int64_t>> threadBases, bool warp) {
    for (auto [bit, base] : llvm::enumerate(threadBases)) {
      if (base[axis] == 0)
        continue;
      for (auto [d, v] : llvm::enumerate(base))
        if (d != axis && v != 0)
          return false;
      bits.push_back({base[axis], warp, static_cast<unsigned>(bit)});
    }
    return true;
  };
  if (!collect(bases.laneBases, false) || !collect(bases.warpBases, true)) {
    why = "a thread bit moves along the axis and another dimension at once";
    return failure();
  }
  llvm::sort(
      bits, [](const AxisBit &a, const AxisBit &b) { return a.base < b.base; });
  // Lanes below warps, in consecutive powers of two from m.
  plan.chunkSize = bits.empty() ? plan.extent : bits.front().base;
  for (auto [i, bit] : llvm::enumerate(bits)) {
    if (bit.base != plan.chunkSize << i ||
        (i > 0 && bits[i - 1].warp && !bit.warp)) {
      why = "the lanes and warps along the axis do not follow the thread's "
            "run of consecutive registers";
      return failure();
    }
    (bit.warp ? plan.warpBits : plan.laneBits).push_back(bit.bit);
  }
  plan.chunkSpan = plan.chunkSize << bits.size();

  // The thread's registers, line by line, chunk by chunk.
  std::map<SmallVector<int64_t>, unsigned> firstOf;
  std::map<SmallVector<int64_t>, unsigned> lineOf;
  int64_t chunks = std::max<int64_t>(1, plan.extent / plan.chunkSpan);
  for (auto [r, offset] : llvm::enumerate(bases.registerOffsets)) {
    auto [first, inserted] = firstOf.try_emplace(offset, r);
    plan.firstHolder.push_back(first->second);
    if (!inserted)
      continue;
    int64_t position = offset[axis];
    int64_t i = position % plan.chunkSpan, j = position / plan.chunkSpan;
    if (i >= plan.chunkSize || j >= chunks) {
      why = "a register lies between the thread's runs along the axis";
      return failure();
    }
    SmallVector<int64_t> key(offset);
    key.erase(key.begin() + axis);
    auto [line, added] = lineOf.try_emplace(key, plan.lines.size());
    if (added) {
      plan.lines.push_back({key, {}});
      plan.lines.back().chunks.assign(
          chunks, SmallVector<unsigned>(plan.chunkSize, ~0u));
    }
    plan.lines[line->second].chunks[j][i] = r;
  }
  for (const AxisCombinePlan::Line &line : plan.lines)
    for (const SmallVector<unsigned> &chunk : line.chunks)
      if (llvm::is_contained(chunk, ~0u)) {
        why = "a line along the axis misses registers of its runs";
        return failure();
      }
  return plan;
}

LayoutBases tt::getUniformLayoutBases(MLIRContext *context, int64_t threads,
                                      int64_t lanes, int64_t group) {
  unsigned warps =
      static_cast<unsigned>(std::max<int64_t>(1, threads / kThreadsPerWarp));
  auto layout = BlockedEncodingAttr::get(
      context, {static_cast<unsigned>(group)}, {kThreadsPerWarp}, {warps}, {0});
  return getLayoutBases(layout, {threads * lanes});
}

CombineScratch tt::getCombineScratch(const AxisCombinePlan &plan, bool scan,
                                     ArrayRef<int64_t> elementBytes) {
  CombineScratch scratch;
  if (plan.warpBits.empty())
    return scratch;
  scratch.slots =
      plan.totalLines * (scan ? plan.chunksPerLine() : 1) * plan.axisWarps();
  for (int64_t size : elementBytes) {
    scratch.bytes = llvm::alignTo(scratch.bytes, 8);
    scratch.byteOffsets.push_back(scratch.bytes);
    scratch.bytes += scratch.slots * size;
  }
  return scratch;
}
