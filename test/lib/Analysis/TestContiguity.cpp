//===- TestContiguity.cpp - remarks with ContiguityAnalysis's strides -----===//
//
// test-contiguity: a remark on every op with a tensor result, saying the
// lane stride the analysis found ("lane stride 1") or "lane stride unknown".
//
//===----------------------------------------------------------------------===//

#include "MyTriton/Analysis/Contiguity.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;
using namespace mlir::mytriton;

namespace {
struct TestContiguityPass
    : PassWrapper<TestContiguityPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestContiguityPass)

  StringRef getArgument() const final { return "test-contiguity"; }
  StringRef getDescription() const final {
    return "Remarks with the lane stride of every tensor value";
  }

  void runOnOperation() override {
    ContiguityAnalysis contiguity(getOperation());
    getOperation().walk([&](Operation *op) {
      if (op->getNumResults() != 1 ||
          !isa<RankedTensorType>(op->getResult(0).getType()))
        return;
      std::optional<int64_t> stride =
          contiguity.getLaneStride(op->getResult(0));
      if (stride)
        op->emitRemark() << "lane stride " << *stride;
      else
        op->emitRemark() << "lane stride unknown";
    });
  }
};
} // namespace

namespace mlir::mytriton {
void registerTestContiguityPass() { PassRegistration<TestContiguityPass>(); }
} // namespace mlir::mytriton
