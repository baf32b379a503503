//===- Passes.h - tt to gpu conversion pass ----------------------*- C++ -*-===//

#ifndef MYTRITON_CONVERSION_TTTOGPU_PASSES_H
#define MYTRITON_CONVERSION_TTTOGPU_PASSES_H

#include "mlir/Pass/Pass.h"

#include <memory>

namespace mlir::mytriton {

#define GEN_PASS_DECL
#include "MyTriton/Conversion/TTToGPU/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "MyTriton/Conversion/TTToGPU/Passes.h.inc"

} // namespace mlir::mytriton

#endif // MYTRITON_CONVERSION_TTTOGPU_PASSES_H
