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

/// Whether `element` is a 16-bit float (f16, bf16).
static bool isHalfFloat(Type element) { return element.isF16() || element.isBF16(); }

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
  // Triton's element types (semantic.py's atom_red_typechecking_impl):
  // 32- and 64-bit elements, and 16-bit floats for fadd only, which is
  // what PTX's atom has (add.noftz.f16/.bf16, no 16-bit max or exch).
  if (isHalfFloat(element)) {
    if (kind != RMWOp::FAdd)
      return emitOpError() << "'" << name << "' on " << element
                           << " elements: 16-bit floats take fadd only";
    return success();
  }
  unsigned width = element.getIntOrFloatBitWidth();
  if (width != 32 && width != 64)
    return emitOpError() << "on " << element
                         << " elements: read-modify-write atomics take 32- "
                            "and 64-bit elements (and fadd on f16 and bf16)";
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
  if (failed(verifyPointeeOperand(*this, ptr, getCmp().getType(),
                                  "compared value")) ||
      failed(verifyPointeeOperand(*this, ptr, getVal().getType(),
                                  "new value")) ||
      failed(verifyPointeeOperand(*this, ptr, getType(), "result")))
    return failure();
  // PTX's atom.cas has .b16, .b32 and .b64 (Triton's rule too).
  Type element = getPointee(ptr.getType());
  unsigned width = element.getIntOrFloatBitWidth();
  if (width != 16 && width != 32 && width != 64)
    return emitOpError() << "on " << element
                         << " elements: compare-and-swap takes 16-, 32- and "
                            "64-bit elements";
  return success();
}

std::string mlir::mytriton::tt::getPTXAtomicOp(RMWOp kind, Type element) {
  std::string width = std::to_string(element.getIntOrFloatBitWidth());
  switch (kind) {
  case RMWOp::Add:
    return "add.u" + width;
  case RMWOp::FAdd:
    if (element.isF16())
      return "add.noftz.f16";
    if (element.isBF16())
      return "add.noftz.bf16";
    return "add.f" + width;
  case RMWOp::Max:
    return "max.s" + width;
  case RMWOp::Min:
    return "min.s" + width;
  case RMWOp::UMax:
    return "max.u" + width;
  case RMWOp::UMin:
    return "min.u" + width;
  case RMWOp::And:
    return "and.b" + width;
  case RMWOp::Or:
    return "or.b" + width;
  case RMWOp::Xor:
    return "xor.b" + width;
  case RMWOp::Xchg:
    return "exch.b" + width;
  case RMWOp::FMax:
  case RMWOp::FMin:
    break;
  }
  llvm_unreachable("fmax/fmin are two integer atomics");
}
