//===- AssignLayouts.cpp - tt-assign-layouts ------------------------------===//
//
// Gives every tensor of a layout-free kernel its layout (Passes.td says
// which). A uniform kernel gets the #tt.blocked layout that the GPU backends
// use for it implicitly, so no kernel's distribution changes; a tiled kernel
// gets the layouts of TiledLayouts.cpp.
//
//===----------------------------------------------------------------------===//

#include "TiledLayouts.h"

#include "MyTriton/Dialect/TT/IR/Layouts.h"
#include "MyTriton/Dialect/TT/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::mytriton::tt {
#define GEN_PASS_DEF_TTASSIGNLAYOUTS
#include "MyTriton/Dialect/TT/Transforms/Passes.h.inc"
} // namespace mlir::mytriton::tt

using namespace mlir;
using namespace mlir::mytriton;
using namespace mlir::mytriton::tt;

namespace {
struct AssignLayoutsPass
    : tt::impl::TTAssignLayoutsBase<AssignLayoutsPass> {
  using TTAssignLayoutsBase::TTAssignLayoutsBase;

  /// The implicit layout of `kernel`'s tensors: G lanes per group,
  /// repeated E / G times over 32 lanes times the kernel's warps.
  static BlockedEncodingAttr getKernelLayout(FuncOp kernel) {
    unsigned group = kernel.getLanesPerGroup();
    unsigned warps = getKernelNumWarps(kernel);
    return BlockedEncodingAttr::getChecked(
        [&] {
          return kernel.emitOpError()
                 << "has no blocked layout for its " << warps << " warps and "
                 << group << " lanes per group: ";
        },
        kernel.getContext(), {group}, {kThreadsPerWarp}, {warps}, {0});
  }

  /// `value`'s type with `layout`, or null if it needs none. Fails (with
  /// an error at `op`) on a tensor that cannot have it.
  static FailureOr<RankedTensorType>
  getLaidOutType(Value value, BlockedEncodingAttr layout, Operation *op) {
    auto tensor = dyn_cast<RankedTensorType>(value.getType());
    if (!tensor || tensor.getEncoding())
      return RankedTensorType();
    if (failed(layout.verifyEncoding(tensor.getShape(),
                                     tensor.getElementType(), [&] {
                                       return op->emitOpError()
                                              << "produces " << tensor
                                              << ", which has no layout: ";
                                     })))
      return failure();
    return RankedTensorType::get(tensor.getShape(), tensor.getElementType(),
                                 layout);
  }

  void runOnOperation() override {
    FuncOp kernel = getOperation();
    if (kernel.isExternal())
      return;
    if (!hasImplicitLayout(kernel)) {
      if (failed(assignTiledLayouts(kernel, computeCapability, useWgmma)))
        signalPassFailure();
      return;
    }
    if (onlyTiled)
      return;
    BlockedEncodingAttr layout = getKernelLayout(kernel);
    if (!layout)
      return signalPassFailure();
    WalkResult result = kernel.getBody().walk([&](Operation *op) {
      for (Region &region : op->getRegions())
        for (BlockArgument arg : region.getArguments()) {
          FailureOr<RankedTensorType> type = getLaidOutType(arg, layout, op);
          if (failed(type))
            return WalkResult::interrupt();
          if (*type)
            arg.setType(*type);
        }
      for (OpResult value : op->getResults()) {
        FailureOr<RankedTensorType> type = getLaidOutType(value, layout, op);
        if (failed(type))
          return WalkResult::interrupt();
        if (!*type)
          continue;
        value.setType(*type);
        // A constant's value carries its type too.
        if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
          auto elements = dyn_cast<DenseElementsAttr>(constant.getValue());
          if (!elements) {
            op->emitOpError() << "has a tensor value " << constant.getValue()
                              << " that tt-assign-layouts cannot re-type; "
                                 "use a dense constant";
            return WalkResult::interrupt();
          }
          constant.setValueAttr(elements.reshape(*type));
        }
      }
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace
