//===- MemoryToGPU.cpp - tt.load and tt.store ------------------------------===//
//
// Each lane of a thread is loaded or stored on its own, behind its mask bit.
// When the pointer tensor is contiguous (kContiguousAttr) and a thread owns
// several lanes, they are split into chunks of up to 16 bytes; a chunk whose
// first address is aligned to its size and whose mask bits are all true at
// run time is one vector access (ld/st.global.v4.f32), any other takes the
// lane-by-lane path, so rows of any length and alignment stay correct.
// What ContiguityAnalysis proves (kDivisibilityAttr, kMaskConstancyAttr)
// drops those tests: a chunk proven aligned, with a mask proven uniform over
// it, is one vector access behind its first lane's mask bit and nothing else.
//
//===----------------------------------------------------------------------===//

#include "TTToGPUInternal.h"

#include "MyTriton/Dialect/TT/IR/TTDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
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

/// Lanes per vector access for a thread's `lanes` lanes of `element` in
/// `op`'s kernel: the most that divides the thread's group of consecutive
/// lanes (getLanesPerGroup: groups further apart are not adjacent in
/// memory) and fits in 16 bytes; 1 means no vector access.
int64_t getVectorWidth(Operation *op, int64_t lanes, Type element,
                       bool contiguous) {
  int64_t bytes = getByteSize(element);
  if (!contiguous || bytes == 0)
    return 1;
  int64_t group = getLanesPerGroup(op, lanes);
  int64_t width = 1;
  while (group % (width * 2) == 0 && width * 2 * bytes <= kMaxVectorBytes)
    width *= 2;
  return width;
}

/// Whether the run-time address `ptr` is a multiple of `bytes`.
Value isAligned(OpBuilder &b, Location loc, Value ptr, int64_t bytes) {
  Value address = LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), ptr);
  Value low = arith::AndIOp::create(
      b, loc, address,
      arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(bytes - 1)));
  return arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::eq, low,
      arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(0)));
}

/// The run-time condition under which the chunk [first, first + width) of a
/// contiguous access, starting at `chunkPtr`, may be one vector access:
/// aligned to its size and, with a mask, all lanes on. Null when `facts`
/// make it always true.
Value canAccessChunk(OpBuilder &b, Location loc, Value chunkPtr, Value mask,
                     int64_t first, int64_t width, int64_t bytes,
                     ChunkFacts facts) {
  Value condition;
  if (!facts.aligned)
    condition = isAligned(b, loc, chunkPtr, width * bytes);
  if (!mask)
    return condition;
  int64_t tested = facts.uniformMask ? 1 : width;
  for (int64_t lane = first; lane < first + tested; ++lane) {
    Value bit = extractLane(b, loc, mask, lane);
    condition =
        condition ? arith::AndIOp::create(b, loc, condition, bit) : bit;
  }
  return condition;
}

/// The pointer of lane `lane` of a chunk of consecutive elements that starts
/// at lane `first`, `chunkPtr`: chunkPtr + (lane - first). Deriving it from
/// the chunk's first pointer, not from the lane's own element of the pointer
/// vector, lets LLVM fold it into an immediate offset, so a thread keeps one
/// 64-bit address per chunk live rather than one per lane (46 registers
/// instead of 31 for softmax at 8 lanes per thread, before this).
Value lanePointer(OpBuilder &b, Location loc, Value ptrs, Value chunkPtr,
                  Type element, int64_t first, int64_t lane) {
  if (!chunkPtr)
    return extractLane(b, loc, ptrs, lane);
  if (lane == first)
    return chunkPtr;
  return LLVM::GEPOp::create(b, loc, chunkPtr.getType(), element, chunkPtr,
                             ArrayRef<LLVM::GEPArg>{
                                 static_cast<int32_t>(lane - first)},
                             LLVM::GEPNoWrapFlags::inbounds);
}

/// The pointer of register `first` of a contiguous access: the thread's
/// first pointer plus the elements between the two registers' lanes,
/// (first / G) * threads * G + first % G in the grouped layout. Deriving
/// every chunk's pointer from one, rather than from the pointer vector,
/// leaves LLVM one 64-bit address per access to keep live, the rest being
/// immediate offsets; otherwise it keeps each chunk's sign-extended offset
/// from the loads to the stores (softmax at 16 lanes: 50 registers).
Value chunkPointer(OpBuilder &b, Location loc, Operation *op, Value ptrs,
                   Type element, int64_t first) {
  Value base = extractLane(b, loc, ptrs, 0);
  if (first == 0)
    return base;
  int64_t group = getLanesPerGroup(op, getLanesPerThread(ptrs.getType()));
  int64_t lanes = (first / group) * getThreadsPerProgram(op) * group +
                  first % group;
  return LLVM::GEPOp::create(b, loc, base.getType(), element, base,
                             ArrayRef<LLVM::GEPArg>{
                                 static_cast<int32_t>(lanes)},
                             LLVM::GEPNoWrapFlags::inbounds);
}

/// Lanes [first, first + count) of `value` as a vector of `count` (a scalar
/// when count is 1).
Value extractChunk(OpBuilder &b, Location loc, Value value, int64_t first,
                   int64_t count) {
  if (count == getLanesPerThread(value.getType()))
    return value;
  if (count == 1)
    return extractLane(b, loc, value, first);
  auto positions = llvm::to_vector(llvm::seq<int64_t>(first, first + count));
  return vector::ShuffleOp::create(b, loc, value, value, positions);
}

/// A masked-off lane reads `other` (0 without one) and touches no memory.
struct LoadOpLowering : OpConversionPattern<tt::LoadOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tt::LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type type = typeConverter->convertType(op.getType());
    if (!type)
      return failure();
    Type element = getElementTypeOrSelf(type);
    int64_t lanes = getLanesPerThread(type);
    Value ptrs = adaptor.getPtr(), mask = adaptor.getMask();
    Value other = adaptor.getOther();
    if (mask && !other)
      other = arith::ConstantOp::create(rewriter, loc, element,
                                        rewriter.getZeroAttr(element));

    // Lanes [first, first + count) one by one; `chunkPtr`, when set, is
    // lane first's pointer of a contiguous chunk.
    auto loadLanes = [&](OpBuilder &b, Location l, int64_t first,
                         int64_t count, Value chunkPtr = nullptr) {
      SmallVector<Value> values;
      for (int64_t lane = first; lane < first + count; ++lane)
        values.push_back(loadLane(
            b, l, element,
            lanePointer(b, l, ptrs, chunkPtr, element, first, lane), mask,
            other, lane));
      return values;
    };

    int64_t width = getVectorWidth(op, lanes, element,
                                   op->hasAttr(kContiguousAttr));
    if (width == 1) {
      rewriter.replaceOp(
          op, fromLanes(rewriter, loc, type, loadLanes(rewriter, loc, 0, lanes)));
      return success();
    }

    auto chunkType = VectorType::get({width}, element);
    int64_t bytes = getByteSize(element);
    SmallVector<Value> values;
    ChunkFacts facts = getChunkFacts(op, width, bytes, mask != nullptr);
    for (int64_t first = 0; first < lanes; first += width) {
      Value chunkPtr =
          chunkPointer(rewriter, loc, op, ptrs, element, first);
      auto vectorLoad = [&](OpBuilder &b, Location l) -> Value {
        return LLVM::LoadOp::create(b, l, chunkType, chunkPtr, width * bytes);
      };
      // Without the fast path, every lane on its own (always correct); with
      // a proven-aligned chunk and a uniform mask, `other` is all it needs.
      auto otherwise = [&](OpBuilder &b, Location l) -> Value {
        if (!(facts.aligned && facts.uniformMask))
          return fromLanes(b, l, chunkType,
                           loadLanes(b, l, first, width, chunkPtr));
        if (isa<VectorType>(other.getType()))
          return extractChunk(b, l, other, first, width);
        return vector::BroadcastOp::create(b, l, chunkType, other);
      };
      Value fast = canAccessChunk(rewriter, loc, chunkPtr, mask, first, width,
                                  bytes, facts);
      Value chunk;
      int64_t words = getPredicatedWords(width * bytes);
      if (!fast) {
        chunk = vectorLoad(rewriter, loc);
      } else if (mask && facts.aligned && facts.uniformMask && words) {
        // One mask bit for the aligned chunk: Triton's predicated load.
        chunk = createPredicatedLoad(rewriter, loc, chunkType, chunkPtr, fast,
                                     otherwise(rewriter, loc), words);
      } else {
        auto ifOp = scf::IfOp::create(
            rewriter, loc, fast,
            [&](OpBuilder &b, Location l) {
              scf::YieldOp::create(b, l, vectorLoad(b, l));
            },
            [&](OpBuilder &b, Location l) {
              scf::YieldOp::create(b, l, otherwise(b, l));
            });
        chunk = ifOp.getResult(0);
      }
      if (width == lanes) {
        rewriter.replaceOp(op, chunk);
        return success();
      }
      for (int64_t lane = 0; lane < width; ++lane)
        values.push_back(extractLane(rewriter, loc, chunk, lane));
    }
    rewriter.replaceOp(op, fromLanes(rewriter, loc, type, values));
    return success();
  }

  /// One lane's load, behind its mask bit when there is a mask.
  static Value loadLane(OpBuilder &b, Location loc, Type element, Value ptr,
                        Value mask, Value other, int64_t lane) {
    auto load = [&](OpBuilder &nested, Location l) -> Value {
      return LLVM::LoadOp::create(nested, l, element, ptr,
                                  getByteSize(element));
    };
    if (!mask)
      return load(b, loc);
    Value otherLane = isa<VectorType>(other.getType())
                          ? extractLane(b, loc, other, lane)
                          : other;
    auto ifOp = scf::IfOp::create(
        b, loc, extractLane(b, loc, mask, lane),
        [&](OpBuilder &nested, Location l) {
          scf::YieldOp::create(nested, l, load(nested, l));
        },
        [&](OpBuilder &nested, Location l) {
          scf::YieldOp::create(nested, l, otherLane);
        });
    return ifOp.getResult(0);
  }
};

/// Lanes store where their mask holds; a scalar store is done by thread 0.
/// With packed programs, a program past the grid's end stores nothing.
struct StoreOpLowering : OpConversionPattern<tt::StoreOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tt::StoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    OpBuilder::InsertionGuard guard(rewriter);
    auto kernel = op->getParentOfType<gpu::GPUFuncOp>();
    if (kernel && getProgramsPerCTA(kernel) > 1) {
      auto ifLive = scf::IfOp::create(
          rewriter, loc,
          createProgramLive(rewriter, loc, kernel,
                            op->hasAttr(kGridAxis0FastestAttr)),
          /*withElseRegion=*/false);
      rewriter.setInsertionPointToStart(ifLive.thenBlock());
    }
    Value ptrs = adaptor.getPtr(), values = adaptor.getValue();
    Value mask = adaptor.getMask();
    if (!isa<RankedTensorType>(op.getPtr().getType())) {
      Value zero = arith::ConstantOp::create(rewriter, loc,
                                             rewriter.getI32IntegerAttr(0));
      Value isFirst =
          arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                createThreadIdX(rewriter, loc), zero);
      mask = mask ? arith::AndIOp::create(rewriter, loc, isFirst, mask)
                  : isFirst;
    }
    Type element = getElementTypeOrSelf(values.getType());
    int64_t lanes = getLanesPerThread(values.getType());
    int64_t width =
        getVectorWidth(op, lanes, element, op->hasAttr(kContiguousAttr));
    if (width == 1) {
      storeLanes(rewriter, loc, ptrs, values, mask, 0, lanes);
      rewriter.eraseOp(op);
      return success();
    }

    int64_t bytes = getByteSize(element);
    ChunkFacts facts = getChunkFacts(op, width, bytes, mask != nullptr);
    for (int64_t first = 0; first < lanes; first += width) {
      Value chunkPtr =
          chunkPointer(rewriter, loc, op, ptrs, element, first);
      auto vectorStore = [&](OpBuilder &b, Location l) {
        LLVM::StoreOp::create(b, l, extractChunk(b, l, values, first, width),
                              chunkPtr, width * bytes);
      };
      Value fast = canAccessChunk(rewriter, loc, chunkPtr, mask, first, width,
                                  bytes, facts);
      if (!fast) {
        vectorStore(rewriter, loc);
        continue;
      }
      // A proven-aligned chunk with a uniform mask stores all or nothing:
      // a predicated store where PTX has one of its size.
      int64_t words = getPredicatedWords(width * bytes);
      if (facts.aligned && facts.uniformMask && words) {
        createPredicatedStore(rewriter, loc, chunkPtr, fast,
                              extractChunk(rewriter, loc, values, first, width),
                              words);
        continue;
      }
      if (facts.aligned && facts.uniformMask) {
        auto ifOp = scf::IfOp::create(rewriter, loc, fast,
                                      /*withElseRegion=*/false);
        OpBuilder::InsertionGuard chunkGuard(rewriter);
        rewriter.setInsertionPointToStart(ifOp.thenBlock());
        vectorStore(rewriter, loc);
        continue;
      }
      scf::IfOp::create(
          rewriter, loc, fast,
          [&](OpBuilder &b, Location l) {
            vectorStore(b, l);
            scf::YieldOp::create(b, l);
          },
          [&](OpBuilder &b, Location l) {
            storeLanes(b, l, ptrs, values, mask, first, width, chunkPtr);
            scf::YieldOp::create(b, l);
          });
    }
    rewriter.eraseOp(op);
    return success();
  }

  /// Lanes [first, first + count) one by one, each behind its mask bit;
  /// `chunkPtr`, when set, is lane first's pointer of a contiguous chunk.
  static void storeLanes(OpBuilder &b, Location loc, Value ptrs, Value values,
                         Value mask, int64_t first, int64_t count,
                         Value chunkPtr = nullptr) {
    for (int64_t lane = first; lane < first + count; ++lane) {
      Value value = extractLane(b, loc, values, lane);
      Value ptr = lanePointer(b, loc, ptrs, chunkPtr, value.getType(), first,
                              lane);
      unsigned alignment = getByteSize(value.getType());
      if (!mask) {
        LLVM::StoreOp::create(b, loc, value, ptr, alignment);
        continue;
      }
      auto ifOp = scf::IfOp::create(b, loc, extractLane(b, loc, mask, lane),
                                    /*withElseRegion=*/false);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(ifOp.thenBlock());
      LLVM::StoreOp::create(b, loc, value, ptr, alignment);
    }
  }
};
} // namespace

void mytriton::populateTTMemoryToGPUPatterns(const TypeConverter &typeConverter,
                                             RewritePatternSet &patterns) {
  patterns.add<LoadOpLowering, StoreOpLowering>(typeConverter,
                                                patterns.getContext());
}
