//===- ScalarizeLoopVectors.cpp - loop-carried registers one by one -------===//
//
// A thread's registers of a tensor are one vector in the gpu.func; carried
// through scf ops they become vector phis, which LLVM keeps whole. SCF's
// structural 1:N type conversion carries each lane as its own value
// instead (Passes.td).
//
//===----------------------------------------------------------------------===//

#include "MyTriton/Target/PTX/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::mytriton {
#define GEN_PASS_DEF_SCALARIZELOOPVECTORS
#include "MyTriton/Target/PTX/Passes.h.inc"
} // namespace mlir::mytriton

using namespace mlir;

namespace {
/// `vector.extract %p[i]` of a GEP over a vector of pointers is the GEP of
/// lane i. A loop-carried pointer tensor's increment is such a GEP, whose
/// lanes go back to the loop one by one: per lane, the lanes the loop
/// never reads die with their cycles (the vector GEP kept every lane live:
/// tutorial 03's pipelined loop advanced 96 pointers to copy from 12).
struct ExtractOfVectorGEP : OpRewritePattern<vector::ExtractOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::ExtractOp op,
                                PatternRewriter &rewriter) const override {
    auto gep = op.getSource().getDefiningOp<LLVM::GEPOp>();
    auto type = gep ? dyn_cast<VectorType>(gep.getType()) : VectorType();
    if (!type || type.getRank() != 1 || op.hasDynamicPosition() ||
        op.getStaticPosition().size() != 1)
      return failure();
    int64_t lane = op.getStaticPosition().front();
    Location loc = op.getLoc();
    auto laneOf = [&](Value value) -> Value {
      if (!isa<VectorType>(value.getType()))
        return value;
      return vector::ExtractOp::create(rewriter, loc, value,
                                       ArrayRef<int64_t>{lane});
    };
    SmallVector<LLVM::GEPArg> indices;
    for (auto index : gep.getIndices()) {
      if (auto value = dyn_cast<Value>(index))
        indices.push_back(laneOf(value));
      else
        indices.push_back(
            static_cast<int32_t>(cast<IntegerAttr>(index).getInt()));
    }
    rewriter.replaceOpWithNewOp<LLVM::GEPOp>(
        op, type.getElementType(), gep.getElemType(), laneOf(gep.getBase()),
        indices, gep.getNoWrapFlags());
    return success();
  }
};

/// Whether every user of `op` reads one lane at a static position.
bool onlyLanesRead(Operation *op) {
  return llvm::all_of(op->getUsers(), [](Operation *user) {
    auto extract = dyn_cast<vector::ExtractOp>(user);
    return extract && !extract.hasDynamicPosition();
  });
}

/// Whether lanes of this element type are better computed one by one: masks
/// and the 32- and 64-bit integers of offsets (NVPTX has no vector ops on
/// them; it packs i8 and i16 lanes, which stay vectors).
bool isScalarizedLane(Type type) {
  return type.isInteger(1) || type.isIndex() ||
         (type.isInteger() && type.getIntOrFloatBitWidth() >= 32);
}

/// Whether every vector operand of `op` is a broadcast or a constant, so
/// that a lane of its result is one scalar op on values at hand: worth
/// computing on its own even where the vector is used whole too (a
/// thread's offsets `tid * 8 | [0, 2048, ...]` also build the masks that
/// `tl.where` selects with).
bool hasUniformOrConstantLanes(Operation *op) {
  return llvm::all_of(op->getOperands(), [](Value operand) {
    if (!isa<VectorType>(operand.getType()))
      return true;
    Operation *def = operand.getDefiningOp();
    return def && (isa<vector::BroadcastOp>(def) ||
                   def->hasTrait<OpTrait::ConstantLike>());
  });
}

/// `vector.extract %v[i]` of a mask (a vector of i1) or of 32- or 64-bit
/// integers computed by an elementwise op or a shuffle is that op on lane i
/// of its operands. The masks of a thread's accesses are built whole
/// (broadcasts of row and column masks, `and`ed) and read one lane per
/// access; NVPTX has no i1 vectors, and legalizing one packed its lanes
/// into 16-bit integers and unpacked them again (tutorial 03's K loop:
/// about 30 instructions for 12 copies' predicates). A thread's offsets are
/// a vector too (`tid * 8 | [0, 2048, 4096, 6144]`); lane by lane, each
/// access's constant part is a scalar `or`/`add` that LLVM folds into the
/// address's immediate offset, where an `extractelement` of the vector
/// `or` hid it: tutorial 05's backward computed every 64-bit address of its
/// critical section with two adds (32 IADD3 between its lock's acquire and
/// release that Triton's code does not have). Narrower integers keep their
/// vectors (NVPTX packs i8 and i16 lanes). Only when every user reads
/// single lanes, so that no lane is computed twice, or when each lane is
/// one scalar op on a broadcast and a constant.
struct ExtractOfIntegerLanes : OpRewritePattern<vector::ExtractOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::ExtractOp op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<VectorType>(op.getSource().getType());
    Operation *def = op.getSource().getDefiningOp();
    if (!def || !type || type.getRank() != 1 || type.isScalable() ||
        !isScalarizedLane(type.getElementType()) || op.hasDynamicPosition() ||
        op.getStaticPosition().size() != 1)
      return failure();
    int64_t lane = op.getStaticPosition().front();
    Location loc = op.getLoc();
    if (auto shuffle = dyn_cast<vector::ShuffleOp>(def)) {
      int64_t picked = shuffle.getMask()[lane];
      int64_t firstSize = shuffle.getV1VectorType().getNumElements();
      if (picked < 0 || shuffle.getV1VectorType().getRank() != 1)
        return failure();
      Value source = picked < firstSize ? shuffle.getV1() : shuffle.getV2();
      rewriter.replaceOpWithNewOp<vector::ExtractOp>(
          op, source,
          ArrayRef<int64_t>{picked < firstSize ? picked : picked - firstSize});
      return success();
    }
    if (!def->hasTrait<OpTrait::Elementwise>() || def->getNumResults() != 1 ||
        def->getNumRegions() != 0 || !isMemoryEffectFree(def) ||
        !(onlyLanesRead(def) || hasUniformOrConstantLanes(def)))
      return failure();
    IRMapping lanes;
    for (Value operand : def->getOperands()) {
      auto operandType = dyn_cast<VectorType>(operand.getType());
      if (!operandType)
        continue;
      if (operandType.getShape() != type.getShape())
        return failure();
      lanes.map(operand, vector::ExtractOp::create(rewriter, loc, operand,
                                                   ArrayRef<int64_t>{lane}));
    }
    Operation *scalar = rewriter.clone(*def, lanes);
    scalar->getResult(0).setType(type.getElementType());
    rewriter.replaceOp(op, scalar->getResults());
    return success();
  }
};

struct ScalarizeLoopVectorsPass
    : mytriton::impl::ScalarizeLoopVectorsBase<ScalarizeLoopVectorsPass> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    TypeConverter converter;
    converter.addConversion([](Type type) { return type; });
    converter.addConversion(
        [](VectorType type, SmallVectorImpl<Type> &results)
            -> std::optional<LogicalResult> {
          if (type.getRank() != 1 || type.isScalable())
            return std::nullopt;
          results.append(type.getNumElements(), type.getElementType());
          return success();
        });
    // Lanes back into the vector the other ops take, and a vector into its
    // lanes for the scf ops.
    converter.addSourceMaterialization([](OpBuilder &b, VectorType type,
                                          ValueRange lanes,
                                          Location loc) -> Value {
      return vector::FromElementsOp::create(b, loc, type, lanes);
    });
    converter.addTargetMaterialization(
        [](OpBuilder &b, TypeRange types, ValueRange inputs,
           Location loc) -> SmallVector<Value> {
          SmallVector<Value> lanes;
          if (inputs.size() != 1 || !isa<VectorType>(inputs[0].getType()))
            return lanes;
          for (int64_t i = 0, e = types.size(); i < e; ++i)
            lanes.push_back(vector::ExtractOp::create(b, loc, inputs[0],
                                                      ArrayRef<int64_t>{i}));
          return lanes;
        });
    ConversionTarget target(*context);
    RewritePatternSet patterns(context);
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                         target);
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    // Loops only: a branch's vector result is no phi kept around a loop,
    // and the vector accesses' fast/slow scf.if stay as they are.
    target.addLegalOp<scf::IfOp>();
    target.addDynamicallyLegalOp<scf::YieldOp>([&](scf::YieldOp op) {
      return isa<scf::IfOp>(op->getParentOp()) || converter.isLegal(op);
    });
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      return signalPassFailure();
    RewritePatternSet lanes(context);
    lanes.add<ExtractOfVectorGEP, ExtractOfIntegerLanes>(context);
    vector::ExtractOp::getCanonicalizationPatterns(lanes, context);
    GreedyRewriteConfig config;
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
    if (failed(applyPatternsGreedily(getOperation(), std::move(lanes),
                                     config)))
      signalPassFailure();
  }
};
} // namespace
