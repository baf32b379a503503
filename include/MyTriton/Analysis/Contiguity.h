//===- Contiguity.h - how tensor values change from lane to lane -*- C++ -*-===//
//
// A small forward analysis over a tt kernel: for every tensor value it finds
// the lane stride, the constant difference between the values of lanes i+1
// and i, when the IR proves one. Stride 0 is a uniform value (a splat), 1 is
// a contiguous one (make_range + uniform); for pointers the stride counts
// elements, so an addptr of a uniform pointer and contiguous offsets is a
// run of consecutive addresses that a backend may access with vector
// instructions.
//
// Strides are exact integers: the analysis assumes i32 lane arithmetic does
// not wrap between neighbouring lanes (an offset that wraps addresses memory
// 8 GiB away from its neighbour, which no valid kernel does).
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
  /// Analyzes every op nested in `root` (a tt.func), in program order.
  explicit ContiguityAnalysis(Operation *root);

  /// value[i + 1] - value[i] for every lane i, or std::nullopt when not
  /// proven. Scalars are uniform (0).
  std::optional<int64_t> getStride(Value value) const;
  /// Every lane holds the same value.
  bool isUniform(Value value) const { return getStride(value) == 0; }
  /// Lane i + 1 holds lane i's value plus one (one element, for pointers).
  bool isContiguous(Value value) const { return getStride(value) == 1; }

private:
  void visit(Operation *op);

  /// Proven strides of tensor results; absent means unknown.
  llvm::DenseMap<Value, int64_t> strides;
};

} // namespace mytriton
} // namespace mlir

#endif // MYTRITON_ANALYSIS_CONTIGUITY_H
