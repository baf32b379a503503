//===- TiledContiguity.cpp - contiguous runs of tiled pointer tensors -----===//
//
// A tiled load, store or asynchronous copy whose pointer tensor is
// contiguous along its layout's fastest dimension gets kTiledContiguityAttr,
// with what TiledAxisInfo (the one analysis of tiled tensors' contiguity,
// divisibility and constancy, loops included) proves of its alignment
// (kDivisibilityAttr) and of its mask (kMaskConstancyAttr); the lowering
// tests at run time what is not proven.
//
//===----------------------------------------------------------------------===//

#include "TTToGPUInternal.h"

#include "MyTriton/Analysis/Contiguity.h"
#include "MyTriton/Analysis/TiledAxisInfo.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/DenseMap.h"

#include <numeric>

using namespace mlir;
using namespace mlir::mytriton;

unsigned mytriton::getFastestDim(Attribute layout) {
  if (auto slice = dyn_cast<tt::SliceEncodingAttr>(layout)) {
    auto parent = cast<tt::BlockedEncodingAttr>(slice.getParent());
    for (unsigned d : parent.getOrder())
      if (d != slice.getDim())
        return d > slice.getDim() ? d - 1 : d;
    return 0;
  }
  // An mma accumulator's register pairs run along N.
  if (isa<tt::MmaEncodingAttr>(layout))
    return 1;
  // A dot operand's consecutive registers run along K.
  if (auto dotOperand = dyn_cast<tt::DotOperandEncodingAttr>(layout))
    return dotOperand.getKDim();
  return cast<tt::BlockedEncodingAttr>(layout).getOrder().front();
}


void mytriton::markTiledContiguity(tt::FuncOp kernel) {
  ContiguityAnalysis scalars(kernel);
  TiledAxisInfo axisInfo(kernel, scalars);
  Builder builder(kernel.getContext());
  kernel.walk([&](Operation *op) {
    if (isMaskOp(op)) {
      auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
      Attribute layout = type ? tt::getLayoutEncoding(type) : Attribute();
      if (!layout)
        return;
      SmallVector<int64_t> classes = tt::getRegisterClasses(
          layout, type.getShape(), axisInfo.get(op->getResult(0)).constancy);
      if (!classes.empty())
        op->setAttr(kRegisterClassesAttr,
                    builder.getDenseI64ArrayAttr(classes));
      return;
    }
    Value ptr, mask;
    if (auto load = dyn_cast<tt::LoadOp>(op)) {
      ptr = load.getPtr();
      mask = load.getMask();
    } else if (auto store = dyn_cast<tt::StoreOp>(op)) {
      ptr = store.getPtr();
      mask = store.getMask();
    } else if (auto copy = dyn_cast<tt::AsyncCopyGlobalToLocalOp>(op)) {
      ptr = copy.getPtr();
      mask = copy.getMask();
    }
    Attribute layout = ptr ? tt::getLayoutEncoding(ptr.getType()) : Attribute();
    if (!layout)
      return;
    unsigned dim = getFastestDim(layout);
    int64_t contiguity = axisInfo.get(ptr).contiguity[dim];
    if (contiguity <= 1)
      return;
    op->setAttr(kTiledContiguityAttr, builder.getI64IntegerAttr(contiguity));
    // A run of v registers starts at a multiple of v along `dim`, so it
    // starts either inside an aligned group of TiledAxisInfo's contiguity,
    // a multiple of v elements past the group's first, or at a group's
    // first: either way at an address that the group firsts' divisibility
    // divides when v * bytes divides it. And a mask constant over aligned
    // groups of k >= v elements is one bit over the run.
    op->setAttr(kDivisibilityAttr,
                builder.getI64IntegerAttr(axisInfo.get(ptr).divisibility[dim]));
    if (mask)
      op->setAttr(kMaskConstancyAttr,
                  builder.getI64IntegerAttr(axisInfo.get(mask).constancy[dim]));
  });
}
