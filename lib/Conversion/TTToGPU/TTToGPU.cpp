//===- TTToGPU.cpp - tt kernels to gpu.func -------------------------------===//
//
// One thread per tensor element: a tensor value becomes the thread's own
// scalar, so most ops map one to one onto a scalar op.
//
//===----------------------------------------------------------------------===//

#include "MyTriton/Conversion/TTToGPU/TTToGPU.h"
#include "TTToGPUInternal.h"

#include "MyTriton/Dialect/TT/IR/TTDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::mytriton;

namespace {
constexpr unsigned kGlobalAddressSpace = 1;

/// The element type behind a (tensor of) !tt.ptr<T>.
Type getPointee(Type ptrLike) {
  return cast<tt::PointerType>(getElementTypeOrSelf(ptrLike)).getPointeeType();
}

unsigned getAlignment(Type scalar) {
  return scalar.getIntOrFloatBitWidth() / 8;
}

Value createThreadIdX(OpBuilder &b, Location loc) {
  Value tid = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  return arith::IndexCastUIOp::create(b, loc, b.getI32Type(), tid);
}

//===----------------------------------------------------------------------===//
// Kernel structure
//===----------------------------------------------------------------------===//

/// Gives each tt.reduce of a block wider than a warp a workgroup buffer of
/// one slot per warp, and returns the buffer types. Reductions of one element
/// type alternate between two buffers: the barrier inside reduction k
/// separates the reads of reduction k-1 from the writes of reduction k+1.
SmallVector<Type> assignReductionBuffers(tt::FuncOp func,
                                         ConversionPatternRewriter &rewriter) {
  SmallVector<Type> bufferTypes;
  int64_t blockSize = func.getBlockSize();
  if (blockSize <= kWarpSize)
    return bufferTypes;
  auto workgroup = gpu::AddressSpaceAttr::get(
      rewriter.getContext(), gpu::GPUDialect::getWorkgroupAddressSpace());
  llvm::SmallDenseMap<Type, unsigned> reductionsOfType;
  llvm::DenseMap<std::pair<Type, unsigned>, unsigned> bufferIndex;
  func.walk([&](tt::ReduceOp reduce) {
    Type elementType = reduce.getType();
    unsigned parity = reductionsOfType[elementType]++ % 2;
    auto [it, inserted] =
        bufferIndex.try_emplace({elementType, parity}, bufferTypes.size());
    if (inserted)
      bufferTypes.push_back(MemRefType::get({blockSize / kWarpSize},
                                            elementType, nullptr, workgroup));
    rewriter.modifyOpInPlace(reduce, [&, index = it->second] {
      reduce->setAttr(kReduceBufferAttr, rewriter.getI32IntegerAttr(index));
    });
  });
  return bufferTypes;
}

/// The gpu.module that collects the kernels, created next to the first one.
FailureOr<gpu::GPUModuleOp> getOrCreateGPUModule(tt::FuncOp func,
                                                 StringRef name,
                                                 ConversionPatternRewriter &rewriter) {
  auto module = func->getParentOfType<ModuleOp>();
  if (!module)
    return failure();
  if (Operation *existing = SymbolTable::lookupSymbolIn(module, name)) {
    if (auto gpuModule = dyn_cast<gpu::GPUModuleOp>(existing))
      return gpuModule;
    return failure();
  }
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(func);
  return gpu::GPUModuleOp::create(rewriter, func.getLoc(), name);
}

/// tt.func -> gpu.func kernel with known_block_size, same argument order,
/// plus the workgroup buffers of its reductions.
struct FuncOpLowering : OpConversionPattern<tt::FuncOp> {
  FuncOpLowering(const TypeConverter &converter, MLIRContext *context,
                 StringRef gpuModuleName)
      : OpConversionPattern(converter, context), gpuModuleName(gpuModuleName) {}

  LogicalResult
  matchAndRewrite(tt::FuncOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.isExternal())
      return rewriter.notifyMatchFailure(op, "kernel without a body");
    FailureOr<gpu::GPUModuleOp> gpuModule =
        getOrCreateGPUModule(op, gpuModuleName, rewriter);
    if (failed(gpuModule))
      return rewriter.notifyMatchFailure(
          op, "no gpu.module '" + gpuModuleName + "' can hold the kernel");

    TypeConverter::SignatureConversion signature(op.getNumArguments());
    for (auto [index, type] : llvm::enumerate(op.getArgumentTypes())) {
      Type converted = typeConverter->convertType(type);
      if (!converted)
        return rewriter.notifyMatchFailure(op, "unsupported argument type");
      signature.addInputs(index, converted);
    }
    auto functionType = FunctionType::get(
        getContext(), signature.getConvertedTypes(), /*results=*/{});
    SmallVector<Type> buffers = assignReductionBuffers(op, rewriter);
    signature.addInputs(buffers);

    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToEnd(gpuModule->getBody());
    auto kernel = gpu::GPUFuncOp::create(rewriter, op.getLoc(), op.getName(),
                                         functionType, buffers);
    kernel->setAttr(gpu::GPUDialect::getKernelFuncAttrName(),
                    rewriter.getUnitAttr());
    kernel.setKnownBlockSizeAttr(
        rewriter.getDenseI32ArrayAttr(
            {static_cast<int32_t>(op.getBlockSize()), 1, 1}));
    rewriter.eraseBlock(&kernel.getBody().front());
    rewriter.inlineRegionBefore(op.getBody(), kernel.getBody(),
                                kernel.getBody().end());
    if (failed(rewriter.convertRegionTypes(&kernel.getBody(), *typeConverter,
                                           &signature)))
      return failure();
    rewriter.eraseOp(op);
    return success();
  }

  std::string gpuModuleName;
};

struct ReturnOpLowering : OpConversionPattern<tt::ReturnOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::ReturnOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<gpu::ReturnOp>(op);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Indexing
//===----------------------------------------------------------------------===//

/// Program id along axis 0/1/2 -> blockIdx.x/y/z.
struct GetProgramIdOpLowering : OpConversionPattern<tt::GetProgramIdOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::GetProgramIdOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    static constexpr gpu::Dimension dims[] = {
        gpu::Dimension::x, gpu::Dimension::y, gpu::Dimension::z};
    uint32_t axis = op.getAxis();
    if (axis > 2)
      return rewriter.notifyMatchFailure(op, "grid axis out of range");
    Value id = gpu::BlockIdOp::create(rewriter, op.getLoc(), dims[axis]);
    rewriter.replaceOpWithNewOp<arith::IndexCastUIOp>(op, op.getType(), id);
    return success();
  }
};

/// Lane i holds start + i: threadIdx.x (+ start).
struct MakeRangeOpLowering : OpConversionPattern<tt::MakeRangeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::MakeRangeOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value lane = createThreadIdX(rewriter, loc);
    if (int32_t start = op.getStart()) {
      Value offset = arith::ConstantOp::create(
          rewriter, loc, rewriter.getI32IntegerAttr(start));
      lane = arith::AddIOp::create(rewriter, loc, lane, offset);
    }
    rewriter.replaceOp(op, lane);
    return success();
  }
};

/// Every thread already holds the scalar.
struct SplatOpLowering : OpConversionPattern<tt::SplatOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::SplatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, adaptor.getSrc());
    return success();
  }
};

struct AddPtrOpLowering : OpConversionPattern<tt::AddPtrOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::AddPtrOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type ptrType = typeConverter->convertType(op.getType());
    Type elementType = typeConverter->convertType(getPointee(op.getType()));
    if (!ptrType || !elementType)
      return failure();
    rewriter.replaceOpWithNewOp<LLVM::GEPOp>(op, ptrType, elementType,
                                             adaptor.getPtr(),
                                             ValueRange{adaptor.getOffset()});
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

/// A masked-off lane reads `other` (0 without one) and touches no memory.
struct LoadOpLowering : OpConversionPattern<tt::LoadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type type = typeConverter->convertType(op.getType());
    if (!type)
      return failure();
    auto load = [&](OpBuilder &b, Location l) -> Value {
      return LLVM::LoadOp::create(b, l, type, adaptor.getPtr(),
                                  getAlignment(type));
    };
    Value mask = adaptor.getMask();
    if (!mask) {
      rewriter.replaceOp(op, load(rewriter, loc));
      return success();
    }
    Value other = adaptor.getOther();
    if (!other)
      other = arith::ConstantOp::create(rewriter, loc, type,
                                        rewriter.getZeroAttr(type));
    auto ifOp = scf::IfOp::create(
        rewriter, loc, mask,
        [&](OpBuilder &b, Location l) {
          scf::YieldOp::create(b, l, load(b, l));
        },
        [&](OpBuilder &b, Location l) { scf::YieldOp::create(b, l, other); });
    rewriter.replaceOp(op, ifOp.getResults());
    return success();
  }
};

/// Lanes store where their mask holds; a scalar store is done by thread 0.
struct StoreOpLowering : OpConversionPattern<tt::StoreOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::StoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value condition = adaptor.getMask();
    if (!isa<RankedTensorType>(op.getPtr().getType())) {
      Value zero = arith::ConstantOp::create(rewriter, loc,
                                             rewriter.getI32IntegerAttr(0));
      Value isFirst =
          arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                createThreadIdX(rewriter, loc), zero);
      condition = condition
                      ? arith::AndIOp::create(rewriter, loc, isFirst, condition)
                      : isFirst;
    }
    Value value = adaptor.getValue();
    unsigned alignment = getAlignment(value.getType());
    if (!condition) {
      rewriter.replaceOpWithNewOp<LLVM::StoreOp>(op, value, adaptor.getPtr(),
                                                 alignment);
      return success();
    }
    auto ifOp = scf::IfOp::create(rewriter, loc, condition,
                                  /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(ifOp.thenBlock());
    LLVM::StoreOp::create(rewriter, loc, value, adaptor.getPtr(), alignment);
    rewriter.eraseOp(op);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Elementwise arith and math
//===----------------------------------------------------------------------===//

/// A uniform tensor constant is the same scalar in every thread.
struct SplatConstantLowering : OpConversionPattern<arith::ConstantOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(arith::ConstantOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto splat = dyn_cast<SplatElementsAttr>(op.getValue());
    if (!splat)
      return rewriter.notifyMatchFailure(op, "only splat tensor constants");
    Type type = typeConverter->convertType(op.getType());
    if (!type)
      return failure();
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(
        op, type, splat.getSplatValue<TypedAttr>());
    return success();
  }
};

/// Any other arith/math op on tensors: the same op on the thread's scalars.
struct ElementwiseOpLowering : ConversionPattern {
  ElementwiseOpLowering(const TypeConverter &converter, MLIRContext *context)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/1,
                          context) {}
  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa_and_present<arith::ArithDialect, math::MathDialect>(
            op->getDialect()) ||
        isa<arith::ConstantOp>(op) || op->getNumRegions() != 0)
      return failure();
    FailureOr<Operation *> converted =
        convertOpResultTypes(op, operands, *typeConverter, rewriter);
    if (failed(converted))
      return failure();
    rewriter.replaceOp(op, (*converted)->getResults());
    return success();
  }
};
} // namespace

void mytriton::populateTTToGPUTypeConversions(TypeConverter &converter) {
  // Later conversions are tried first.
  converter.addConversion([](Type type) { return type; });
  converter.addConversion([](tt::PointerType type) -> Type {
    return LLVM::LLVMPointerType::get(type.getContext(), kGlobalAddressSpace);
  });
  converter.addConversion([](RankedTensorType type) -> Type {
    Type element = type.getElementType();
    if (isa<tt::PointerType>(element))
      return LLVM::LLVMPointerType::get(type.getContext(), kGlobalAddressSpace);
    return element;
  });
}

void mytriton::populateTTToGPUConversionPatterns(
    const TypeConverter &typeConverter, RewritePatternSet &patterns,
    StringRef gpuModuleName) {
  MLIRContext *context = patterns.getContext();
  patterns.add<FuncOpLowering>(typeConverter, context, gpuModuleName);
  patterns.add<ReturnOpLowering, GetProgramIdOpLowering, MakeRangeOpLowering,
               SplatOpLowering, AddPtrOpLowering, LoadOpLowering,
               StoreOpLowering, SplatConstantLowering, ElementwiseOpLowering>(
      typeConverter, context);
  populateTTReduceToGPUPatterns(typeConverter, patterns);
}
