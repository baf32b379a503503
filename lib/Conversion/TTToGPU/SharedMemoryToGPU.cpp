//===- SharedMemoryToGPU.cpp - shared-memory tiles, wgmma and cp.async ----===//
//
// The tensor-core path's shared memory (docs/GPULowering.md#tensor-cores).
// A !tt.memdesc is an !llvm.ptr<3> to its tile (or stack of tiles) in the
// kernel's dynamic shared memory, placed by planSharedMemory at a 1024-byte
// aligned offset from a base aligned at run time.
//
// Every access goes through one address rule, the #tt.shared encoding's:
// element (i, j), i along the strided and j along the contiguous dimension,
// is at byte  off = (j / P) * R * S + i * S + (j mod P) * e  (S the swizzle
// width, P = S / e elements per piece, R rows), swizzled as
// off ^ (((off >> 7) & (S / 16 - 1)) << 4). All extents are powers of two,
// so off is a sum of disjoint bit fields of i and j and the swizzle is
// linear over GF(2): the address of a (thread, register) element is the
// swizzled thread part, computed once from threadIdx.x (the layout's
// LayoutBases), xor a constant per register. A thread's run of consecutive
// registers along the contiguous dimension that stays in one 16-byte chunk
// is one vector access (st.shared.v4, cp.async of 16 bytes).
//
// wgmma reads tiles through matrix descriptors: start address >> 4, the
// leading and stride byte offsets >> 4 and the swizzle mode; each
// warpgroup issues, per 64-row slab of its accumulator and per K step, one
// wgmma.mma_async whose accumulator registers are one repetition of the
// #tt.mma version 3 layout (inline PTX with the registers tied, as Triton
// writes it, so that LLVM keeps them in place across the asynchronous
// instruction).
//
//===----------------------------------------------------------------------===//

#include "TTToGPUInternal.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::mytriton;

namespace {

constexpr int64_t kTileAlignment = 1024;
constexpr llvm::StringLiteral kSharedBaseSymbol = "mytriton_dynamic_shared";

Value i32Constant(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantOp::create(
      b, loc, b.getI32IntegerAttr(static_cast<int32_t>(value)));
}

int64_t log2Of(int64_t value) { return llvm::Log2_64(value); }

//===----------------------------------------------------------------------===//
// The address rule
//===----------------------------------------------------------------------===//

/// One 2-D tile of a memdesc (its last two dimensions) in shared memory.
struct TileGeometry {
  int64_t rows;         // extent along the strided dimension
  int64_t contig;       // extent along the contiguous dimension
  int64_t elementBytes;
  int64_t swizzle;      // S
  unsigned contigDim;   // the tile dimension that is contiguous

  explicit TileGeometry(tt::MemDescType type) {
    auto shared = cast<tt::SharedEncodingAttr>(type.getEncoding());
    ArrayRef<int64_t> tile = type.getShape().take_back(2);
    contigDim = shared.getContiguousDim();
    rows = tile[shared.getStridedDim()];
    contig = tile[contigDim];
    elementBytes = type.getElementType().getIntOrFloatBitWidth() / 8;
    swizzle = shared.getSwizzle();
  }

  int64_t tileBytes() const { return rows * contig * elementBytes; }
  int64_t pieceElements() const { return swizzle / elementBytes; }

  /// Unswizzled byte offset of element (i strided, j contiguous).
  int64_t offset(int64_t i, int64_t j) const {
    return (j / pieceElements()) * rows * swizzle + i * swizzle +
           (j % pieceElements()) * elementBytes;
  }
  /// Byte offset of the element at tile coordinates `index`.
  int64_t offset(ArrayRef<int64_t> index) const {
    return offset(index[1 - contigDim], index[contigDim]);
  }
  int64_t swizzled(int64_t off) const {
    return off ^ (((off >> 7) & (swizzle / 16 - 1)) << 4);
  }
};

/// The swizzled byte offset of the thread part `coords` (i32, per tile
/// dimension) of an element: the same rule with shifts, the fields being
/// disjoint.
Value createSwizzledOffset(OpBuilder &b, Location loc,
                           const TileGeometry &tile, ArrayRef<Value> coords) {
  Value i = coords[1 - tile.contigDim], j = coords[tile.contigDim];
  auto shl = [&](Value v, int64_t bits) -> Value {
    return bits ? Value(arith::ShLIOp::create(b, loc, v,
                                              i32Constant(b, loc, bits)))
                : v;
  };
  Value piece = arith::ShRUIOp::create(
      b, loc, j, i32Constant(b, loc, log2Of(tile.pieceElements())));
  Value inPiece = arith::AndIOp::create(
      b, loc, j, i32Constant(b, loc, tile.pieceElements() - 1));
  Value off = arith::OrIOp::create(
      b, loc, shl(piece, log2Of(tile.rows * tile.swizzle)),
      shl(i, log2Of(tile.swizzle)));
  off = arith::OrIOp::create(b, loc, off,
                             shl(inPiece, log2Of(tile.elementBytes)));
  Value row = arith::AndIOp::create(
      b, loc, arith::ShRUIOp::create(b, loc, off, i32Constant(b, loc, 7)),
      i32Constant(b, loc, tile.swizzle / 16 - 1));
  return arith::XOrIOp::create(b, loc, off, shl(row, 4));
}

Type getSharedPtrType(MLIRContext *context) {
  return LLVM::LLVMPointerType::get(context, /*addressSpace=*/3);
}

Value gep(OpBuilder &b, Location loc, Value base, Value byteOffset) {
  return LLVM::GEPOp::create(b, loc, getSharedPtrType(b.getContext()),
                             b.getI8Type(), base, ValueRange{byteOffset});
}

/// The kernel's dynamic shared memory, aligned up to 1024 bytes: an extern
/// shared array of the gpu.module (it aliases gpu.dynamic_shared_memory,
/// as every extern shared array does), plus the padding to the next
/// 1024-byte boundary, which planSharedMemory reserved.
Value createAlignedSharedBase(OpBuilder &b, Location loc, Operation *op) {
  auto module = op->getParentOfType<gpu::GPUModuleOp>();
  MLIRContext *context = b.getContext();
  auto arrayType = LLVM::LLVMArrayType::get(IntegerType::get(context, 8), 0);
  if (!SymbolTable::lookupSymbolIn(module, kSharedBaseSymbol)) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(module.getBody());
    LLVM::GlobalOp::create(b, loc, arrayType, /*isConstant=*/false,
                           LLVM::Linkage::External, kSharedBaseSymbol,
                           Attribute(), /*alignment=*/16, /*addrSpace=*/3);
  }
  Value base = LLVM::AddressOfOp::create(b, loc, getSharedPtrType(context),
                                         kSharedBaseSymbol);
  Value address = LLVM::PtrToIntOp::create(b, loc, b.getI32Type(), base);
  Value pad = arith::AndIOp::create(
      b, loc, arith::SubIOp::create(b, loc, i32Constant(b, loc, 0), address),
      i32Constant(b, loc, kTileAlignment - 1));
  return gep(b, loc, base, pad);
}

//===----------------------------------------------------------------------===//
// Registers <-> tile
//===----------------------------------------------------------------------===//

/// How a laid-out tensor maps onto a tile: the swizzled thread part of its
/// addresses, and runs of `width` registers accessed as one vector.
struct TileAccess {
  tt::LayoutBases bases;
  Value threadOffset;
  int64_t width = 1;
  SmallVector<bool> duplicate;
};

/// The widest run (a power of two, at most 16 bytes) of consecutive
/// registers along the tile's contiguous dimension that every thread's
/// registers form at the same chunk-aligned position.
int64_t getRunWidth(const tt::LayoutBases &bases, const TileGeometry &tile) {
  unsigned d = tile.contigDim;
  int64_t width = 16 / tile.elementBytes;
  auto fits = [&](int64_t w) {
    for (ArrayRef<int64_t> base : bases.laneBases)
      if (base[d] % w != 0)
        return false;
    for (ArrayRef<int64_t> base : bases.warpBases)
      if (base[d] % w != 0)
        return false;
    ArrayRef<SmallVector<int64_t>> regs = bases.registerOffsets;
    if (regs.size() % w != 0)
      return false;
    for (size_t r = 0; r < regs.size(); r += w) {
      if (regs[r][d] % w != 0)
        return false;
      for (int64_t k = 1; k < w; ++k)
        for (size_t dim = 0; dim < regs[r].size(); ++dim)
          if (regs[r + k][dim] != regs[r][dim] + (dim == d ? k : 0))
            return false;
    }
    return true;
  };
  while (width > 1 && !fits(width))
    width /= 2;
  return width;
}

TileAccess getTileAccess(OpBuilder &b, Location loc, RankedTensorType type,
                         const TileGeometry &tile) {
  TileAccess access;
  access.bases = tt::getLayoutBases(tt::getLayoutEncoding(type),
                                    type.getShape());
  access.threadOffset = createSwizzledOffset(
      b, loc, tile, createThreadCoords(b, loc, access.bases));
  access.width = getRunWidth(access.bases, tile);
  access.duplicate = getDuplicateRegisters(access.bases);
  return access;
}

/// The address of the run starting at register `r`.
Value getRunAddress(OpBuilder &b, Location loc, Value tileBase,
                    const TileAccess &access, const TileGeometry &tile,
                    int64_t r) {
  int64_t constant =
      tile.swizzled(tile.offset(access.bases.registerOffsets[r]));
  Value offset = arith::XOrIOp::create(b, loc, access.threadOffset,
                                       i32Constant(b, loc, constant));
  return gep(b, loc, tileBase, offset);
}

/// Each thread stores its registers of `values` (converted tensor of
/// `type`) into the tile at `tileBase`.
void storeTile(OpBuilder &b, Location loc, Value values, RankedTensorType type,
               Value tileBase, const TileGeometry &tile) {
  TileAccess access = getTileAccess(b, loc, type, tile);
  int64_t count = access.bases.registerOffsets.size();
  for (int64_t r = 0; r < count; r += access.width) {
    if (access.duplicate[r])
      continue;
    Value address = getRunAddress(b, loc, tileBase, access, tile, r);
    Value stored;
    if (access.width == 1) {
      stored = vector::ExtractOp::create(b, loc, values, ArrayRef<int64_t>{r});
    } else {
      SmallVector<int64_t> lanes =
          llvm::to_vector(llvm::seq<int64_t>(r, r + access.width));
      stored = vector::ShuffleOp::create(b, loc, values, values, lanes);
    }
    LLVM::StoreOp::create(b, loc, stored, address,
                          access.width * tile.elementBytes);
  }
}

/// Each thread loads its registers of a tensor of `type` (converted type
/// `converted`) from the tile at `tileBase`.
Value loadTile(OpBuilder &b, Location loc, RankedTensorType type,
               Type converted, Value tileBase, const TileGeometry &tile) {
  TileAccess access = getTileAccess(b, loc, type, tile);
  Type element = getElementTypeOrSelf(converted);
  SmallVector<Value> values;
  int64_t count = access.bases.registerOffsets.size();
  for (int64_t r = 0; r < count; r += access.width) {
    Value address = getRunAddress(b, loc, tileBase, access, tile, r);
    Type loaded = access.width == 1
                      ? element
                      : Type(VectorType::get({access.width}, element));
    Value value = LLVM::LoadOp::create(b, loc, loaded, address,
                                       access.width * tile.elementBytes);
    if (access.width == 1) {
      values.push_back(value);
      continue;
    }
    for (int64_t k = 0; k < access.width; ++k)
      values.push_back(
          vector::ExtractOp::create(b, loc, value, ArrayRef<int64_t>{k}));
  }
  return vector::FromElementsOp::create(b, loc, cast<VectorType>(converted),
                                        values);
}

/// Stores from registers that the tensor cores (the async proxy) read
/// next: every thread's stores, a proxy fence, and a barrier; a barrier
/// first, so that no thread overwrites a tile another may still read.
template <typename Body>
void writeTileSynchronized(OpBuilder &b, Location loc, Body body) {
  gpu::BarrierOp::create(b, loc);
  body();
  NVVM::FenceProxyOp::create(
      b, loc, NVVM::ProxyKind::async_shared,
      NVVM::SharedSpaceAttr::get(b.getContext(), NVVM::SharedSpace::shared_cta));
  gpu::BarrierOp::create(b, loc);
}

//===----------------------------------------------------------------------===//
// Patterns: tiles
//===----------------------------------------------------------------------===//

struct LocalAllocOpLowering : OpConversionPattern<tt::LocalAllocOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::LocalAllocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto offset = op->getAttrOfType<IntegerAttr>(kSharedOffsetAttr);
    if (!offset)
      return rewriter.notifyMatchFailure(op, "not placed by planSharedMemory");
    Location loc = op.getLoc();
    Value tile = gep(rewriter, loc, createAlignedSharedBase(rewriter, loc, op),
                     i32Constant(rewriter, loc, offset.getInt()));
    if (Value src = adaptor.getSrc()) {
      TileGeometry geometry(op.getType());
      auto type = cast<RankedTensorType>(op.getSrc().getType());
      writeTileSynchronized(rewriter, loc, [&] {
        storeTile(rewriter, loc, src, type, tile, geometry);
      });
    }
    rewriter.replaceOp(op, tile);
    return success();
  }
};

struct LocalStoreOpLowering : OpConversionPattern<tt::LocalStoreOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::LocalStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    TileGeometry geometry(op.getDst().getType());
    writeTileSynchronized(rewriter, loc, [&] {
      storeTile(rewriter, loc, adaptor.getSrc(), op.getSrc().getType(),
                adaptor.getDst(), geometry);
    });
    rewriter.eraseOp(op);
    return success();
  }
};

struct LocalLoadOpLowering : OpConversionPattern<tt::LocalLoadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::LocalLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type converted = typeConverter->convertType(op.getType());
    if (!converted)
      return failure();
    TileGeometry geometry(op.getSrc().getType());
    rewriter.replaceOp(op, loadTile(rewriter, op.getLoc(), op.getType(),
                                    converted, adaptor.getSrc(), geometry));
    return success();
  }
};

struct MemDescIndexOpLowering : OpConversionPattern<tt::MemDescIndexOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::MemDescIndexOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    TileGeometry geometry(op.getSrc().getType());
    Value offset = arith::MulIOp::create(
        rewriter, loc, adaptor.getIndex(),
        i32Constant(rewriter, loc, geometry.tileBytes()), kIndexFlags);
    rewriter.replaceOp(op, gep(rewriter, loc, adaptor.getSrc(), offset));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Patterns: asynchronous copies (cp.async)
//===----------------------------------------------------------------------===//

/// Whether `value` is a constant whose every element is zero.
bool isZeroConstant(Value value) {
  DenseElementsAttr dense;
  if (!matchPattern(value, mlir::m_Constant(&dense)) || !dense.isSplat())
    return false;
  Attribute element = dense.getSplatValue<Attribute>();
  if (auto f = dyn_cast<FloatAttr>(element))
    return f.getValue().isZero() && !f.getValue().isNegative();
  if (auto i = dyn_cast<IntegerAttr>(element))
    return i.getValue().isZero();
  return false;
}

struct AsyncCopyOpLowering
    : OpConversionPattern<tt::AsyncCopyGlobalToLocalOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::AsyncCopyGlobalToLocalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    if (op.getOther() && !isZeroConstant(op.getOther()))
      return op.emitOpError()
             << "fills masked-off elements with zeros (cp.async's src-size "
                "0); a nonzero 'other' needs a synchronous load";
    TileGeometry geometry(op.getDst().getType());
    auto ptrType = cast<RankedTensorType>(op.getPtr().getType());
    TileAccess access = getTileAccess(rewriter, loc, ptrType, geometry);
    // What the pass proved of the pointers along the layout's fastest
    // dimension, which must be the tile's contiguous one.
    int64_t contiguity = 1;
    if (getFastestDim(tt::getLayoutEncoding(ptrType)) == geometry.contigDim)
      if (auto attr = op->getAttrOfType<IntegerAttr>(kTiledContiguityAttr))
        contiguity = attr.getInt();
    int64_t width = std::min(access.width, contiguity);
    ChunkFacts facts{};
    while (width > 1) {
      facts = getChunkFacts(op, width, geometry.elementBytes,
                            static_cast<bool>(op.getMask()));
      if (facts.aligned && facts.uniformMask)
        break;
      width /= 2;
    }
    int64_t bytes = width * geometry.elementBytes;
    Value dst = adaptor.getDst(), ptrs = adaptor.getPtr(),
          mask = adaptor.getMask();
    int64_t count = access.bases.registerOffsets.size();
    if (bytes < 4) {
      // cp.async copies 4, 8 or 16 aligned bytes, which the pointers'
      // contiguity and alignment do not prove: each element goes through
      // a register instead (zero where masked off). The tile is written
      // before the next tt.async_wait, as the copies' would be.
      Type element = op.getDst().getType().getElementType();
      Value zero = arith::ConstantOp::create(rewriter, loc,
                                             rewriter.getZeroAttr(element));
      for (int64_t r = 0; r < count; ++r) {
        if (access.duplicate[r])
          continue;
        Value src = vector::ExtractOp::create(rewriter, loc, ptrs,
                                              ArrayRef<int64_t>{r});
        auto load = [&](OpBuilder &b, Location l) -> Value {
          return LLVM::LoadOp::create(b, l, element, src,
                                      geometry.elementBytes);
        };
        Value value;
        if (mask) {
          Value bit = vector::ExtractOp::create(rewriter, loc, mask,
                                                ArrayRef<int64_t>{r});
          auto ifOp = scf::IfOp::create(
              rewriter, loc, bit,
              [&](OpBuilder &b, Location l) {
                scf::YieldOp::create(b, l, load(b, l));
              },
              [&](OpBuilder &b, Location l) {
                scf::YieldOp::create(b, l, zero);
              });
          value = ifOp.getResult(0);
        } else {
          value = load(rewriter, loc);
        }
        LLVM::StoreOp::create(
            rewriter, loc, value,
            getRunAddress(rewriter, loc, dst, access, geometry, r),
            geometry.elementBytes);
      }
      rewriter.eraseOp(op);
      return success();
    }
    for (int64_t r = 0; r < count; r += width) {
      if (access.duplicate[r])
        continue;
      Value address = getRunAddress(rewriter, loc, dst, access, geometry, r);
      Value src = vector::ExtractOp::create(rewriter, loc, ptrs,
                                            ArrayRef<int64_t>{r});
      Value srcSize;
      if (mask) {
        Value bit = vector::ExtractOp::create(rewriter, loc, mask,
                                              ArrayRef<int64_t>{r});
        srcSize = arith::SelectOp::create(rewriter, loc, bit,
                                          i32Constant(rewriter, loc, bytes),
                                          i32Constant(rewriter, loc, 0));
      }
      NVVM::CpAsyncOp::create(
          rewriter, loc, address, src, rewriter.getI32IntegerAttr(bytes),
          NVVM::LoadCacheModifierKindAttr::get(
              rewriter.getContext(), bytes == 16
                                         ? NVVM::LoadCacheModifierKind::CG
                                         : NVVM::LoadCacheModifierKind::CA),
          srcSize);
    }
    rewriter.eraseOp(op);
    return success();
  }
};

struct AsyncCommitGroupOpLowering
    : OpConversionPattern<tt::AsyncCommitGroupOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::AsyncCommitGroupOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::CpAsyncCommitGroupOp>(op);
    return success();
  }
};

struct AsyncWaitOpLowering : OpConversionPattern<tt::AsyncWaitOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::AsyncWaitOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    NVVM::CpAsyncWaitGroupOp::create(rewriter, loc, op.getNum());
    // cp.async writes through the generic proxy; the tensor cores read
    // through the async proxy, which sees the writes after this fence.
    NVVM::FenceProxyOp::create(
        rewriter, loc, NVVM::ProxyKind::async_shared,
        NVVM::SharedSpaceAttr::get(rewriter.getContext(),
                                   NVVM::SharedSpace::shared_cta));
    // Other threads' copies become visible to this one at the barrier.
    rewriter.replaceOpWithNewOp<gpu::BarrierOp>(op);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Patterns: wgmma
//===----------------------------------------------------------------------===//

/// The PTX spelling of a wgmma accumulator (`operand` false) or operand
/// element type: f32 operands are multiplied as tf32.
StringRef getWgmmaType(Type type, bool operand) {
  if (type.isF16())
    return "f16";
  if (type.isBF16())
    return "bf16";
  if (type.isF32())
    return operand ? "tf32" : "f32";
  if (type.isInteger(8))
    return "s8";
  return "s32";
}

/// The matrix descriptor's constant bits (PTX ISA, "Matrix Descriptor"):
/// leading and stride byte offsets >> 4 at bits 16 and 32, the swizzle
/// mode at bits 62-63 (1: 128 bytes, 2: 64, 3: 32).
uint64_t getDescriptorBits(int64_t leading, int64_t stride, int64_t swizzle) {
  uint64_t mode = swizzle == 128 ? 1 : swizzle == 64 ? 2 : 3;
  return (uint64_t(leading >> 4) << 16) | (uint64_t(stride >> 4) << 32) |
         (mode << 62);
}

/// How one operand tile is read: K-major (its contiguous dimension is K)
/// or MN-major (wgmma's transposed form, 16-bit types only).
struct OperandTile {
  TileGeometry geometry;
  unsigned kDim;
  bool transposed; // MN-major
  uint64_t bits;

  OperandTile(tt::MemDescType type, unsigned kDim)
      : geometry(type), kDim(kDim), transposed(geometry.contigDim != kDim) {
    int64_t s = geometry.swizzle;
    bits = transposed ? getDescriptorBits(geometry.rows * s, 8 * s, s)
                      : getDescriptorBits(0, 8 * s, s);
  }
  /// The byte offset of (mn, k) in the tile.
  int64_t offset(int64_t mn, int64_t k) const {
    SmallVector<int64_t> index(2);
    index[kDim] = k;
    index[1 - kDim] = mn;
    return geometry.offset(index);
  }
};

/// The i64 descriptor of the tile at `base` (i32 address).
Value createDescriptor(OpBuilder &b, Location loc, Value base,
                       const OperandTile &tile) {
  Value field = arith::AndIOp::create(
      b, loc, arith::ShRUIOp::create(b, loc, base, i32Constant(b, loc, 4)),
      i32Constant(b, loc, 0x3FFF));
  Value wide = arith::ExtUIOp::create(b, loc, b.getI64Type(), field);
  return arith::OrIOp::create(
      b, loc, wide,
      arith::ConstantOp::create(b, loc,
                                b.getI64IntegerAttr(static_cast<int64_t>(
                                    tile.bits))));
}

/// The descriptor of the tile `offset` bytes after `descriptor`'s: its
/// start address field plus offset >> 4. Shared addresses are below
/// 2^18 (228 KiB), so the 14-bit field of base + offset never carries
/// into the next field, and every wgmma of a dot costs one add rather
/// than rebuilding its descriptor from the address.
Value offsetDescriptor(OpBuilder &b, Location loc, Value descriptor,
                       int64_t offset) {
  assert(offset % 16 == 0 && "wgmma operand tiles are 16-byte aligned");
  if (offset == 0)
    return descriptor;
  return arith::AddIOp::create(
      b, loc, descriptor,
      arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(offset >> 4)));
}

/// The accumulator registers of one wgmma as inline asm operands: f32 as
/// "f", f16 pairs packed into a 32-bit "r", s32 as "r".
struct AccumulatorAsm {
  Type element;
  bool packed;     // f16: two elements per register
  char constraint; // 'f' or 'r'

  explicit AccumulatorAsm(Type element)
      : element(element), packed(element.isF16()),
        constraint(element.isF32() ? 'f' : 'r') {}

  Type registerType(OpBuilder &b) const {
    return element.isF32() ? element : b.getI32Type();
  }
  SmallVector<Value> pack(OpBuilder &b, Location loc,
                          ArrayRef<Value> values) const {
    if (!packed)
      return SmallVector<Value>(values);
    SmallVector<Value> registers;
    for (size_t i = 0; i < values.size(); i += 2) {
      Value pair = vector::FromElementsOp::create(
          b, loc, VectorType::get({2}, element),
          ValueRange{values[i], values[i + 1]});
      registers.push_back(LLVM::BitcastOp::create(b, loc, b.getI32Type(), pair));
    }
    return registers;
  }
  SmallVector<Value> unpack(OpBuilder &b, Location loc,
                            ArrayRef<Value> registers) const {
    if (!packed)
      return SmallVector<Value>(registers);
    SmallVector<Value> values;
    for (Value reg : registers) {
      Value pair = LLVM::BitcastOp::create(
          b, loc, VectorType::get({2}, element), reg);
      for (int64_t k = 0; k < 2; ++k)
        values.push_back(
            vector::ExtractOp::create(b, loc, pair, ArrayRef<int64_t>{k}));
    }
    return values;
  }
};

/// Inline asm `text` whose first registers.size() operands are `registers`,
/// tied in and out, followed by `inputs` with `inputConstraints`; returns
/// the registers after it.
SmallVector<Value> createTiedAsm(OpBuilder &b, Location loc, StringRef text,
                                 ArrayRef<Value> registers, char constraint,
                                 ValueRange inputs,
                                 ArrayRef<StringRef> inputConstraints) {
  std::string constraints;
  llvm::raw_string_ostream os(constraints);
  for (size_t i = 0; i < registers.size(); ++i)
    os << (i ? "," : "") << "=" << constraint;
  for (size_t i = 0; i < registers.size(); ++i)
    os << "," << i;
  for (StringRef input : inputConstraints)
    os << "," << input;
  SmallVector<Value> operands(registers);
  llvm::append_range(operands, inputs);
  SmallVector<Type> types(registers.size(), registers.front().getType());
  Type resultType = LLVM::LLVMStructType::getLiteral(b.getContext(), types);
  auto asmOp = LLVM::InlineAsmOp::create(
      b, loc, resultType, operands, text, constraints,
      /*has_side_effects=*/true, /*is_align_stack=*/false,
      LLVM::tailcallkind::TailCallKind::None,
      LLVM::AsmDialectAttr::get(b.getContext(), LLVM::AsmDialect::AD_ATT),
      ArrayAttr());
  SmallVector<Value> results;
  for (size_t i = 0; i < registers.size(); ++i)
    results.push_back(LLVM::ExtractValueOp::create(
        b, loc, asmOp.getResult(0), ArrayRef<int64_t>{int64_t(i)}));
  return results;
}

/// "{$first, ..., $(first + count - 1)}".
std::string getRegisterList(size_t first, size_t count) {
  std::string text = "{";
  for (size_t i = 0; i < count; ++i)
    text += (i ? ",$" : "$") + std::to_string(first + i);
  return text + "}";
}

/// wgmma.wait_group `pendings` with every accumulator register tied through
/// it, so that no use of them moves above the wait.
SmallVector<Value> createWgmmaWait(OpBuilder &b, Location loc,
                                   ArrayRef<Value> values, Type element,
                                   int64_t pendings) {
  AccumulatorAsm acc(element);
  SmallVector<Value> registers = acc.pack(b, loc, values);
  std::string text = "// wait for " + getRegisterList(0, registers.size()) +
                     "\n\twgmma.wait_group.sync.aligned " +
                     std::to_string(pendings) + ";";
  return acc.unpack(b, loc,
                    createTiedAsm(b, loc, text, registers, acc.constraint,
                                  ValueRange{}, {}));
}

struct WarpGroupDotOpLowering : OpConversionPattern<tt::WarpGroupDotOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::WarpGroupDotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto cType = cast<RankedTensorType>(op.getC().getType());
    auto mma = cast<tt::MmaEncodingAttr>(cType.getEncoding());
    tt::MemDescType aType = op.getA().getType(), bType = op.getB().getType();
    Type operand = aType.getElementType(), accElement = cType.getElementType();
    OperandTile aTile(aType, /*kDim=*/1), bTile(bType, /*kDim=*/0);
    int64_t m = cType.getDimSize(0), n = cType.getDimSize(1),
            k = aType.getShape()[1];
    int64_t warpsM = mma.getWarpsPerCTA()[0], warpsN = mma.getWarpsPerCTA()[1];
    int64_t instrN = mma.getInstrShape()[1];
    int64_t instrK = 256 / operand.getIntOrFloatBitWidth();
    int64_t repsN = n / (instrN * warpsN);
    int64_t regsPerInstr = instrN / 2;

    // This warpgroup's slab: rows 64 * ((warp % warpsM) / 4), columns
    // instrN * (warp / warpsM) of each CTA tile.
    Value warp = arith::ShRUIOp::create(rewriter, loc,
                                        createThreadIdX(rewriter, loc),
                                        i32Constant(rewriter, loc, 5));
    Value groupM = arith::ShRUIOp::create(
        rewriter, loc,
        arith::AndIOp::create(rewriter, loc, warp,
                              i32Constant(rewriter, loc, warpsM - 1)),
        i32Constant(rewriter, loc, 2));
    Value groupN = arith::ShRUIOp::create(
        rewriter, loc, warp, i32Constant(rewriter, loc, log2Of(warpsM)));
    // The address of the tile plus the offset of this warpgroup's slab,
    // which starts at M (N) = `group` * `scale`: the offset rule is a sum
    // of disjoint bit fields of the coordinate, so each bit of `group`
    // adds the offset of its own coordinate bit.
    auto tileAddress = [&](Value tile, const OperandTile &operandTile,
                           Value group, int64_t groups,
                           int64_t scale) -> Value {
      Value address =
          LLVM::PtrToIntOp::create(rewriter, loc, rewriter.getI32Type(), tile);
      for (int64_t bit = 0; (int64_t(1) << bit) < groups; ++bit) {
        Value set = arith::AndIOp::create(
            rewriter, loc,
            arith::ShRUIOp::create(rewriter, loc, group,
                                   i32Constant(rewriter, loc, bit)),
            i32Constant(rewriter, loc, 1));
        Value term = arith::MulIOp::create(
            rewriter, loc, set,
            i32Constant(rewriter, loc, operandTile.offset(scale << bit, 0)),
            kIndexFlags);
        address = arith::AddIOp::create(rewriter, loc, address, term,
                                        kIndexFlags);
      }
      return address;
    };
    Value aBase = tileAddress(adaptor.getA(), aTile, groupM, warpsM / 4, 64);
    Value bBase =
        tileAddress(adaptor.getB(), bTile, groupN, warpsN, instrN);

    std::string text;
    {
      llvm::raw_string_ostream os(text);
      os << "wgmma.mma_async.sync.aligned.m64n" << instrN << "k" << instrK
         << "." << getWgmmaType(accElement, false) << "."
         << getWgmmaType(operand, true) << "." << getWgmmaType(operand, true)
         << " ";
    }
    AccumulatorAsm acc(accElement);
    int64_t accRegisters = acc.packed ? regsPerInstr / 2 : regsPerInstr;
    // d, a-desc, b-desc, scale-d (a predicate), then per type: scale-a/b
    // for floats, and the transposes for 16-bit floats.
    text += getRegisterList(0, accRegisters) + ", $" +
            std::to_string(2 * accRegisters) + ", $" +
            std::to_string(2 * accRegisters + 1) + ", $" +
            std::to_string(2 * accRegisters + 2);
    if (!operand.isInteger(8))
      text += ", 1, 1";
    if (operand.getIntOrFloatBitWidth() == 16)
      text += std::string(", ") + (aTile.transposed ? "1" : "0") + ", " +
              (bTile.transposed ? "1" : "0");
    text += ";";

    auto cVector = cast<VectorType>(adaptor.getC().getType());
    SmallVector<Value> values;
    for (int64_t r = 0; r < cVector.getNumElements(); ++r)
      values.push_back(vector::ExtractOp::create(
          rewriter, loc, adaptor.getC(), ArrayRef<int64_t>{r}));
    Value scaleD = arith::ConstantOp::create(rewriter, loc,
                                             rewriter.getBoolAttr(true));
    Value aBaseDesc = createDescriptor(rewriter, loc, aBase, aTile);
    Value bBaseDesc = createDescriptor(rewriter, loc, bBase, bTile);
    NVVM::WgmmaFenceAlignedOp::create(rewriter, loc);
    for (int64_t rm = 0; rm < m / (16 * warpsM); ++rm)
      for (int64_t rn = 0; rn < repsN; ++rn) {
        int64_t first = (rn + repsN * rm) * regsPerInstr;
        SmallVector<Value> registers = acc.pack(
            rewriter, loc, ArrayRef<Value>(values).slice(first, regsPerInstr));
        for (int64_t k0 = 0; k0 < k; k0 += instrK) {
          Value aDesc = offsetDescriptor(
              rewriter, loc, aBaseDesc, aTile.offset(rm * 16 * warpsM, k0));
          Value bDesc = offsetDescriptor(
              rewriter, loc, bBaseDesc,
              bTile.offset(rn * instrN * warpsN, k0));
          registers = createTiedAsm(rewriter, loc, text, registers,
                                    acc.constraint,
                                    ValueRange{aDesc, bDesc, scaleD},
                                    {"l", "l", "b"});
        }
        SmallVector<Value> updated = acc.unpack(rewriter, loc, registers);
        llvm::copy(updated, values.begin() + first);
      }
    NVVM::WgmmaGroupSyncAlignedOp::create(rewriter, loc);
    if (!op.getIsAsync())
      values = createWgmmaWait(rewriter, loc, values, accElement, 0);
    rewriter.replaceOpWithNewOp<vector::FromElementsOp>(op, cVector, values);
    return success();
  }
};

struct WarpGroupDotWaitOpLowering
    : OpConversionPattern<tt::WarpGroupDotWaitOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::WarpGroupDotWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto vector = cast<VectorType>(adaptor.getInput().getType());
    SmallVector<Value> values;
    for (int64_t r = 0; r < vector.getNumElements(); ++r)
      values.push_back(vector::ExtractOp::create(
          rewriter, loc, adaptor.getInput(), ArrayRef<int64_t>{r}));
    values = createWgmmaWait(rewriter, loc, values, vector.getElementType(),
                             static_cast<int32_t>(op.getPendings()));
    rewriter.replaceOpWithNewOp<vector::FromElementsOp>(op, vector, values);
    return success();
  }
};

} // namespace

Value mytriton::createSharedMemoryBase(OpBuilder &b, Location loc,
                                       Operation *op) {
  return createAlignedSharedBase(b, loc, op);
}

Value mytriton::createSharedGEP(OpBuilder &b, Location loc, Value base,
                                Value byteOffset) {
  return gep(b, loc, base, byteOffset);
}

//===----------------------------------------------------------------------===//
// Planning
//===----------------------------------------------------------------------===//

/// Whether some tile of `kernel` is live where an op uses the scratch
/// buffer: a tile is live from its tt.local_alloc to its last use (through
/// memdesc_index views), to the end of every loop around a use that does
/// not hold the allocation (the next iteration uses it again).
static bool isTileLiveAtScratchUse(tt::FuncOp kernel) {
  DenseMap<Operation *, int64_t> order;
  SmallVector<int64_t> scratchUses;
  kernel.walk<WalkOrder::PreOrder>([&](Operation *op) {
    order[op] = order.size();
    if (getTiledScratchBytes(op) > 0)
      scratchUses.push_back(order[op]);
  });
  // The last op (in pre-order) inside `op`.
  auto lastInside = [&](Operation *op) {
    int64_t last = order.lookup(op);
    op->walk([&](Operation *inner) {
      last = std::max(last, order.lookup(inner));
    });
    return last;
  };
  bool live = false;
  kernel.walk([&](tt::LocalAllocOp alloc) {
    int64_t start = order.lookup(alloc), end = start;
    SmallVector<Value> pending = {alloc.getResult()};
    while (!pending.empty()) {
      Value tile = pending.pop_back_val();
      for (Operation *user : tile.getUsers()) {
        end = std::max(end, order.lookup(user));
        for (Operation *loop = user->getParentOp();
             loop && loop != kernel.getOperation();
             loop = loop->getParentOp())
          if (isa<LoopLikeOpInterface>(loop) && !loop->isAncestor(alloc))
            end = std::max(end, lastInside(loop));
        if (auto view = dyn_cast<tt::MemDescIndexOp>(user))
          pending.push_back(view.getResult());
      }
    }
    for (int64_t use : scratchUses)
      live |= start <= use && use <= end;
  });
  return live;
}

FailureOr<SharedMemoryPlan> mytriton::planSharedMemory(tt::FuncOp kernel) {
  SharedMemoryPlan plan;
  kernel.walk([&](Operation *op) {
    plan.scratchBytes = std::max(plan.scratchBytes, getTiledScratchBytes(op));
  });
  // Tiles start at 1024-byte boundaries of the aligned base (whose own
  // alignment costs up to 1023 more bytes): past the scratch, or over it
  // when no op uses the scratch while a tile is live (a matmul's epilogue
  // converts its accumulator after the loop's tiles are dead).
  bool overlap = !isTileLiveAtScratchUse(kernel);
  int64_t offset =
      overlap ? 0 : llvm::alignTo(plan.scratchBytes, kTileAlignment);
  bool anyTile = false;
  Builder builder(kernel.getContext());
  kernel.walk([&](tt::LocalAllocOp alloc) {
    tt::MemDescType type = alloc.getType();
    alloc->setAttr(kSharedOffsetAttr, builder.getI64IntegerAttr(offset));
    offset += llvm::alignTo(type.getNumElements() *
                                type.getElementType().getIntOrFloatBitWidth() /
                                8,
                            kTileAlignment);
    anyTile = true;
  });
  // mbarriers (8 bytes each) after the tiles and the scratch: PTX wants an
  // mbarrier's memory invalidated before other data reuses it.
  kernel.walk([&](tt::InitBarriersOp init) {
    offset = std::max<int64_t>(offset, llvm::alignTo(plan.scratchBytes, 16));
    init->setAttr(kSharedOffsetAttr, builder.getI64IntegerAttr(offset));
    offset += llvm::alignTo(8 * init.getType().getCount(), 16);
    anyTile = true;
  });
  plan.totalBytes = anyTile ? std::max(plan.scratchBytes,
                                       offset + kTileAlignment)
                            : plan.scratchBytes;
  if (plan.totalBytes > kMaxTiledScratchBytes)
    return kernel.emitOpError()
           << "needs " << plan.totalBytes
           << " bytes of shared memory (layout conversions and reductions: "
           << plan.scratchBytes << "; tensor-core operand tiles and pipeline "
           << "stages: the rest), more than the " << kMaxTiledScratchBytes
           << " a block may use; use smaller tiles or fewer stages";
  return plan;
}

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

void mytriton::populateSharedMemoryTypeConversions(
    TypeConverter &typeConverter) {
  typeConverter.addConversion([](tt::MemDescType type) -> Type {
    return getSharedPtrType(type.getContext());
  });
}

void mytriton::populateSharedMemoryToGPUPatterns(
    const TypeConverter &typeConverter, RewritePatternSet &patterns) {
  patterns.add<LocalAllocOpLowering, LocalStoreOpLowering, LocalLoadOpLowering,
               MemDescIndexOpLowering, AsyncCopyOpLowering,
               AsyncCommitGroupOpLowering, AsyncWaitOpLowering,
               WarpGroupDotOpLowering, WarpGroupDotWaitOpLowering>(
      typeConverter, patterns.getContext());
}
