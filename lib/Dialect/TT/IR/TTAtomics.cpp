//===- TTAtomics.cpp - tt.atomic_rmw and tt.atomic_cas verifiers ----------===//
//
// Types are derived from the pointer by the parser (TT_TypeDerivedFrom);
// these verifiers say, in the kernel writer's terms, what is wrong when a
// builder or a hand-written op breaks that relation, and which kinds an
// element type takes.
//
//===----------------------------------------------------------------------===//

#include "MyTriton/Dialect/TT/IR/PTXAtomics.h"
#include "MyTriton/Dialect/TT/IR/TTDialect.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace mlir::mytriton::tt;

/// The element type a pointer (tensor) addresses.
static Type getPointee(Type ptrLike) {
  return cast<PointerType>(getElementTypeOrSelf(ptrLike)).getPointeeType();
}

/// `value` (named `what`) has the type the pointer addresses: the pointee,
/// or a tensor of it of the pointer tensor's shape.
static LogicalResult verifyPointeeOperand(Operation *op, Value ptr,
                                          Type type, StringRef what) {
  Type expected = getPointeeLike(ptr.getType());
  if (type == expected)
    return success();
  return op->emitOpError() << what << " of type " << type
                           << " does not match the pointer " << ptr.getType()
                           << ", which addresses " << expected;
}

bool mlir::mytriton::tt::isFloatRMWOp(RMWOp kind) {
  switch (kind) {
  case RMWOp::FAdd:
  case RMWOp::FMax:
  case RMWOp::FMin:
    return true;
  default:
    return false;
  }
}

LogicalResult AtomicRMWOp::verify() {
  Value ptr = getPtr();
  if (failed(verifyPointeeOperand(*this, ptr, getVal().getType(), "value")) ||
      failed(verifyPointeeOperand(*this, ptr, getType(), "result")))
    return failure();
  if (Value mask = getMask()) {
    Type expected = getMaskTypeFor(ptr.getType());
    if (mask.getType() != expected)
      return emitOpError() << "mask of type " << mask.getType()
                           << " does not have the pointer's shape; expected "
                           << expected;
  }
  Type element = getPointee(ptr.getType());
  RMWOp kind = getAtomicRmwOp();
  StringRef name = stringifyRMWOp(kind);
  if (isa<FloatType>(element)) {
    if (kind != RMWOp::Xchg && !isFloatRMWOp(kind))
      return emitOpError() << "'" << name << "' is an integer atomic; "
                           << element
                           << " elements take fadd, fmax, fmin or xchg";
  } else if (isFloatRMWOp(kind)) {
    return emitOpError() << "'" << name << "' is a float atomic; " << element
                         << " elements take add, max, min, umax, umin, and, "
                            "or, xor or xchg";
  }
  return success();
}

LogicalResult AtomicCASOp::verify() {
  Value ptr = getPtr();
  return success(
      succeeded(verifyPointeeOperand(*this, ptr, getCmp().getType(),
                                     "compared value")) &&
      succeeded(verifyPointeeOperand(*this, ptr, getVal().getType(),
                                     "new value")) &&
      succeeded(verifyPointeeOperand(*this, ptr, getType(), "result")));
}

StringRef mlir::mytriton::tt::getPTXAtomicOp(RMWOp kind) {
  switch (kind) {
  case RMWOp::Add:
    return "add.u32";
  case RMWOp::FAdd:
    return "add.f32";
  case RMWOp::Max:
    return "max.s32";
  case RMWOp::Min:
    return "min.s32";
  case RMWOp::UMax:
    return "max.u32";
  case RMWOp::UMin:
    return "min.u32";
  case RMWOp::And:
    return "and.b32";
  case RMWOp::Or:
    return "or.b32";
  case RMWOp::Xor:
    return "xor.b32";
  case RMWOp::Xchg:
    return "exch.b32";
  case RMWOp::FMax:
  case RMWOp::FMin:
    break;
  }
  llvm_unreachable("fmax/fmin are two integer atomics");
}
