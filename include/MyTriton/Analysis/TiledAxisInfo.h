//===- TiledAxisInfo.h - per-dimension contiguity of tiled tensors -*- C++ -*-===//
//
// Triton's AxisInfo for the tensors of tiled kernels, as the vector loads
// and stores need it: along each dimension d of a tensor value,
//  - contiguity[d]: the largest power of two c such that every aligned
//    group of c elements along d holds consecutive integers (or element
//    addresses);
//  - divisibility[d]: the largest power of two known to divide the first
//    element of every such group (in bytes for pointers);
//  - constancy[d]: the largest power of two k such that every aligned group
//    of k elements along d holds one value.
// Scalars take their divisibility from ContiguityAnalysis (constants,
// tt.divisibility of arguments). Everything unknown is 1. Tensors carried
// by scf.for keep what their init and every iteration keep (a fixpoint
// over the body: `ptrs += BLOCK * stride` stays aligned when the step is),
// and scf.if's results what both branches yield. The facts are of
// values, not of layouts, so convert_layout keeps them. Both GPU routes
// read it: the CUDA C++ emitter and convert-tt-to-gpu (TiledContiguity.cpp),
// to prove a vector access aligned and its mask uniform over the access.
//
//===----------------------------------------------------------------------===//

#ifndef MYTRITON_ANALYSIS_TILEDAXISINFO_H
#define MYTRITON_ANALYSIS_TILEDAXISINFO_H

#include "MyTriton/Analysis/Contiguity.h"

#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir {
class Block;
} // namespace mlir

namespace mlir::mytriton {

struct AxisInfo {
  SmallVector<int64_t> contiguity, divisibility, constancy;

  bool operator==(const AxisInfo &other) const {
    return contiguity == other.contiguity &&
           divisibility == other.divisibility && constancy == other.constancy;
  }
  /// What is true of a value that is either `a` or `b`.
  static AxisInfo meet(const AxisInfo &a, const AxisInfo &b);
};

class TiledAxisInfo {
public:
  /// Analyses the tensors of `kernel` (a tiled tt.func); `scalars` answers
  /// for scalar values.
  TiledAxisInfo(Operation *kernel, const ContiguityAnalysis &scalars);

  /// The facts of a tensor value (all 1 when unknown).
  AxisInfo get(Value tensor) const;

private:
  void visitBlock(Block &block);
  void visitLoop(Operation *loop);
  void visitBranch(Operation *branch);
  void visit(Operation *op);
  /// Divisibility of every element of `value` along `d`: that of the
  /// group's first element when groups are single elements.
  int64_t elementDivisibility(Value value, unsigned d) const;
  /// Divisibility of every element (all dimensions).
  int64_t allElementsDivisibility(Value value) const;

  const ContiguityAnalysis &scalars;
  llvm::DenseMap<Value, AxisInfo> infos;
};

/// Mask arithmetic whose result the GPU routes compute once per class of
/// a thread's registers when its constancy allows (tt::getRegisterClasses):
/// comparisons and the i1 and/or/xor that combine them.
bool isMaskOp(Operation *op);

} // namespace mlir::mytriton

#endif // MYTRITON_ANALYSIS_TILEDAXISINFO_H
