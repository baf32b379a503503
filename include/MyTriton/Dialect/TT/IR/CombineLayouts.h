//===- CombineLayouts.h - How laid-out registers reduce, scan -*- C++ -*-===//
//
// tt.combine_reduce and tt.scan along one axis, one plan for both GPU
// routes (gpu/nvvm and CUDA C++), read from the operand's LayoutBases
// (Layouts.h) only: which registers of a thread lie on one line along the
// axis and in which order, and which lane and warp bits move along it.
//
// Along the axis a layout places, from the lowest position bit up, a run of
// m consecutive elements in the thread's registers, then the lanes, then
// the warps that move along the axis, then repeats (more registers): that
// is every #tt.blocked and #tt.slice layout, and the uniform kernels'
// implicit one. A *chunk* is such a run of m registers; a thread holds one
// chunk per repetition, S = m * 2^(lane and warp bits along the axis)
// positions apart.
//
// Both ops combine in three levels, each in axis order (a scan's left
// operand is always the earlier part of the sequence; a reduction's left
// operand always holds an element before any of the right one's):
//   1. the thread's registers of a line (a reduction: all of them as a
//      tree; a scan: each chunk in sequence);
//   2. the lanes moving along the axis, an xor butterfly per lane bit by
//      ascending base;
//   3. the warps moving along the axis, through shared memory, in warp
//      order.
// A scan then carries each chunk's total into the next chunk.
//
//===----------------------------------------------------------------------===//

#ifndef MYTRITON_DIALECT_TT_IR_COMBINELAYOUTS_H
#define MYTRITON_DIALECT_TT_IR_COMBINELAYOUTS_H

#include "MyTriton/Dialect/TT/IR/Layouts.h"

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"

#include <string>

namespace mlir::mytriton::tt {

struct AxisCombinePlan {
  /// The registers of one line along the axis: equal coordinates off the
  /// axis (`key`, the registers' offsets without the axis; the thread adds
  /// its own part). chunks[j][i] is the register at axis position
  /// j * chunkSpan + i (plus the thread's part), i < chunkSize.
  struct Line {
    SmallVector<int64_t> key;
    SmallVector<SmallVector<unsigned>> chunks;
  };
  unsigned axis = 0;
  /// Lines in the order of their first register.
  SmallVector<Line> lines;
  /// m: consecutive positions in a chunk; S: positions from one chunk of a
  /// thread to its next.
  int64_t chunkSize = 1, chunkSpan = 1;
  /// The lane bits (0..4) and warp bits whose base moves along the axis,
  /// by ascending base; bits of base 0 along the axis (other dimensions,
  /// replicas) take no part.
  SmallVector<unsigned> laneBits, warpBits;
  /// For each register, the first register of the thread holding the same
  /// element (itself unless it is a replica within the thread).
  SmallVector<unsigned> firstHolder;
  /// The extent of the axis, and the lines of the whole tensor (its
  /// elements / extent): a cross-warp exchange has warp-count slots per
  /// line and chunk.
  int64_t extent = 1, totalLines = 1;

  /// Registers of one line, in axis order (every chunk's in turn).
  SmallVector<unsigned> lineRegisters(const Line &line) const;
  /// The warps moving along the axis: 2^warpBits.size().
  int64_t axisWarps() const { return int64_t(1) << warpBits.size(); }
  /// Chunks per line (every line has as many).
  int64_t chunksPerLine() const { return lines.front().chunks.size(); }
};

/// Where a combine op keeps the values it exchanges between warps, in the
/// kernel's scratch buffer: per operand, `slots` values (one per line, per
/// chunk for a scan, and per warp along the axis: slot ((line * chunks +
/// chunk) * warps + warp), line being the row-major index of the line's
/// coordinates off the axis), operand k's from byte byteOffsets[k], each
/// 8-byte aligned. Nothing (0 bytes) without warps along the axis.
struct CombineScratch {
  SmallVector<int64_t> byteOffsets;
  int64_t slots = 0, bytes = 0;
};
CombineScratch getCombineScratch(const AxisCombinePlan &plan, bool scan,
                                 ArrayRef<int64_t> elementBytes);

/// The layout bases of a uniform kernel's tensors: `group` consecutive
/// lanes per group, `lanes` per thread, over `threads` threads (the
/// #tt.blocked layout docs/IR.md gives uniform kernels implicitly).
LayoutBases getUniformLayoutBases(MLIRContext *context, int64_t threads,
                                  int64_t lanes, int64_t group);

/// The plan of a reduction or scan along `axis` of a tensor with `bases`;
/// failure, with `why` set, when the layout does not place the axis as
/// above (no #tt.blocked or #tt.slice layout fails).
FailureOr<AxisCombinePlan> getAxisCombinePlan(const LayoutBases &bases,
                                              unsigned axis, std::string &why);

} // namespace mlir::mytriton::tt

#endif // MYTRITON_DIALECT_TT_IR_COMBINELAYOUTS_H
