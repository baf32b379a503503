//===- TTCombineOps.cpp - tt.combine_reduce and tt.scan verifiers ---------===//
//
// The ops whose combine region is a user's @jit function (tl.reduce,
// tl.associative_scan and what Triton builds on them: argmax, cumsum). The
// region's signature follows from the operands: 2N scalars of the operands'
// element types in, N out.
//
//===----------------------------------------------------------------------===//

#include "MyTriton/Dialect/TT/IR/Layouts.h"
#include "MyTriton/Dialect/TT/IR/TTDialect.h"

#include "llvm/ADT/bit.h"

using namespace mlir;
using namespace mlir::mytriton::tt;

/// The element types a combine region takes: every integer and float type a
/// tt tensor holds (not pointers, whose arithmetic is tt.addptr's).
static bool isCombinableElement(Type type) {
  return isa<IntegerType, FloatType>(type);
}

/// What both ops require of their operands: at least one, of one shape
/// (and one layout, when laid out), of combinable elements, power-of-two
/// extents (every lowering halves or doubles), `axis` a dimension.
static LogicalResult verifyCombineOperands(Operation *op, ValueRange srcs,
                                           int64_t axis) {
  if (srcs.empty())
    return op->emitOpError() << "needs at least one operand to combine";
  auto first = cast<RankedTensorType>(srcs.front().getType());
  for (auto [i, src] : llvm::enumerate(srcs)) {
    auto type = cast<RankedTensorType>(src.getType());
    if (type.getShape() != first.getShape())
      return op->emitOpError()
             << "operand " << i << " has type " << type
             << ", whose shape differs from operand 0's " << first
             << "; the operands are combined element by element";
    if (type.getEncoding() != first.getEncoding())
      return op->emitOpError()
             << "operand " << i << " has layout " << type.getEncoding()
             << ", not operand 0's " << first.getEncoding()
             << "; the operands are combined in one layout";
    if (!isCombinableElement(type.getElementType()))
      return op->emitOpError()
             << "operand " << i << " has " << type.getElementType()
             << " elements; a combine function takes integers and floats";
  }
  for (int64_t extent : first.getShape())
    if (!llvm::has_single_bit(static_cast<uint64_t>(extent)))
      return op->emitOpError() << "extent " << extent << " of " << first
                               << " is not a power of two";
  if (axis < 0 || axis >= first.getRank())
    return op->emitOpError() << "axis " << axis << " is out of range for a "
                             << first.getRank() << "-D tensor";
  return success();
}

/// The combine region: 2N scalar arguments (left's N elements, then
/// right's) of the operands' element types, arith and math ops on them,
/// and a tt.combine_return of N values of those types.
static LogicalResult verifyCombineRegion(Operation *op, ValueRange srcs,
                                         Region &region) {
  Block &block = region.front();
  size_t n = srcs.size();
  SmallVector<Type> elements;
  for (Value src : srcs)
    elements.push_back(cast<RankedTensorType>(src.getType()).getElementType());
  if (block.getNumArguments() != 2 * n)
    return op->emitOpError()
           << "combine region takes " << block.getNumArguments()
           << " arguments; it takes 2 x " << n
           << " (the left and the right element of each operand)";
  for (auto [i, arg] : llvm::enumerate(block.getArguments()))
    if (arg.getType() != elements[i % n])
      return op->emitOpError()
             << "combine region argument " << i << " has type "
             << arg.getType() << ", not operand " << i % n
             << "'s element type " << elements[i % n];
  auto terminator = dyn_cast<CombineReturnOp>(block.getTerminator());
  if (!terminator)
    return op->emitOpError()
           << "combine region must end in tt.combine_return";
  if (terminator.getResults().size() != n)
    return terminator.emitOpError()
           << "yields " << terminator.getResults().size()
           << " values; the combine region yields one per operand (" << n
           << ")";
  for (auto [i, value] : llvm::enumerate(terminator.getResults()))
    if (value.getType() != elements[i])
      return terminator.emitOpError()
             << "yields " << value.getType() << " as value " << i
             << ", not operand " << i << "'s element type " << elements[i];
  for (Operation &nested : block.without_terminator()) {
    StringRef dialect = nested.getName().getDialectNamespace();
    if ((dialect != "arith" && dialect != "math") ||
        nested.getNumRegions() != 0)
      return nested.emitOpError()
             << "is not allowed in a combine region, which holds arith and "
                "math ops on scalars";
    for (Type type : nested.getResultTypes())
      if (isa<ShapedType>(type))
        return nested.emitOpError()
               << "produces " << type
               << " in a combine region, which combines scalars";
  }
  return success();
}

LogicalResult CombineReduceOp::verify() {
  auto axis = static_cast<int32_t>(getAxis());
  if (failed(verifyCombineOperands(*this, getSrcs(), axis)))
    return failure();
  if (getResults().size() != getSrcs().size())
    return emitOpError() << "has " << getResults().size()
                         << " results for " << getSrcs().size()
                         << " operands; each operand reduces to one";
  for (auto [i, src, result] : llvm::enumerate(getSrcs(), getResults())) {
    auto type = cast<RankedTensorType>(src.getType());
    Type expected = type.getElementType();
    if (type.getRank() > 1) {
      SmallVector<int64_t> shape(type.getShape());
      shape.erase(shape.begin() + axis);
      Attribute layout = type.getEncoding();
      if (isa_and_present<BlockedEncodingAttr>(layout))
        layout = SliceEncodingAttr::get(getContext(), axis, layout);
      expected = RankedTensorType::get(shape, expected, layout);
    }
    if (result.getType() != expected)
      return emitOpError() << "result " << i << " has type "
                           << result.getType() << "; reducing " << type
                           << " along axis " << axis << " gives " << expected;
  }
  return success();
}

LogicalResult CombineReduceOp::verifyRegions() {
  return verifyCombineRegion(*this, getSrcs(), getCombine());
}

LogicalResult ScanOp::verify() {
  if (failed(verifyCombineOperands(*this, getSrcs(),
                                   static_cast<int32_t>(getAxis()))))
    return failure();
  if (getResults().size() != getSrcs().size())
    return emitOpError() << "has " << getResults().size()
                         << " results for " << getSrcs().size()
                         << " operands; each operand scans to one";
  for (auto [i, src, result] : llvm::enumerate(getSrcs(), getResults()))
    if (result.getType() != src.getType())
      return emitOpError() << "result " << i << " has type "
                           << result.getType() << ", not operand " << i
                           << "'s " << src.getType();
  return success();
}

LogicalResult ScanOp::verifyRegions() {
  return verifyCombineRegion(*this, getSrcs(), getCombine());
}
