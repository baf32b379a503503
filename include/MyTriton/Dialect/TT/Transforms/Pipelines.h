//===- Pipelines.h - Named tt pass pipelines --------------------*- C++ -*-===//

#ifndef MYTRITON_DIALECT_TT_TRANSFORMS_PIPELINES_H
#define MYTRITON_DIALECT_TT_TRANSFORMS_PIPELINES_H

namespace mlir {
class OpPassManager;
namespace mytriton::tt {

/// The seed optimizer as MLIR passes: canonicalize (folders + tt patterns),
/// CSE, canonicalize again. The pass manager verifies after every pass.
void buildOptimizePipeline(OpPassManager &pm);

/// Registers `tt-optimize` with the global pass-pipeline registry.
void registerTTPipelines();

} // namespace mytriton::tt
} // namespace mlir

#endif // MYTRITON_DIALECT_TT_TRANSFORMS_PIPELINES_H
