//===- ControlFlowPrinters.cpp - scf.for / scf.if / scf.while as C --------===//
//
// Conditions and bounds are scalars, the same in every thread of a program
// (and programs_per_cta is 1 with control flow), so a C loop or branch keeps
// the block's threads together: barriers inside (reductions, layout
// conversions) are reached by all of them.
//
// Every value an scf op carries (a loop's iter_arg, a while's condition
// operands, a branch's results) is one mutable C variable per register,
// declared before the op with every register its type has
// (KernelEmitter::fullRegisterCount): the region argument and the op's
// result are spelled as those variables, and nothing is assumed of their
// lanes (isUniform, ContiguityAnalysis and TiledAxisInfo see a region
// argument as unknown; scalars stay uniform). What the body yields is
// assigned back at its end, through temporaries where a value read later in
// the same assignment would already be overwritten.
//
// scf.for  ->  for (long long i_iv = lb; i_iv < ub; i_iv += step) {
//                const int i = (int)i_iv; ... }
//   64-bit, so lb + k * step never wraps (i32 bounds); a constant step of 1
//   counts in int. The step must be positive, as in Triton (the frontend
//   rewrites negative constexpr steps); a constant step <= 0 is refused.
// scf.if   ->  if (cond) { ...; r = a; } else { ...; r = b; }
// scf.while -> for (;;) { before; r = args; if (!cond) break; after; w = y; }
//
//===----------------------------------------------------------------------===//

#include "KernelEmitter.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::mytriton;
using namespace mlir::mytriton::cuda;

/// Whether the identifier `word` occurs in `text` as a whole word.
static bool mentions(StringRef text, StringRef word) {
  auto isIdChar = [](char c) { return llvm::isAlnum(c) || c == '_'; };
  for (size_t at = text.find(word); at != StringRef::npos;
       at = text.find(word, at + 1)) {
    size_t end = at + word.size();
    if ((at == 0 || !isIdChar(text[at - 1])) &&
        (end == text.size() || !isIdChar(text[end])))
      return true;
  }
  return false;
}

/// The variables of one scf op: for each carried value, its registers
/// (none for a slot nothing reads: KernelEmitter::isLiveSlot).
using Variables = SmallVector<SmallVector<std::string>>;

/// Declares a variable per register of each of `named` (the scf op's
/// results or a while's before arguments, which name the slots and the
/// variables) that is live, initialized from `inits` when given.
static FailureOr<Variables> declareVariables(KernelEmitter &e,
                                             ValueRange named,
                                             std::optional<ValueRange> inits) {
  Variables variables;
  for (auto [i, value] : llvm::enumerate(named)) {
    if (!e.isLiveSlot(value)) {
      variables.emplace_back();
      continue;
    }
    unsigned count = e.fullRegisterCount(value.getType());
    SmallVector<std::string> initExprs;
    if (inits)
      for (unsigned r = 0; r < count; ++r)
        initExprs.push_back(e.expr((*inits)[i], r));
    FailureOr<SmallVector<std::string>> registers =
        e.declareVariables(value, count, initExprs);
    if (failed(registers))
      return failure();
    variables.push_back(std::move(*registers));
  }
  return variables;
}

/// Spells each of `values` (region arguments or results) as its variables.
static void spellAs(KernelEmitter &e, ValueRange values,
                    const Variables &variables) {
  for (auto [value, registers] : llvm::zip_equal(values, variables))
    if (!registers.empty())
      e.setRegisters(value, registers);
}

/// `variables = values;` as one parallel assignment: a value whose
/// spelling reads a variable assigned before it is copied to a temporary
/// first.
static LogicalResult assign(KernelEmitter &e, const Variables &variables,
                            ValueRange values) {
  struct Move {
    std::string target, source;
  };
  SmallVector<Move> moves;
  for (auto [registers, value] : llvm::zip_equal(variables, values))
    for (auto [r, target] : llvm::enumerate(registers)) {
      std::string source = e.expr(value, r);
      if (source != target)
        moves.push_back({target, source});
    }
  raw_indented_ostream &os = e.body();
  for (size_t k = 0; k < moves.size(); ++k) {
    bool readsAssigned = llvm::any_of(
        ArrayRef(moves).take_front(k),
        [&](const Move &earlier) { return mentions(moves[k].source, earlier.target); });
    if (!readsAssigned)
      continue;
    // `auto`: a pointer keeps the constness of what it points to.
    std::string temp = e.freshName(moves[k].target + "_next");
    os << "const auto " << temp << " = " << moves[k].source << ";\n";
    moves[k].source = temp;
  }
  for (const Move &move : moves)
    os << move.target << " = " << move.source << ";\n";
  return success();
}

static LogicalResult checkScalarInt(Operation *op, Value value,
                                    StringRef what) {
  if (value.getType().isInteger(32) || value.getType().isInteger(64))
    return success();
  return op->emitOpError() << "cannot be emitted as CUDA: its " << what
                           << " is " << value.getType()
                           << "; loop bounds and steps are i32 or i64 scalars";
}

/// The header of an scf.for over i64 bounds. A unit step counts up to the
/// bound (i < ub, so ++i does not wrap); another step counts the trips in
/// unsigned 64 bits, exactly ((ub - lb - 1) / step + 1 when lb < ub), and
/// computes the induction variable from the trip, which never wraps.
static void printI64Loop(KernelEmitter &e, scf::ForOp op, bool unitStep) {
  raw_indented_ostream &os = e.body();
  Value iv = op.getInductionVar();
  std::string name = e.nameOf(iv).str();
  bool isUnsigned = op.getUnsignedCmp();
  std::string u = "(unsigned long long)";
  std::string lb = e.operand(op.getLowerBound()),
              ub = e.operand(op.getUpperBound()),
              step = e.operand(op.getStep());
  if (unitStep) {
    std::string type = isUnsigned ? "unsigned long long" : "long long";
    std::string cast = isUnsigned ? u : "";
    std::string counter = isUnsigned ? e.freshName(name + "_u") : name;
    os << "for (" << type << " " << counter << " = " << cast << lb << "; "
       << counter << " < " << cast << ub << "; ++" << counter << ") {\n";
    os.indent();
    if (isUnsigned && !iv.use_empty())
      os << "const long long " << name << " = (long long)" << counter
         << ";\n";
    return;
  }
  std::string trips = e.freshName(name + "_trips");
  std::string trip = e.freshName(name + "_trip");
  std::string less = isUnsigned ? u + lb + " < " + u + ub : lb + " < " + ub;
  os << "const unsigned long long " << trips << " = " << less << " ? (" << u
     << ub << " - " << u << lb << " - 1ull) / " << u << step
     << " + 1ull : 0ull;\n";
  os << "for (unsigned long long " << trip << " = 0ull; " << trip << " < "
     << trips << "; ++" << trip << ") {\n";
  os.indent();
  if (!iv.use_empty())
    os << "const long long " << name << " = (long long)(" << u << lb << " + "
       << trip << " * " << u << step << ");\n";
}

static LogicalResult printOperation(KernelEmitter &e, scf::ForOp op) {
  if (failed(checkScalarInt(op, op.getLowerBound(), "lower bound")) ||
      failed(checkScalarInt(op, op.getUpperBound(), "upper bound")) ||
      failed(checkScalarInt(op, op.getStep(), "step")))
    return failure();
  APInt constantStep;
  bool stepIsConstant = matchPattern(op.getStep(), m_ConstantInt(&constantStep));
  if (stepIsConstant && !constantStep.isStrictlyPositive())
    return op.emitOpError()
           << "cannot be emitted as CUDA: its step is "
           << constantStep.getSExtValue()
           << "; scf.for needs a positive step (count a negative one from "
              "the other bound)";

  FailureOr<Variables> variables =
      declareVariables(e, op.getResults(), op.getInitArgs());
  if (failed(variables))
    return failure();
  spellAs(e, op.getRegionIterArgs(), *variables);
  spellAs(e, op.getResults(), *variables);

  raw_indented_ostream &os = e.body();
  Value iv = op.getInductionVar();
  std::string name = e.nameOf(iv).str();
  bool isUnsigned = op.getUnsignedCmp();
  if (op.getLowerBound().getType().isInteger(64)) {
    printI64Loop(e, op, stepIsConstant && constantStep.isOne());
  } else if (stepIsConstant && constantStep.isOne()) {
    // i < ub <= INT_MAX (UINT_MAX), so ++i does not wrap.
    StringRef type = isUnsigned ? "unsigned" : "int";
    std::string cast = isUnsigned ? "(unsigned)" : "";
    std::string counter = isUnsigned ? e.freshName(name + "_u") : name;
    os << "for (" << type << " " << counter << " = " << cast
       << e.operand(op.getLowerBound()) << "; " << counter << " < " << cast
       << e.operand(op.getUpperBound()) << "; ++" << counter << ") {\n";
    os.indent();
    if (isUnsigned && !iv.use_empty())
      os << "const int " << name << " = (int)" << counter << ";\n";
  } else {
    // In 64 bits, lb + k * step < ub + step never wraps.
    StringRef type = isUnsigned ? "unsigned long long" : "long long";
    std::string cast = isUnsigned ? "(unsigned long long)(unsigned)"
                                  : "(long long)";
    std::string counter = e.freshName(name + "_iv");
    os << "for (" << type << " " << counter << " = " << cast
       << e.operand(op.getLowerBound()) << "; " << counter << " < " << cast
       << e.operand(op.getUpperBound()) << "; " << counter << " += " << cast
       << e.operand(op.getStep()) << ") {\n";
    os.indent();
    if (!iv.use_empty())
      os << "const int " << name << " = (int)" << counter << ";\n";
  }
  e.alias(iv, name);
  if (failed(e.emitBlock(*op.getBody())) ||
      failed(assign(e, *variables, op.getYieldedValues())))
    return failure();
  os.unindent() << "}\n";
  return success();
}

static LogicalResult printOperation(KernelEmitter &e, scf::IfOp op) {
  FailureOr<Variables> variables =
      declareVariables(e, op.getResults(), std::nullopt);
  if (failed(variables))
    return failure();
  raw_indented_ostream &os = e.body();
  os << "if (" << e.expr(op.getCondition()) << ") {\n";
  os.indent();
  if (failed(e.emitBlock(op.getThenRegion().front())) ||
      failed(assign(e, *variables, op.thenYield().getResults())))
    return failure();
  os.unindent();
  if (!op.getElseRegion().empty()) {
    Block &elseBlock = op.getElseRegion().front();
    // An empty else (no ops, no results) prints nothing.
    if (elseBlock.getOperations().size() > 1 || op.getNumResults() > 0) {
      os << "} else {\n";
      os.indent();
      if (failed(e.emitBlock(elseBlock)) ||
          failed(assign(e, *variables, op.elseYield().getResults())))
        return failure();
      os.unindent();
    }
  }
  os << "}\n";
  spellAs(e, op.getResults(), *variables);
  return success();
}

static LogicalResult printOperation(KernelEmitter &e, scf::WhileOp op) {
  // The before region's arguments, named as the printed IR names them.
  FailureOr<Variables> carried =
      declareVariables(e, op.getBeforeArguments(), op.getInits());
  if (failed(carried))
    return failure();
  FailureOr<Variables> results =
      declareVariables(e, op.getResults(), std::nullopt);
  if (failed(results))
    return failure();
  spellAs(e, op.getBeforeArguments(), *carried);
  spellAs(e, op.getAfterArguments(), *results);
  spellAs(e, op.getResults(), *results);

  raw_indented_ostream &os = e.body();
  scf::ConditionOp condition = op.getConditionOp();
  os << "for (;;) {\n";
  os.indent();
  if (failed(e.emitBlock(*op.getBeforeBody())) ||
      failed(assign(e, *results, condition.getArgs())))
    return failure();
  os << "if (!" << e.operand(condition.getCondition()) << ") {\n";
  os.indent() << "break;\n";
  os.unindent() << "}\n";
  if (failed(e.emitBlock(*op.getAfterBody())) ||
      failed(assign(e, *carried, op.getYieldOp().getResults())))
    return failure();
  os.unindent() << "}\n";
  return success();
}

std::optional<LogicalResult>
mlir::mytriton::cuda::printControlFlowOperation(KernelEmitter &emitter,
                                                Operation &op) {
  if (!isa<scf::SCFDialect>(op.getDialect()))
    return std::nullopt;
  return llvm::TypeSwitch<Operation *, LogicalResult>(&op)
      .Case<scf::ForOp, scf::IfOp, scf::WhileOp>(
          [&](auto op) { return printOperation(emitter, op); })
      .Default([](Operation *op) {
        return op->emitOpError()
               << "cannot be emitted as CUDA: the CUDA emitter prints "
                  "scf.for, scf.if and scf.while (with scf.yield and "
                  "scf.condition) only";
      });
}
