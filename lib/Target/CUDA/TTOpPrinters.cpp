//===- TTOpPrinters.cpp - tt ops as CUDA statements -----------------------===//
//
// A tensor is E registers per thread (KernelEmitter.h has the layout),
// a scalar is the same in every thread, so most tt ops are one statement
// per register. With E > 1, loads and stores of consecutive addresses
// (ContiguityAnalysis) use vector accesses of up to 16 bytes (of the
// group's G lanes, VectorAccess.h) when the address is
// aligned and the lanes' masks are all true, checked at run time; any other
// access is one scalar access per register, as with E == 1. What the
// analysis proves from tt.divisibility drops those checks: an aligned chunk
// with a mask uniform over its lanes is one vector access behind one mask
// bit, with no scalar fallback.
//
//===----------------------------------------------------------------------===//

#include "CTypes.h"
#include "KernelEmitter.h"
#include "VectorAccess.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::mytriton;
using namespace mlir::mytriton::cuda;

static LogicalResult printOperation(KernelEmitter &e, tt::GetProgramIdOp op) {
  int32_t axis = op.getAxis();
  if (axis < 0 || axis > 2)
    return op.emitOpError() << "axis " << axis << " has no blockIdx field";
  return e.declare(op.getResult(), e.programId(axis));
}

static LogicalResult printOperation(KernelEmitter &e, tt::MakeRangeOp op) {
  int64_t width = op.getEnd() - op.getStart();
  if (width != e.getBlockSize())
    return op.emitOpError() << "range width " << width
                            << " is not the block size " << e.getBlockSize()
                            << ", so lanes are not threads";
  // start + i < end fits in i32, so none of this can overflow.
  int64_t lanes = e.getLanesPerThread(), group = e.getLanesPerGroup();
  std::string first = "(int)threadIdx.x";
  if (group > 1)
    first += " * " + std::to_string(group);
  if (op.getStart() != 0)
    first = std::to_string(op.getStart()) + " + " + first;
  // Register r > 0 is register 0's lane plus a constant offset.
  return e.declareRegisters(op.getResult(), lanes, [&](unsigned r) {
    if (r == 0)
      return first;
    return e.expr(op.getResult(), 0) + " + " +
           std::to_string(e.getLaneOffset(r));
  });
}

// Every thread's element of splat(x) is x.
static LogicalResult printOperation(KernelEmitter &e, tt::SplatOp op) {
  e.splat(op.getResult(), op.getSrc());
  return success();
}

static LogicalResult printOperation(KernelEmitter &e, tt::AddPtrOp op) {
  return e.setAddPtr(op.getResult(), op.getPtr(), op.getOffset());
}

/// `0` of the loaded element type, what a masked-off lane reads without
/// `other`.
static FailureOr<std::string> zeroOf(KernelEmitter &e, Value result) {
  if (failed(e.getCType(result.getType(), result.getLoc())))
    return failure();
  return getZeroLiteral(getElementTypeOrSelf(result.getType()));
}

/// The vector access of a contiguous tensor: the widest of at most 16
/// bytes dividing a group of G consecutive lanes (VectorAccess.h), or none
/// when `ptr`'s lanes are not consecutive addresses.
static std::optional<VectorAccess> getAccess(KernelEmitter &e, Value ptr) {
  int64_t group = e.getLanesPerGroup();
  if (group < 2 || !e.getContiguity().isContiguous(ptr))
    return std::nullopt;
  Type element =
      cast<tt::PointerType>(getElementTypeOrSelf(ptr.getType())).getPointeeType();
  unsigned width = getVectorWidth(element, group);
  if (width == 0)
    return std::nullopt;
  return VectorAccess::get(element, width);
}

/// What ContiguityAnalysis proves of every chunk of `width` registers of an
/// access through `ptr` under `mask`.
struct ChunkFacts {
  /// Its first address is a multiple of the vector's size.
  bool aligned;
  /// Its lanes' mask bits are equal (or there is no mask).
  bool uniformMask;
};

static ChunkFacts getChunkFacts(KernelEmitter &e, Value ptr, Value mask,
                                const VectorAccess &access) {
  const ContiguityAnalysis &facts = e.getContiguity();
  return {facts.getDivisibility(ptr) % access.getBytes() == 0,
          !mask || facts.getConstancy(mask) % access.getWidth() == 0};
}

/// The condition under which the `width` registers from `first` take the
/// vector path: their first address is aligned to the vector's size and
/// every lane's mask is true (a one-register or uniform mask is tested
/// once). Empty when `facts` make it always true.
static std::string vectorCondition(KernelEmitter &e, Value ptr, Value mask,
                                   unsigned first,
                                   const VectorAccess &access,
                                   ChunkFacts facts) {
  unsigned width = access.getWidth();
  SmallVector<std::string> terms;
  if (!facts.aligned)
    terms.push_back("reinterpret_cast<unsigned long long>(&" +
                    e.elementExpr(ptr, first) + ") % " +
                    std::to_string(access.getBytes()) + "ull == 0ull");
  if (mask) {
    unsigned masks =
        e.numRegisters(mask) == 1 || facts.uniformMask ? 1 : width;
    for (unsigned r = first; r < first + masks; ++r)
      terms.push_back(e.operand(mask, r));
  }
  return llvm::join(terms, " && ");
}

// A masked-off lane takes `other` and, through `?:`, touches no memory.
static LogicalResult printOperation(KernelEmitter &e, tt::LoadOp op) {
  Value ptr = op.getPtr(), mask = op.getMask(), other = op.getOther();
  std::string zero;
  if (mask && !other) {
    FailureOr<std::string> zeroLiteral = zeroOf(e, op.getResult());
    if (failed(zeroLiteral))
      return failure();
    zero = *zeroLiteral;
  }
  auto scalarLoad = [&](unsigned r) {
    std::string element = e.elementExpr(ptr, r);
    if (!mask)
      return element;
    return e.operand(mask, r) + " ? " + element + " : " +
           (other ? e.operand(other, r) : zero);
  };

  std::optional<VectorAccess> access = getAccess(e, ptr);
  if (!access)
    return e.declare(op.getResult(), scalarLoad);

  unsigned width = access->getWidth();
  unsigned lanes = e.getLanesPerThread();
  FailureOr<SmallVector<std::string>> registers =
      e.declareMutable(op.getResult(), lanes);
  if (failed(registers))
    return failure();
  std::string vec = e.freshName(e.nameOf(op.getResult()).str() + "_vec");
  const std::string &vtype = access->getType();
  raw_indented_ostream &os = e.body();
  ChunkFacts facts = getChunkFacts(e, ptr, mask, *access);
  for (unsigned first = 0; first < lanes; first += width) {
    auto vectorLoad = [&] {
      os << "const " << vtype << " " << vec << " = *reinterpret_cast<const "
         << vtype << "*>(&" << e.elementExpr(ptr, first) << ");\n";
      for (unsigned r = first; r < first + width; ++r)
        os << (*registers)[r] << " = " << access->extract(vec, r - first)
           << ";\n";
    };
    std::string condition =
        vectorCondition(e, ptr, mask, first, *access, facts);
    if (condition.empty()) {
      os << "{\n";
      os.indent();
      vectorLoad();
      os.unindent() << "}\n";
      continue;
    }
    os << "if (" << condition << ") {\n";
    os.indent();
    vectorLoad();
    os.unindent() << "} else {\n";
    os.indent();
    // A proven-aligned chunk behind a uniform mask is all masked off here.
    for (unsigned r = first; r < first + width; ++r)
      os << (*registers)[r] << " = "
         << (facts.aligned && facts.uniformMask
                 ? (other ? e.operand(other, r) : zero)
                 : scalarLoad(r))
         << ";\n";
    os.unindent() << "}\n";
  }
  return success();
}

/// `if (<conditions>) { <stores> }`, or the stores alone without
/// conditions.
static void printGuarded(KernelEmitter &e, ArrayRef<std::string> conditions,
                         ArrayRef<std::string> stores) {
  raw_indented_ostream &os = e.body();
  if (!conditions.empty()) {
    os << "if (" << llvm::join(conditions, " && ") << ") {\n";
    os.indent();
  }
  for (const std::string &store : stores)
    os << store;
  if (!conditions.empty())
    os.unindent() << "}\n";
}

// A tensor store writes in the lanes whose mask is true; a scalar store
// writes once per program instance, from thread 0.
static LogicalResult printOperation(KernelEmitter &e, tt::StoreOp op) {
  Value ptr = op.getPtr(), value = op.getValue(), mask = op.getMask();
  auto scalarStore = [&](unsigned r) {
    return e.elementExpr(ptr, r) + " = " + e.expr(value, r) + ";\n";
  };
  // Every store is guarded by the program being inside the grid.
  std::string live = e.programLive();
  auto guard = [&](SmallVector<std::string> conditions) {
    if (live.empty())
      return conditions;
    for (std::string &condition : conditions)
      if (StringRef(condition).contains("||"))
        condition = "(" + condition + ")";
    conditions.insert(conditions.begin(), live);
    return conditions;
  };
  if (!isa<RankedTensorType>(ptr.getType())) {
    SmallVector<std::string> conditions = {"threadIdx.x == 0u"};
    if (mask)
      conditions.push_back(e.operand(mask));
    printGuarded(e, guard(conditions), {scalarStore(0)});
    return success();
  }

  // One value to one address in all of a thread's lanes (as in the
  // `lanes < 1` store of a reduction's result): store once if any of its
  // lanes' masks holds, so only the thread owning a true lane stores.
  if (e.numRegisters(ptr) == 1 && e.numRegisters(value) == 1) {
    SmallVector<std::string> conditions;
    if (mask) {
      SmallVector<std::string> masks;
      for (unsigned r = 0; r < e.numRegisters(mask); ++r)
        masks.push_back(e.operand(mask, r));
      conditions.push_back(llvm::join(masks, " || "));
    }
    printGuarded(e, guard(conditions), {scalarStore(0)});
    return success();
  }

  auto maskedStore = [&](unsigned r) {
    SmallVector<std::string> conditions;
    if (mask)
      conditions.push_back(e.operand(mask, r));
    printGuarded(e, conditions, {scalarStore(r)});
  };
  // Packed programs: one guard around all of a tensor store.
  if (!live.empty()) {
    e.body() << "if (" << live << ") {\n";
    e.body().indent();
  }
  auto closeLive = [&] {
    if (!live.empty())
      e.body().unindent() << "}\n";
  };
  unsigned lanes = e.getLanesPerThread();
  std::optional<VectorAccess> access = getAccess(e, ptr);
  if (!access) {
    for (unsigned r = 0; r < lanes; ++r)
      maskedStore(r);
    closeLive();
    return success();
  }

  unsigned width = access->getWidth();
  const std::string &vtype = access->getType();
  raw_indented_ostream &os = e.body();
  ChunkFacts facts = getChunkFacts(e, ptr, mask, *access);
  for (unsigned first = 0; first < lanes; first += width) {
    SmallVector<std::string> fields;
    for (unsigned r = first; r < first + width; ++r)
      fields.push_back(e.expr(value, r));
    std::string vectorStore = "*reinterpret_cast<" + vtype + "*>(&" +
                              e.elementExpr(ptr, first) +
                              ") = " + access->pack(fields) + ";\n";
    std::string condition =
        vectorCondition(e, ptr, mask, first, *access, facts);
    if (condition.empty()) {
      os << vectorStore;
      continue;
    }
    os << "if (" << condition << ") {\n";
    os.indent() << vectorStore;
    // A proven-aligned chunk behind a uniform mask stores all or nothing.
    if (facts.aligned && facts.uniformMask) {
      os.unindent() << "}\n";
      continue;
    }
    os.unindent() << "} else {\n";
    os.indent();
    for (unsigned r = first; r < first + width; ++r)
      maskedStore(r);
    os.unindent() << "}\n";
  }
  closeLive();
  return success();
}

std::optional<LogicalResult>
mlir::mytriton::cuda::printTTOperation(KernelEmitter &emitter, Operation &op) {
  return llvm::TypeSwitch<Operation *, std::optional<LogicalResult>>(&op)
      .Case<tt::GetProgramIdOp, tt::MakeRangeOp, tt::SplatOp, tt::AddPtrOp,
            tt::LoadOp, tt::StoreOp>(
          [&](auto op) { return printOperation(emitter, op); })
      .Default([](Operation *) { return std::nullopt; });
}
