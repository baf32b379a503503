//===- Layouts.h - Which thread holds which tensor element ------*- C++ -*-===//
//
// The index map of the tt layout encodings (#tt.blocked, #tt.slice; see
// TTLayouts.td and docs/IR.md#layouts): for a tensor of a given shape and
// layout, the element each register of each thread holds. It is the one
// definition that loads, stores, reductions and layout conversions lower
// from, in every backend, so none of them re-derives the distribution.
//
// Light on purpose: only Attribute and ADT, no dialect headers. The
// attribute classes themselves come with TTDialect.h.
//
//===----------------------------------------------------------------------===//

#ifndef MYTRITON_DIALECT_TT_IR_LAYOUTS_H
#define MYTRITON_DIALECT_TT_IR_LAYOUTS_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/Types.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::mytriton::tt {
class FuncOp;

/// Lanes of a warp: every layout's threadsPerWarp multiplies to this.
inline constexpr unsigned kThreadsPerWarp = 32;

/// Whether `attr` is a tt layout encoding (#tt.blocked or #tt.slice).
bool isLayoutEncoding(Attribute attr);
/// The layout encoding of `type` if it is a ranked tensor that has one,
/// else null.
Attribute getLayoutEncoding(Type type);

/// Warps of the block a layout distributes over (product of warpsPerCTA of
/// the blocked layout at its root).
unsigned getNumWarps(Attribute layout);
/// Threads of that block: 32 * getNumWarps(layout).
unsigned getThreadsPerCTA(Attribute layout);

/// Registers each thread holds along each dimension of a `shape` tensor:
/// sizePerThread[d] * max(1, shape[d] / tile[d]) for a blocked layout;
/// a slice's are its parent's over getParentShape(shape), without `dim`.
SmallVector<int64_t> getElemsPerThread(Attribute layout,
                                       ArrayRef<int64_t> shape);
/// Registers each thread holds: the product of getElemsPerThread. Every
/// thread holds the same number.
int64_t getTotalElemsPerThread(Attribute layout, ArrayRef<int64_t> shape);

/// The multi-dimensional index of the element that register `reg` of
/// thread `threadId` holds (threadId < getThreadsPerCTA, reg <
/// getTotalElemsPerThread). Under replication several (thread, register)
/// pairs name the same element.
SmallVector<int64_t> getElementIndex(Attribute layout, ArrayRef<int64_t> shape,
                                     unsigned threadId, int64_t reg);
/// getElementIndex for every register of `threadId`, in register order.
SmallVector<SmallVector<int64_t>>
getElementIndices(Attribute layout, ArrayRef<int64_t> shape, unsigned threadId);

/// For a #tt.slice tensor's element `index`, the parent tensor's element
/// it projects from: `index` with 0 inserted at the slice's `dim` (the
/// parent shape has extent 1 there).
SmallVector<int64_t> getSliceParentIndex(Attribute slice,
                                         ArrayRef<int64_t> index);

/// tt.trans's result layout for an operand of rank-2 #tt.blocked `layout`:
/// every array swapped, so register r of thread t holds element (j, i)
/// where the operand's held (i, j). Null for any other layout.
Attribute getTransposedLayout(Attribute layout);

/// The index map in the form lowerings emit code from. Every blocked and
/// slice layout is linear over the bits of (register, lane, warp): the
/// element that register `r` of lane `l` of warp `w` holds is, along each
/// dimension d,
///
///   registerOffsets[r][d] + sum over set bits b of l of laneBases[b][d]
///                         + sum over set bits b of w of warpBases[b][d]
///
/// where every base is 0 or a power of two below shape[d], and the bases
/// along one dimension that are not 0 are distinct powers of two, so the
/// sum never wraps (it equals getElementIndex). A base of 0 means the bit
/// replicates: threads differing only in it hold the same elements (a
/// tensor smaller than the layout's tile). Loads, stores, reductions and
/// layout conversions all read this, so no lowering re-derives the
/// distribution: a reduction along d shuffles over the lane bits whose
/// base along d is not 0, a store skips replicas, and so on.
struct LayoutBases {
  SmallVector<int64_t> shape;
  /// [register][dim]: the register's element in thread 0.
  SmallVector<SmallVector<int64_t>> registerOffsets;
  /// [bit][dim], 5 bits (32 lanes).
  SmallVector<SmallVector<int64_t>> laneBases;
  /// [bit][dim], log2(warps) bits.
  SmallVector<SmallVector<int64_t>> warpBases;
};
LayoutBases getLayoutBases(Attribute layout, ArrayRef<int64_t> shape);

/// The class of each register of a thread (by LayoutBases' register order)
/// for a tensor constant over aligned groups of `constancy[d]` elements
/// along every dimension d (powers of two, TiledAxisInfo's constancy):
/// registers of one class hold one value in every thread, so an op that
/// makes such a tensor is computed once per class. Blocked and slice
/// layouts only; empty when every register is its own class.
SmallVector<int64_t> getRegisterClasses(Attribute layout,
                                        ArrayRef<int64_t> shape,
                                        ArrayRef<int64_t> constancy);

/// The scratch-slot rule of tiled kernels' shared-memory exchanges
/// (convert_layout, reshape, and moves that are not register moves), one
/// definition for both GPU routes (CUDA C++ and gpu/nvvm). Element i, by
/// the operand's row-major index, lives at slot i + i / P: one slot of
/// padding after every P elements. A transpose's conversion writes down
/// columns, so with plain row-major slots the lanes of a warp, 32 or 64
/// words apart, hit one bank (16-way conflicts); padded rows spread them
/// over 8 banks. P is the shorter innermost extent of `srcShape` and
/// `dstShape` (for a reshape, the shorter row) when it is a power of two of
/// at least 32 (a row of banks) and either shape has rank 2 or more; else
/// 0: no padding (1-D <-> 1-D moves write and read consecutive slots
/// already). With P a power of two the slot is additive over indices with
/// disjoint bits, which a layout's register offset and thread part are
/// (LayoutBases): slot(t + c) = slot(t) + slot(c), so lowerings pad the
/// thread part once and fold the register part into a constant. This is
/// the CUDA C++ route's rule; the gpu/nvvm route may pad by a vector's
/// width or not at all (getScratchPlan).
int64_t getScratchPadInterval(ArrayRef<int64_t> srcShape,
                              ArrayRef<int64_t> dstShape);
/// The slot of row-major element `index` under `padInterval` P (0: none):
/// index + index / P.
int64_t getScratchSlot(int64_t index, int64_t padInterval);
/// Slots the scratch buffer of a move from `srcShape` to `dstShape` has:
/// its elements plus their padding, N + N / P.
int64_t getScratchSlots(ArrayRef<int64_t> srcShape,
                        ArrayRef<int64_t> dstShape);

/// How the gpu/nvvm route's exchange lays out and accesses its scratch
/// slots: element i (row-major in the operand) at slot i + (i / P) * U,
/// written `writeWidth` and read `readWidth` consecutive elements per
/// shared-memory access (vector accesses of up to 16 bytes, aligned to
/// their size). With P and U powers of two the slot stays additive over
/// indices with disjoint bits, as getScratchSlot's.
struct ScratchPlan {
  /// P: elements between pads (0: none); U: slots of each pad.
  int64_t padInterval = 0, padUnit = 1;
  int64_t writeWidth = 1, readWidth = 1;
  /// An XOR swizzle instead of padding (scalar accesses of 4-byte words):
  /// (index bit b, mask m) pairs, slot = index ^ (m for every set bit b).
  /// Each b is above the bank bits and each m within them, so the swizzle
  /// permutes every row of 32 words; it is linear, so the slot of a thread
  /// part and a register part with disjoint bits is the XOR of theirs.
  SmallVector<std::pair<int64_t, int64_t>> swizzle;

  /// The slot bits a swizzle may change (the union of its masks).
  int64_t getSwizzledBits() const {
    int64_t bits = 0;
    for (auto [bit, mask] : swizzle)
      bits |= mask;
    return bits;
  }

  int64_t getSlot(int64_t index) const {
    if (!swizzle.empty()) {
      int64_t slot = index;
      for (auto [bit, mask] : swizzle)
        if (index >> bit & 1)
          slot ^= mask;
      return slot;
    }
    return padInterval ? index + index / padInterval * padUnit : index;
  }
};
/// The plan that costs the fewest shared-memory wavefronts (32 banks of 4
/// bytes; accesses of 8 and 16 bytes served by half- and quarter-warps) of
/// four: one slot of padding and scalar accesses (the CUDA C++ route's
/// rule), no padding and vector accesses, padding of a vector's width with
/// vector accesses, and, for 4-byte elements, an XOR swizzle under which
/// both sides' scalar accesses are free of bank conflicts (Triton swizzles
/// where MyTriton pads). `src` writes element coordinates dotted with
/// `writeStrides` (the operand's row-major strides), `dst` reads at its
/// coordinates dotted with `readStrides`; `padInterval` is
/// getScratchPadInterval's, `elementBytes` the stored element's size, and
/// `vectorize` false keeps the scalar rule.
ScratchPlan getScratchPlan(const LayoutBases &src,
                           ArrayRef<int64_t> writeStrides,
                           const LayoutBases &dst,
                           ArrayRef<int64_t> readStrides,
                           int64_t padInterval, int64_t elementBytes,
                           bool vectorize);

/// Whether every tensor of `kernel` is 1-D with the kernel's block size: a
/// uniform kernel, whose distribution the seed's lowerings derive from
/// block_size (and num_warps). Any other kernel is tiled: its tensors are
/// distributed by their layout encodings (tt-assign-layouts).
bool hasImplicitLayout(FuncOp kernel);

/// The warp count every encoded tensor of `kernel` must have: its
/// num_warps, or without one ceil(block_size / 32).
int64_t getKernelNumWarps(FuncOp kernel);
/// tt.func rule: every encoded tensor value in `kernel` has a layout over
/// getKernelNumWarps(kernel) warps. Emits the error at the offending op.
LogicalResult verifyKernelLayouts(FuncOp kernel);

} // namespace mlir::mytriton::tt

#endif // MYTRITON_DIALECT_TT_IR_LAYOUTS_H
