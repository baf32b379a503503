//===- CompileToGPUInternal.h - steps of compileToGPUBinaries ----*- C++ -*-===//

#ifndef MYTRITON_LIB_TARGET_PTX_COMPILETOGPUINTERNAL_H
#define MYTRITON_LIB_TARGET_PTX_COMPILETOGPUINTERNAL_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Support/LLVM.h"

#include <string>

namespace mlir::mytriton {
struct GPUCompileOptions;

/// Makes `context` able to run the pipelines (dialects, NVVM target model,
/// translations, convert-to-LLVM interfaces).
void prepareContextForGPUCompile(MLIRContext *context);

/// A clone of `module` lowered by the tt-to-nvvm pipeline.
FailureOr<OwningOpRef<ModuleOp>> lowerToNVVM(ModuleOp module,
                                             const GPUCompileOptions &options);

/// Runs gpu-module-to-binary on `lowered` (in place) and returns the one
/// object's bytes: PTX for "isa", a cubin for "bin". With `llvmIR`, also the
/// LLVM IR after the target's optimization, as text; with `isa`, the PTX
/// that LLVM made (for "bin", the PTX ptxas assembled).
LogicalResult serializeGPUModule(ModuleOp lowered,
                                 const GPUCompileOptions &options,
                                 StringRef format, std::string &result,
                                 std::string *llvmIR = nullptr,
                                 std::string *isa = nullptr);

} // namespace mlir::mytriton

#endif // MYTRITON_LIB_TARGET_PTX_COMPILETOGPUINTERNAL_H
