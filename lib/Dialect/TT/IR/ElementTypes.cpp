//===- ElementTypes.cpp - Which element types a tt kernel uses -----------===//

#include "MyTriton/Dialect/TT/IR/ElementTypes.h"
#include "MyTriton/Dialect/TT/IR/TTDialect.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::mytriton;

bool tt::isMemoryElementType(Type type) {
  if (isa<Float16Type, BFloat16Type, Float32Type, Float64Type>(type))
    return true;
  auto integer = dyn_cast<IntegerType>(type);
  return integer && integer.isSignless() &&
         llvm::is_contained({8u, 16u, 32u, 64u}, integer.getWidth());
}

bool tt::isValueElementType(Type type) {
  return type.isInteger(1) || isMemoryElementType(type);
}

bool tt::isSeedElementType(Type type) {
  if (auto ptr = dyn_cast<PointerType>(type))
    type = ptr.getPointeeType();
  return type.isF32() || type.isInteger(32) || type.isInteger(1) ||
         type.isIndex();
}

/// The scalar types `type` is made of: its element, and a pointer's pointee.
static bool isSupportedType(Type type, function_ref<bool(Type)> isSupported) {
  Type element = getElementTypeOrSelf(type);
  if (auto ptr = dyn_cast<tt::PointerType>(element))
    if (!isSupported(ptr.getPointeeType()))
      return false;
  return isSupported(element);
}

LogicalResult tt::checkElementTypes(FuncOp kernel,
                                    function_ref<bool(Type)> isSupported,
                                    StringRef route) {
  for (Type type : kernel.getArgumentTypes())
    if (!isSupportedType(type, isSupported))
      return kernel.emitOpError()
             << "has an argument of type " << type << ": " << route
             << " does not lower " << type << " values yet";
  WalkResult result = kernel.walk([&](Operation *op) -> WalkResult {
    auto check = [&](Type type) { return isSupportedType(type, isSupported); };
    for (Type type : op->getResultTypes())
      if (!check(type))
        return op->emitOpError() << "produces " << type << ": " << route
                                 << " does not lower " << type
                                 << " values yet";
    for (Type type : op->getOperandTypes())
      if (!check(type))
        return op->emitOpError() << "takes " << type << ": " << route
                                 << " does not lower " << type
                                 << " values yet";
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}
