//===- TMAToGPU.cpp - TMA copies onto mbarriers ---------------------------===//
//
// Hopper's tensor memory accelerator (docs/GPULowering.md#tma-copies):
//
// - a !tt.tensor_map kernel argument is a generic pointer to the 128-byte
//   parameter (the kernel's `mytriton.tensor_maps` attribute lists them;
//   AttachTensorMapParams makes them byval __grid_constant__ parameters
//   after convert-gpu-to-nvvm, which drops byval);
// - !tt.mbarriers<N> is the shared address of N 8-byte mbarriers that
//   planSharedMemory placed;
// - thread 0 initializes the barriers, arms them (tt.barrier_expect) and
//   issues the copies: tt.async_tma_copy_global_to_local, where its
//   (uniform) predicate holds, is one cp.async.bulk.tensor per swizzled
//   piece of the tile: the #tt.shared
//   layout stores piece p (a box of R rows x S bytes, 128-byte swizzled as
//   TMA's SWIZZLE_128B writes it) at p * R * S, so each piece is one box of
//   the map at coordinates (col + p * S / e, row);
// - tt.wait_barrier spins on mbarrier.try_wait.parity.
//
//===----------------------------------------------------------------------===//

#include "TTToGPUInternal.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::mytriton;

namespace {

constexpr int64_t kBarrierBytes = 8;

Value i32Constant(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantOp::create(
      b, loc, b.getI32IntegerAttr(static_cast<int32_t>(value)));
}

/// The address of barrier `index` of a stack.
Value getBarrier(OpBuilder &b, Location loc, Value barriers, Value index) {
  Value offset = arith::MulIOp::create(b, loc, index,
                                       i32Constant(b, loc, kBarrierBytes));
  return createSharedGEP(b, loc, barriers, offset);
}

/// Whether this is the program's thread 0, which issues its TMA copies and
/// initializes and arms its barriers.
Value createIsLeader(OpBuilder &b, Location loc) {
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                               createThreadIdX(b, loc), i32Constant(b, loc, 0));
}

/// Runs `body` in thread 0 where `pred` holds (for every thread alike).
void createIfLeader(OpBuilder &b, Location loc, Value pred,
                    function_ref<void()> body) {
  Value leader = createIsLeader(b, loc);
  if (pred)
    leader = arith::AndIOp::create(b, loc, leader, pred);
  auto branch = scf::IfOp::create(b, loc, leader, /*withElseRegion=*/false);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&branch.getThenRegion().front());
  body();
}

struct InitBarriersOpLowering : OpConversionPattern<tt::InitBarriersOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::InitBarriersOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto offset = op->getAttrOfType<IntegerAttr>(kSharedOffsetAttr);
    if (!offset)
      return rewriter.notifyMatchFailure(op, "not placed by planSharedMemory");
    Location loc = op.getLoc();
    Value barriers =
        createSharedGEP(rewriter, loc, createSharedMemoryBase(rewriter, loc, op),
                        i32Constant(rewriter, loc, offset.getInt()));
    createIfLeader(rewriter, loc, /*pred=*/Value(), [&] {
      Value count = i32Constant(rewriter, loc, op.getCount());
      for (int64_t i = 0; i < op.getType().getCount(); ++i)
        NVVM::MBarrierInitOp::create(
            rewriter, loc,
            getBarrier(rewriter, loc, barriers, i32Constant(rewriter, loc, i)),
            count, /*predicate=*/Value());
      // The initialization becomes visible to the TMA engine (the async
      // proxy) and, through the barrier below, to every thread.
      NVVM::FenceMbarrierInitOp::create(rewriter, loc);
    });
    gpu::BarrierOp::create(rewriter, loc);
    rewriter.replaceOp(op, barriers);
    return success();
  }
};

struct BarrierExpectOpLowering : OpConversionPattern<tt::BarrierExpectOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::BarrierExpectOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    createIfLeader(rewriter, loc, adaptor.getPred(), [&] {
      NVVM::MBarrierArriveExpectTxOp::create(
          rewriter, loc, /*res=*/Type(),
          getBarrier(rewriter, loc, adaptor.getBarriers(), adaptor.getIndex()),
          i32Constant(rewriter, loc, op.getBytes()), NVVM::MemScopeKind::CTA,
          /*relaxed=*/false, /*predicate=*/Value());
    });
    rewriter.eraseOp(op);
    return success();
  }
};

struct AsyncTMACopyOpLowering
    : OpConversionPattern<tt::AsyncTMACopyGlobalToLocalOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::AsyncTMACopyGlobalToLocalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    tt::MemDescType tile = op.getDst().getType();
    auto shared = cast<tt::SharedEncodingAttr>(tile.getEncoding());
    int64_t rows = tile.getShape()[0], cols = tile.getShape()[1];
    int64_t elementBytes = tile.getElementType().getIntOrFloatBitWidth() / 8;
    int64_t swizzle = shared.getSwizzle();
    int64_t pieceElements = swizzle / elementBytes;
    Value row = adaptor.getCoords()[0], col = adaptor.getCoords()[1];
    auto clusterPtr = LLVM::LLVMPointerType::get(rewriter.getContext(), 7);
    createIfLeader(rewriter, loc, adaptor.getPred(), [&] {
      Value barrier =
          getBarrier(rewriter, loc, adaptor.getBarriers(), adaptor.getIndex());
      for (int64_t piece = 0; piece * pieceElements < cols; ++piece) {
        Value dst = createSharedGEP(
            rewriter, loc, adaptor.getDst(),
            i32Constant(rewriter, loc, piece * rows * swizzle));
        // PTX 8.0's form writes shared::cluster, where the CTA's own shared
        // window is its part.
        dst = LLVM::AddrSpaceCastOp::create(rewriter, loc, clusterPtr, dst);
        Value pieceCol =
            piece == 0 ? col
                       : Value(arith::AddIOp::create(
                             rewriter, loc, col,
                             i32Constant(rewriter, loc, piece * pieceElements)));
        // TMA's coordinates are innermost first.
        NVVM::CpAsyncBulkTensorGlobalToSharedClusterOp::create(
            rewriter, loc, dst, adaptor.getMap(), ValueRange{pieceCol, row},
            barrier, /*im2colOffsets=*/ValueRange(),
            /*multicastMask=*/Value(), /*l2CacheHint=*/Value(),
            NVVM::TMALoadMode::TILE, /*isCTAOnly=*/false,
            /*group=*/NVVM::CTAGroupKindAttr(), /*predicate=*/Value());
      }
    });
    rewriter.eraseOp(op);
    return success();
  }
};

struct WaitBarrierOpLowering : OpConversionPattern<tt::WaitBarrierOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::WaitBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value barrier = LLVM::PtrToIntOp::create(
        rewriter, loc, rewriter.getI32Type(),
        getBarrier(rewriter, loc, adaptor.getBarriers(), adaptor.getIndex()));
    // try_wait suspends the thread for a while; retry until the phase of
    // that parity has completed (its labels are local to the braces).
    LLVM::InlineAsmOp::create(
        rewriter, loc, /*res=*/TypeRange(), ValueRange{barrier,
                                                       adaptor.getPhase()},
        "{\n\t.reg .pred done;\n\twait:\n\t"
        "mbarrier.try_wait.parity.shared::cta.b64 done, [$0], $1;\n\t"
        "@!done bra.uni wait;\n\t}",
        "r,r,~{memory}", /*has_side_effects=*/true, /*is_align_stack=*/false,
        LLVM::tailcallkind::TailCallKind::None,
        LLVM::AsmDialectAttr::get(rewriter.getContext(),
                                  LLVM::AsmDialect::AD_ATT),
        /*operand_attrs=*/ArrayAttr());
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mytriton::populateTMATypeConversions(TypeConverter &typeConverter) {
  typeConverter.addConversion([](tt::MBarriersType type) -> Type {
    return LLVM::LLVMPointerType::get(type.getContext(), 3);
  });
  typeConverter.addConversion([](tt::TensorMapType type) -> Type {
    return LLVM::LLVMPointerType::get(type.getContext());
  });
}

void mytriton::populateTMAToGPUPatterns(const TypeConverter &typeConverter,
                                        RewritePatternSet &patterns) {
  patterns.add<InitBarriersOpLowering, BarrierExpectOpLowering,
               AsyncTMACopyOpLowering, WaitBarrierOpLowering>(
      typeConverter, patterns.getContext());
}
