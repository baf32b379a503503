//===- TTDialect.cpp - The tt dialect -------------------------------------===//

#include "MyTriton/Dialect/TT/IR/TTDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::mytriton::tt;

#include "MyTriton/Dialect/TT/IR/TTOpsDialect.cpp.inc"
#include "MyTriton/Dialect/TT/IR/TTEnums.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "MyTriton/Dialect/TT/IR/TTOpsTypes.cpp.inc"

void TTDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "MyTriton/Dialect/TT/IR/TTOpsTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "MyTriton/Dialect/TT/IR/TTOps.cpp.inc"
      >();
}

// Folders produce attributes; arith.constant turns them back into values.
Operation *TTDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                          Type type, Location loc) {
  return arith::ConstantOp::materialize(builder, value, type, loc);
}

LogicalResult
PointerType::verify(function_ref<InFlightDiagnostic()> emitError,
                    Type pointeeType) {
  if (pointeeType.isF32() || pointeeType.isInteger(32))
    return success();
  return emitError() << "pointee type must be f32 or i32, got " << pointeeType;
}
