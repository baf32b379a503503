//===- ElementwisePrinters.cpp - arith and math ops as CUDA expressions ---===//
//
// Scalars and tensors print alike: each thread computes its own element.
// The C spelling keeps arith's semantics exactly where C's differs:
//  - integer add/sub/mul/shl wrap, so they compute in `unsigned` (or
//    `unsigned long long` for i64); ops that read their operands as
//    unsigned cast them to the unsigned type of their width (CTypes.h);
//  - cmpf predicates are spelled so NaN gives the ordered/unordered answer
//    (`ult` is `!(a >= b)`, `une` is `a != b`);
//  - maxnumf/minnumf are fmaxf/fminf, math.exp is expf (not __expf), divf
//    is IEEE `/`. FMA contraction of mulf+addf is nvcc's choice (-fmad),
//    as Triton's enable_fp_fusion is on by default; with it off
//    (CUDAEmitterOptions::fpFusion) they are __fmul_rn/__fadd_rn/__fsub_rn,
//    which nvcc never contracts; f64 alike (fmax, exp, __dmul_rn, ...);
//  - f16/bf16 add/sub/mul are __hadd_rn/__hsub_rn/__hmul_rn (one rounding,
//    never contracted), divf/remf/math functions compute on the exact float
//    values and round back once (correctly rounded for / and sqrt), compares
//    compare the float values. Casts are in Casts.cpp.
//
//===----------------------------------------------------------------------===//

#include "CTypes.h"
#include "KernelEmitter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::mytriton;
using namespace mlir::mytriton::cuda;

static Type elementOf(Value v) { return getElementTypeOrSelf(v.getType()); }
static bool isFloat(Value v) { return isa<FloatType>(elementOf(v)); }
static bool isHalf(Value v) { return isHalfType(elementOf(v)); }
static bool isF64(Value v) { return elementOf(v).isF64(); }
static bool isI1(Value v) { return elementOf(v).isInteger(1); }
/// An integer of 8, 16, 32 or 64 bits.
static bool isInt(Value v) {
  return elementOf(v).isSignlessInteger() && !isI1(v);
}
static unsigned widthOf(Value v) {
  return elementOf(v).getIntOrFloatBitWidth();
}
/// The C type of `v`'s elements (checked by KernelEmitter::emit).
static std::string cTypeOf(Value v) { return *getScalarCType(elementOf(v)); }

static LogicalResult unsupportedType(Operation *op, StringRef expected) {
  InFlightDiagnostic diag = op->emitOpError()
                            << "cannot be emitted as CUDA on "
                            << op->getOperand(0).getType();
  if (op->getNumResults() == 1 &&
      op->getResult(0).getType() != op->getOperand(0).getType())
    diag << " to " << op->getResult(0).getType();
  return diag << "; expected " << expected;
}

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

// Constants are inlined as literals where they are used.
static LogicalResult printOperation(KernelEmitter &e, arith::ConstantOp op) {
  if (failed(e.getCType(op.getType(), op.getLoc())))
    return failure();
  std::optional<std::string> literal = formatLiteral(op.getValue());
  if (!literal)
    return op.emitOpError()
           << "cannot be emitted as CUDA: only uniform (splat) constants have "
              "one value per thread";
  e.alias(op.getResult(), *literal);
  return success();
}

//===----------------------------------------------------------------------===//
// Float arithmetic
//===----------------------------------------------------------------------===//

/// `a <symbol> b` on f32/f64, or for a contractible op (`name`: add, sub
/// or mul) with fp fusion off `__f<name>_rn(a, b)` (`__d<name>_rn` on f64),
/// which nvcc never contracts; `__h<name>_rn(a, b)` on f16/bf16, whose _rn
/// intrinsics round once and are never contracted into an fma (the CPU
/// route rounds every op too). Division (no `name`) is `/` on f32/f64.
template <typename OpTy>
static LogicalResult printFloatBinary(KernelEmitter &e, OpTy op,
                                      StringRef symbol, StringRef name) {
  if (!isFloat(op.getLhs()))
    return unsupportedType(op, "f16, bf16, f32 or f64");
  bool fusable = e.getOptions().fpFusion || name.empty();
  return e.declare(op.getResult(), [&](unsigned r) {
    if (isHalf(op.getLhs()) || !fusable) {
      StringRef kind = isHalf(op.getLhs()) ? "h" : isF64(op.getLhs()) ? "d"
                                                                      : "f";
      return ("__" + kind + name + "_rn(").str() + e.expr(op.getLhs(), r) +
             ", " + e.expr(op.getRhs(), r) + ")";
    }
    return e.operand(op.getLhs(), r) + " " + symbol.str() + " " +
           e.operand(op.getRhs(), r);
  });
}

/// `fn(a, b)` with fn the f32 or f64 function (f32Fn without its `f`);
/// on f16/bf16 `halfFn(a, b)`, or, without one, the f32 function of the
/// exact float values rounded back once: exact for fmod (its result is
/// representable), correctly rounded for `/` (float has more than twice
/// the halves' precision, so the double rounding is harmless).
template <typename OpTy>
static LogicalResult printFloatCall(KernelEmitter &e, OpTy op, StringRef f32Fn,
                                    StringRef halfFn = "") {
  if (!isFloat(op.getLhs()))
    return unsupportedType(op, "f16, bf16, f32 or f64");
  Type type = elementOf(op.getLhs());
  return e.declare(op.getResult(), [&](unsigned r) {
    std::string a = e.expr(op.getLhs(), r), b = e.expr(op.getRhs(), r);
    if (isHalfType(type) && !halfFn.empty())
      return halfFn.str() + "(" + a + ", " + b + ")";
    if (isHalfType(type))
      return floatToHalf(type, f32Fn.str() + "(" + halfToFloat(type, a) +
                                   ", " + halfToFloat(type, b) + ")");
    std::string fn = type.isF64() ? f32Fn.drop_back().str() : f32Fn.str();
    return fn + "(" + a + ", " + b + ")";
  });
}

static LogicalResult printOperation(KernelEmitter &e, arith::AddFOp op) {
  return printFloatBinary(e, op, "+", "add");
}
static LogicalResult printOperation(KernelEmitter &e, arith::SubFOp op) {
  return printFloatBinary(e, op, "-", "sub");
}
static LogicalResult printOperation(KernelEmitter &e, arith::MulFOp op) {
  return printFloatBinary(e, op, "*", "mul");
}
static LogicalResult printOperation(KernelEmitter &e, arith::DivFOp op) {
  if (isHalf(op.getLhs())) {
    Type type = elementOf(op.getLhs());
    return e.declare(op.getResult(), [&](unsigned r) {
      return floatToHalf(type, halfToFloat(type, e.expr(op.getLhs(), r)) +
                                   " / " +
                                   halfToFloat(type, e.expr(op.getRhs(), r)));
    });
  }
  return printFloatBinary(e, op, "/", "");
}
static LogicalResult printOperation(KernelEmitter &e, arith::RemFOp op) {
  return printFloatCall(e, op, "fmodf");
}
// __hmax/__hmin return the other operand for one NaN, as fmaxf does.
static LogicalResult printOperation(KernelEmitter &e, arith::MaxNumFOp op) {
  return printFloatCall(e, op, "fmaxf", "__hmax");
}
static LogicalResult printOperation(KernelEmitter &e, arith::MinNumFOp op) {
  return printFloatCall(e, op, "fminf", "__hmin");
}
static LogicalResult printOperation(KernelEmitter &e, arith::NegFOp op) {
  if (!isFloat(op.getOperand()))
    return unsupportedType(op, "f16, bf16, f32 or f64");
  bool half = isHalf(op.getOperand());
  return e.declare(op.getResult(), [&](unsigned r) {
    if (half)
      return "__hneg(" + e.expr(op.getOperand(), r) + ")";
    return "-" + e.operand(op.getOperand(), r);
  });
}

// maximumf/minimumf (Triton's propagate_nan=ALL) return NaN when either
// operand is NaN and order -0 < +0; fmaxf/fminf do neither. Spelled out in
// C: a NaN operand gives the canonical NaN (what PTX max.NaN returns), equal
// operands (only +0 and -0 differ among those) pick by sign, and the rest
// is fmaxf/fminf, which agree there. On f16/bf16, __hmax_nan/__hmin_nan
// are exactly that (max.NaN.f16).
template <typename OpTy>
static LogicalResult printNaNPropagating(KernelEmitter &e, OpTy op,
                                         bool isMax) {
  if (!isFloat(op.getLhs()))
    return unsupportedType(op, "f16, bf16, f32 or f64");
  bool half = isHalf(op.getLhs()), f64 = isF64(op.getLhs());
  return e.declare(op.getResult(), [&](unsigned r) {
    if (half)
      return std::string(isMax ? "__hmax_nan(" : "__hmin_nan(") +
             e.expr(op.getLhs(), r) + ", " + e.expr(op.getRhs(), r) + ")";
    std::string a = e.operand(op.getLhs(), r), b = e.operand(op.getRhs(), r);
    std::string negativeWins = isMax ? b : a, positiveWins = isMax ? a : b;
    std::string nan = f64 ? "__longlong_as_double(0x7ff8000000000000ll)"
                          : "__int_as_float(0x7fffffff)";
    std::string fn = std::string(isMax ? "fmax" : "fmin") + (f64 ? "" : "f");
    return "(isnan(" + a + ") || isnan(" + b + ")) ? " + nan + " : (" + a +
           " == " + b + " ? (signbit(" + a + ") ? " + negativeWins + " : " +
           positiveWins + ") : " + fn + "(" + a + ", " + b + "))";
  });
}
static LogicalResult printOperation(KernelEmitter &e, arith::MaximumFOp op) {
  return printNaNPropagating(e, op, /*isMax=*/true);
}
static LogicalResult printOperation(KernelEmitter &e, arith::MinimumFOp op) {
  return printNaNPropagating(e, op, /*isMax=*/false);
}

//===----------------------------------------------------------------------===//
// Integer arithmetic
//===----------------------------------------------------------------------===//

/// `(T)((W)a <symbol> (W)b)`: add/sub/mul/shl wrap as arith's do (signed
/// overflow is undefined in C) when W is getWrappingCType; divui/remui/
/// shrui read their operands as the unsigned type of their width.
template <typename OpTy>
static LogicalResult printInUnsigned(KernelEmitter &e, OpTy op,
                                     StringRef symbol, bool wrapping) {
  if (!isInt(op.getLhs()))
    return unsupportedType(op, "i8, i16, i32 or i64");
  unsigned width = widthOf(op.getLhs());
  std::string cast = "(" +
                     (wrapping ? getWrappingCType(width)
                               : getUnsignedCType(width)) +
                     ")";
  std::string type = cTypeOf(op.getLhs());
  return e.declare(op.getResult(), [&](unsigned r) {
    return "(" + type + ")(" + cast + e.operand(op.getLhs(), r) + " " +
           symbol.str() + " " + cast + e.operand(op.getRhs(), r) + ")";
  });
}

/// `a <symbol> b` on integers, or on i1 too when `allowBool` (C's signed
/// `/`, `%` and `>>` are arith's divsi, remsi and shrsi).
template <typename OpTy>
static LogicalResult printIntBinary(KernelEmitter &e, OpTy op,
                                    StringRef symbol, bool allowBool = false) {
  if (!isInt(op.getLhs()) && !(allowBool && isI1(op.getLhs())))
    return unsupportedType(op, allowBool ? "i1, i8, i16, i32 or i64"
                                         : "i8, i16, i32 or i64");
  return e.declare(op.getResult(), [&](unsigned r) {
    return e.operand(op.getLhs(), r) + " " + symbol.str() + " " +
           e.operand(op.getRhs(), r);
  });
}

/// `a <compare> b ? a : b` (max/min); unsigned ones compare as the
/// unsigned type of the width.
template <typename OpTy>
static LogicalResult printSelectBy(KernelEmitter &e, OpTy op, StringRef compare,
                                   bool isUnsigned = false) {
  if (!isInt(op.getLhs()))
    return unsupportedType(op, "i8, i16, i32 or i64");
  std::string cast =
      isUnsigned ? "(" + getUnsignedCType(widthOf(op.getLhs())) + ")" : "";
  return e.declare(op.getResult(), [&](unsigned r) {
    std::string a = e.operand(op.getLhs(), r), b = e.operand(op.getRhs(), r);
    return cast + a + " " + compare.str() + " " + cast + b + " ? " + a +
           " : " + b;
  });
}

static LogicalResult printOperation(KernelEmitter &e, arith::AddIOp op) {
  return printInUnsigned(e, op, "+", /*wrapping=*/true);
}
static LogicalResult printOperation(KernelEmitter &e, arith::SubIOp op) {
  return printInUnsigned(e, op, "-", /*wrapping=*/true);
}
static LogicalResult printOperation(KernelEmitter &e, arith::MulIOp op) {
  return printInUnsigned(e, op, "*", /*wrapping=*/true);
}
static LogicalResult printOperation(KernelEmitter &e, arith::ShLIOp op) {
  return printInUnsigned(e, op, "<<", /*wrapping=*/true);
}
static LogicalResult printOperation(KernelEmitter &e, arith::ShRUIOp op) {
  return printInUnsigned(e, op, ">>", /*wrapping=*/false);
}
static LogicalResult printOperation(KernelEmitter &e, arith::DivUIOp op) {
  return printInUnsigned(e, op, "/", /*wrapping=*/false);
}
static LogicalResult printOperation(KernelEmitter &e, arith::RemUIOp op) {
  return printInUnsigned(e, op, "%", /*wrapping=*/false);
}
static LogicalResult printOperation(KernelEmitter &e, arith::ShRSIOp op) {
  return printIntBinary(e, op, ">>");
}
static LogicalResult printOperation(KernelEmitter &e, arith::DivSIOp op) {
  return printIntBinary(e, op, "/");
}
static LogicalResult printOperation(KernelEmitter &e, arith::RemSIOp op) {
  return printIntBinary(e, op, "%");
}
static LogicalResult printOperation(KernelEmitter &e, arith::AndIOp op) {
  return printIntBinary(e, op, "&", /*allowBool=*/true);
}
static LogicalResult printOperation(KernelEmitter &e, arith::OrIOp op) {
  return printIntBinary(e, op, "|", /*allowBool=*/true);
}
static LogicalResult printOperation(KernelEmitter &e, arith::XOrIOp op) {
  return printIntBinary(e, op, "^", /*allowBool=*/true);
}
static LogicalResult printOperation(KernelEmitter &e, arith::MaxSIOp op) {
  return printSelectBy(e, op, ">");
}
static LogicalResult printOperation(KernelEmitter &e, arith::MinSIOp op) {
  return printSelectBy(e, op, "<");
}
static LogicalResult printOperation(KernelEmitter &e, arith::MaxUIOp op) {
  return printSelectBy(e, op, ">", /*isUnsigned=*/true);
}
static LogicalResult printOperation(KernelEmitter &e, arith::MinUIOp op) {
  return printSelectBy(e, op, "<", /*isUnsigned=*/true);
}

//===----------------------------------------------------------------------===//
// Comparisons and select
//===----------------------------------------------------------------------===//

static LogicalResult printOperation(KernelEmitter &e, arith::CmpIOp op) {
  if (!isInt(op.getLhs()) && !isI1(op.getLhs()))
    return unsupportedType(op, "i1, i8, i16, i32 or i64");
  // i1 is signed in arith: true is -1, so on i1 the signed order flips.
  arith::CmpIPredicate pred = op.getPredicate();
  bool isSigned = pred == arith::CmpIPredicate::slt ||
                  pred == arith::CmpIPredicate::sle ||
                  pred == arith::CmpIPredicate::sgt ||
                  pred == arith::CmpIPredicate::sge;
  if (isI1(op.getLhs()) && isSigned)
    return op.emitOpError()
           << "cannot be emitted as CUDA: a signed compare of i1 values "
              "(true is -1) has no obvious C spelling; compare i32 values";
  std::string cast = "(" + getUnsignedCType(widthOf(op.getLhs())) + ")";
  return e.declare(op.getResult(), [&](unsigned r) {
    std::string a = e.operand(op.getLhs(), r), b = e.operand(op.getRhs(), r);
    std::string ua = cast + a, ub = cast + b;
    switch (op.getPredicate()) {
    case arith::CmpIPredicate::eq: return a + " == " + b;
    case arith::CmpIPredicate::ne: return a + " != " + b;
    case arith::CmpIPredicate::slt: return a + " < " + b;
    case arith::CmpIPredicate::sle: return a + " <= " + b;
    case arith::CmpIPredicate::sgt: return a + " > " + b;
    case arith::CmpIPredicate::sge: return a + " >= " + b;
    case arith::CmpIPredicate::ult: return ua + " < " + ub;
    case arith::CmpIPredicate::ule: return ua + " <= " + ub;
    case arith::CmpIPredicate::ugt: return ua + " > " + ub;
    case arith::CmpIPredicate::uge: return ua + " >= " + ub;
    }
    llvm_unreachable("unknown predicate");
  });
}

// C's <, <=, >, >=, == are false on NaN (ordered); != is true (unordered).
// Other predicates are the negation of their opposite. f16 and bf16
// compare as their exact float values.
static LogicalResult printOperation(KernelEmitter &e, arith::CmpFOp op) {
  if (!isFloat(op.getLhs()))
    return unsupportedType(op, "f16, bf16, f32 or f64");
  Type type = elementOf(op.getLhs());
  return e.declare(op.getResult(), [&](unsigned r) -> std::string {
    std::string a = e.operand(op.getLhs(), r), b = e.operand(op.getRhs(), r);
    if (isHalfType(type)) {
      a = halfToFloat(type, e.expr(op.getLhs(), r));
      b = halfToFloat(type, e.expr(op.getRhs(), r));
    }
    using P = arith::CmpFPredicate;
    switch (op.getPredicate()) {
    case P::AlwaysFalse: return "false";
    case P::AlwaysTrue: return "true";
    case P::OEQ: return a + " == " + b;
    case P::OGT: return a + " > " + b;
    case P::OGE: return a + " >= " + b;
    case P::OLT: return a + " < " + b;
    case P::OLE: return a + " <= " + b;
    case P::ONE: return a + " < " + b + " || " + a + " > " + b;
    case P::ORD: return a + " == " + a + " && " + b + " == " + b;
    case P::UEQ: return "!(" + a + " < " + b + " || " + a + " > " + b + ")";
    case P::UGT: return "!(" + a + " <= " + b + ")";
    case P::UGE: return "!(" + a + " < " + b + ")";
    case P::ULT: return "!(" + a + " >= " + b + ")";
    case P::ULE: return "!(" + a + " > " + b + ")";
    case P::UNE: return a + " != " + b;
    case P::UNO: return a + " != " + a + " || " + b + " != " + b;
    }
    llvm_unreachable("unknown predicate");
  });
}

static LogicalResult printOperation(KernelEmitter &e, arith::SelectOp op) {
  return e.declare(op.getResult(), [&](unsigned r) {
    return e.operand(op.getCondition(), r) + " ? " +
           e.operand(op.getTrueValue(), r) + " : " +
           e.operand(op.getFalseValue(), r);
  });
}

//===----------------------------------------------------------------------===//
// math
//===----------------------------------------------------------------------===//

/// One-operand f32 math functions and their CUDA names (full precision,
/// never the __ intrinsics).
static std::optional<StringRef> cudaUnaryFunction(Operation &op) {
  return llvm::TypeSwitch<Operation *, std::optional<StringRef>>(&op)
      .Case([](math::ExpOp) { return StringRef("expf"); })
      .Case([](math::Exp2Op) { return StringRef("exp2f"); })
      .Case([](math::ExpM1Op) { return StringRef("expm1f"); })
      .Case([](math::LogOp) { return StringRef("logf"); })
      .Case([](math::Log2Op) { return StringRef("log2f"); })
      .Case([](math::Log10Op) { return StringRef("log10f"); })
      .Case([](math::Log1pOp) { return StringRef("log1pf"); })
      .Case([](math::SqrtOp) { return StringRef("sqrtf"); })
      .Case([](math::RsqrtOp) { return StringRef("rsqrtf"); })
      .Case([](math::AbsFOp) { return StringRef("fabsf"); })
      .Case([](math::TanhOp) { return StringRef("tanhf"); })
      .Case([](math::SinOp) { return StringRef("sinf"); })
      .Case([](math::CosOp) { return StringRef("cosf"); })
      .Case([](math::TanOp) { return StringRef("tanf"); })
      .Case([](math::AsinOp) { return StringRef("asinf"); })
      .Case([](math::AcosOp) { return StringRef("acosf"); })
      .Case([](math::AtanOp) { return StringRef("atanf"); })
      .Case([](math::SinhOp) { return StringRef("sinhf"); })
      .Case([](math::CoshOp) { return StringRef("coshf"); })
      .Case([](math::ErfOp) { return StringRef("erff"); })
      .Case([](math::FloorOp) { return StringRef("floorf"); })
      .Case([](math::CeilOp) { return StringRef("ceilf"); })
      .Case([](math::TruncOp) { return StringRef("truncf"); })
      .Case([](math::RoundOp) { return StringRef("roundf"); })
      .Case([](math::RoundEvenOp) { return StringRef("rintf"); })
      .Default([](Operation *) { return std::nullopt; });
}

/// `fn(x)` with fn the f32 function or its f64 form (without the `f`). On
/// f16/bf16: |x| is __habs; the others take the exact float value and
/// round the f32 result once, which is exact for the rounding functions,
/// correctly rounded for sqrt (float has over twice the halves' precision)
/// and what Triton does for the transcendental ones (the frontend upcasts
/// those itself; a kernel written in tt may not).
static LogicalResult printUnaryMath(KernelEmitter &e, Operation &op,
                                    StringRef fn) {
  if (op.getNumOperands() != 1 || op.getNumResults() != 1 ||
      !isFloat(op.getOperand(0)))
    return unsupportedType(&op, "one f16, bf16, f32 or f64 operand");
  Value x = op.getOperand(0);
  Type type = elementOf(x);
  return e.declare(op.getResult(0), [&](unsigned r) {
    std::string in = e.expr(x, r);
    if (isHalfType(type) && isa<math::AbsFOp>(op))
      return "__habs(" + in + ")";
    if (isHalfType(type))
      return floatToHalf(type, fn.str() + "(" + halfToFloat(type, in) + ")");
    return (type.isF64() ? fn.drop_back().str() : fn.str()) + "(" + in + ")";
  });
}

// One rounding on every type: __hfma on f16/bf16.
static LogicalResult printOperation(KernelEmitter &e, math::FmaOp op) {
  if (!isFloat(op.getA()))
    return unsupportedType(op, "f16, bf16, f32 or f64");
  StringRef fn = isHalf(op.getA()) ? "__hfma" : isF64(op.getA()) ? "fma" : "fmaf";
  return e.declare(op.getResult(), [&](unsigned r) {
    return fn.str() + "(" + e.expr(op.getA(), r) + ", " + e.expr(op.getB(), r) +
           ", " + e.expr(op.getC(), r) + ")";
  });
}
static LogicalResult printOperation(KernelEmitter &e, math::PowFOp op) {
  return printFloatCall(e, op, "powf");
}

bool mlir::mytriton::cuda::isApproximateMath(Operation &op) {
  if (!isa<arith::DivFOp, math::ExpOp, math::SqrtOp>(op))
    return false;
  arith::FastMathFlagsAttr flags =
      cast<arith::ArithFastMathInterface>(op).getFastMathFlagsAttr();
  return flags &&
         bitEnumContainsAll(flags.getValue(), arith::FastMathFlags::afn) &&
         getElementTypeOrSelf(op.getResult(0).getType()).isF32();
}

StringRef mlir::mytriton::cuda::getApproximateMathHelpers() {
  return R"(// Triton's float32 `/`, tl.exp and tl.sqrt: PTX's approximate forms.
static __device__ __forceinline__ float mytriton_div_full(float a, float b) {
  float r;
  asm("div.full.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b));
  return r;
}
static __device__ __forceinline__ float mytriton_exp_approx(float x) {
  float r;
  asm("ex2.approx.f32 %0, %1;" : "=f"(r) : "f"(x * 1.44269504088896341f));
  return r;
}
static __device__ __forceinline__ float mytriton_sqrt_approx(float x) {
  float r;
  asm("sqrt.approx.f32 %0, %1;" : "=f"(r) : "f"(x));
  return r;
}
)";
}

/// Triton's approximate float32 math, one helper call per register.
static LogicalResult printApproximateMath(KernelEmitter &e, Operation &op) {
  StringRef fn = llvm::TypeSwitch<Operation *, StringRef>(&op)
                     .Case([](arith::DivFOp) { return "mytriton_div_full"; })
                     .Case([](math::ExpOp) { return "mytriton_exp_approx"; })
                     .Default([](Operation *) { return "mytriton_sqrt_approx"; });
  return e.declare(op.getResult(0), [&](unsigned r) {
    std::string call = fn.str() + "(" + e.expr(op.getOperand(0), r);
    if (op.getNumOperands() == 2)
      call += ", " + e.expr(op.getOperand(1), r);
    return call + ")";
  });
}

std::optional<LogicalResult>
mlir::mytriton::cuda::printElementwiseOperation(KernelEmitter &emitter,
                                                Operation &op) {
  if (isApproximateMath(op))
    return printApproximateMath(emitter, op);
  if (std::optional<StringRef> fn = cudaUnaryFunction(op))
    return printUnaryMath(emitter, op, *fn);
  if (std::optional<LogicalResult> result = printCastOperation(emitter, op))
    return *result;
  return llvm::TypeSwitch<Operation *, std::optional<LogicalResult>>(&op)
      .Case<arith::ConstantOp, arith::AddFOp, arith::SubFOp, arith::MulFOp,
            arith::DivFOp, arith::RemFOp, arith::MaxNumFOp, arith::MinNumFOp,
            arith::NegFOp, arith::MaximumFOp, arith::MinimumFOp,
            arith::AddIOp, arith::SubIOp, arith::MulIOp, arith::ShLIOp,
            arith::ShRUIOp, arith::ShRSIOp, arith::DivUIOp, arith::RemUIOp,
            arith::DivSIOp, arith::RemSIOp, arith::AndIOp, arith::OrIOp,
            arith::XOrIOp, arith::MaxSIOp, arith::MinSIOp, arith::MaxUIOp,
            arith::MinUIOp, arith::CmpIOp, arith::CmpFOp, arith::SelectOp,
            math::FmaOp, math::PowFOp>(
          [&](auto op) -> LogicalResult { return printOperation(emitter, op); })
      .Default([](Operation *) { return std::nullopt; });
}
