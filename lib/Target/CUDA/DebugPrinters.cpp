//===- DebugPrinters.cpp - grid sizes and debugging ops as CUDA -----------===//
//
// tl.num_programs is the launch ABI's g0 and g1 parameters and gridDim.y,
// never a CTA count. A print or an assert runs over the registers a thread
// holds: every element of a program's tensor is printed and checked once
// (replica threads and duplicate registers of tiled layouts stay quiet), a
// scalar by thread 0 of its program, and programs past g0 in the last
// block (programs_per_cta > 1) do neither (KernelEmitter::programLive).
//
//===----------------------------------------------------------------------===//

#include "CTypes.h"
#include "KernelEmitter.h"
#include "TiledLayouts.h"

#include "llvm/ADT/TypeSwitch.h"

#include <cstdio>

using namespace mlir;
using namespace mlir::mytriton;
using namespace mlir::mytriton::cuda;

static LogicalResult printOperation(KernelEmitter &e,
                                    tt::GetNumProgramsOp op) {
  int32_t axis = op.getAxis();
  if (axis < 0 || axis > 2)
    return op.emitOpError() << "axis " << axis << " has no grid size";
  return e.declare(op.getResult(), axis == 2 ? std::string("(int)gridDim.y")
                                             : e.gridSize(axis));
}

static LogicalResult printOperation(KernelEmitter &e, tt::DebugBarrierOp) {
  e.body() << "__syncthreads();\n";
  return success();
}

/// `text` as the inside of a C string literal; `percent` also doubles `%`
/// for a printf format. The verifier keeps prints to printable ASCII; an
/// assert message or file name may hold anything else, written in octal.
static std::string cString(StringRef text, bool percent) {
  std::string out;
  for (unsigned char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c == '%' && percent) {
      out += "%%";
    } else if (c < 0x20 || c > 0x7e || c == '?') {
      // '?' too: "??(" would be a trigraph before C++17.
      char octal[8];
      snprintf(octal, sizeof(octal), "\\%03o", c);
      out += octal;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

/// tt.print's conversion of an element of `type` and its argument `expr`,
/// promoted as C's varargs promote it (floats as double, f16/bf16 exactly
/// through float; hex passes the element's bits unsigned).
static std::pair<std::string, std::string>
formatElement(Type type, const std::string &expr, bool hex) {
  std::string conversion = tt::PrintOp::getElementConversion(type, hex).str();
  if (type.isF16())
    return {conversion, hex ? "(unsigned)__half_as_ushort(" + expr + ")"
                            : "(double)__half2float(" + expr + ")"};
  if (type.isBF16())
    return {conversion, hex ? "(unsigned)__bfloat16_as_ushort(" + expr + ")"
                            : "(double)__bfloat162float(" + expr + ")"};
  if (type.isF32())
    return {conversion, hex ? "__float_as_uint(" + expr + ")"
                            : "(double)(" + expr + ")"};
  if (type.isF64() && hex)
    return {conversion,
            "(unsigned long long)__double_as_longlong(" + expr + ")"};
  if (isa<FloatType>(type))
    return {conversion, "(double)(" + expr + ")"};
  if (type.isInteger(64))
    return {conversion, (hex ? "(unsigned long long)(" : "(long long)(") +
                            expr + ")"};
  if (hex && !type.isInteger(1))
    return {conversion,
            "(unsigned)(" + getUnsignedCType(type.getIntOrFloatBitWidth()) +
                ")(" + expr + ")"};
  return {conversion, "(int)(" + expr + ")"};
}

/// For every register of `tensor`, the C expressions of its element's
/// coordinates (empty: a register repeating an earlier one), and the
/// condition (or "") under which this thread owns its elements.
static std::pair<SmallVector<SmallVector<std::string>>, std::string>
getRegisterCoords(KernelEmitter &e, Value tensor) {
  SmallVector<SmallVector<std::string>> coords;
  if (!e.isTiled()) {
    std::string lane = "(int)threadIdx.x";
    if (e.getLanesPerGroup() > 1)
      lane += " * " + std::to_string(e.getLanesPerGroup());
    for (int64_t r = 0; r < e.getLanesPerThread(); ++r)
      coords.push_back(
          {r == 0 ? lane : lane + " + " + std::to_string(e.getLaneOffset(r))});
    return {coords, ""};
  }
  tt::LayoutBases bases = getBases(tensor);
  SmallVector<unsigned> first = getFirstHolders(bases);
  for (auto [r, offsets] : llvm::enumerate(bases.registerOffsets)) {
    coords.emplace_back();
    if (first[r] != r)
      continue;
    for (auto [d, offset] : llvm::enumerate(offsets))
      coords.back().push_back(
          plusConstant(threadCoordinate(e, bases, d), offset));
  }
  return {coords, ownerCondition(bases)};
}

static std::string conjunction(ArrayRef<std::string> terms) {
  std::string out;
  for (const std::string &term : terms) {
    if (term.empty())
      continue;
    out += out.empty() ? "(" + term + ")" : " && (" + term + ")";
  }
  return out;
}

/// Writes `body` under `condition` (unconditionally when it is "").
static void guarded(KernelEmitter &e, const std::string &condition,
                    llvm::function_ref<void()> body) {
  raw_indented_ostream &os = e.body();
  if (condition.empty()) {
    body();
    return;
  }
  os << "if (" << condition << ") {\n";
  os.indent();
  body();
  os.unindent() << "}\n";
}

static LogicalResult printOperation(KernelEmitter &e, tt::PrintOp op) {
  std::string pids = e.programId(0) + ", " + e.programId(1) + ", " +
                     e.programId(2);
  std::string live = e.programLive();
  std::string prefix = cString(op.getPrefix(), /*percent=*/true);
  raw_indented_ostream &os = e.body();
  auto emitPrintf = [&](const std::string &format,
                        ArrayRef<std::string> args) {
    os << "printf(\"pid (%d, %d, %d)" << format << "\\n\", " << pids;
    for (const std::string &arg : args)
      os << ", " << arg;
    os << ");\n";
  };
  std::string threadZero = "threadIdx.x == 0u";
  if (op.getArgs().empty())
    guarded(e, conjunction({live, threadZero}),
            [&] { emitPrintf(prefix, {}); });
  for (auto [k, value] : llvm::enumerate(op.getArgs())) {
    Value arg = value; // lambdas below cannot capture a binding
    std::string operand = op.getArgs().size() > 1
                              ? "(operand " + std::to_string(k) + ") "
                              : "";
    auto type = dyn_cast<RankedTensorType>(arg.getType());
    if (!type) {
      std::pair<std::string, std::string> element =
          formatElement(arg.getType(), e.expr(arg), op.getHex());
      guarded(e, conjunction({live, threadZero}), [&] {
        emitPrintf(prefix + operand + element.first, {element.second});
      });
      continue;
    }
    auto registers = getRegisterCoords(e, arg);
    SmallVector<SmallVector<std::string>> &coords = registers.first;
    const std::string &owner = registers.second;
    std::string index = " idx (%d";
    for (int64_t d = 1; d < type.getRank(); ++d)
      index += ", %d";
    index += ")";
    guarded(e, conjunction({live, owner}), [&] {
      for (auto [r, coord] : llvm::enumerate(coords)) {
        if (coord.empty())
          continue;
        std::pair<std::string, std::string> element = formatElement(
            type.getElementType(), e.expr(arg, r), op.getHex());
        SmallVector<std::string> args(coord);
        args.push_back(element.second);
        emitPrintf(index + prefix + operand + element.first, args);
      }
    });
  }
  return success();
}

/// A false element calls what CUDA's assert() calls (MYTRITON_ASSERT_FAIL,
/// defined by the module's preamble: __assertfail): the message, file and
/// line reach the host and the launch fails with cudaErrorAssert.
static LogicalResult printOperation(KernelEmitter &e, tt::AssertOp op) {
  Value condition = op.getCondition();
  unsigned registers = isa<RankedTensorType>(condition.getType())
                           ? e.numRegisters(condition)
                           : 1;
  SmallVector<std::string> failed;
  for (unsigned r = 0; r < registers; ++r)
    failed.push_back("!" + e.operand(condition, r));
  std::string any;
  for (const std::string &term : failed)
    any += any.empty() ? term : " || " + term;
  std::string live = e.programLive();
  if (op.getTrap()) { // no call: see tt.assert's {trap}
    guarded(e, conjunction({live, any}), [&] { e.body() << "__trap();\n"; });
    return success();
  }
  auto file = op.getLoc()->findInstanceOf<FileLineColLoc>();
  std::string call =
      "MYTRITON_ASSERT_FAIL(\"" + cString(op.getMessage(), false) + "\", \"" +
      cString(file ? file.getFilename().getValue() : "<unknown>", false) +
      "\", " + std::to_string(file ? file.getLine() : 0) + "u, \"" +
      cString(e.getKernelName(), false) + "\");\n";
  guarded(e, conjunction({live, any}), [&] { e.body() << call; });
  return success();
}

std::optional<LogicalResult>
mlir::mytriton::cuda::printDebugOperation(KernelEmitter &emitter,
                                          Operation &op) {
  return llvm::TypeSwitch<Operation *, std::optional<LogicalResult>>(&op)
      .Case<tt::GetNumProgramsOp, tt::DebugBarrierOp, tt::PrintOp,
            tt::AssertOp>([&](auto op) { return printOperation(emitter, op); })
      .Default([](Operation *) { return std::nullopt; });
}
