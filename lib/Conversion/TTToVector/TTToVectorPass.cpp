//===- TTToVectorPass.cpp - convert-tt-to-vector and tt-to-llvm-cpu -------===//

#include "MyTriton/Conversion/TTToVector/Passes.h"
#include "AccessForms.h"
#include "Casts.h"
#include "DebugOps.h"
#include "MyTriton/Dialect/TT/IR/ElementTypes.h"
#include "MyTriton/Dialect/TT/IR/Layouts.h"
#include "MyTriton/Dialect/TT/IR/TTDialect.h"
#include "MyTriton/Dialect/TT/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/RegionUtils.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"
#include "mlir/Transforms/Passes.h"

namespace mlir::mytriton {
#define GEN_PASS_DEF_CONVERTTTTOVECTOR
#include "MyTriton/Conversion/TTToVector/Passes.h.inc"
} // namespace mlir::mytriton

using namespace mlir;
using namespace mlir::mytriton;

/// `value` as a constant of `type` (a scalar or a tensor splat).
static Value intConstantLike(OpBuilder &b, Location loc, Type type,
                             const APInt &value) {
  Type element = getElementTypeOrSelf(type);
  TypedAttr attr = b.getIntegerAttr(element, value);
  if (auto shaped = dyn_cast<ShapedType>(type))
    attr = DenseElementsAttr::get(shaped, attr);
  return arith::ConstantOp::create(b, loc, attr);
}

/// x86 traps on a division by zero and on INT_MIN / -1, which would kill the
/// host process; the GPU gives an unspecified value. Replace such divisors by
/// 1 so a masked-off lane that divides by an `other` of 0 is harmless.
static void guardIntegerDivision(Operation *op, bool isSigned) {
  OpBuilder b(op);
  Location loc = op->getLoc();
  Value lhs = op->getOperand(0), rhs = op->getOperand(1);
  Type type = rhs.getType();
  unsigned width = getElementTypeOrSelf(type).getIntOrFloatBitWidth();
  Value zero = intConstantLike(b, loc, type, APInt::getZero(width));
  Value one = intConstantLike(b, loc, type, APInt(width, 1));
  Value unsafe =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, rhs, zero);
  if (isSigned && width > 1) {
    Value minusOne = intConstantLike(b, loc, type, APInt::getAllOnes(width));
    Value intMin = intConstantLike(b, loc, type, APInt::getSignedMinValue(width));
    Value lhsIsMin =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lhs, intMin);
    Value rhsIsMinusOne =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, rhs, minusOne);
    Value overflow = arith::AndIOp::create(b, loc, lhsIsMin, rhsIsMinusOne);
    unsafe = arith::OrIOp::create(b, loc, unsafe, overflow);
  }
  Value safe = arith::SelectOp::create(b, loc, unsafe, one, rhs);
  op->setOperand(1, safe);
}

/// The kernel argument that `ptr` points into (pointers are kernel arguments
/// moved by addptr, splat and select, and carried through loops and
/// branches), or -1 when that is not one argument.
static int64_t getPointerArgument(Value ptr) {
  std::optional<int64_t> found;
  DenseSet<Value> seen;
  SmallVector<Value> worklist = {ptr};
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    if (!seen.insert(value).second)
      continue; // a loop-carried value met again
    auto arg = dyn_cast<BlockArgument>(value);
    if (arg && isa<tt::FuncOp>(arg.getOwner()->getParentOp())) {
      if (found && *found != arg.getArgNumber())
        return -1;
      found = arg.getArgNumber();
      continue;
    }
    Operation *def = value.getDefiningOp();
    if (auto add = dyn_cast_or_null<tt::AddPtrOp>(def)) {
      worklist.push_back(add.getPtr());
    } else if (auto splat = dyn_cast_or_null<tt::SplatOp>(def)) {
      worklist.push_back(splat.getSrc());
    } else if (auto select = dyn_cast_or_null<arith::SelectOp>(def)) {
      worklist.push_back(select.getTrueValue());
      worklist.push_back(select.getFalseValue());
    } else {
      SmallVector<Value> incoming = getControlFlowIncomingValues(value);
      if (incoming.empty())
        return -1;
      worklist.append(incoming);
    }
  }
  return found.value_or(-1);
}

/// The first file:line:col inside `loc` (through fused, named and call-site
/// locations), or null.
static FileLineColLoc findFileLocation(Location loc) {
  FileLineColLoc found;
  loc->walk([&](Location inner) {
    if (auto file = dyn_cast<FileLineColLoc>(inner)) {
      found = file;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return found;
}

/// Numbers the loads, stores and asserts of `kernel` (kCPUAccessIdAttrName)
/// and returns the table the runner reports a bad access or a failed assert
/// with: per id the op, the kernel argument its pointer came from (-1 for an
/// assert), its source location and an assert's message.
static ArrayAttr numberAccesses(tt::FuncOp kernel) {
  Builder b(kernel.getContext());
  SmallVector<Attribute> table;
  kernel.walk([&](Operation *op) {
    Value ptr;
    auto assertOp = dyn_cast<tt::AssertOp>(op);
    if (auto load = dyn_cast<tt::LoadOp>(op))
      ptr = load.getPtr();
    else if (auto store = dyn_cast<tt::StoreOp>(op))
      ptr = store.getPtr();
    else if (isa<tt::AtomicRMWOp, tt::AtomicCASOp>(op))
      ptr = op->getOperand(0);
    else if (!assertOp)
      return;
    op->setAttr(kCPUAccessIdAttrName,
                b.getI32IntegerAttr(static_cast<int32_t>(table.size())));
    FileLineColLoc file = findFileLocation(op->getLoc());
    SmallVector<NamedAttribute> fields = {
        b.getNamedAttr("op", b.getStringAttr(op->getName().getStringRef())),
        b.getNamedAttr("arg", b.getI32IntegerAttr(static_cast<int32_t>(
                                  ptr ? getPointerArgument(ptr) : -1))),
        b.getNamedAttr("file", file ? file.getFilename()
                                    : b.getStringAttr("")),
        b.getNamedAttr("line",
                       b.getI32IntegerAttr(file ? file.getLine() : 0)),
        b.getNamedAttr("col",
                       b.getI32IntegerAttr(file ? file.getColumn() : 0)),
    };
    if (assertOp)
      fields.push_back(b.getNamedAttr("message", assertOp.getMessageAttr()));
    table.push_back(b.getDictionaryAttr(fields));
  });
  return b.getArrayAttr(table);
}

/// Whether `op` is a bad-access report or holds one in its regions.
static bool holdsBoundsReport(Operation *op) {
  return op
      ->walk([](scf::IfOp ifOp) {
        return ifOp->hasAttr(kCPUBoundsFailAttrName) ? WalkResult::interrupt()
                                                     : WalkResult::advance();
      })
      .wasInterrupted();
}

/// Moves each bounds check in `block` (its report scf.if and the
/// side-effect-free ops of the block it needs) up to just after the last op
/// it must follow: an op with effects it depends on (a load of the indices
/// it gathers with) or the previous check, where an op holding checks in
/// its regions (a loop or branch with accesses) counts as one. Checks stay
/// in program order, so the first bad access is still the one reported; an
/// access's check may then run before earlier loads and stores, which is
/// why a stopped program's earlier stores may or may not have happened.
/// A tt.assert's report does not move (kCPUAssertReportAttrName). Done so
/// that the early returns split the kernel before its computation instead
/// of between a row's computation and its store.
static void hoistBoundsChecks(Block &block) {
  SmallVector<Operation *> anchors; // reports and ops holding reports
  for (Operation &op : block)
    if (holdsBoundsReport(&op))
      anchors.push_back(&op);
  Operation *previous = nullptr; // the previous check's report, or holder
  for (Operation *anchor : anchors) {
    auto report = dyn_cast<scf::IfOp>(anchor);
    // An assert's report stays after what precedes it (later checks stay
    // after it), like a loop or branch holding checks.
    if (!report || !report->hasAttr(kCPUBoundsFailAttrName) ||
        report->hasAttr(kCPUAssertReportAttrName)) {
      previous = anchor;
      continue;
    }
    // The ops the report needs, and the last op it must stay behind.
    llvm::SetVector<Operation *> slice;
    Operation *after = previous;
    auto isLater = [](Operation *a, Operation *b) {
      return !a || (b && a->isBeforeInBlock(b));
    };
    // A worklist, not recursion: offsets may come from long addptr chains.
    SmallVector<Operation *> worklist = {report};
    slice.insert(report);
    while (!worklist.empty()) {
      Operation *op = worklist.pop_back_val();
      SetVector<Value> used;
      for (Region &region : op->getRegions())
        getUsedValuesDefinedAbove(region, used);
      used.insert(op->operand_begin(), op->operand_end());
      for (Value value : used) {
        Operation *def = value.getDefiningOp();
        if (!def || def->getBlock() != &block || slice.contains(def))
          continue;
        if (isMemoryEffectFree(def)) {
          slice.insert(def);
          worklist.push_back(def);
        } else if (isLater(after, def)) {
          after = def;
        }
      }
    }
    SmallVector<Operation *> moved;
    for (Operation *op : slice)
      if (!after || after->isBeforeInBlock(op))
        moved.push_back(op);
    llvm::sort(moved, [](Operation *a, Operation *b) {
      return a->isBeforeInBlock(b);
    });
    for (Operation *op : moved) {
      if (after)
        op->moveAfter(after);
      else
        op->moveBefore(&block.front());
      after = op;
    }
    previous = report;
  }
}

/// hoistBoundsChecks in every block of `kernel` that holds checks: the
/// body, and the bodies of its loops and branches.
static void hoistAllBoundsChecks(func::FuncOp kernel) {
  SmallVector<Block *> blocks;
  kernel.walk([&](Block *block) { blocks.push_back(block); });
  for (Block *block : blocks)
    hoistBoundsChecks(*block);
}

/// Lowers the scf ops of `kernel` that hold bad-access reports (the
/// kernel's loops and branches around checked accesses) to branches, so
/// that every report sits in the kernel's own region, where it can return.
/// The other scf ops stay structured for the canonicalizer.
static LogicalResult flattenRegionsAroundReports(func::FuncOp kernel) {
  bool nested = false;
  kernel.walk([&](scf::IfOp ifOp) {
    nested |= ifOp->hasAttr(kCPUBoundsFailAttrName) &&
              ifOp->getParentOp() != kernel;
  });
  if (!nested)
    return success();
  MLIRContext *context = kernel.getContext();
  ConversionTarget target(*context);
  target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
  target.addDynamicallyLegalDialect<scf::SCFDialect>([](Operation *op) {
    return op->hasAttr(kCPUBoundsFailAttrName) || !holdsBoundsReport(op);
  });
  RewritePatternSet patterns(context);
  populateSCFToControlFlowConversionPatterns(patterns);
  return applyPartialConversion(kernel, target, std::move(patterns));
}

/// Turns each bad-access report of a converted kernel (an scf.if marked
/// kCPUBoundsFailAttrName) into a branch to a block that writes the record
/// and returns true, so nothing after a bad access runs. Reports inside
/// loops and branches first get those lowered to branches around them.
static LogicalResult lowerBoundsReports(func::FuncOp kernel) {
  if (failed(flattenRegionsAroundReports(kernel)))
    return failure();
  SmallVector<scf::IfOp> reports;
  kernel.walk([&](scf::IfOp ifOp) {
    if (ifOp->hasAttr(kCPUBoundsFailAttrName))
      reports.push_back(ifOp);
  });
  Region &body = kernel.getBody();
  for (scf::IfOp report : reports) {
    if (report->getParentOp() != kernel)
      return report.emitOpError("checks an access nested in a region that "
                                "could not be lowered to branches");
    Location loc = report.getLoc();
    Block *before = report->getBlock();
    Block *after = before->splitBlock(std::next(report->getIterator()));
    Block *fail = report.thenBlock();
    body.getBlocks().splice(body.end(), report.getThenRegion().getBlocks());
    Operation *yield = fail->getTerminator();
    OpBuilder b(yield);
    Value stopped = arith::ConstantOp::create(b, loc, b.getBoolAttr(true));
    func::ReturnOp::create(b, loc, stopped);
    yield->erase();
    b.setInsertionPointToEnd(before);
    cf::CondBranchOp::create(b, loc, report.getCondition(), fail, after);
    report.erase();
  }
  return success();
}

/// Recomputes integer vectors (masks and offsets) made by pure ops in each
/// block, or region, that uses them outside the block where they are
/// computed, from the same operands. The bounds checks split a kernel into
/// blocks; x86 code generation carries an i1 vector across blocks packed
/// into bytes that every use unpacks again (AVX2: a pextrb/pinsrb per lane),
/// and an offset vector that only the cold report blocks use would be
/// computed and spilled on the hot path. Recomputing them costs less.
static void recomputeIntegerVectorsPerBlock(func::FuncOp kernel) {
  DenseMap<std::pair<Value, Block *>, Value> recomputed;
  // Chains deeper than this (long addptr chains) cross blocks as they are.
  constexpr unsigned kMaxDepth = 16;
  std::function<Value(Value, Operation *, unsigned)> localCopy =
      [&](Value value, Operation *user, unsigned depth) -> Value {
    auto type = dyn_cast<VectorType>(value.getType());
    Operation *def = value.getDefiningOp();
    Block *block = user->getBlock();
    if (!type || !type.getElementType().isInteger() || !def ||
        def->getBlock() == block || !isPure(def) || def->getNumRegions() ||
        depth > kMaxDepth)
      return value;
    auto known = recomputed.find({value, block});
    if (known != recomputed.end())
      return known->second;
    IRMapping mapping;
    for (Value operand : def->getOperands())
      mapping.map(operand, localCopy(operand, user, depth + 1));
    OpBuilder b(user);
    Operation *clone = b.clone(*def, mapping);
    Value copy = clone->getResult(cast<OpResult>(value).getResultNumber());
    recomputed[{value, block}] = copy; // not a reference: the map grows above
    return copy;
  };
  SmallVector<Operation *> users;
  kernel.walk([&](Operation *op) { users.push_back(op); });
  for (Operation *user : users)
    for (OpOperand &operand : user->getOpOperands())
      operand.set(localCopy(operand.get(), user, 0));
}

namespace {
struct ConvertTTToVectorPass
    : public mytriton::impl::ConvertTTToVectorBase<ConvertTTToVectorPass> {
  using ConvertTTToVectorBase::ConvertTTToVectorBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();

    SymbolTable symbols(module);
    bool clash = false;
    llvm::StringMap<ArrayAttr> accessTables; // grid function -> accesses
    // Collected first: erasing a declaration below must not pull the op the
    // walk visits next from under it.
    SmallVector<tt::FuncOp> kernels;
    module.walk([&](tt::FuncOp kernel) { kernels.push_back(kernel); });
    for (tt::FuncOp kernel : kernels) {
      if (failed(tt::checkElementTypes(kernel, isCPUElementType,
                                       "the CPU route")) ||
          failed(checkCPUOps(kernel)))
        return signalPassFailure();
      lowerTruncFTowardZero(kernel);
      std::string gridName = (kernel.getName() + kCPUGridFunctionSuffix).str();
      // A host driver in the module may declare the grid function it calls;
      // the lowering defines it.
      auto declared = dyn_cast_or_null<func::FuncOp>(symbols.lookup(gridName));
      if (declared && declared.isDeclaration())
        symbols.erase(declared);
      if (symbols.lookup(gridName)) {
        kernel.emitOpError("cannot be lowered for the CPU: its grid function "
                           "name '")
            << gridName << "' is already taken";
        clash = true;
      }
      if (boundsCheck)
        accessTables[gridName] = numberAccesses(kernel);
      if (tt::hasImplicitLayout(kernel))
        markUniformAccessForms(kernel);
      else
        markTiledAccessForms(kernel);
      kernel.walk([](Operation *op) {
        // Triton's approximate float32 math (afn: `/`, tl.exp, tl.sqrt) is
        // IEEE on the CPU: nothing in LLVM's CPU targets approximates it
        // the way PTX does, and dropping the flag keeps LLVM from
        // rewriting it some other way.
        if (auto fastmath = dyn_cast<arith::ArithFastMathInterface>(op))
          if (arith::FastMathFlagsAttr flags = fastmath.getFastMathFlagsAttr();
              flags && bitEnumContainsAll(flags.getValue(),
                                          arith::FastMathFlags::afn))
            op->setAttr(fastmath.getFastMathAttrName(),
                        arith::FastMathFlagsAttr::get(
                            op->getContext(),
                            flags.getValue() & ~arith::FastMathFlags::afn));
        if (isa<arith::DivSIOp, arith::RemSIOp, arith::FloorDivSIOp,
                arith::CeilDivSIOp>(op))
          guardIntegerDivision(op, /*isSigned=*/true);
        else if (isa<arith::DivUIOp, arith::RemUIOp, arith::CeilDivUIOp>(op))
          guardIntegerDivision(op, /*isSigned=*/false);
      });
    }
    if (clash)
      return signalPassFailure();

    TypeConverter converter;
    populateTTToVectorTypeConversions(converter, getCPUOffsetBits(module));
    ConversionTarget target(*context);
    target.addLegalDialect<func::FuncDialect, LLVM::LLVMDialect,
                           memref::MemRefDialect, scf::SCFDialect,
                           vector::VectorDialect>();
    target.addLegalOp<ModuleOp>();
    target.addIllegalDialect<tt::TTDialect>();
    target.addDynamicallyLegalDialect<arith::ArithDialect, math::MathDialect>(
        [&](Operation *op) { return converter.isLegal(op); });
    RewritePatternSet patterns(context);
    populateTTToVectorConversionPatterns(converter, patterns, boundsCheck);
    // The kernel's own scf.for/if/while (runtime control flow) stay, over
    // the converted types; the scf ops the lowering creates are legal.
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                         target);
    if (failed(applyFullConversion(module, target, std::move(patterns))))
      return signalPassFailure();

    for (auto &entry : accessTables)
      if (auto grid = module.lookupSymbol<func::FuncOp>(entry.getKey()))
        grid->setAttr(kCPUAccessTableAttrName, entry.getValue());
    // Collected first: lowering the reports rewrites the functions' bodies.
    SmallVector<func::FuncOp> funcs(module.getOps<func::FuncOp>());
    for (func::FuncOp func : funcs) {
      if (!boundsCheck)
        continue;
      hoistAllBoundsChecks(func);
      if (failed(lowerBoundsReports(func)))
        return signalPassFailure();
      recomputeIntegerVectorsPerBlock(func);
    }

    if (vectorExp) {
      RewritePatternSet expPatterns(context);
      populateMathPolynomialApproximationPatterns(
          expPatterns,
          [](StringRef name) { return name == math::ExpOp::getOperationName(); });
      walkAndApplyPatterns(module, std::move(expPatterns));
    }
    // erf has no LLVM intrinsic, and a libm call per lane would have to be
    // made before the vector lowering: MLIR's polynomial replaces it always.
    RewritePatternSet erfPatterns(context);
    populateMathPolynomialApproximationPatterns(
        erfPatterns,
        [](StringRef name) { return name == math::ErfOp::getOperationName(); });
    walkAndApplyPatterns(module, std::move(erfPatterns));
  }
};
} // namespace

void mytriton::buildTTToLLVMCPUPipeline(OpPassManager &pm, bool boundsCheck) {
  // A kernel in a nested module would otherwise pass through unlowered.
  pm.addPass(tt::createCheckKernelPlacement());
  ConvertTTToVectorOptions options;
  options.boundsCheck = boundsCheck;
  pm.addPass(createConvertTTToVector(options));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createSCFToControlFlowPass());
  ConvertVectorToLLVMPassOptions vectorOptions;
  vectorOptions.reassociateFPReductions = true;
  pm.addPass(createConvertVectorToLLVMPass(vectorOptions));
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

namespace {
struct TTToLLVMCPUPipelineOptions
    : public PassPipelineOptions<TTToLLVMCPUPipelineOptions> {
  Option<bool> boundsCheck{
      *this, "bounds-check",
      llvm::cl::desc("Check every load/store lane against its buffer "
                     "(convert-tt-to-vector's bounds-check)"),
      llvm::cl::init(true)};
};
} // namespace

void mytriton::registerTTToLLVMCPUPipeline() {
  registerTTToVectorPasses();
  PassPipelineRegistration<TTToLLVMCPUPipelineOptions>(
      "tt-to-llvm-cpu",
      "Lower tt kernels to LLVM dialect host code that runs a kernel's grid "
      "on the CPU (convert-tt-to-vector, then vector/scf/arith/math/memref/"
      "func to llvm)",
      [](OpPassManager &pm, const TTToLLVMCPUPipelineOptions &options) {
        buildTTToLLVMCPUPipeline(pm, options.boundsCheck);
      });
}
