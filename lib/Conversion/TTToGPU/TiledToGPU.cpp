//===- TiledToGPU.cpp - tensors of tiled kernels as per-thread registers --===//
//
// In a tiled kernel every tensor has a layout encoding, and a thread holds R
// = tt::getTotalElemsPerThread registers of it, a vector<R x T>. Register r
// of thread t holds the element whose coordinates are, along dimension d,
// registerOffsets[r][d] plus the bases of t's set bits (tt::LayoutBases).
// The thread's part is computed once per op from threadIdx.x; the register
// part is a compile-time constant. Ops that keep every element in the
// thread that holds it (expand_dims, broadcast, trans between matching
// layouts) are register moves, found by comparing the two layouts' bases;
// any other distribution change (convert_layout between layouts that place
// elements differently) goes through workgroup memory.
//
//===----------------------------------------------------------------------===//

#include "TTToGPUInternal.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/Support/MathExtras.h"

#include <map>

using namespace mlir;
using namespace mlir::mytriton;

//===----------------------------------------------------------------------===//
// Index helpers
//===----------------------------------------------------------------------===//

static Value i32Constant(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantOp::create(b, loc,
                                   b.getI32IntegerAttr(static_cast<int32_t>(value)));
}

SmallVector<Value> mytriton::createThreadCoords(OpBuilder &b, Location loc,
                                                const tt::LayoutBases &bases) {
  size_t rank = bases.shape.size();
  SmallVector<Value> coords(rank);
  Value tid;
  auto addBit = [&](unsigned tidBit, ArrayRef<int64_t> base) {
    for (size_t d = 0; d < rank; ++d) {
      if (base[d] == 0)
        continue;
      if (!tid)
        tid = createThreadIdX(b, loc);
      // (tid & (1 << k)) moved to the base's bit position.
      Value bit = arith::AndIOp::create(b, loc, tid,
                                        i32Constant(b, loc, int64_t(1) << tidBit));
      int shift = static_cast<int>(llvm::Log2_64(base[d])) -
                  static_cast<int>(tidBit);
      if (shift > 0)
        bit = arith::ShLIOp::create(b, loc, bit, i32Constant(b, loc, shift));
      else if (shift < 0)
        bit = arith::ShRUIOp::create(b, loc, bit, i32Constant(b, loc, -shift));
      coords[d] = coords[d] ? Value(arith::OrIOp::create(b, loc, coords[d], bit))
                            : bit;
    }
  };
  for (auto [k, base] : llvm::enumerate(bases.laneBases))
    addBit(k, base);
  for (auto [k, base] : llvm::enumerate(bases.warpBases))
    addBit(llvm::Log2_32(kWarpSize) + k, base);
  for (Value &coord : coords)
    if (!coord)
      coord = i32Constant(b, loc, 0);
  return coords;
}

Value mytriton::createDot(OpBuilder &b, Location loc, ArrayRef<Value> coords,
                          ArrayRef<int64_t> strides) {
  Value sum;
  for (auto [coord, stride] : llvm::zip_equal(coords, strides)) {
    if (stride == 0)
      continue;
    Value term = stride == 1
                     ? coord
                     : Value(arith::MulIOp::create(
                           b, loc, coord, i32Constant(b, loc, stride),
                           kIndexFlags));
    sum = sum ? Value(arith::AddIOp::create(b, loc, sum, term, kIndexFlags))
              : term;
  }
  return sum ? sum : i32Constant(b, loc, 0);
}

SmallVector<int64_t> mytriton::getRowMajorStrides(ArrayRef<int64_t> shape) {
  SmallVector<int64_t> strides(shape.size(), 1);
  for (int64_t d = static_cast<int64_t>(shape.size()) - 2; d >= 0; --d)
    strides[d] = strides[d + 1] * shape[d + 1];
  return strides;
}

int64_t mytriton::getReplicaThreadBits(const tt::LayoutBases &bases) {
  auto isZero = [](ArrayRef<int64_t> base) {
    return llvm::all_of(base, [](int64_t v) { return v == 0; });
  };
  int64_t bits = 0;
  for (auto [k, base] : llvm::enumerate(bases.laneBases))
    if (isZero(base))
      bits |= int64_t(1) << k;
  for (auto [k, base] : llvm::enumerate(bases.warpBases))
    if (isZero(base))
      bits |= int64_t(1) << (llvm::Log2_32(kWarpSize) + k);
  return bits;
}

SmallVector<bool> mytriton::getDuplicateRegisters(const tt::LayoutBases &bases) {
  std::map<SmallVector<int64_t>, int64_t> seen;
  SmallVector<bool> duplicate;
  for (const SmallVector<int64_t> &offset : bases.registerOffsets)
    duplicate.push_back(!seen.try_emplace(offset, 0).second);
  return duplicate;
}

//===----------------------------------------------------------------------===//
// Register moves
//===----------------------------------------------------------------------===//

namespace {
/// How a result element's coordinates give the operand element it copies:
/// operand coordinate k is result coordinate srcDimOf[k], or 0 where
/// srcDimOf[k] < 0 (a dimension of extent 1).
struct ElementMap {
  SmallVector<int64_t> srcDimOf;

  SmallVector<int64_t> apply(ArrayRef<int64_t> dstCoords) const {
    SmallVector<int64_t> src;
    for (int64_t d : srcDimOf)
      src.push_back(d < 0 ? 0 : dstCoords[d]);
    return src;
  }
};

ElementMap getElementMap(Operation *op) {
  ElementMap map;
  auto srcType = cast<RankedTensorType>(op->getOperand(0).getType());
  auto dstType = cast<RankedTensorType>(op->getResult(0).getType());
  int64_t rank = srcType.getRank();
  if (auto expand = dyn_cast<tt::ExpandDimsOp>(op)) {
    int64_t axis = static_cast<int32_t>(expand.getAxis());
    for (int64_t k = 0; k < rank; ++k)
      map.srcDimOf.push_back(k < axis ? k : k + 1);
  } else if (isa<tt::BroadcastOp>(op)) {
    for (int64_t k = 0; k < rank; ++k)
      map.srcDimOf.push_back(srcType.getDimSize(k) == 1 &&
                                     dstType.getDimSize(k) != 1
                                 ? -1
                                 : k);
  } else if (isa<tt::TransOp>(op)) {
    map.srcDimOf = {1, 0};
  } else {
    for (int64_t k = 0; k < rank; ++k)
      map.srcDimOf.push_back(k);
  }
  return map;
}

/// For each result register, the operand register of the same thread that
/// holds the element it copies, when the thread parts of the two layouts
/// correspond under `map` (every thread bit's result base maps to its
/// operand base); failure when the move needs other threads' data.
FailureOr<SmallVector<int64_t>> getRegisterMap(RankedTensorType srcType,
                                               RankedTensorType dstType,
                                               const ElementMap &map) {
  Attribute srcLayout = tt::getLayoutEncoding(srcType);
  Attribute dstLayout = tt::getLayoutEncoding(dstType);
  if (!srcLayout || !dstLayout)
    return failure();
  tt::LayoutBases src = tt::getLayoutBases(srcLayout, srcType.getShape());
  tt::LayoutBases dst = tt::getLayoutBases(dstLayout, dstType.getShape());
  if (src.laneBases.size() != dst.laneBases.size() ||
      src.warpBases.size() != dst.warpBases.size())
    return failure();
  for (auto [srcBase, dstBase] : llvm::zip_equal(src.laneBases, dst.laneBases))
    if (map.apply(dstBase) != srcBase)
      return failure();
  for (auto [srcBase, dstBase] : llvm::zip_equal(src.warpBases, dst.warpBases))
    if (map.apply(dstBase) != srcBase)
      return failure();
  std::map<SmallVector<int64_t>, int64_t> registerOf;
  for (auto [r, offset] : llvm::enumerate(src.registerOffsets))
    registerOf.try_emplace(offset, r);
  SmallVector<int64_t> registers;
  for (const SmallVector<int64_t> &offset : dst.registerOffsets) {
    auto it = registerOf.find(map.apply(offset));
    if (it == registerOf.end())
      return failure();
    registers.push_back(it->second);
  }
  return registers;
}

/// expand_dims, broadcast, trans and convert_layout: a shuffle of the thread's registers
/// when the layouts allow (the layout pass's choice), else an exchange
/// through workgroup memory.
template <typename OpTy>
struct TiledMoveOpLowering : OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OpAdaptor = typename OpConversionPattern<OpTy>::OpAdaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto dstType = cast<RankedTensorType>(op.getType());
    Type type = this->getTypeConverter()->convertType(dstType);
    if (!type)
      return failure();
    ElementMap map = getElementMap(op);
    FailureOr<SmallVector<int64_t>> registers =
        getRegisterMap(srcType, dstType, map);
    Value src = adaptor.getSrc();
    if (succeeded(registers)) {
      auto srcVector = cast<VectorType>(src.getType());
      if (srcVector == type &&
          llvm::equal(*registers, llvm::seq<int64_t>(0, registers->size()))) {
        rewriter.replaceOp(op, src);
        return success();
      }
      rewriter.replaceOpWithNewOp<vector::ShuffleOp>(op, type, src, src,
                                                     *registers);
      return success();
    }
    FailureOr<Value> moved =
        exchangeThroughScratch(rewriter, op.getLoc(), op, src, type);
    if (failed(moved))
      return rewriter.notifyMatchFailure(op, "no workgroup scratch buffer");
    rewriter.replaceOp(op, *moved);
    return success();
  }
};

/// Register r holds start + its coordinate (a 1-D layout: blocked or the
/// slice of a rank-2 one).
struct TiledMakeRangeOpLowering : OpConversionPattern<tt::MakeRangeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::MakeRangeOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto type = dyn_cast_if_present<VectorType>(
        typeConverter->convertType(op.getType()));
    Attribute layout = tt::getLayoutEncoding(op.getType());
    if (!type || !layout)
      return failure();
    tt::LayoutBases bases = tt::getLayoutBases(layout, op.getType().getShape());
    Value first = createThreadCoords(rewriter, loc, bases).front();
    if (op.getStart())
      first = arith::AddIOp::create(rewriter, loc, first,
                                    i32Constant(rewriter, loc, op.getStart()));
    SmallVector<int32_t> offsets;
    for (const SmallVector<int64_t> &offset : bases.registerOffsets)
      offsets.push_back(static_cast<int32_t>(offset.front()));
    Value firsts = vector::BroadcastOp::create(rewriter, loc, type, first);
    Value offsetsValue = arith::ConstantOp::create(
        rewriter, loc,
        DenseElementsAttr::get(type, ArrayRef<int32_t>(offsets)));
    rewriter.replaceOpWithNewOp<arith::AddIOp>(op, firsts, offsetsValue);
    return success();
  }
};
} // namespace

//===----------------------------------------------------------------------===//
// Workgroup scratch
//===----------------------------------------------------------------------===//

Type mytriton::getScratchStorageType(Type element) {
  if (element.isInteger(1))
    return IntegerType::get(element.getContext(), 8);
  if (isa<LLVM::LLVMPointerType, tt::PointerType>(element))
    return IntegerType::get(element.getContext(), 64);
  return element;
}

static int64_t getScratchStorageBytes(Type tensorType) {
  Type storage =
      getScratchStorageType(cast<RankedTensorType>(tensorType).getElementType());
  return storage.getIntOrFloatBitWidth() / 8;
}

Value mytriton::toScratchStorage(OpBuilder &b, Location loc, Value value) {
  Type type = value.getType();
  if (type.isInteger(1))
    return arith::ExtUIOp::create(b, loc, b.getI8Type(), value);
  if (isa<LLVM::LLVMPointerType>(type))
    return LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), value);
  return value;
}

Value mytriton::fromScratchStorage(OpBuilder &b, Location loc, Value stored,
                                   Type element) {
  if (element.isInteger(1))
    return arith::TruncIOp::create(b, loc, element, stored);
  if (isa<LLVM::LLVMPointerType>(element))
    return LLVM::IntToPtrOp::create(b, loc, element, stored);
  return stored;
}

/// Cross-warp partial values of a reduction: one per result element and
/// combination of the warp bits along the axis.
static int64_t getReduceScratchBytes(tt::ReduceOp reduce) {
  RankedTensorType type = reduce.getOperand().getType();
  Attribute layout = tt::getLayoutEncoding(type);
  if (!layout)
    return 0;
  int64_t axis = reduce.getAxis() ? static_cast<int32_t>(*reduce.getAxis()) : 0;
  tt::LayoutBases bases = tt::getLayoutBases(layout, type.getShape());
  int64_t warpBits = llvm::count_if(
      bases.warpBases, [&](ArrayRef<int64_t> base) { return base[axis] != 0; });
  if (warpBits == 0)
    return 0;
  int64_t results = type.getNumElements() / type.getDimSize(axis);
  return results * (int64_t(1) << warpBits) *
         (type.getElementType().getIntOrFloatBitWidth() / 8);
}

static int64_t getExchangeScratchBytes(Operation *op);

int64_t mytriton::getTiledScratchBytes(Operation *op) {
  if (auto reduce = dyn_cast<tt::ReduceOp>(op))
    return getReduceScratchBytes(reduce);
  if (isa<tt::AtomicRMWOp, tt::AtomicCASOp>(op))
    return getAtomicScratchBytes(op);
  if (isa<tt::CombineReduceOp, tt::ScanOp>(op)) {
    auto type = cast<RankedTensorType>(op->getOperand(0).getType());
    Attribute layout = tt::getLayoutEncoding(type);
    return layout ? getCombineScratchBytes(
                        op, tt::getLayoutBases(layout, type.getShape()))
                  : 0;
  }
  if (!isa<tt::ReshapeOp, tt::ExpandDimsOp, tt::BroadcastOp, tt::TransOp,
           tt::ConvertLayoutOp>(op))
    return 0;
  auto srcType = cast<RankedTensorType>(op->getOperand(0).getType());
  auto dstType = cast<RankedTensorType>(op->getResult(0).getType());
  if (!isa<tt::ReshapeOp>(op) &&
      succeeded(getRegisterMap(srcType, dstType, getElementMap(op))))
    return 0;
  return getExchangeScratchBytes(op);
}

Value mytriton::getTiledScratchView(OpBuilder &b, Location loc, Operation *op,
                                    Type storage, int64_t count,
                                    int64_t byteShift) {
  auto kernel = op->getParentOfType<gpu::GPUFuncOp>();
  if (!kernel)
    return {};
  auto workgroup = gpu::AddressSpaceAttr::get(
      b.getContext(), gpu::GPUDialect::getWorkgroupAddressSpace());
  auto viewType = MemRefType::get({count}, storage, nullptr, workgroup);
  Value shift = arith::ConstantIndexOp::create(b, loc, byteShift);
  // A uniform kernel's scratch buffer follows its reduction buffers.
  if (auto attr = kernel->getAttrOfType<IntegerAttr>(kScratchBufferAttr)) {
    if (attr.getInt() >= kernel.getNumWorkgroupAttributions())
      return {};
    Value buffer = kernel.getWorkgroupAttributions()[attr.getInt()];
    return memref::ViewOp::create(b, loc, viewType, buffer, shift,
                                  ValueRange{});
  }
  // A tiled kernel's is its dynamic shared memory: one
  // gpu.dynamic_shared_memory at the kernel's entry for all views.
  Block &entry = kernel.getBody().front();
  Value buffer;
  for (auto existing : entry.getOps<gpu::DynamicSharedMemoryOp>())
    buffer = existing;
  if (!buffer) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&entry);
    buffer = gpu::DynamicSharedMemoryOp::create(
        b, loc,
        MemRefType::get({ShapedType::kDynamic}, b.getI8Type(), nullptr,
                        workgroup));
  }
  return memref::ViewOp::create(b, loc, viewType, buffer, shift, ValueRange{});
}

static int64_t dotConstant(ArrayRef<int64_t> coords,
                           ArrayRef<int64_t> strides) {
  int64_t linear = 0;
  for (auto [c, s] : llvm::zip_equal(coords, strides))
    linear += c * s;
  return linear;
}

/// The padded slot (ScratchPlan::getSlot) of the row-major indices `thread`
/// + c: the thread part's slot t + (t >> log2 P) * U, to which callers add
/// the constant slot of c (the two parts' bits are disjoint, so padding
/// them separately is padding their sum).
static Value createThreadSlot(OpBuilder &b, Location loc, Value thread,
                              const tt::ScratchPlan &plan) {
  // A swizzle XORs a bank mask in for each swizzled bit the thread has.
  Value slot = thread;
  for (auto [bit, mask] : plan.swizzle) {
    Value set = arith::AndIOp::create(
        b, loc,
        arith::ShRUIOp::create(b, loc, thread, i32Constant(b, loc, bit)),
        i32Constant(b, loc, 1));
    slot = arith::XOrIOp::create(
        b, loc, slot,
        arith::MulIOp::create(b, loc, set, i32Constant(b, loc, mask)));
  }
  if (!plan.padInterval)
    return slot;
  Value rows = arith::ShRUIOp::create(
      b, loc, thread, i32Constant(b, loc, llvm::Log2_64(plan.padInterval)));
  if (plan.padUnit > 1)
    rows = arith::ShLIOp::create(
        b, loc, rows, i32Constant(b, loc, llvm::Log2_64(plan.padUnit)));
  return arith::AddIOp::create(b, loc, thread, rows, kIndexFlags);
}

/// The strides that give the operand's row-major index of the element a
/// result register reads: a reshape keeps the row-major order (the
/// result's own row-major strides); a move reads operand coordinate k from
/// result coordinate srcDimOf[k].
static SmallVector<int64_t> getReadStrides(Operation *op) {
  auto srcType = cast<RankedTensorType>(op->getOperand(0).getType());
  auto dstType = cast<RankedTensorType>(op->getResult(0).getType());
  if (isa<tt::ReshapeOp>(op))
    return getRowMajorStrides(dstType.getShape());
  SmallVector<int64_t> srcStrides = getRowMajorStrides(srcType.getShape());
  SmallVector<int64_t> readStrides(dstType.getRank(), 0);
  for (auto [k, d] : llvm::enumerate(getElementMap(op).srcDimOf))
    if (d >= 0)
      readStrides[d] = srcStrides[k];
  return readStrides;
}

/// The slots and access widths of `op`'s exchange through scratch. Only
/// elements stored as themselves go by vectors (bools are bytes and
/// pointers integers in scratch).
static tt::ScratchPlan getExchangePlan(Operation *op) {
  auto srcType = cast<RankedTensorType>(op->getOperand(0).getType());
  auto dstType = cast<RankedTensorType>(op->getResult(0).getType());
  Type element = srcType.getElementType();
  Type storage = getScratchStorageType(element);
  Attribute srcLayout = tt::getLayoutEncoding(srcType);
  Attribute dstLayout = tt::getLayoutEncoding(dstType);
  if (!srcLayout || !dstLayout) {
    // Not lowerable as a tiled exchange (checkTiledLowerable reports it);
    // sized by the scalar rule.
    tt::ScratchPlan plan;
    plan.padInterval =
        tt::getScratchPadInterval(srcType.getShape(), dstType.getShape());
    return plan;
  }
  return tt::getScratchPlan(
      tt::getLayoutBases(srcLayout, srcType.getShape()),
      getRowMajorStrides(srcType.getShape()),
      tt::getLayoutBases(dstLayout, dstType.getShape()), getReadStrides(op),
      tt::getScratchPadInterval(srcType.getShape(), dstType.getShape()),
      storage.getIntOrFloatBitWidth() / 8, storage == element);
}

static int64_t getExchangeScratchBytes(Operation *op) {
  auto srcType = cast<RankedTensorType>(op->getOperand(0).getType());
  return getExchangePlan(op).getSlot(srcType.getNumElements()) *
         getScratchStorageBytes(srcType);
}

FailureOr<Value> mytriton::exchangeThroughScratch(OpBuilder &b, Location loc,
                                                  Operation *op, Value src,
                                                  Type dstConverted) {
  auto srcType = cast<RankedTensorType>(op->getOperand(0).getType());
  auto dstType = cast<RankedTensorType>(op->getResult(0).getType());
  Type element = getElementTypeOrSelf(src.getType());
  Type storage = getScratchStorageType(element);
  int64_t storageBytes = storage.getIntOrFloatBitWidth() / 8;
  tt::ScratchPlan plan = getExchangePlan(op);
  Value view = getTiledScratchView(b, loc, op, storage,
                                   plan.getSlot(srcType.getNumElements()));
  if (!view)
    return failure();
  // Thread and register parts have disjoint index bits: their slots add.
  // Under a swizzle (tt::ScratchPlan) the bits it may change XOR, and the
  // rest still add, so a thread keeps one base per distinct XOR and the
  // rest are immediate offsets.
  auto index = [&](Value thread, int64_t constant) -> Value {
    int64_t part = plan.getSlot(constant);
    int64_t xored = part & plan.getSwizzledBits();
    if (xored)
      thread = arith::XOrIOp::create(b, loc, thread,
                                     i32Constant(b, loc, xored));
    Value slot = arith::AddIOp::create(
        b, loc, thread, i32Constant(b, loc, part - xored), kIndexFlags);
    return arith::IndexCastUIOp::create(b, loc, b.getIndexType(), slot);
  };
  auto alignment = [&](int64_t width) {
    return llvm::MaybeAlign(width * storageBytes);
  };
  // Whoever used the buffer before has read it.
  gpu::BarrierOp::create(b, loc);
  tt::LayoutBases srcBases =
      tt::getLayoutBases(tt::getLayoutEncoding(srcType), srcType.getShape());
  SmallVector<int64_t> srcStrides = getRowMajorStrides(srcType.getShape());
  Value srcThread = createThreadSlot(
      b, loc, createDot(b, loc, createThreadCoords(b, loc, srcBases), srcStrides),
      plan);
  SmallVector<bool> duplicate = getDuplicateRegisters(srcBases);
  int64_t width = plan.writeWidth;
  for (int64_t r = 0, e = srcBases.registerOffsets.size(); r < e;
       r += width) {
    // A run of a vector's width holds consecutive elements; a duplicate's
    // run repeats an earlier one whole (tt::getScratchPlan).
    if (duplicate[r])
      continue;
    Value at = index(srcThread,
                     dotConstant(srcBases.registerOffsets[r], srcStrides));
    if (width == 1) {
      Value value = vector::ExtractOp::create(b, loc, src, ArrayRef<int64_t>{r});
      memref::StoreOp::create(b, loc, toScratchStorage(b, loc, value), view,
                              at);
      continue;
    }
    Value run = vector::ShuffleOp::create(
        b, loc, src, src, llvm::to_vector(llvm::seq<int64_t>(r, r + width)));
    vector::StoreOp::create(b, loc, run, view, ValueRange{at},
                            /*nontemporal=*/false, alignment(width));
  }
  gpu::BarrierOp::create(b, loc);
  tt::LayoutBases dstBases =
      tt::getLayoutBases(tt::getLayoutEncoding(dstType), dstType.getShape());
  SmallVector<int64_t> readStrides = getReadStrides(op);
  Value dstThread = createThreadSlot(
      b, loc,
      createDot(b, loc, createThreadCoords(b, loc, dstBases), readStrides),
      plan);
  SmallVector<Value> values;
  width = plan.readWidth;
  for (int64_t r = 0, e = dstBases.registerOffsets.size(); r < e;
       r += width) {
    int64_t constant = dotConstant(dstBases.registerOffsets[r], readStrides);
    if (width == 1) {
      Value stored =
          memref::LoadOp::create(b, loc, view, index(dstThread, constant));
      values.push_back(fromScratchStorage(b, loc, stored, element));
      continue;
    }
    Value run = vector::LoadOp::create(
        b, loc, VectorType::get({width}, storage), view,
        ValueRange{index(dstThread, constant)}, /*nontemporal=*/false,
        alignment(width));
    for (int64_t j = 0; j < width; ++j)
      values.push_back(
          vector::ExtractOp::create(b, loc, run, ArrayRef<int64_t>{j}));
  }
  return Value(vector::FromElementsOp::create(
      b, loc, cast<VectorType>(dstConverted), values));
}

//===----------------------------------------------------------------------===//
// Type conversion and patterns
//===----------------------------------------------------------------------===//

void mytriton::populateTiledTypeConversions(TypeConverter &converter) {
  // Later conversions are tried first.
  converter.addConversion([](Type type) { return type; });
  converter.addConversion([](tt::PointerType type) -> Type {
    return LLVM::LLVMPointerType::get(type.getContext(), /*addressSpace=*/1);
  });
  converter.addConversion([](RankedTensorType type) -> Type {
    Attribute layout = tt::getLayoutEncoding(type);
    if (!layout)
      return Type();
    Type element = type.getElementType();
    if (isa<tt::PointerType>(element))
      element = LLVM::LLVMPointerType::get(type.getContext(), 1);
    return VectorType::get(
        {tt::getTotalElemsPerThread(layout, type.getShape())}, element);
  });
}

void mytriton::populateTiledToGPUPatterns(const TypeConverter &typeConverter,
                                          RewritePatternSet &patterns) {
  patterns.add<TiledMakeRangeOpLowering, TiledMoveOpLowering<tt::ExpandDimsOp>,
               TiledMoveOpLowering<tt::BroadcastOp>,
               TiledMoveOpLowering<tt::TransOp>,
               TiledMoveOpLowering<tt::ConvertLayoutOp>>(typeConverter,
                                                 patterns.getContext());
}
