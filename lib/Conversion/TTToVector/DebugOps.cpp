//===- DebugOps.cpp - tt grid-size and debugging ops on the CPU -----------===//
//
// A CPU program is one thread running the whole block, so tt.debug_barrier
// has nothing to wait for, and tt.print walks every element of its operands
// itself, calling the C library's printf (the process's, which the
// ExecutionEngine resolves) and then fflush so the text reaches file
// descriptor 1 before the launch returns to Python. A failed tt.assert of a
// bounds-checked kernel reports like a bad access (the error record, then
// the program stops), so Python raises at its line; without bounds checks
// it prints the failure and the program goes on.
//
//===----------------------------------------------------------------------===//

#include "DebugOps.h"

#include "MyTriton/Conversion/TTToVector/Passes.h"
#include "MyTriton/Dialect/TT/IR/TTDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::mytriton;

bool mytriton::kernelTakesGridSizes(Operation *kernel) {
  return kernel
      ->walk([](tt::GetNumProgramsOp) { return WalkResult::interrupt(); })
      .wasInterrupted();
}

namespace {

/// The converted kernel around `op` (its last three arguments are the
/// program ids), or null while the kernel is not converted yet.
func::FuncOp getConvertedKernel(Operation *op) {
  auto kernel = op->getParentOfType<func::FuncOp>();
  if (!kernel || kernel.getNumArguments() < 3)
    return func::FuncOp();
  return kernel;
}

/// The program ids x, y, z: the converted kernel's last three arguments.
SmallVector<Value> getProgramIds(func::FuncOp kernel) {
  SmallVector<Value> ids;
  for (BlockArgument arg : kernel.getArguments().take_back(3))
    ids.push_back(arg);
  return ids;
}

/// Grid sizes x, y, z come right before the error record (bounds-checked
/// kernels, which return i1) or the program ids (see FuncOpLowering).
struct GetNumProgramsOpLowering
    : public OpConversionPattern<tt::GetNumProgramsOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tt::GetNumProgramsOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    func::FuncOp kernel = getConvertedKernel(op);
    if (!kernel)
      return rewriter.notifyMatchFailure(op, "kernel not converted yet");
    unsigned afterSizes =
        3 + (kernel.getFunctionType().getNumResults() == 1 ? 1 : 0);
    if (kernel.getNumArguments() < afterSizes + 3)
      return rewriter.notifyMatchFailure(op, "kernel takes no grid sizes");
    unsigned first = kernel.getNumArguments() - afterSizes - 3;
    rewriter.replaceOp(op, kernel.getArgument(first + op.getAxis()));
    return success();
  }
};

struct DebugBarrierOpLowering
    : public OpConversionPattern<tt::DebugBarrierOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tt::DebugBarrierOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.eraseOp(op);
    return success();
  }
};

LLVM::LLVMFuncOp declareFunction(OpBuilder &b, ModuleOp module, StringRef name,
                                 LLVM::LLVMFunctionType type) {
  if (auto existing = module.lookupSymbol<LLVM::LLVMFuncOp>(name))
    return existing;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(module.getBody());
  return LLVM::LLVMFuncOp::create(b, module.getLoc(), name, type);
}

/// A pointer to a private NUL-terminated copy of `text` in `module`.
Value createCString(OpBuilder &b, Location loc, ModuleOp module,
                    StringRef text) {
  std::string name;
  for (unsigned i = 0;; ++i) {
    name = "mytriton_print_format_" + std::to_string(i);
    if (!module.lookupSymbol(name))
      break;
  }
  auto type = LLVM::LLVMArrayType::get(b.getI8Type(), text.size() + 1);
  LLVM::GlobalOp global;
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(module.getBody());
    global = LLVM::GlobalOp::create(b, loc, type, /*isConstant=*/true,
                                    LLVM::Linkage::Private, name,
                                    b.getStringAttr(text.str() + '\0'));
  }
  return LLVM::AddressOfOp::create(b, loc, global);
}

/// tt.print's conversion for one element and the value to pass it as, after
/// C's default argument promotions (floats as double, integers or a float's
/// bits below 32 bits as int; hex widens the bits unsigned).
std::pair<StringRef, Value> formatElement(OpBuilder &b, Location loc,
                                          Value element, bool hex) {
  Type i32 = b.getI32Type();
  Type type = element.getType();
  StringRef conversion = tt::PrintOp::getElementConversion(type, hex);
  unsigned width = type.getIntOrFloatBitWidth();
  if (type.isInteger(1))
    return {conversion, arith::ExtUIOp::create(b, loc, i32, element)};
  if (isa<FloatType>(type) && !hex) {
    if (!type.isF64())
      element = arith::ExtFOp::create(b, loc, b.getF64Type(), element);
    return {conversion, element};
  }
  if (isa<FloatType>(type))
    element = arith::BitcastOp::create(b, loc, b.getIntegerType(width),
                                       element);
  if (width < 32)
    element = hex ? Value(arith::ExtUIOp::create(b, loc, i32, element))
                  : Value(arith::ExtSIOp::create(b, loc, i32, element));
  return {conversion, element};
}

/// One printf per element of each operand, as Triton prints:
/// `pid (x, y, z) idx (i, j) prefix (operand k) value`.
struct PrintOpLowering : public OpConversionPattern<tt::PrintOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tt::PrintOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    func::FuncOp kernel = getConvertedKernel(op);
    auto module = op->getParentOfType<ModuleOp>();
    if (!kernel || !module)
      return rewriter.notifyMatchFailure(op, "kernel not converted yet");
    Location loc = op.getLoc();
    MLIRContext *context = rewriter.getContext();
    auto ptrType = LLVM::LLVMPointerType::get(context);
    Type i32 = rewriter.getI32Type();
    auto printfFn = declareFunction(
        rewriter, module, "printf",
        LLVM::LLVMFunctionType::get(i32, {ptrType}, /*isVarArg=*/true));
    auto fflushFn = declareFunction(rewriter, module, "fflush",
                                  LLVM::LLVMFunctionType::get(i32, {ptrType}));

    SmallVector<Value> pids = getProgramIds(kernel);
    std::string pidText = "pid (%d, %d, %d)";
    std::string prefix = tt::PrintOp::escapePercent(op.getPrefix());

    if (op.getArgs().empty()) {
      SmallVector<Value> args{
          createCString(rewriter, loc, module, pidText + prefix + "\n")};
      args.append(pids);
      LLVM::CallOp::create(rewriter, loc, printfFn, args);
    }
    for (auto [k, original, converted] :
         llvm::enumerate(op.getArgs(), adaptor.getArgs())) {
      Value value = converted; // lambdas below cannot capture a binding
      std::string operand =
          op.getArgs().size() > 1 ? "(operand " + std::to_string(k) + ") "
                                  : "";
      auto tensorType = dyn_cast<RankedTensorType>(original.getType());
      if (!tensorType) {
        auto [conversion, arg] =
            formatElement(rewriter, loc, value, op.getHex());
        SmallVector<Value> args{createCString(
            rewriter, loc, module,
            pidText + prefix + operand + conversion.str() + "\n")};
        args.append(pids);
        args.push_back(arg);
        LLVM::CallOp::create(rewriter, loc, printfFn, args);
        continue;
      }
      // The CPU holds a tensor as one flat row-major vector.
      ArrayRef<int64_t> shape = tensorType.getShape();
      std::string index = " idx (%d";
      for (size_t d = 1; d < shape.size(); ++d)
        index += ", %d";
      index += ")";
      Value format;
      auto body = [&](OpBuilder &b, Location loc, Value iv, ValueRange) {
        Value element = vector::ExtractOp::create(
            b, loc, value, ArrayRef<OpFoldResult>{iv});
        auto [conversion, arg] = formatElement(b, loc, element, op.getHex());
        if (!format)
          format = createCString(b, loc, module,
                                 pidText + index + prefix + operand +
                                     conversion.str() + "\n");
        SmallVector<Value> args{format};
        args.append(pids);
        Value flat = arith::IndexCastOp::create(b, loc, i32, iv);
        SmallVector<Value> coords;
        for (int64_t d = shape.size() - 1; d >= 0; --d) {
          Value extent = arith::ConstantOp::create(
              b, loc, b.getI32IntegerAttr(static_cast<int32_t>(shape[d])));
          coords.push_back(d == 0 ? flat
                                  : arith::RemUIOp::create(b, loc, flat,
                                                           extent));
          if (d > 0)
            flat = arith::DivUIOp::create(b, loc, flat, extent);
        }
        args.append(coords.rbegin(), coords.rend());
        args.push_back(arg);
        LLVM::CallOp::create(b, loc, printfFn, args);
        scf::YieldOp::create(b, loc);
      };
      Value lower = arith::ConstantIndexOp::create(rewriter, loc, 0);
      Value upper = arith::ConstantIndexOp::create(
          rewriter, loc, tensorType.getNumElements());
      Value step = arith::ConstantIndexOp::create(rewriter, loc, 1);
      scf::ForOp::create(rewriter, loc, lower, upper, step, ValueRange{},
                         body);
    }
    Value null = LLVM::ZeroOp::create(rewriter, loc, ptrType);
    LLVM::CallOp::create(rewriter, loc, fflushFn, ValueRange{null});
    rewriter.eraseOp(op);
    return success();
  }
};

/// Any false element: the first one's index and the program id go to the
/// error record under the assert's access id (kCPUBoundsFailAttrName: the
/// pass turns the report into an early return), or, in a kernel without
/// bounds checks, to stdout.
struct AssertOpLowering : public OpConversionPattern<tt::AssertOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tt::AssertOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    func::FuncOp kernel = getConvertedKernel(op);
    auto module = op->getParentOfType<ModuleOp>();
    if (!kernel || !module)
      return rewriter.notifyMatchFailure(op, "kernel not converted yet");
    Location loc = op.getLoc();
    Type i32 = rewriter.getI32Type();
    Value condition = adaptor.getCondition();
    Value failed, element;
    if (auto type = dyn_cast<VectorType>(condition.getType())) {
      Value ones = arith::ConstantOp::create(
          rewriter, loc, DenseElementsAttr::get(type, true));
      Value bad = arith::XOrIOp::create(rewriter, loc, condition, ones);
      failed = vector::ReductionOp::create(rewriter, loc,
                                           vector::CombiningKind::OR, bad);
      // The first bad element: min over select(bad, index, n).
      auto indexType = VectorType::get(type.getShape(), i32);
      SmallVector<int32_t> indices;
      for (int64_t i = 0, n = type.getNumElements(); i < n; ++i)
        indices.push_back(static_cast<int32_t>(i));
      Value index = arith::ConstantOp::create(
          rewriter, loc,
          DenseIntElementsAttr::get(indexType, ArrayRef<int32_t>(indices)));
      Value none = arith::ConstantOp::create(
          rewriter, loc,
          DenseElementsAttr::get(indexType, static_cast<int32_t>(
                                                type.getNumElements())));
      Value picked = arith::SelectOp::create(rewriter, loc, bad, index, none);
      element = vector::ReductionOp::create(
          rewriter, loc, vector::CombiningKind::MINSI, picked);
    } else {
      Value one = arith::ConstantOp::create(rewriter, loc,
                                            rewriter.getBoolAttr(true));
      failed = arith::XOrIOp::create(rewriter, loc, condition, one);
      element = arith::ConstantOp::create(rewriter, loc,
                                          rewriter.getI32IntegerAttr(0));
    }
    auto id = op->getAttrOfType<IntegerAttr>(kCPUAccessIdAttrName);
    unsigned numArgs = kernel.getNumArguments();
    bool checked = id && numArgs >= 4 &&
                   kernel.getFunctionType().getNumResults() == 1;
    SmallVector<Value> pids = getProgramIds(kernel);
    auto report = scf::IfOp::create(rewriter, loc, failed, [&](OpBuilder &b,
                                                               Location loc) {
      if (checked) {
        Value record = kernel.getArgument(numArgs - 4);
        auto store = [&](Value value, int field) {
          Value index = arith::ConstantIndexOp::create(b, loc, field);
          memref::StoreOp::create(b, loc, value, record, index);
        };
        store(arith::ConstantOp::create(
                  b, loc,
                  b.getI32IntegerAttr(static_cast<int32_t>(id.getInt()))),
              kCPUErrorAccessId);
        store(pids[0], kCPUErrorProgramIdX);
        store(pids[1], kCPUErrorProgramIdY);
        store(pids[2], kCPUErrorProgramIdZ);
        store(element, kCPUErrorElement);
      } else {
        MLIRContext *context = b.getContext();
        auto ptrType = LLVM::LLVMPointerType::get(context);
        auto printfFn = declareFunction(
            b, module, "printf",
            LLVM::LLVMFunctionType::get(i32, {ptrType}, /*isVarArg=*/true));
        auto fflushFn = declareFunction(
            b, module, "fflush", LLVM::LLVMFunctionType::get(i32, {ptrType}));
        auto file = op.getLoc()->findInstanceOf<FileLineColLoc>();
        std::string where =
            file ? tt::PrintOp::escapePercent(file.getFilename().getValue()) +
                       ":" + std::to_string(file.getLine()) + ": "
                 : "";
        SmallVector<Value> args{
            createCString(b, loc, module,
                          where + "device assertion failed: %s (element %d "
                                  "of program id (%d, %d, %d))\n"),
            createCString(b, loc, module, op.getMessage()), element};
        args.append(pids);
        LLVM::CallOp::create(b, loc, printfFn, args);
        Value null = LLVM::ZeroOp::create(b, loc, ptrType);
        LLVM::CallOp::create(b, loc, fflushFn, ValueRange{null});
      }
      scf::YieldOp::create(b, loc);
    });
    if (checked) {
      report->setAttr(kCPUBoundsFailAttrName, rewriter.getUnitAttr());
      report->setAttr(kCPUAssertReportAttrName, rewriter.getUnitAttr());
    }
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mytriton::populateTTToVectorDebugPatterns(const TypeConverter &converter,
                                               RewritePatternSet &patterns) {
  patterns.add<GetNumProgramsOpLowering, DebugBarrierOpLowering,
               PrintOpLowering, AssertOpLowering>(converter,
                                                  patterns.getContext());
}
