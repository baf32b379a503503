//===- AccessForms.h - how a tiled kernel's accesses run (private) -*- C++ -*-//

#ifndef MYTRITON_LIB_CONVERSION_TTTOVECTOR_ACCESSFORMS_H
#define MYTRITON_LIB_CONVERSION_TTTOVECTOR_ACCESSFORMS_H

#include "mlir/IR/Value.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::mytriton {
namespace tt {
class FuncOp;
} // namespace tt

/// Marks each tensor tt.load/tt.store of the tiled `kernel` with
/// kCPUAccessFormAttrName: kCPUAccessRows when its offsets are unit-stride
/// along the last dimension (or that dimension has extent 1), else
/// kCPUAccessLanes.
void markTiledAccessForms(tt::FuncOp kernel);

/// Marks the tensor tt.load/tt.store of the uniform `kernel` whose offsets
/// are lane-contiguous with kCPUAccessRows (one row: the whole vector), so
/// that those the lowering cannot see are contiguous (pointers carried
/// through loops) still become one vector access; the others stay unmarked.
void markUniformAccessForms(tt::FuncOp kernel);

/// The values that `value`, a result or region argument of a kernel's
/// scf.for/if/while, can take: its loop's init and yielded value, its
/// branch's yields, what its scf.condition forwards. Empty for any other
/// value (and for an induction variable).
SmallVector<Value> getControlFlowIncomingValues(Value value);

} // namespace mlir::mytriton

#endif // MYTRITON_LIB_CONVERSION_TTTOVECTOR_ACCESSFORMS_H
