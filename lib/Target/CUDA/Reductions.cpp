//===- Reductions.cpp - tt.reduce as block-wide CUDA reductions -----------===//
//
// A reduction combines the block's lanes (a power of two, 1..1024, checked
// by the tt verifier and again here) and hands the result to every thread.
// With E lanes per thread, each thread first combines its E registers as a
// tree (printThreadTotal); the block-wide step then combines one value per
// thread over the block's threads (E == 1: one per lane, as in the seed).
// Two forms of that step:
//
//  shared-tree   the seed's: each thread writes its element to a shared
//                array, then the active half adds the other half, with a
//                barrier after every step; every thread reads element 0.
//  warp-shuffle  __shfl_xor_sync butterflies within each warp leave the warp
//                total in all its lanes; lane 0 of each warp writes it to
//                one shared slot per warp; after one barrier every warp
//                reduces the slots again with shuffles, so every thread ends
//                up with the same total (each warp computes it in the same
//                order). A block of at most 32 threads needs no shared
//                memory and no barrier.
//
// Every reduction gets its own shared buffer, written once per launch, so a
// later reduction never overwrites slots that threads may still be reading
// from an earlier one: no barrier is needed between reductions. A reduction
// in a loop body writes its buffer once per iteration: a barrier before the
// write waits for the last iteration's readers.
//
// Rounding: a butterfly gives each lane the halving tree's result (f32
// addition is commutative), so both forms add in the seed's order within a
// warp; across warps, warp-shuffle adds warp totals, the shared tree adds
// lanes 32 apart first. tt.reduce's folder follows the shared tree at
// E == 1; with E > 1 both forms add each thread's lanes first.
//
//===----------------------------------------------------------------------===//

#include "CTypes.h"
#include "KernelEmitter.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/Format.h"

using namespace mlir;
using namespace mlir::mytriton;
using namespace mlir::mytriton::cuda;

static constexpr int64_t kWarpSize = 32;

/// The expression `combine(a, b)` of a reduction of `kind` on elements of
/// `element`; `a` and `b` are names or parenthesized operands. Every
/// combine rounds once in the element type: f16/bf16 sums are
/// __hadd_rn, integer sums wrap (in the unsigned type, CTypes.h).
static std::string combineExpr(tt::ReduceKind kind, Type element, StringRef a,
                               StringRef b) {
  bool half = isHalfType(element), f64 = element.isF64();
  bool isFloat = isa<FloatType>(element);
  switch (kind) {
  case tt::ReduceKind::Sum:
    if (half)
      return ("__hadd_rn(" + a + ", " + b + ")").str();
    if (isFloat)
      return (a + " + " + b).str();
    {
      unsigned width = element.getIntOrFloatBitWidth();
      std::string wrap = "(" + getWrappingCType(width) + ")";
      return "(" + *getScalarCType(element) + ")(" + wrap + a.str() + " + " +
             wrap + b.str() + ")";
    }
  case tt::ReduceKind::Max:
    if (isFloat)
      return ((half ? "__hmax(" : f64 ? "fmax(" : "fmaxf(") + a + ", " + b +
              ")")
          .str();
    return (a + " > " + b + " ? " + a + " : " + b).str();
  case tt::ReduceKind::Min:
    if (isFloat)
      return ((half ? "__hmin(" : f64 ? "fmin(" : "fminf(") + a + ", " + b +
              ")")
          .str();
    return (a + " < " + b + " ? " + a + " : " + b).str();
  }
  llvm_unreachable("unknown reduce kind");
}

/// The statement `acc = combine(acc, other)` for the reduction's kind; `acc`
/// and `other` are lvalues without side effects (they may be read twice).
static std::string combineInto(tt::ReduceKind kind, Type element,
                               StringRef acc, StringRef other) {
  if (kind == tt::ReduceKind::Sum && isa<FloatType>(element) &&
      !isHalfType(element))
    return (acc + " += " + other + ";").str();
  return (acc + " = " + combineExpr(kind, element, acc, other) + ";").str();
}

std::string cuda::reduceCombineExpr(tt::ReduceKind kind, Type element,
                                    StringRef a, StringRef b) {
  return combineExpr(kind, element, a, b);
}

// The f32/i32 form, for callers that know no element type.
std::string cuda::reduceCombineExpr(tt::ReduceKind kind, bool isFloat,
                                    StringRef a, StringRef b) {
  switch (kind) {
  case tt::ReduceKind::Sum:
    if (isFloat)
      return (a + " + " + b).str();
    return ("(int)((unsigned)" + a + " + (unsigned)" + b + ")").str();
  case tt::ReduceKind::Max:
    if (isFloat)
      return ("fmaxf(" + a + ", " + b + ")").str();
    return (a + " > " + b + " ? " + a + " : " + b).str();
  case tt::ReduceKind::Min:
    if (isFloat)
      return ("fminf(" + a + ", " + b + ")").str();
    return (a + " < " + b + " ? " + a + " : " + b).str();
  }
  llvm_unreachable("unknown reduce kind");
}

static std::string hex(uint64_t value) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << llvm::format_hex(value, 10) << "u";
  return s;
}

/// Declares `<type> <name>_acc` holding the combination of the thread's
/// registers of the reduced tensor, and returns its name. The registers are
/// combined as a tree, register i with register i + n/2 while the count n
/// is even (an odd one out joins the last pair): the same order as the
/// gpu/nvvm lowering, so both routes round alike, and a dependency chain of
/// log2(E) steps instead of E - 1.
static std::string printThreadTotal(KernelEmitter &e, tt::ReduceOp op,
                                    StringRef type) {
  Type element = getElementTypeOrSelf(op.getOperand().getType());
  Value input = op.getOperand();
  std::string name = e.nameOf(op.getResult()).str();
  raw_indented_ostream &os = e.body();
  SmallVector<std::string> values;
  for (int64_t r = 0; r < e.getLanesPerThread(); ++r)
    values.push_back(e.operand(input, r));
  while (values.size() > 1) {
    size_t half = values.size() / 2;
    SmallVector<std::string> next;
    for (size_t i = 0; i < half; ++i) {
      std::string partial = e.freshName(name + "_part");
      std::string value =
          combineExpr(op.getKind(), element, values[i], values[i + half]);
      // An odd one out joins the last pair.
      if (i + 1 == half && values.size() % 2)
        value = combineExpr(op.getKind(), element, "(" + value + ")",
                            values.back());
      os << "const " << type << " " << partial << " = " << value << ";\n";
      next.push_back(partial);
    }
    values = std::move(next);
  }
  std::string acc = e.freshName(name + "_acc");
  os << type << " " << acc << " = " << values.front() << ";\n";
  return acc;
}

/// Whether `op` is a printed reduction of this file that waits at a
/// barrier in every thread.
static bool surelyBarriers(KernelEmitter &e, Operation *op) {
  return isa<tt::ReduceOp>(op) && e.isLive(op) &&
         (e.getOptions().reduction == CUDAReduction::SharedTree ||
          e.getNumThreads() > kWarpSize);
}

/// In a loop body, a barrier before `op` writes `buffer`: the previous
/// iteration's run of `op` may still be reading it in other threads. None
/// is needed when another reduction that waits at a barrier runs in every
/// iteration of the innermost loop (it is an op of the loop's body itself):
/// every thread passes it between two runs of `op` (softmax's max and sum).
static void printLoopBarrier(KernelEmitter &e, tt::ReduceOp op,
                             StringRef buffer) {
  Operation *loop = op->getParentOp();
  while (loop && !isa<scf::ForOp, scf::WhileOp>(loop))
    loop = loop->getParentOp();
  if (!loop || !e.isInLoop(op))
    return;
  for (Region &body : loop->getRegions())
    for (Operation &other : body.front())
      if (&other != op.getOperation() && surelyBarriers(e, &other))
        return;
  e.body() << "__syncthreads(); // " << buffer
           << "'s readers of the last iteration are done\n";
}

/// The seed's halving tree over a shared array of one value per thread.
static LogicalResult printSharedTree(KernelEmitter &e, tt::ReduceOp op,
                                     StringRef type) {
  Type element = getElementTypeOrSelf(op.getOperand().getType());
  int64_t bytes = getElementBytes(element);
  int64_t threads = e.getNumThreads();
  std::string threadTotal = e.getLanesPerThread() == 1
                                ? e.expr(op.getOperand())
                                : printThreadTotal(e, op, type);
  std::string smem = e.freshName(e.nameOf(op.getResult()).str() + "_smem");
  std::string stride = e.freshName(e.nameOf(op.getResult()).str() + "_stride");
  // Packed programs (P > 1) each reduce in their own row.
  int64_t programs = e.getProgramsPerCTA();
  std::string rows = programs > 1 ? "[" + std::to_string(programs) + "]" : "";
  if (failed(e.declareShared(op,
                             "__shared__ " + type.str() + " " + smem + rows +
                                 "[" + std::to_string(threads) + "];",
                             programs * threads * bytes)))
    return failure();
  if (programs > 1)
    smem += "[threadIdx.y]";
  std::string mine = smem + "[threadIdx.x]";
  raw_indented_ostream &os = e.body();
  printLoopBarrier(e, op, smem);
  os << mine << " = " << threadTotal << ";\n";
  os << "__syncthreads();\n";
  os << "for (unsigned " << stride << " = " << threads / 2 << "u; " << stride
     << " > 0u; " << stride << " >>= 1) {\n";
  os.indent() << "if (threadIdx.x < " << stride << ") {\n";
  os.indent() << combineInto(op.getKind(), element, mine,
                             smem + "[threadIdx.x + " + stride + "]")
              << "\n";
  os.unindent() << "}\n";
  os << "__syncthreads();\n";
  os.unindent() << "}\n";
  return e.declare(op.getResult(), smem + "[0]");
}

/// `acc = combine(acc, shuffle(acc, lane ^ offset))` for offsets
/// width/2 .. 1 among the lanes in `mask`.
static void printButterfly(KernelEmitter &e, tt::ReduceOp op, StringRef type,
                           StringRef acc, int64_t width, StringRef mask) {
  Type element = getElementTypeOrSelf(op.getOperand().getType());
  if (width < 2)
    return;
  std::string name = e.nameOf(op.getResult()).str();
  std::string offset = e.freshName(name + "_offset");
  std::string other = e.freshName(name + "_other");
  raw_indented_ostream &os = e.body();
  os << "for (int " << offset << " = " << width / 2 << "; " << offset
     << " > 0; " << offset << " >>= 1) {\n";
  // Every lane in `mask` shuffles exactly once per step: the shuffled value
  // is named, never an operand the combine might evaluate conditionally.
  // __shfl_xor_sync has overloads for every element type but the 8- and
  // 16-bit integers, which promote to int and convert back exactly.
  os.indent() << "const " << type << " " << other
              << " = __shfl_xor_sync(" << mask << ", " << acc << ", "
              << offset << ");\n";
  os << combineInto(op.getKind(), element, acc, other) << "\n";
  os.unindent() << "}\n";
}

static LogicalResult printWarpShuffle(KernelEmitter &e, tt::ReduceOp op,
                                      StringRef type) {
  Type element = getElementTypeOrSelf(op.getOperand().getType());
  // The butterflies combine one value per thread.
  int64_t width = e.getNumThreads();
  std::string name = e.nameOf(op.getResult()).str();
  std::string acc = printThreadTotal(e, op, type);
  raw_indented_ostream &os = e.body();

  if (width <= kWarpSize) {
    // Programs of at most one warp; a warp holds min(32, width * P) threads,
    // and the butterfly's offsets below `width` stay inside each program.
    int64_t warpThreads = std::min(kWarpSize, width * e.getProgramsPerCTA());
    uint64_t lanes =
        warpThreads == kWarpSize ? 0xffffffffu : (1u << warpThreads) - 1;
    printButterfly(e, op, type, acc, width, hex(lanes));
    return e.declare(op.getResult(), acc);
  }

  int64_t warps = width / kWarpSize;
  std::string slots = e.freshName(name + "_warp_totals");
  if (failed(e.declareShared(op,
                             "__shared__ " + type.str() + " " + slots + "[" +
                                 std::to_string(warps) + "];",
                             warps * getElementBytes(element))))
    return failure();
  std::string full = hex(0xffffffffu);
  printButterfly(e, op, type, acc, kWarpSize, full);
  printLoopBarrier(e, op, slots);
  os << "if (threadIdx.x % 32u == 0u) {\n";
  os.indent() << slots << "[threadIdx.x / 32u] = " << acc << ";\n";
  os.unindent() << "}\n";
  os << "__syncthreads();\n";
  // Lane l of every warp takes slot l % warps; a butterfly over `warps`
  // lanes then leaves the block total in every lane of every warp.
  os << acc << " = " << slots << "[threadIdx.x % " << warps << "u];\n";
  printButterfly(e, op, type, acc, warps, full);
  return e.declare(op.getResult(), acc);
}

LogicalResult mlir::mytriton::cuda::printReduceOperation(KernelEmitter &e,
                                                         tt::ReduceOp op) {
  auto tensor = cast<RankedTensorType>(op.getOperand().getType());
  int64_t width = tensor.getDimSize(0);
  if (width != e.getBlockSize() || !llvm::has_single_bit<uint64_t>(width))
    return op.emitOpError() << "reduces " << width
                            << " lanes; the CUDA forms need a power of two "
                               "equal to the block size "
                            << e.getBlockSize();
  FailureOr<std::string> type = e.getCType(tensor, op.getLoc());
  if (failed(type))
    return failure();
  int64_t lanes = e.getLanesPerThread();
  if (!llvm::has_single_bit<uint64_t>(e.getNumThreads()))
    return op.emitOpError() << "reduces over " << e.getNumThreads()
                            << " threads; the CUDA forms need a power of two";
  e.body() << "// " << e.nameOf(op.getResult()) << " = "
           << stringifyEnum(op.getKind()) << " over the block's " << width;
  if (lanes == 1)
    e.body() << (width == 1 ? " thread\n" : " threads\n");
  else
    e.body() << " lanes, " << lanes << " per thread of " << e.getNumThreads()
             << "\n";
  if (e.getOptions().reduction == CUDAReduction::SharedTree)
    return printSharedTree(e, op, *type);
  return printWarpShuffle(e, op, *type);
}
