//===- CastsToGPU.cpp - float truncations with a rounding mode ------------===//
//
// arith.truncf rounds to nearest even unless it names another mode
// (tl.cast's fp_downcast_rounding="rtz" is `toward_zero`). arith-to-llvm
// makes a directed truncation a constrained fptrunc, which the NVPTX
// backend emits as cvt.rn, rounding to nearest: a silently wrong result.
// So each lane is converted by PTX's cvt with the mode's modifier (.rz,
// .rm, .rp). An f64 narrowed to f16 or bf16 is rounded to f32 first, with
// the same mode: directed rounding onto a grid and then onto a coarser grid
// inside it is the directed rounding onto the coarser one (every f16 and
// bf16 value is an f32), and cvt.*.bf16.f64 needs sm_90.
//
//===----------------------------------------------------------------------===//

#include "TTToGPUInternal.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::mytriton;

namespace {
/// PTX's rounding modifier of a directed mode, or "" for the others.
StringRef getPTXRounding(arith::RoundingMode mode) {
  switch (mode) {
  case arith::RoundingMode::toward_zero:
    return "rz";
  case arith::RoundingMode::downward:
    return "rm";
  case arith::RoundingMode::upward:
    return "rp";
  default:
    return "";
  }
}

/// PTX's name of a float type and its inline-asm register constraint.
std::pair<StringRef, StringRef> getPTXFloat(Type type) {
  if (type.isF64())
    return {"f64", "d"};
  if (type.isF32())
    return {"f32", "f"};
  if (type.isF16())
    return {"f16", "h"};
  return {"bf16", "h"};
}

/// `value` (f32 or f64) converted to the narrower `type` by cvt with
/// `rounding`. A 16-bit result comes out of the asm as i16 (an "h"
/// register) and is bitcast to its float type.
Value createDirectedCvt(OpBuilder &b, Location loc, Value value, Type type,
                        StringRef rounding) {
  auto [dstName, dstConstraint] = getPTXFloat(type);
  auto [srcName, srcConstraint] = getPTXFloat(value.getType());
  std::string text =
      ("cvt." + rounding + "." + dstName + "." + srcName + " $0, $1;").str();
  std::string constraints = ("=" + dstConstraint + "," + srcConstraint).str();
  Type asmType = type.getIntOrFloatBitWidth() == 16 ? b.getI16Type() : type;
  Value result =
      LLVM::InlineAsmOp::create(
          b, loc, asmType, ValueRange{value}, text, constraints,
          /*has_side_effects=*/false, /*is_align_stack=*/false,
          LLVM::tailcallkind::TailCallKind::None,
          LLVM::AsmDialectAttr::get(b.getContext(), LLVM::AsmDialect::AD_ATT),
          /*operand_attrs=*/ArrayAttr())
          ->getResult(0);
  if (asmType != type)
    result = arith::BitcastOp::create(b, loc, type, result);
  return result;
}

/// One lane of a directed truncation.
Value truncateLane(OpBuilder &b, Location loc, Value value, Type type,
                   StringRef rounding) {
  if (value.getType().isF64() && type.getIntOrFloatBitWidth() == 16)
    value = createDirectedCvt(b, loc, value, b.getF32Type(), rounding);
  return createDirectedCvt(b, loc, value, type, rounding);
}

struct DirectedTruncFLowering : OpConversionPattern<arith::TruncFOp> {
  DirectedTruncFLowering(const TypeConverter &converter, MLIRContext *context)
      : OpConversionPattern(converter, context, /*benefit=*/2) {}

  LogicalResult
  matchAndRewrite(arith::TruncFOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<arith::RoundingMode> mode = op.getRoundingmode();
    if (!mode)
      return failure();
    Location loc = op.getLoc();
    Type type = typeConverter->convertType(op.getType());
    if (!type)
      return failure();
    if (*mode == arith::RoundingMode::to_nearest_even) {
      // The default rounding: a plain truncf.
      rewriter.replaceOpWithNewOp<arith::TruncFOp>(op, type, adaptor.getIn());
      return success();
    }
    StringRef rounding = getPTXRounding(*mode);
    if (rounding.empty())
      return rewriter.notifyMatchFailure(op, "rounding mode without a cvt");
    Type element = getElementTypeOrSelf(type);
    Value in = adaptor.getIn();
    SmallVector<Value> lanes;
    for (int64_t lane = 0, e = getLanesPerThread(type); lane < e; ++lane)
      lanes.push_back(truncateLane(rewriter, loc, extractLane(rewriter, loc, in, lane),
                                   element, rounding));
    rewriter.replaceOp(op, fromLanes(rewriter, loc, type, lanes));
    return success();
  }
};
} // namespace

bool mytriton::hasExplicitRounding(Operation *op) {
  auto truncf = dyn_cast<arith::TruncFOp>(op);
  return truncf && truncf.getRoundingmode().has_value();
}

LogicalResult mytriton::checkCastsLowerable(tt::FuncOp kernel) {
  WalkResult result = kernel.walk([](arith::TruncFOp op) -> WalkResult {
    std::optional<arith::RoundingMode> mode = op.getRoundingmode();
    if (mode && *mode != arith::RoundingMode::to_nearest_even &&
        getPTXRounding(*mode).empty())
      return op.emitOpError()
             << "rounding " << arith::stringifyRoundingMode(*mode)
             << " is not supported on the GPU; truncations round to nearest "
                "even, toward_zero, downward or upward";
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

void mytriton::populateCastsToGPUPatterns(const TypeConverter &typeConverter,
                                          RewritePatternSet &patterns) {
  patterns.add<DirectedTruncFLowering>(typeConverter, patterns.getContext());
}
