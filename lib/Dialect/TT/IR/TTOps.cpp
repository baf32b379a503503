//===- TTOps.cpp - tt op verifiers, parsers and folders -------------------===//
//
// The verifiers carry the seed compiler's legality rules. Each message names
// the offending quantity in the kernel writer's terms.
//
//===----------------------------------------------------------------------===//

#include "MyTriton/Dialect/TT/IR/TTDialect.h"
#include "MyTriton/Dialect/TT/IR/Layouts.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionImplementation.h"
#include "llvm/ADT/bit.h"

using namespace mlir;
using namespace mlir::mytriton::tt;

/// The CUDA limit on threads per block, hence on a kernel's tensor width.
static constexpr int64_t kMaxBlockSize = 1024;

FuncOp mlir::mytriton::tt::getEnclosingKernel(Operation *op) {
  return op->getParentOfType<FuncOp>();
}

/// The shape of `type` as a string users read: "scalar" or "tensor<256>".
static std::string describeShape(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor)
    return "a scalar";
  std::string s = "shape [";
  llvm::raw_string_ostream os(s);
  llvm::interleave(tensor.getShape(), os, ", ");
  os << "]";
  return s;
}

/// `type` with the element type replaced, keeping its shape and layout.
static Type withElementType(Type shaped, Type element) {
  if (auto tensor = dyn_cast<RankedTensorType>(shaped))
    return tensor.clone(element);
  return element;
}

Type mlir::mytriton::tt::getPointeeLike(Type ptrLike) {
  auto ptr = dyn_cast<PointerType>(getElementTypeOrSelf(ptrLike));
  if (!ptr)
    return Type();
  return withElementType(ptrLike, ptr.getPointeeType());
}

Type mlir::mytriton::tt::getMaskTypeFor(Type ptrLike) {
  return withElementType(ptrLike, IntegerType::get(ptrLike.getContext(), 1));
}

//===----------------------------------------------------------------------===//
// FuncOp
//===----------------------------------------------------------------------===//

void FuncOp::build(OpBuilder &builder, OperationState &state, StringRef name,
                   FunctionType type, int32_t blockSize) {
  state.addAttribute(SymbolTable::getSymbolAttrName(),
                     builder.getStringAttr(name));
  state.addAttribute(getFunctionTypeAttrName(state.name), TypeAttr::get(type));
  state.addAttribute(getBlockSizeAttrName(state.name),
                     builder.getI32IntegerAttr(blockSize));
  state.addRegion();
}

ParseResult FuncOp::parse(OpAsmParser &parser, OperationState &result) {
  auto buildFuncType = [](Builder &builder, ArrayRef<Type> argTypes,
                          ArrayRef<Type> results,
                          function_interface_impl::VariadicFlag,
                          std::string &) {
    return builder.getFunctionType(argTypes, results);
  };
  return function_interface_impl::parseFunctionOp(
      parser, result, /*allowVariadic=*/false,
      getFunctionTypeAttrName(result.name), buildFuncType,
      getArgAttrsAttrName(result.name), getResAttrsAttrName(result.name));
}

void FuncOp::print(OpAsmPrinter &p) {
  function_interface_impl::printFunctionOp(
      p, *this, /*isVariadic=*/false, getFunctionTypeAttrName(),
      getArgAttrsAttrName(), getResAttrsAttrName());
}

int64_t FuncOp::getNumThreads() {
  std::optional<uint32_t> warps = getNumWarps();
  if (!warps)
    return getBlockSize();
  return std::min<int64_t>(32 * static_cast<int64_t>(*warps), getBlockSize());
}

int64_t FuncOp::getLanesPerGroup() {
  return tt::getLanesPerGroup(getLanesPerThread());
}

LogicalResult FuncOp::verify() {
  int64_t blockSize = getBlockSize();
  if (blockSize < 1 || blockSize > kMaxBlockSize)
    return emitOpError() << "block size " << blockSize
                         << " is outside the CUDA range [1, " << kMaxBlockSize
                         << "] threads per block";
  if (std::optional<uint32_t> warps = getNumWarps()) {
    int64_t numWarps = static_cast<int32_t>(*warps);
    if (numWarps < 1 || 32 * numWarps > kMaxBlockSize)
      return emitOpError() << "num_warps " << numWarps
                           << " is outside [1, 32] (at most 1024 threads)";
    if (blockSize % getNumThreads() != 0)
      return emitOpError() << "block size " << blockSize
                           << " is not a multiple of the " << getNumThreads()
                           << " threads of num_warps " << numWarps
                           << "; every thread must own the same number of "
                              "lanes";
  }
  int64_t programs = getNumProgramsPerCTA();
  if (programs < 1 || !llvm::has_single_bit(static_cast<uint64_t>(programs)))
    return emitOpError() << "programs_per_cta " << programs
                         << " is not a power of two";
  if (programs > 1 && getNumThreads() > 32)
    return emitOpError() << "programs_per_cta " << programs
                         << " packs programs of " << getNumThreads()
                         << " threads; only programs of at most one warp (32 "
                            "threads) share a CUDA block, since they need no "
                            "barrier";
  if (programs * getNumThreads() > kMaxBlockSize)
    return emitOpError() << "programs_per_cta " << programs << " times "
                         << getNumThreads() << " threads exceeds the CUDA "
                         << "limit of " << kMaxBlockSize
                         << " threads per block";
  if (!getResultTypes().empty())
    return emitOpError() << "a kernel returns nothing; write results through "
                            "pointers (found "
                         << getResultTypes().size() << " result types)";
  for (Type type : getArgumentTypes()) {
    if (!isa<PointerType>(type) && !type.isF32() && !type.isInteger(32))
      return emitOpError() << "kernel argument of type " << type
                           << " is not supported; use !tt.ptr<f32>, "
                              "!tt.ptr<i32>, i32 or f32";
  }
  return success();
}

// One tensor width per kernel: every tensor is distributed one element per
// thread of the block, so its width is the block size.
LogicalResult FuncOp::verifyRegions() {
  int64_t blockSize = getBlockSize();
  WalkResult result = getBody().walk([&](Operation *op) {
    for (Value value : op->getResults()) {
      auto tensor = dyn_cast<RankedTensorType>(value.getType());
      if (!tensor)
        continue;
      if (tensor.getRank() != 1) {
        op->emitOpError() << "produces a " << tensor.getRank()
                          << "-D tensor " << tensor
                          << "; kernels use 1-D tensors only";
        return WalkResult::interrupt();
      }
      if (tensor.getDimSize(0) != blockSize) {
        op->emitOpError() << "produces a tensor of width "
                          << tensor.getDimSize(0)
                          << " but the kernel's block size is " << blockSize
                          << "; every tensor in a kernel has the block's width";
        return WalkResult::interrupt();
      }
    }
    return WalkResult::advance();
  });
  if (result.wasInterrupted() || failed(verifyKernelLayouts(*this)))
    return failure();
  if (!getBody().empty() && !getBody().hasOneBlock())
    return emitOpError() << "kernels are straight-line code: one block only";
  return success();
}

//===----------------------------------------------------------------------===//
// GetProgramIdOp
//===----------------------------------------------------------------------===//

LogicalResult GetProgramIdOp::verify() {
  int32_t axis = getAxis();
  if (axis < 0 || axis > 2)
    return emitOpError() << "program id axis " << axis
                         << " is out of range; the launch grid has axes 0, 1 "
                            "and 2";
  return success();
}

// Program ids are block indices: never negative.
void GetProgramIdOp::inferResultRanges(ArrayRef<ConstantIntRanges>,
                                       SetIntRangeFn setResultRange) {
  setResultRange(getResult(),
                 ConstantIntRanges::fromSigned(
                     APInt::getZero(32), APInt::getSignedMaxValue(32)));
}

//===----------------------------------------------------------------------===//
// MakeRangeOp
//===----------------------------------------------------------------------===//

LogicalResult MakeRangeOp::verify() {
  int64_t start = getStart(), end = getEnd();
  if (end <= start)
    return emitOpError() << "range [" << start << ", " << end
                         << ") is empty; end must be greater than start";
  auto type = getResult().getType();
  if (type.getRank() != 1)
    return emitOpError() << "range must be a 1-D tensor, got " << type;
  if (type.getDimSize(0) != end - start)
    return emitOpError() << "range [" << start << ", " << end << ") has "
                         << end - start << " elements but its type " << type
                         << " has " << type.getDimSize(0);
  if (FuncOp kernel = getEnclosingKernel(*this))
    if (end - start != kernel.getBlockSize())
      return emitOpError() << "range width " << end - start
                           << " differs from the kernel's block size "
                           << kernel.getBlockSize();
  return success();
}

// Lane values lie in [start, end): masks such as `lanes < n` with n >= end
// are then known true and the integer-range pass removes them.
void MakeRangeOp::inferResultRanges(ArrayRef<ConstantIntRanges>,
                                    SetIntRangeFn setResultRange) {
  setResultRange(getResult(),
                 ConstantIntRanges::fromSigned(APInt(32, getStart(), true),
                                               APInt(32, getEnd() - 1, true)));
}

//===----------------------------------------------------------------------===//
// SplatOp
//===----------------------------------------------------------------------===//

void SplatOp::inferResultRanges(ArrayRef<ConstantIntRanges> argRanges,
                                SetIntRangeFn setResultRange) {
  if (isa<IntegerType>(getSrc().getType()))
    setResultRange(getResult(), argRanges.front());
}

OpFoldResult SplatOp::fold(FoldAdaptor adaptor) {
  auto type = cast<ShapedType>(getType());
  if (auto value = dyn_cast_if_present<TypedAttr>(adaptor.getSrc()))
    if (value.getType() == type.getElementType())
      return SplatElementsAttr::get(type, value);
  return {};
}

//===----------------------------------------------------------------------===//
// AddPtrOp
//===----------------------------------------------------------------------===//

OpFoldResult AddPtrOp::fold(FoldAdaptor adaptor) {
  // addptr p, 0 -> p
  if (matchPattern(adaptor.getOffset(), m_Zero()))
    return getPtr();
  return {};
}

//===----------------------------------------------------------------------===//
// LoadOp
//===----------------------------------------------------------------------===//

/// The mask of a load or store has the pointer's shape.
static LogicalResult verifyMask(Operation *op, Value ptr, Value mask) {
  if (!mask)
    return success();
  Type expected = getMaskTypeFor(ptr.getType());
  if (mask.getType() != expected)
    return op->emitOpError()
           << "mask of type " << mask.getType() << " has "
           << describeShape(mask.getType()) << " but the pointer has "
           << describeShape(ptr.getType()) << "; expected " << expected;
  return success();
}

LogicalResult LoadOp::verify() {
  Type expected = getPointeeLike(getPtr().getType());
  if (getType() != expected)
    return emitOpError() << "load through " << getPtr().getType()
                         << " produces " << expected << ", not " << getType();
  if (failed(verifyMask(*this, getPtr(), getMask())))
    return failure();
  if (getOther() && !getMask())
    return emitOpError() << "'other' is only meaningful with a mask";
  if (getOther() && getOther().getType() != getType())
    return emitOpError() << "'other' of type " << getOther().getType()
                         << " is not the loaded type " << getType()
                         << "; convert and broadcast it first";
  return success();
}

//===----------------------------------------------------------------------===//
// StoreOp
//===----------------------------------------------------------------------===//

LogicalResult StoreOp::verify() {
  Type expected = getPointeeLike(getPtr().getType());
  if (getValue().getType() != expected)
    return emitOpError() << "stored value of type " << getValue().getType()
                         << " does not match the pointer's " << expected;
  return verifyMask(*this, getPtr(), getMask());
}

//===----------------------------------------------------------------------===//
// ReduceOp
//===----------------------------------------------------------------------===//

// Reduction legality: the block-level lowering halves the active lanes each
// step and maps lane i to thread i, so the width must be a power of two equal
// to the block size.
LogicalResult ReduceOp::verify() {
  auto type = cast<RankedTensorType>(getOperand().getType());
  StringRef kind = stringifyReduceKind(getKind());
  if (type.getRank() != 1)
    return emitOpError() << kind << " reduction expects a 1-D tensor, got "
                         << type;
  Type element = type.getElementType();
  if (!element.isF32() && !element.isInteger(32))
    return emitOpError() << kind << " reduction of " << element
                         << " elements is not supported; reduce i32 or f32";
  int64_t width = type.getDimSize(0);
  if (!llvm::has_single_bit(static_cast<uint64_t>(width)))
    return emitOpError() << "reduction width " << width
                         << " is not a power of two";
  if (FuncOp kernel = getEnclosingKernel(*this))
    if (width != kernel.getBlockSize())
      return emitOpError() << "reduction width " << width
                           << " differs from the kernel's block size "
                           << kernel.getBlockSize();
  if (getResult().getType() != element)
    return emitOpError() << kind << " reduction of " << type
                         << " produces a scalar " << element << ", not "
                         << getResult().getType();
  return success();
}

#define GET_OP_CLASSES
#include "MyTriton/Dialect/TT/IR/TTOps.cpp.inc"
