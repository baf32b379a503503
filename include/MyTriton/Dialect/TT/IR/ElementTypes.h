//===- ElementTypes.h - Which element types a tt kernel uses ----*- C++ -*-===//
//
// Triton's dtypes as the tt dialect spells them (TTTypes.td): signless
// integers i1..i64, f16, bf16, f32, f64, and pointers to the memory types
// among them. A backend that lowers only some of them says so with
// checkElementTypes before it converts anything, so an unsupported type is a
// located error, never a silently wrong kernel.
//
//===----------------------------------------------------------------------===//

#ifndef MYTRITON_DIALECT_TT_IR_ELEMENTTYPES_H
#define MYTRITON_DIALECT_TT_IR_ELEMENTTYPES_H

#include "mlir/IR/Types.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

namespace mlir::mytriton::tt {
class FuncOp;

/// f16, bf16, f32, f64, i8, i16, i32 or i64: what a !tt.ptr may point to.
bool isMemoryElementType(Type type);
/// A memory element type or i1: what tensors and scalars hold.
bool isValueElementType(Type type);
/// f32, i32 and i1 (and pointers to f32/i32, and index): the types every
/// backend lowered before the dtype work (issue 16).
bool isSeedElementType(Type type);

/// Reports, at the first op (or the kernel, for an argument) that has one,
/// a value whose element type -- through tensors, and a pointer's pointee --
/// `isSupported` refuses: "<route> does not lower <type> values yet".
LogicalResult checkElementTypes(FuncOp kernel,
                                function_ref<bool(Type)> isSupported,
                                StringRef route);
} // namespace mlir::mytriton::tt

#endif // MYTRITON_DIALECT_TT_IR_ELEMENTTYPES_H
