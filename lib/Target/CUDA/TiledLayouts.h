//===- TiledLayouts.h - layout bases as CUDA index expressions -*- C++ -*-===//
//
// What the printers of tiled kernels share: the element coordinates of a
// tensor's registers as C expressions, read from tt::getLayoutBases (the
// linear form of the layout's index map) and nothing else. Register r of
// thread t holds, along dimension d,
//
//   registerOffsets[r][d] + (the sum of t's set bits' bases along d),
//
// so a coordinate is a compile-time offset plus a thread part computed once
// per kernel (KernelEmitter::threadSum). The same holds for any linear
// function of the coordinates, such as the row-major element index.
//
//===----------------------------------------------------------------------===//

#ifndef MYTRITON_LIB_TARGET_CUDA_TILEDLAYOUTS_H
#define MYTRITON_LIB_TARGET_CUDA_TILEDLAYOUTS_H

#include "KernelEmitter.h"

#include "MyTriton/Dialect/TT/IR/Layouts.h"

#include <optional>
#include <string>

namespace mlir::mytriton::cuda {

/// The layout bases of a tensor value with a layout encoding.
tt::LayoutBases getBases(Value tensor);

/// The bases of a scalar, for a reduction to one: no dimensions, one
/// register, every thread bit a replica.
tt::LayoutBases getScalarBases(unsigned numWarps);

/// `f(base)` for every thread bit, lane bits first, then warp bits: the
/// weights of KernelEmitter::threadSum.
SmallVector<int64_t>
getThreadWeights(const tt::LayoutBases &bases,
                 llvm::function_ref<int64_t(ArrayRef<int64_t>)> f);

/// The thread part of the coordinate along `dim`.
std::string threadCoordinate(KernelEmitter &e, const tt::LayoutBases &bases,
                             unsigned dim);

/// The row-major index of an element of `shape`.
int64_t rowMajorIndex(ArrayRef<int64_t> shape, ArrayRef<int64_t> index);

/// The row-major element index register `reg` holds, as a C int
/// expression: the thread part plus a constant. With `padEvery` = P
/// (tt::getScratchPadInterval), the slot i + i / P of a buffer with one
/// element of padding after every P (tt::getScratchSlot): still a constant
/// plus a thread sum, since the index's bits come from distinct registers
/// and thread bits.
std::string rowMajorExpr(KernelEmitter &e, const tt::LayoutBases &bases,
                         unsigned reg, int64_t padEvery = 0);

/// `name + c`, `name`, or `c` when name is "0".
std::string plusConstant(StringRef name, int64_t c);

/// For each register, the first register of the thread holding the same
/// element (itself unless it is a replica within the thread).
SmallVector<unsigned> getFirstHolders(const tt::LayoutBases &bases);

/// `(threadIdx.x & M) == 0u` for the thread bits M whose bases are 0 in
/// every dimension (threads differing only there hold the same elements),
/// or "" when there are none: the one owner of each element.
std::string ownerCondition(const tt::LayoutBases &bases);

/// For each register of `to`, the register of `from` that holds in every
/// thread the element `toFrom` maps `to`'s element to. The map is linear,
/// so this holds for every thread exactly when it maps each thread bit's
/// base in `to` to that bit's base in `from` and the register offsets
/// match at thread 0; std::nullopt when they do not (the layouts do not
/// keep the elements in their threads).
std::optional<SmallVector<unsigned>> matchRegisters(
    const tt::LayoutBases &from, const tt::LayoutBases &to,
    llvm::function_ref<SmallVector<int64_t>(ArrayRef<int64_t>)> toFrom);

} // namespace mlir::mytriton::cuda

#endif // MYTRITON_LIB_TARGET_CUDA_TILEDLAYOUTS_H
