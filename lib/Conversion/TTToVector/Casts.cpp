//===- Casts.cpp - Element types and casts on the CPU route ---------------===//
//
// Every tt element type lowers to the same type in vectors and memrefs, and
// every cast is an arith op that the arith -> LLVM lowering handles (f16 and
// bf16 through LLVM's conversions; its x86 lowering promotes half
// arithmetic per op to f32 and rounds back, correctly rounded for + - * /
// and sqrt). What needs code here is the one rounding mode LLVM does not
// implement, and the checks of what stays refused.
//
//===----------------------------------------------------------------------===//

#include "Casts.h"

#include "MyTriton/Dialect/TT/IR/ElementTypes.h"
#include "MyTriton/Dialect/TT/IR/TTDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::mytriton;

bool mytriton::isCPUElementType(Type type) {
  if (auto ptr = dyn_cast<tt::PointerType>(type))
    return tt::isMemoryElementType(ptr.getPointeeType());
  return type.isIndex() || tt::isValueElementType(type);
}

LogicalResult mytriton::checkCPUOps(tt::FuncOp kernel) {
  WalkResult result = kernel.walk([](Operation *op) -> WalkResult {
    if (auto trunc = dyn_cast<arith::TruncFOp>(op)) {
      std::optional<arith::RoundingMode> mode = trunc.getRoundingmode();
      if (mode && *mode != arith::RoundingMode::to_nearest_even &&
          *mode != arith::RoundingMode::toward_zero)
        return op->emitOpError("rounds ")
               << arith::stringifyRoundingMode(*mode)
               << ": the CPU route lowers truncf to nearest even and "
                  "toward zero only";
    }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

/// The integer constant `value` of the shape of `like` with elements of
/// `element` (a scalar or a tensor splat).
static Value splatInt(OpBuilder &b, Location loc, Type like, Type element,
                      int64_t value) {
  TypedAttr attr = b.getIntegerAttr(element, value);
  if (auto shaped = dyn_cast<ShapedType>(like))
    attr = DenseElementsAttr::get(shaped.clone(element), attr);
  return arith::ConstantOp::create(b, loc, attr);
}

void mytriton::lowerTruncFTowardZero(tt::FuncOp kernel) {
  SmallVector<arith::TruncFOp> truncs;
  kernel.walk([&](arith::TruncFOp op) {
    if (op.getRoundingmode() == arith::RoundingMode::toward_zero)
      truncs.push_back(op);
  });
  for (arith::TruncFOp op : truncs) {
    OpBuilder b(op);
    Location loc = op.getLoc();
    Value wide = op.getIn();
    Type type = op.getType();
    // y = rtne(x) is the nearest; when |y| > |x| the value toward zero is
    // the next smaller magnitude, y's bits minus one (floats are
    // sign-magnitude). Overflow (y = inf) becomes the largest finite value;
    // NaN and inf compare unordered or equal and stay.
    Value nearest = arith::TruncFOp::create(b, loc, type, wide);
    Value back = arith::ExtFOp::create(b, loc, wide.getType(), nearest);
    Value magnitude = math::AbsFOp::create(b, loc, back);
    Value bound = math::AbsFOp::create(b, loc, wide);
    Value away = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT,
                                       magnitude, bound);
    Type bits = b.getIntegerType(getElementTypeOrSelf(type).getIntOrFloatBitWidth());
    Type bitsType = bits;
    if (auto shaped = dyn_cast<ShapedType>(type))
      bitsType = shaped.clone(bits);
    Value nearestBits = arith::BitcastOp::create(b, loc, bitsType, nearest);
    Value one = splatInt(b, loc, type, bits, 1);
    Value smallerBits = arith::SubIOp::create(b, loc, nearestBits, one);
    Value smaller = arith::BitcastOp::create(b, loc, type, smallerBits);
    Value result = arith::SelectOp::create(b, loc, away, smaller, nearest);
    op.replaceAllUsesWith(result);
    op.erase();
  }
}
