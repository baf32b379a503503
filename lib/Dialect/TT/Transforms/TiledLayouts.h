//===- TiledLayouts.h - tt-assign-layouts for tiled kernels -----*- C++ -*-===//
//
// The tiled half of tt-assign-layouts (Passes.td, docs/IR.md#layouts): the
// layouts of a kernel whose tensors have shapes of their own.
//
//===----------------------------------------------------------------------===//

#ifndef MYTRITON_LIB_DIALECT_TT_TRANSFORMS_TILEDLAYOUTS_H
#define MYTRITON_LIB_DIALECT_TT_TRANSFORMS_TILEDLAYOUTS_H

#include "mlir/Support/LLVM.h"

namespace mlir {
class MLIRContext;
class OpBuilder;
class Type;
} // namespace mlir

namespace mlir::mytriton {
class TiledAxisInfo;
} // namespace mlir::mytriton

namespace mlir::mytriton::tt {
class DotOp;
class FuncOp;
class MmaEncodingAttr;
class SharedEncodingAttr;

/// Gives every tensor of the tiled `kernel` (!hasImplicitLayout) a layout:
/// one #tt.blocked for its rank-2 tensors, slices where expand_dims and
/// reductions need them, a #tt.blocked per 1-D width, permuted layouts for
/// tt.trans, one layout per tensor carried by scf.for/scf.while/scf.if;
/// cheap producers are rematerialized per layout, other values converted
/// with tt.convert_layout. Emits a located error and fails on a
/// kernel it cannot lay out. With `computeCapability` 80 or more, dots that
/// mma.sync takes get #tt.mma layouts (Passes.td).
LogicalResult assignTiledLayouts(FuncOp kernel, unsigned computeCapability,
                                 bool useWgmma);

/// The #tt.mma layout of `dot`'s accumulator over `numWarps` warps on a
/// target of `computeCapability`, or null when the dot stays on the FMA
/// path (MmaLayouts.cpp). `axisInfo` (of the kernel) tells whether a loaded
/// operand can be copied into a wgmma tile 16 bytes at a time.
MmaEncodingAttr chooseMmaLayout(DotOp dot, unsigned numWarps,
                                unsigned computeCapability, bool useWgmma,
                                const TiledAxisInfo &axisInfo);

/// The #tt.shared encoding of a `tile`-shaped tile of `element`s whose
/// `contiguousDim` is contiguous: 128-byte swizzled pieces, or the whole
/// row when it is shorter; null when no wgmma swizzle mode fits (rows of
/// less than 32 bytes, or too few rows to keep pieces 1024-byte aligned).
SharedEncodingAttr chooseSharedEncoding(MLIRContext *context,
                                        ArrayRef<int64_t> tile, Type element,
                                        unsigned contiguousDim);

/// Replaces a laid-out tt.dot whose accumulator is an #tt.mma version 3
/// by tt.local_alloc of a and b (in the #tt.shared encodings wgmma reads)
/// and a synchronous tt.warp_group_dot.
LogicalResult rewriteAsWarpGroupDot(DotOp dot, OpBuilder &builder);

} // namespace mlir::mytriton::tt

#endif // MYTRITON_LIB_DIALECT_TT_TRANSFORMS_TILEDLAYOUTS_H
