//===- TiledLayouts.h - tt-assign-layouts for tiled kernels -----*- C++ -*-===//
//
// The tiled half of tt-assign-layouts (Passes.td, docs/IR.md#layouts): the
// layouts of a kernel whose tensors have shapes of their own.
//
//===----------------------------------------------------------------------===//

#ifndef MYTRITON_LIB_DIALECT_TT_TRANSFORMS_TILEDLAYOUTS_H
#define MYTRITON_LIB_DIALECT_TT_TRANSFORMS_TILEDLAYOUTS_H

#include "mlir/Support/LLVM.h"

namespace mlir::mytriton::tt {
class FuncOp;

/// Gives every tensor of the tiled `kernel` (!hasImplicitLayout) a layout:
/// one #tt.blocked for its rank-2 tensors, slices where expand_dims and
/// reductions need them, a #tt.blocked per 1-D width, permuted layouts for
/// tt.trans, one layout per tensor carried by scf.for/scf.while/scf.if;
/// cheap producers are rematerialized per layout, other values converted
/// with tt.convert_layout. Emits a located error and fails on a
/// kernel it cannot lay out.
LogicalResult assignTiledLayouts(FuncOp kernel);

} // namespace mlir::mytriton::tt

#endif // MYTRITON_LIB_DIALECT_TT_TRANSFORMS_TILEDLAYOUTS_H
