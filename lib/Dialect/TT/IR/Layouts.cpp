//===- Layouts.cpp - #tt.blocked, #tt.slice and their index map -----------===//
//
// Parsing, printing and verification of the layout encodings, their asm
// aliases (#blocked, #slice), tt.convert_layout, and the index map from
// (thread, register) to element that every lowering shares (Layouts.h).
//
//===----------------------------------------------------------------------===//

#include "MyTriton/Dialect/TT/IR/Layouts.h"
#include "MyTriton/Dialect/TT/IR/TTDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <functional>
#include <map>
#include <optional>
#include <set>

using namespace mlir;
using namespace mlir::mytriton;
using namespace mlir::mytriton::tt;

#define GET_ATTRDEF_CLASSES
#include "MyTriton/Dialect/TT/IR/TTLayouts.cpp.inc"

namespace {
/// `#blocked`, `#blocked1`, ... and `#slice`, ... keep encoded IR readable.
struct TTOpAsmDialectInterface : OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;
  AliasResult getAlias(Attribute attr, raw_ostream &os) const override {
    if (isa<BlockedEncodingAttr>(attr)) {
      os << "blocked";
      return AliasResult::FinalAlias;
    }
    if (isa<SliceEncodingAttr>(attr)) {
      os << "slice";
      return AliasResult::FinalAlias;
    }
    if (isa<DotOperandEncodingAttr>(attr)) {
      os << "dot_op";
      return AliasResult::FinalAlias;
    }
    if (isa<MmaEncodingAttr>(attr)) {
      os << "mma";
      return AliasResult::FinalAlias;
    }
    if (isa<SharedEncodingAttr>(attr)) {
      os << "shared";
      return AliasResult::FinalAlias;
    }
    return AliasResult::NoAlias;
  }
};
} // namespace

void TTDialect::registerLayoutAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "MyTriton/Dialect/TT/IR/TTLayouts.cpp.inc"
      >();
  addInterfaces<TTOpAsmDialectInterface>();
}

//===----------------------------------------------------------------------===//
// Parsing and printing: #tt.blocked<{key = value, ...}>
//===----------------------------------------------------------------------===//

static void printArray(AsmPrinter &printer, ArrayRef<unsigned> values) {
  printer << "[";
  llvm::interleaveComma(values, printer);
  printer << "]";
}

/// Parses `<{...}>` and checks that the keys `expected` are present and no
/// key outside them and `optional` is.
static DictionaryAttr parseLayoutDict(AsmParser &parser, StringRef mnemonic,
                                      ArrayRef<StringRef> expected,
                                      ArrayRef<StringRef> optional = {}) {
  DictionaryAttr dict;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess() || parser.parseAttribute(dict) ||
      parser.parseGreater())
    return {};
  std::string keys;
  llvm::raw_string_ostream os(keys);
  llvm::interleaveComma(expected, os);
  for (StringRef key : optional)
    os << ", " << key << " (optional)";
  for (NamedAttribute entry : dict)
    if (!llvm::is_contained(expected, entry.getName().getValue()) &&
        !llvm::is_contained(optional, entry.getName().getValue())) {
      parser.emitError(loc) << "unknown key '" << entry.getName().getValue()
                            << "' in #tt." << mnemonic << "; expected "
                            << keys;
      return {};
    }
  for (StringRef key : expected)
    if (!dict.get(key)) {
      parser.emitError(loc) << "#tt." << mnemonic << " needs '" << key
                            << "' (keys: " << keys << ")";
      return {};
    }
  return dict;
}

/// An array of non-negative integers that fit `unsigned`.
static FailureOr<SmallVector<unsigned>>
parseUnsignedArray(AsmParser &parser, SMLoc loc, DictionaryAttr dict,
                   StringRef key) {
  auto array = dyn_cast<ArrayAttr>(dict.get(key));
  SmallVector<unsigned> values;
  for (Attribute element : array ? array.getValue() : ArrayRef<Attribute>()) {
    auto integer = dyn_cast<IntegerAttr>(element);
    if (!integer || integer.getValue().isNegative() ||
        !integer.getValue().isIntN(32)) {
      array = nullptr;
      break;
    }
    values.push_back(integer.getValue().getZExtValue());
  }
  if (!array)
    return parser.emitError(loc) << "'" << key
                                 << "' must be an array of non-negative "
                                    "integers, like [1, 4], got "
                                 << dict.get(key);
  return values;
}

Attribute BlockedEncodingAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  DictionaryAttr dict = parseLayoutDict(
      parser, "blocked",
      {"sizePerThread", "threadsPerWarp", "warpsPerCTA", "order"});
  if (!dict)
    return {};
  SmallVector<unsigned> arrays[4];
  StringRef keys[] = {"sizePerThread", "threadsPerWarp", "warpsPerCTA",
                      "order"};
  for (auto [key, array] : llvm::zip_equal(keys, arrays)) {
    FailureOr<SmallVector<unsigned>> parsed =
        parseUnsignedArray(parser, loc, dict, key);
    if (failed(parsed))
      return {};
    array = std::move(*parsed);
  }
  return parser.getChecked<BlockedEncodingAttr>(
      loc, parser.getContext(), arrays[0], arrays[1], arrays[2], arrays[3]);
}

void BlockedEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{sizePerThread = ";
  printArray(printer, getSizePerThread());
  printer << ", threadsPerWarp = ";
  printArray(printer, getThreadsPerWarp());
  printer << ", warpsPerCTA = ";
  printArray(printer, getWarpsPerCTA());
  printer << ", order = ";
  printArray(printer, getOrder());
  printer << "}>";
}

Attribute SliceEncodingAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  DictionaryAttr dict = parseLayoutDict(parser, "slice", {"dim", "parent"});
  if (!dict)
    return {};
  auto dim = dyn_cast<IntegerAttr>(dict.get("dim"));
  if (!dim || dim.getValue().isNegative() || !dim.getValue().isIntN(32)) {
    parser.emitError(loc) << "'dim' must be a non-negative integer, got "
                          << dict.get("dim");
    return {};
  }
  return parser.getChecked<SliceEncodingAttr>(
      loc, parser.getContext(), dim.getValue().getZExtValue(),
      dict.get("parent"));
}

void SliceEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{dim = " << getDim() << ", parent = ";
  printer.printAttribute(getParent());
  printer << "}>";
}

/// The non-negative integer under `key` of `dict` (`fallback` when absent
/// and a fallback is given), else an error naming `what`.
static std::optional<unsigned> parseUnsigned(AsmParser &parser, SMLoc loc,
                                             DictionaryAttr dict, StringRef key,
                                             StringRef what,
                                             std::optional<unsigned> fallback =
                                                 std::nullopt) {
  Attribute value = dict.get(key);
  if (!value && fallback)
    return fallback;
  auto integer = dyn_cast_if_present<IntegerAttr>(value);
  if (!integer || integer.getValue().isNegative() ||
      !integer.getValue().isIntN(32)) {
    parser.emitError(loc) << "'" << key << "' must be " << what << ", got "
                          << value;
    return std::nullopt;
  }
  return integer.getValue().getZExtValue();
}

Attribute DotOperandEncodingAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  DictionaryAttr dict = parseLayoutDict(parser, "dot_operand",
                                        {"opIdx", "parent"}, {"kWidth"});
  if (!dict)
    return {};
  std::optional<unsigned> opIdx =
      parseUnsigned(parser, loc, dict, "opIdx", "0 or 1");
  std::optional<unsigned> kWidth = parseUnsigned(
      parser, loc, dict, "kWidth", "a non-negative integer", 0u);
  if (!opIdx || !kWidth)
    return {};
  return parser.getChecked<DotOperandEncodingAttr>(
      loc, parser.getContext(), *opIdx, dict.get("parent"), *kWidth);
}

void DotOperandEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{opIdx = " << getOpIdx() << ", parent = ";
  printer.printAttribute(getParent());
  if (getKWidth())
    printer << ", kWidth = " << getKWidth();
  printer << "}>";
}

Attribute MmaEncodingAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  DictionaryAttr dict = parseLayoutDict(
      parser, "mma", {"versionMajor", "warpsPerCTA", "instrShape"});
  if (!dict)
    return {};
  std::optional<unsigned> version =
      parseUnsigned(parser, loc, dict, "versionMajor", "2 or 3");
  if (!version)
    return {};
  FailureOr<SmallVector<unsigned>> warps =
      parseUnsignedArray(parser, loc, dict, "warpsPerCTA");
  if (failed(warps))
    return {};
  FailureOr<SmallVector<unsigned>> instr =
      parseUnsignedArray(parser, loc, dict, "instrShape");
  if (failed(instr))
    return {};
  return parser.getChecked<MmaEncodingAttr>(loc, parser.getContext(), *version,
                                            *warps, *instr);
}

void MmaEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{versionMajor = " << getVersionMajor() << ", warpsPerCTA = ";
  printArray(printer, getWarpsPerCTA());
  printer << ", instrShape = ";
  printArray(printer, getInstrShape());
  printer << "}>";
}

//===----------------------------------------------------------------------===//
// Verification
//===----------------------------------------------------------------------===//

static std::string formatArray(ArrayRef<unsigned> values) {
  std::string s = "[";
  llvm::raw_string_ostream os(s);
  llvm::interleaveComma(values, os);
  os << "]";
  return s;
}

static int64_t product(ArrayRef<unsigned> values) {
  int64_t result = 1;
  for (unsigned value : values)
    result *= value;
  return result;
}

LogicalResult
BlockedEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                            ArrayRef<unsigned> sizePerThread,
                            ArrayRef<unsigned> threadsPerWarp,
                            ArrayRef<unsigned> warpsPerCTA,
                            ArrayRef<unsigned> order) {
  size_t rank = order.size();
  if (rank == 0 || sizePerThread.size() != rank ||
      threadsPerWarp.size() != rank || warpsPerCTA.size() != rank)
    return emitError() << "#tt.blocked needs one entry per dimension in "
                          "sizePerThread, threadsPerWarp, warpsPerCTA and "
                          "order; got "
                       << sizePerThread.size() << ", " << threadsPerWarp.size()
                       << ", " << warpsPerCTA.size() << " and " << order.size();
  StringRef names[] = {"sizePerThread", "threadsPerWarp", "warpsPerCTA"};
  ArrayRef<unsigned> arrays[] = {sizePerThread, threadsPerWarp, warpsPerCTA};
  for (auto [name, array] : llvm::zip_equal(names, arrays))
    for (auto [d, value] : llvm::enumerate(array))
      if (!llvm::isPowerOf2_32(value))
        return emitError() << name << "[" << d << "] = " << value
                           << " is not a positive power of two";
  if (product(threadsPerWarp) != kThreadsPerWarp)
    return emitError() << "threadsPerWarp " << formatArray(threadsPerWarp)
                       << " has " << product(threadsPerWarp)
                       << " lanes; a warp has " << kThreadsPerWarp;
  if (product(warpsPerCTA) > 32)
    return emitError() << "warpsPerCTA " << formatArray(warpsPerCTA)
                       << " has " << product(warpsPerCTA)
                       << " warps; a CUDA block holds at most 32 (1024 "
                          "threads)";
  SmallVector<bool> seen(rank, false);
  for (unsigned d : order) {
    if (d >= rank || seen[d])
      return emitError() << "order " << formatArray(order)
                         << " is not a permutation of the dimensions 0.."
                         << rank - 1;
    seen[d] = true;
  }
  return success();
}

SmallVector<int64_t> BlockedEncodingAttr::getTileShape() const {
  SmallVector<int64_t> tile;
  for (unsigned d = 0; d < getRank(); ++d)
    tile.push_back(int64_t(getSizePerThread()[d]) * getThreadsPerWarp()[d] *
                   getWarpsPerCTA()[d]);
  return tile;
}

LogicalResult BlockedEncodingAttr::verifyEncoding(
    ArrayRef<int64_t> shape, Type,
    function_ref<InFlightDiagnostic()> emitError) const {
  if (shape.size() != getRank())
    return emitError() << "#tt.blocked layout of rank " << getRank()
                       << " on a tensor of rank " << shape.size();
  for (auto [d, size] : llvm::enumerate(shape))
    if (ShapedType::isDynamic(size) || size <= 0 ||
        !llvm::isPowerOf2_64(size))
      return emitError() << "dimension " << d << " of a tensor with a "
                         << "#tt.blocked layout has "
                         << (ShapedType::isDynamic(size)
                                 ? std::string("a dynamic size")
                                 : "size " + std::to_string(size))
                         << "; layouts need static power-of-two shapes";
  return success();
}

LogicalResult
SliceEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                          unsigned dim, Attribute parent) {
  auto blocked = dyn_cast<BlockedEncodingAttr>(parent);
  if (!blocked)
    return emitError() << "the parent of a #tt.slice must be a #tt.blocked "
                          "layout, got "
                       << parent;
  if (blocked.getRank() < 2)
    return emitError() << "#tt.slice of a rank-1 parent would type 0-D "
                          "tensors; slice a parent of rank 2 or more";
  if (dim >= blocked.getRank())
    return emitError() << "#tt.slice dim " << dim
                       << " is out of range for a parent of rank "
                       << blocked.getRank();
  return success();
}

SmallVector<int64_t>
SliceEncodingAttr::getParentShape(ArrayRef<int64_t> shape) const {
  SmallVector<int64_t> parentShape(shape);
  parentShape.insert(parentShape.begin() + getDim(), 1);
  return parentShape;
}

LogicalResult SliceEncodingAttr::verifyEncoding(
    ArrayRef<int64_t> shape, Type elementType,
    function_ref<InFlightDiagnostic()> emitError) const {
  auto parent = cast<BlockedEncodingAttr>(getParent());
  if (shape.size() + 1 != parent.getRank())
    return emitError() << "#tt.slice of a rank-" << parent.getRank()
                       << " parent types tensors of rank "
                       << parent.getRank() - 1 << ", not " << shape.size();
  return parent.verifyEncoding(getParentShape(shape), elementType, emitError);
}

LogicalResult
MmaEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                        unsigned versionMajor, ArrayRef<unsigned> warpsPerCTA,
                        ArrayRef<unsigned> instrShape) {
  if (versionMajor != 2 && versionMajor != 3)
    return emitError() << "#tt.mma versionMajor must be 2 (mma.sync) or 3 "
                          "(wgmma), got "
                       << versionMajor;
  if (warpsPerCTA.size() != 2 || instrShape.size() != 2)
    return emitError() << "#tt.mma needs two entries (M, N) in warpsPerCTA "
                          "and instrShape; got "
                       << warpsPerCTA.size() << " and " << instrShape.size();
  for (auto [d, value] : llvm::enumerate(warpsPerCTA))
    if (!llvm::isPowerOf2_32(value))
      return emitError() << "warpsPerCTA[" << d << "] = " << value
                         << " is not a positive power of two";
  if (product(warpsPerCTA) > 32)
    return emitError() << "warpsPerCTA " << formatArray(warpsPerCTA)
                       << " has " << product(warpsPerCTA)
                       << " warps; a CUDA block holds at most 32 (1024 "
                          "threads)";
  if (instrShape[0] != 16)
    return emitError() << "#tt.mma instrShape " << formatArray(instrShape)
                       << ": a warp's tile has 16 rows";
  if (versionMajor == 2 && instrShape[1] != 8)
    return emitError() << "#tt.mma version 2 (mma.sync.m16n8) has instrShape "
                          "[16, 8], got "
                       << formatArray(instrShape);
  if (versionMajor == 3) {
    if (!llvm::isPowerOf2_32(instrShape[1]) || instrShape[1] < 8 ||
        instrShape[1] > 256)
      return emitError() << "#tt.mma version 3 (wgmma) needs instrShape[1] a "
                            "power of two from 8 to 256, got "
                         << formatArray(instrShape);
    if (warpsPerCTA[0] % 4 != 0)
      return emitError() << "#tt.mma version 3 runs warpgroups of 4 "
                            "consecutive warps along M, so warpsPerCTA[0] "
                            "must be a multiple of 4, got "
                         << formatArray(warpsPerCTA);
  }
  return success();
}

SmallVector<int64_t> MmaEncodingAttr::getTileShape() const {
  return {int64_t(getInstrShape()[0]) * getWarpsPerCTA()[0],
          int64_t(getInstrShape()[1]) * getWarpsPerCTA()[1]};
}

/// Whether `shape` is static with power-of-two extents (what the index
/// maps of every layout assume); else an error through `emitError`.
static LogicalResult verifyPowerOfTwoShape(
    ArrayRef<int64_t> shape, StringRef what,
    function_ref<InFlightDiagnostic()> emitError) {
  for (auto [d, size] : llvm::enumerate(shape))
    if (ShapedType::isDynamic(size) || size <= 0 ||
        !llvm::isPowerOf2_64(size))
      return emitError() << "dimension " << d << " of a tensor with a " << what
                         << " layout has "
                         << (ShapedType::isDynamic(size)
                                 ? std::string("a dynamic size")
                                 : "size " + std::to_string(size))
                         << "; layouts need static power-of-two shapes";
  return success();
}

LogicalResult MmaEncodingAttr::verifyEncoding(
    ArrayRef<int64_t> shape, Type,
    function_ref<InFlightDiagnostic()> emitError) const {
  if (shape.size() != 2)
    return emitError() << "#tt.mma lays out 2-D accumulators, not a rank-"
                       << shape.size() << " tensor";
  if (failed(verifyPowerOfTwoShape(shape, "#tt.mma", emitError)))
    return failure();
  SmallVector<int64_t> tile = getTileShape();
  if (shape[0] % tile[0] != 0 || shape[1] % tile[1] != 0)
    return emitError() << "a " << shape[0] << "x" << shape[1]
                       << " tensor is not a whole number of #tt.mma tiles of "
                       << tile[0] << "x" << tile[1]
                       << " (instrShape times warpsPerCTA)";
  return success();
}

LogicalResult
DotOperandEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                               unsigned opIdx, Attribute parent,
                               unsigned kWidth) {
  if (opIdx > 1)
    return emitError() << "#tt.dot_operand opIdx must be 0 (the dot's a) or "
                          "1 (its b), got "
                       << opIdx;
  if (auto mma = dyn_cast<MmaEncodingAttr>(parent)) {
    if (mma.getVersionMajor() != 2)
      return emitError() << "#tt.dot_operand of a #tt.mma parent holds "
                            "mma.sync (version 2) fragments; wgmma (version "
                            "3) reads its operands from shared memory";
    if (kWidth != 1 && kWidth != 2 && kWidth != 4)
      return emitError() << "#tt.dot_operand of a #tt.mma parent needs kWidth "
                            "1 (tf32), 2 (16-bit) or 4 (8-bit), got "
                         << kWidth;
    return success();
  }
  auto blocked = dyn_cast<BlockedEncodingAttr>(parent);
  if (!blocked || blocked.getRank() != 2)
    return emitError() << "the parent of a #tt.dot_operand must be the "
                          "rank-2 #tt.blocked or the #tt.mma layout of the "
                          "dot's accumulator, got "
                       << parent;
  if (kWidth != 0)
    return emitError() << "#tt.dot_operand of a #tt.blocked parent (the FMA "
                          "path) has no kWidth, got "
                       << kWidth;
  return success();
}

Attribute DotOperandEncodingAttr::getNonKLayout() const {
  return SliceEncodingAttr::get(getContext(), getKDim(), getParent());
}

LogicalResult DotOperandEncodingAttr::verifyEncoding(
    ArrayRef<int64_t> shape, Type elementType,
    function_ref<InFlightDiagnostic()> emitError) const {
  if (shape.size() != 2)
    return emitError() << "#tt.dot_operand types the 2-D operands of "
                          "tt.dot, not a rank-"
                       << shape.size() << " tensor";
  auto mma = dyn_cast<MmaEncodingAttr>(getParent());
  if (!mma)
    return cast<BlockedEncodingAttr>(getParent())
        .verifyEncoding(shape, elementType, emitError);
  if (failed(verifyPowerOfTwoShape(shape, "#tt.dot_operand", emitError)))
    return failure();
  if (elementType.isIntOrFloat() &&
      elementType.getIntOrFloatBitWidth() * getKWidth() != 32)
    return emitError() << "#tt.dot_operand kWidth " << getKWidth()
                       << " does not pack " << elementType
                       << " elements into 32-bit registers (kWidth = 32 / "
                          "element bits)";
  // The fragment tile of one warp: 16 rows of a (8 columns of b) by one
  // instruction's K, times the warps along the non-K dimension.
  int64_t nonK = getOpIdx() == 0 ? 16 * mma.getWarpsPerCTA()[0]
                                 : 8 * mma.getWarpsPerCTA()[1];
  int64_t k = 8 * getKWidth();
  if (shape[getNonKDim()] % nonK != 0 || shape[getKDim()] % k != 0)
    return emitError() << "a " << shape[0] << "x" << shape[1]
                       << " operand is not a whole number of mma.sync "
                          "fragments of "
                       << (getOpIdx() == 0 ? nonK : k) << "x"
                       << (getOpIdx() == 0 ? k : nonK);
  return success();
}

//===----------------------------------------------------------------------===//
// The index map
//===----------------------------------------------------------------------===//

bool tt::isLayoutEncoding(Attribute attr) {
  return isa_and_present<BlockedEncodingAttr, SliceEncodingAttr,
                         DotOperandEncodingAttr, MmaEncodingAttr>(attr);
}

Attribute tt::getLayoutEncoding(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || !isLayoutEncoding(tensor.getEncoding()))
    return {};
  return tensor.getEncoding();
}

/// The warpsPerCTA of the layout at the root of `layout` (#tt.blocked or
/// #tt.mma).
static ArrayRef<unsigned> getRootWarpsPerCTA(Attribute layout) {
  if (auto slice = dyn_cast<SliceEncodingAttr>(layout))
    return getRootWarpsPerCTA(slice.getParent());
  if (auto dotOperand = dyn_cast<DotOperandEncodingAttr>(layout))
    return getRootWarpsPerCTA(dotOperand.getParent());
  if (auto mma = dyn_cast<MmaEncodingAttr>(layout))
    return mma.getWarpsPerCTA();
  return cast<BlockedEncodingAttr>(layout).getWarpsPerCTA();
}

unsigned tt::getNumWarps(Attribute layout) {
  return product(getRootWarpsPerCTA(layout));
}

unsigned tt::getThreadsPerCTA(Attribute layout) {
  return kThreadsPerWarp * getNumWarps(layout);
}

namespace {
/// A blocked layout over one shape, optionally with one dimension
/// collapsed: the parent side of a slice, where the registers along the
/// sliced dimension (all holding coordinate 0) count once.
struct BlockedMap {
  BlockedEncodingAttr layout;
  SmallVector<int64_t> shape;
  std::optional<unsigned> collapsed;

  /// Distinct registers per dimension from within one tile.
  int64_t sizePerThread(unsigned d) const {
    return collapsed == d ? 1 : layout.getSizePerThread()[d];
  }
  /// Tile repetitions along d (1 when the tile covers the shape).
  int64_t repetitions(unsigned d) const {
    return std::max<int64_t>(1, shape[d] / layout.getTileShape()[d]);
  }
  int64_t registers(unsigned d) const {
    return sizePerThread(d) * repetitions(d);
  }

  /// `value` as a multi-index over `sizes`, order[0] varying fastest.
  SmallVector<int64_t> delinearize(int64_t value,
                                   function_ref<int64_t(unsigned)> sizes) const {
    SmallVector<int64_t> index(layout.getRank(), 0);
    for (unsigned d : layout.getOrder()) {
      index[d] = value % sizes(d);
      value /= sizes(d);
    }
    return index;
  }

  SmallVector<int64_t> elementIndex(unsigned threadId, int64_t reg) const {
    ArrayRef<unsigned> spt = layout.getSizePerThread();
    ArrayRef<unsigned> tpw = layout.getThreadsPerWarp();
    ArrayRef<unsigned> wpc = layout.getWarpsPerCTA();
    int64_t inTile = 1;
    for (unsigned d = 0; d < layout.getRank(); ++d)
      inTile *= sizePerThread(d);
    auto sptOf = [&](unsigned d) { return sizePerThread(d); };
    auto repOf = [&](unsigned d) { return repetitions(d); };
    auto tpwOf = [&](unsigned d) -> int64_t { return tpw[d]; };
    auto wpcOf = [&](unsigned d) -> int64_t { return wpc[d]; };
    SmallVector<int64_t> elem = delinearize(reg % inTile, sptOf);
    SmallVector<int64_t> rep = delinearize(reg / inTile, repOf);
    SmallVector<int64_t> lane = delinearize(threadId % kThreadsPerWarp, tpwOf);
    SmallVector<int64_t> warp = delinearize(threadId / kThreadsPerWarp, wpcOf);
    SmallVector<int64_t> tile = layout.getTileShape();
    SmallVector<int64_t> index;
    for (unsigned d = 0; d < layout.getRank(); ++d) {
      int64_t coord = rep[d] * tile[d] + warp[d] * tpw[d] * spt[d] +
                      lane[d] * spt[d] + elem[d];
      index.push_back(coord % shape[d]);
    }
    return index;
  }
};
} // namespace

/// The blocked map behind `layout` for a `shape` tensor.
static BlockedMap getBlockedMap(Attribute layout, ArrayRef<int64_t> shape) {
  if (auto slice = dyn_cast<SliceEncodingAttr>(layout))
    return {cast<BlockedEncodingAttr>(slice.getParent()),
            slice.getParentShape(shape), slice.getDim()};
  return {cast<BlockedEncodingAttr>(layout), SmallVector<int64_t>(shape),
          std::nullopt};
}

/// A #tt.dot_operand thread holds, for each register of its non-K slice
/// (rows of a, columns of b), all K elements: register r is k = r % K of
/// slice register r / K.
static SmallVector<int64_t>
getDotOperandElemsPerThread(DotOperandEncodingAttr layout,
                            ArrayRef<int64_t> shape) {
  SmallVector<int64_t> registers(2);
  registers[layout.getKDim()] = shape[layout.getKDim()];
  registers[layout.getNonKDim()] = getTotalElemsPerThread(
      layout.getNonKLayout(), {shape[layout.getNonKDim()]});
  return registers;
}

namespace {
/// The index maps of the tensor-core layouts (#tt.mma and the mma.sync
/// operand fragments of #tt.dot_operand), as TTLayouts.td states them.
struct MmaMap {
  MmaEncodingAttr mma;
  SmallVector<int64_t> shape;

  int64_t warpsM() const { return mma.getWarpsPerCTA()[0]; }
  int64_t warpsN() const { return mma.getWarpsPerCTA()[1]; }
  int64_t instrN() const { return mma.getInstrShape()[1]; }

  /// The accumulator: per repetition, instrN / 8 parts of 4 registers.
  SmallVector<int64_t> accumulatorRegisters() const {
    int64_t repsM = shape[0] / (16 * warpsM());
    int64_t repsN = shape[1] / (instrN() * warpsN());
    return {2 * repsM, 2 * (instrN() / 8) * repsN};
  }

  SmallVector<int64_t> accumulatorIndex(unsigned threadId, int64_t reg) const {
    int64_t lane = threadId % kThreadsPerWarp, warp = threadId / kThreadsPerWarp;
    int64_t parts = instrN() / 8;
    int64_t repsN = shape[1] / (instrN() * warpsN());
    int64_t e = reg % 4, j = (reg / 4) % parts, p = reg / (4 * parts);
    int64_t rn = p % repsN, rm = p / repsN;
    int64_t row = rm * 16 * warpsM() + (warp % warpsM()) * 16 + lane / 4 +
                  8 * (e / 2);
    int64_t col = rn * instrN() * warpsN() + (warp / warpsM()) * instrN() +
                  8 * j + 2 * (lane % 4) + e % 2;
    return {row % shape[0], col % shape[1]};
  }

  /// Operand `opIdx` of mma.sync: a (M x K) or b (K x N).
  SmallVector<int64_t> operandRegisters(unsigned opIdx, int64_t kWidth) const {
    int64_t repsK = shape[opIdx == 0 ? 1 : 0] / (8 * kWidth);
    if (opIdx == 0)
      return {2 * (shape[0] / (16 * warpsM())), 2 * kWidth * repsK};
    return {2 * kWidth * repsK, shape[1] / (8 * warpsN())};
  }

  SmallVector<int64_t> operandIndex(unsigned opIdx, int64_t kWidth,
                                    unsigned threadId, int64_t reg) const {
    int64_t lane = threadId % kThreadsPerWarp, warp = threadId / kThreadsPerWarp;
    int64_t kDim = opIdx == 0 ? 1 : 0;
    int64_t repsK = shape[kDim] / (8 * kWidth);
    int64_t e = reg % kWidth;
    int64_t rest = reg / kWidth;
    int64_t h = 0;
    if (opIdx == 0) {
      h = rest % 2;
      rest /= 2;
    }
    int64_t q = rest % 2;
    int64_t p = rest / 2;
    int64_t rk = p % repsK, rNonK = p / repsK;
    int64_t k = rk * 8 * kWidth + q * 4 * kWidth + (lane % 4) * kWidth + e;
    if (opIdx == 0) {
      int64_t row = rNonK * 16 * warpsM() + (warp % warpsM()) * 16 +
                    lane / 4 + 8 * h;
      return {row % shape[0], k % shape[1]};
    }
    int64_t col = rNonK * 8 * warpsN() + (warp / warpsM()) * 8 + lane / 4;
    return {k % shape[0], col % shape[1]};
  }
};
} // namespace

SmallVector<int64_t> tt::getElemsPerThread(Attribute layout,
                                           ArrayRef<int64_t> shape) {
  if (auto mma = dyn_cast<MmaEncodingAttr>(layout))
    return MmaMap{mma, SmallVector<int64_t>(shape)}.accumulatorRegisters();
  if (auto dotOperand = dyn_cast<DotOperandEncodingAttr>(layout)) {
    if (auto mma = dyn_cast<MmaEncodingAttr>(dotOperand.getParent()))
      return MmaMap{mma, SmallVector<int64_t>(shape)}.operandRegisters(
          dotOperand.getOpIdx(), dotOperand.getKWidth());
    return getDotOperandElemsPerThread(dotOperand, shape);
  }
  BlockedMap map = getBlockedMap(layout, shape);
  SmallVector<int64_t> registers;
  for (unsigned d = 0; d < map.layout.getRank(); ++d)
    if (map.collapsed != d)
      registers.push_back(map.registers(d));
  return registers;
}

int64_t tt::getTotalElemsPerThread(Attribute layout, ArrayRef<int64_t> shape) {
  int64_t total = 1;
  for (int64_t registers : getElemsPerThread(layout, shape))
    total *= registers;
  return total;
}

SmallVector<int64_t> tt::getElementIndex(Attribute layout,
                                         ArrayRef<int64_t> shape,
                                         unsigned threadId, int64_t reg) {
  assert(threadId < getThreadsPerCTA(layout) && "thread outside the block");
  assert(reg >= 0 && reg < getTotalElemsPerThread(layout, shape) &&
         "register outside the thread");
  if (auto mma = dyn_cast<MmaEncodingAttr>(layout))
    return MmaMap{mma, SmallVector<int64_t>(shape)}.accumulatorIndex(threadId,
                                                                    reg);
  if (auto dotOperand = dyn_cast<DotOperandEncodingAttr>(layout)) {
    if (auto mma = dyn_cast<MmaEncodingAttr>(dotOperand.getParent()))
      return MmaMap{mma, SmallVector<int64_t>(shape)}.operandIndex(
          dotOperand.getOpIdx(), dotOperand.getKWidth(), threadId, reg);
    int64_t k = shape[dotOperand.getKDim()];
    SmallVector<int64_t> index(2);
    index[dotOperand.getKDim()] = reg % k;
    index[dotOperand.getNonKDim()] =
        getElementIndex(dotOperand.getNonKLayout(),
                        {shape[dotOperand.getNonKDim()]}, threadId, reg / k)
            .front();
    return index;
  }
  BlockedMap map = getBlockedMap(layout, shape);
  SmallVector<int64_t> index = map.elementIndex(threadId, reg);
  if (map.collapsed)
    index.erase(index.begin() + *map.collapsed);
  return index;
}

SmallVector<SmallVector<int64_t>>
tt::getElementIndices(Attribute layout, ArrayRef<int64_t> shape,
                      unsigned threadId) {
  SmallVector<SmallVector<int64_t>> indices;
  for (int64_t reg = 0, e = getTotalElemsPerThread(layout, shape); reg < e;
       ++reg)
    indices.push_back(getElementIndex(layout, shape, threadId, reg));
  return indices;
}

tt::LayoutBases tt::getLayoutBases(Attribute layout, ArrayRef<int64_t> shape) {
  LayoutBases bases;
  bases.shape.assign(shape.begin(), shape.end());
  bases.registerOffsets = getElementIndices(layout, shape, 0);
  for (unsigned bit = 1; bit < kThreadsPerWarp; bit *= 2)
    bases.laneBases.push_back(getElementIndex(layout, shape, bit, 0));
  for (unsigned warp = 1, warps = getNumWarps(layout); warp < warps; warp *= 2)
    bases.warpBases.push_back(
        getElementIndex(layout, shape, warp * kThreadsPerWarp, 0));
  return bases;
}

/// The class of each register of a thread for a value constant over
/// aligned groups of `constancy[d]` elements along every dimension d:
/// registers of one class hold one value in every thread. A blocked or
/// slice layout places register r of a thread at registerOffsets[r] plus
/// the thread's part, whose bits along d are disjoint from the registers'
/// (LayoutBases); then the group along d is the register offset's bits at
/// and above log2(constancy[d]) plus the thread's, so registers whose
/// offsets agree in those bits agree in value. Where the bits are not
/// disjoint only equal offsets (replicas) share a class. Classes are
/// numbered in the order of their first registers; empty when every
/// register is its own.
SmallVector<int64_t> tt::getRegisterClasses(Attribute layout,
                                            ArrayRef<int64_t> shape,
                                            ArrayRef<int64_t> constancy) {
  if (!isa<BlockedEncodingAttr, SliceEncodingAttr>(layout))
    return {};
  LayoutBases bases = getLayoutBases(layout, shape);
  size_t rank = shape.size();
  SmallVector<int64_t> keep(rank, ~int64_t(0));
  for (size_t d = 0; d < rank; ++d) {
    int64_t threadBits = 0, registerBits = 0;
    for (ArrayRef<SmallVector<int64_t>> part : {ArrayRef(bases.laneBases),
                                                ArrayRef(bases.warpBases)})
      for (const SmallVector<int64_t> &base : part)
        threadBits |= base[d];
    for (const SmallVector<int64_t> &offset : bases.registerOffsets)
      registerBits |= offset[d];
    // Constancy is a power of two (TiledAxisInfo).
    if ((threadBits & registerBits) == 0 && constancy[d] > 1)
      keep[d] = ~(constancy[d] - 1);
  }
  std::map<SmallVector<int64_t>, int64_t> classOf;
  SmallVector<int64_t> classes;
  for (const SmallVector<int64_t> &offset : bases.registerOffsets) {
    SmallVector<int64_t> key;
    for (size_t d = 0; d < rank; ++d)
      key.push_back(offset[d] & keep[d]);
    auto [it, inserted] = classOf.try_emplace(key, classOf.size());
    classes.push_back(it->second);
  }
  if (classOf.size() == classes.size())
    return {};
  return classes;
}

Attribute tt::getTransposedLayout(Attribute layout) {
  auto blocked = dyn_cast_if_present<BlockedEncodingAttr>(layout);
  if (!blocked || blocked.getRank() != 2)
    return {};
  auto swap = [](ArrayRef<unsigned> a) {
    return SmallVector<unsigned>{a[1], a[0]};
  };
  SmallVector<unsigned> order = {1 - blocked.getOrder()[0],
                                 1 - blocked.getOrder()[1]};
  return BlockedEncodingAttr::get(
      blocked.getContext(), swap(blocked.getSizePerThread()),
      swap(blocked.getThreadsPerWarp()), swap(blocked.getWarpsPerCTA()), order);
}

SmallVector<int64_t> tt::getSliceParentIndex(Attribute slice,
                                             ArrayRef<int64_t> index) {
  SmallVector<int64_t> parentIndex(index);
  parentIndex.insert(parentIndex.begin() + cast<SliceEncodingAttr>(slice).getDim(),
                     0);
  return parentIndex;
}

//===----------------------------------------------------------------------===//
// Shared-memory scratch slots
//===----------------------------------------------------------------------===//

/// A row of 32 banks of 4 bytes: shorter rows cannot put a column's lanes
/// on one bank.
static constexpr int64_t kMinPaddedRow = 32;

int64_t tt::getScratchPadInterval(ArrayRef<int64_t> srcShape,
                                  ArrayRef<int64_t> dstShape) {
  if (srcShape.empty() || dstShape.empty() ||
      (srcShape.size() < 2 && dstShape.size() < 2))
    return 0;
  int64_t interval = std::min(srcShape.back(), dstShape.back());
  if (interval < kMinPaddedRow || !llvm::has_single_bit(uint64_t(interval)))
    return 0;
  return interval;
}

int64_t tt::getScratchSlot(int64_t index, int64_t padInterval) {
  return padInterval ? index + index / padInterval : index;
}

int64_t tt::getScratchSlots(ArrayRef<int64_t> srcShape,
                            ArrayRef<int64_t> dstShape) {
  int64_t elements = 1;
  for (int64_t extent : srcShape)
    elements *= extent;
  return getScratchSlot(elements, getScratchPadInterval(srcShape, dstShape));
}

namespace {
/// One side of an exchange: a layout and the strides that give the scratch
/// index of each element it holds.
struct ExchangeSide {
  const tt::LayoutBases &bases;
  ArrayRef<int64_t> strides;

  int64_t index(ArrayRef<int64_t> coords) const {
    int64_t linear = 0;
    for (auto [c, s] : llvm::zip_equal(coords, strides))
      linear += c * s;
    return linear;
  }
  int64_t registerIndex(size_t r) const {
    return index(bases.registerOffsets[r]);
  }
  /// The scratch index of lane `lane`'s thread part (warp 0: other warps
  /// shift every lane alike, which moves no access between banks).
  int64_t laneIndex(unsigned lane) const {
    int64_t linear = 0;
    for (auto [bit, base] : llvm::enumerate(bases.laneBases))
      if (lane >> bit & 1)
        linear += index(base);
    return linear;
  }
};
} // namespace

/// The widest power of two W <= maxWidth such that the side's registers go
/// in runs of W consecutive registers holding W consecutive, W-aligned
/// scratch indices in every thread; 1 when none.
static int64_t getAccessWidth(const ExchangeSide &side, int64_t maxWidth) {
  size_t registers = side.bases.registerOffsets.size();
  auto threadAligned = [&](int64_t width) {
    for (const auto *bases : {&side.bases.laneBases, &side.bases.warpBases})
      for (const SmallVector<int64_t> &base : *bases)
        if (side.index(base) % width)
          return false;
    return true;
  };
  for (int64_t width = maxWidth; width > 1; width /= 2) {
    if (registers % width || !threadAligned(width))
      continue;
    bool runs = true;
    for (size_t r = 0; runs && r < registers; r += width) {
      int64_t first = side.registerIndex(r);
      runs = first % width == 0;
      for (int64_t j = 1; runs && j < width; ++j)
        runs = side.registerIndex(r + j) == first + j;
    }
    if (runs)
      return width;
  }
  return 1;
}

/// Shared-memory wavefronts of one warp's access of `bytes` per lane at
/// the byte addresses `addresses`: a 16-byte access is served 8 lanes at a
/// time, an 8-byte one 16, narrower ones 32; within each group, a bank
/// serves one 4-byte word per wavefront (lanes reading one word share it).
static int64_t getWavefronts(ArrayRef<int64_t> addresses, int64_t bytes) {
  int64_t group = bytes >= 16 ? 8 : bytes == 8 ? 16 : 32;
  int64_t wavefronts = 0;
  for (size_t first = 0; first < addresses.size(); first += group) {
    std::map<int64_t, std::set<int64_t>> wordsOfBank;
    for (size_t l = first; l < first + group && l < addresses.size(); ++l)
      for (int64_t word = addresses[l] / 4;
           word <= (addresses[l] + bytes - 1) / 4; ++word)
        wordsOfBank[word % 32].insert(word);
    int64_t most = 1;
    for (const auto &[bank, words] : wordsOfBank)
      most = std::max<int64_t>(most, words.size());
    wavefronts += most;
  }
  return wavefronts;
}

/// Wavefronts one warp spends on its side of the exchange under `plan`.
static int64_t getExchangeCost(const ExchangeSide &side,
                               const tt::ScratchPlan &plan, int64_t width,
                               int64_t elementBytes) {
  SmallVector<int64_t> addresses;
  for (unsigned lane = 0; lane < tt::kThreadsPerWarp; ++lane)
    addresses.push_back(plan.getSlot(side.laneIndex(lane)) * elementBytes);
  int64_t accesses =
      static_cast<int64_t>(side.bases.registerOffsets.size()) / width;
  return accesses * getWavefronts(addresses, width * elementBytes);
}

/// The scratch-index bit of every nonzero lane and warp basis and register
/// of `side`, if each basis is one bit, no two share one and registers use
/// none of them: then the index of a thread's register is the XOR of its
/// thread part and its register part, which a linear swizzle keeps.
static std::optional<SmallVector<int64_t>>
getLaneBits(const ExchangeSide &side) {
  int64_t threadBits = 0;
  SmallVector<int64_t> lanes;
  for (const auto *bases : {&side.bases.laneBases, &side.bases.warpBases})
    for (const SmallVector<int64_t> &base : *bases) {
      int64_t index = side.index(base);
      if (index < 0 || (index && !llvm::isPowerOf2_64(index)) ||
          (index & threadBits))
        return std::nullopt;
      threadBits |= index;
      if (bases == &side.bases.laneBases && index)
        lanes.push_back(llvm::Log2_64(index));
    }
  for (size_t r = 0; r < side.bases.registerOffsets.size(); ++r)
    if (side.registerIndex(r) < 0 || side.registerIndex(r) & threadBits)
      return std::nullopt;
  return lanes;
}

/// Whether the banks of those of `bits` that have one (index bits of
/// lanes; below 5 a bit is its own bank bit, above it takes `masks[bit]`
/// once assigned) are linearly independent.
static bool banksIndependent(ArrayRef<int64_t> bits,
                             const std::map<int64_t, int64_t> &masks) {
  SmallVector<int64_t> rows;
  for (int64_t bit : bits) {
    if (bit >= 5 && !masks.count(bit))
      continue;
    int64_t bank = bit < 5 ? int64_t(1) << bit : masks.at(bit);
    for (int64_t row : rows)
      bank = std::min(bank, bank ^ row);
    if (!bank)
      return false;
    rows.push_back(bank);
  }
  return true;
}

/// An XOR swizzle of 4-byte slots under which both sides' scalar accesses
/// are conflict-free: a 5-bit bank mask for each lane bit above the bank
/// bits such that, on each side, the 32 lanes' banks are distinct. Depth
/// first over the masks, smallest first (0: that bit unswizzled).
static std::optional<tt::ScratchPlan>
getSwizzledPlan(const ExchangeSide &write, const ExchangeSide &read) {
  std::optional<SmallVector<int64_t>> writeBits = getLaneBits(write),
                                      readBits = getLaneBits(read);
  if (!writeBits || !readBits)
    return std::nullopt;
  SmallVector<int64_t> high;
  for (ArrayRef<int64_t> bits : {ArrayRef(*writeBits), ArrayRef(*readBits)})
    for (int64_t bit : bits)
      if (bit >= 5 && !llvm::is_contained(high, bit))
        high.push_back(bit);
  llvm::sort(high);
  std::map<int64_t, int64_t> masks;
  // Each side's lanes assigned so far must have independent banks.
  auto consistent = [&]() {
    return banksIndependent(*writeBits, masks) &&
           banksIndependent(*readBits, masks);
  };
  int64_t budget = 1 << 16;
  std::function<bool(size_t)> assign = [&](size_t i) {
    if (i == high.size())
      return consistent();
    for (int64_t mask = 0; mask < 32 && budget-- > 0; ++mask) {
      masks[high[i]] = mask;
      if (consistent() && assign(i + 1))
        return true;
    }
    masks.erase(high[i]);
    return false;
  };
  if (!assign(0))
    return std::nullopt;
  tt::ScratchPlan plan;
  for (auto [bit, mask] : masks)
    if (mask)
      plan.swizzle.emplace_back(bit, mask);
  return plan;
}

tt::ScratchPlan tt::getScratchPlan(const LayoutBases &src,
                                   ArrayRef<int64_t> writeStrides,
                                   const LayoutBases &dst,
                                   ArrayRef<int64_t> readStrides,
                                   int64_t padInterval, int64_t elementBytes,
                                   bool vectorize) {
  ScratchPlan scalar;
  scalar.padInterval = padInterval;
  if (!vectorize || elementBytes <= 0 || elementBytes >= 16)
    return scalar;
  ExchangeSide write{src, writeStrides}, read{dst, readStrides};
  auto cost = [&](const ScratchPlan &plan) {
    return getExchangeCost(write, plan, plan.writeWidth, elementBytes) +
           getExchangeCost(read, plan, plan.readWidth, elementBytes);
  };
  SmallVector<ScratchPlan> candidates = {scalar};
  int64_t maxWidth = 16 / elementBytes;
  ScratchPlan unpadded;
  unpadded.writeWidth = getAccessWidth(write, maxWidth);
  unpadded.readWidth = getAccessWidth(read, maxWidth);
  candidates.push_back(unpadded);
  if (padInterval) {
    // Runs no longer than P never cross a pad; a pad of the wider run keeps
    // every run aligned.
    int64_t limit = std::min(maxWidth, padInterval);
    ScratchPlan padded;
    padded.padInterval = padInterval;
    padded.writeWidth = getAccessWidth(write, limit);
    padded.readWidth = getAccessWidth(read, limit);
    padded.padUnit = std::max(padded.writeWidth, padded.readWidth);
    candidates.push_back(padded);
  }
  if (elementBytes == 4)
    if (std::optional<ScratchPlan> swizzled = getSwizzledPlan(write, read))
      candidates.push_back(*swizzled);
  // The first of the cheapest: ties keep the scalar rule.
  ScratchPlan best = scalar;
  int64_t bestCost = cost(scalar);
  for (const ScratchPlan &plan : llvm::drop_begin(candidates)) {
    int64_t planCost = cost(plan);
    if (planCost < bestCost) {
      best = plan;
      bestCost = planCost;
    }
  }
  return best;
}

//===----------------------------------------------------------------------===//
// The kernel's warp count
//===----------------------------------------------------------------------===//

int64_t tt::getKernelNumWarps(FuncOp kernel) {
  if (std::optional<uint32_t> warps = kernel.getNumWarps())
    return static_cast<int32_t>(*warps);
  return llvm::divideCeil(kernel.getBlockSize(), kThreadsPerWarp);
}

LogicalResult tt::verifyKernelLayouts(FuncOp kernel) {
  int64_t warps = getKernelNumWarps(kernel);
  auto check = [&](Value value, Operation *at, StringRef what,
                   unsigned number) -> LogicalResult {
    Attribute layout = getLayoutEncoding(value.getType());
    if (!layout || getNumWarps(layout) == warps)
      return success();
    InFlightDiagnostic diag = at->emitOpError();
    diag << what << " #" << number << " is laid out over "
         << getNumWarps(layout) << " warps (warpsPerCTA "
         << formatArray(getRootWarpsPerCTA(layout))
         << "), but the kernel has " << warps << " warps (";
    if (kernel.getNumWarps())
      diag << "num_warps = " << warps << ")";
    else
      diag << "block_size " << kernel.getBlockSize() << " without num_warps)";
    return diag;
  };
  WalkResult result = kernel.getBody().walk([&](Operation *op) {
    for (OpResult value : op->getResults())
      if (failed(check(value, op, "result", value.getResultNumber())))
        return WalkResult::interrupt();
    for (Region &region : op->getRegions())
      for (BlockArgument arg : region.getArguments())
        if (failed(check(arg, op, "region argument", arg.getArgNumber())))
          return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

//===----------------------------------------------------------------------===//
// ConvertLayoutOp
//===----------------------------------------------------------------------===//

LogicalResult ConvertLayoutOp::verify() {
  for (auto [what, type] : {std::pair<StringRef, Type>{"operand", getSrc().getType()},
                            {"result", getType()}})
    if (!getLayoutEncoding(type))
      return emitOpError() << what << " type " << type
                           << " has no layout encoding; convert_layout moves "
                              "a value between layouts (#tt.blocked, "
                              "#tt.slice)";
  return success();
}

OpFoldResult ConvertLayoutOp::fold(FoldAdaptor adaptor) {
  // convert x : T -> T is x.
  if (getSrc().getType() == getType())
    return getSrc();
  // A constant's values do not depend on who holds them.
  if (auto constant = dyn_cast_if_present<DenseElementsAttr>(adaptor.getSrc()))
    return constant.reshape(cast<ShapedType>(getType()));
  // convert(convert x) converts x once, or is x when it returns to x's type.
  if (auto inner = getSrc().getDefiningOp<ConvertLayoutOp>()) {
    if (inner.getSrc().getType() == getType())
      return inner.getSrc();
    getSrcMutable().assign(inner.getSrc());
    return getResult();
  }
  return {};
}
