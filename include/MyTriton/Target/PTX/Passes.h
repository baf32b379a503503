//===- Passes.h - passes of the PTX target -----------------------*- C++ -*-===//

#ifndef MYTRITON_TARGET_PTX_PASSES_H
#define MYTRITON_TARGET_PTX_PASSES_H

#include "mlir/Pass/Pass.h"

#include <memory>

namespace mlir::mytriton {

#define GEN_PASS_DECL
#include "MyTriton/Target/PTX/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "MyTriton/Target/PTX/Passes.h.inc"

} // namespace mlir::mytriton

#endif // MYTRITON_TARGET_PTX_PASSES_H
