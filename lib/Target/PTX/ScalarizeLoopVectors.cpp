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
#include "llvm/ADT/MapVector.h"

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

/// The mask `op` makes when its lanes may be computed one by one: an
/// elementwise, side-effect-free op with one rank-1 result of i1, whose
/// vector operands have the result's shape.
VectorType laneWiseResult(Operation *op) {
  if (!op->hasTrait<OpTrait::Elementwise>() || op->getNumResults() != 1 ||
      op->getNumRegions() != 0 || !isMemoryEffectFree(op))
    return {};
  auto type = dyn_cast<VectorType>(op->getResult(0).getType());
  if (!type || type.getRank() != 1 || type.isScalable() ||
      !type.getElementType().isInteger(1))
    return {};
  for (Value operand : op->getOperands()) {
    auto operandType = dyn_cast<VectorType>(operand.getType());
    if (operandType && operandType.getShape() != type.getShape())
      return {};
  }
  return type;
}

/// Replaces `reads` (reads of lane `lane` of `op`) by one clone of `op` on
/// its operands' lane `lane`, placed at the first read when they all lie in
/// one block (where a lane was computed when read one by one: a mask
/// computed earlier stays live longer), else right after `op`.
void replaceLaneReads(Operation *op, VectorType type, int64_t lane,
                      ArrayRef<vector::ExtractOp> reads,
                      PatternRewriter &rewriter) {
  OpBuilder::InsertionGuard guard(rewriter);
  Operation *first = reads.front();
  for (vector::ExtractOp read : reads) {
    if (read->getBlock() != first->getBlock()) {
      first = nullptr;
      break;
    }
    if (read->isBeforeInBlock(first))
      first = read;
  }
  if (first)
    rewriter.setInsertionPoint(first);
  else
    rewriter.setInsertionPointAfter(op);
  IRMapping lanes;
  for (Value operand : op->getOperands())
    if (isa<VectorType>(operand.getType()))
      lanes.map(operand, vector::ExtractOp::create(rewriter, op->getLoc(),
                                                   operand,
                                                   ArrayRef<int64_t>{lane}));
  Operation *scalar = rewriter.clone(*op, lanes);
  scalar->getResult(0).setType(type.getElementType());
  for (vector::ExtractOp read : reads)
    rewriter.replaceOp(read, scalar->getResults());
}

/// An elementwise op making a mask (a vector of i1), all of whose users
/// read single lanes, becomes that op on each lane of its operands. The
/// masks of a thread's accesses are built whole (broadcasts of row and
/// column masks, `and`ed) and read one lane per access; NVPTX has no i1
/// vectors, and legalizing one packed its lanes into 16-bit integers and
/// unpacked them again (tutorial 03's K loop: about 30 instructions for 12
/// copies' predicates). Matched on the op, not on its reads: each lane is
/// computed once however often it is read, and an op whose last whole use
/// went away is visited again at once, so a chain of them comes apart in
/// one sweep (read by read, one level per greedy iteration: the pass
/// failed after ten, and a lane read twice was cloned once per path).
/// Integer lanes stay vectors: taken apart the same way (offsets whose
/// constants LLVM could then fold into addresses) they cost tutorial 03's
/// K loop 1.5-2.6% on the H200 (docs/performance.md, fifteenth session).
struct LaneWiseOp : RewritePattern {
  explicit LaneWiseOp(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    VectorType type = laneWiseResult(op);
    if (!type || op->use_empty() || !onlyLanesRead(op))
      return failure();
    llvm::MapVector<int64_t, SmallVector<vector::ExtractOp>> readsByLane;
    for (Operation *user : op->getUsers()) {
      auto read = cast<vector::ExtractOp>(user);
      readsByLane[read.getStaticPosition().front()].push_back(read);
    }
    for (auto &[lane, reads] : readsByLane)
      replaceLaneReads(op, type, lane, reads, rewriter);
    return success();
  }
};

/// A lane read from a shuffle of masks is a lane of the shuffle's source
/// (the masks of a tile's rows and columns are broadcast by shuffles).
struct ExtractOfShuffledMask : OpRewritePattern<vector::ExtractOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::ExtractOp op,
                                PatternRewriter &rewriter) const override {
    auto shuffle = op.getSource().getDefiningOp<vector::ShuffleOp>();
    if (!shuffle || op.hasDynamicPosition() ||
        op.getStaticPosition().size() != 1 ||
        !shuffle.getResultVectorType().getElementType().isInteger(1) ||
        shuffle.getV1VectorType().getRank() != 1)
      return failure();
    int64_t picked = shuffle.getMask()[op.getStaticPosition().front()];
    int64_t firstSize = shuffle.getV1VectorType().getNumElements();
    if (picked < 0)
      return failure();
    Value source = picked < firstSize ? shuffle.getV1() : shuffle.getV2();
    rewriter.replaceOpWithNewOp<vector::ExtractOp>(
        op, source,
        ArrayRef<int64_t>{picked < firstSize ? picked : picked - firstSize});
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
    lanes.add<ExtractOfVectorGEP, LaneWiseOp, ExtractOfShuffledMask>(context);
    vector::ExtractOp::getCanonicalizationPatterns(lanes, context);
    GreedyRewriteConfig config;
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
    if (failed(applyPatternsGreedily(getOperation(), std::move(lanes),
                                     config)))
      signalPassFailure();
  }
};
} // namespace
