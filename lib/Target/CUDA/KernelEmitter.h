//===- KernelEmitter.h - state of the CUDA emitter for one kernel -*- C++ -*-===//
//
// The emitter follows MLIR's C++ emitter: one state object per kernel that
// knows how every value is spelled in C, and one printOperation per op that
// writes the op's CUDA statements into the kernel body.
//
// A program instance has `threads` CUDA threads (tt.func getNumThreads) and
// each thread owns E = block_size / threads lanes of every tensor, in groups
// of G (tt.func's getLanesPerGroup: E up to 16 bytes of the narrowest
// accessed element, at least 4, else the largest power of two dividing E)
// consecutive lanes: register r of thread t is lane
// (r / G) * threads * G + t * G + r % G, so a warp's accesses to one group
// are contiguous. A CUDA block runs P = programs_per_cta programs, told
// apart by threadIdx.y (see tt.func for the launch ABI).
// Scalars, and tensors whose lanes are all equal (splats, constants, ops of
// only such operands), are one register. With E == 1 a tensor is one
// register named like the IR value, as in the seed.
//
// A tiled kernel (tensors of their own shapes, every one in a layout
// encoding) has instead R = tt::getTotalElemsPerThread registers per tensor,
// placed by tt::getLayoutBases (TiledPrinters.cpp, TiledLayouts.h).
//
// Registers are spelled three ways:
//  - a declared variable (`const float v9 = ...;`, or v9_0..v9_3 for E = 4),
//    named after the value's name in the printed IR (%9 -> v9, %arg0 ->
//    arg0, %cst -> cst);
//  - an inlined expression: constants become literals, tt.splat reuses its
//    operand's spelling;
//  - a symbolic pointer: tt.addptr records (base, offset) and loads/stores
//    print `base[offset]`, which folds pointer arithmetic into indexing
//    (every 8th addptr of a chain is declared, bounding the expressions).
//
// scf.for / scf.if / scf.while print as C loops and branches
// (ControlFlowPrinters.cpp): a loop-carried value, a region argument and an
// op result of scf are mutable variables holding every register the type
// has, declared before the op; nothing about their lanes is assumed.
//
//===----------------------------------------------------------------------===//

#ifndef MYTRITON_LIB_TARGET_CUDA_KERNELEMITTER_H
#define MYTRITON_LIB_TARGET_CUDA_KERNELEMITTER_H

#include "MyTriton/Analysis/Contiguity.h"
#include "MyTriton/Analysis/GridOrder.h"
#include "MyTriton/Analysis/TiledAxisInfo.h"
#include "MyTriton/Dialect/TT/IR/TTDialect.h"
#include "MyTriton/Target/CUDA/CUDAEmitter.h"

#include "mlir/Support/IndentedOstream.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <memory>
#include <optional>
#include <string>

namespace mlir::mytriton::cuda {

/// Static shared memory a kernel may declare without opting in to more.
inline constexpr int64_t kStaticSharedLimitBytes = 48 * 1024;

class KernelEmitter {
public:
  KernelEmitter(tt::FuncOp kernel, const CUDAEmitterOptions &options);

  /// Writes the kernel as one `extern "C" __global__` function. Fails, with a
  /// diagnostic at the offending op, on anything it cannot express.
  LogicalResult emit(raw_ostream &os);

  //===--- What the op printers use ---------------------------------------===//

  const CUDAEmitterOptions &getOptions() const { return options; }
  /// Whether the kernel is tiled (!tt::hasImplicitLayout): its tensors have
  /// shapes of their own and carry layout encodings, and a tensor is
  /// tt::getTotalElemsPerThread registers per thread (TiledPrinters.cpp).
  bool isTiled() const { return tiled; }
  /// The width of every tensor in the kernel (tt.func block_size).
  int64_t getBlockSize() const { return blockSize; }
  /// CUDA threads per block: the launch's blockDim.x.
  int64_t getNumThreads() const { return numThreads; }
  /// E: lanes, and registers, per thread of a tensor.
  int64_t getLanesPerThread() const { return blockSize / numThreads; }
  /// G: consecutive lanes per group of a thread's registers.
  int64_t getLanesPerGroup() const { return lanesPerGroup; }
  /// The tensor lane register `reg` of thread `threadIdx.x` holds, minus
  /// the lane register 0 holds.
  int64_t getLaneOffset(unsigned reg) const;
  /// P: program instances per CUDA block.
  int64_t getProgramsPerCTA() const { return programsPerCTA; }
  /// The C expression of tt.get_program_id `axis` under the launch ABI.
  std::string programId(int32_t axis);
  /// The parameter holding the launch grid's size along `axis` (0 or 1).
  const std::string &gridSize(int32_t axis) const {
    return gridSizeParams[axis];
  }
  /// The kernel's name, as its `__global__` function is called.
  StringRef getKernelName() { return kernel.getName(); }
  /// A condition that holds in programs inside the launch grid, or "" when
  /// every program is (P == 1); stores are guarded by it.
  std::string programLive();
  const ContiguityAnalysis &getContiguity() const { return contiguity; }
  /// Tiled kernels: per-dimension contiguity, divisibility and constancy.
  const TiledAxisInfo &getTiledAxisInfo();
  raw_indented_ostream &body() { return bodyStream; }

  /// Prints the ops of `block` (a region of an scf op) but its terminator,
  /// in emission order, into the body at the current indentation.
  LogicalResult emitBlock(Block &block);
  /// Whether `op` lies in an scf.for or scf.while body: it may run again
  /// after itself, so what it writes to shared memory may still be read by
  /// its previous run.
  bool isInLoop(Operation *op) const;
  /// Whether `op` is printed: it writes memory or feeds an op that is.
  bool isLive(Operation *op) const { return liveOps.contains(op); }
  /// Whether the value an scf op carries in the slot named by `slot` (a
  /// for/if/while result, or a while's before-region argument) is read by a
  /// printed op; a slot nothing reads gets no variable (nvcc warns about
  /// variables set but never used).
  bool isLiveSlot(Value slot) const { return liveSlots.contains(slot); }
  /// Registers a value of `type` holds when nothing is known of its lanes:
  /// 1 for scalars, E for tensors of uniform kernels, R for tiled ones.
  unsigned fullRegisterCount(Type type) const;
  /// Writes `<type> <names> = <inits>;` (mutable, one statement per
  /// register; no initializer where `inits` is empty) for `count`
  /// registers, named after `named`, and returns the names. Spells nothing.
  FailureOr<SmallVector<std::string>>
  declareVariables(Value named, unsigned count, ArrayRef<std::string> inits);

  /// Registers `value` is spelled with: 1 for scalars and uniform tensors,
  /// else E.
  unsigned numRegisters(Value value) const;
  /// The C spelling of register `reg` of `value`: a name or an inlined
  /// literal. A one-register value answers for every `reg`.
  std::string expr(Value value, unsigned reg = 0) const;
  /// expr(value, reg), parenthesized unless it is a name or a plain literal,
  /// so it can be the operand of any C operator.
  std::string operand(Value value, unsigned reg = 0) const;

  /// Writes `const <type> <name> = <init(r)>;` for every register r of
  /// `result` and makes the names its spelling. `result` gets one register
  /// when it is a scalar, E == 1, or every operand of its op is one
  /// register (an elementwise op of uniform values is uniform).
  LogicalResult declare(Value result,
                        llvm::function_ref<std::string(unsigned)> init);
  /// declare() of a one-register value.
  LogicalResult declare(Value result, StringRef init);
  /// declare() with an explicit register count.
  LogicalResult declareRegisters(Value result, unsigned count,
                                 llvm::function_ref<std::string(unsigned)> init);
  /// Writes `<type> r0, r1, ...;` (not const: assigned later, e.g. in both
  /// branches of a vector/scalar load) and returns the names.
  FailureOr<SmallVector<std::string>> declareMutable(Value result,
                                                     unsigned count);
  /// Writes `const <type> <fresh name> = <init>;` for a temporary named
  /// after `hint` and returns the name; dropped from the output when nothing
  /// reads it (as unread registers are).
  std::string declareTemporary(StringRef type, StringRef hint, StringRef init);
  /// The name reserved for `result` (its IR name), for printers that build
  /// a value over several statements before declaring it.
  StringRef nameOf(Value result) const;
  /// Spells `result` as `expression` (one register) wherever it is used;
  /// emits nothing.
  void alias(Value result, std::string expression);

  /// tt.splat: every lane of `result` is `scalar`.
  void splat(Value result, Value scalar);
  /// tt.addptr: `result` is `base + offset` elements, kept symbolic up to
  /// a few additions in a row, then declared.
  LogicalResult setAddPtr(Value result, Value base, Value offset);
  /// The element register `reg` of `ptr` points to, as a C lvalue:
  /// `base[offset]`.
  std::string elementExpr(Value ptr, unsigned reg = 0) const;
  /// Whether the kernel may store through `ptr` (else it is `const T*`).
  bool isStoredThrough(Value ptr) const { return storedThrough.contains(ptr); }

  /// The C type of one element of `type` (one register of a tensor);
  /// fails with a diagnostic at `loc` for types CUDA code here
  /// does not support.
  FailureOr<std::string> getCType(Type type, Location loc) const;

  /// A new C identifier built from `base` that nothing else uses.
  std::string freshName(StringRef base);

  //===--- Tiled kernels ---------------------------------------------------===//

  /// A C int expression of the thread: the sum over the bits k of
  /// threadIdx.x (lane bits 0..4, then warp bits) of bit k times
  /// `weights[k]`. Declared once per kernel, before the body, as a
  /// variable named after `hint`, and shared by every caller asking for the
  /// same sum; "0" when every weight is 0.
  std::string threadSum(ArrayRef<int64_t> weights, StringRef hint);
  /// Whether every element of `value` is known to be the same (a scalar,
  /// a splat, a constant, an op of only such operands): it is then one
  /// register whatever its layout. A tensor of one register per thread is
  /// not uniform by that alone: each thread may hold another element.
  bool isUniform(Value value);
  /// Spells the registers of `result` as `registers` (names or
  /// expressions); emits nothing.
  void setRegisters(Value result, ArrayRef<std::string> registers);
  /// The block's shared scratch buffer for a tiled op that needs `bytes`
  /// of it, as `reinterpret_cast<type*>(scratch)`. Every user of the
  /// buffer gets all of it: from the second on, a barrier is written first,
  /// so no thread overwrites what another has yet to read. Fails at `op`
  /// beyond the static shared-memory limit.
  FailureOr<std::string> useScratch(Operation *op, StringRef type,
                                    int64_t bytes, StringRef what);

  /// Declares `decl` (`__shared__ float x[8];`) at the top of the kernel;
  /// fails at `op` when the kernel's static shared memory would exceed
  /// what CUDA allows without dynamic shared memory.
  LogicalResult declareShared(Operation *op, StringRef decl, int64_t bytes);

private:
  LogicalResult emitOperation(Operation &op);
  /// Marks the live ops of `block` and of the regions of its live ops.
  void findLiveOps(Block &block);
  /// Whether `use` is by a live op and, when it feeds a value an scf op
  /// carries, that slot is live.
  bool isLiveUse(OpOperand &use) const;
  /// Tiled kernels: every tensor value carries a layout encoding.
  LogicalResult verifyTiledTypes();
  /// The kernel's ops in the order they are printed.
  SmallVector<Operation *> getEmissionOrder(Block &block);
  LogicalResult assignNames();
  void findStoredPointers();
  void findLiveOps();

  tt::FuncOp kernel;
  const CUDAEmitterOptions &options;
  int64_t blockSize;
  int64_t numThreads;
  int64_t programsPerCTA;
  int64_t lanesPerGroup;
  bool tiled;
  /// Tiled kernels: the thread sums (threadSum) by expression, and their
  /// declarations in order.
  llvm::StringMap<std::string> threadSums;
  SmallVector<std::pair<std::string, std::string>> threadSumDecls;
  /// Tiled kernels: the scratch buffer's name, its size so far, and whether
  /// an op used it already.
  std::unique_ptr<TiledAxisInfo> tiledAxisInfo;
  /// Tiled kernels: isUniform's answers for one-register tensors.
  DenseMap<Value, bool> uniformTensors;
  std::string scratchName;
  int64_t scratchBytes = 0;
  /// Neighbouring blocks follow grid axis 0 (GridOrder.h).
  bool axis0Fastest;
  ContiguityAnalysis contiguity;
  /// The trailing parameters with the launch grid's sizes along axes 0, 1.
  std::string gridSizeParams[2];
  /// Declared on first use: the unclamped axis-0 program index and whether
  /// it lies inside the grid.
  std::string packedProgramIndex, packedProgramLive;

  /// Drops the declarations in registerDecls whose register the body never
  /// reads (after another drop, too): a vector access proven aligned with a
  /// uniform mask reads only the first register of its chunk's offsets and
  /// mask bits, and nvcc warns about unused variables.
  void dropUnreadRegisters();

  std::string bodyText;
  llvm::raw_string_ostream bodyString{bodyText};
  raw_indented_ostream bodyStream{bodyString};
  SmallVector<std::string> sharedDecls;
  int64_t sharedBytes = 0;
  /// The declarations of the registers of multi-register values, as
  /// written (without indentation): those nothing reads are dropped at the
  /// end (dropUnreadRegisters).
  llvm::StringMap<std::string> registerDecls;

  /// Reserved names of values (their IR names, made C identifiers).
  DenseMap<Value, std::string> names;
  /// How every emitted value is spelled: one entry per register.
  DenseMap<Value, SmallVector<std::string, 1>> spellings;
  /// tt.addptr results: (base pointer, element offset).
  DenseMap<Value, std::pair<Value, Value>> addPtrs;
  /// Symbolic tt.addptr results: how many additions their spelling inlines.
  DenseMap<Value, unsigned> addPtrDepths;
  DenseSet<Value> storedThrough;
  DenseSet<Operation *> liveOps;
  /// Live slots of scf ops (isLiveSlot).
  DenseSet<Value> liveSlots;
  llvm::StringSet<> usedNames;
};

//===--- Op printers, grouped by file ---------------------------------------===//

/// tt ops other than tt.reduce. Returns std::nullopt for ops it does not know.
std::optional<LogicalResult> printTTOperation(KernelEmitter &emitter,
                                              Operation &op);
/// tt.get_num_programs, tt.debug_barrier, tt.print and tt.assert
/// (DebugPrinters.cpp). Returns std::nullopt for other ops.
std::optional<LogicalResult> printDebugOperation(KernelEmitter &emitter,
                                                 Operation &op);
/// Whether `op` is Triton's approximate float32 math: an f32 `arith.divf`,
/// `math.exp` or `math.sqrt` with fastmath<afn>, printed as a call of
/// getApproximateMathHelpers()'s functions.
bool isApproximateMath(Operation &op);
/// The device functions of Triton's approximate math (PTX div.full.f32,
/// ex2.approx.f32 of x * log2(e), sqrt.approx.f32 in inline asm), for the
/// top of a translation unit whose kernels use any.
StringRef getApproximateMathHelpers();
/// arith and math ops. Returns std::nullopt for ops it does not know.
std::optional<LogicalResult> printElementwiseOperation(KernelEmitter &emitter,
                                                       Operation &op);
/// arith casts (Casts.cpp). Returns std::nullopt for other ops.
std::optional<LogicalResult> printCastOperation(KernelEmitter &emitter,
                                                Operation &op);
/// The ops of tiled kernels whose CUDA differs from a uniform kernel's
/// (TiledPrinters.cpp, TiledReductions.cpp); the others (splat, addptr,
/// constants, elementwise ops) print alike, one statement per register.
/// Returns std::nullopt for those.
std::optional<LogicalResult> printTiledOperation(KernelEmitter &emitter,
                                                 Operation &op);
/// tt.reduce of a tiled kernel (TiledReductions.cpp).
LogicalResult printTiledReduce(KernelEmitter &emitter, tt::ReduceOp op);
/// tt.dot of a tiled kernel: per-thread fmaf chains (DotPrinters.cpp).
LogicalResult printTiledDot(KernelEmitter &emitter, tt::DotOp op);

/// `combine(a, b)` of a reduction of `kind` on elements of type `element`
/// (any tt.reduce element type), operands that are names or parenthesized
/// (Reductions.cpp).
std::string reduceCombineExpr(tt::ReduceKind kind, Type element, StringRef a,
                              StringRef b);
/// The same on f32 (`isFloat`) or i32 operands.
std::string reduceCombineExpr(tt::ReduceKind kind, bool isFloat, StringRef a,
                              StringRef b);

/// scf.for, scf.if and scf.while (ControlFlowPrinters.cpp); std::nullopt
/// for other ops. Other scf ops fail with a diagnostic.
std::optional<LogicalResult> printControlFlowOperation(KernelEmitter &emitter,
                                                       Operation &op);
/// tt.atomic_rmw and tt.atomic_cas as inline PTX (AtomicPrinters.cpp).
/// Returns std::nullopt for other ops.
std::optional<LogicalResult> printAtomicOperation(KernelEmitter &emitter,
                                                  Operation &op);

/// tt.combine_reduce and tt.scan, uniform and tiled (CombinePrinters.cpp).
/// Returns std::nullopt for other ops.
std::optional<LogicalResult> printCombineOperation(KernelEmitter &emitter,
                                                   Operation &op);

/// tt.reduce in the form the options choose.
LogicalResult printReduceOperation(KernelEmitter &emitter, tt::ReduceOp op);

/// A C literal for an attribute of any element type (f16/bf16 by their
/// bits) or a splat tensor of one; exact: NaN, infinities and inexact
/// decimals are spelled by their bits.
std::optional<std::string> formatLiteral(Attribute attr);

} // namespace mlir::mytriton::cuda

#endif // MYTRITON_LIB_TARGET_CUDA_KERNELEMITTER_H
