//===- AtomicsToGPU.cpp - tt.atomic_rmw and tt.atomic_cas ------------------===//
//
// Each lane of a thread is one PTX `atom` behind its mask bit, written as
// inline assembly: LLVM 22's NVPTX backend drops the ordering and scope of
// `atomicrmw` (it prints a bare `atom.global.add.f32` for an acq_rel
// device-scope fadd), so the qualifiers Triton's `sem=` and `scope=` ask
// for would be lost. `atom.acq_rel.gpu.global.add.f32` is what Triton
// emits too. Elements are 16 (f16/bf16 fadd, compare-and-swap), 32 or 64
// bits wide, 16-bit floats passed as their bits. Float max/min are Triton's
// two integer atomics on the bits: a signed max (min) where the value's
// sign bit is clear, an unsigned min (max) where it is set. A masked-off
// lane touches no memory and yields 0. (atom.add.noftz.bf16 needs sm_90:
// check-nvvm-target refuses it on older chips.)
//
// A scalar atomic happens once per program: thread 0 performs it and, when
// its old value is used, publishes it through a workgroup slot (one per
// packed program) between two barriers, so every thread sees it (a spin
// lock's loop condition is then uniform over the block). Its ordering is
// the program's: a barrier before a release (acq_rel) one and after an
// acquire (acq_rel) one, so a lock released by thread 0 publishes what
// every thread of the program stored, and one acquired by it orders what
// every thread loads next. With packed
// programs, a program past the grid's end performs no atomic, as it does
// no store.
//
//===----------------------------------------------------------------------===//

#include "MyTriton/Dialect/TT/IR/PTXAtomics.h"
#include "TTToGPUInternal.h"

#include "MyTriton/Dialect/TT/IR/TTDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::mytriton;

namespace {

constexpr unsigned kWorkgroupAddressSpace = 3;

/// ".acq_rel.gpu": the PTX ordering and scope qualifiers of an atomic.
std::string getQualifiers(tt::MemSemantic sem, tt::MemSyncScope scope) {
  std::string s = ".";
  s += tt::stringifyMemSemantic(sem).str(); // relaxed acquire release acq_rel
  switch (scope) {
  case tt::MemSyncScope::GPU:
    s += ".gpu";
    break;
  case tt::MemSyncScope::CTA:
    s += ".cta";
    break;
  case tt::MemSyncScope::System:
    s += ".sys";
    break;
  }
  return s;
}

/// The inline-asm register constraint of a value: 'h', 'r', 'l' for 16-,
/// 32- and 64-bit integers, 'f' and 'd' for f32 and f64 (16-bit floats
/// travel as their i16 bits: PTX holds them in .b16 registers).
char getConstraint(Type type) {
  if (type.isF32())
    return 'f';
  if (type.isF64())
    return 'd';
  switch (type.getIntOrFloatBitWidth()) {
  case 16:
    return 'h';
  case 32:
    return 'r';
  default:
    return 'l';
  }
}

/// The integer type of `type`'s width.
Type getBitsType(Type type) {
  return IntegerType::get(type.getContext(), type.getIntOrFloatBitWidth());
}

/// `value` as an asm operand: a 16-bit float as its bits.
Value toAsmOperand(OpBuilder &b, Location loc, Value value) {
  Type type = value.getType();
  if (type.isF16() || type.isBF16())
    return arith::BitcastOp::create(b, loc, getBitsType(type), value);
  return value;
}

/// `atom<qualifiers>.global.<op> $0, [$1], $2(, $3);` on `ptr` with
/// `operands`, returning the old value of type `type`.
Value emitAtom(OpBuilder &b, Location loc, StringRef qualifiers,
               StringRef opAndType, Type type, Value ptr,
               ValueRange operands) {
  std::string text = ("atom" + qualifiers + ".global." + opAndType +
                      " $0, [$1]").str();
  std::string constraints = "=";
  constraints += getConstraint(type);
  constraints += ",l";
  SmallVector<Value> asmOperands = {ptr};
  for (auto [i, operand] : llvm::enumerate(operands)) {
    text += ", $" + std::to_string(i + 2);
    constraints += ",";
    constraints += getConstraint(operand.getType());
    asmOperands.push_back(operand);
  }
  text += ";";
  // "memory": the atomic orders the accesses around it.
  constraints += ",~{memory}";
  auto asmOp = LLVM::InlineAsmOp::create(
      b, loc, type, asmOperands, text, constraints,
      /*has_side_effects=*/true, /*is_align_stack=*/false,
      LLVM::tailcallkind::TailCallKind::None,
      LLVM::AsmDialectAttr::get(b.getContext(), LLVM::AsmDialect::AD_ATT),
      /*operand_attrs=*/ArrayAttr());
  return asmOp->getResult(0);
}

/// One lane's atomic_rmw: float max/min as Triton splits them by sign.
Value emitRMWLane(OpBuilder &b, Location loc, tt::RMWOp kind,
                  StringRef qualifiers, Value ptr, Value val) {
  Type type = val.getType();
  if (kind != tt::RMWOp::FMax && kind != tt::RMWOp::FMin) {
    Value operand = toAsmOperand(b, loc, val);
    Value old = emitAtom(b, loc, qualifiers, tt::getPTXAtomicOp(kind, type),
                         operand.getType(), ptr, {operand});
    if (old.getType() == type)
      return old;
    return arith::BitcastOp::create(b, loc, type, old);
  }
  Type bitsType = getBitsType(type);
  std::string width = std::to_string(bitsType.getIntOrFloatBitWidth());
  Value bits = arith::BitcastOp::create(b, loc, bitsType, val);
  Value zero = arith::ConstantOp::create(b, loc, b.getIntegerAttr(bitsType, 0));
  Value negative =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, bits, zero);
  bool isMax = kind == tt::RMWOp::FMax;
  auto ifOp = scf::IfOp::create(
      b, loc, negative,
      [&](OpBuilder &b, Location loc) {
        scf::YieldOp::create(
            b, loc,
            emitAtom(b, loc, qualifiers, (isMax ? "min.u" : "max.u") + width,
                     bitsType, ptr, {bits}));
      },
      [&](OpBuilder &b, Location loc) {
        scf::YieldOp::create(
            b, loc,
            emitAtom(b, loc, qualifiers, (isMax ? "max.s" : "min.s") + width,
                     bitsType, ptr, {bits}));
      });
  return arith::BitcastOp::create(b, loc, type, ifOp.getResult(0));
}

/// One lane's atomic_cas; floats compare and swap as bits.
Value emitCASLane(OpBuilder &b, Location loc, StringRef qualifiers, Value ptr,
                  Value cmp, Value val) {
  Type type = val.getType();
  Type bitsType = getBitsType(type);
  if (type != bitsType) {
    cmp = arith::BitcastOp::create(b, loc, bitsType, cmp);
    val = arith::BitcastOp::create(b, loc, bitsType, val);
  }
  std::string op = "cas.b" + std::to_string(bitsType.getIntOrFloatBitWidth());
  Value old = emitAtom(b, loc, qualifiers, op, bitsType, ptr, {cmp, val});
  if (type != bitsType)
    old = arith::BitcastOp::create(b, loc, type, old);
  return old;
}

/// `body()` behind `enabled` (null: always), yielding 0 of `type` when it
/// does not run.
Value emitGuarded(OpBuilder &b, Location loc, Value enabled, Type type,
                  function_ref<Value(OpBuilder &, Location)> body) {
  if (!enabled)
    return body(b, loc);
  auto ifOp = scf::IfOp::create(
      b, loc, enabled,
      [&](OpBuilder &b, Location loc) {
        scf::YieldOp::create(b, loc, body(b, loc));
      },
      [&](OpBuilder &b, Location loc) {
        scf::YieldOp::create(
            b, loc,
            Value(arith::ConstantOp::create(b, loc, type,
                                            b.getZeroAttr(type))));
      });
  return ifOp.getResult(0);
}

Value andOf(OpBuilder &b, Location loc, Value lhs, Value rhs) {
  if (!lhs)
    return rhs;
  if (!rhs)
    return lhs;
  return arith::AndIOp::create(b, loc, lhs, rhs);
}

/// The bytes of a scalar slot, its alignment too.
unsigned getElementBytes(Type element) {
  return element.getIntOrFloatBitWidth() / 8;
}

/// A workgroup array of one `element` per packed program, new in the
/// gpu.module of `op`, to publish a scalar atomic's old value.
FailureOr<LLVM::GlobalOp> createResultSlots(OpBuilder &b, Operation *op,
                                            Type element) {
  auto module = op->getParentOfType<gpu::GPUModuleOp>();
  auto kernel = op->getParentOfType<gpu::GPUFuncOp>();
  if (!module || !kernel)
    return failure();
  SymbolTable symbols(module);
  std::string name;
  for (unsigned i = 0;; ++i) {
    name = (kernel.getName() + "_atomic_result_" + Twine(i)).str();
    if (!symbols.lookup(name))
      break;
  }
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(module.getBody());
  auto type = LLVM::LLVMArrayType::get(element, getProgramsPerCTA(kernel));
  return LLVM::GlobalOp::create(b, op->getLoc(), type, /*isConstant=*/false,
                                LLVM::Linkage::Internal, name,
                                /*value=*/Attribute(), getElementBytes(element),
                                kWorkgroupAddressSpace);
}

Value i32Constant(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantOp::create(
      b, loc, b.getI32IntegerAttr(static_cast<int32_t>(value)));
}

/// A tiled kernel's tensor atomic: every element once, by its owner (the
/// thread whose replicating bits are clear, its first register holding the
/// element), as tiled stores are. When the old values are used and threads
/// replicate elements, the owners publish theirs through the scratch buffer
/// (slot = the element's row-major index) and every holder reads its own,
/// so a replica sees what its element's one atomic returned.
template <typename SourceOp>
LogicalResult
lowerTiledAtomic(SourceOp op, Value mask, Type resultType, Attribute layout,
                 Value live, ConversionPatternRewriter &rewriter,
                 function_ref<Value(OpBuilder &, Location, int64_t)> laneFn) {
  Location loc = op.getLoc();
  auto type = cast<RankedTensorType>(op.getPtr().getType());
  tt::LayoutBases bases = tt::getLayoutBases(layout, type.getShape());
  Type element = getElementTypeOrSelf(resultType);
  SmallVector<bool> duplicate = getDuplicateRegisters(bases);
  int64_t replicaBits = getReplicaThreadBits(bases);
  Value owner;
  if (replicaBits) {
    Value bits =
        arith::AndIOp::create(rewriter, loc, createThreadIdX(rewriter, loc),
                              i32Constant(rewriter, loc, replicaBits));
    owner = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq, bits,
                                  i32Constant(rewriter, loc, 0));
  }
  // Registers holding the same element as an earlier one take its value.
  SmallVector<Value> registers(bases.registerOffsets.size());
  DenseMap<ArrayRef<int64_t>, unsigned> firstHolder;
  for (size_t r = 0; r < bases.registerOffsets.size(); ++r) {
    // A lambda below captures r: a plain variable (C++17 cannot capture a
    // structured binding).
    if (!firstHolder.try_emplace(bases.registerOffsets[r], r).second)
      continue;
    Value enabled = andOf(rewriter, loc, andOf(rewriter, loc, live, owner),
                          mask ? extractLane(rewriter, loc, mask, r) : Value());
    registers[r] =
        emitGuarded(rewriter, loc, enabled, element,
                    [&](OpBuilder &b, Location l) { return laneFn(b, l, r); });
  }
  if (replicaBits && !op->use_empty()) {
    Type storage = getScratchStorageType(element);
    Value view =
        getTiledScratchView(rewriter, loc, op, storage, type.getNumElements());
    if (!view)
      return rewriter.notifyMatchFailure(op, "no workgroup scratch buffer");
    SmallVector<int64_t> strides = getRowMajorStrides(type.getShape());
    Value thread = createDot(rewriter, loc,
                             createThreadCoords(rewriter, loc, bases), strides);
    auto slot = [&](OpBuilder &b, ArrayRef<int64_t> offset) -> Value {
      int64_t constant = 0;
      for (auto [c, stride] : llvm::zip_equal(offset, strides))
        constant += c * stride;
      Value index = arith::AddIOp::create(
          b, loc, thread, i32Constant(b, loc, constant), kIndexFlags);
      return arith::IndexCastUIOp::create(b, loc, b.getIndexType(), index);
    };
    // Whoever used the buffer before has read it.
    gpu::BarrierOp::create(rewriter, loc);
    {
      auto ifOwner = scf::IfOp::create(rewriter, loc, owner,
                                       /*withElseRegion=*/false);
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(ifOwner.thenBlock());
      for (auto [r, offset] : llvm::enumerate(bases.registerOffsets))
        if (!duplicate[r])
          memref::StoreOp::create(rewriter, loc,
                                  toScratchStorage(rewriter, loc, registers[r]),
                                  view, slot(rewriter, offset));
    }
    gpu::BarrierOp::create(rewriter, loc);
    for (auto [r, offset] : llvm::enumerate(bases.registerOffsets))
      if (!duplicate[r])
        registers[r] = fromScratchStorage(
            rewriter, loc,
            memref::LoadOp::create(rewriter, loc, view, slot(rewriter, offset)),
            element);
  }
  for (auto [r, offset] : llvm::enumerate(bases.registerOffsets))
    if (duplicate[r])
      registers[r] = registers[firstHolder.lookup(offset)];
  rewriter.replaceOp(op, fromLanes(rewriter, loc, resultType, registers));
  return success();
}

/// The lanes of a tensor atomic, or the once-per-program scalar one with
/// its old value broadcast. `laneFn(b, loc, lane)` performs lane `lane`.
template <typename SourceOp>
LogicalResult
lowerAtomic(SourceOp op, Value ptrs, Value mask, Type resultType,
            ConversionPatternRewriter &rewriter,
            function_ref<Value(OpBuilder &, Location, int64_t)> laneFn) {
  Location loc = op.getLoc();
  auto kernel = op->template getParentOfType<gpu::GPUFuncOp>();
  if (!kernel)
    return rewriter.notifyMatchFailure(op, "not in a gpu.func yet");
  Value live;
  if (getProgramsPerCTA(kernel) > 1)
    live = createProgramLive(rewriter, loc, kernel,
                             op->hasAttr(kGridAxis0FastestAttr));
  Type element = getElementTypeOrSelf(resultType);

  if (Attribute layout = tt::getLayoutEncoding(op.getPtr().getType()))
    return lowerTiledAtomic(op, mask, resultType, layout, live, rewriter,
                            laneFn);
  if (isa<RankedTensorType>(op.getPtr().getType())) {
    SmallVector<Value> lanes;
    for (int64_t lane = 0, e = getLanesPerThread(resultType); lane < e;
         ++lane) {
      Value enabled =
          andOf(rewriter, loc, live,
                mask ? extractLane(rewriter, loc, mask, lane) : Value());
      lanes.push_back(emitGuarded(rewriter, loc, enabled, element,
                                  [&](OpBuilder &b, Location l) {
                                    return laneFn(b, l, lane);
                                  }));
    }
    rewriter.replaceOp(op, fromLanes(rewriter, loc, resultType, lanes));
    return success();
  }

  Value zero = arith::ConstantOp::create(rewriter, loc,
                                         rewriter.getI32IntegerAttr(0));
  Value isFirst = arith::CmpIOp::create(rewriter, loc,
                                        arith::CmpIPredicate::eq,
                                        createThreadIdX(rewriter, loc), zero);
  Value enabled = andOf(rewriter, loc, andOf(rewriter, loc, isFirst, mask),
                        live);
  // Thread 0 acts for the program, so the barriers make its ordering the
  // program's: one before a release lets it publish every thread's earlier
  // accesses, one after an acquire orders every thread's later ones.
  tt::MemSemantic sem = op.getSem();
  bool used = !op->use_empty();
  bool barrierBefore = used || sem == tt::MemSemantic::Release ||
                       sem == tt::MemSemantic::AcqRel;
  bool barrierAfter = used || sem == tt::MemSemantic::Acquire ||
                      sem == tt::MemSemantic::AcqRel;
  Value slot;
  if (used) {
    FailureOr<LLVM::GlobalOp> slots =
        createResultSlots(rewriter, op, element);
    if (failed(slots))
      return rewriter.notifyMatchFailure(op, "no gpu.module for the slots");
    Value base = LLVM::AddressOfOp::create(rewriter, loc, *slots);
    Value program =
        getProgramsPerCTA(kernel) > 1
            ? Value(arith::IndexCastUIOp::create(
                  rewriter, loc, rewriter.getI32Type(),
                  gpu::ThreadIdOp::create(rewriter, loc, gpu::Dimension::y)))
            : zero;
    slot = LLVM::GEPOp::create(
        rewriter, loc, base.getType(), slots->getType(), base,
        ArrayRef<LLVM::GEPArg>{0, program}, LLVM::GEPNoWrapFlags::inbounds);
  }
  // With a used result, the first barrier also keeps an earlier run of this
  // op (in a loop) from overwriting the slot before every thread read it.
  if (barrierBefore)
    gpu::BarrierOp::create(rewriter, loc);
  {
    auto ifOp = scf::IfOp::create(rewriter, loc, enabled,
                                  /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(ifOp.thenBlock());
    Value old = laneFn(rewriter, loc, 0);
    if (slot)
      LLVM::StoreOp::create(rewriter, loc, old, slot,
                            getElementBytes(element));
  }
  if (barrierAfter)
    gpu::BarrierOp::create(rewriter, loc);
  if (!used) {
    rewriter.eraseOp(op);
    return success();
  }
  rewriter.replaceOp(op, LLVM::LoadOp::create(rewriter, loc, element, slot,
                                              getElementBytes(element)));
  return success();
}

struct AtomicRMWOpLowering : OpConversionPattern<tt::AtomicRMWOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tt::AtomicRMWOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = typeConverter->convertType(op.getType());
    if (!type)
      return failure();
    std::string qualifiers = getQualifiers(op.getSem(), op.getScope());
    tt::RMWOp kind = op.getAtomicRmwOp();
    Value ptrs = adaptor.getPtr(), vals = adaptor.getVal();
    return lowerAtomic(op, ptrs, adaptor.getMask(), type, rewriter,
                       [&](OpBuilder &b, Location loc, int64_t lane) {
                         // Named first: argument order is unspecified, and
                         // the IR must not depend on the compiler.
                         Value ptr = extractLane(b, loc, ptrs, lane);
                         Value val = extractLane(b, loc, vals, lane);
                         return emitRMWLane(b, loc, kind, qualifiers, ptr,
                                            val);
                       });
  }
};

struct AtomicCASOpLowering : OpConversionPattern<tt::AtomicCASOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tt::AtomicCASOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = typeConverter->convertType(op.getType());
    if (!type)
      return failure();
    std::string qualifiers = getQualifiers(op.getSem(), op.getScope());
    Value ptrs = adaptor.getPtr(), cmps = adaptor.getCmp();
    Value vals = adaptor.getVal();
    return lowerAtomic(op, ptrs, Value(), type, rewriter,
                       [&](OpBuilder &b, Location loc, int64_t lane) {
                         Value ptr = extractLane(b, loc, ptrs, lane);
                         Value cmp = extractLane(b, loc, cmps, lane);
                         Value val = extractLane(b, loc, vals, lane);
                         return emitCASLane(b, loc, qualifiers, ptr, cmp, val);
                       });
  }
};

} // namespace

int64_t mytriton::getAtomicScratchBytes(Operation *op) {
  if (!isa<tt::AtomicRMWOp, tt::AtomicCASOp>(op) || op->use_empty())
    return 0;
  auto type = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
  Attribute layout = type ? tt::getLayoutEncoding(type) : Attribute();
  if (!layout ||
      !getReplicaThreadBits(tt::getLayoutBases(layout, type.getShape())))
    return 0;
  Type element = cast<tt::PointerType>(type.getElementType()).getPointeeType();
  return type.getNumElements() * (element.getIntOrFloatBitWidth() / 8);
}

void mytriton::populateTTAtomicsToGPUPatterns(
    const TypeConverter &typeConverter, RewritePatternSet &patterns) {
  patterns.add<AtomicRMWOpLowering, AtomicCASOpLowering>(
      typeConverter, patterns.getContext());
}
