//===- TiledMemoryToGPU.cpp - tt.load and tt.store of tiled kernels -------===//
//
// A thread accesses each register of the pointer tensor on its own, behind
// its mask bit, except for runs of registers that hold consecutive elements
// along the layout's fastest dimension where the pointer tensor addresses
// consecutive memory (kTiledContiguityAttr): such a run of up to 16 bytes is
// one vector access when at run time its first address is aligned to its
// size and all its mask bits are set, and register by register otherwise.
// What is proven (kDivisibilityAttr, kMaskConstancyAttr) is not tested: a
// run proven aligned behind a mask proven uniform over it is one vector
// access behind its first mask bit, and nothing else.
// A store writes each element once: only the thread whose replicating
// thread bits are 0 stores, and a register repeating an earlier one of the
// same thread is skipped.
//
//===----------------------------------------------------------------------===//

#include "TTToGPUInternal.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::mytriton;

namespace {
/// The widest global access a thread issues: 128 bits.
constexpr int64_t kMaxVectorBytes = 16;

unsigned getByteSize(Type scalar) {
  return scalar.getIntOrFloatBitWidth() / 8;
}

/// A run of `width` consecutive registers starting at `first`.
struct Chunk {
  int64_t first;
  int64_t width;
};

/// The registers of an access in chunks: runs of v registers (v the
/// proven contiguity, at most 16 bytes) holding elements first + [0, v) of
/// the fastest dimension, starting at a multiple of v in every thread; all
/// others one by one. `duplicate` registers (replicas within the thread)
/// are left out when `skipDuplicates`.
SmallVector<Chunk> getChunks(Operation *op, const tt::LayoutBases &bases,
                             unsigned fastDim, int64_t bytes,
                             ArrayRef<bool> duplicate) {
  int64_t registers = bases.registerOffsets.size();
  auto contiguity = op->getAttrOfType<IntegerAttr>(kTiledContiguityAttr);
  int64_t width = contiguity ? contiguity.getInt() : 1;
  width = std::min<int64_t>(width, kMaxVectorBytes / bytes);
  while (width > 1 && registers % width)
    width /= 2;
  // Every thread's part along the fastest dimension is a multiple of the
  // width (its bases are), so a run starting at an offset that is one
  // starts at one in every thread.
  auto threadAligned = [&](int64_t w) {
    for (const auto &base : llvm::concat<const SmallVector<int64_t>>(
             bases.laneBases, bases.warpBases))
      if (base[fastDim] % w)
        return false;
    return true;
  };
  while (width > 1 && !threadAligned(width))
    width /= 2;
  auto isRun = [&](int64_t first) {
    ArrayRef<int64_t> start = bases.registerOffsets[first];
    if (start[fastDim] % width || duplicate[first])
      return false;
    for (int64_t i = 1; i < width; ++i) {
      SmallVector<int64_t> expected(start);
      expected[fastDim] += i;
      if (bases.registerOffsets[first + i] != ArrayRef<int64_t>(expected) ||
          duplicate[first + i])
        return false;
    }
    return true;
  };
  SmallVector<Chunk> chunks;
  for (int64_t first = 0; first < registers;) {
    if (width > 1 && first % width == 0 && isRun(first)) {
      chunks.push_back({first, width});
      first += width;
      continue;
    }
    if (!duplicate[first])
      chunks.push_back({first, 1});
    ++first;
  }
  return chunks;
}

Value getRegister(OpBuilder &b, Location loc, Value value, int64_t r) {
  if (!isa<VectorType>(value.getType()))
    return value;
  return vector::ExtractOp::create(b, loc, value, ArrayRef<int64_t>{r});
}

/// The run-time test that a chunk may be one vector access: its first
/// address aligned to its size and its mask bits all set, leaving out what
/// `facts` prove (one mask bit stands for all when they are equal). Null
/// when nothing is left to test.
Value canAccessChunk(OpBuilder &b, Location loc, Value chunkPtr, Value mask,
                     Chunk chunk, int64_t bytes, ChunkFacts facts) {
  Value condition;
  if (!facts.aligned) {
    Value address =
        LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), chunkPtr);
    Value low = arith::AndIOp::create(
        b, loc, address,
        arith::ConstantOp::create(
            b, loc, b.getI64IntegerAttr(chunk.width * bytes - 1)));
    condition = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::eq, low,
        arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(0)));
  }
  if (!mask)
    return condition;
  int64_t tested = facts.uniformMask ? 1 : chunk.width;
  for (int64_t r = chunk.first; r < chunk.first + tested; ++r) {
    Value bit = getRegister(b, loc, mask, r);
    condition = condition ? arith::AndIOp::create(b, loc, condition, bit) : bit;
  }
  return condition;
}

/// The pointer `i` elements past `chunkPtr`.
Value offsetPointer(OpBuilder &b, Location loc, Value chunkPtr, Type element,
                    int64_t i) {
  if (i == 0)
    return chunkPtr;
  return LLVM::GEPOp::create(b, loc, chunkPtr.getType(), element, chunkPtr,
                             ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(i)},
                             LLVM::GEPNoWrapFlags::inbounds);
}

/// The layout a tiled access distributes by, and whether `values` all share
/// it (registers correspond one to one).
Attribute getAccessLayout(Type ptrType, ValueRange others) {
  Attribute layout = tt::getLayoutEncoding(ptrType);
  for (Value other : others)
    if (other && tt::getLayoutEncoding(other.getType()) != layout)
      return {};
  return layout;
}

struct TiledLoadOpLowering : OpConversionPattern<tt::LoadOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tt::LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type type = typeConverter->convertType(op.getType());
    if (!type)
      return failure();
    Type element = getElementTypeOrSelf(type);
    Value ptrs = adaptor.getPtr(), mask = adaptor.getMask();
    Value other = adaptor.getOther();
    if (mask && !other)
      other = arith::ConstantOp::create(rewriter, loc, element,
                                        rewriter.getZeroAttr(element));
    auto loadRegister = [&](OpBuilder &b, Location l, Value ptr,
                            int64_t r) -> Value {
      auto load = [&](OpBuilder &nested, Location nl) -> Value {
        return LLVM::LoadOp::create(nested, nl, element, ptr,
                                    getByteSize(element));
      };
      if (!mask)
        return load(b, l);
      Value otherValue = getRegister(b, l, other, r);
      auto ifOp = scf::IfOp::create(
          b, l, getRegister(b, l, mask, r),
          [&](OpBuilder &nested, Location nl) {
            scf::YieldOp::create(nested, nl, load(nested, nl));
          },
          [&](OpBuilder &nested, Location nl) {
            scf::YieldOp::create(nested, nl, otherValue);
          });
      return ifOp.getResult(0);
    };

    auto vectorType = dyn_cast<VectorType>(type);
    if (!vectorType) {
      rewriter.replaceOp(op, loadRegister(rewriter, loc, ptrs, 0));
      return success();
    }
    Attribute layout = getAccessLayout(
        op.getPtr().getType(), {op.getResult(), op.getMask(), op.getOther()});
    if (!layout)
      return rewriter.notifyMatchFailure(op, "operands of different layouts");
    tt::LayoutBases bases = tt::getLayoutBases(
        layout, cast<RankedTensorType>(op.getPtr().getType()).getShape());
    int64_t bytes = getByteSize(element);
    // Every register is loaded, replicas too: each thread needs its values.
    SmallVector<bool> none(bases.registerOffsets.size(), false);
    SmallVector<Value> values(bases.registerOffsets.size());
    for (Chunk chunk : getChunks(op, bases, getFastestDim(layout), bytes,
                                 none)) {
      Value chunkPtr = getRegister(rewriter, loc, ptrs, chunk.first);
      if (chunk.width == 1) {
        values[chunk.first] = loadRegister(rewriter, loc, chunkPtr, chunk.first);
        continue;
      }
      auto chunkType = VectorType::get({chunk.width}, element);
      ChunkFacts facts = getChunkFacts(op, chunk.width, bytes, bool(mask));
      auto loadVector = [&](OpBuilder &b, Location l) -> Value {
        return LLVM::LoadOp::create(b, l, chunkType, chunkPtr,
                                    chunk.width * bytes);
      };
      Value condition =
          canAccessChunk(rewriter, loc, chunkPtr, mask, chunk, bytes, facts);
      int64_t words = getPredicatedWords(chunk.width * bytes);
      Value loaded;
      if (!condition) {
        loaded = loadVector(rewriter, loc);
      } else if (mask && facts.aligned && facts.uniformMask && words) {
        SmallVector<Value> others;
        for (int64_t i = 0; i < chunk.width; ++i)
          others.push_back(getRegister(rewriter, loc, other, chunk.first + i));
        loaded = createPredicatedLoad(
            rewriter, loc, chunkType, chunkPtr, condition,
            vector::FromElementsOp::create(rewriter, loc, chunkType, others),
            words);
      } else {
        auto ifOp = scf::IfOp::create(
            rewriter, loc, condition,
            [&](OpBuilder &b, Location l) {
              scf::YieldOp::create(b, l, loadVector(b, l));
            },
            [&](OpBuilder &b, Location l) {
              // Aligned with one mask bit for all: here all are off.
              bool allOff = facts.aligned && facts.uniformMask;
              SmallVector<Value> lanes;
              for (int64_t i = 0; i < chunk.width; ++i)
                lanes.push_back(
                    allOff ? getRegister(b, l, other, chunk.first + i)
                           : loadRegister(
                                 b, l, offsetPointer(b, l, chunkPtr, element, i),
                                 chunk.first + i));
              scf::YieldOp::create(
                  b, l, Value(vector::FromElementsOp::create(b, l, chunkType,
                                                             lanes)));
            });
        loaded = ifOp.getResult(0);
      }
      for (int64_t i = 0; i < chunk.width; ++i)
        values[chunk.first + i] = vector::ExtractOp::create(
            rewriter, loc, loaded, ArrayRef<int64_t>{i});
    }
    rewriter.replaceOpWithNewOp<vector::FromElementsOp>(op, vectorType, values);
    return success();
  }
};

struct TiledStoreOpLowering : OpConversionPattern<tt::StoreOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tt::StoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value ptrs = adaptor.getPtr(), values = adaptor.getValue();
    Value mask = adaptor.getMask();
    Type element = getElementTypeOrSelf(values.getType());
    int64_t bytes = getByteSize(element);
    OpBuilder::InsertionGuard guard(rewriter);

    auto storeRegister = [&](OpBuilder &b, Location l, Value ptr, int64_t r) {
      Value value = getRegister(b, l, values, r);
      if (!mask) {
        LLVM::StoreOp::create(b, l, value, ptr, bytes);
        return;
      }
      auto ifOp = scf::IfOp::create(b, l, getRegister(b, l, mask, r),
                                    /*withElseRegion=*/false);
      OpBuilder::InsertionGuard nested(b);
      b.setInsertionPointToStart(ifOp.thenBlock());
      LLVM::StoreOp::create(b, l, value, ptr, bytes);
    };
    // Stores only from the owner of each element.
    auto onlyIf = [&](Value condition) {
      auto ifOp = scf::IfOp::create(rewriter, loc, condition,
                                    /*withElseRegion=*/false);
      rewriter.setInsertionPointToStart(ifOp.thenBlock());
    };

    if (!isa<VectorType>(ptrs.getType())) {
      onlyIf(arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::eq,
          createThreadIdX(rewriter, loc),
          arith::ConstantOp::create(rewriter, loc,
                                    rewriter.getI32IntegerAttr(0))));
      storeRegister(rewriter, loc, ptrs, 0);
      rewriter.eraseOp(op);
      return success();
    }
    Attribute layout = getAccessLayout(op.getPtr().getType(),
                                       {op.getValue(), op.getMask()});
    if (!layout)
      return rewriter.notifyMatchFailure(op, "operands of different layouts");
    tt::LayoutBases bases = tt::getLayoutBases(
        layout, cast<RankedTensorType>(op.getPtr().getType()).getShape());
    // Whether this thread owns its elements (a replica of them stores
    // nothing). Folded into each access's condition rather than wrapped
    // around all of them: LLVM's InstCombine sinks whatever only the stores
    // use into a block they alone occupy, so a column sum's additions of
    // every step moved behind its last step and kept all of its
    // shared-memory loads live (132 registers instead of 63).
    Value owner;
    if (int64_t replicas = getReplicaThreadBits(bases)) {
      Value bits = arith::AndIOp::create(
          rewriter, loc, createThreadIdX(rewriter, loc),
          arith::ConstantOp::create(
              rewriter, loc,
              rewriter.getI32IntegerAttr(static_cast<int32_t>(replicas))));
      owner = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::eq, bits,
          arith::ConstantOp::create(rewriter, loc,
                                    rewriter.getI32IntegerAttr(0)));
    }
    // Code that must run on the owner only, behind a branch of its own.
    auto ownerOnly = [&](llvm::function_ref<void()> body) {
      OpBuilder::InsertionGuard nested(rewriter);
      if (owner)
        onlyIf(owner);
      body();
    };
    for (Chunk chunk :
         getChunks(op, bases, getFastestDim(layout), bytes,
                   getDuplicateRegisters(bases))) {
      Value chunkPtr = getRegister(rewriter, loc, ptrs, chunk.first);
      if (chunk.width == 1) {
        ownerOnly(
            [&] { storeRegister(rewriter, loc, chunkPtr, chunk.first); });
        continue;
      }
      ChunkFacts facts = getChunkFacts(op, chunk.width, bytes, bool(mask));
      auto storeVector = [&](OpBuilder &b, Location l) {
        auto positions = llvm::to_vector(
            llvm::seq<int64_t>(chunk.first, chunk.first + chunk.width));
        Value part = vector::ShuffleOp::create(b, l, values, values, positions);
        LLVM::StoreOp::create(b, l, part, chunkPtr, chunk.width * bytes);
      };
      Value condition =
          canAccessChunk(rewriter, loc, chunkPtr, mask, chunk, bytes, facts);
      if (!condition && !owner) {
        storeVector(rewriter, loc);
        continue;
      }
      // The owner's condition for the whole chunk.
      auto getOwned = [&]() -> Value {
        if (!owner)
          return condition;
        if (!condition)
          return owner;
        return arith::AndIOp::create(rewriter, loc, owner, condition);
      };
      // Aligned with one mask bit for all: all or nothing.
      int64_t words = getPredicatedWords(chunk.width * bytes);
      if (facts.aligned && facts.uniformMask && words) {
        Value owned = getOwned();
        auto positions = llvm::to_vector(
            llvm::seq<int64_t>(chunk.first, chunk.first + chunk.width));
        createPredicatedStore(
            rewriter, loc, chunkPtr, owned,
            vector::ShuffleOp::create(rewriter, loc, values, values, positions),
            words);
        continue;
      }
      if (facts.aligned && facts.uniformMask) {
        auto ifOp = scf::IfOp::create(rewriter, loc, getOwned(),
                                      /*withElseRegion=*/false);
        OpBuilder::InsertionGuard nested(rewriter);
        rewriter.setInsertionPointToStart(ifOp.thenBlock());
        storeVector(rewriter, loc);
        continue;
      }
      // Unaligned, or a mask that may differ within the chunk: the vector
      // when all of it may be stored, else element by element.
      ownerOnly([&] {
        scf::IfOp::create(
            rewriter, loc, condition,
            [&](OpBuilder &b, Location l) {
              storeVector(b, l);
              scf::YieldOp::create(b, l);
            },
            [&](OpBuilder &b, Location l) {
              for (int64_t i = 0; i < chunk.width; ++i)
                storeRegister(b, l,
                              offsetPointer(b, l, chunkPtr, element, i),
                              chunk.first + i);
              scf::YieldOp::create(b, l);
            });
      });
    }
    rewriter.eraseOp(op);
    return success();
  }
};
} // namespace

void mytriton::populateTiledMemoryToGPUPatterns(
    const TypeConverter &typeConverter, RewritePatternSet &patterns) {
  patterns.add<TiledLoadOpLowering, TiledStoreOpLowering>(
      typeConverter, patterns.getContext());
}
