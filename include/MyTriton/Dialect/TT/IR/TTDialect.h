//===- TTDialect.h - The tt dialect -----------------------------*- C++ -*-===//
//
// Everything a user of the tt dialect includes: the dialect, its types and
// its ops.
//
//===----------------------------------------------------------------------===//

#ifndef MYTRITON_DIALECT_TT_IR_TTDIALECT_H
#define MYTRITON_DIALECT_TT_IR_TTDIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/InferIntRangeInterface.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/IR/TensorEncoding.h"

#include "MyTriton/Dialect/TT/IR/TTOpsDialect.h.inc"
#include "MyTriton/Dialect/TT/IR/TTEnums.h.inc"

#define GET_TYPEDEF_CLASSES
#include "MyTriton/Dialect/TT/IR/TTOpsTypes.h.inc"

#define GET_ATTRDEF_CLASSES
#include "MyTriton/Dialect/TT/IR/TTLayouts.h.inc"

namespace mlir::mytriton::tt {
/// What a pointer or tensor of pointers points to, with the same shape.
Type getPointeeLike(Type ptrLike);
/// The i1 mask type with the shape of `ptrLike`.
Type getMaskTypeFor(Type ptrLike);
/// Whether tt.atomic_rmw of `kind` acts on floats (fadd, fmax, fmin).
bool isFloatRMWOp(RMWOp kind);

/// G, the consecutive lanes per group of a thread owning `lanesPerThread`
/// lanes, groups of at most `maxLanes` (a power of two: 16 bytes of the
/// kernel's narrowest accessed element, at least 4; FuncOp's
/// getLanesPerGroup): all of them up to that, else the largest power of two
/// below it that divides them, so the groups tile the thread's lanes exactly
/// (E = 6 gives pairs).
inline int64_t getLanesPerGroup(int64_t lanesPerThread, int64_t maxLanes = 4) {
  if (lanesPerThread <= maxLanes)
    return lanesPerThread;
  int64_t group = maxLanes;
  while (lanesPerThread % group)
    group /= 2;
  return group;
}

/// The program's shared memory as a side-effect resource (the memdesc ops).
struct SharedMemory : public SideEffects::Resource::Base<SharedMemory> {
  StringRef getName() final { return "<SharedMemory>"; }
};

/// Fails, at `op`, unless a tt.func holds it: outside a kernel no pipeline
/// would lower it, and it would pass through silently.
LogicalResult verifyInKernel(Operation *op);

/// Op trait of every tt op but tt.func: it lives in a kernel.
template <typename ConcreteType>
class InKernel : public OpTrait::TraitBase<ConcreteType, InKernel> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return verifyInKernel(op);
  }
};
} // namespace mlir::mytriton::tt

#define GET_OP_CLASSES
#include "MyTriton/Dialect/TT/IR/TTOps.h.inc"

namespace mlir::mytriton::tt {
/// The kernel that holds `op`, or null when it is outside any tt.func.
FuncOp getEnclosingKernel(Operation *op);
} // namespace mlir::mytriton::tt

#endif // MYTRITON_DIALECT_TT_IR_TTDIALECT_H
