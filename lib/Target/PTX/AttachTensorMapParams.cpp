//===- AttachTensorMapParams.cpp - tensor maps as byval parameters --------===//
//
// A kernel's !tt.tensor_map arguments become `.param .align 64 .b8 [128]`
// parameters that TMA reads in place (Passes.td).
//
//===----------------------------------------------------------------------===//

#include "MyTriton/Target/PTX/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

namespace mlir::mytriton {
#define GEN_PASS_DEF_ATTACHTENSORMAPPARAMS
#include "MyTriton/Target/PTX/Passes.h.inc"
} // namespace mlir::mytriton

using namespace mlir;

namespace {
/// convert-tt-to-gpu's list of a kernel's tensor-map arguments.
constexpr StringLiteral kTensorMapArgsAttr = "mytriton.tensor_maps";
/// The bytes of a CUtensorMap.
constexpr int64_t kTensorMapBytes = 128;

struct AttachTensorMapParamsPass
    : mytriton::impl::AttachTensorMapParamsBase<AttachTensorMapParamsPass> {
  void runOnOperation() override {
    getOperation().walk([&](LLVM::LLVMFuncOp func) {
      auto maps = func->getAttrOfType<DenseI32ArrayAttr>(kTensorMapArgsAttr);
      if (!maps)
        return;
      MLIRContext *context = func.getContext();
      Type bytes = LLVM::LLVMArrayType::get(IntegerType::get(context, 8),
                                            kTensorMapBytes);
      for (int32_t index : maps.asArrayRef()) {
        func.setArgAttr(index, LLVM::LLVMDialect::getByValAttrName(),
                        TypeAttr::get(bytes));
        func.setArgAttr(index, NVVM::NVVMDialect::getGridConstantAttrName(),
                        UnitAttr::get(context));
      }
    });
  }
};
} // namespace
