//===- PTXAtomics.h - PTX spelling of tt.atomic_rmw kinds -------*- C++ -*-===//
//
// Both GPU routes emit `atom` as PTX text (inline asm on gpu/nvvm, asm
// statements in CUDA C++); the op and type suffix of each kind lives here
// once. Kept out of TTDialect.h so that only the two printers include it.
//
//===----------------------------------------------------------------------===//

#ifndef MYTRITON_DIALECT_TT_IR_PTXATOMICS_H
#define MYTRITON_DIALECT_TT_IR_PTXATOMICS_H

#include "MyTriton/Dialect/TT/IR/TTDialect.h"

#include <string>

namespace mlir::mytriton::tt {
/// The PTX op and type of an integer or float kind on `element`s
/// ("add.u32", "exch.b64", "add.noftz.bf16", ...). fmax/fmin have none:
/// they are two integer atomics behind a sign test.
std::string getPTXAtomicOp(RMWOp kind, Type element);
} // namespace mlir::mytriton::tt

#endif // MYTRITON_DIALECT_TT_IR_PTXATOMICS_H
