//===- TensorMapAccess.h - tile loads that a TMA copy can perform -*- C++ -*-===//
//
// Hopper's TMA engine copies a box of a tensor described by a tensor map
// (base, sizes, strides, built on the host) into shared memory, writing
// zeros for the box's elements outside the tensor. A tt.load of a pointer
// tile can become such a copy when its addresses are a box of one tensor
// map and reading zeros outside the tensor changes nothing the kernel
// computes. matchTensorMapAccess proves that for one load, or says why
// not. It recognizes Triton's tutorial 03 operands:
//
//   offs_am = (pid_m * BM + tl.arange(0, BM)) % M       # wrapped rows
//   a_ptrs = a_ptr + offs_am[:, None] * stride_am + offs_k[None, :]
//   for k in range(0, tl.cdiv(K, BK)):
//       a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BK, other=0.0)
//       ...
//       a_ptrs += BK * stride_ak
//
// Each dimension of the tile is one of:
//   masked     the load's mask bounds it (`offs < size`, with the pointer's
//              advance folded in): the tensor map's size is that bound, and
//              TMA's zero fill is the mask's `other` (which must be 0);
//   wrapped    the index is `(start + arange) % size` with no mask: TMA
//              reads zeros where the pointers wrap around, so the rows (or
//              columns) past `size` differ. They only reach accumulator
//              rows (columns) of a tt.dot whose every store masks them off
//              (`start + arange < size`), which the analysis checks by
//              following the loaded tile to its stores;
//   unchecked  neither: every address is read as it is, the tensor map
//              takes the largest size.
//
// Sizes and strides are kernel arguments or constants (the runtime encodes
// the map at launch), the base is a pointer argument aligned to 16 bytes,
// every stride but the last (which is 1) a multiple of 16 bytes and the
// block's first element along the last dimension 16-byte aligned in every
// iteration (TMA faults otherwise), proven by the arguments'
// tt.divisibility. As ContiguityAnalysis does, the analysis
// assumes that i32 index arithmetic does not overflow. TMA reads zeros at a
// negative coordinate where the pointers read memory before the base: the
// result's starts are the coordinates a user must check to be >= 0.
//
//===----------------------------------------------------------------------===//

#ifndef MYTRITON_ANALYSIS_TENSORMAPACCESS_H
#define MYTRITON_ANALYSIS_TENSORMAPACCESS_H

#include "mlir/IR/Value.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>
#include <string>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mlir {
class Operation;
namespace mytriton {
class ContiguityAnalysis;
namespace tt {
class LoadOp;
} // namespace tt

/// sum(coefficient * atom) + constant over i32 scalars. Atoms are the values
/// the form does not look into: arguments, loop indices, and results of ops
/// other than constants, addi, subi and muli by a constant.
struct LinearForm {
  llvm::SmallMapVector<Value, int64_t, 4> terms;
  int64_t constant = 0;

  static LinearForm of(Value scalar);
  static LinearForm ofConstant(int64_t value) {
    LinearForm form;
    form.constant = value;
    return form;
  }

  LinearForm operator+(const LinearForm &other) const;
  LinearForm operator-(const LinearForm &other) const;
  LinearForm scaled(int64_t factor) const;
  bool operator==(const LinearForm &other) const;

  std::optional<int64_t> getConstant() const {
    return terms.empty() ? std::optional<int64_t>(constant) : std::nullopt;
  }
  /// k such that *this == k * other, when there is one.
  std::optional<int64_t> ratioTo(const LinearForm &other) const;
  /// Every atom is an argument of the kernel (the host knows its value).
  bool isOverKernelArguments() const;

  void print(llvm::raw_ostream &os) const;
};

/// How one dimension of a tile load's block maps onto the tensor map.
struct TensorMapDim {
  enum class Bound { Masked, Wrapped, Unchecked };

  /// The tile's size along the dimension (TMA's box).
  int64_t box = 0;
  /// Elements between neighbours, over kernel arguments.
  LinearForm stride;
  /// The tensor's size along the dimension, over kernel arguments; none
  /// when Unchecked.
  std::optional<LinearForm> size;
  /// The block's first index along the dimension: at the first iteration
  /// of the loop that carries the pointer (the load's loop), else where the
  /// load runs.
  LinearForm start;
  /// How far the block moves along the dimension each iteration of the
  /// loop that carries the pointer.
  int64_t advance = 0;
  Bound bound = Bound::Unchecked;
};

struct TensorMapAccess {
  /// The pointer argument at the tensor's origin.
  Value base;
  /// The tile's dimensions, outermost first; the last has stride 1.
  llvm::SmallVector<TensorMapDim, 2> dims;
  /// The scf.for whose iter_arg the pointer tile is, advanced each
  /// iteration by the dims' advance; null when the load's own pointer is
  /// the box.
  Operation *carryingLoop = nullptr;
};

/// The tensor map whose box `load` reads, when every element it reads and
/// every result the kernel stores would be the same with a TMA copy of it;
/// else std::nullopt with the first reason in `whyNot`.
std::optional<TensorMapAccess>
matchTensorMapAccess(tt::LoadOp load, const ContiguityAnalysis &contiguity,
                     std::string &whyNot);

} // namespace mytriton
} // namespace mlir

#endif // MYTRITON_ANALYSIS_TENSORMAPACCESS_H
