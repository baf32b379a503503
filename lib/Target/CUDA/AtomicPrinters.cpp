//===- AtomicPrinters.cpp - tt atomics as CUDA inline PTX -----------------===//
//
// Each lane is one PTX `atom` in an `asm volatile`, the instruction the
// gpu/nvvm route emits too, so both routes order and scope an atomic the
// same way (`atom.acq_rel.gpu.global.add.f32`): CUDA's atomicAdd family is
// relaxed only, and cuda::atomic_ref needs libcu++ headers that the
// NVRTC route does not pass. Elements are 16 (f16/bf16 add, compare-and-
// swap), 32 or 64 bits wide; 16-bit floats travel as their bits ("h"
// registers). Float max/min are Triton's two integer atomics on the bits (a
// signed max (min) where the value's sign bit is clear, an unsigned min
// (max) where it is set); float compare-and-swap compares bits.
// A masked-off lane touches no memory and yields 0. A scalar atomic runs
// once per program, in thread 0, whose old value reaches the other threads
// through a __shared__ slot (one per packed program) between two barriers
// when it is used; a barrier before a release and after an acquire make
// thread 0's ordering the whole program's. Packed programs past the grid's
// end perform none. A tiled kernel's tensor atomic acts once per element,
// from the element's owner, as a store does; replicas read its old value
// back through the scratch buffer.
//
//===----------------------------------------------------------------------===//

#include "CTypes.h"
#include "KernelEmitter.h"
#include "MyTriton/Dialect/TT/IR/PTXAtomics.h"
#include "TiledLayouts.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::mytriton;
using namespace mlir::mytriton::cuda;

namespace {

/// ".acq_rel.gpu": the PTX ordering and scope of an atomic.
std::string getQualifiers(tt::MemSemantic sem, tt::MemSyncScope scope) {
  std::string s = "." + tt::stringifyMemSemantic(sem).str();
  switch (scope) {
  case tt::MemSyncScope::GPU:
    return s + ".gpu";
  case tt::MemSyncScope::CTA:
    return s + ".cta";
  case tt::MemSyncScope::System:
    return s + ".sys";
  }
  llvm_unreachable("unknown scope");
}

/// How C values of an element type pass through an asm operand: the
/// constraint, the C type of a register of it, and the functions that
/// convert a value to the register and back (empty: none needed).
struct AsmForm {
  char constraint;
  std::string regType;
  std::string in, out;
};

/// The element's own form: floats in "f"/"d", 16-bit floats as their bits
/// ("h": PTX holds them in .b16 registers), integers by width.
AsmForm getValueForm(Type element) {
  if (element.isF32())
    return {'f', "float", "", ""};
  if (element.isF64())
    return {'d', "double", "", ""};
  if (element.isF16())
    return {'h', "unsigned short", "__half_as_ushort", "__ushort_as_half"};
  if (element.isBF16())
    return {'h', "unsigned short", "__bfloat16_as_ushort",
            "__ushort_as_bfloat16"};
  switch (element.getIntOrFloatBitWidth()) {
  case 16:
    return {'h', "short", "", ""};
  case 32:
    return {'r', "int", "", ""};
  default:
    return {'l', "long long", "", ""};
  }
}

/// The form of the element's bits as an integer (max/min by sign, cas).
AsmForm getBitsForm(Type element) {
  if (element.isF32())
    return {'r', "int", "__float_as_int", "__int_as_float"};
  if (element.isF64())
    return {'l', "long long", "__double_as_longlong", "__longlong_as_double"};
  return getValueForm(element);
}

std::string wrapIn(StringRef function, StringRef expr) {
  if (function.empty())
    return expr.str();
  return (function + "(" + expr + ")").str();
}

/// The PTX register type of a constraint, for an old value nobody reads.
StringRef getPTXRegType(char constraint) {
  switch (constraint) {
  case 'f':
    return "f32";
  case 'd':
    return "f64";
  case 'h':
    return "b16";
  case 'l':
    return "b64";
  default:
    return "b32";
  }
}

/// `asm volatile("atom<q>.global.<op> %0, [%1], %2...;" : "=<c>"(dest) :
/// "l"(address), operands... : "memory");` where operands are (constraint,
/// C expression) pairs. Without `dest` the old value goes to a PTX register
/// of the asm's own scope: a C variable that nothing reads would be an nvcc
/// warning.
std::string atomStatement(StringRef qualifiers, StringRef opAndType,
                          char destConstraint, StringRef dest,
                          StringRef address,
                          ArrayRef<std::pair<char, std::string>> operands) {
  unsigned first = dest.empty() ? 0 : 1;
  std::string instruction =
      ("atom" + qualifiers + ".global." + opAndType + " " +
       (dest.empty() ? "old" : "%0") + ", [%" + Twine(first) + "]")
          .str();
  std::string inputs = ("\"l\"(" + address + ")").str();
  for (auto [i, operand] : llvm::enumerate(operands)) {
    instruction += ", %" + std::to_string(first + 1 + i);
    inputs += std::string(", \"") + operand.first + "\"(" + operand.second +
              ")";
  }
  instruction += ";";
  if (dest.empty())
    return "asm volatile(\"{ .reg ." + getPTXRegType(destConstraint).str() +
           " old; " + instruction + " }\" : : " + inputs +
           " : \"memory\");\n";
  return "asm volatile(\"" + instruction + "\" : \"=" + destConstraint +
         "\"(" + dest.str() + ") : " + inputs + " : \"memory\");\n";
}

/// One atom whose operands (C expressions of the element type) and old
/// value pass through `form`; the old value goes to `dest` (empty: none).
std::string atomThrough(KernelEmitter &e, StringRef qualifiers,
                        StringRef opAndType, const AsmForm &form,
                        StringRef dest, StringRef address,
                        ArrayRef<std::string> values) {
  SmallVector<std::pair<char, std::string>> operands;
  for (const std::string &value : values)
    operands.push_back({form.constraint, wrapIn(form.in, value)});
  if (dest.empty() || form.out.empty())
    return atomStatement(qualifiers, opAndType, form.constraint, dest, address,
                         operands);
  std::string bits = e.freshName("old_bits");
  return form.regType + " " + bits + ";\n" +
         atomStatement(qualifiers, opAndType, form.constraint, bits, address,
                       operands) +
         dest.str() + " = " + form.out + "(" + bits + ");\n";
}

/// The statements of one lane's atomic, writing the old value to `dest`
/// (a declared variable of the element's C type), or dropping it when
/// `dest` is empty.
using LaneFn = llvm::function_ref<std::string(StringRef dest,
                                              StringRef address, unsigned)>;

std::string rmwLane(KernelEmitter &e, tt::AtomicRMWOp op, Type element,
                    StringRef dest, StringRef address, unsigned r) {
  std::string q = getQualifiers(op.getSem(), op.getScope());
  std::string val = e.expr(op.getVal(), r);
  tt::RMWOp kind = op.getAtomicRmwOp();
  if (kind != tt::RMWOp::FMax && kind != tt::RMWOp::FMin)
    return atomThrough(e, q, tt::getPTXAtomicOp(kind, element),
                       getValueForm(element), dest, address, {val});
  bool isMax = kind == tt::RMWOp::FMax;
  AsmForm form = getBitsForm(element);
  std::string width = std::to_string(element.getIntOrFloatBitWidth());
  std::string bits = e.freshName("bits");
  std::string old = dest.empty() ? "" : e.freshName("old_bits");
  std::string s = "const " + form.regType + " " + bits + " = " +
                  wrapIn(form.in, val) + ";\n";
  if (!old.empty())
    s += form.regType + " " + old + ";\n";
  s += "if (" + bits + " < 0) {\n  ";
  s += atomStatement(q, (isMax ? "min.u" : "max.u") + width, form.constraint,
                     old, address, {{form.constraint, bits}});
  s += "} else {\n  ";
  s += atomStatement(q, (isMax ? "max.s" : "min.s") + width, form.constraint,
                     old, address, {{form.constraint, bits}});
  s += "}\n";
  if (!old.empty())
    s += dest.str() + " = " + wrapIn(form.out, old) + ";\n";
  return s;
}

std::string casLane(KernelEmitter &e, tt::AtomicCASOp op, Type element,
                    StringRef dest, StringRef address, unsigned r) {
  std::string q = getQualifiers(op.getSem(), op.getScope());
  std::string cmp = e.expr(op.getCmp(), r), val = e.expr(op.getVal(), r);
  std::string width = std::to_string(element.getIntOrFloatBitWidth());
  return atomThrough(e, q, "cas.b" + width, getBitsForm(element), dest,
                     address, {cmp, val});
}

/// `if (conditions) {` (nothing without conditions); returns whether a
/// block was opened.
bool openGuard(raw_indented_ostream &os, ArrayRef<std::string> conditions) {
  if (conditions.empty())
    return false;
  os << "if (" << llvm::join(conditions, " && ") << ") {\n";
  os.indent();
  return true;
}

void closeGuard(raw_indented_ostream &os, bool opened) {
  if (opened)
    os.unindent() << "}\n";
}

/// Writes `text` (statements, one per line) into the body.
void writeLines(raw_indented_ostream &os, StringRef text) {
  SmallVector<StringRef> lines;
  text.rtrim('\n').split(lines, '\n');
  for (StringRef line : lines)
    os << line << "\n";
}

/// A tiled kernel's tensor atomic: each element once, by its owner (the
/// thread whose replicating bits are clear, its first register holding the
/// element), as tiled stores are. When the old values are read and threads
/// replicate elements, the owners publish them in the scratch buffer (slot =
/// the element's row-major index) and every holder reads its own.
LogicalResult printTiledAtomic(KernelEmitter &e, Operation *op, Value mask,
                               StringRef type, Type element, LaneFn lane) {
  Value ptr = op->getOperand(0), result = op->getResult(0);
  tt::LayoutBases bases = getBases(ptr);
  SmallVector<unsigned> first = getFirstHolders(bases);
  std::string owner = ownerCondition(bases);
  unsigned count = bases.registerOffsets.size();
  bool used = !result.use_empty();
  std::string zero = getZeroLiteral(element);
  raw_indented_ostream &os = e.body();
  SmallVector<std::string> registers;
  if (used) {
    FailureOr<SmallVector<std::string>> declared =
        e.declareMutable(result, count);
    if (failed(declared))
      return failure();
    registers = *declared;
  }
  auto address = [&](unsigned r) {
    return "__cvta_generic_to_global(&" + e.elementExpr(ptr, r) + ")";
  };
  for (unsigned r = 0; r < count; ++r) {
    if (first[r] != r)
      continue;
    SmallVector<std::string> conditions;
    if (!owner.empty())
      conditions.push_back(owner);
    if (mask)
      conditions.push_back(e.operand(mask, r));
    if (used && !conditions.empty())
      os << registers[r] << " = " << zero << ";\n";
    bool opened = openGuard(os, conditions);
    bool braced = !opened && !used;
    if (braced) {
      os << "{\n";
      os.indent();
    }
    writeLines(
        os, lane(used ? StringRef(registers[r]) : StringRef(), address(r), r));
    if (braced)
      os.unindent() << "}\n";
    closeGuard(os, opened);
  }
  if (!used)
    return success();
  if (!owner.empty()) {
    int64_t elements = cast<RankedTensorType>(ptr.getType()).getNumElements();
    FailureOr<std::string> buffer = e.useScratch(
        op, type, elements * getElementBytes(element),
        "the old values of its replicated elements");
    if (failed(buffer))
      return failure();
    os << "if (" << owner << ") {\n";
    os.indent();
    for (unsigned r = 0; r < count; ++r)
      if (first[r] == r)
        os << *buffer << "[" << rowMajorExpr(e, bases, r)
           << "] = " << registers[r] << ";\n";
    os.unindent() << "}\n";
    os << "__syncthreads();\n";
    for (unsigned r = 0; r < count; ++r)
      if (first[r] == r)
        os << registers[r] << " = " << *buffer << "["
           << rowMajorExpr(e, bases, r) << "];\n";
  }
  for (unsigned r = 0; r < count; ++r)
    if (first[r] != r)
      os << registers[r] << " = " << registers[first[r]] << ";\n";
  return success();
}

LogicalResult printAtomic(KernelEmitter &e, Operation *op, Value mask,
                          tt::MemSemantic sem, LaneFn lane) {
  Value ptr = op->getOperand(0), result = op->getResult(0);
  FailureOr<std::string> type = e.getCType(result.getType(), op->getLoc());
  if (failed(type))
    return failure();
  Type element = getElementTypeOrSelf(result.getType());
  std::string zero = getZeroLiteral(element);
  std::string live = e.programLive();
  raw_indented_ostream &os = e.body();

  // PTX's atom.global takes a global address: CUDA pointers are generic.
  auto address = [&](unsigned r) {
    return "__cvta_generic_to_global(&" + e.elementExpr(ptr, r) + ")";
  };
  if (isa<RankedTensorType>(ptr.getType()) && e.isTiled())
    return printTiledAtomic(e, op, mask, *type, element, lane);
  if (isa<RankedTensorType>(ptr.getType())) {
    unsigned lanes = e.getLanesPerThread();
    bool used = !result.use_empty();
    SmallVector<std::string> registers;
    if (used) {
      FailureOr<SmallVector<std::string>> declared =
          e.declareMutable(result, lanes);
      if (failed(declared))
        return failure();
      registers = *declared;
    }
    for (unsigned r = 0; r < lanes; ++r) {
      SmallVector<std::string> conditions;
      if (!live.empty())
        conditions.push_back(live);
      if (mask)
        conditions.push_back(e.operand(mask, r));
      if (used && !conditions.empty())
        os << registers[r] << " = " << zero << ";\n";
      bool opened = openGuard(os, conditions);
      // The lane's statements declare names of their own: a scope each.
      bool braced = !opened && !used;
      if (braced) {
        os << "{\n";
        os.indent();
      }
      writeLines(os, lane(used ? StringRef(registers[r]) : StringRef(),
                          address(r), r));
      if (braced)
        os.unindent() << "}\n";
      closeGuard(os, opened);
    }
    return success();
  }

  SmallVector<std::string> conditions = {"threadIdx.x == 0u"};
  if (!live.empty())
    conditions.push_back(live);
  if (mask)
    conditions.push_back(e.operand(mask));
  // Thread 0 acts for the program, so the barriers make its ordering the
  // program's (a release after every thread's accesses, an acquire before
  // them) and carry its old value, when used, to every thread.
  bool used = !result.use_empty();
  bool barrierBefore = used || sem == tt::MemSemantic::Release ||
                       sem == tt::MemSemantic::AcqRel;
  bool barrierAfter = used || sem == tt::MemSemantic::Acquire ||
                      sem == tt::MemSemantic::AcqRel;
  std::string slot;
  if (used) {
    std::string slots = e.freshName(e.nameOf(result).str() + "_slots");
    int64_t programs = e.getProgramsPerCTA();
    if (failed(e.declareShared(op,
                               "__shared__ " + *type + " " + slots + "[" +
                                   std::to_string(programs) + "];",
                               getElementBytes(element) * programs)))
      return failure();
    slot = slots + (programs > 1 ? "[threadIdx.y]" : "[0]");
  }
  // With a used result, the first barrier also keeps an earlier run of this
  // op (in a loop) from overwriting the slot before every thread read it.
  if (barrierBefore)
    os << "__syncthreads();\n";
  bool opened = openGuard(os, conditions);
  std::string old = used ? e.freshName("old") : "";
  if (used)
    os << *type << " " << old << ";\n";
  writeLines(os, lane(old, address(0), 0));
  if (used)
    os << slot << " = " << old << ";\n";
  closeGuard(os, opened);
  if (barrierAfter)
    os << "__syncthreads();\n";
  if (!used)
    return success();
  return e.declare(result, slot);
}

} // namespace

std::optional<LogicalResult>
mlir::mytriton::cuda::printAtomicOperation(KernelEmitter &emitter,
                                           Operation &op) {
  return llvm::TypeSwitch<Operation *, std::optional<LogicalResult>>(&op)
      .Case([&](tt::AtomicRMWOp rmw) -> std::optional<LogicalResult> {
        Type element = getElementTypeOrSelf(rmw.getType());
        // PTX has atom.add.noftz.bf16 from sm_90 on; ptxas would name only
        // the PTX line (the gpu/nvvm route refuses it in check-nvvm-target).
        if (element.isBF16())
          emitter.body()
              << "#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 900\n"
              << "#error \"tl.atomic_add on bfloat16 needs sm_90 or newer "
                 "(atom.add.noftz.bf16)\"\n"
              << "#endif\n";
        return printAtomic(emitter, rmw, rmw.getMask(), rmw.getSem(),
                           [&](StringRef dest, StringRef address, unsigned r) {
                             return rmwLane(emitter, rmw, element, dest,
                                            address, r);
                           });
      })
      .Case([&](tt::AtomicCASOp cas) -> std::optional<LogicalResult> {
        Type element = getElementTypeOrSelf(cas.getType());
        return printAtomic(emitter, cas, Value(), cas.getSem(),
                           [&](StringRef dest, StringRef address, unsigned r) {
                             return casLane(emitter, cas, element, dest,
                                            address, r);
                           });
      })
      .Default([](Operation *) { return std::nullopt; });
}
