//===- Contiguity.h - how tt values vary from lane to lane -------*- C++ -*-===//
//
// A forward analysis over a tt kernel: for each value, the constant
// difference between neighbouring lanes (lane i+1 minus lane i), when there is
// one. Scalars and splats have stride 0 (uniform), tt.make_range stride 1;
// arith.addi/subi add/subtract strides, arith.muli by a uniform constant
// scales them, tt.addptr adds the offset's stride to the pointer's (in
// elements). A pointer tensor of stride 1 addresses consecutive elements, so a
// thread's consecutive lanes can be read or written with one vector access.
//
// Strides are exact integers: the analysis assumes i32 lane arithmetic does
// not wrap between neighbouring lanes (an offset that wraps addresses memory
// 8 GiB away from its neighbour, which no valid kernel does). Both GPU
// backends (the CUDA C++ emitter and convert-tt-to-gpu) use it.
//
//===----------------------------------------------------------------------===//

#ifndef MYTRITON_ANALYSIS_CONTIGUITY_H
#define MYTRITON_ANALYSIS_CONTIGUITY_H

#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"

#include <cstdint>
#include <optional>

namespace mlir {
class Operation;
namespace mytriton {

class ContiguityAnalysis {
public:
  /// Analyses every op nested in `root` (a tt.func or a module of them).
  explicit ContiguityAnalysis(Operation *root);

  /// Lane i+1 minus lane i of `value` (in elements for pointers) when it is
  /// the same for every i: 0 for values uniform across the block, 1 for
  /// consecutive ones. std::nullopt when unknown.
  std::optional<int64_t> getLaneStride(Value value) const;

  /// Consecutive lanes hold consecutive integers or element addresses.
  bool isContiguous(Value value) const { return getLaneStride(value) == 1; }

  /// Every lane holds the same value.
  bool isUniform(Value value) const { return getLaneStride(value) == 0; }

private:
  void visit(Operation *op);

  /// Strides of tensor values; scalars are uniform and not stored.
  llvm::DenseMap<Value, int64_t> tensorStrides;
};

} // namespace mytriton
} // namespace mlir

#endif // MYTRITON_ANALYSIS_CONTIGUITY_H
