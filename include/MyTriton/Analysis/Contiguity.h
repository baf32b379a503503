//===- Contiguity.h - how tt values vary from lane to lane -------*- C++ -*-===//
//
// A forward analysis over a tt kernel: for each value, the constant
// difference between neighbouring lanes (lane i+1 minus lane i), when there is
// one. Scalars and splats have stride 0 (uniform), tt.make_range stride 1;
// arith.addi/subi add/subtract strides, arith.muli by a uniform constant
// scales them, arith.extsi/extui keep them (i32 offsets widened to i64),
// tt.addptr adds the offset's stride to the pointer's (in elements). A pointer tensor of stride 1 addresses consecutive elements, so a
// thread's consecutive lanes can be read or written with one vector access.
//
// Strides are exact integers: the analysis assumes i32 lane arithmetic does
// not wrap between neighbouring lanes (an offset that wraps addresses memory
// 8 GiB away from its neighbour, which no valid kernel does). Both GPU
// backends (the CUDA C++ emitter and convert-tt-to-gpu) use it.
//
// Two more facts, as in Triton's AxisInfo, start from the arguments'
// tt.divisibility: the divisibility of a value (the largest power of two
// known to divide lane 0's value, in bytes for pointers), which proves a
// contiguous access aligned, and the constancy of a tensor (the largest
// power of two k such that the lanes of every aligned group of k lanes are
// equal), which proves a mask such as `offsets < n` the same for all lanes of
// one vector access.
//
// In scf regions: an scf.for induction variable is a uniform scalar divided
// by whatever divides both its lower bound and step; iter_args and the
// results of loops and branches have no facts (unknown stride, the default
// divisibility), since what a body yields is only known after it.
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

  /// The largest power of two known to divide lane 0 of an integer value,
  /// or the address of lane 0 of a pointer value in bytes (at least the
  /// pointee's size); 1 for anything else.
  int64_t getDivisibility(Value value) const;

  /// The largest power of two k such that every aligned group of k lanes of
  /// `value` holds one value (the tensor's length when uniform; 1 for a
  /// scalar's single lane is never asked).
  int64_t getConstancy(Value value) const;

  /// Divisibilities and constancies are capped here (2^30).
  static constexpr int64_t kMaxDivisor = int64_t(1) << 30;

private:
  void visit(Operation *op);
  void visitStride(Operation *op);
  void visitDivisibility(Operation *op);
  void visitConstancy(Operation *op);

  /// Strides of tensor values; scalars are uniform and not stored.
  llvm::DenseMap<Value, int64_t> tensorStrides;
  /// Divisibilities above the type's default (getDivisibility).
  llvm::DenseMap<Value, int64_t> divisibilities;
  /// Constancies of non-uniform tensors, above 1.
  llvm::DenseMap<Value, int64_t> constancies;
};

} // namespace mytriton
} // namespace mlir

#endif // MYTRITON_ANALYSIS_CONTIGUITY_H
