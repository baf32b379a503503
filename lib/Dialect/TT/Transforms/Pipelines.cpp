//===- Pipelines.cpp - Named tt pass pipelines ----------------------------===//

#include "MyTriton/Dialect/TT/Transforms/Pipelines.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void mytriton::tt::buildOptimizePipeline(OpPassManager &pm) {
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createCanonicalizerPass());
}

void mytriton::tt::registerTTPipelines() {
  PassPipelineRegistration<>(
      "tt-optimize",
      "Optimize tt kernels: canonicalize (folding, mask and pointer "
      "simplification), CSE, canonicalize",
      buildOptimizePipeline);
}
