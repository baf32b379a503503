//===- Pipelines.h - Named tt pass pipelines --------------------*- C++ -*-===//

#ifndef MYTRITON_DIALECT_TT_TRANSFORMS_PIPELINES_H
#define MYTRITON_DIALECT_TT_TRANSFORMS_PIPELINES_H

namespace mlir {
class OpPassManager;
namespace mytriton::tt {

/// The seed optimizer as MLIR passes: canonicalize (folders + tt patterns),
/// CSE, canonicalize again. The pass manager verifies after every pass.
void buildOptimizePipeline(OpPassManager &pm);

/// The layouts both GPU routes lower from: tt-hoist-branch-loads, then
/// tt-assign-layouts{only-tiled} on every kernel, so tiled kernels carry layouts and uniform ones keep the
/// backends' implicit distribution. For an already optimized module.
/// `computeCapability` (80 for sm_80, 90 for sm_90; 0 for none) lets dots
/// run on the tensor cores of that target.
/// `useWgmma` (a target with Hopper's arch-specific instructions, sm_90a)
/// puts them on wgmma; with `useTMA` too, the pipelined tiles that TMA may
/// copy become TMA copies (tt-pipeline{tma}).
void addGPULayoutPasses(OpPassManager &pm, unsigned computeCapability = 0,
                        bool useWgmma = false, bool useTMA = false);

/// `tt-prepare-gpu`: tt-optimize, then addGPULayoutPasses.
void buildGPUPreparePipeline(OpPassManager &pm,
                             unsigned computeCapability = 0,
                             bool useWgmma = false, bool useTMA = false);

/// Registers `tt-optimize` and `tt-prepare-gpu` with the global pass-pipeline
/// registry.
void registerTTPipelines();

} // namespace mytriton::tt
} // namespace mlir

#endif // MYTRITON_DIALECT_TT_TRANSFORMS_PIPELINES_H
