//===- TTOps.cpp - tt op verifiers, parsers and folders -------------------===//
//
// The verifiers carry the seed compiler's legality rules. Each message names
// the offending quantity in the kernel writer's terms.
//
//===----------------------------------------------------------------------===//

#include "MyTriton/Dialect/TT/IR/TTDialect.h"
#include "MyTriton/Dialect/TT/IR/Layouts.h"
#include "MyTriton/Dialect/TT/IR/ElementTypes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionImplementation.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::mytriton::tt;

/// The CUDA limit on threads per block, hence on a kernel's tensor width.
static constexpr int64_t kMaxBlockSize = 1024;

/// The bytes CUDA allows for a kernel's parameters: 32764 since CUDA 12.1 on
/// sm_70 and newer (4096 before), and MyTriton targets sm_70+ with CUDA 13.
static constexpr int64_t kMaxParamBytes = 32764;

FuncOp mlir::mytriton::tt::getEnclosingKernel(Operation *op) {
  return op->getParentOfType<FuncOp>();
}

LogicalResult mlir::mytriton::tt::verifyInKernel(Operation *op) {
  if (getEnclosingKernel(op))
    return success();
  return op->emitOpError() << "is outside a tt.func; tt ops belong in a "
                              "kernel's body, and no pipeline compiles them "
                              "elsewhere";
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
  // 16 bytes of the narrowest element a tensor load or store accesses, so
  // that 8 halves or 16 bytes are one access; 4 lanes (16 bytes of f32,
  // two accesses of f64) at least.
  int64_t narrowest = 4;
  walk([&](Operation *op) {
    if (!isa<LoadOp, StoreOp>(op))
      return;
    auto pointers = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
    if (!pointers)
      return;
    Type pointee =
        cast<PointerType>(pointers.getElementType()).getPointeeType();
    narrowest = std::min<int64_t>(narrowest,
                                  pointee.getIntOrFloatBitWidth() / 8);
  });
  return tt::getLanesPerGroup(getLanesPerThread(), 16 / narrowest);
}

/// Whether CUDA code cannot declare a kernel named `name`: nvcc refuses it
/// next to the headers it includes (`printf`, `abs`, `float4`, `threadIdx`,
/// macros such as `alloca`, `main`, C++ keywords) or ptxas does (`WARP_SZ`).
static bool isReservedKernelName(StringRef name) {
  static const llvm::StringSet<> reserved = {
#include "ReservedKernelNames.inc"
      // The CUDA emitter's own device functions (approximate math).
      "mytriton_div_full", "mytriton_exp_approx", "mytriton_sqrt_approx",
  };
  return reserved.contains(name);
}

/// The bytes of the kernel's CUDA parameter list: its arguments (pointers 8
/// bytes, i32/f32 4, each aligned to its size) and the two trailing i32 grid
/// sizes of the launch ABI.
static int64_t getParamBytes(FuncOp kernel) {
  int64_t bytes = 0;
  auto append = [&](int64_t size, int64_t alignment) {
    bytes = llvm::alignTo(bytes, alignment) + size;
  };
  // Each parameter is aligned to its size, as CUDA lays them out (a bool
  // takes one byte); a tensor map is 128 bytes aligned to 64.
  for (Type type : kernel.getArgumentTypes()) {
    if (isa<TensorMapType>(type)) {
      append(128, 64);
      continue;
    }
    int64_t size = isa<PointerType>(type)
                       ? 8
                       : std::max<int64_t>(1, type.getIntOrFloatBitWidth() / 8);
    append(size, size);
  }
  append(4, 4);
  append(4, 4);
  return bytes;
}

LogicalResult FuncOp::verify() {
  // Pipelines compile the kernels of a module (tt-check-kernel-placement
  // checks that it is the top-level one); one inside another op would pass
  // through and produce nothing.
  Operation *parent = (*this)->getParentOp();
  if (!isa_and_present<ModuleOp>(parent))
    return emitOpError() << "must be an op of the top-level module, where "
                            "every pipeline looks for kernels; this one is "
                            "inside '"
                         << (parent ? parent->getName().getStringRef()
                                    : StringRef("nothing"))
                         << "' and would not be compiled";
  // One rule for every route, so a kernel's name never depends on the
  // backend it runs on.
  if (isReservedKernelName(getSymName()))
    return emitOpError() << "name '" << getSymName()
                         << "' cannot name a kernel: CUDA reserves it (a C++ "
                            "keyword, or declared by the CUDA and C headers "
                            "every CUDA file includes, or a PTX name); rename "
                            "the kernel";
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
  if (std::optional<uint32_t> stages = getNumStages())
    if (static_cast<int32_t>(*stages) < 0)
      return emitOpError() << "num_stages " << static_cast<int32_t>(*stages)
                           << " is negative";
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
    // No i1: the launchers pass a bool as an i32 0 or 1 (docs/Python.md).
    if (!isa<PointerType, TensorMapType>(type) && !isMemoryElementType(type))
      return emitOpError() << "kernel argument of type " << type
                           << " is not supported; use a !tt.ptr, an integer "
                              "(i8 to i64) or a float (f16, bf16, f32, f64)";
  }
  int64_t paramBytes = getParamBytes(*this);
  if (paramBytes > kMaxParamBytes)
    return emitOpError() << "has " << getArgumentTypes().size()
                         << " arguments that take " << paramBytes
                         << " bytes of CUDA kernel parameters (with the two "
                            "i32 grid sizes the launch adds), more than the "
                         << kMaxParamBytes
                         << " bytes CUDA allows (CUDA 12.1+, sm_70 and newer); "
                            "pass fewer arguments";
  return success();
}

/// Triton's limit on a tensor's elements (TRITON_MAX_TENSOR_NUMEL).
static constexpr int64_t kMaxTensorElements = int64_t(1) << 20;

/// Calls `fn(op, value)` for every tensor value the kernel body defines
/// (op results and region arguments); stops when it returns failure.
static LogicalResult
forEachTensorValue(FuncOp kernel,
                   function_ref<LogicalResult(Operation *, Value)> fn) {
  WalkResult result = kernel.getBody().walk([&](Operation *op) {
    for (Region &region : op->getRegions())
      for (BlockArgument arg : region.getArguments())
        if (isa<RankedTensorType>(arg.getType()) && failed(fn(op, arg)))
          return WalkResult::interrupt();
    for (Value value : op->getResults())
      if (isa<RankedTensorType>(value.getType()) && failed(fn(op, value)))
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

bool mlir::mytriton::tt::hasImplicitLayout(FuncOp kernel) {
  int64_t blockSize = kernel.getBlockSize();
  return succeeded(forEachTensorValue(kernel, [&](Operation *, Value value) {
    auto tensor = cast<RankedTensorType>(value.getType());
    return success(tensor.getRank() == 1 &&
                   tensor.getDimSize(0) == blockSize);
  }));
}

/// Programs packed into one CUDA block (programs_per_cta > 1) share its
/// barriers: a reduction inside a loop or branch would then wait for
/// programs whose uniform condition took them elsewhere. So a kernel with
/// control flow runs one program per block.
static LogicalResult verifyProgramsPerCTAControlFlow(FuncOp kernel) {
  int64_t programs = kernel.getNumProgramsPerCTA();
  if (programs == 1)
    return success();
  Operation *controlFlow = nullptr;
  // Pre-order, so the outermost (first) loop or branch is named.
  kernel.getBody().walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (!isa<scf::SCFDialect>(op->getDialect()))
      return WalkResult::advance();
    controlFlow = op;
    return WalkResult::interrupt();
  });
  if (!controlFlow)
    return success();
  InFlightDiagnostic diag =
      kernel.emitOpError()
      << "packs " << programs
      << " programs per CUDA block (programs_per_cta) but has control flow "
         "('"
      << controlFlow->getName()
      << "'); programs sharing a block could diverge around a barrier, so a "
         "kernel with loops or branches needs programs_per_cta = 1";
  diag.attachNote(controlFlow->getLoc()) << "control flow here";
  return diag;
}

// Two kinds of kernel. In a uniform one every tensor is 1-D with the block's
// width, one element per thread (or E per thread with num_warps): the seed's
// model, whose lowerings derive the distribution from block_size. Any other
// kernel is tiled: its tensors have shapes of their own, distributed by
// layout encodings (tt-assign-layouts) over num_warps warps, so it needs
// num_warps, block_size is the block's 32 * num_warps threads, and every
// dimension is a power of two (Triton's rule).
LogicalResult FuncOp::verifyRegions() {
  if (!hasImplicitLayout(*this)) {
    std::optional<uint32_t> warps = getNumWarps();
    if (failed(forEachTensorValue(*this, [&](Operation *op, Value value) -> LogicalResult {
          auto tensor = cast<RankedTensorType>(value.getType());
          // Triton's 0-D tensors are scalars here.
          if (tensor.getRank() == 0)
            return op->emitOpError()
                   << "produces the 0-D tensor " << tensor
                   << "; a tensor has at least one dimension (a single value "
                      "is a scalar)";
          int64_t elements = 1;
          for (int64_t extent : tensor.getShape()) {
            if (extent < 1 || !llvm::has_single_bit(uint64_t(extent)))
              return op->emitOpError()
                     << "produces " << tensor << ", whose extent " << extent
                     << " is not a power of two; every dimension of a tensor "
                        "must be a power of two";
            elements *= extent;
          }
          if (elements > kMaxTensorElements)
            return op->emitOpError()
                   << "produces " << tensor << " of " << elements
                   << " elements, more than the " << kMaxTensorElements
                   << " a tensor may have";
          if (!warps)
            return op->emitOpError()
                   << "produces " << tensor << ", which is not 1-D of the "
                   << "kernel's block size " << getBlockSize()
                   << "; a kernel whose tensors have shapes of their own "
                      "needs num_warps, the warps its layouts distribute "
                      "them over";
          return success();
        })))
      return failure();
    if (getBlockSize() != 32 * static_cast<int64_t>(*warps))
      return emitOpError() << "block size " << getBlockSize()
                           << " is not the " << 32 * static_cast<int64_t>(*warps)
                           << " threads of num_warps " << *warps
                           << "; a kernel whose tensors have shapes of their "
                              "own runs 32 * num_warps threads per program";
    if (getNumProgramsPerCTA() != 1)
      return emitOpError() << "programs_per_cta is for kernels whose tensors "
                              "all have the block's width";
  }
  if (failed(verifyKernelLayouts(*this)))
    return failure();
  if (!getBody().empty() && !getBody().hasOneBlock())
    return emitOpError() << "has " << getBody().getBlocks().size()
                         << " blocks; a kernel's body is one block, with "
                            "loops and branches as scf ops (scf.for, scf.if, "
                            "scf.while)";
  return verifyProgramsPerCTAControlFlow(*this);
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
// GetNumProgramsOp, PrintOp
//===----------------------------------------------------------------------===//

LogicalResult GetNumProgramsOp::verify() {
  int32_t axis = getAxis();
  if (axis < 0 || axis > 2)
    return emitOpError() << "grid axis " << axis
                         << " is out of range; the launch grid has axes 0, 1 "
                            "and 2";
  return success();
}

// A kernel runs only in a grid with at least one program on every axis.
void GetNumProgramsOp::inferResultRanges(ArrayRef<ConstantIntRanges>,
                                         SetIntRangeFn setResultRange) {
  setResultRange(getResult(),
                 ConstantIntRanges::fromSigned(
                     APInt(32, 1), APInt::getSignedMaxValue(32)));
}

LogicalResult PrintOp::verify() {
  // Backends paste the prefix into C and printf format strings.
  for (char c : getPrefix())
    if (c < 0x20 || c > 0x7e)
      return emitOpError() << "prefix must be printable ASCII, got the byte "
                           << static_cast<int>(static_cast<unsigned char>(c));
  for (auto [index, arg] : llvm::enumerate(getArgs()))
    if (isa<PointerType>(getElementTypeOrSelf(arg.getType())))
      return emitOpError() << "operand " << index
                           << " is a pointer, which has no printable value";
  return success();
}

StringRef PrintOp::getElementConversion(Type type, bool hex) {
  if (type.isInteger(1))
    return "%d";
  if (isa<FloatType>(type) && !hex)
    return "%f";
  switch (type.getIntOrFloatBitWidth()) {
  case 64:
    return hex ? "0x%016llx" : "%lld";
  case 16:
    return hex ? "0x%04x" : "%d";
  case 8:
    return hex ? "0x%02x" : "%d";
  default:
    return hex ? "0x%08x" : "%d";
  }
}

std::string PrintOp::escapePercent(StringRef text) {
  std::string out;
  for (char c : text) {
    out += c;
    if (c == '%')
      out += '%';
  }
  return out;
}

//===----------------------------------------------------------------------===//
// MakeRangeOp
//===----------------------------------------------------------------------===//

LogicalResult MakeRangeOp::verify() {
  // The attributes are signless; lanes are signed i32 indices.
  int64_t start = static_cast<int32_t>(getStart());
  int64_t end = static_cast<int32_t>(getEnd());
  if (start < 0)
    return emitOpError() << "range start " << start
                         << " is negative; lanes are indices 0 <= start < end "
                            "<= 2147483647";
  // An end written past INT32_MAX reads back negative: its lanes would wrap.
  if (end < 0)
    return emitOpError() << "range [" << start << ", "
                         << static_cast<uint32_t>(getEnd())
                         << ") does not fit in i32: its lanes would wrap past "
                            "2147483647";
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

  return success();
}

// Lane values lie in [start, end): masks such as `lanes < n` with n >= end
// are then known true and the integer-range pass removes them.
void MakeRangeOp::inferResultRanges(ArrayRef<ConstantIntRanges>,
                                    SetIntRangeFn setResultRange) {
  // The verifier keeps 0 <= start < end as signed i32, so the bounds are
  // exact and no lane wraps.
  APInt start(32, getStart()), end(32, getEnd());
  setResultRange(getResult(), ConstantIntRanges::fromSigned(start, end - 1));
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

/// With layouts on both sides, the operand's and result's must be related
/// as the op's rule says (docs/IR.md#layouts): the lowerings move registers
/// within a thread by that relation, with no exchange between threads.
static LogicalResult verifyLayoutRelation(Operation *op, Type src, Type result,
                                          Attribute expectedResult,
                                          StringRef rule) {
  Attribute from = getLayoutEncoding(src), to = getLayoutEncoding(result);
  if (!from || !to || to == expectedResult)
    return success();
  InFlightDiagnostic diag = op->emitOpError();
  diag << "result layout " << to << " breaks the layout rule of the op ("
       << rule << ")";
  if (expectedResult)
    diag << "; expected " << expectedResult;
  return diag;
}

// Reduction legality: every lowering combines in halving steps, so each
// dimension is a power of two; an axis names a dimension of a tensor of rank
// 2 or more (a 1-D tensor reduces to a scalar).
LogicalResult ReduceOp::verify() {
  auto type = cast<RankedTensorType>(getOperand().getType());
  StringRef kind = stringifyReduceKind(getKind());
  Type element = type.getElementType();
  if (!isMemoryElementType(element))
    return emitOpError() << kind << " reduction of " << element
                         << " elements is not supported; reduce integers of "
                            "8 to 64 bits or floats";
  for (int64_t extent : type.getShape())
    if (!llvm::has_single_bit(static_cast<uint64_t>(extent)))
      return emitOpError() << "reduction width " << extent
                           << " is not a power of two";
  std::optional<uint32_t> axisAttr = getAxis();
  int64_t rank = type.getRank();
  int64_t axis = axisAttr ? static_cast<int32_t>(*axisAttr) : 0;
  if (axis < 0 || axis >= rank)
    return emitOpError() << "reduction axis " << axis << " is out of range "
                         << "for a " << rank << "-D tensor";
  if (rank == 1) {
    if (getResult().getType() != element)
      return emitOpError() << kind << " reduction of " << type
                           << " produces a scalar " << element << ", not "
                           << getResult().getType();
    return success();
  }
  if (!axisAttr)
    return emitOpError() << kind << " reduction of the " << rank
                         << "-D tensor " << type
                         << " needs an axis; reduce one axis at a time";
  auto result = dyn_cast<RankedTensorType>(getResult().getType());
  SmallVector<int64_t> expected(type.getShape());
  expected.erase(expected.begin() + axis);
  if (!result || result.getShape() != ArrayRef<int64_t>(expected) ||
      result.getElementType() != element)
    return emitOpError() << kind << " reduction of " << type << " along axis "
                         << axis << " produces a tensor of "
                         << describeShape(RankedTensorType::get(expected,
                                                                element))
                         << " of " << element << ", not "
                         << getResult().getType();
  Attribute from = getLayoutEncoding(type);
  return verifyLayoutRelation(
      *this, type, result,
      isa_and_present<BlockedEncodingAttr>(from)
          ? SliceEncodingAttr::get(getContext(), axis, from)
          : Attribute(),
      "a reduction along an axis gives its operand's #tt.blocked layout "
      "sliced along it");
}

//===----------------------------------------------------------------------===//
// Shape manipulation
//===----------------------------------------------------------------------===//

/// The most elements a fold writes out for a constant that is not a splat:
/// index tables fold, a large tile's worth of attribute stays an op.
static constexpr int64_t kMaxFoldedElements = 4096;

/// A dense constant `src` with its elements, in row-major order, under the
/// shape of `type` (expand_dims and reshape keep that order).
static OpFoldResult foldConstantReshape(Attribute src, Type type) {
  auto dense = dyn_cast_if_present<DenseElementsAttr>(src);
  if (!dense)
    return {};
  return dense.reshape(cast<ShapedType>(type));
}

/// A dense constant `src` rearranged as `type`, where result element
/// `index` is `src`'s element `sourceIndex(index)`; null when `src` is not
/// a constant, or not a splat and larger than kMaxFoldedElements.
static OpFoldResult foldConstantRearrange(
    Attribute src, Type type,
    function_ref<SmallVector<int64_t>(ArrayRef<int64_t>)> sourceIndex) {
  auto dense = dyn_cast_if_present<DenseElementsAttr>(src);
  auto shaped = cast<ShapedType>(type);
  if (!dense)
    return {};
  if (dense.isSplat())
    return SplatElementsAttr::get(shaped, dense.getSplatValue<Attribute>());
  if (shaped.getNumElements() > kMaxFoldedElements)
    return {};
  SmallVector<Attribute> elements(dense.getValues<Attribute>());
  ArrayRef<int64_t> srcShape = dense.getType().getShape();
  ArrayRef<int64_t> shape = shaped.getShape();
  SmallVector<Attribute> values;
  SmallVector<int64_t> index(shape.size(), 0);
  for (int64_t linear = 0; linear < shaped.getNumElements(); ++linear) {
    int64_t rest = linear;
    for (int64_t d = shape.size() - 1; d >= 0; --d) {
      index[d] = rest % shape[d];
      rest /= shape[d];
    }
    SmallVector<int64_t> from = sourceIndex(index);
    int64_t source = 0;
    for (auto [coord, extent] : llvm::zip_equal(from, srcShape))
      source = source * extent + coord;
    values.push_back(elements[source]);
  }
  return DenseElementsAttr::get(shaped, values);
}

LogicalResult ExpandDimsOp::verify() {
  auto src = cast<RankedTensorType>(getSrc().getType());
  auto result = cast<RankedTensorType>(getResult().getType());
  int64_t axis = static_cast<int32_t>(getAxis());
  if (axis < 0 || axis > src.getRank())
    return emitOpError() << "axis " << axis << " is out of range: a "
                         << src.getRank() << "-D tensor takes a new "
                         << "dimension at 0.." << src.getRank();
  SmallVector<int64_t> expected(src.getShape());
  expected.insert(expected.begin() + axis, 1);
  if (result.getShape() != ArrayRef<int64_t>(expected))
    return emitOpError() << "inserting a dimension at axis " << axis << " of "
                         << describeShape(src) << " gives "
                         << describeShape(RankedTensorType::get(
                                expected, src.getElementType()))
                         << ", not " << describeShape(result);
  // The operand's layout is the result's sliced along axis.
  Attribute from = getLayoutEncoding(src), to = getLayoutEncoding(result);
  if (from && to &&
      (!isa<BlockedEncodingAttr>(to) ||
       from != SliceEncodingAttr::get(getContext(), axis, to)))
    return emitOpError() << "operand layout " << from
                         << " is not the result's layout " << to
                         << " sliced along axis " << axis
                         << " (#tt.slice<{dim = " << axis
                         << ", parent = <result layout>}>)";
  return success();
}

OpFoldResult ExpandDimsOp::fold(FoldAdaptor adaptor) {
  return foldConstantReshape(adaptor.getSrc(), getType());
}

LogicalResult BroadcastOp::verify() {
  auto src = cast<RankedTensorType>(getSrc().getType());
  auto result = cast<RankedTensorType>(getResult().getType());
  if (src.getRank() != result.getRank())
    return emitOpError() << "cannot broadcast " << describeShape(src)
                         << " to " << describeShape(result)
                         << ": the ranks differ (insert dimensions with "
                            "expand_dims first)";
  for (auto [from, to] : llvm::zip(src.getShape(), result.getShape()))
    if (from != to && from != 1)
      return emitOpError() << "cannot broadcast " << describeShape(src)
                           << " to " << describeShape(result)
                           << ": only dimensions of extent 1 are repeated";
  return verifyLayoutRelation(*this, src, result, getLayoutEncoding(src),
                              "a broadcast keeps its operand's layout");
}

OpFoldResult BroadcastOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  ArrayRef<int64_t> srcShape = getSrc().getType().getShape();
  return foldConstantRearrange(
      adaptor.getSrc(), getType(), [&](ArrayRef<int64_t> index) {
        SmallVector<int64_t> from(index);
        for (size_t d = 0; d < from.size(); ++d)
          if (srcShape[d] == 1)
            from[d] = 0;
        return from;
      });
}

LogicalResult TransOp::verify() {
  auto src = cast<RankedTensorType>(getSrc().getType());
  auto result = cast<RankedTensorType>(getResult().getType());
  if (src.getRank() != 2)
    return emitOpError() << "transposes 2-D tensors, not " << src;
  if (result.getRank() != 2 || result.getDimSize(0) != src.getDimSize(1) ||
      result.getDimSize(1) != src.getDimSize(0))
    return emitOpError() << "the transpose of " << describeShape(src)
                         << " has shape [" << src.getDimSize(1) << ", "
                         << src.getDimSize(0) << "], not "
                         << describeShape(result);
  return verifyLayoutRelation(
      *this, src, result, getTransposedLayout(getLayoutEncoding(src)),
      "a transpose swaps every array of its operand's #tt.blocked layout");
}

OpFoldResult TransOp::fold(FoldAdaptor adaptor) {
  if (auto inner = getSrc().getDefiningOp<TransOp>())
    if (inner.getSrc().getType() == getType())
      return inner.getSrc();
  return foldConstantRearrange(adaptor.getSrc(), getType(),
                               [](ArrayRef<int64_t> index) {
                                 return SmallVector<int64_t>{index[1],
                                                             index[0]};
                               });
}

LogicalResult ReshapeOp::verify() {
  auto src = cast<RankedTensorType>(getSrc().getType());
  auto result = cast<RankedTensorType>(getResult().getType());
  if (src.getNumElements() != result.getNumElements())
    return emitOpError() << "cannot reshape " << describeShape(src) << " ("
                         << src.getNumElements() << " elements) to "
                         << describeShape(result) << " ("
                         << result.getNumElements() << " elements)";
  return success();
}

OpFoldResult ReshapeOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  return foldConstantReshape(adaptor.getSrc(), getType());
}

#define GET_OP_CLASSES
#include "MyTriton/Dialect/TT/IR/TTOps.cpp.inc"
