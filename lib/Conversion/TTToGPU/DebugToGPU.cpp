//===- DebugToGPU.cpp - grid sizes and debugging ops to gpu/nvvm ----------===//
//
// tl.num_programs reads the launch ABI's grid sizes (g0, g1 as the kernel's
// two trailing arguments, g2 as gridDim.y), never the CTA count. Prints and
// asserts run per thread over the registers it owns: each element of a
// program's tensor is printed and checked once (replica threads and
// duplicate registers of tiled layouts stay quiet), a scalar by thread 0 of
// its program, and programs past g0 in the last CTA (programs_per_cta > 1)
// do neither.
//
//===----------------------------------------------------------------------===//

#include "TTToGPUInternal.h"

#include "MyTriton/Dialect/TT/IR/Layouts.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::mytriton;

namespace {

Value i32Value(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantOp::create(
      b, loc, b.getI32IntegerAttr(static_cast<int32_t>(value)));
}

struct GetNumProgramsOpLowering : OpConversionPattern<tt::GetNumProgramsOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::GetNumProgramsOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto kernel = op->getParentOfType<gpu::GPUFuncOp>();
    uint32_t axis = op.getAxis();
    if (!kernel || axis > 2)
      return rewriter.notifyMatchFailure(op, "kernel not converted yet");
    if (axis < 2) {
      rewriter.replaceOp(op, getGridSize(kernel, axis));
      return success();
    }
    Value size =
        gpu::GridDimOp::create(rewriter, op.getLoc(), gpu::Dimension::y);
    rewriter.replaceOpWithNewOp<arith::IndexCastUIOp>(op, op.getType(), size);
    return success();
  }
};

struct DebugBarrierOpLowering : OpConversionPattern<tt::DebugBarrierOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::DebugBarrierOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<gpu::BarrierOp>(op);
    return success();
  }
};

/// The element coordinates of every register a thread holds of a tensor
/// of `type` (nullopt: a register that only repeats an earlier one), and
/// the condition under which this thread is the one to report them.
struct ThreadElements {
  SmallVector<std::optional<SmallVector<Value>>> coords;
  Value owner; // null: every thread owns its registers
};

ThreadElements getThreadElements(OpBuilder &b, Location loc, Operation *op,
                                 RankedTensorType type) {
  ThreadElements result;
  Attribute layout = tt::getLayoutEncoding(type);
  if (!layout) {
    // Uniform kernels: register r is lane (r / G) * threads * G + t * G + r % G.
    int64_t threads = getThreadsPerProgram(op);
    int64_t lanes = type.getNumElements() / threads;
    int64_t group = getLanesPerGroup(op, lanes);
    Value base = createThreadIdX(b, loc);
    if (group > 1)
      base = arith::MulIOp::create(b, loc, base, i32Value(b, loc, group));
    for (int64_t r = 0; r < lanes; ++r) {
      int64_t offset = (r / group) * threads * group + r % group;
      Value lane = offset ? Value(arith::AddIOp::create(
                                b, loc, base, i32Value(b, loc, offset)))
                          : base;
      result.coords.push_back(SmallVector<Value>{lane});
    }
    return result;
  }
  tt::LayoutBases bases = tt::getLayoutBases(layout, type.getShape());
  SmallVector<Value> thread = createThreadCoords(b, loc, bases);
  SmallVector<bool> duplicate = getDuplicateRegisters(bases);
  for (auto [r, offsets] : llvm::enumerate(bases.registerOffsets)) {
    if (duplicate[r]) {
      result.coords.push_back(std::nullopt);
      continue;
    }
    SmallVector<Value> coords;
    for (auto [d, offset] : llvm::enumerate(offsets))
      coords.push_back(offset ? Value(arith::AddIOp::create(
                                    b, loc, thread[d],
                                    i32Value(b, loc, offset)))
                              : thread[d]);
    result.coords.push_back(coords);
  }
  if (int64_t replicas = getReplicaThreadBits(bases)) {
    Value bits = arith::AndIOp::create(b, loc, createThreadIdX(b, loc),
                                       i32Value(b, loc, replicas));
    result.owner = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                         bits, i32Value(b, loc, 0));
  }
  return result;
}

Value andOf(OpBuilder &b, Location loc, Value lhs, Value rhs) {
  if (!lhs)
    return rhs;
  if (!rhs)
    return lhs;
  return arith::AndIOp::create(b, loc, lhs, rhs);
}

/// Runs `body` under `condition` (directly when it is null).
void onlyIf(OpBuilder &b, Location loc, Value condition,
            function_ref<void(OpBuilder &, Location)> body) {
  if (!condition) {
    body(b, loc);
    return;
  }
  scf::IfOp::create(b, loc, condition, [&](OpBuilder &b, Location loc) {
    body(b, loc);
    scf::YieldOp::create(b, loc);
  });
}

/// Whether this program lies inside the grid (null when all do, P == 1).
Value createLiveCondition(OpBuilder &b, Location loc, Operation *op,
                          gpu::GPUFuncOp kernel) {
  if (getProgramsPerCTA(op) == 1)
    return Value();
  return createProgramLive(b, loc, kernel, op->hasAttr(kGridAxis0FastestAttr));
}

/// Thread 0 of its program.
Value createThreadZero(OpBuilder &b, Location loc) {
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                               createThreadIdX(b, loc), i32Value(b, loc, 0));
}

/// tt.print's conversion for an element and the value to pass it as, after
/// C's default argument promotions (floats as double, integers or a float's
/// bits below 32 bits as int; hex widens the bits unsigned).
std::pair<StringRef, Value> formatElement(OpBuilder &b, Location loc,
                                          Value element, bool hex) {
  Type i32 = b.getI32Type();
  Type type = element.getType();
  StringRef conversion = tt::PrintOp::getElementConversion(type, hex);
  unsigned bits = type.getIntOrFloatBitWidth();
  if (type.isInteger(1))
    return {conversion, arith::ExtUIOp::create(b, loc, i32, element)};
  if (isa<FloatType>(type) && !hex)
    return {conversion, type.isF64() ? element
                                     : Value(arith::ExtFOp::create(
                                           b, loc, b.getF64Type(), element))};
  Value raw = isa<FloatType>(type)
                  ? Value(arith::BitcastOp::create(
                        b, loc, b.getIntegerType(bits), element))
                  : element;
  if (bits >= 32)
    return {conversion, raw};
  return {conversion, hex ? Value(arith::ExtUIOp::create(b, loc, i32, raw))
                          : Value(arith::ExtSIOp::create(b, loc, i32, raw))};
}

/// Program ids x, y, z of this thread's program (inside the grid: the
/// prints of programs past g0 are skipped).
SmallVector<Value> createProgramIds(OpBuilder &b, Location loc, Operation *op,
                                    gpu::GPUFuncOp kernel) {
  bool axis0Fastest = op->hasAttr(kGridAxis0FastestAttr);
  Value z = arith::IndexCastUIOp::create(
      b, loc, b.getI32Type(), gpu::BlockIdOp::create(b, loc, gpu::Dimension::y));
  return {createPackedProgramIndex(b, loc, kernel, axis0Fastest),
          createProgramIndex1(b, loc, kernel, axis0Fastest), z};
}

struct PrintOpLowering : OpConversionPattern<tt::PrintOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::PrintOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto kernel = op->getParentOfType<gpu::GPUFuncOp>();
    if (!kernel)
      return rewriter.notifyMatchFailure(op, "kernel not converted yet");
    Location loc = op.getLoc();
    SmallVector<Value> pids = createProgramIds(rewriter, loc, op, kernel);
    Value live = createLiveCondition(rewriter, loc, op, kernel);
    std::string pidText = "pid (%d, %d, %d)";
    std::string prefix = tt::PrintOp::escapePercent(op.getPrefix());
    auto print = [&](OpBuilder &b, Location loc, const std::string &format,
                     ValueRange values) {
      SmallVector<Value> args(pids);
      args.append(values.begin(), values.end());
      gpu::PrintfOp::create(b, loc, b.getStringAttr(format), args);
    };
    if (op.getArgs().empty())
      onlyIf(rewriter, loc, andOf(rewriter, loc, live,
                                  createThreadZero(rewriter, loc)),
             [&](OpBuilder &b, Location loc) {
               print(b, loc, pidText + prefix + "\n", {});
             });
    for (auto [k, original, converted] :
         llvm::enumerate(op.getArgs(), adaptor.getArgs())) {
      Value value = converted; // lambdas below cannot capture a binding
      std::string operand =
          op.getArgs().size() > 1 ? "(operand " + std::to_string(k) + ") "
                                  : "";
      auto type = dyn_cast<RankedTensorType>(original.getType());
      if (!type) {
        onlyIf(rewriter, loc,
               andOf(rewriter, loc, live, createThreadZero(rewriter, loc)),
               [&](OpBuilder &b, Location loc) {
                 std::pair<StringRef, Value> element =
                     formatElement(b, loc, value, op.getHex());
                 print(b, loc,
                       pidText + prefix + operand + element.first.str() + "\n",
                       {element.second});
               });
        continue;
      }
      ThreadElements elements = getThreadElements(rewriter, loc, op, type);
      std::string index = " idx (%d";
      for (int64_t d = 1; d < type.getRank(); ++d)
        index += ", %d";
      index += ")";
      onlyIf(rewriter, loc, andOf(rewriter, loc, live, elements.owner),
             [&](OpBuilder &b, Location loc) {
               for (auto [r, coords] : llvm::enumerate(elements.coords)) {
                 if (!coords)
                   continue;
                 std::pair<StringRef, Value> element = formatElement(
                     b, loc, extractLane(b, loc, value, r), op.getHex());
                 SmallVector<Value> values(*coords);
                 values.push_back(element.second);
                 print(b, loc,
                       pidText + index + prefix + operand +
                           element.first.str() + "\n",
                       values);
               }
             });
    }
    rewriter.eraseOp(op);
    return success();
  }
};

LLVM::LLVMFuncOp declareAssertFail(OpBuilder &b, gpu::GPUModuleOp module) {
  StringRef name = "__assertfail";
  if (auto existing = module.lookupSymbol<LLVM::LLVMFuncOp>(name))
    return existing;
  MLIRContext *context = b.getContext();
  auto ptr = LLVM::LLVMPointerType::get(context);
  auto type = LLVM::LLVMFunctionType::get(
      LLVM::LLVMVoidType::get(context),
      {ptr, ptr, b.getI32Type(), ptr, b.getI64Type()});
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(module.getBody());
  return LLVM::LLVMFuncOp::create(b, module.getLoc(), name, type);
}

/// A generic pointer to a NUL-terminated constant copy of `text`.
Value createCString(OpBuilder &b, Location loc, gpu::GPUModuleOp module,
                    StringRef text) {
  std::string name;
  for (unsigned i = 0;; ++i) {
    name = "mytriton_assert_text_" + std::to_string(i);
    if (!module.lookupSymbol(name))
      break;
  }
  auto type = LLVM::LLVMArrayType::get(b.getI8Type(), text.size() + 1);
  LLVM::GlobalOp global;
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(module.getBody());
    global = LLVM::GlobalOp::create(b, loc, type, /*isConstant=*/true,
                                    LLVM::Linkage::Internal, name,
                                    b.getStringAttr(text.str() + '\0'));
  }
  return LLVM::AddressOfOp::create(b, loc, global);
}

/// Any false element a thread holds calls CUDA's __assertfail (what
/// assert() calls): the message, file and line reach the host, and the
/// launch fails with cudaErrorAssert.
struct AssertOpLowering : OpConversionPattern<tt::AssertOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tt::AssertOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto kernel = op->getParentOfType<gpu::GPUFuncOp>();
    auto module = kernel ? kernel->getParentOfType<gpu::GPUModuleOp>()
                         : gpu::GPUModuleOp();
    if (!module)
      return rewriter.notifyMatchFailure(op, "kernel not converted yet");
    Location loc = op.getLoc();
    auto file = op.getLoc()->findInstanceOf<FileLineColLoc>();
    Value condition = adaptor.getCondition();
    Value failed;
    Value yes = arith::ConstantOp::create(rewriter, loc,
                                          rewriter.getBoolAttr(true));
    for (int64_t r = 0, e = getLanesPerThread(condition.getType()); r < e;
         ++r) {
      Value bad = arith::XOrIOp::create(
          rewriter, loc, extractLane(rewriter, loc, condition, r), yes);
      failed = failed ? Value(arith::OrIOp::create(rewriter, loc, failed, bad))
                      : bad;
    }
    failed = andOf(rewriter, loc,
                   createLiveCondition(rewriter, loc, op, kernel), failed);
    if (op.getTrap()) {
      // No call: ptxas would serialize the kernel's wgmma instructions.
      onlyIf(rewriter, loc, failed, [&](OpBuilder &b, Location loc) {
        LLVM::Trap::create(b, loc);
      });
      rewriter.eraseOp(op);
      return success();
    }
    LLVM::LLVMFuncOp assertFail = declareAssertFail(rewriter, module);
    onlyIf(rewriter, loc, failed, [&](OpBuilder &b, Location loc) {
      Value message = createCString(b, loc, module, op.getMessage());
      Value fileName = createCString(
          b, loc, module, file ? file.getFilename().getValue() : "<unknown>");
      Value line = i32Value(b, loc, file ? file.getLine() : 0);
      Value function = createCString(b, loc, module, kernel.getName());
      Value charSize = arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(1));
      LLVM::CallOp::create(b, loc, assertFail,
                           ValueRange{message, fileName, line, function,
                                      charSize});
    });
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mytriton::populateTTDebugToGPUPatterns(const TypeConverter &typeConverter,
                                            RewritePatternSet &patterns) {
  patterns.add<GetNumProgramsOpLowering, DebugBarrierOpLowering,
               PrintOpLowering, AssertOpLowering>(typeConverter,
                                                  patterns.getContext());
}
