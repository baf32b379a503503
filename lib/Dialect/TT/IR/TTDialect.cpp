//===- TTDialect.cpp - The tt dialect -------------------------------------===//

#include "MyTriton/Dialect/TT/IR/TTDialect.h"
#include "MyTriton/Dialect/TT/IR/ElementTypes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

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
  registerLayoutAttributes();
}

// Folders produce attributes; arith.constant turns them back into values.
Operation *TTDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                          Type type, Location loc) {
  return arith::ConstantOp::materialize(builder, value, type, loc);
}

// tt.divisibility: a power-of-two i32 on a tt.func's pointer or i32
// argument.
LogicalResult TTDialect::verifyRegionArgAttribute(Operation *op,
                                                  unsigned regionIndex,
                                                  unsigned argIndex,
                                                  NamedAttribute attribute) {
  // tt.tensor_map: how the launcher encodes a hidden !tt.tensor_map
  // argument that tt-pipeline added (docs/GPULowering.md#tma-copies).
  if (attribute.getName() == "tt.tensor_map") {
    Type type = op->getRegion(regionIndex).getArgument(argIndex).getType();
    if (!isa<FuncOp>(op) || !isa<TensorMapType>(type) ||
        !isa<DictionaryAttr>(attribute.getValue()))
      return op->emitError() << "'tt.tensor_map' of argument #" << argIndex
                             << " is a dictionary on a tt.func's "
                                "!tt.tensor_map argument";
    return success();
  }
  if (attribute.getName() != getDivisibilityAttrName())
    return op->emitError() << "unknown tt argument attribute '"
                           << attribute.getName().getValue() << "'";
  if (!isa<FuncOp>(op))
    return op->emitError() << "'" << getDivisibilityAttrName()
                           << "' is only valid on tt.func arguments";
  auto divisor = dyn_cast<IntegerAttr>(attribute.getValue());
  if (!divisor || !divisor.getType().isInteger(32) ||
      divisor.getInt() <= 0 || !llvm::isPowerOf2_64(divisor.getInt()))
    return op->emitError() << "'" << getDivisibilityAttrName()
                           << "' of argument #" << argIndex
                           << " must be a positive power-of-two i32, got "
                           << attribute.getValue();
  Type type = op->getRegion(regionIndex).getArgument(argIndex).getType();
  if (!isa<PointerType>(type) && !type.isInteger(32) && !type.isInteger(64))
    return op->emitError() << "'" << getDivisibilityAttrName()
                           << "' of argument #" << argIndex
                           << " needs a pointer, i32 or i64 argument, got "
                           << type;
  return success();
}

LogicalResult
PointerType::verify(function_ref<InFlightDiagnostic()> emitError,
                    Type pointeeType) {
  if (isMemoryElementType(pointeeType))
    return success();
  if (pointeeType.isInteger(1))
    return emitError() << "pointee type i1 is not a memory type: a bool in "
                          "memory is a byte, so point at i8";
  return emitError() << "pointee type must be f16, bf16, f32, f64, i8, i16, "
                        "i32 or i64, got "
                     << pointeeType;
}
