//===- TestContiguity.cpp - remarks with ContiguityAnalysis's facts -------===//
//
// test-contiguity: a remark on every op with a tensor result, saying the
// lane stride the analysis found ("lane stride 1" or "lane stride
// unknown"), the divisibility of integer and pointer tensors and the
// constancy ("lane stride 1, divisibility 16, constancy 1"); on scalar
// integer and pointer results, the divisibility ("divisibility 4").
// With grid-order, only a remark on each tt.func instead: which grid axis
// neighbouring blocks follow (isGridAxis0Fastest); with loads-in-flight, the
// bytes a block has in flight (getStraightLineLoadBytesPerBlock).
//
//===----------------------------------------------------------------------===//

#include "MyTriton/Analysis/Contiguity.h"
#include "MyTriton/Analysis/GridOrder.h"
#include "MyTriton/Analysis/LoadsInFlight.h"
#include "MyTriton/Dialect/TT/IR/TTDialect.h"

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

  TestContiguityPass() = default;
  TestContiguityPass(const TestContiguityPass &pass) : PassWrapper(pass) {}

  Option<bool> gridOrder{*this, "grid-order",
                         llvm::cl::desc("Remark which grid axis each kernel's "
                                        "neighbouring blocks follow instead"),
                         llvm::cl::init(false)};
  Option<bool> loadsInFlight{
      *this, "loads-in-flight",
      llvm::cl::desc("Remark the bytes of loads each kernel's blocks have in "
                     "flight at once instead"),
      llvm::cl::init(false)};

  StringRef getArgument() const final { return "test-contiguity"; }
  StringRef getDescription() const final {
    return "Remarks with the lane stride, divisibility and constancy of every "
           "value";
  }

  void runOnOperation() override {
    if (gridOrder) {
      getOperation().walk([](tt::FuncOp kernel) {
        kernel.emitRemark() << "grid axis "
                            << (isGridAxis0Fastest(kernel) ? 0 : 1)
                            << " fastest";
      });
      return;
    }
    if (loadsInFlight) {
      getOperation().walk([](tt::FuncOp kernel) {
        kernel.emitRemark() << getStraightLineLoadBytesPerBlock(kernel)
                            << " bytes of loads in flight a block";
      });
      return;
    }
    ContiguityAnalysis contiguity(getOperation());
    getOperation().walk([&](Operation *op) {
      if (op->getNumResults() != 1)
        return;
      Value result = op->getResult(0);
      Type element = getElementTypeOrSelf(result.getType());
      bool numeric = element.isInteger(32) || isa<tt::PointerType>(element);
      if (!isa<RankedTensorType>(result.getType())) {
        if (numeric)
          op->emitRemark() << "divisibility "
                           << contiguity.getDivisibility(result);
        return;
      }
      InFlightDiagnostic remark = op->emitRemark();
      if (std::optional<int64_t> stride = contiguity.getLaneStride(result))
        remark << "lane stride " << *stride;
      else
        remark << "lane stride unknown";
      if (numeric)
        remark << ", divisibility " << contiguity.getDivisibility(result);
      remark << ", constancy " << contiguity.getConstancy(result);
    });
  }
};
} // namespace

namespace mlir::mytriton {
void registerTestContiguityPass() { PassRegistration<TestContiguityPass>(); }
} // namespace mlir::mytriton
