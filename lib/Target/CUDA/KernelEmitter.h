//===- KernelEmitter.h - state of the CUDA emitter for one kernel -*- C++ -*-===//
//
// The emitter follows MLIR's C++ emitter: one state object per kernel that
// knows how every value is spelled in C, and one printOperation per op that
// writes the op's CUDA statements into the kernel body.
//
// Values are spelled three ways:
//  - a declared variable (`const float v9 = ...;`), named after the value's
//    name in the printed IR (%9 -> v9, %arg0 -> arg0, %cst -> cst);
//  - an inlined expression: constants become literals, tt.splat is the
//    identity under one-element-per-thread, so it reuses its operand's name;
//  - a symbolic pointer: tt.addptr records (base, offset) and loads/stores
//    print `base[offset]`, which folds pointer arithmetic into indexing.
//
//===----------------------------------------------------------------------===//

#ifndef MYTRITON_LIB_TARGET_CUDA_KERNELEMITTER_H
#define MYTRITON_LIB_TARGET_CUDA_KERNELEMITTER_H

#include "MyTriton/Dialect/TT/IR/TTDialect.h"
#include "MyTriton/Target/CUDA/CUDAEmitter.h"

#include "mlir/Support/IndentedOstream.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSet.h"

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
  /// Threads per block == the width of every tensor in the kernel.
  int64_t getBlockSize() const { return blockSize; }
  raw_indented_ostream &body() { return bodyStream; }

  /// The C spelling of `value`: a name or an inlined literal.
  std::string expr(Value value) const;
  /// expr(value), parenthesized unless it is a name or a plain literal, so
  /// it can be the operand of any C operator.
  std::string operand(Value value) const;

  /// Writes `const <type> <name> = <init>;` for `result` and makes `name`
  /// its spelling.
  LogicalResult declare(Value result, StringRef init);
  /// The name reserved for `result` (its IR name), for printers that build
  /// a value over several statements before declaring it.
  StringRef nameOf(Value result) const;
  /// Spells `result` as `expression` wherever it is used; emits nothing.
  void alias(Value result, std::string expression);

  /// tt.splat: every thread's element of `result` is `scalar`.
  void splat(Value result, Value scalar);
  /// tt.addptr: `result` is `base + offset` elements, kept symbolic.
  void setAddPtr(Value result, Value base, Value offset);
  /// The element `ptr` points to, as a C lvalue: `base[offset]`.
  std::string elementExpr(Value ptr) const;
  /// Whether the kernel may store through `ptr` (else it is `const T*`).
  bool isStoredThrough(Value ptr) const { return storedThrough.contains(ptr); }

  /// The C type of one element of `type` (a tensor is one element per
  /// thread); fails with a diagnostic at `loc` for types CUDA code here
  /// does not support.
  FailureOr<std::string> getCType(Type type, Location loc) const;

  /// A new C identifier built from `base` that nothing else uses.
  std::string freshName(StringRef base);

  /// Declares `decl` (`__shared__ float x[8];`) at the top of the kernel;
  /// fails at `op` when the kernel's static shared memory would exceed
  /// what CUDA allows without dynamic shared memory.
  LogicalResult declareShared(Operation *op, StringRef decl, int64_t bytes);

private:
  LogicalResult emitOperation(Operation &op);
  LogicalResult assignNames();
  void findStoredPointers();
  void findLiveOps();

  tt::FuncOp kernel;
  const CUDAEmitterOptions &options;
  int64_t blockSize;

  std::string bodyText;
  llvm::raw_string_ostream bodyString{bodyText};
  raw_indented_ostream bodyStream{bodyString};
  SmallVector<std::string> sharedDecls;
  int64_t sharedBytes = 0;

  /// Reserved names of values (their IR names, made C identifiers).
  DenseMap<Value, std::string> names;
  /// How every emitted value is spelled.
  DenseMap<Value, std::string> spellings;
  /// tt.addptr results: (base pointer, element offset).
  DenseMap<Value, std::pair<Value, Value>> addPtrs;
  DenseSet<Value> storedThrough;
  DenseSet<Operation *> liveOps;
  llvm::StringSet<> usedNames;
};

//===--- Op printers, grouped by file ---------------------------------------===//

/// tt ops other than tt.reduce. Returns std::nullopt for ops it does not know.
std::optional<LogicalResult> printTTOperation(KernelEmitter &emitter,
                                              Operation &op);
/// arith and math ops. Returns std::nullopt for ops it does not know.
std::optional<LogicalResult> printElementwiseOperation(KernelEmitter &emitter,
                                                       Operation &op);
/// tt.reduce in the form the options choose.
LogicalResult printReduceOperation(KernelEmitter &emitter, tt::ReduceOp op);

/// A C literal for an i1/i32/f32 attribute or a splat tensor of one; exact:
/// NaN, infinities and inexact decimals are spelled by their bits.
std::optional<std::string> formatLiteral(Attribute attr);

} // namespace mlir::mytriton::cuda

#endif // MYTRITON_LIB_TARGET_CUDA_KERNELEMITTER_H
