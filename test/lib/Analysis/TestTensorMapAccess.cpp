//===- TestTensorMapAccess.cpp - remarks with matchTensorMapAccess --------===//
//
// test-tensor-map-access: a remark on every tt.load, either the tensor map
// whose box it reads ("tensor map over %arg0: dim 0 box 128, stride %arg6,
// start %14, wrapped at %arg3; dim 1 box 64, stride 1, start 0, advancing
// 64, masked at %arg5") or why it is not one ("no tensor map: ...").
//
//===----------------------------------------------------------------------===//

#include "MyTriton/Analysis/Contiguity.h"
#include "MyTriton/Analysis/TensorMapAccess.h"
#include "MyTriton/Dialect/TT/IR/TTDialect.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::mytriton;

namespace {

StringRef getBoundName(TensorMapDim::Bound bound) {
  switch (bound) {
  case TensorMapDim::Bound::Masked:
    return "masked";
  case TensorMapDim::Bound::Wrapped:
    return "wrapped";
  case TensorMapDim::Bound::Unchecked:
    return "unchecked";
  }
  llvm_unreachable("a bound");
}

std::string describe(const TensorMapAccess &access) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "tensor map over ";
  access.base.printAsOperand(os, OpPrintingFlags());
  for (auto [d, dim] : llvm::enumerate(access.dims)) {
    os << (d == 0 ? ": " : "; ") << "dim " << d << " box " << dim.box
       << ", stride ";
    dim.stride.print(os);
    os << ", start ";
    dim.start.print(os);
    if (dim.advance != 0)
      os << ", advancing " << dim.advance;
    os << ", " << getBoundName(dim.bound);
    if (dim.size) {
      os << " at ";
      dim.size->print(os);
    }
  }
  return text;
}

struct TestTensorMapAccessPass
    : PassWrapper<TestTensorMapAccessPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestTensorMapAccessPass)

  StringRef getArgument() const final { return "test-tensor-map-access"; }
  StringRef getDescription() const final {
    return "Remarks with the tensor map whose box each tt.load reads, or why "
           "it reads none";
  }

  void runOnOperation() override {
    ContiguityAnalysis contiguity(getOperation());
    getOperation().walk([&](tt::LoadOp load) {
      std::string whyNot;
      if (std::optional<TensorMapAccess> access =
              matchTensorMapAccess(load, contiguity, whyNot))
        load.emitRemark() << describe(*access);
      else
        load.emitRemark() << "no tensor map: " << whyNot;
    });
  }
};
} // namespace

namespace mlir::mytriton {
void registerTestTensorMapAccessPass() {
  PassRegistration<TestTensorMapAccessPass>();
}
} // namespace mlir::mytriton
