//===- SoftwarePipeline.cpp - tt-pipeline: multi-buffered K loops ---------===//
//
// Hopper's tensor cores read a warp_group_dot's operand tiles from shared
// memory. Loaded in the iteration that multiplies them, the tiles make every
// iteration wait for global memory. This pass software-pipelines such a loop
// over S = num_stages buffers, as Triton's pipeliner does for Hopper without
// TMA: each tile's tt.load + tt.local_alloc becomes a cp.async copy into
// tile i % S of a stack of S tiles, issued S - 1 iterations ahead of the
// warp_group_dot that reads it. MLIR's scf::pipelineForLoop does the
// mechanics (the prologue, the kernel loop, predicating the copies of
// iterations past the end); this pass picks the loops, rewrites the loads
// into copies and gives every op its stage (docs/GPULowering.md#pipelining).
//
//===----------------------------------------------------------------------===//

#include "MyTriton/Analysis/Contiguity.h"
#include "MyTriton/Analysis/TensorMapAccess.h"
#include "MyTriton/Dialect/TT/IR/TTDialect.h"
#include "MyTriton/Dialect/TT/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::mytriton::tt {
#define GEN_PASS_DEF_TTPIPELINE
#include "MyTriton/Dialect/TT/Transforms/Passes.h.inc"
} // namespace mlir::mytriton::tt

using namespace mlir;
using namespace mlir::mytriton;
using namespace mlir::mytriton::tt;

namespace {

/// A loop's own num_stages (tl.range's hint).
constexpr StringLiteral kLoopStagesAttr = "tt.num_stages";

/// The shared memory a block may use on sm_90 (planSharedMemory's limit),
/// and the alignment of every tile in it.
constexpr int64_t kSharedMemoryBytes = 227 * 1024;
constexpr int64_t kTileAlignment = 1024;

/// A tile that a loop loads only for its warp_group_dots.
struct LoadedTile {
  LoadOp load;
  LocalAllocOp alloc;
};

/// Whether masked-off elements may read as zeros, which is what cp.async
/// writes for them: no `other`, or a splat of 0 (+0.0 for floats).
bool fillsWithZeros(LoadOp load) {
  Value other = load.getOther();
  return !other || matchPattern(other, m_Zero()) ||
         matchPattern(other, m_PosZeroFloat());
}

/// The tiles of `loop`'s warp_group_dots when every operand of each is a
/// tile loaded in the loop's body for them alone; else none.
SmallVector<LoadedTile> findLoadedTiles(scf::ForOp loop) {
  Block *body = loop.getBody();
  SmallVector<LoadedTile> tiles;
  for (auto dot : body->getOps<WarpGroupDotOp>()) {
    for (Value operand : {dot.getA(), dot.getB()}) {
      auto alloc = operand.getDefiningOp<LocalAllocOp>();
      LoadOp load = alloc && alloc.getSrc()
                        ? alloc.getSrc().getDefiningOp<LoadOp>()
                        : LoadOp();
      if (!load || load->getBlock() != body || alloc->getBlock() != body ||
          !load->hasOneUse() || !fillsWithZeros(load) ||
          !llvm::all_of(alloc->getUsers(), [](Operation *user) {
            return isa<WarpGroupDotOp>(user);
          }))
        return {};
      if (llvm::none_of(tiles, [&](const LoadedTile &tile) {
            return tile.alloc == alloc;
          }))
        tiles.push_back({load, alloc});
    }
  }
  return tiles;
}

/// What scf::pipelineForLoop needs of the loop: every yielded value comes
/// from an op of the body (a loop-carried dependency of distance 1).
bool yieldsBodyValues(scf::ForOp loop) {
  Block *body = loop.getBody();
  return llvm::all_of(body->getTerminator()->getOperands(), [&](Value v) {
    Operation *def = v.getDefiningOp();
    return def && def->getBlock() == body;
  });
}

/// The body ops that `roots` depend on in the same iteration or through
/// loop-carried values (an iter_arg stands for the value the body yields
/// for it): the copies' stage. Fails when one of them touches memory or
/// has regions, as it could not run iterations ahead.
FailureOr<llvm::SetVector<Operation *>>
getIssueSlice(scf::ForOp loop, ArrayRef<Operation *> roots) {
  Block *body = loop.getBody();
  llvm::SetVector<Operation *> slice;
  SmallVector<Value> pending;
  for (Operation *root : roots) {
    slice.insert(root);
    llvm::append_range(pending, root->getOperands());
  }
  while (!pending.empty()) {
    Value value = pending.pop_back_val();
    if (auto arg = dyn_cast<BlockArgument>(value)) {
      if (arg.getOwner() != body || arg == loop.getInductionVar())
        continue;
      value = body->getTerminator()->getOperand(arg.getArgNumber() - 1);
    }
    Operation *def = value.getDefiningOp();
    if (!def || def->getBlock() != body || slice.contains(def))
      continue;
    if (def->getNumRegions() != 0 || !isMemoryEffectFree(def))
      return failure();
    slice.insert(def);
    llvm::append_range(pending, def->getOperands());
  }
  return slice;
}

/// The i32 slot of the body's iteration in a stack of `stages` tiles:
/// ((iv - lb) / step) % stages.
Value createSlot(OpBuilder &b, Location loc, scf::ForOp loop,
                 int64_t stages) {
  Value iv = loop.getInductionVar();
  Type type = iv.getType();
  Value index = b.createOrFold<arith::DivSIOp>(
      loc, b.createOrFold<arith::SubIOp>(loc, iv, loop.getLowerBound()),
      loop.getStep());
  Value slot = b.createOrFold<arith::RemSIOp>(
      loc, index, arith::ConstantOp::create(b, loc, IntegerAttr::get(type, stages)));
  if (!type.isInteger(32))
    slot = b.createOrFold<arith::TruncIOp>(loc, b.getI32Type(), slot);
  return slot;
}

/// The stack of `stages` tiles of `tile`'s type, mutable.
MemDescType getStackType(MemDescType tile, int64_t stages) {
  SmallVector<int64_t> shape = {stages};
  llvm::append_range(shape, tile.getShape());
  return MemDescType::get(tile.getContext(), shape, tile.getElementType(),
                          tile.getEncoding(), /*mutableMemory=*/true);
}

/// The stages that fit in shared memory, at most `requested`.
int64_t fitStages(ArrayRef<LoadedTile> tiles, int64_t requested) {
  int64_t perStage = 0;
  for (LoadedTile tile : tiles) {
    MemDescType type = tile.alloc.getType();
    perStage += llvm::alignTo(type.getNumElements() *
                                  type.getElementType().getIntOrFloatBitWidth() /
                                  8,
                              kTileAlignment);
  }
  int64_t fitting = (kSharedMemoryBytes - kTileAlignment) / perStage;
  return std::min(requested, fitting);
}

/// Copies past the loop's end (the predicated-off iterations) copy nothing:
/// their mask is false, so cp.async reads no memory and writes zeros to a
/// tile no later iteration reads. Every other op of their stage computes
/// addresses and indices, which may run for any iteration.
Operation *predicateCopy(RewriterBase &rewriter, Operation *op, Value pred) {
  // TMA copies and the barrier arrival that expects their bytes take a
  // scalar predicate: the copies past the end neither arrive nor copy.
  if (isa<AsyncTMACopyGlobalToLocalOp, BarrierExpectOp>(op)) {
    rewriter.setInsertionPoint(op);
    OpOperand &operand = op->getOpOperand(op->getNumOperands() - 1);
    Value both = arith::AndIOp::create(rewriter, op->getLoc(), operand.get(),
                                       pred);
    rewriter.modifyOpInPlace(op, [&] { operand.set(both); });
    return op;
  }
  auto copy = dyn_cast<AsyncCopyGlobalToLocalOp>(op);
  if (!copy)
    return op;
  rewriter.setInsertionPoint(copy);
  Location loc = copy.getLoc();
  Value mask = SplatOp::create(rewriter, loc,
                               getMaskTypeFor(copy.getPtr().getType()), pred);
  if (copy.getMask())
    mask = arith::AndIOp::create(rewriter, loc, copy.getMask(), mask);
  rewriter.modifyOpInPlace(copy,
                           [&] { copy.getMaskMutable().assign(mask); });
  return copy;
}

/// Makes the dots of `loop` whose product is only the next iteration's
/// accumulator asynchronous, as Triton does: the product is waited for
/// with one group left running (tt.warp_group_dot_wait pendings 1: the
/// next dot chains on the registers while this one runs), and after the
/// loop with none. Returns the barrier after the body's last wait, which
/// the copies into the previous iteration's slot must follow, or null
/// when no dot became asynchronous.
Operation *makeDotsAsync(scf::ForOp loop) {
  Block *body = loop.getBody();
  Operation *yield = body->getTerminator();
  SmallVector<std::pair<WarpGroupDotOp, unsigned>> dots;
  for (auto dot : body->getOps<WarpGroupDotOp>()) {
    Value product = dot.getD();
    if (!product.hasOneUse() || product.getUses().begin()->getOwner() != yield)
      continue;
    unsigned index = product.getUses().begin()->getOperandNumber();
    BlockArgument carried = loop.getRegionIterArg(index);
    if (dot.getC() != carried || !carried.hasOneUse())
      continue;
    dots.emplace_back(dot, index);
  }
  if (dots.empty())
    return nullptr;
  OpBuilder b(loop.getContext());
  Operation *lastWait = nullptr;
  for (auto [dot, index] : dots) {
    dot.setIsAsync(true);
    b.setInsertionPointAfter(dot);
    auto running = WarpGroupDotWaitOp::create(b, dot.getLoc(), dot.getD(),
                                              b.getI32IntegerAttr(1));
    yield->setOperand(index, running);
    if (!lastWait || lastWait->isBeforeInBlock(running))
      lastWait = running;
    b.setInsertionPointAfter(loop);
    Value result = loop.getResult(index);
    auto done = WarpGroupDotWaitOp::create(b, dot.getLoc(), result,
                                           b.getI32IntegerAttr(0));
    result.replaceAllUsesExcept(done, done);
  }
  b.setInsertionPointAfter(lastWait);
  return DebugBarrierOp::create(b, loop.getLoc());
}

/// The kernel argument attribute that tells the launcher how to encode a
/// hidden !tt.tensor_map argument (docs/GPULowering.md#tma-copies).
constexpr StringLiteral kTensorMapAttr = "tt.tensor_map";

/// A linear form over kernel arguments as [constant, argument, coefficient,
/// argument, coefficient, ...].
DenseI64ArrayAttr encodeForm(Builder &b, const LinearForm &form) {
  SmallVector<int64_t> values = {form.constant};
  for (auto [atom, coefficient] : form.terms) {
    values.push_back(cast<BlockArgument>(atom).getArgNumber());
    values.push_back(coefficient);
  }
  return b.getDenseI64ArrayAttr(values);
}

/// The i32 value of `form` where `b` is (every atom dominates it), with
/// `replace`'s first value read as its second.
Value materialize(OpBuilder &b, Location loc, const LinearForm &form,
                  std::pair<Value, Value> replace = {}) {
  Value sum = arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(form.constant));
  for (auto [atom, coefficient] : form.terms) {
    Value term = atom == replace.first ? replace.second : atom;
    if (coefficient != 1)
      term = b.createOrFold<arith::MulIOp>(
          loc, atom,
          arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(coefficient)));
    sum = b.createOrFold<arith::AddIOp>(loc, sum, term);
  }
  return sum;
}

/// The tensor map of each tile when TMA may copy all of them in `loop`
/// (sm_90a's gpu/nvvm route): the analysis accepts the load, the loop (or
/// nothing) carries its pointers, its index arithmetic is i32, and the
/// tile is row-major in shared memory, as TMA writes boxes.
std::optional<SmallVector<TensorMapAccess, 2>>
matchTMATiles(scf::ForOp loop, ArrayRef<LoadedTile> tiles,
              const ContiguityAnalysis &contiguity) {
  SmallVector<TensorMapAccess, 2> accesses;
  for (LoadedTile tile : tiles) {
    std::string whyNot;
    std::optional<TensorMapAccess> access =
        matchTensorMapAccess(tile.load, contiguity, whyNot);
    if (!access || (access->carryingLoop && access->carryingLoop != loop))
      return std::nullopt;
    MemDescType type = tile.alloc.getType();
    auto shared = cast<SharedEncodingAttr>(type.getEncoding());
    if (type.getRank() != 2 || shared.getContiguousDim() != 1 ||
        type.getShape()[0] > 256)
      return std::nullopt;
    // Each copy's block starts at or after the first iteration's, which the
    // loop checks once (checkStartsNotNegative): the starts only grow.
    for (const TensorMapDim &dim : access->dims) {
      if (dim.advance < 0)
        return std::nullopt;
      for (auto [atom, coefficient] : dim.start.terms) {
        if (!atom.getType().isInteger(32))
          return std::nullopt;
        if (atom == loop.getInductionVar()) {
          std::optional<int64_t> step = getConstantIntValue(loop.getStep());
          if (!step || *step <= 0 || coefficient < 0)
            return std::nullopt;
        } else if (loop->isAncestor(atom.getParentRegion()->getParentOp())) {
          return std::nullopt; // computed in the loop: no first value
        }
      }
    }
    accesses.push_back(std::move(*access));
  }
  return accesses;
}

/// Appends the hidden argument that passes `access`'s tensor map, for
/// boxes of `tile`'s swizzled pieces.
Value addTensorMapArgument(FuncOp kernel, const TensorMapAccess &access,
                           MemDescType tile) {
  Builder b(kernel.getContext());
  auto shared = cast<SharedEncodingAttr>(tile.getEncoding());
  int64_t elementBytes = tile.getElementType().getIntOrFloatBitWidth() / 8;
  // Innermost first, as the driver takes them.
  SmallVector<Attribute> sizes, strides;
  for (const TensorMapDim &dim : llvm::reverse(access.dims))
    sizes.push_back(dim.size ? Attribute(encodeForm(b, *dim.size))
                             : Attribute(b.getDenseI64ArrayAttr({})));
  for (const TensorMapDim &dim : llvm::reverse(ArrayRef(access.dims).drop_back()))
    strides.push_back(encodeForm(b, dim.stride));
  NamedAttribute entries[] = {
      b.getNamedAttr("base", b.getI32IntegerAttr(
                                 cast<BlockArgument>(access.base).getArgNumber())),
      b.getNamedAttr("element_bytes", b.getI32IntegerAttr(elementBytes)),
      b.getNamedAttr("sizes", b.getArrayAttr(sizes)),
      b.getNamedAttr("strides", b.getArrayAttr(strides)),
      b.getNamedAttr("box", b.getDenseI32ArrayAttr(
                                {static_cast<int32_t>(shared.getSwizzle() /
                                                      elementBytes),
                                 static_cast<int32_t>(tile.getShape()[0])})),
      b.getNamedAttr("swizzle", b.getI32IntegerAttr(shared.getSwizzle()))};
  unsigned index = kernel.getNumArguments();
  (void)kernel.insertArgument(
      index, TensorMapType::get(kernel.getContext()),
      b.getDictionaryAttr(b.getNamedAttr(kTensorMapAttr,
                                         b.getDictionaryAttr(entries))),
      kernel.getLoc());
  return kernel.getArgument(index);
}

/// Stops the launch (tt.assert {trap}) when a tile's block would start at a
/// negative index in the loop's first iteration, hence in any: TMA reads
/// zeros there, where the pointers read the memory before the base
/// (docs/GPULowering.md#tma-copies). Emitted before `loop`; nothing when
/// the starts fold to constants that are not negative.
void checkStartsNotNegative(OpBuilder &b, scf::ForOp loop, LoadOp load,
                            const TensorMapAccess &access) {
  Location loc = load.getLoc();
  Value zero = arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(0));
  Value allOk;
  for (const TensorMapDim &dim : access.dims) {
    Value start = materialize(b, loc, dim.start,
                              {loop.getInductionVar(), loop.getLowerBound()});
    Value ok = b.createOrFold<arith::CmpIOp>(loc, arith::CmpIPredicate::sge,
                                             start, zero);
    if (matchPattern(ok, m_One()))
      continue;
    allOk = allOk ? b.createOrFold<arith::AndIOp>(loc, allOk, ok) : ok;
  }
  // A trap, not a call to __assertfail: that would serialize the wgmma.
  if (allOk)
    AssertOp::create(b, loc, allOk,
                     b.getStringAttr(
                         "this load's block starts at a negative index, which "
                         "its TMA copy reads as zeros; set MYTRITON_TMA=0 to "
                         "load it with pointers"),
                     /*trap=*/true);
}

/// Per dimension of `access` (outermost first), whether its size is
/// positive, where `b` is (before the loop); null where that folds to true.
/// TMA cannot encode a size of 0 or less (the launcher encodes 1): the
/// copies then move the block to where it reads only zeros, which is what
/// the pointers read too, all masked off (K = 0 in tutorial 03; a wrapped
/// dimension's rows reach no store then).
SmallVector<Value> createSizeChecks(OpBuilder &b, Location loc,
                                    const TensorMapAccess &access) {
  SmallVector<Value> checks;
  Value zero = arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(0));
  for (const TensorMapDim &dim : access.dims) {
    Value ok;
    if (dim.size) {
      ok = b.createOrFold<arith::CmpIOp>(loc, arith::CmpIPredicate::sgt,
                                         materialize(b, loc, *dim.size), zero);
      if (matchPattern(ok, m_One()))
        ok = Value();
    }
    checks.push_back(ok);
  }
  return checks;
}

/// The block's coordinates (outermost first) in the iteration of `loop`
/// where `b` is: each dimension's start, moved by its advance per
/// iteration when `loop` carries the pointers; minus the tile's extent
/// (all outside the tensor) where `sizeChecks` says the size is not
/// positive.
SmallVector<Value> createCoordinates(OpBuilder &b, Location loc, scf::ForOp loop,
                                     const TensorMapAccess &access,
                                     ArrayRef<Value> sizeChecks) {
  SmallVector<Value> coords;
  for (auto [dim, sizeOk] : llvm::zip(access.dims, sizeChecks)) {
    Value coord = materialize(b, loc, dim.start);
    if (dim.advance != 0) {
      Value iv = loop.getInductionVar();
      Value index = b.createOrFold<arith::DivSIOp>(
          loc, b.createOrFold<arith::SubIOp>(loc, iv, loop.getLowerBound()),
          loop.getStep());
      if (!index.getType().isInteger(32))
        index = b.createOrFold<arith::TruncIOp>(loc, b.getI32Type(), index);
      coord = b.createOrFold<arith::AddIOp>(
          loc, coord,
          b.createOrFold<arith::MulIOp>(
              loc, index,
              arith::ConstantOp::create(b, loc,
                                        b.getI32IntegerAttr(dim.advance))));
    }
    if (sizeOk)
      coord = arith::SelectOp::create(
          b, loc, sizeOk, coord,
          arith::ConstantOp::create(
              b, loc, b.getI32IntegerAttr(-static_cast<int32_t>(dim.box))));
    coords.push_back(coord);
  }
  return coords;
}

/// The parity of the phase of its slot's barrier that the body's iteration
/// waits for: ((iv - lb) / step / stages) & 1.
Value createPhase(OpBuilder &b, Location loc, scf::ForOp loop, int64_t stages) {
  Value iv = loop.getInductionVar();
  Type type = iv.getType();
  Value index = b.createOrFold<arith::DivSIOp>(
      loc, b.createOrFold<arith::SubIOp>(loc, iv, loop.getLowerBound()),
      loop.getStep());
  Value round = b.createOrFold<arith::DivSIOp>(
      loc, index, arith::ConstantOp::create(b, loc, IntegerAttr::get(type, stages)));
  Value parity = b.createOrFold<arith::AndIOp>(
      loc, round, arith::ConstantOp::create(b, loc, IntegerAttr::get(type, 1)));
  if (!type.isInteger(32))
    parity = b.createOrFold<arith::TruncIOp>(loc, b.getI32Type(), parity);
  return parity;
}

/// Rewrites `loop`'s loaded tiles into copies S - 1 iterations ahead: TMA
/// copies onto a barrier per slot when `maps` has each tile's tensor map,
/// else cp.async.
LogicalResult pipelineLoop(scf::ForOp loop, MutableArrayRef<LoadedTile> tiles,
                           int64_t stages, ArrayRef<TensorMapAccess> maps) {
  MLIRContext *context = loop.getContext();
  Location loc = loop.getLoc();
  bool tma = !maps.empty();
  OpBuilder b(loop);
  SmallVector<Value> stacks;
  for (LoadedTile &tile : tiles)
    stacks.push_back(LocalAllocOp::create(
        b, tile.alloc.getLoc(), getStackType(tile.alloc.getType(), stages),
        Value()));
  Value barriers, always;
  SmallVector<Value> mapArgs;
  SmallVector<SmallVector<Value>> sizeChecks;
  if (tma) {
    barriers = InitBarriersOp::create(b, loc, MBarriersType::get(context, stages),
                                      b.getI32IntegerAttr(1));
    always = arith::ConstantOp::create(b, loc, b.getBoolAttr(true));
    auto kernel = loop->getParentOfType<FuncOp>();
    for (auto [tile, access] : llvm::zip(tiles, maps)) {
      checkStartsNotNegative(b, loop, tile.load, access);
      sizeChecks.push_back(createSizeChecks(b, tile.load.getLoc(), access));
      mapArgs.push_back(
          addTensorMapArgument(kernel, access, tile.alloc.getType()));
    }
  } else {
    // The last copies (zeros, past the end) land before the stacks' bytes
    // are reused after the loop. (TMA copies past the end are predicated
    // off, and every other one was waited for.)
    b.setInsertionPointAfter(loop);
    AsyncWaitOp::create(b, loc, b.getI32IntegerAttr(0));
  }

  // Issue: each load becomes a copy into its iteration's slot; one group
  // (cp.async) or one armed barrier (TMA) per iteration.
  SmallVector<Operation *> issued;
  Operation *firstLoad = tiles.front().load;
  for (LoadedTile &tile : tiles)
    if (tile.load->isBeforeInBlock(firstLoad))
      firstLoad = tile.load;
  if (tma) {
    int64_t bytes = 0;
    for (LoadedTile &tile : tiles) {
      MemDescType type = tile.alloc.getType();
      bytes += type.getNumElements() *
               type.getElementType().getIntOrFloatBitWidth() / 8;
    }
    b.setInsertionPoint(firstLoad);
    Value slot = createSlot(b, loc, loop, stages);
    issued.push_back(BarrierExpectOp::create(
        b, loc, barriers, slot, b.getI32IntegerAttr(bytes), always));
  }
  for (auto [i, tile] : llvm::enumerate(tiles)) {
    Value stack = stacks[i];
    b.setInsertionPoint(tile.load);
    Location tileLoc = tile.load.getLoc();
    Value slot = createSlot(b, tileLoc, loop, stages);
    Value view = MemDescIndexOp::create(
        b, tileLoc, cast<MemDescType>(stack.getType()).getTileType(), stack,
        slot);
    if (tma) {
      SmallVector<Value> coords =
          createCoordinates(b, tileLoc, loop, maps[i], sizeChecks[i]);
      issued.push_back(AsyncTMACopyGlobalToLocalOp::create(
          b, tileLoc, mapArgs[i], coords, view, barriers, slot, always));
    } else {
      issued.push_back(AsyncCopyGlobalToLocalOp::create(
          b, tileLoc, tile.load.getPtr(), view, tile.load.getMask(),
          tile.load.getOther()));
    }
  }
  if (!tma) {
    Operation *last = issued.front();
    for (Operation *copy : issued)
      if (last->isBeforeInBlock(copy))
        last = copy;
    b.setInsertionPointAfter(last);
    issued.push_back(AsyncCommitGroupOp::create(b, loc));
  }

  // Consume: wait for this iteration's copies, then read its slot.
  b.setInsertionPointToStart(loop.getBody());
  Operation *wait;
  if (tma) {
    Value slot = createSlot(b, loc, loop, stages);
    Value phase = createPhase(b, loc, loop, stages);
    wait = WaitBarrierOp::create(b, loc, barriers, slot, phase);
  } else {
    wait = AsyncWaitOp::create(b, loc, b.getI32IntegerAttr(stages - 2));
  }
  for (auto [tile, stack] : llvm::zip(tiles, stacks)) {
    b.setInsertionPoint(tile.alloc);
    Value slot = createSlot(b, tile.alloc.getLoc(), loop, stages);
    Value view = MemDescIndexOp::create(
        b, tile.alloc.getLoc(),
        cast<MemDescType>(stack.getType()).getTileType(), stack, slot);
    Value pointers = tile.load.getPtr();
    tile.alloc.getResult().replaceAllUsesWith(view);
    tile.alloc.erase();
    tile.load.erase();
    // A pointer tile that TMA replaced and only the loop advances: its
    // chain starts from the initial pointers, so that it folds away.
    auto arg = dyn_cast<BlockArgument>(pointers);
    if (tma && arg && arg.getOwner() == loop.getBody() &&
        arg != loop.getInductionVar() &&
        loop.getTiedLoopResult(arg).use_empty() &&
        llvm::all_of(arg.getUsers(),
                     [](Operation *user) { return isa<AddPtrOp>(user); }))
      arg.replaceAllUsesWith(loop.getTiedLoopInit(arg)->get());
  }

  FailureOr<llvm::SetVector<Operation *>> issue = getIssueSlice(loop, issued);
  if (failed(issue))
    return loop.emitOpError() << "could not be pipelined after its loads "
                                 "became copies (an address depends on memory)";
  // The order. Synchronous dots: the wait (whose barrier frees the slot the
  // next copies overwrite, read by the previous iteration's dots), the
  // copies for S - 1 iterations ahead, then the rest of this iteration.
  // Asynchronous dots: the wait, this iteration (its dots run on while the
  // previous ones are waited for, then a barrier: no warpgroup reads the
  // previous slot any more), then the copies into that slot.
  Operation *barrier = makeDotsAsync(loop);
  // Synchronous dots with TMA: the barrier wait is per thread, so a block
  // barrier frees the slot that the copies overwrite.
  if (tma && !barrier) {
    OpBuilder after(wait->getContext());
    after.setInsertionPointAfter(wait);
    wait = DebugBarrierOp::create(after, loc);
  }
  // The wait and what it needs (its slot and phase) come first.
  llvm::SetVector<Operation *> waiting;
  for (Operation &op : loop.getBody()->without_terminator()) {
    waiting.insert(&op);
    if (&op == wait)
      break;
  }
  std::vector<std::pair<Operation *, unsigned>> schedule;
  for (Operation *op : waiting)
    schedule.emplace_back(op, stages - 1);
  auto addIssue = [&] {
    for (Operation &op : loop.getBody()->without_terminator())
      if (issue->contains(&op))
        schedule.emplace_back(&op, 0);
  };
  if (!barrier)
    addIssue();
  for (Operation &op : loop.getBody()->without_terminator())
    if (!waiting.contains(&op) && !issue->contains(&op))
      schedule.emplace_back(&op, stages - 1);
  if (barrier)
    addIssue();

  scf::PipeliningOption options;
  options.getScheduleFn = [&](scf::ForOp,
                              std::vector<std::pair<Operation *, unsigned>>
                                  &result) { result = schedule; };
  options.peelEpilogue = false;
  options.supportDynamicLoops = true;
  options.predicateFn = predicateCopy;
  IRRewriter rewriter(context);
  rewriter.setInsertionPoint(loop);
  if (failed(scf::pipelineForLoop(rewriter, loop, options)))
    return loop.emitOpError() << "could not be software-pipelined";
  return success();
}

struct TTPipeline : tt::impl::TTPipelineBase<TTPipeline> {
  using TTPipelineBase::TTPipelineBase;

  void runOnOperation() override {
    FuncOp kernel = getOperation();
    SmallVector<scf::ForOp> loops;
    kernel.walk([&](scf::ForOp loop) { loops.push_back(loop); });
    for (scf::ForOp loop : loops) {
      int64_t requested = numStages;
      if (std::optional<uint32_t> stages = kernel.getNumStages())
        requested = *stages;
      if (auto attr = loop->getAttrOfType<IntegerAttr>(kLoopStagesAttr))
        requested = attr.getInt();
      SmallVector<LoadedTile> tiles = findLoadedTiles(loop);
      if (tiles.empty() || !yieldsBodyValues(loop))
        continue;
      // An address that depends on memory cannot be computed ahead.
      SmallVector<Operation *> loads;
      for (LoadedTile &tile : tiles)
        loads.push_back(tile.load);
      if (failed(getIssueSlice(loop, loads)))
        continue;
      int64_t stages = fitStages(tiles, requested);
      if (stages < 2)
        continue;
      // Facts of the IR as it is now: earlier loops were rewritten.
      SmallVector<TensorMapAccess, 2> maps;
      if (tma)
        if (std::optional<SmallVector<TensorMapAccess, 2>> matched =
                matchTMATiles(loop, tiles, ContiguityAnalysis(kernel)))
          maps = std::move(*matched);
      if (failed(pipelineLoop(loop, tiles, stages, maps)))
        return signalPassFailure();
    }
  }
};

} // namespace
