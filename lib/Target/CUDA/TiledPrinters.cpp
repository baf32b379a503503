//===- TiledPrinters.cpp - tt ops of tiled kernels as CUDA ----------------===//
//
// In a tiled kernel (tt::hasImplicitLayout is false) every tensor carries a
// layout encoding and is, in each thread, R = tt::getTotalElemsPerThread
// registers, spelled like the lanes of a uniform kernel (v9_0 .. v9_{R-1},
// or one register for values equal in every element: splats, constants).
// Where each register's element lies comes from tt::getLayoutBases only
// (TiledLayouts.h), so:
//  - make_range: register r is start + its offset + the thread's part.
//  - expand_dims, broadcast, trans, and convert_layout between layouts that
//    keep every element in its thread: register moves, no code.
//  - load/store: one access per register, a replica within the thread
//    reuses the first; a store writes each element from one owner only.
//  - convert_layout, reshape: through the shared scratch buffer, at the
//    row-major index of every element (rows padded against bank conflicts).
//  - tt.reduce: TiledReductions.cpp; tt.dot: DotPrinters.cpp.
// Splat, addptr, constants and elementwise ops print as in uniform kernels,
// one statement per register (KernelEmitter::declare), after a check that
// their tensors share one layout.
//
//===----------------------------------------------------------------------===//

#include "CTypes.h"
#include "TiledLayouts.h"
#include "VectorAccess.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::mytriton;
using namespace mlir::mytriton::cuda;

/// Whether every one of `operands` (null ones skipped) is uniform.
static bool allUniform(KernelEmitter &e, ArrayRef<Value> operands) {
  return llvm::all_of(operands, [&](Value operand) {
    return !operand || e.isUniform(operand);
  });
}

static LogicalResult printOperation(KernelEmitter &e, tt::MakeRangeOp op) {
  tt::LayoutBases bases = getBases(op.getResult());
  std::string thread = threadCoordinate(e, bases, 0);
  return e.declareRegisters(
      op.getResult(), bases.registerOffsets.size(), [&](unsigned r) {
        return plusConstant(thread,
                            op.getStart() + bases.registerOffsets[r][0]);
      });
}

//===----------------------------------------------------------------------===//
// Register moves
//===----------------------------------------------------------------------===//

/// `result` as registers of `src`: register r of `result` is the register
/// of `src` holding the element `resultToSrc` maps r's element to.
static LogicalResult printRegisterMove(
    KernelEmitter &e, Operation *op, Value src, Value result,
    llvm::function_ref<SmallVector<int64_t>(ArrayRef<int64_t>)> resultToSrc) {
  if (e.isUniform(src)) {
    e.setRegisters(result, {e.expr(src)});
    return success();
  }
  std::optional<SmallVector<unsigned>> match =
      matchRegisters(getBases(src), getBases(result), resultToSrc);
  if (!match)
    return op->emitOpError()
           << "cannot be emitted as CUDA: the layouts of " << src.getType()
           << " and " << result.getType()
           << " do not keep every element in its thread, which this op needs "
              "(tt-assign-layouts gives them matching layouts)";
  SmallVector<std::string> registers;
  for (unsigned reg : *match)
    registers.push_back(e.expr(src, reg));
  e.setRegisters(result, registers);
  return success();
}

static LogicalResult printOperation(KernelEmitter &e, tt::ExpandDimsOp op) {
  unsigned axis = op.getAxis();
  return printRegisterMove(e, op, op.getSrc(), op.getResult(),
                           [&](ArrayRef<int64_t> index) {
                             SmallVector<int64_t> src(index);
                             src.erase(src.begin() + axis);
                             return src;
                           });
}

static LogicalResult printOperation(KernelEmitter &e, tt::BroadcastOp op) {
  ArrayRef<int64_t> srcShape =
      cast<RankedTensorType>(op.getSrc().getType()).getShape();
  return printRegisterMove(e, op, op.getSrc(), op.getResult(),
                           [&](ArrayRef<int64_t> index) {
                             SmallVector<int64_t> src(index);
                             for (auto [d, extent] : llvm::enumerate(srcShape))
                               if (extent == 1)
                                 src[d] = 0;
                             return src;
                           });
}

static LogicalResult printOperation(KernelEmitter &e, tt::TransOp op) {
  return printRegisterMove(e, op, op.getSrc(), op.getResult(),
                           [&](ArrayRef<int64_t> index) {
                             return SmallVector<int64_t>(llvm::reverse(index));
                           });
}

//===----------------------------------------------------------------------===//
// Moves through shared memory
//===----------------------------------------------------------------------===//

/// `result` holds `src`'s elements at the same row-major index: every
/// owner writes its distinct registers to the scratch buffer, a barrier,
/// then every thread reads its registers of `result`.
static LogicalResult printThroughShared(KernelEmitter &e, Operation *op,
                                        Value src, Value result,
                                        StringRef what) {
  if (e.isUniform(src)) {
    e.setRegisters(result, {e.expr(src)});
    return success();
  }
  auto type = cast<RankedTensorType>(src.getType());
  FailureOr<std::string> ctype = e.getCType(type, op->getLoc());
  if (failed(ctype))
    return failure();
  // Pointers go through as the result's declared pointer type.
  if (StringRef(*ctype).ends_with("*") && !e.isStoredThrough(result))
    *ctype = "const " + *ctype;
  // Rows of 32 or more elements get one element of padding each (of the
  // shorter innermost dimension, for a reshape): a warp writing down a
  // column, as a transpose's conversion does, then hits different banks.
  // P is the nvvm route's too (tt::getScratchPadInterval); this route keeps
  // one slot of padding and scalar accesses, the scalar tt::ScratchPlan.
  ArrayRef<int64_t> srcShape = type.getShape(),
                    dstShape = cast<RankedTensorType>(result.getType()).getShape();
  int64_t padEvery = tt::getScratchPadInterval(srcShape, dstShape);
  int64_t slots = tt::getScratchSlots(srcShape, dstShape);
  FailureOr<std::string> buffer =
      e.useScratch(op, *ctype, slots * getElementBytes(type.getElementType()),
                   what);
  if (failed(buffer))
    return failure();
  tt::LayoutBases from = getBases(src), to = getBases(result);
  raw_indented_ostream &os = e.body();
  os << "// " << e.nameOf(result) << ": " << what << "\n";
  std::string owner = ownerCondition(from);
  if (!owner.empty())
    os << "if (" << owner << ") {\n";
  if (!owner.empty())
    os.indent();
  SmallVector<unsigned> first = getFirstHolders(from);
  for (unsigned r = 0; r < first.size(); ++r)
    if (first[r] == r)
      os << *buffer << "[" << rowMajorExpr(e, from, r, padEvery)
         << "] = " << e.expr(src, r) << ";\n";
  if (!owner.empty())
    os.unindent() << "}\n";
  os << "__syncthreads();\n";
  return e.declareRegisters(result, to.registerOffsets.size(), [&](unsigned r) {
    return *buffer + "[" + rowMajorExpr(e, to, r, padEvery) + "]";
  });
}

// A conversion that keeps every element in its thread only renames
// registers; any other goes through shared memory.
static LogicalResult printOperation(KernelEmitter &e, tt::ConvertLayoutOp op) {
  if (!e.isUniform(op.getSrc()) &&
      !matchRegisters(getBases(op.getSrc()), getBases(op.getResult()),
                      [](ArrayRef<int64_t> index) {
                        return SmallVector<int64_t>(index);
                      }))
    return printThroughShared(e, op, op.getSrc(), op.getResult(),
                              "convert_layout through shared memory");
  return printRegisterMove(
      e, op, op.getSrc(), op.getResult(),
      [](ArrayRef<int64_t> index) { return SmallVector<int64_t>(index); });
}

static LogicalResult printOperation(KernelEmitter &e, tt::ReshapeOp op) {
  return printThroughShared(e, op, op.getSrc(), op.getResult(),
                            "reshape through shared memory");
}

//===----------------------------------------------------------------------===//
// Loads and stores
//===----------------------------------------------------------------------===//

/// How a tensor access goes: `width` consecutive registers at a time, as
/// one `vector` access of 4 to 16 bytes along `dim`, or one register at a
/// time (width 1).
struct Access {
  unsigned dim = 0, width = 1;
  std::optional<VectorAccess> vector;
  /// Every run's first address is a multiple of the vector's size.
  bool aligned = false;
  /// Every run's mask bits are equal (or there is no mask).
  bool uniformMask = true;
};

/// Whether every register of a `bases` tensor lies in a run of `width`
/// registers r, r+1, .. holding consecutive elements along `dim` from a
/// coordinate that is a multiple of `width`, in every thread: the thread
/// bits move along `dim` by multiples of `width` only.
static bool inRuns(const tt::LayoutBases &bases, unsigned dim,
                   unsigned width) {
  size_t count = bases.registerOffsets.size();
  if (count % width != 0)
    return false;
  for (ArrayRef<SmallVector<int64_t>> bits :
       {ArrayRef(bases.laneBases), ArrayRef(bases.warpBases)})
    for (const SmallVector<int64_t> &base : bits)
      if (base[dim] % width != 0)
        return false;
  for (size_t r = 0; r < count; r += width) {
    if (bases.registerOffsets[r][dim] % width != 0)
      return false;
    for (unsigned i = 1; i < width; ++i) {
      SmallVector<int64_t> next = bases.registerOffsets[r];
      next[dim] += i;
      if (bases.registerOffsets[r + i] != next)
        return false;
    }
  }
  return true;
}

/// The widest access the layout and TiledAxisInfo allow through `ptr`
/// under `mask`: runs of registers along a dimension (as the layout's
/// sizePerThread makes them) where the pointers are contiguous over
/// aligned groups of the run's width, of at most 16 bytes.
static Access chooseAccess(KernelEmitter &e, Value ptr, Value mask) {
  Access access;
  Type element =
      cast<tt::PointerType>(getElementTypeOrSelf(ptr.getType())).getPointeeType();
  tt::LayoutBases bases = getBases(ptr);
  AxisInfo ptrInfo = e.getTiledAxisInfo().get(ptr);
  for (unsigned width = 16 / getElementBytes(element); width >= 2; width /= 2)
    for (unsigned dim = 0; dim < bases.shape.size(); ++dim) {
      std::optional<VectorAccess> vector = VectorAccess::get(element, width);
      if (!vector || ptrInfo.contiguity[dim] < width ||
          !inRuns(bases, dim, width))
        continue;
      access.dim = dim;
      access.width = width;
      access.vector = vector;
      access.aligned = ptrInfo.divisibility[dim] % vector->getBytes() == 0;
      access.uniformMask =
          !mask || e.isUniform(mask) ||
          e.getTiledAxisInfo().get(mask).constancy[dim] >= width;
      return access;
    }
  return access;
}

/// The condition under which the run from register `first` takes the
/// vector path: its address is aligned and its mask bits are true. Empty
/// when nothing needs checking.
static std::string vectorCondition(KernelEmitter &e, Value ptr, Value mask,
                                   unsigned first, const Access &access) {
  SmallVector<std::string> terms;
  if (!access.aligned)
    terms.push_back("reinterpret_cast<unsigned long long>(&" +
                    e.elementExpr(ptr, first) + ") % " +
                    std::to_string(access.vector->getBytes()) +
                    "ull == 0ull");
  if (mask) {
    unsigned bits = access.uniformMask ? 1 : access.width;
    for (unsigned r = first; r < first + bits; ++r)
      terms.push_back(e.operand(mask, r));
  }
  return llvm::join(terms, " && ");
}

// A masked-off element takes `other` (or 0) and touches no memory.
static LogicalResult printOperation(KernelEmitter &e, tt::LoadOp op) {
  Value ptr = op.getPtr(), mask = op.getMask(), other = op.getOther();
  FailureOr<std::string> type = e.getCType(op.getType(), op.getLoc());
  if (failed(type))
    return failure();
  std::string zero = getZeroLiteral(getElementTypeOrSelf(op.getType()));
  bool uniform = allUniform(e, {ptr, mask, other});
  unsigned count =
      uniform ? 1 : getBases(op.getResult()).registerOffsets.size();
  auto scalarLoad = [&](unsigned r) {
    std::string element = e.elementExpr(ptr, r);
    if (!mask)
      return element;
    return e.operand(mask, r) + " ? " + element + " : " +
           (other ? e.operand(other, r) : zero);
  };
  Access access = uniform ? Access() : chooseAccess(e, ptr, mask);
  if (access.width == 1) {
    SmallVector<unsigned> first = getFirstHolders(getBases(op.getResult()));
    return e.declareRegisters(op.getResult(), count, [&](unsigned r) {
      if (count > 1 && first[r] != r)
        return e.expr(op.getResult(), first[r]);
      return scalarLoad(r);
    });
  }

  FailureOr<SmallVector<std::string>> registers =
      e.declareMutable(op.getResult(), count);
  if (failed(registers))
    return failure();
  std::string vec = e.freshName(e.nameOf(op.getResult()).str() + "_vec");
  const std::string &vtype = access.vector->getType();
  raw_indented_ostream &os = e.body();
  for (unsigned first = 0; first < count; first += access.width) {
    auto vectorLoad = [&] {
      os << "const " << vtype << " " << vec << " = *reinterpret_cast<const "
         << vtype << "*>(&" << e.elementExpr(ptr, first) << ");\n";
      for (unsigned r = first; r < first + access.width; ++r)
        os << (*registers)[r] << " = "
           << access.vector->extract(vec, r - first) << ";\n";
    };
    std::string condition = vectorCondition(e, ptr, mask, first, access);
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
    // An aligned run behind one mask bit is all masked off here.
    for (unsigned r = first; r < first + access.width; ++r)
      os << (*registers)[r] << " = "
         << (access.aligned && access.uniformMask
                 ? (other ? e.operand(other, r) : zero)
                 : scalarLoad(r))
         << ";\n";
    os.unindent() << "}\n";
  }
  return success();
}

// Each element is written once: by its owner (ownerCondition), from the
// first register holding it.
static LogicalResult printOperation(KernelEmitter &e, tt::StoreOp op) {
  Value ptr = op.getPtr(), value = op.getValue(), mask = op.getMask();
  raw_indented_ostream &os = e.body();
  tt::LayoutBases bases = getBases(ptr);
  // One address and value for every element: one thread stores it.
  bool uniform = allUniform(e, {ptr, value, mask});
  unsigned count = uniform ? 1 : bases.registerOffsets.size();
  std::string owner = uniform ? "threadIdx.x == 0u" : ownerCondition(bases);
  FailureOr<std::string> type = e.getCType(value.getType(), value.getLoc());
  if (failed(type))
    return failure();
  Access access = uniform ? Access() : chooseAccess(e, ptr, mask);
  if (!owner.empty())
    os << "if (" << owner << ") {\n";
  if (!owner.empty())
    os.indent();
  auto scalarStore = [&](unsigned r) {
    std::string store =
        e.elementExpr(ptr, r) + " = " + e.expr(value, r) + ";\n";
    if (mask)
      os << "if (" << e.expr(mask, r) << ") " << store;
    else
      os << store;
  };
  SmallVector<unsigned> first = getFirstHolders(bases);
  for (unsigned r = 0; r < count; r += access.width) {
    if (access.width == 1) {
      if (first[r] == r)
        scalarStore(r);
      continue;
    }
    SmallVector<std::string> fields;
    for (unsigned i = r; i < r + access.width; ++i)
      fields.push_back(e.expr(value, i));
    const std::string &vtype = access.vector->getType();
    std::string vectorStore = "*reinterpret_cast<" + vtype + "*>(&" +
                              e.elementExpr(ptr, r) +
                              ") = " + access.vector->pack(fields) + ";\n";
    std::string condition = vectorCondition(e, ptr, mask, r, access);
    if (condition.empty()) {
      os << vectorStore;
      continue;
    }
    os << "if (" << condition << ") {\n";
    os.indent() << vectorStore;
    // An aligned run behind one mask bit stores all or nothing.
    if (access.aligned && access.uniformMask) {
      os.unindent() << "}\n";
      continue;
    }
    os.unindent() << "} else {\n";
    os.indent();
    for (unsigned i = r; i < r + access.width; ++i)
      scalarStore(i);
    os.unindent() << "}\n";
  }
  if (!owner.empty())
    os.unindent() << "}\n";
  return success();
}

//===----------------------------------------------------------------------===//
// Dispatch
//===----------------------------------------------------------------------===//

/// The ops that print as in uniform kernels need their tensors in one
/// layout: the elementwise printers combine register r of every operand.
static LogicalResult checkOneLayout(Operation &op) {
  Attribute layout;
  Type first;
  auto check = [&](Value value) -> LogicalResult {
    Attribute encoding = tt::getLayoutEncoding(value.getType());
    if (!encoding)
      return success();
    if (!layout) {
      layout = encoding;
      first = value.getType();
      return success();
    }
    if (encoding == layout)
      return success();
    return op.emitOpError() << "cannot be emitted as CUDA: its tensors "
                            << first << " and " << value.getType()
                            << " have different layouts; a "
                               "tt.convert_layout must make them one";
  };
  for (Value operand : op.getOperands())
    if (failed(check(operand)))
      return failure();
  for (Value result : op.getResults())
    if (failed(check(result)))
      return failure();
  return success();
}

std::optional<LogicalResult>
mlir::mytriton::cuda::printTiledOperation(KernelEmitter &emitter,
                                          Operation &op) {
  return llvm::TypeSwitch<Operation *, std::optional<LogicalResult>>(&op)
      .Case<tt::ExpandDimsOp, tt::BroadcastOp, tt::TransOp, tt::ReshapeOp,
            tt::ConvertLayoutOp, tt::MakeRangeOp>(
          [&](auto op) -> LogicalResult { return printOperation(emitter, op); })
      .Case([&](tt::ReduceOp op) -> LogicalResult {
        return printTiledReduce(emitter, op);
      })
      .Case([&](tt::DotOp op) -> LogicalResult {
        return printTiledDot(emitter, op);
      })
      .Case<tt::LoadOp, tt::StoreOp>(
          [&](auto op) -> std::optional<LogicalResult> {
            if (failed(checkOneLayout(*op)))
              return failure();
            // Scalar accesses print as in uniform kernels.
            if (!isa<RankedTensorType>(op.getPtr().getType()))
              return std::nullopt;
            return printOperation(emitter, op);
          })
      .Default([&](Operation *op) -> std::optional<LogicalResult> {
        if (failed(checkOneLayout(*op)))
          return failure();
        return std::nullopt;
      });
}
