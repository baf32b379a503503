//===- MmaLayouts.cpp - Which tt.dot runs on tensor cores, and how --------===//
//
// tt-assign-layouts asks here whether a dot gets an #tt.mma accumulator
// (Passes.td, docs/GPULowering.md#tensor-cores). The rule follows what
// mma.sync computes exactly as tt.dot's semantics ask: 16-bit float
// operands accumulating in f32 or f16, f32 operands when tf32 products are
// allowed (input precision tf32), i8 operands accumulating in i32; every
// other dot stays on the FMA path, which is exact in f32.
//
//===----------------------------------------------------------------------===//

#include "TiledLayouts.h"

#include "MyTriton/Analysis/TiledAxisInfo.h"
#include "MyTriton/Dialect/TT/IR/Layouts.h"
#include "MyTriton/Dialect/TT/IR/TTDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace mlir::mytriton;
using namespace mlir::mytriton::tt;

/// Whether mma.sync multiplies `operand` tiles into `accumulator` as the
/// dot asks.
static bool isMmaTypePair(DotOp dot, Type operand, Type accumulator) {
  if (operand.isF16())
    return accumulator.isF32() || accumulator.isF16();
  if (operand.isBF16())
    return accumulator.isF32();
  if (operand.isF32())
    return accumulator.isF32() &&
           dot.getInputPrecision() == InputPrecision::TF32;
  if (operand.isInteger(8))
    return accumulator.isInteger(32);
  return false;
}

/// Triton's warp split for mma.sync (warpsPerTileV2): double the warps
/// along M while the tile has more 16-row blocks per warp than 16-column
/// blocks per warp (and rows remain), else along N.
static SmallVector<unsigned> getMmaV2Warps(ArrayRef<int64_t> shape,
                                           unsigned numWarps) {
  SmallVector<unsigned> warps = {1, 1};
  while (warps[0] * warps[1] < numWarps) {
    if (shape[0] / 16 / warps[0] >= shape[1] / 16 / warps[1]) {
      if (warps[0] < shape[0] / 16)
        warps[0] *= 2;
      else
        warps[1] *= 2;
    } else {
      warps[1] *= 2;
    }
  }
  return warps;
}

SharedEncodingAttr tt::chooseSharedEncoding(MLIRContext *context,
                                            ArrayRef<int64_t> tile,
                                            Type element,
                                            unsigned contiguousDim) {
  int64_t rowBytes = tile[contiguousDim] * element.getIntOrFloatBitWidth() / 8;
  int64_t rows = tile[1 - contiguousDim];
  int64_t swizzle = std::min<int64_t>(128, rowBytes);
  if (swizzle < 32 || rows * swizzle % 1024 != 0)
    return {};
  SmallVector<unsigned> order = {contiguousDim, 1 - contiguousDim};
  return SharedEncodingAttr::get(context, swizzle, order);
}

/// The order (contiguous dimension) wgmma needs b's tile in: N for 16-bit
/// operands (wgmma transposes them), K otherwise.
static unsigned getHopperBContiguousDim(Type operand) {
  return operand.getIntOrFloatBitWidth() == 16 ? 1 : 0;
}

/// Whether `operand`, where a tt.load reads it, can be copied into a tile
/// whose `contiguousDim` is contiguous 16 bytes at a time: its pointers run
/// over 16 bytes along that dimension. tt-pipeline stages wgmma's tiles
/// with cp.async, which copies 4, 8 or 16 contiguous bytes; a tile whose
/// elements lie apart along the dimension wgmma needs contiguous (b of a
/// tf32 or i8 dot read from a row-major matrix: wgmma transposes 16-bit
/// tiles only) goes element by element. mma.sync, which reads its operands
/// from shared memory into registers in any order, runs such a dot faster:
/// tutorial 03 in tf32, 122 TFLOP/s against wgmma's 95-98 on the H200
/// (docs/performance.md). An operand computed in registers is stored into
/// its tile either way.
static bool isCopiedWhole(Value operand, unsigned contiguousDim,
                          const TiledAxisInfo &axisInfo) {
  auto load = operand.getDefiningOp<LoadOp>();
  if (!load)
    return true;
  auto type = cast<RankedTensorType>(operand.getType());
  AxisInfo info = axisInfo.get(load.getPtr());
  if (info.contiguity.size() != 2)
    return false;
  return info.contiguity[contiguousDim] *
             type.getElementType().getIntOrFloatBitWidth() >=
         16 * 8;
}

/// Triton's warpgroup split (warpsPerTileV3): warpgroups along M while its
/// rows need more warps of 16 rows, else along N; then the largest
/// instruction N up to 256 that one warp column covers.
static MmaEncodingAttr getMmaV3Layout(DotOp dot, ArrayRef<int64_t> shape,
                                      unsigned numWarps) {
  if (numWarps % 4 != 0)
    return {};
  SmallVector<unsigned> warps = {4, 1};
  while (warps[0] * warps[1] < numWarps) {
    if (shape[0] > 16 * warps[0])
      warps[0] *= 2;
    else
      warps[1] *= 2;
  }
  int64_t instrN = std::min<int64_t>(256, shape[1] / warps[1]);
  if (instrN < 8 || shape[0] % (16 * warps[0]) != 0)
    return {};
  return MmaEncodingAttr::get(dot.getContext(), 3, warps,
                              {16, static_cast<unsigned>(instrN)});
}

MmaEncodingAttr tt::chooseMmaLayout(DotOp dot, unsigned numWarps,
                                    unsigned computeCapability,
                                    bool useWgmma,
                                    const TiledAxisInfo &axisInfo) {
  if (computeCapability < 80)
    return {};
  auto a = cast<RankedTensorType>(dot.getA().getType());
  auto b = cast<RankedTensorType>(dot.getB().getType());
  auto c = cast<RankedTensorType>(dot.getC().getType());
  Type operand = a.getElementType();
  if (!isMmaTypePair(dot, operand, c.getElementType()))
    return {};
  int64_t m = c.getDimSize(0), n = c.getDimSize(1), k = a.getDimSize(1);
  // One instruction covers 32 bits of K per register: 16 halves, 8 tf32,
  // 32 bytes.
  int64_t instrK = 256 / operand.getIntOrFloatBitWidth();
  if (k % instrK != 0)
    return {};
  // Hopper: wgmma from shared memory, when both tiles have a layout its
  // descriptors read (MmaLayouts.h) and copies fill them 16 bytes at a time.
  unsigned bContiguousDim = getHopperBContiguousDim(operand);
  if (computeCapability == 90 && useWgmma)
    if (MmaEncodingAttr mma = getMmaV3Layout(dot, {m, n}, numWarps))
      if (chooseSharedEncoding(dot.getContext(), a.getShape(), operand, 1) &&
          chooseSharedEncoding(dot.getContext(), b.getShape(), operand,
                               bContiguousDim) &&
          isCopiedWhole(dot.getA(), 1, axisInfo) &&
          isCopiedWhole(dot.getB(), bContiguousDim, axisInfo))
        return mma;
  SmallVector<unsigned> warps = getMmaV2Warps({m, n}, numWarps);
  if (m % (16 * warps[0]) != 0 || n % (8 * warps[1]) != 0)
    return {};
  return MmaEncodingAttr::get(dot.getContext(), 2, warps, {16, 8});
}

LogicalResult tt::rewriteAsWarpGroupDot(DotOp dot, OpBuilder &builder) {
  auto a = cast<RankedTensorType>(dot.getA().getType());
  auto b = cast<RankedTensorType>(dot.getB().getType());
  Type operand = a.getElementType();
  MLIRContext *context = dot.getContext();
  SharedEncodingAttr aShared =
      chooseSharedEncoding(context, a.getShape(), operand, 1);
  SharedEncodingAttr bShared = chooseSharedEncoding(
      context, b.getShape(), operand, getHopperBContiguousDim(operand));
  if (!aShared || !bShared)
    return dot.emitOpError() << "has no wgmma tile layout for its operands";
  builder.setInsertionPoint(dot);
  Location loc = dot.getLoc();
  auto tile = [&](Value value, RankedTensorType type,
                  SharedEncodingAttr shared) -> Value {
    auto memdesc = MemDescType::get(context, type.getShape(), operand, shared,
                                    /*mutableMemory=*/false);
    return LocalAllocOp::create(builder, loc, memdesc, value);
  };
  Value aTile = tile(dot.getA(), a, aShared);
  Value bTile = tile(dot.getB(), b, bShared);
  auto product = WarpGroupDotOp::create(
      builder, loc, dot.getType(), aTile, bTile, dot.getC(),
      dot.getInputPrecision(), /*isAsync=*/false);
  dot.replaceAllUsesWith(product.getD());
  dot.erase();
  return success();
}
