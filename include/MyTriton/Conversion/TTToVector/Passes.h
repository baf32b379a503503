//===- Passes.h - tt to host vector code conversion -------------*- C++ -*-===//

#ifndef MYTRITON_CONVERSION_TTTOVECTOR_PASSES_H
#define MYTRITON_CONVERSION_TTTOVECTOR_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir {
class ModuleOp;
class OpPassManager;
class RewritePatternSet;
class TypeConverter;

namespace mytriton {

#define GEN_PASS_DECL
#include "MyTriton/Conversion/TTToVector/Passes.h.inc"

/// Suffix of the generated function that runs a kernel over its whole grid:
/// `@<kernel>_grid`.
inline constexpr const char kCPUGridFunctionSuffix[] = "_grid";

/// Fills `converter` with the tt -> host types: tensor<NxT> -> vector<NxT>,
/// !tt.ptr<T> -> (memref<?xT>, i32 offset), tensor<Nx!tt.ptr<T>> ->
/// (memref<?xT>, vector<Nxi32> offsets).
void populateTTToVectorTypeConversions(TypeConverter &converter);

/// The patterns that lower tt ops (and arith/math ops on tensors) to
/// vector/memref/scf/arith/func.
void populateTTToVectorConversionPatterns(const TypeConverter &converter,
                                          RewritePatternSet &patterns);

/// convert-tt-to-vector, then the vector/scf/arith/math/memref/func -> llvm
/// lowering: the module that MLIR's ExecutionEngine runs.
void buildTTToLLVMCPUPipeline(OpPassManager &pm);

/// Registers convert-tt-to-vector and the `tt-to-llvm-cpu` pipeline.
void registerTTToLLVMCPUPipeline();

#define GEN_PASS_REGISTRATION
#include "MyTriton/Conversion/TTToVector/Passes.h.inc"

} // namespace mytriton
} // namespace mlir

#endif // MYTRITON_CONVERSION_TTTOVECTOR_PASSES_H
