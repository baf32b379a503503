//===- Pipelines.cpp - Named tt pass pipelines ----------------------------===//

#include "MyTriton/Dialect/TT/Transforms/Pipelines.h"
#include "MyTriton/Dialect/TT/Transforms/Passes.h"

#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

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

void mytriton::tt::registerTTPipelines() {
  registerTTTransformsPasses();
  PassPipelineRegistration<>(
      "tt-optimize",
      "Optimize tt kernels: check they are in the top-level module, "
      "canonicalize (folding, mask and pointer simplification), CSE, "
      "int-range-optimizations (masks that integer ranges prove true), "
      "canonicalize",
      buildOptimizePipeline);
}
