//===- Atomics.h - tt atomics on the host (private) -------------*- C++ -*-===//

#ifndef MYTRITON_LIB_CONVERSION_TTTOVECTOR_ATOMICS_H
#define MYTRITON_LIB_CONVERSION_TTTOVECTOR_ATOMICS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"

namespace mlir {
class RewritePatternSet;
class TypeConverter;

namespace mytriton {

/// tt.atomic_rmw and tt.atomic_cas over the flat buffers and offset vectors
/// of populateTTToVectorTypeConversions (Atomics.cpp).
void populateTTToVectorAtomicPatterns(const TypeConverter &converter,
                                      RewritePatternSet &patterns,
                                      bool boundsCheck);

/// The converted kernel around `op` while it is being lowered with bounds
/// checks (its last four arguments: the error record and the program ids),
/// or null (TTToVector.cpp).
func::FuncOp getCheckedKernel(Operation *op);

/// The bounds check in front of the access `op` (numbered by the pass) into
/// `buffer` at `offsets` where `mask` (all when null) enables lanes;
/// `start` is lane 0's index of a lane-contiguous access or null, and
/// `perLane` checks lane by lane in a loop (TTToVector.cpp).
LogicalResult emitBoundsCheck(OpBuilder &b, Operation *op, Value buffer,
                              Value offsets, Value mask, Value start,
                              bool perLane);

} // namespace mytriton
} // namespace mlir

#endif // MYTRITON_LIB_CONVERSION_TTTOVECTOR_ATOMICS_H
