//===- CombinePrinters.cpp - tt.combine_reduce and tt.scan as CUDA --------===//
//
// The plan the gpu/nvvm route lowers from (tt::getAxisCombinePlan,
// CombineLayouts.h), printed, in uniform kernels (the bases of their
// implicit layout) and tiled ones alike. The combine region is printed once,
// as a lambda of the kernel taking the 2N scalars and N output references,
//
//   auto v24_combine = [](const float c5, const int c6, const float c7,
//                         const int c8, float &v24_out0, int &v24_out1) {...};
//
// (where the first step needs it), and every combine step calls it. The
// steps are CombineToGPU.cpp's, in the same order, so both routes combine
// alike: each line's registers in the thread (a reduction as a tree, a scan
// chunk by chunk in sequence), __shfl_xor_sync over the lane bits along the
// axis (the lane whose bit is clear, set for a reverse scan, holds the
// earlier part), the warps along the axis through the scratch buffer in warp
// order, and a scan's chunk prefixes last.
//
//===----------------------------------------------------------------------===//

#include "CTypes.h"
#include "KernelEmitter.h"
#include "TiledLayouts.h"

#include "MyTriton/Dialect/TT/IR/CombineLayouts.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"

using namespace mlir;
using namespace mlir::mytriton;
using namespace mlir::mytriton::cuda;

namespace {

constexpr int64_t kWarpSize = 32;

/// A partial combination of the N operands (C expressions): no values means
/// it holds nothing; `valid` names a bool saying in which threads it holds
/// something, empty meaning in all.
struct Partial {
  SmallVector<std::string> values;
  std::string valid;
  bool empty() const { return values.empty(); }
};

class CombinePrinter {
public:
  CombinePrinter(KernelEmitter &e, Operation *op, Region &region,
                 tt::LayoutBases bases, tt::AxisCombinePlan plan,
                 std::string mask, SmallVector<std::string> types)
      : e(e), os(e.body()), op(op), region(region), bases(std::move(bases)),
        plan(std::move(plan)), mask(std::move(mask)), types(std::move(types)),
        name(e.nameOf(op->getResult(0)).str()) {}

  const tt::AxisCombinePlan &getPlan() const { return plan; }

  /// The N values of register `r` of the operands.
  SmallVector<std::string> registerValues(unsigned r) {
    SmallVector<std::string> values;
    for (Value src : op->getOperands())
      values.push_back(e.operand(src, r));
    return values;
  }

  /// tt.combine_reduce: each line's N partial results.
  FailureOr<SmallVector<SmallVector<std::string>>> reduce() {
    SmallVector<SmallVector<std::string>> partials;
    for (const tt::AxisCombinePlan::Line &line : plan.lines) {
      SmallVector<SmallVector<std::string>> items;
      for (unsigned r : plan.lineRegisters(line))
        items.push_back(registerValues(r));
      FailureOr<SmallVector<std::string>> partial = tree(items);
      if (failed(partial))
        return failure();
      partials.push_back(*partial);
    }
    for (unsigned bit : plan.laneBits) {
      std::string upper = threadBit(bit);
      for (SmallVector<std::string> &partial : partials) {
        SmallVector<std::string> other = shuffle(partial, bit);
        // Named so the selects print in this order whatever the compiler's
        // argument evaluation order (GCC and Clang differ).
        SmallVector<std::string> left = select(upper, other, partial);
        SmallVector<std::string> right = select(upper, partial, other);
        FailureOr<SmallVector<std::string>> both = apply(left, right);
        if (failed(both))
          return failure();
        partial = *both;
      }
    }
    if (!plan.warpBits.empty()) {
      auto loaded = exchangeAcrossWarps(partials, 1);
      if (failed(loaded))
        return failure();
      for (auto [partial, perWarp] : llvm::zip_equal(partials, *loaded)) {
        FailureOr<SmallVector<std::string>> all = tree(perWarp);
        if (failed(all))
          return failure();
        partial = *all;
      }
    }
    return partials;
  }

  /// tt.scan: the N results of every register.
  FailureOr<SmallVector<SmallVector<std::string>>> scan(bool reverse) {
    size_t numRegisters = plan.firstHolder.size();
    int64_t chunks = plan.chunksPerLine();
    SmallVector<SmallVector<std::string>> prefix(numRegisters);
    SmallVector<Partial> exclusive;
    SmallVector<SmallVector<std::string>> totals;
    for (const tt::AxisCombinePlan::Line &line : plan.lines)
      for (const SmallVector<unsigned> &chunk : line.chunks) {
        SmallVector<unsigned> order(chunk);
        if (reverse)
          std::reverse(order.begin(), order.end());
        SmallVector<std::string> acc;
        for (unsigned r : order) {
          SmallVector<std::string> values = registerValues(r);
          if (acc.empty()) {
            acc = values;
          } else {
            FailureOr<SmallVector<std::string>> next = apply(acc, values);
            if (failed(next))
              return failure();
            acc = *next;
          }
          prefix[r] = acc;
        }
        exclusive.push_back({});
        totals.push_back(acc);
      }

    for (unsigned bit : plan.laneBits) {
      // The partner holds the earlier part where this lane's bit is set
      // (clear, scanning in reverse).
      std::string earlier = threadBit(bit, reverse);
      for (auto [total, excl] : llvm::zip_equal(totals, exclusive)) {
        SmallVector<std::string> other = shuffle(total, bit);
        FailureOr<Partial> next = combine({other, earlier}, excl);
        SmallVector<std::string> left = select(earlier, other, total);
        SmallVector<std::string> right = select(earlier, total, other);
        FailureOr<SmallVector<std::string>> both = apply(left, right);
        if (failed(next) || failed(both))
          return failure();
        excl = *next;
        total = *both;
      }
    }

    if (!plan.warpBits.empty()) {
      auto loaded = exchangeAcrossWarps(totals, chunks);
      if (failed(loaded))
        return failure();
      int64_t warps = plan.axisWarps();
      std::string warp = axisWarp();
      std::string rank =
          reverse ? "(" + std::to_string(warps - 1) + " - " + warp + ")" : warp;
      std::string notFirst = declare("bool", rank + " != 0", "later_warp");
      for (auto [total, excl, perWarp] :
           llvm::zip_equal(totals, exclusive, *loaded)) {
        if (reverse)
          std::reverse(perWarp.begin(), perWarp.end());
        // acc[i]: the totals of the first i + 1 warps in scan order; the
        // last (all warps) only carries into a next chunk.
        SmallVector<SmallVector<std::string>> acc = {perWarp.front()};
        for (int64_t i = 1; i < (chunks > 1 ? warps : warps - 1); ++i) {
          FailureOr<SmallVector<std::string>> next =
              apply(acc.back(), perWarp[i]);
          if (failed(next))
            return failure();
          acc.push_back(*next);
        }
        SmallVector<std::string> before = acc.front();
        for (int64_t i = 1; i + 1 < warps; ++i)
          before =
              select(rank + " == " + std::to_string(i + 1), acc[i], before);
        FailureOr<Partial> next = combine({before, notFirst}, excl);
        if (failed(next))
          return failure();
        excl = *next;
        if (chunks > 1)
          total = acc.back();
      }
    }

    SmallVector<SmallVector<std::string>> results(numRegisters);
    for (auto [l, line] : llvm::enumerate(plan.lines)) {
      Partial carry;
      for (int64_t k = 0; k < chunks; ++k) {
        int64_t j = reverse ? chunks - 1 - k : k;
        size_t q = l * chunks + j;
        FailureOr<Partial> chunkPrefix = combine(carry, exclusive[q]);
        if (failed(chunkPrefix))
          return failure();
        if (k + 1 < chunks) {
          FailureOr<Partial> nextCarry = combine(carry, {totals[q], ""});
          if (failed(nextCarry))
            return failure();
          carry = *nextCarry;
        }
        for (unsigned r : line.chunks[j]) {
          FailureOr<Partial> value = combine(*chunkPrefix, {prefix[r], ""});
          if (failed(value))
            return failure();
          results[r] = value->values;
        }
      }
    }
    for (unsigned r = 0; r < numRegisters; ++r)
      results[r] = results[plan.firstHolder[r]];
    return results;
  }

private:
  /// Declares `const <type> <fresh> = <init>;` and returns the name (the
  /// declaration is dropped if nothing reads it: a result nothing uses).
  std::string declare(StringRef type, const std::string &init, StringRef hint) {
    return e.declareTemporary(type, name + "_" + hint.str(), init);
  }

  /// The combine region as the lambda `fn`, printed before its first call.
  LogicalResult printLambda() {
    Block &block = region.front();
    fn = e.freshName(name + "_combine");
    SmallVector<std::string> params;
    for (BlockArgument arg : block.getArguments()) {
      FailureOr<std::string> type = e.getCType(arg.getType(), arg.getLoc());
      if (failed(type))
        return failure();
      // An argument the region does not read stays unnamed.
      bool read = llvm::any_of(arg.getUsers(),
                               [&](Operation *user) { return e.isLive(user); });
      std::string argName = e.nameOf(arg).str();
      e.setRegisters(arg, {argName});
      params.push_back(read ? "const " + *type + " " + argName : *type);
    }
    for (auto [k, type] : llvm::enumerate(types)) {
      outputs.push_back(e.freshName(name + "_out" + std::to_string(k)));
      params.push_back(type + " &" + outputs.back());
    }
    os << "// " << name << "'s combine region, applied at every step\n";
    os << "auto " << fn << " = [](" << llvm::join(params, ", ") << ") {\n";
    os.indent();
    if (failed(e.emitBlock(block)))
      return failure();
    for (auto [output, value] :
         llvm::zip_equal(outputs, block.getTerminator()->getOperands()))
      os << output << " = " << e.expr(value) << ";\n";
    os.unindent() << "};\n";
    return success();
  }

  /// The region applied to `lhs` then `rhs`: N new variables.
  FailureOr<SmallVector<std::string>> apply(ArrayRef<std::string> lhs,
                                            ArrayRef<std::string> rhs) {
    if (fn.empty() && failed(printLambda()))
      return failure();
    SmallVector<std::string> results, args(lhs);
    llvm::append_range(args, rhs);
    for (const std::string &type : types) {
      results.push_back(e.freshName(name + "_c"));
      os << type << " " << results.back() << ";\n";
    }
    llvm::append_range(args, results);
    os << fn << "(" << llvm::join(args, ", ") << ");\n";
    return results;
  }

  SmallVector<std::string> select(const std::string &condition,
                                  ArrayRef<std::string> ifTrue,
                                  ArrayRef<std::string> ifFalse) {
    SmallVector<std::string> out;
    for (auto [type, t, f] : llvm::zip_equal(types, ifTrue, ifFalse))
      out.push_back(declare(type, condition + " ? " + t + " : " + f, "sel"));
    return out;
  }

  /// `left` then `right`, either possibly empty somewhere.
  FailureOr<Partial> combine(const Partial &left, const Partial &right) {
    if (left.empty())
      return right;
    if (right.empty())
      return left;
    FailureOr<SmallVector<std::string>> both = apply(left.values, right.values);
    if (failed(both))
      return failure();
    if (left.valid.empty() && right.valid.empty())
      return Partial{*both, ""};
    if (left.valid.empty())
      return Partial{select(right.valid, *both, left.values), ""};
    if (right.valid.empty())
      return Partial{select(left.valid, *both, right.values), ""};
    SmallVector<std::string> notRight = select(right.valid, *both, left.values);
    return Partial{select(left.valid, notRight, right.values),
                   declare("bool", left.valid + " || " + right.valid, "any")};
  }

  /// `items` combined as a tree of adjacent pairs, left before right.
  FailureOr<SmallVector<std::string>>
  tree(SmallVector<SmallVector<std::string>> items) {
    while (items.size() > 1) {
      SmallVector<SmallVector<std::string>> next;
      for (size_t i = 0; i + 1 < items.size(); i += 2) {
        FailureOr<SmallVector<std::string>> both =
            apply(items[i], items[i + 1]);
        if (failed(both))
          return failure();
        next.push_back(*both);
      }
      if (items.size() % 2)
        next.push_back(items.back());
      items = std::move(next);
    }
    return items.front();
  }

  /// `values` of the lane whose id differs in lane bit `bit`. Every lane of
  /// the mask shuffles: the value is named, never evaluated conditionally.
  SmallVector<std::string> shuffle(ArrayRef<std::string> values, unsigned bit) {
    SmallVector<std::string> out;
    for (auto [type, value] : llvm::zip_equal(types, values))
      out.push_back(declare(type,
                            "__shfl_xor_sync(" + mask + ", " + value + ", " +
                                std::to_string(1u << bit) + ")",
                            "other"));
    return out;
  }

  /// Whether bit `bit` of threadIdx.x is set (clear, when `negate`).
  std::string threadBit(unsigned bit, bool negate = false) {
    return declare("bool",
                   "(threadIdx.x & " + std::to_string(1u << bit) + "u) " +
                       (negate ? "==" : "!=") + " 0u",
                   "bit" + std::to_string(bit));
  }

  /// The thread's warp among the warps along the axis (its warp bits along
  /// the axis, packed in ascending base order), as a C int expression.
  std::string axisWarp() {
    SmallVector<int64_t> weights(
        bases.laneBases.size() + bases.warpBases.size(), 0);
    for (auto [j, k] : llvm::enumerate(plan.warpBits))
      weights[bases.laneBases.size() + k] = int64_t(1) << j;
    return e.threadSum(weights, "axis_warp");
  }

  /// Every thread publishes `items[q]` (chunk q % chunks of line q / chunks)
  /// for its warp along the axis, and reads back every such warp's:
  /// [q][warp][operand].
  FailureOr<SmallVector<SmallVector<SmallVector<std::string>>>>
  exchangeAcrossWarps(ArrayRef<SmallVector<std::string>> items,
                      int64_t chunks) {
    SmallVector<int64_t> bytes;
    for (Value src : op->getOperands())
      bytes.push_back(getElementBytes(getElementTypeOrSelf(src.getType())));
    tt::CombineScratch scratch =
        tt::getCombineScratch(plan, isa<tt::ScanOp>(op), bytes);
    int64_t warps = plan.axisWarps();
    FailureOr<std::string> buffer = e.useScratch(
        op, "char", scratch.bytes,
        "the partial results of " + std::to_string(warps) + " warps");
    if (failed(buffer))
      return failure();
    SmallVector<std::string> slots;
    for (auto [type, offset] : llvm::zip_equal(types, scratch.byteOffsets))
      slots.push_back("reinterpret_cast<" + type + "*>(" + *buffer +
                      (offset ? " + " + std::to_string(offset) : "") + ")");
    // The first slot of each item: ((line index) * chunks + chunk) * warps.
    SmallVector<int64_t> lineShape(bases.shape);
    lineShape.erase(lineShape.begin() + plan.axis);
    SmallVector<int64_t> strides(lineShape.size(), 1);
    for (int64_t d = static_cast<int64_t>(lineShape.size()) - 2; d >= 0; --d)
      strides[d] = strides[d + 1] * lineShape[d + 1];
    auto lineIndex = [&](ArrayRef<int64_t> coords) {
      int64_t index = 0;
      for (unsigned d = 0, k = 0; d < coords.size(); ++d)
        if (d != plan.axis)
          index += coords[d] * strides[k++];
      return index;
    };
    std::string threadLine = e.threadSum(
        getThreadWeights(bases,
                         [&](ArrayRef<int64_t> b) { return lineIndex(b); }),
        "line");
    SmallVector<std::string> firsts;
    for (size_t q = 0; q < items.size(); ++q) {
      const SmallVector<int64_t> &key = plan.lines[q / chunks].key;
      int64_t constant = 0;
      for (auto [c, s] : llvm::zip_equal(key, strides))
        constant += c * s;
      firsts.push_back(declare("int",
                               "(" + plusConstant(threadLine, constant) +
                                   ") * " + std::to_string(chunks * warps) +
                                   " + " + std::to_string((q % chunks) * warps),
                               "slot"));
    }
    std::string warp = axisWarp();
    for (auto [item, first] : llvm::zip_equal(items, firsts))
      for (auto [value, slot] : llvm::zip_equal(item, slots))
        os << slot << "[" << first << " + " << warp << "] = " << value << ";\n";
    os << "__syncthreads();\n";
    SmallVector<SmallVector<SmallVector<std::string>>> loaded;
    for (const std::string &first : firsts) {
      SmallVector<SmallVector<std::string>> perWarp;
      for (int64_t w = 0; w < warps; ++w) {
        SmallVector<std::string> values;
        for (auto [type, slot] : llvm::zip_equal(types, slots))
          values.push_back(declare(
              type, slot + "[" + first + " + " + std::to_string(w) + "]",
              "warp" + std::to_string(w)));
        perWarp.push_back(values);
      }
      loaded.push_back(perWarp);
    }
    return loaded;
  }

  KernelEmitter &e;
  raw_indented_ostream &os;
  Operation *op;
  Region &region;
  tt::LayoutBases bases;
  tt::AxisCombinePlan plan;
  std::string mask;
  SmallVector<std::string> types;
  std::string name;
  /// The lambda and its output parameters, once printed.
  std::string fn;
  SmallVector<std::string> outputs;
};

unsigned getAxis(Operation *op) {
  if (auto reduce = dyn_cast<tt::CombineReduceOp>(op))
    return static_cast<uint32_t>(reduce.getAxis());
  return static_cast<uint32_t>(cast<tt::ScanOp>(op).getAxis());
}

FailureOr<CombinePrinter> getPrinter(KernelEmitter &e, Operation *op,
                                     Region &region) {
  auto type = cast<RankedTensorType>(op->getOperand(0).getType());
  tt::LayoutBases bases;
  std::string mask = "0xffffffffu";
  if (e.isTiled()) {
    bases = getBases(op->getOperand(0));
  } else {
    int64_t threads = e.getNumThreads();
    bases = tt::getUniformLayoutBases(
        op->getContext(), threads, e.getLanesPerThread(), e.getLanesPerGroup());
    // Programs of at most one warp, P of them in one: the shuffles' offsets
    // stay below `threads`, inside each program.
    int64_t warpThreads = std::min(kWarpSize, threads * e.getProgramsPerCTA());
    if (warpThreads < kWarpSize) {
      std::string s;
      llvm::raw_string_ostream(s)
          << llvm::format_hex((uint64_t(1) << warpThreads) - 1, 10) << "u";
      mask = s;
    }
  }
  std::string why;
  FailureOr<tt::AxisCombinePlan> plan =
      tt::getAxisCombinePlan(bases, getAxis(op), why);
  if (failed(plan))
    return op->emitOpError()
           << "cannot be emitted as CUDA in " << type << ": " << why;
  SmallVector<std::string> types;
  for (Value src : op->getOperands()) {
    FailureOr<std::string> c = e.getCType(
        cast<RankedTensorType>(src.getType()).getElementType(), op->getLoc());
    if (failed(c))
      return failure();
    types.push_back(*c);
  }
  return CombinePrinter(e, op, region, std::move(bases), std::move(*plan), mask,
                        types);
}

/// Whether a printed op reads `value`.
bool isRead(KernelEmitter &e, Value value) {
  return llvm::any_of(value.getUsers(),
                      [&](Operation *user) { return e.isLive(user); });
}

LogicalResult printCombineReduce(KernelEmitter &e, tt::CombineReduceOp op) {
  FailureOr<CombinePrinter> printer = getPrinter(e, op, op.getCombine());
  if (failed(printer))
    return failure();
  auto tensor = cast<RankedTensorType>(op.getSrcs().front().getType());
  e.body() << "// " << e.nameOf(op.getResult(0)) << " = tl.reduce of " << tensor
           << " along axis " << op.getAxis() << "\n";
  FailureOr<SmallVector<SmallVector<std::string>>> partials = printer->reduce();
  if (failed(partials))
    return failure();
  const tt::AxisCombinePlan &plan = printer->getPlan();
  for (unsigned k = 0; k < op->getNumResults(); ++k) {
    // A plain index: the lambda below captures it (C++17 cannot capture a
    // structured binding).
    Value result = op->getResult(k);
    if (!isRead(e, result))
      continue;
    auto resultTensor = dyn_cast<RankedTensorType>(result.getType());
    if (!resultTensor) {
      if (failed(e.declare(result, (*partials)[0][k])))
        return failure();
      continue;
    }
    // The result's registers, in the operand layout's slice: each is its
    // line's partial.
    tt::LayoutBases resultBases = getBases(result);
    SmallVector<std::string> registers;
    for (const SmallVector<int64_t> &offset : resultBases.registerOffsets) {
      const auto *line = llvm::find_if(
          plan.lines, [&](const auto &line) { return line.key == offset; });
      if (line == plan.lines.end())
        return op.emitOpError()
               << "cannot be emitted as CUDA: the result's layout is not the "
                  "operand's sliced along the axis ("
               << tensor << " -> " << result.getType() << ")";
      registers.push_back((*partials)[line - plan.lines.begin()][k]);
    }
    if (failed(e.declareRegisters(result, registers.size(),
                                  [&](unsigned r) { return registers[r]; })))
      return failure();
  }
  return success();
}

LogicalResult printScan(KernelEmitter &e, tt::ScanOp op) {
  FailureOr<CombinePrinter> printer = getPrinter(e, op, op.getCombine());
  if (failed(printer))
    return failure();
  e.body() << "// " << e.nameOf(op.getResult(0)) << " = tl.associative_scan of "
           << op.getSrcs().front().getType() << " along axis " << op.getAxis()
           << (op.getReverse() ? ", reversed" : "") << "\n";
  FailureOr<SmallVector<SmallVector<std::string>>> registers =
      printer->scan(op.getReverse());
  if (failed(registers))
    return failure();
  for (unsigned k = 0; k < op->getNumResults(); ++k) {
    // A plain index: the lambda below captures it (C++17 cannot capture a
    // structured binding).
    Value result = op->getResult(k);
    if (!isRead(e, result))
      continue;
    unsigned count = e.fullRegisterCount(result.getType());
    if (failed(e.declareRegisters(
            result, count, [&](unsigned r) { return (*registers)[r][k]; })))
      return failure();
  }
  return success();
}

} // namespace

std::optional<LogicalResult>
mlir::mytriton::cuda::printCombineOperation(KernelEmitter &emitter,
                                            Operation &op) {
  if (auto reduce = dyn_cast<tt::CombineReduceOp>(op))
    return printCombineReduce(emitter, reduce);
  if (auto scan = dyn_cast<tt::ScanOp>(op))
    return printScan(emitter, scan);
  return std::nullopt;
}
