//===- ElementwisePrinters.cpp - arith and math ops as CUDA expressions ---===//
//
// Scalars and tensors print alike: each thread computes its own element.
// The C spelling keeps arith's semantics exactly where C's differs:
//  - i32 add/sub/mul/shl wrap, so they compute in `unsigned`;
//  - cmpf predicates are spelled so NaN gives the ordered/unordered answer
//    (`ult` is `!(a >= b)`, `une` is `a != b`);
//  - maxnumf/minnumf are fmaxf/fminf, math.exp is expf (not __expf), divf
//    is IEEE `/`. FMA contraction of mulf+addf is nvcc's choice (-fmad),
//    as Triton's enable_fp_fusion is on by default.
//
//===----------------------------------------------------------------------===//

#include "KernelEmitter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::mytriton;
using namespace mlir::mytriton::cuda;

static bool isF32(Value v) { return getElementTypeOrSelf(v.getType()).isF32(); }
static bool isI32(Value v) {
  return getElementTypeOrSelf(v.getType()).isInteger(32);
}
static bool isI1(Value v) {
  return getElementTypeOrSelf(v.getType()).isInteger(1);
}

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

/// `a <symbol> b` on f32.
template <typename OpTy>
static LogicalResult printFloatBinary(KernelEmitter &e, OpTy op,
                                      StringRef symbol) {
  if (!isF32(op.getLhs()))
    return unsupportedType(op, "f32");
  return e.declare(op.getResult(), [&](unsigned r) {
    return e.operand(op.getLhs(), r) + " " + symbol.str() + " " +
           e.operand(op.getRhs(), r);
  });
}

/// `fn(a, b)` on f32.
template <typename OpTy>
static LogicalResult printFloatCall(KernelEmitter &e, OpTy op, StringRef fn) {
  if (!isF32(op.getLhs()))
    return unsupportedType(op, "f32");
  return e.declare(op.getResult(), [&](unsigned r) {
    return fn.str() + "(" + e.expr(op.getLhs(), r) + ", " +
           e.expr(op.getRhs(), r) + ")";
  });
}

static LogicalResult printOperation(KernelEmitter &e, arith::AddFOp op) {
  return printFloatBinary(e, op, "+");
}
static LogicalResult printOperation(KernelEmitter &e, arith::SubFOp op) {
  return printFloatBinary(e, op, "-");
}
static LogicalResult printOperation(KernelEmitter &e, arith::MulFOp op) {
  return printFloatBinary(e, op, "*");
}
static LogicalResult printOperation(KernelEmitter &e, arith::DivFOp op) {
  return printFloatBinary(e, op, "/");
}
static LogicalResult printOperation(KernelEmitter &e, arith::RemFOp op) {
  return printFloatCall(e, op, "fmodf");
}
static LogicalResult printOperation(KernelEmitter &e, arith::MaxNumFOp op) {
  return printFloatCall(e, op, "fmaxf");
}
static LogicalResult printOperation(KernelEmitter &e, arith::MinNumFOp op) {
  return printFloatCall(e, op, "fminf");
}
static LogicalResult printOperation(KernelEmitter &e, arith::NegFOp op) {
  if (!isF32(op.getOperand()))
    return unsupportedType(op, "f32");
  return e.declare(op.getResult(), [&](unsigned r) {
    return "-" + e.operand(op.getOperand(), r);
  });
}

// maximumf/minimumf (Triton's propagate_nan=ALL) return NaN when either
// operand is NaN and order -0 < +0; fmaxf/fminf do neither. Spelled out in
// C: a NaN operand gives the canonical NaN (what PTX max.NaN returns), equal
// operands (only +0 and -0 differ among those) pick by sign, and the rest
// is fmaxf/fminf, which agree there.
template <typename OpTy>
static LogicalResult printNaNPropagating(KernelEmitter &e, OpTy op,
                                         bool isMax) {
  if (!isF32(op.getLhs()))
    return unsupportedType(op, "f32");
  return e.declare(op.getResult(), [&](unsigned r) {
    std::string a = e.operand(op.getLhs(), r), b = e.operand(op.getRhs(), r);
    std::string negativeWins = isMax ? b : a, positiveWins = isMax ? a : b;
    return "(isnan(" + a + ") || isnan(" + b +
           ")) ? __int_as_float(0x7fffffff) : (" + a + " == " + b +
           " ? (signbit(" + a + ") ? " + negativeWins + " : " + positiveWins +
           ") : " + (isMax ? "fmaxf(" : "fminf(") + a + ", " + b + "))";
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

/// `(int)((unsigned)a <symbol> (unsigned)b)`: i32 add/sub/mul/shl wrap as
/// arith's do (signed overflow is undefined in C), and divui/remui/shrui
/// read their operands as unsigned.
template <typename OpTy>
static LogicalResult printInUnsigned(KernelEmitter &e, OpTy op,
                                     StringRef symbol) {
  if (!isI32(op.getLhs()))
    return unsupportedType(op, "i32");
  return e.declare(op.getResult(), [&](unsigned r) {
    return "(int)((unsigned)" + e.operand(op.getLhs(), r) + " " + symbol.str() +
           " (unsigned)" + e.operand(op.getRhs(), r) + ")";
  });
}

/// `a <symbol> b` on i32, or on i1 too when `allowBool`.
template <typename OpTy>
static LogicalResult printIntBinary(KernelEmitter &e, OpTy op,
                                    StringRef symbol, bool allowBool = false) {
  if (!isI32(op.getLhs()) && !(allowBool && isI1(op.getLhs())))
    return unsupportedType(op, allowBool ? "i1 or i32" : "i32");
  return e.declare(op.getResult(), [&](unsigned r) {
    return e.operand(op.getLhs(), r) + " " + symbol.str() + " " +
           e.operand(op.getRhs(), r);
  });
}

/// `a <compare> b ? a : b` (max/min); `cast` reinterprets for the compare.
template <typename OpTy>
static LogicalResult printSelectBy(KernelEmitter &e, OpTy op, StringRef compare,
                                   StringRef cast = "") {
  if (!isI32(op.getLhs()))
    return unsupportedType(op, "i32");
  return e.declare(op.getResult(), [&](unsigned r) {
    std::string a = e.operand(op.getLhs(), r), b = e.operand(op.getRhs(), r);
    return cast.str() + a + " " + compare.str() + " " + cast.str() + b +
           " ? " + a + " : " + b;
  });
}

static LogicalResult printOperation(KernelEmitter &e, arith::AddIOp op) {
  return printInUnsigned(e, op, "+");
}
static LogicalResult printOperation(KernelEmitter &e, arith::SubIOp op) {
  return printInUnsigned(e, op, "-");
}
static LogicalResult printOperation(KernelEmitter &e, arith::MulIOp op) {
  return printInUnsigned(e, op, "*");
}
static LogicalResult printOperation(KernelEmitter &e, arith::ShLIOp op) {
  return printInUnsigned(e, op, "<<");
}
static LogicalResult printOperation(KernelEmitter &e, arith::ShRUIOp op) {
  return printInUnsigned(e, op, ">>");
}
static LogicalResult printOperation(KernelEmitter &e, arith::DivUIOp op) {
  return printInUnsigned(e, op, "/");
}
static LogicalResult printOperation(KernelEmitter &e, arith::RemUIOp op) {
  return printInUnsigned(e, op, "%");
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
  return printSelectBy(e, op, ">", "(unsigned)");
}
static LogicalResult printOperation(KernelEmitter &e, arith::MinUIOp op) {
  return printSelectBy(e, op, "<", "(unsigned)");
}

//===----------------------------------------------------------------------===//
// Comparisons and select
//===----------------------------------------------------------------------===//

static LogicalResult printOperation(KernelEmitter &e, arith::CmpIOp op) {
  if (!isI32(op.getLhs()) && !isI1(op.getLhs()))
    return unsupportedType(op, "i1 or i32");
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
  return e.declare(op.getResult(), [&](unsigned r) {
    std::string a = e.operand(op.getLhs(), r), b = e.operand(op.getRhs(), r);
    std::string ua = "(unsigned)" + a, ub = "(unsigned)" + b;
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
// Other predicates are the negation of their opposite.
static LogicalResult printOperation(KernelEmitter &e, arith::CmpFOp op) {
  if (!isF32(op.getLhs()))
    return unsupportedType(op, "f32");
  return e.declare(op.getResult(), [&](unsigned r) -> std::string {
    std::string a = e.operand(op.getLhs(), r), b = e.operand(op.getRhs(), r);
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
// Casts
//===----------------------------------------------------------------------===//

// i1 is signed in arith: sitofp/extsi of true give -1.
static LogicalResult printOperation(KernelEmitter &e, arith::SIToFPOp op) {
  Value in = op.getIn();
  if (isI1(in))
    return e.declare(op.getOut(), [&](unsigned r) {
      return e.operand(in, r) + " ? -1.0f : 0.0f";
    });
  if (!isI32(in) || !isF32(op.getOut()))
    return unsupportedType(op, "i1 or i32 to f32");
  return e.declare(op.getOut(),
                   [&](unsigned r) { return "(float)" + e.operand(in, r); });
}
static LogicalResult printOperation(KernelEmitter &e, arith::UIToFPOp op) {
  Value in = op.getIn();
  if (isI1(in))
    return e.declare(op.getOut(), [&](unsigned r) {
      return e.operand(in, r) + " ? 1.0f : 0.0f";
    });
  if (!isI32(in) || !isF32(op.getOut()))
    return unsupportedType(op, "i1 or i32 to f32");
  return e.declare(op.getOut(), [&](unsigned r) {
    return "(float)(unsigned)" + e.operand(in, r);
  });
}
static LogicalResult printOperation(KernelEmitter &e, arith::FPToSIOp op) {
  if (!isF32(op.getIn()) || !isI32(op.getOut()))
    return unsupportedType(op, "f32 to i32");
  return e.declare(op.getOut(), [&](unsigned r) {
    return "(int)" + e.operand(op.getIn(), r);
  });
}
static LogicalResult printOperation(KernelEmitter &e, arith::ExtUIOp op) {
  if (!isI1(op.getIn()) || !isI32(op.getOut()))
    return unsupportedType(op, "i1 to i32");
  return e.declare(op.getOut(), [&](unsigned r) {
    return "(int)" + e.operand(op.getIn(), r);
  });
}
static LogicalResult printOperation(KernelEmitter &e, arith::ExtSIOp op) {
  if (!isI1(op.getIn()) || !isI32(op.getOut()))
    return unsupportedType(op, "i1 to i32");
  return e.declare(op.getOut(), [&](unsigned r) {
    return e.operand(op.getIn(), r) + " ? -1 : 0";
  });
}
static LogicalResult printOperation(KernelEmitter &e, arith::TruncIOp op) {
  if (!isI32(op.getIn()) || !isI1(op.getOut()))
    return unsupportedType(op, "i32 to i1");
  return e.declare(op.getOut(), [&](unsigned r) {
    return "(" + e.operand(op.getIn(), r) + " & 1) != 0";
  });
}
static LogicalResult printOperation(KernelEmitter &e, arith::BitcastOp op) {
  if (isF32(op.getIn()) && isI32(op.getOut()))
    return e.declare(op.getOut(), [&](unsigned r) {
      return "__float_as_int(" + e.expr(op.getIn(), r) + ")";
    });
  if (isI32(op.getIn()) && isF32(op.getOut()))
    return e.declare(op.getOut(), [&](unsigned r) {
      return "__int_as_float(" + e.expr(op.getIn(), r) + ")";
    });
  return unsupportedType(op, "f32 <-> i32");
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
      .Case([](math::ErfOp) { return StringRef("erff"); })
      .Case([](math::FloorOp) { return StringRef("floorf"); })
      .Case([](math::CeilOp) { return StringRef("ceilf"); })
      .Case([](math::TruncOp) { return StringRef("truncf"); })
      .Case([](math::RoundOp) { return StringRef("roundf"); })
      .Case([](math::RoundEvenOp) { return StringRef("rintf"); })
      .Default([](Operation *) { return std::nullopt; });
}

static LogicalResult printUnaryMath(KernelEmitter &e, Operation &op,
                                    StringRef fn) {
  if (op.getNumOperands() != 1 || op.getNumResults() != 1 ||
      !isF32(op.getOperand(0)))
    return unsupportedType(&op, "one f32 operand");
  return e.declare(op.getResult(0), [&](unsigned r) {
    return fn.str() + "(" + e.expr(op.getOperand(0), r) + ")";
  });
}

static LogicalResult printOperation(KernelEmitter &e, math::FmaOp op) {
  if (!isF32(op.getA()))
    return unsupportedType(op, "f32");
  return e.declare(op.getResult(), [&](unsigned r) {
    return "fmaf(" + e.expr(op.getA(), r) + ", " + e.expr(op.getB(), r) + ", " +
           e.expr(op.getC(), r) + ")";
  });
}
static LogicalResult printOperation(KernelEmitter &e, math::PowFOp op) {
  return printFloatCall(e, op, "powf");
}

std::optional<LogicalResult>
mlir::mytriton::cuda::printElementwiseOperation(KernelEmitter &emitter,
                                                Operation &op) {
  if (std::optional<StringRef> fn = cudaUnaryFunction(op))
    return printUnaryMath(emitter, op, *fn);
  return llvm::TypeSwitch<Operation *, std::optional<LogicalResult>>(&op)
      .Case<arith::ConstantOp, arith::AddFOp, arith::SubFOp, arith::MulFOp,
            arith::DivFOp, arith::RemFOp, arith::MaxNumFOp, arith::MinNumFOp,
            arith::NegFOp, arith::MaximumFOp, arith::MinimumFOp,
            arith::AddIOp, arith::SubIOp, arith::MulIOp, arith::ShLIOp,
            arith::ShRUIOp, arith::ShRSIOp, arith::DivUIOp, arith::RemUIOp,
            arith::DivSIOp, arith::RemSIOp, arith::AndIOp, arith::OrIOp,
            arith::XOrIOp, arith::MaxSIOp, arith::MinSIOp, arith::MaxUIOp,
            arith::MinUIOp, arith::CmpIOp, arith::CmpFOp, arith::SelectOp,
            arith::SIToFPOp, arith::UIToFPOp, arith::FPToSIOp, arith::ExtUIOp,
            arith::ExtSIOp, arith::TruncIOp, arith::BitcastOp, math::FmaOp,
            math::PowFOp>(
          [&](auto op) -> LogicalResult { return printOperation(emitter, op); })
      .Default([](Operation *) { return std::nullopt; });
}
