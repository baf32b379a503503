//===- TTSharedMemory.cpp - #tt.shared, !tt.memdesc and their ops ---------===//
//
// Parsing, printing and verification of the shared-memory tiles of the
// tensor-core path (TTSharedMemoryOps.td). Messages say which rule a tile
// breaks in terms of the hardware reason: wgmma reads tiles through
// descriptors that assume 1024-byte aligned, swizzled pieces.
//
//===----------------------------------------------------------------------===//

#include "MyTriton/Dialect/TT/IR/Layouts.h"
#include "MyTriton/Dialect/TT/IR/TTDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::mytriton;
using namespace mlir::mytriton::tt;

//===----------------------------------------------------------------------===//
// #tt.shared
//===----------------------------------------------------------------------===//

Attribute SharedEncodingAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  DictionaryAttr dict;
  if (parser.parseLess() || parser.parseAttribute(dict) ||
      parser.parseGreater())
    return {};
  auto swizzle = dyn_cast_if_present<IntegerAttr>(dict.get("swizzle"));
  auto order = dyn_cast_if_present<ArrayAttr>(dict.get("order"));
  if (!swizzle || !order || dict.size() != 2) {
    parser.emitError(loc) << "#tt.shared takes exactly 'swizzle' (an "
                             "integer) and 'order' (an array), got "
                          << dict;
    return {};
  }
  SmallVector<unsigned> dims;
  for (Attribute element : order) {
    auto integer = dyn_cast<IntegerAttr>(element);
    if (!integer || integer.getValue().isNegative() ||
        !integer.getValue().isIntN(32)) {
      parser.emitError(loc) << "'order' must hold dimension numbers, got "
                            << order;
      return {};
    }
    dims.push_back(integer.getValue().getZExtValue());
  }
  if (swizzle.getValue().isNegative() || !swizzle.getValue().isIntN(32)) {
    parser.emitError(loc) << "'swizzle' must be 32, 64 or 128, got "
                          << swizzle;
    return {};
  }
  return SharedEncodingAttr::getChecked(
      [&] { return parser.emitError(loc); }, parser.getContext(),
      static_cast<unsigned>(swizzle.getValue().getZExtValue()),
      ArrayRef<unsigned>(dims));
}

void SharedEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{swizzle = " << getSwizzle() << ", order = [";
  llvm::interleaveComma(getOrder(), printer);
  printer << "]}>";
}

LogicalResult
SharedEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                           unsigned swizzle, ArrayRef<unsigned> order) {
  if (swizzle != 32 && swizzle != 64 && swizzle != 128)
    return emitError() << "#tt.shared swizzle must be 32, 64 or 128 bytes "
                          "(wgmma's swizzle modes), got "
                       << swizzle;
  if (order.size() != 2 || !((order[0] == 0 && order[1] == 1) ||
                             (order[0] == 1 && order[1] == 0)))
    return emitError() << "#tt.shared order must be [1, 0] or [0, 1] (the "
                          "tile's contiguous dimension first)";
  return success();
}

//===----------------------------------------------------------------------===//
// !tt.memdesc
//===----------------------------------------------------------------------===//

Type MemDescType::parse(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<int64_t> shape;
  Type element;
  Attribute encoding;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/false) ||
      parser.parseType(element) || parser.parseComma() ||
      parser.parseAttribute(encoding))
    return {};
  bool isMutable = false;
  if (succeeded(parser.parseOptionalComma())) {
    if (parser.parseKeyword("mutable"))
      return {};
    isMutable = true;
  }
  if (parser.parseGreater())
    return {};
  return MemDescType::getChecked([&] { return parser.emitError(loc); },
                                 parser.getContext(), ArrayRef<int64_t>(shape),
                                 element, encoding, isMutable);
}

void MemDescType::print(AsmPrinter &printer) const {
  printer << "<";
  for (int64_t extent : getShape())
    printer << extent << "x";
  printer << getElementType() << ", ";
  printer.printAttribute(getEncoding());
  if (getMutableMemory())
    printer << ", mutable";
  printer << ">";
}

LogicalResult MemDescType::verify(function_ref<InFlightDiagnostic()> emitError,
                                  ArrayRef<int64_t> shape, Type elementType,
                                  Attribute encoding, bool) {
  auto shared = dyn_cast<SharedEncodingAttr>(encoding);
  if (!shared)
    return emitError() << "!tt.memdesc needs a #tt.shared encoding, got "
                       << encoding;
  if (shape.size() != 2 && shape.size() != 3)
    return emitError() << "!tt.memdesc is a 2-D tile or a 3-D stack of "
                          "tiles, not rank "
                       << shape.size();
  if (shape.size() == 3 && shape[0] <= 0)
    return emitError() << "a stack of " << shape[0] << " tiles is empty";
  for (int64_t extent : shape.take_back(2))
    if (extent <= 0 || !llvm::isPowerOf2_64(extent))
      return emitError() << "!tt.memdesc tile extents must be powers of two, "
                            "got "
                         << extent;
  if (!elementType.isIntOrFloat() ||
      !llvm::is_contained({8u, 16u, 32u}, elementType.getIntOrFloatBitWidth()))
    return emitError() << "!tt.memdesc holds 8-, 16- or 32-bit elements, not "
                       << elementType;
  ArrayRef<int64_t> tile = shape.take_back(2);
  int64_t bytes = elementType.getIntOrFloatBitWidth() / 8;
  int64_t rowBytes = tile[shared.getContiguousDim()] * bytes;
  int64_t rows = tile[shared.getStridedDim()];
  if (rowBytes % shared.getSwizzle() != 0)
    return emitError() << "a tile whose contiguous dimension holds "
                       << rowBytes << " bytes cannot be cut into "
                       << shared.getSwizzle() << "-byte swizzled pieces";
  if (rows * shared.getSwizzle() % 1024 != 0)
    return emitError() << "a tile of " << rows << " rows of "
                       << shared.getSwizzle()
                       << "-byte pieces does not keep every piece 1024-byte "
                          "aligned (needs rows * swizzle to be a multiple of "
                          "1024)";
  return success();
}

int64_t MemDescType::getNumElements() const {
  int64_t elements = 1;
  for (int64_t extent : getShape())
    elements *= extent;
  return elements;
}

MemDescType MemDescType::getTileType() const {
  return MemDescType::get(getContext(), getShape().drop_front(),
                          getElementType(), getEncoding(), getMutableMemory());
}

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

static std::string describe(ArrayRef<int64_t> shape) {
  std::string s = "[";
  llvm::raw_string_ostream os(s);
  llvm::interleaveComma(shape, os);
  os << "]";
  return s;
}

/// Whether `tensor` and `memdesc` (a 2-D tile) have one shape and element
/// type; else an error at `op` naming `what`.
static LogicalResult verifySameTile(Operation *op, RankedTensorType tensor,
                                    MemDescType memdesc, StringRef what) {
  if (memdesc.getRank() != 2)
    return op->emitOpError() << what << " a 2-D tile, not the stack "
                             << describe(memdesc.getShape())
                             << " (index it with tt.memdesc_index)";
  if (tensor.getShape() != memdesc.getShape() ||
      tensor.getElementType() != memdesc.getElementType())
    return op->emitOpError()
           << "tensor " << describe(tensor.getShape()) << " of "
           << tensor.getElementType() << " and tile "
           << describe(memdesc.getShape()) << " of "
           << memdesc.getElementType() << " differ";
  return success();
}

LogicalResult LocalAllocOp::verify() {
  MemDescType result = getResult().getType();
  if (!getSrc()) {
    if (!result.getMutableMemory())
      return emitOpError() << "without an operand allocates a buffer to "
                              "fill, so its memdesc must be mutable";
    return success();
  }
  auto src = cast<RankedTensorType>(getSrc().getType());
  if (result.getMutableMemory())
    return emitOpError() << "of a tensor makes an immutable tile; drop "
                            "'mutable'";
  if (!getLayoutEncoding(src))
    return emitOpError() << "stores " << src
                         << " from registers, so it needs a layout encoding "
                            "(tt-assign-layouts gives it)";
  return verifySameTile(*this, src, result, "stores a tensor into");
}

LogicalResult LocalLoadOp::verify() {
  if (!getLayoutEncoding(getResult().getType()))
    return emitOpError() << "reads into registers, so its result needs a "
                            "layout encoding";
  return verifySameTile(*this, getResult().getType(), getSrc().getType(),
                        "reads");
}

LogicalResult LocalStoreOp::verify() {
  if (!getDst().getType().getMutableMemory())
    return emitOpError() << "writes a tile, which must be mutable";
  if (!getLayoutEncoding(getSrc().getType()))
    return emitOpError() << "stores from registers, so its operand needs a "
                            "layout encoding";
  return verifySameTile(*this, getSrc().getType(), getDst().getType(),
                        "writes");
}

LogicalResult MemDescIndexOp::verify() {
  MemDescType src = getSrc().getType();
  if (src.getRank() != 3)
    return emitOpError() << "indexes a 3-D stack of tiles, not "
                         << describe(src.getShape());
  if (getResult().getType() != src.getTileType())
    return emitOpError() << "of " << src << " gives " << src.getTileType()
                         << ", not " << getResult().getType();
  return success();
}

LogicalResult AsyncCopyGlobalToLocalOp::verify() {
  auto ptr = cast<RankedTensorType>(getPtr().getType());
  MemDescType dst = getDst().getType();
  auto pointer = dyn_cast<PointerType>(ptr.getElementType());
  if (!pointer)
    return emitOpError() << "copies from a tensor of pointers, not " << ptr;
  if (!dst.getMutableMemory())
    return emitOpError() << "writes a tile, which must be mutable";
  if (!getLayoutEncoding(ptr))
    return emitOpError() << "needs its pointers in a layout encoding (each "
                            "thread copies its own elements)";
  auto loaded = RankedTensorType::get(ptr.getShape(), pointer.getPointeeType(),
                                      ptr.getEncoding());
  if (failed(verifySameTile(*this, loaded, dst, "copies into")))
    return failure();
  if (getMask() && getMask().getType() != getMaskTypeFor(ptr))
    return emitOpError() << "mask must be " << getMaskTypeFor(ptr)
                         << ", got " << getMask().getType();
  if (getOther() && getOther().getType() != loaded)
    return emitOpError() << "other must be " << loaded << ", got "
                         << getOther().getType();
  if (getOther() && !getMask())
    return emitOpError() << "has 'other' but no mask";
  return success();
}

LogicalResult AsyncTMACopyGlobalToLocalOp::verify() {
  MemDescType dst = getDst().getType();
  if (dst.getRank() != 2)
    return emitOpError() << "copies into a 2-D tile, not a stack of them";
  if (!dst.getMutableMemory())
    return emitOpError() << "writes a tile, which must be mutable";
  if (getCoords().size() != 2)
    return emitOpError() << "needs 2 coordinates, one per dimension of the "
                            "tile, got "
                         << getCoords().size();
  // TMA writes a box's innermost (contiguous) dimension contiguously.
  auto shared = cast<SharedEncodingAttr>(dst.getEncoding());
  if (shared.getContiguousDim() != 1)
    return emitOpError() << "copies boxes whose last dimension is "
                            "contiguous; the tile's contiguous dimension is "
                         << shared.getContiguousDim();
  // A box is at most 256 elements along each dimension.
  int64_t pieceElements = shared.getSwizzle() * 8 /
                          dst.getElementType().getIntOrFloatBitWidth();
  if (dst.getShape()[0] > 256 || pieceElements > 256)
    return emitOpError() << "copies boxes of at most 256 rows; the tile has "
                         << dst.getShape()[0];
  return success();
}

LogicalResult MBarriersType::verify(function_ref<InFlightDiagnostic()> emitError,
                                    int64_t count) {
  if (count <= 0)
    return emitError() << "a stack of " << count << " mbarriers is empty";
  return success();
}

LogicalResult AsyncWaitOp::verify() {
  if (static_cast<int32_t>(getNum()) < 0)
    return emitOpError() << "num (groups left in flight) must be >= 0";
  return success();
}

LogicalResult WarpGroupDotOp::verify() {
  MemDescType a = getA().getType(), b = getB().getType();
  auto c = cast<RankedTensorType>(getC().getType());
  if (a.getRank() != 2 || b.getRank() != 2 || c.getRank() != 2)
    return emitOpError() << "multiplies 2-D tiles";
  int64_t m = a.getShape()[0], k = a.getShape()[1], n = b.getShape()[1];
  if (b.getShape()[0] != k || c.getDimSize(0) != m || c.getDimSize(1) != n)
    return emitOpError() << "a " << describe(a.getShape()) << " times b "
                         << describe(b.getShape()) << " is not "
                         << describe(c.getShape());
  auto mma = dyn_cast_if_present<MmaEncodingAttr>(c.getEncoding());
  if (!mma || mma.getVersionMajor() != 3)
    return emitOpError() << "accumulates in an #tt.mma version 3 (wgmma) "
                            "layout, not "
                         << c;
  Type operand = a.getElementType(), acc = c.getElementType();
  if (b.getElementType() != operand)
    return emitOpError() << "operands have different element types: "
                         << operand << " and " << b.getElementType();
  bool sixteen = operand.isF16() || operand.isBF16();
  bool pair = (operand.isF16() && (acc.isF32() || acc.isF16())) ||
              (operand.isBF16() && acc.isF32()) ||
              (operand.isF32() && acc.isF32()) ||
              (operand.isInteger(8) && acc.isInteger(32));
  if (!pair)
    return emitOpError() << "wgmma does not multiply " << operand << " x "
                         << operand << " -> " << acc
                         << "; it takes f16 -> f32/f16, bf16 -> f32, f32 "
                            "(tf32) -> f32 and i8 -> i32";
  if (operand.isF32() && getInputPrecision() != InputPrecision::TF32)
    return emitOpError() << "multiplies f32 tiles as tf32; input precision "
                         << stringifyInputPrecision(getInputPrecision())
                         << " needs the FMA path (tt.dot)";
  auto aShared = cast<SharedEncodingAttr>(a.getEncoding());
  auto bShared = cast<SharedEncodingAttr>(b.getEncoding());
  if (!sixteen &&
      (aShared.getContiguousDim() != 1 || bShared.getContiguousDim() != 0))
    return emitOpError() << "reads " << operand
                         << " tiles K-contiguous only (wgmma transposes "
                            "16-bit tiles only): a needs order [1, 0] and b "
                            "order [0, 1]";
  int64_t instrK = 256 / operand.getIntOrFloatBitWidth();
  if (k % instrK != 0 || m % 64 != 0)
    return emitOpError() << "needs M a multiple of 64 and K a multiple of "
                         << instrK << " (one wgmma of " << operand
                         << "), got M = " << m << ", K = " << k;
  return success();
}
