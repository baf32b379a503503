//===- Pipelines.cpp - Named tt pass pipelines ----------------------------===//

#include "MyTriton/Dialect/TT/Transforms/Pipelines.h"
#include "MyTriton/Dialect/TT/Transforms/Passes.h"

#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::mytriton::tt;

void mytriton::tt::buildOptimizePipeline(OpPassManager &pm) {
  // A kernel in a nested module would pass through every later stage.
  pm.addPass(createCheckKernelPlacement());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  // Masks that integer ranges prove true (lanes < n where n >= the block's
  // last lane) fold away, and the canonicalizer then drops them from loads.
  pm.addPass(arith::createArithIntRangeOpts());
  pm.addPass(createCanonicalizerPass());
}

void mytriton::tt::addGPULayoutPasses(OpPassManager &pm,
                                      unsigned computeCapability,
                                      bool useWgmma, bool useTMA) {
  OpPassManager &kernels = pm.nest<FuncOp>();
  // Before layouts: a moved load is laid out like any other.
  kernels.addPass(createTTHoistBranchLoads());
  TTAssignLayoutsOptions options;
  options.onlyTiled = true;
  options.computeCapability = computeCapability;
  options.useWgmma = useWgmma;
  kernels.addPass(createTTAssignLayouts(options));
  // Only loops of tt.warp_group_dot (use-wgmma) are pipelined.
  if (useWgmma) {
    TTPipelineOptions pipeline;
    pipeline.tma = useTMA;
    kernels.addPass(createTTPipeline(pipeline));
  }
}

void mytriton::tt::buildGPUPreparePipeline(OpPassManager &pm,
                                           unsigned computeCapability,
                                           bool useWgmma, bool useTMA) {
  // Layouts after canonicalization, so that folded-away tensors get none and
  // the layout choice sees the shapes that are lowered.
  buildOptimizePipeline(pm);
  addGPULayoutPasses(pm, computeCapability, useWgmma, useTMA);
}

void mytriton::tt::registerTTPipelines() {
  registerTTTransformsPasses();
  PassPipelineRegistration<>(
      "tt-optimize",
      "Optimize tt kernels: check they are in the top-level module, "
      "canonicalize (folding, mask and pointer simplification), CSE, "
      "int-range-optimizations (masks that integer ranges prove true), "
      "canonicalize",
      buildOptimizePipeline);
  PassPipelineRegistration<>(
      "tt-prepare-gpu",
      "What both GPU routes lower: tt-optimize, then "
      "tt-hoist-branch-loads (a branch's loads beside the load its condition "
      "waits on), then tt-assign-layouts{only-tiled} (tiled kernels get "
      "layouts, uniform kernels keep the implicit one)",
      [](OpPassManager &pm) { buildGPUPreparePipeline(pm); });
}
