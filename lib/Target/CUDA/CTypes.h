//===- CTypes.h - tt element types as CUDA C types --------------*- C++ -*-===//
//
// Every element type of the tt dialect (ElementTypes.h) has one C spelling
// (__half, __nv_bfloat16, float, double, bool, signed char, short, int,
// long long; pointers T*). IR integers are signless: an op that reads them
// as unsigned casts to the unsigned type of their width, and the ops that
// wrap (add, sub, mul, shl) compute in `unsigned` or `unsigned long long`,
// where C's arithmetic is modular. f16 and bf16 are the classes of
// cuda_fp16.h and cuda_bf16.h, converted with their intrinsics only (never
// their implicit conversions, so every rounding is spelled).
//
//===----------------------------------------------------------------------===//

#ifndef MYTRITON_LIB_TARGET_CUDA_CTYPES_H
#define MYTRITON_LIB_TARGET_CUDA_CTYPES_H

#include "mlir/IR/Types.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace mlir::mytriton::cuda {

/// Whether the CUDA route emits values of `type` (an element type, or a
/// pointer to one): what KernelEmitter::emit checks first.
bool isCUDAElementType(Type type);

/// The C type of a scalar of element type `type`, or std::nullopt.
std::optional<std::string> getScalarCType(Type type);

/// f16 or bf16: a class of the CUDA headers, converted by intrinsics.
bool isHalfType(Type type);

/// Bytes of an element of `type` in memory (pointers: 8, i1: 1).
int64_t getElementBytes(Type type);

/// `unsigned char`, `unsigned short`, `unsigned` or `unsigned long long`:
/// the unsigned C type of an integer of `width` bits (i1: `bool`).
std::string getUnsignedCType(unsigned width);

/// The C type wrapping arithmetic of `width`-bit integers computes in:
/// `unsigned` up to 32 bits (narrower types promote to int, whose overflow
/// is undefined), else `unsigned long long`.
std::string getWrappingCType(unsigned width);

/// `expr` (of f16/bf16 `type`) as an exact float; other types unchanged.
std::string halfToFloat(Type type, StringRef expr);
/// The f16/bf16 `type` nearest (ties to even) to the float `expr`.
std::string floatToHalf(Type type, StringRef expr);

/// The zero of element type `type` as a C expression of that type.
std::string getZeroLiteral(Type type);

} // namespace mlir::mytriton::cuda

#endif // MYTRITON_LIB_TARGET_CUDA_CTYPES_H
