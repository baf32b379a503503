//===- VectorAccess.h - vector loads and stores of any element type -*- C++ -*-===//
//
// A vector access moves `width` consecutive elements as one 4-, 8- or
// 16-byte CUDA vector: float2/float4 and int2/int4 for 32-bit elements,
// double2 and longlong2 for 64-bit ones, and for 8- and 16-bit elements
// 32-bit words (unsigned, uint2, uint4) whose bytes are the elements in
// address order (the GPU is little-endian), unpacked and packed with
// shifts and the bit reinterpretations of cuda_fp16.h/cuda_bf16.h.
//
//===----------------------------------------------------------------------===//

#ifndef MYTRITON_LIB_TARGET_CUDA_VECTORACCESS_H
#define MYTRITON_LIB_TARGET_CUDA_VECTORACCESS_H

#include "mlir/IR/Types.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace mlir::mytriton::cuda {

/// How `width` elements of one type move as one vector.
class VectorAccess {
public:
  /// The access of `width` elements of `element`, when they make a 4-, 8-
  /// or 16-byte vector.
  static std::optional<VectorAccess> get(Type element, unsigned width);

  /// Bytes the vector moves: its alignment.
  unsigned getBytes() const { return bytes; }
  unsigned getWidth() const { return width; }
  /// The C vector type (`float4`, `uint4`, ...).
  const std::string &getType() const { return type; }
  /// Element `k` of the vector named `vec`.
  std::string extract(llvm::StringRef vec, unsigned k) const;
  /// The vector made of `elements` (C expressions of the element type, not
  /// necessarily parenthesized).
  std::string pack(llvm::ArrayRef<std::string> elements) const;

private:
  VectorAccess(Type element, unsigned width, unsigned bytes, std::string type)
      : element(element), width(width), bytes(bytes), type(std::move(type)) {}
  /// Whether the elements are packed into 32-bit words.
  bool inWords() const;

  Type element;
  unsigned width, bytes;
  std::string type;
};

/// The widest vector access (at most 16 bytes, at least 4) whose width
/// divides `count` consecutive registers of `element`: how many of them one
/// access moves; 0 when none does.
unsigned getVectorWidth(Type element, unsigned count);

} // namespace mlir::mytriton::cuda

#endif // MYTRITON_LIB_TARGET_CUDA_VECTORACCESS_H
