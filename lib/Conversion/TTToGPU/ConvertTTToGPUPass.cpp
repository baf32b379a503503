//===- ConvertTTToGPUPass.cpp - the convert-tt-to-gpu pass ---------------===//

#include "MyTriton/Conversion/TTToGPU/Passes.h"
#include "MyTriton/Conversion/TTToGPU/TTToGPU.h"
#include "TTToGPUInternal.h"

#include "MyTriton/Analysis/Contiguity.h"
#include "MyTriton/Analysis/GridOrder.h"

#include "MyTriton/Dialect/TT/IR/ElementTypes.h"
#include "MyTriton/Dialect/TT/IR/DotLayouts.h"
#include "MyTriton/Dialect/TT/IR/TTDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::mytriton {
#define GEN_PASS_DEF_CONVERTTTTOGPU
#include "MyTriton/Conversion/TTToGPU/Passes.h.inc"
} // namespace mlir::mytriton

using namespace mlir;
using namespace mlir::mytriton;

namespace {

/// What a tiled kernel needs beyond checkLowerable: a layout on every
/// tensor (the tt verifier keeps loads and stores to one layout; the region
/// arguments of loops take the types of values checked here), and at most
/// 48 KiB of workgroup scratch.
LogicalResult checkTiledLowerable(tt::FuncOp kernel) {
  WalkResult result = kernel.walk([](Operation *op) -> WalkResult {
    for (Value value : op->getResults())
      if (isa<RankedTensorType>(value.getType()) &&
          !tt::getLayoutEncoding(value.getType()))
        return op->emitOpError()
               << "produces " << value.getType()
               << " without a layout encoding; a kernel whose tensors have "
                  "shapes of their own is lowered to the GPU after "
                  "tt-assign-layouts";
    // Verified IR always passes today (every type pair of the verifier's
    // table is lowered, operand layouts checked).
    if (auto dot = dyn_cast<tt::DotOp>(op))
      if (!isa_and_present<tt::MmaEncodingAttr>(
              tt::getLayoutEncoding(dot.getC().getType())) &&
          failed(tt::getDotRegisterPlan(dot.getA().getType(),
                                        dot.getB().getType(),
                                        dot.getC().getType())))
        return op->emitOpError()
               << "is lowered by the FMA path, which multiplies tiles in "
                  "#tt.dot_operand layouts of the accumulator's layout "
                  "(tt-assign-layouts gives them so); got "
               << dot.getA().getType() << " * " << dot.getB().getType()
               << " -> " << dot.getC().getType();
    int64_t bytes = getTiledScratchBytes(op);
    if (bytes > kMaxTiledScratchBytes)
      return op->emitOpError()
             << "needs " << bytes << " bytes of shared memory to "
             << (isa<tt::CombineReduceOp, tt::ScanOp>(op)
                     ? "exchange its partial results between warps"
                     : "move its operand between threads")
             << ", more than the " << kMaxTiledScratchBytes
             << " a kernel may use; use smaller tiles";
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

/// The control flow of tt kernels (docs/IR.md): scf.for, scf.if and
/// scf.while on scalar bounds and conditions, uniform across a program, so
/// the barriers of the ops inside are reached by all of its threads.
bool isSupportedControlFlow(Operation *op) {
  return isa<scf::ForOp, scf::IfOp, scf::WhileOp, scf::YieldOp,
             scf::ConditionOp>(op);
}

/// The element types the lowering takes: every tt value type (i1, i8..i64,
/// f16, bf16, f32, f64), pointers to the memory types among them, and
/// index (loop bounds). What is refused for a type is refused at its op
/// (rounding modes: checkCastsLowerable; atomics' types are the verifier's).
bool isLoweredElementType(Type type) {
  return isa<tt::PointerType, IndexType, tt::MemDescType, tt::MBarriersType,
             tt::TensorMapType>(type) ||
         tt::isValueElementType(type);
}

/// Reports, at the op, what the lowering cannot express, before any
/// rewriting starts.
LogicalResult checkLowerable(tt::FuncOp kernel) {
  if (failed(tt::checkElementTypes(kernel, isLoweredElementType,
                                   "the gpu/nvvm route")))
    return failure();
  if (!tt::hasImplicitLayout(kernel) && failed(checkTiledLowerable(kernel)))
    return failure();
  if (failed(checkCastsLowerable(kernel)) ||
      failed(checkCombineLowerable(kernel)))
    return failure();
  // Pre-order, so an unsupported region op is reported rather than the
  // first op of its body.
  WalkResult result = kernel.walk<WalkOrder::PreOrder>([](Operation *op)
                                                           -> WalkResult {
    // A combine region is scalar arith and math (its verifier), cloned
    // per combine step: nothing in it to check here.
    if (isa<tt::CombineReduceOp, tt::ScanOp>(op))
      return WalkResult::skip();
    if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
      auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
      if (dense && !dense.isSplat())
        return op->emitOpError()
               << "with different values per lane cannot be lowered to one "
                  "thread per element; build it from tt.make_range";
    }
    if (!isa_and_present<tt::TTDialect, arith::ArithDialect,
                         math::MathDialect>(op->getDialect()) &&
        !isSupportedControlFlow(op))
      return op->emitOpError() << "is not supported in tt kernels lowered to "
                                  "the GPU";
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

/// Marks the loads and stores whose pointer tensor addresses consecutive
/// elements, for the vector accesses of threads owning several lanes, with
/// what is known of their alignment and mask.
void markContiguousAccesses(tt::FuncOp kernel) {
  if (kernel.getLanesPerThread() == 1)
    return;
  ContiguityAnalysis contiguity(kernel);
  Builder builder(kernel.getContext());
  kernel.walk([&](Operation *op) {
    Value ptr, mask;
    if (auto load = dyn_cast<tt::LoadOp>(op)) {
      ptr = load.getPtr();
      mask = load.getMask();
    } else if (auto store = dyn_cast<tt::StoreOp>(op)) {
      ptr = store.getPtr();
      mask = store.getMask();
    }
    if (!ptr || !isa<RankedTensorType>(ptr.getType()) ||
        !contiguity.isContiguous(ptr))
      return;
    op->setAttr(kContiguousAttr, builder.getUnitAttr());
    op->setAttr(kDivisibilityAttr,
                builder.getI64IntegerAttr(contiguity.getDivisibility(ptr)));
    if (mask)
      op->setAttr(kMaskConstancyAttr,
                  builder.getI64IntegerAttr(contiguity.getConstancy(mask)));
  });
}

/// Marks the program ids and stores of kernels whose neighbouring blocks
/// should follow grid axis 0 (GridOrder.h).
void markGridOrder(tt::FuncOp kernel) {
  if (!isGridAxis0Fastest(kernel))
    return;
  kernel.walk([&](Operation *op) {
    // Atomics, like stores, skip packed programs past the grid's end.
    if (isa<tt::GetProgramIdOp, tt::StoreOp, tt::PrintOp, tt::AssertOp,
            tt::AtomicRMWOp, tt::AtomicCASOp>(op))
      op->setAttr(kGridAxis0FastestAttr, UnitAttr::get(op->getContext()));
  });
}

struct ConvertTTToGPUPass
    : mytriton::impl::ConvertTTToGPUBase<ConvertTTToGPUPass> {
  using Base::Base;

  LogicalResult convertKernel(tt::FuncOp kernel) {
    MLIRContext *context = &getContext();
    TypeConverter typeConverter;
    RewritePatternSet patterns(context);
    if (tt::hasImplicitLayout(kernel)) {
      populateTTToGPUTypeConversions(typeConverter,
                                     kernel.getLanesPerThread());
      populateTTToGPUConversionPatterns(typeConverter, patterns,
                                        gpuModuleName);
    } else {
      populateTTToGPUTiledTypeConversions(typeConverter);
      populateTTToGPUTiledConversionPatterns(typeConverter, patterns,
                                             gpuModuleName);
    }

    ConversionTarget target(*context);
    target.addIllegalDialect<tt::TTDialect>();
    target.addLegalDialect<gpu::GPUDialect, LLVM::LLVMDialect,
                           memref::MemRefDialect, NVVM::NVVMDialect,
                           scf::SCFDialect, vector::VectorDialect>();
    target.addDynamicallyLegalDialect<arith::ArithDialect, math::MathDialect>(
        [&](Operation *op) {
          return typeConverter.isLegal(op) && !hasExplicitRounding(op);
        });
    // The kernel's scf.for/if/while keep their structure with the thread's
    // types (scalars, vectors of its lanes or registers) as loop-carried
    // values and results; the scf.if ops the patterns create are legal.
    scf::populateSCFStructuralTypeConversionsAndLegality(typeConverter,
                                                         patterns, target);
    return applyPartialConversion(kernel.getOperation(), target,
                                  std::move(patterns));
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    SmallVector<tt::FuncOp> kernels(module.getOps<tt::FuncOp>());
    if (kernels.empty())
      return;
    for (tt::FuncOp kernel : kernels)
      if (failed(checkLowerable(kernel)))
        return signalPassFailure();
    // Kernels differ in lanes per thread, hence in type mapping: one
    // conversion each.
    SmallVector<NamedAttribute> sharedBytes, tensorMaps;
    for (tt::FuncOp kernel : kernels) {
      if (ArrayAttr maps = collectTensorMaps(kernel))
        tensorMaps.emplace_back(kernel.getSymNameAttr(), maps);
      if (tt::hasImplicitLayout(kernel)) {
        markContiguousAccesses(kernel);
      } else {
        markTiledContiguity(kernel);
        FailureOr<SharedMemoryPlan> plan = planSharedMemory(kernel);
        if (failed(plan))
          return signalPassFailure();
        if (plan->totalBytes)
          sharedBytes.emplace_back(
              kernel.getSymNameAttr(),
              IntegerAttr::get(IntegerType::get(context, 64),
                               plan->totalBytes));
      }
      markGridOrder(kernel);
      if (failed(convertKernel(kernel)))
        return signalPassFailure();
    }
    module->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                    UnitAttr::get(context));
    if (!sharedBytes.empty())
      module->setAttr(kDynamicSharedBytesAttr,
                      DictionaryAttr::get(context, sharedBytes));
    if (!tensorMaps.empty())
      module->setAttr(kTensorMapLaunchAttr,
                      DictionaryAttr::get(context, tensorMaps));
  }

  /// The launcher's description of `kernel`'s hidden tensor-map arguments
  /// (kTensorMapLaunchAttr), or null when it takes none.
  static ArrayAttr collectTensorMaps(tt::FuncOp kernel) {
    MLIRContext *context = kernel.getContext();
    SmallVector<Attribute> maps;
    for (unsigned i = 0, e = kernel.getNumArguments(); i < e; ++i) {
      auto map = kernel.getArgAttrOfType<DictionaryAttr>(i, "tt.tensor_map");
      if (!map)
        continue;
      NamedAttrList entries(map);
      entries.set("argument",
                  IntegerAttr::get(IntegerType::get(context, 32), i));
      maps.push_back(entries.getDictionary(context));
    }
    return maps.empty() ? ArrayAttr() : ArrayAttr::get(context, maps);
  }
};
} // namespace
