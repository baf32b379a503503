//===- TTToGPU.cpp - tt kernels to gpu.func -------------------------------===//
//
// A thread owns E lanes of each tensor (E = the tt.func's lanes per thread,
// in groups of consecutive lanes: TTToGPUInternal.h): with E == 1 a tensor
// value becomes the thread's own scalar,
// with E > 1 a vector<E x T>, so most ops map one to one onto the same op on
// scalars or vectors.
//
//===----------------------------------------------------------------------===//

#include "MyTriton/Conversion/TTToGPU/TTToGPU.h"
#include "TTToGPUInternal.h"

#include "MyTriton/Dialect/TT/IR/TTDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
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

//===----------------------------------------------------------------------===//
// Kernel structure
//===----------------------------------------------------------------------===//

/// Gives each tt.reduce of a block of more than one warp its workgroup
/// buffer (planReductionBuffers), and returns the buffer types.
SmallVector<Type> assignReductionBuffers(tt::FuncOp func,
                                         ConversionPatternRewriter &rewriter) {
  ReductionBufferPlan plan = planReductionBuffers(func);
  for (auto &[op, use] : plan.reductions)
    rewriter.modifyOpInPlace(op, [&, use = use, op = op] {
      op->setAttr(kReduceBufferAttr, rewriter.getI32IntegerAttr(use.buffer));
      if (use.barrierBefore)
        op->setAttr(kReduceBarrierBeforeAttr, rewriter.getUnitAttr());
    });
  return plan.bufferTypes;
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

/// tt.func -> gpu.func kernel with known_block_size = (threads, P, 1), the
/// same arguments followed by the grid sizes g0 and g1 (i32), and the
/// workgroup buffers of its reductions.
struct FuncOpLowering : OpConversionPattern<tt::FuncOp> {
  FuncOpLowering(const TypeConverter &converter, MLIRContext *context,
                 StringRef gpuModuleName)
      : OpConversionPattern(converter, context), gpuModuleName(gpuModuleName) {}

  LogicalResult
  matchAndRewrite(tt::FuncOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.isExternal())
      return op.emitOpError(
          "has no body; only defined kernels can be lowered to the GPU");
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
    Type i32 = rewriter.getI32Type();
    signature.addInputs({i32, i32});
    auto functionType = FunctionType::get(
        getContext(), signature.getConvertedTypes(), /*results=*/{});
    bool tiled = !tt::hasImplicitLayout(op);
    // A tiled kernel's shared memory is dynamic (planSharedMemory, run by
    // the pass); a uniform one's reduction buffers are workgroup
    // attributions, and its combine ops exchange values between warps in a
    // scratch buffer after them.
    SmallVector<Type> buffers;
    if (!tiled)
      buffers = assignReductionBuffers(op, rewriter);
    std::optional<unsigned> uniformScratch;
    if (int64_t bytes = tiled ? 0 : getUniformCombineScratchBytes(op)) {
      uniformScratch = buffers.size();
      buffers.push_back(
          MemRefType::get({bytes}, rewriter.getI8Type(), nullptr,
                          gpu::AddressSpaceAttr::get(
                              rewriter.getContext(),
                              gpu::GPUDialect::getWorkgroupAddressSpace())));
    }
    signature.addInputs(buffers);

    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToEnd(gpuModule->getBody());
    auto kernel = gpu::GPUFuncOp::create(rewriter, op.getLoc(), op.getName(),
                                         functionType, buffers);
    kernel->setAttr(gpu::GPUDialect::getKernelFuncAttrName(),
                    rewriter.getUnitAttr());
    // Tensor maps are 64-byte aligned parameters, made byval
    // __grid_constant__ after convert-gpu-to-nvvm (AttachTensorMapParams).
    SmallVector<int32_t> tensorMaps;
    for (auto [index, type] : llvm::enumerate(op.getArgumentTypes()))
      if (isa<tt::TensorMapType>(type)) {
        kernel.setArgAttr(index, LLVM::LLVMDialect::getAlignAttrName(),
                          rewriter.getI64IntegerAttr(64));
        tensorMaps.push_back(index);
      }
    if (!tensorMaps.empty())
      kernel->setAttr(kTensorMapArgsAttr,
                      rewriter.getDenseI32ArrayAttr(tensorMaps));
    if (uniformScratch) {
      kernel.setWorkgroupAttributionAttr(*uniformScratch,
                                         LLVM::LLVMDialect::getAlignAttrName(),
                                         rewriter.getI64IntegerAttr(16));
      kernel->setAttr(kScratchBufferAttr,
                      rewriter.getI64IntegerAttr(*uniformScratch));
    }
    // Only where it is not the 32-bit default that getLanesPerGroup(op,
    // lanes) falls back to.
    if (!tiled && op.getLanesPerGroup() !=
                      tt::getLanesPerGroup(op.getLanesPerThread()))
      kernel->setAttr(kLanesPerGroupAttr,
                      rewriter.getI64IntegerAttr(op.getLanesPerGroup()));
    int64_t blockThreads = op.getNumThreads() * op.getNumProgramsPerCTA();
    kernel.setKnownBlockSizeAttr(
        rewriter.getDenseI32ArrayAttr(
            {static_cast<int32_t>(op.getNumThreads()),
             static_cast<int32_t>(op.getNumProgramsPerCTA()), 1}));
    // A kernel with reductions asks ptxas for the occupancy that leaves
    // max(32, 2 E) registers per thread (65536 per SM, at most 32 blocks):
    // each program waits on its shuffle chain, and occupancy hides that.
    // LLVM keeps a lane mask and index per register live where nvcc
    // rematerializes them: softmax at E = 8 took 40 registers (62%
    // occupancy) and ran 7% slower than the CUDA C++ route's 31 on an
    // H200; at 32 it needs no spills. At E = 16 softmax fits 32 since
    // every chunk's address derives from one pointer (chunkPointer; 48
    // when allowed 64); the long-row sum forced to E = 16 spills 8 bytes.
    // Elementwise kernels, already at copy bandwidth, are left alone.
    bool reduces = false, dots = false, atomics = false;
    op.walk([&](tt::ReduceOp) { reduces = true; });
    op.walk([&](tt::DotOp) { dots = true; });
    op.walk([&](Operation *nested) {
      atomics |= isa<tt::AtomicRMWOp, tt::AtomicCASOp>(nested);
    });
    int64_t registers = std::max<int64_t>(32, 2 * op.getLanesPerThread());
    // Not a kernel with atomics: one holding a lock (tutorial 05's
    // backward) keeps its tensors live across it, and at 32 registers
    // ptxas spilled 60 bytes of them.
    if (reduces && !tiled && !atomics)
      kernel->setAttr(
          NVVM::NVVMDialect::getMinctasmAttrName(),
          rewriter.getI32IntegerAttr(static_cast<int32_t>(std::clamp<int64_t>(
              65536 / (blockThreads * registers), 1, 32))));
    // Tiled kernels hold as many registers as their tiles need, but one
    // of 256 threads with reductions and no tensor-core tiles asks for the
    // blocks per SM that leave max(64, 2 E) registers, E the most
    // registers a tensor of it takes per thread, and at most 128: left
    // alone, ptxas gave tutorial 05's backward at 8192 columns 190
    // registers (one block per SM, 1.4x Triton's time), where 128 fit with
    // no spills. Its forward kernel ran fastest at four blocks (64
    // registers) at 4096 and 8192 columns, 5% and 8% ahead of two on the
    // H200 (benchmarks/probe_occupancy_hint.py); at two ptxas spends the
    // 128 it may. A kernel with atomics holds its tiles across its lock
    // (the backward's x, dy, w and the partial sums): max(80, 4 E), at
    // most 128. At 4096 columns (E = 16) that is three blocks of 80
    // registers and no spills, Triton's occupancy (73 registers), where
    // two blocks took 96; at 64 ptxas spilled 12 bytes.
    else if (reduces && !dots && 2 * blockThreads * 128 <= 65536 &&
             blockThreads * 255 > 65536 / 2) {
      int64_t elements = 0;
      op.walk([&](Operation *nested) {
        for (Type type : nested->getResultTypes())
          if (auto tensor = dyn_cast<RankedTensorType>(type))
            if (Attribute layout = tt::getLayoutEncoding(tensor))
              elements = std::max(elements, tt::getTotalElemsPerThread(
                                                layout, tensor.getShape()));
      });
      int64_t budget = atomics ? std::clamp<int64_t>(4 * elements, 80, 128)
                               : std::max<int64_t>(64, 2 * elements);
      int64_t blocks = 65536 / (blockThreads * std::min<int64_t>(budget, 128));
      kernel->setAttr(NVVM::NVVMDialect::getMinctasmAttrName(),
                      rewriter.getI32IntegerAttr(
                          static_cast<int32_t>(std::max<int64_t>(blocks, 2))));
    }
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

/// Program ids under the launch ABI: axes 0 and 1 are folded into
/// blockIdx.x (axis 1 fastest unless kGridAxis0FastestAttr), axis 2 is
/// blockIdx.y; with P programs per block, threadIdx.y picks one of axis 0
/// and the ones past g0 compute as program g0 - 1.
struct GetProgramIdOpLowering : OpConversionPattern<tt::GetProgramIdOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::GetProgramIdOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    uint32_t axis = op.getAxis();
    auto kernel = op->getParentOfType<gpu::GPUFuncOp>();
    if (axis > 2 || !kernel)
      return rewriter.notifyMatchFailure(op, "grid axis out of range");
    if (axis == 2) {
      Value id = gpu::BlockIdOp::create(rewriter, loc, gpu::Dimension::y);
      rewriter.replaceOpWithNewOp<arith::IndexCastUIOp>(op, op.getType(), id);
      return success();
    }
    bool axis0Fastest = op->hasAttr(kGridAxis0FastestAttr);
    if (axis == 1) {
      rewriter.replaceOp(
          op, createProgramIndex1(rewriter, loc, kernel, axis0Fastest));
      return success();
    }
    Value index =
        createPackedProgramIndex(rewriter, loc, kernel, axis0Fastest);
    if (getProgramsPerCTA(op) == 1) {
      rewriter.replaceOp(op, index);
      return success();
    }
    Value last = arith::SubIOp::create(
        rewriter, loc, getGridSize(kernel, 0),
        arith::ConstantOp::create(rewriter, loc,
                                  rewriter.getI32IntegerAttr(1)));
    rewriter.replaceOpWithNewOp<arith::MinUIOp>(op, index, last);
    return success();
  }
};

/// Lane i holds start + i: threadIdx.x (+ start) for E == 1, else
/// broadcast(t * G) + the constant offsets of the thread's registers.
struct MakeRangeOpLowering : OpConversionPattern<tt::MakeRangeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::MakeRangeOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type type = typeConverter->convertType(op.getType());
    if (!type)
      return failure();
    int64_t lanes = getLanesPerThread(type);
    int32_t start = op.getStart();
    Value tid = createThreadIdX(rewriter, loc);
    if (lanes == 1) {
      if (start) {
        Value offset = arith::ConstantOp::create(
            rewriter, loc, rewriter.getI32IntegerAttr(start));
        tid = arith::AddIOp::create(rewriter, loc, tid, offset);
      }
      rewriter.replaceOp(op, tid);
      return success();
    }
    // G divides E, or some lanes would have no thread (E = 6 with G = 4
    // would own lanes t*4 + [0, 4) and 128 + t*4 + [0, 2)).
    int64_t group = getLanesPerGroup(op, lanes);
    int64_t threads = (op.getEnd() - start) / lanes;
    Value first = arith::MulIOp::create(
        rewriter, loc, tid,
        arith::ConstantOp::create(rewriter, loc,
                                  rewriter.getI32IntegerAttr(group)));
    Value firsts = vector::BroadcastOp::create(rewriter, loc, type, first);
    SmallVector<int32_t> offsets;
    for (int64_t r = 0; r < lanes; ++r)
      offsets.push_back(
          static_cast<int32_t>(start + (r / group) * threads * group +
                               r % group));
    Value offsetsValue = arith::ConstantOp::create(
        rewriter, loc,
        DenseElementsAttr::get(cast<VectorType>(type),
                               ArrayRef<int32_t>(offsets)));
    rewriter.replaceOpWithNewOp<arith::AddIOp>(op, firsts, offsetsValue);
    return success();
  }
};

/// Every thread already holds the scalar; with E lanes it fills a vector.
struct SplatOpLowering : OpConversionPattern<tt::SplatOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::SplatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = typeConverter->convertType(op.getType());
    if (!type)
      return failure();
    // A scalar for one lane per thread (uniform kernels); a tiled kernel's
    // tensor is a vector even of one register.
    if (!isa<VectorType>(type)) {
      rewriter.replaceOp(op, adaptor.getSrc());
      return success();
    }
    rewriter.replaceOpWithNewOp<vector::BroadcastOp>(op, type,
                                                     adaptor.getSrc());
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
// Elementwise arith and math
//===----------------------------------------------------------------------===//

/// A uniform tensor constant is the same scalar in every lane.
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
    auto value = splat.getSplatValue<TypedAttr>();
    if (auto vectorType = dyn_cast<VectorType>(type))
      value = DenseElementsAttr::get(vectorType, value);
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, type, value);
    return success();
  }
};

/// A tiled mask op whose result is one value per class of a thread's
/// registers (kRegisterClassesAttr): computed on each class's first
/// register and spread back, so LLVM keeps one predicate per class.
struct RegisterClassOpLowering : ConversionPattern {
  RegisterClassOpLowering(const TypeConverter &converter, MLIRContext *context)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/2,
                          context) {}
  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    auto classes = op->getAttrOfType<DenseI64ArrayAttr>(kRegisterClassesAttr);
    if (!classes || op->getNumResults() != 1 || op->getNumRegions() != 0)
      return failure();
    auto type = dyn_cast_or_null<VectorType>(
        typeConverter->convertType(op->getResult(0).getType()));
    int64_t registers = classes.size();
    if (!type || type.getRank() != 1 || type.getNumElements() != registers)
      return failure();
    SmallVector<int64_t> firsts;
    for (int64_t r = 0; r < registers; ++r)
      if (classes[r] == static_cast<int64_t>(firsts.size()))
        firsts.push_back(r);
    Location loc = op->getLoc();
    SmallVector<Value> picked;
    for (Value operand : operands) {
      auto operandType = dyn_cast<VectorType>(operand.getType());
      if (!operandType || operandType.getNumElements() != registers)
        return failure();
      picked.push_back(
          vector::ShuffleOp::create(rewriter, loc, operand, operand, firsts));
    }
    SmallVector<NamedAttribute> attrs;
    for (NamedAttribute attr : op->getAttrs())
      if (attr.getName() != kRegisterClassesAttr)
        attrs.push_back(attr);
    OperationState state(loc, op->getName(), picked,
                         {VectorType::get({static_cast<int64_t>(firsts.size())},
                                          type.getElementType())},
                         attrs);
    Value once = rewriter.create(state)->getResult(0);
    rewriter.replaceOpWithNewOp<vector::ShuffleOp>(op, once, once,
                                                   classes.asArrayRef());
    return success();
  }
};

/// Any other arith/math op on tensors: the same op on the thread's scalars
/// (E == 1) or vectors.
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

int64_t mytriton::getLanesPerThread(Type type) {
  if (auto vector = dyn_cast<VectorType>(type))
    return vector.getNumElements();
  return 1;
}

Value mytriton::extractLane(OpBuilder &b, Location loc, Value value,
                            int64_t lane) {
  if (!isa<VectorType>(value.getType()))
    return value;
  return vector::ExtractOp::create(b, loc, value, ArrayRef<int64_t>{lane});
}

Value mytriton::fromLanes(OpBuilder &b, Location loc, Type type,
                          ValueRange lanes) {
  auto vectorType = dyn_cast<VectorType>(type);
  if (!vectorType)
    return lanes.front();
  return vector::FromElementsOp::create(b, loc, vectorType, lanes);
}

Value mytriton::createThreadIdX(OpBuilder &b, Location loc) {
  Value tid = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  return arith::IndexCastUIOp::create(b, loc, b.getI32Type(), tid);
}

int64_t mytriton::getThreadsPerProgram(Operation *op) {
  auto kernel = op->getParentOfType<gpu::GPUFuncOp>();
  std::optional<ArrayRef<int32_t>> sizes =
      kernel ? kernel.getKnownBlockSize() : std::nullopt;
  return sizes && !sizes->empty() ? (*sizes)[0] : 1;
}

int64_t mytriton::getLanesPerGroup(Operation *op, int64_t lanes) {
  auto kernel = op->getParentOfType<gpu::GPUFuncOp>();
  auto group =
      kernel ? kernel->getAttrOfType<IntegerAttr>(kLanesPerGroupAttr) : nullptr;
  return group ? group.getInt() : tt::getLanesPerGroup(lanes);
}

ChunkFacts mytriton::getChunkFacts(Operation *op, int64_t width, int64_t bytes,
                                  bool hasMask) {
  auto fact = [&](StringRef name) -> int64_t {
    auto attr = op->getAttrOfType<IntegerAttr>(name);
    return attr ? attr.getInt() : 1;
  };
  return {fact(kDivisibilityAttr) % (width * bytes) == 0,
          !hasMask || fact(kMaskConstancyAttr) % width == 0};
}

int64_t mytriton::getProgramsPerCTA(Operation *op) {
  auto kernel = dyn_cast<gpu::GPUFuncOp>(op);
  if (!kernel)
    kernel = op->getParentOfType<gpu::GPUFuncOp>();
  if (!kernel)
    return 1;
  std::optional<ArrayRef<int32_t>> sizes = kernel.getKnownBlockSize();
  return sizes && sizes->size() > 1 ? (*sizes)[1] : 1;
}

Value mytriton::getGridSize(gpu::GPUFuncOp kernel, unsigned axis) {
  return kernel.getArgument(kernel.getNumArguments() - 2 + axis);
}

/// blockIdx.x as i32.
static Value createBlockIdX(OpBuilder &b, Location loc) {
  return arith::IndexCastUIOp::create(
      b, loc, b.getI32Type(),
      gpu::BlockIdOp::create(b, loc, gpu::Dimension::x));
}

/// ceil(g0 / P): the blocks along axis 0.
static Value createBlocksOfAxis0(OpBuilder &b, Location loc,
                                 gpu::GPUFuncOp kernel) {
  Value rows = getGridSize(kernel, 0);
  int64_t programs = getProgramsPerCTA(kernel);
  if (programs == 1)
    return rows;
  Value rounded = arith::AddIOp::create(
      b, loc, rows,
      arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(programs - 1)));
  return arith::DivUIOp::create(
      b, loc, rounded,
      arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(programs)));
}

/// blockIdx.x / g1, skipping the division (a long integer sequence on the
/// GPU) behind a uniform branch when g1 is 1, as for every 1-D grid.
static Value createBlockIdXOverG1(OpBuilder &b, Location loc,
                                  gpu::GPUFuncOp kernel) {
  Value block = createBlockIdX(b, loc), cols = getGridSize(kernel, 1);
  Value isOne = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::eq, cols,
      arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(1)));
  auto ifOp = scf::IfOp::create(
      b, loc, isOne,
      [&](OpBuilder &nested, Location l) {
        scf::YieldOp::create(nested, l, block);
      },
      [&](OpBuilder &nested, Location l) {
        scf::YieldOp::create(
            nested, l, Value(arith::DivUIOp::create(nested, l, block, cols)));
      });
  return ifOp.getResult(0);
}

Value mytriton::createProgramIndex1(OpBuilder &b, Location loc,
                                    gpu::GPUFuncOp kernel, bool axis0Fastest) {
  Value block = createBlockIdX(b, loc);
  if (axis0Fastest)
    return arith::DivUIOp::create(b, loc, block,
                                  createBlocksOfAxis0(b, loc, kernel));
  // blockIdx.x - (blockIdx.x / g1) * g1: CSE shares the quotient with
  // program id 0's, so a kernel using both divides once.
  Value quotient = createBlockIdXOverG1(b, loc, kernel);
  return arith::SubIOp::create(
      b, loc, block,
      arith::MulIOp::create(b, loc, quotient, getGridSize(kernel, 1)));
}

Value mytriton::createPackedProgramIndex(OpBuilder &b, Location loc,
                                         gpu::GPUFuncOp kernel,
                                         bool axis0Fastest) {
  Value index;
  if (axis0Fastest) {
    // Named locals: the ops are created in this order whatever the compiler's
    // argument-evaluation order.
    Value block = createBlockIdX(b, loc);
    Value blocksOfAxis0 = createBlocksOfAxis0(b, loc, kernel);
    index = arith::RemUIOp::create(b, loc, block, blocksOfAxis0);
  } else {
    index = createBlockIdXOverG1(b, loc, kernel);
  }
  int64_t programs = getProgramsPerCTA(kernel);
  if (programs == 1)
    return index;
  Value scaled = arith::MulIOp::create(
      b, loc, index,
      arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(programs)));
  Value slot = arith::IndexCastUIOp::create(
      b, loc, b.getI32Type(),
      gpu::ThreadIdOp::create(b, loc, gpu::Dimension::y));
  return arith::AddIOp::create(b, loc, scaled, slot);
}

Value mytriton::createProgramLive(OpBuilder &b, Location loc,
                                  gpu::GPUFuncOp kernel, bool axis0Fastest) {
  return arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::ult,
      createPackedProgramIndex(b, loc, kernel, axis0Fastest),
      getGridSize(kernel, 0));
}

void mytriton::populateTTToGPUTypeConversions(TypeConverter &converter,
                                              int64_t lanesPerThread) {
  // Later conversions are tried first.
  converter.addConversion([](Type type) { return type; });
  converter.addConversion([](tt::PointerType type) -> Type {
    return LLVM::LLVMPointerType::get(type.getContext(), kGlobalAddressSpace);
  });
  converter.addConversion([lanesPerThread](RankedTensorType type) -> Type {
    Type element = type.getElementType();
    if (isa<tt::PointerType>(element))
      element =
          LLVM::LLVMPointerType::get(type.getContext(), kGlobalAddressSpace);
    if (lanesPerThread == 1)
      return element;
    return VectorType::get({lanesPerThread}, element);
  });
}

/// The patterns both kinds of kernel share: the kernel itself, program ids,
/// and the ops that work on the thread's values one to one (scalars or
/// vectors alike).
static void populateCommonPatterns(const TypeConverter &typeConverter,
                                   RewritePatternSet &patterns,
                                   StringRef gpuModuleName) {
  MLIRContext *context = patterns.getContext();
  patterns.add<FuncOpLowering>(typeConverter, context, gpuModuleName);
  patterns.add<ReturnOpLowering, GetProgramIdOpLowering, SplatOpLowering,
               AddPtrOpLowering, SplatConstantLowering, ElementwiseOpLowering,
               RegisterClassOpLowering>(typeConverter, context);
  populateTTDebugToGPUPatterns(typeConverter, patterns);
  populateCastsToGPUPatterns(typeConverter, patterns);
}

void mytriton::populateTTToGPUConversionPatterns(
    const TypeConverter &typeConverter, RewritePatternSet &patterns,
    StringRef gpuModuleName) {
  populateCommonPatterns(typeConverter, patterns, gpuModuleName);
  patterns.add<MakeRangeOpLowering>(typeConverter, patterns.getContext());
  populateTTMemoryToGPUPatterns(typeConverter, patterns);
  populateTTReduceToGPUPatterns(typeConverter, patterns);
  populateCombineToGPUPatterns(typeConverter, patterns);
  populateTTAtomicsToGPUPatterns(typeConverter, patterns);
}

void mytriton::populateTTToGPUTiledTypeConversions(
    TypeConverter &typeConverter) {
  populateTiledTypeConversions(typeConverter);
  populateSharedMemoryTypeConversions(typeConverter);
  populateTMATypeConversions(typeConverter);
}

void mytriton::populateTTToGPUTiledConversionPatterns(
    const TypeConverter &typeConverter, RewritePatternSet &patterns,
    StringRef gpuModuleName) {
  populateCommonPatterns(typeConverter, patterns, gpuModuleName);
  populateTiledToGPUPatterns(typeConverter, patterns);
  populateReshapeToGPUPatterns(typeConverter, patterns);
  populateTiledDotToGPUPatterns(typeConverter, patterns);
  populateMmaToGPUPatterns(typeConverter, patterns);
  populateSharedMemoryToGPUPatterns(typeConverter, patterns);
  populateTMAToGPUPatterns(typeConverter, patterns);
  populateTiledMemoryToGPUPatterns(typeConverter, patterns);
  populateTiledReduceToGPUPatterns(typeConverter, patterns);
  populateCombineToGPUPatterns(typeConverter, patterns);
  populateTTAtomicsToGPUPatterns(typeConverter, patterns);
}
