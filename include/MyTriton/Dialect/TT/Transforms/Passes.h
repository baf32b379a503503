//===- Passes.h - tt dialect transformations --------------------*- C++ -*-===//

#ifndef MYTRITON_DIALECT_TT_TRANSFORMS_PASSES_H
#define MYTRITON_DIALECT_TT_TRANSFORMS_PASSES_H

#include "MyTriton/Dialect/TT/IR/TTDialect.h"

#include "mlir/Pass/Pass.h"

namespace mlir::mytriton::tt {

#define GEN_PASS_DECL
#include "MyTriton/Dialect/TT/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "MyTriton/Dialect/TT/Transforms/Passes.h.inc"

} // namespace mlir::mytriton::tt

#endif // MYTRITON_DIALECT_TT_TRANSFORMS_PASSES_H
