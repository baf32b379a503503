//===- Casts.cpp - arith casts as CUDA conversions ------------------------===//
//
// Every cast rounds as its arith op says, with one conversion where C or
// the CUDA headers have one (a float reached through another float could
// round twice):
//  - int -> float: C's conversion for f32/f64 (round to nearest);
//    __int2half_rn, __ll2half_rn, __uint2bfloat16_rn, ... for f16/bf16
//    (i8/i16 through the short forms, which are exact for them);
//  - float -> int: C's conversion (toward zero) of the value, f16/bf16
//    first made an exact float; out of range and NaN are undefined, as in
//    C and Triton;
//  - extf: exact (__half2float, __bfloat162float, (double));
//  - truncf: to nearest even by default (__float2half_rn, __double2half,
//    (float)), toward zero with `to_zero`-style rounding (toward_zero:
//    __float2half_rz, __double2float_rz; f64 -> f16/bf16 as rz(rz(x)),
//    exact since truncations compose);
//  - ext/trunc of integers: C's conversions, extui from the unsigned type
//    of the source width; i1 is signed in arith (sitofp/extsi of true give
//    -1);
//  - bitcast: the CUDA reinterpretations (__half_as_short, ...).
//
//===----------------------------------------------------------------------===//

#include "CTypes.h"
#include "KernelEmitter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::mytriton;
using namespace mlir::mytriton::cuda;

static Type elementOf(Value v) { return getElementTypeOrSelf(v.getType()); }
static std::string cTypeOf(Type type) { return *getScalarCType(type); }
static bool isInt(Type type) {
  return type.isSignlessInteger() && !type.isInteger(1);
}

static LogicalResult unsupportedCast(Operation *op, StringRef expected) {
  return op->emitOpError() << "cannot be emitted as CUDA on "
                           << op->getOperand(0).getType() << " to "
                           << op->getResult(0).getType() << "; expected "
                           << expected;
}

/// Declares the cast's result as `convert(operand register)`.
static LogicalResult
declareCast(KernelEmitter &e, Operation *op,
            llvm::function_ref<std::string(const std::string &)> convert) {
  Value in = op->getOperand(0);
  return e.declare(op->getResult(0),
                   [&](unsigned r) { return convert(e.operand(in, r)); });
}

/// `x` (a float value of type `from`) as f32 or f64 `to`, f16/bf16 first
/// made exact floats.
static std::string widenFloat(Type from, Type to, const std::string &x) {
  std::string f = halfToFloat(from, x);
  if (to.isF64() && !from.isF64())
    return "(double)" + (isHalfType(from) ? f : x);
  return f;
}

/// The f16/bf16 (`to`) nearest an integer `x` of `width` bits, read as
/// unsigned when `isUnsigned`.
static std::string intToHalf(Type to, unsigned width, bool isUnsigned,
                             const std::string &x) {
  std::string target = to.isF16() ? "half" : "bfloat16";
  std::string source = width <= 16   ? "short"
                       : width <= 32 ? "int"
                                     : "ll";
  if (isUnsigned)
    source = width <= 16 ? "ushort" : width <= 32 ? "uint" : "ull";
  std::string arg = isUnsigned ? "(" + getUnsignedCType(width) + ")" + x : x;
  return "__" + source + "2" + target + "_rn(" + arg + ")";
}

static LogicalResult printIntToFloat(KernelEmitter &e, Operation *op,
                                     bool isUnsigned) {
  Type from = elementOf(op->getOperand(0)), to = elementOf(op->getResult(0));
  if (!isa<FloatType>(to) || !from.isSignlessInteger())
    return unsupportedCast(op, "an integer to f16, bf16, f32 or f64");
  if (from.isInteger(1)) {
    // Exact in every float type.
    std::string one = isUnsigned ? "1.0f" : "-1.0f";
    return declareCast(e, op, [&](const std::string &x) {
      std::string value = x + " ? " + one + " : 0.0f";
      if (to.isF32())
        return value;
      value = "(" + value + ")";
      if (to.isF64())
        return "(double)" + value;
      return floatToHalf(to, value);
    });
  }
  unsigned width = from.getIntOrFloatBitWidth();
  return declareCast(e, op, [&](const std::string &x) {
    if (isHalfType(to))
      return intToHalf(to, width, isUnsigned, x);
    std::string source =
        isUnsigned ? "(" + getUnsignedCType(width) + ")" + x : x;
    return "(" + cTypeOf(to) + ")" + source;
  });
}

static LogicalResult printFloatToInt(KernelEmitter &e, Operation *op,
                                     bool isUnsigned) {
  Type from = elementOf(op->getOperand(0)), to = elementOf(op->getResult(0));
  if (!isa<FloatType>(from) || !isInt(to))
    return unsupportedCast(op,
                           "f16, bf16, f32 or f64 to i8, i16, i32 or i64");
  unsigned width = to.getIntOrFloatBitWidth();
  return declareCast(e, op, [&](const std::string &x) {
    std::string value = halfToFloat(from, x);
    if (isHalfType(from))
      value = "(" + value + ")";
    std::string type = "(" + cTypeOf(to) + ")";
    if (isUnsigned)
      return type + "(" + getUnsignedCType(width) + ")" + value;
    return type + value;
  });
}

static LogicalResult printOperation(KernelEmitter &e, arith::SIToFPOp op) {
  return printIntToFloat(e, op, /*isUnsigned=*/false);
}
static LogicalResult printOperation(KernelEmitter &e, arith::UIToFPOp op) {
  return printIntToFloat(e, op, /*isUnsigned=*/true);
}
static LogicalResult printOperation(KernelEmitter &e, arith::FPToSIOp op) {
  return printFloatToInt(e, op, /*isUnsigned=*/false);
}
static LogicalResult printOperation(KernelEmitter &e, arith::FPToUIOp op) {
  return printFloatToInt(e, op, /*isUnsigned=*/true);
}

static LogicalResult printOperation(KernelEmitter &e, arith::ExtFOp op) {
  Type from = elementOf(op.getIn()), to = elementOf(op.getOut());
  return declareCast(e, op, [&](const std::string &x) {
    return widenFloat(from, to, x);
  });
}

static LogicalResult printOperation(KernelEmitter &e, arith::TruncFOp op) {
  Type from = elementOf(op.getIn()), to = elementOf(op.getOut());
  std::optional<arith::RoundingMode> mode = op.getRoundingmode();
  bool towardZero = mode == arith::RoundingMode::toward_zero;
  if (mode && !towardZero && *mode != arith::RoundingMode::to_nearest_even)
    return op.emitOpError()
           << "cannot be emitted as CUDA with rounding mode "
           << arith::stringifyRoundingMode(*mode)
           << "; expected to_nearest_even (the default) or toward_zero";
  std::string suffix = towardZero ? "_rz" : "_rn";
  std::string half = to.isF16() ? "half" : "bfloat16";
  return declareCast(e, op, [&](const std::string &x) -> std::string {
    if (from.isF32())
      return "__float2" + half + suffix + "(" + x + ")";
    // From f64.
    if (to.isF32())
      return towardZero ? "__double2float_rz(" + x + ")" : "(float)" + x;
    if (towardZero)
      return "__float2" + half + "_rz(__double2float_rz(" + x + "))";
    return "__double2" + half + "(" + x + ")";
  });
}

static LogicalResult printOperation(KernelEmitter &e, arith::ExtSIOp op) {
  Type from = elementOf(op.getIn()), to = elementOf(op.getOut());
  return declareCast(e, op, [&](const std::string &x) {
    if (from.isInteger(1))
      return x + (to.isInteger(64) ? " ? -1ll : 0ll" : " ? -1 : 0");
    return "(" + cTypeOf(to) + ")" + x;
  });
}
static LogicalResult printOperation(KernelEmitter &e, arith::ExtUIOp op) {
  Type from = elementOf(op.getIn()), to = elementOf(op.getOut());
  return declareCast(e, op, [&](const std::string &x) {
    std::string type = "(" + cTypeOf(to) + ")";
    if (from.isInteger(1))
      return type + x;
    return type + "(" + getUnsignedCType(from.getIntOrFloatBitWidth()) + ")" +
           x;
  });
}
static LogicalResult printOperation(KernelEmitter &e, arith::TruncIOp op) {
  Type to = elementOf(op.getOut());
  return declareCast(e, op, [&](const std::string &x) {
    if (to.isInteger(1))
      return "(" + x + " & 1) != 0";
    // Modular, as C++20 defines it (and nvcc always did).
    return "(" + cTypeOf(to) + ")" + x;
  });
}

/// The bits of an element of `type` (f16/bf16/f32/f64) as the signed
/// integer of its width, and back.
static std::string floatBits(Type type, const std::string &x) {
  if (type.isF16())
    return "__half_as_short(" + x + ")";
  if (type.isBF16())
    return "__bfloat16_as_short(" + x + ")";
  if (type.isF32())
    return "__float_as_int(" + x + ")";
  return "__double_as_longlong(" + x + ")";
}
static std::string bitsToFloat(Type type, const std::string &x) {
  if (type.isF16())
    return "__short_as_half(" + x + ")";
  if (type.isBF16())
    return "__short_as_bfloat16(" + x + ")";
  if (type.isF32())
    return "__int_as_float(" + x + ")";
  return "__longlong_as_double(" + x + ")";
}

static LogicalResult printOperation(KernelEmitter &e, arith::BitcastOp op) {
  Type from = elementOf(op.getIn()), to = elementOf(op.getOut());
  if (from.isInteger(1))
    return unsupportedCast(op, "a float or integer of 8 to 64 bits");
  return e.declare(op.getOut(), [&](unsigned r) {
    std::string x = e.expr(op.getIn(), r);
    std::string bits = isa<FloatType>(from) ? floatBits(from, x) : x;
    if (isa<FloatType>(to))
      return bitsToFloat(to, bits);
    return isa<FloatType>(from) ? bits : e.operand(op.getIn(), r);
  });
}

std::optional<LogicalResult>
mlir::mytriton::cuda::printCastOperation(KernelEmitter &emitter,
                                         Operation &op) {
  return llvm::TypeSwitch<Operation *, std::optional<LogicalResult>>(&op)
      .Case<arith::SIToFPOp, arith::UIToFPOp, arith::FPToSIOp, arith::FPToUIOp,
            arith::ExtFOp, arith::TruncFOp, arith::ExtSIOp, arith::ExtUIOp,
            arith::TruncIOp, arith::BitcastOp>(
          [&](auto op) -> LogicalResult { return printOperation(emitter, op); })
      .Default([](Operation *) { return std::nullopt; });
}
