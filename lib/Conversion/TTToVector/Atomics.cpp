//===- Atomics.cpp - tt.atomic_rmw and tt.atomic_cas on the host ----------===//
//
// The CPU runner calls a kernel's programs one after another on one thread
// (the grid loop of FuncOpLowering), so no other program runs while one
// performs an atomic. A plain load, combine and store per lane, in lane
// order, is then exactly a sequential execution of the atomics: each lane
// sees the element as the lanes and programs before it left it, including
// lanes of the same op that address one element. The lanes run in an
// scf.for over the vectors (dynamic extract/insert), so the code does not
// grow with the tensor; masked-off lanes touch no memory and yield 0.
// Orderings and scopes need no code: one thread's accesses are in program
// order. (LLVM atomics would be correct too, but slower, and order nothing
// that the single thread does not already order.)
//
//===----------------------------------------------------------------------===//

#include "Atomics.h"

#include "MyTriton/Dialect/TT/IR/TTDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::mytriton;

namespace {

/// `old <kind> val`, the element an atomic_rmw leaves. fmax/fmin are
/// Triton's: on the bits, a signed max (min) where `val`'s sign bit is
/// clear, an unsigned min (max) where it is set.
Value combine(OpBuilder &b, Location loc, tt::RMWOp kind, Value old,
              Value val) {
  switch (kind) {
  case tt::RMWOp::Add:
    return arith::AddIOp::create(b, loc, old, val);
  case tt::RMWOp::FAdd:
    return arith::AddFOp::create(b, loc, old, val);
  case tt::RMWOp::Max:
    return arith::MaxSIOp::create(b, loc, old, val);
  case tt::RMWOp::Min:
    return arith::MinSIOp::create(b, loc, old, val);
  case tt::RMWOp::UMax:
    return arith::MaxUIOp::create(b, loc, old, val);
  case tt::RMWOp::UMin:
    return arith::MinUIOp::create(b, loc, old, val);
  case tt::RMWOp::And:
    return arith::AndIOp::create(b, loc, old, val);
  case tt::RMWOp::Or:
    return arith::OrIOp::create(b, loc, old, val);
  case tt::RMWOp::Xor:
    return arith::XOrIOp::create(b, loc, old, val);
  case tt::RMWOp::Xchg:
    return val;
  case tt::RMWOp::FMax:
  case tt::RMWOp::FMin: {
    Type bitsType = b.getIntegerType(val.getType().getIntOrFloatBitWidth());
    Value oldBits = arith::BitcastOp::create(b, loc, bitsType, old);
    Value valBits = arith::BitcastOp::create(b, loc, bitsType, val);
    Value zero = arith::ConstantOp::create(b, loc, b.getIntegerAttr(bitsType, 0));
    Value negative = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                           valBits, zero);
    bool isMax = kind == tt::RMWOp::FMax;
    Value ifPositive =
        isMax ? Value(arith::MaxSIOp::create(b, loc, oldBits, valBits))
              : Value(arith::MinSIOp::create(b, loc, oldBits, valBits));
    Value ifNegative =
        isMax ? Value(arith::MinUIOp::create(b, loc, oldBits, valBits))
              : Value(arith::MaxUIOp::create(b, loc, oldBits, valBits));
    Value bits =
        arith::SelectOp::create(b, loc, negative, ifNegative, ifPositive);
    return arith::BitcastOp::create(b, loc, val.getType(), bits);
  }
  }
  llvm_unreachable("unknown atomic kind");
}

/// `old == cmp ? val : old` with floats compared as bits (atomic_cas).
Value compareAndSwap(OpBuilder &b, Location loc, Value old, Value cmp,
                     Value val) {
  Type type = old.getType();
  Value oldBits = old, cmpBits = cmp;
  if (isa<FloatType>(type)) {
    Type bitsType = b.getIntegerType(type.getIntOrFloatBitWidth());
    oldBits = arith::BitcastOp::create(b, loc, bitsType, old);
    cmpBits = arith::BitcastOp::create(b, loc, bitsType, cmp);
  }
  Value equal = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                      oldBits, cmpBits);
  return arith::SelectOp::create(b, loc, equal, val, old);
}

/// The new element from the old one and a lane's operands.
using NewValueFn = function_ref<Value(OpBuilder &, Location, Value old,
                                      ArrayRef<Value> laneOperands)>;

/// One lane's read-modify-write of buffer[offset] behind `enabled` (null:
/// always), yielding the old element (0 when disabled).
Value emitLane(OpBuilder &b, Location loc, Value buffer, Value offset,
               Value enabled, ArrayRef<Value> laneOperands,
               NewValueFn newValue) {
  Value index = arith::IndexCastOp::create(b, loc, b.getIndexType(), offset);
  auto update = [&](OpBuilder &b, Location loc) -> Value {
    Value old = memref::LoadOp::create(b, loc, buffer, index);
    memref::StoreOp::create(b, loc, newValue(b, loc, old, laneOperands),
                            buffer, index);
    return old;
  };
  if (!enabled)
    return update(b, loc);
  Type type = cast<MemRefType>(buffer.getType()).getElementType();
  auto ifOp = scf::IfOp::create(
      b, loc, enabled,
      [&](OpBuilder &b, Location loc) {
        scf::YieldOp::create(b, loc, update(b, loc));
      },
      [&](OpBuilder &b, Location loc) {
        Value zero = arith::ConstantOp::create(
            b, loc, cast<TypedAttr>(b.getZeroAttr(type)));
        scf::YieldOp::create(b, loc, zero);
      });
  return ifOp.getResult(0);
}

/// The atomic over every lane, in lane order: a scalar op is one lane; a
/// vector op an scf.for whose iteration value collects the old elements.
Value emitAtomic(OpBuilder &b, Location loc, Value buffer, Value offsets,
                 Value mask, ArrayRef<Value> operands, NewValueFn newValue) {
  auto vectorType = dyn_cast<VectorType>(offsets.getType());
  if (!vectorType)
    return emitLane(b, loc, buffer, offsets, mask, operands, newValue);
  Type element = cast<MemRefType>(buffer.getType()).getElementType();
  auto resultType = VectorType::get(vectorType.getShape(), element);
  Value init = arith::ConstantOp::create(
      b, loc, cast<TypedAttr>(b.getZeroAttr(resultType)));
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value upper =
      arith::ConstantIndexOp::create(b, loc, vectorType.getNumElements());
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  auto loop = scf::ForOp::create(
      b, loc, zero, upper, one, ValueRange{init},
      [&](OpBuilder &b, Location loc, Value lane, ValueRange acc) {
        auto at = [&](Value v) -> Value {
          return vector::ExtractOp::create(b, loc, v,
                                           ArrayRef<OpFoldResult>{lane});
        };
        SmallVector<Value> laneOperands;
        for (Value operand : operands)
          laneOperands.push_back(at(operand));
        Value old = emitLane(b, loc, buffer, at(offsets),
                             mask ? at(mask) : Value(), laneOperands,
                             newValue);
        Value next = vector::InsertOp::create(b, loc, old, acc[0],
                                              ArrayRef<OpFoldResult>{lane});
        scf::YieldOp::create(b, loc, next);
      });
  return loop.getResult(0);
}

/// The single value of an optional operand of a 1:N adaptor, or null.
Value optionalOperand(ValueRange values) {
  return values.empty() ? Value() : values.front();
}

template <typename SourceOp>
struct AtomicLowering : OpConversionPattern<SourceOp> {
  AtomicLowering(const TypeConverter &converter, MLIRContext *context,
                 bool boundsCheck)
      : OpConversionPattern<SourceOp>(converter, context),
        boundsCheck(boundsCheck) {}

  /// Checks the access first when the pass asks for bounds checks.
  LogicalResult checkBounds(ConversionPatternRewriter &rewriter, SourceOp op,
                            Value buffer, Value offsets, Value mask) const {
    if (!boundsCheck)
      return success();
    if (!getCheckedKernel(op))
      return rewriter.notifyMatchFailure(op, "kernel not converted yet");
    // Lane by lane: the atomic itself is a lane loop, and the report needs
    // the first bad lane in lane order.
    if (failed(emitBoundsCheck(rewriter, op, buffer, offsets, mask,
                               /*start=*/Value(), /*perLane=*/true)))
      return op.emitOpError("has no access id for the CPU bounds check");
    return success();
  }

  bool boundsCheck;
};

struct AtomicRMWOpLowering : AtomicLowering<tt::AtomicRMWOp> {
  using AtomicLowering::AtomicLowering;

  LogicalResult
  matchAndRewrite(tt::AtomicRMWOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value buffer = adaptor.getPtr()[0], offsets = adaptor.getPtr()[1];
    Value mask = optionalOperand(adaptor.getMask());
    if (failed(checkBounds(rewriter, op, buffer, offsets, mask)))
      return failure();
    tt::RMWOp kind = op.getAtomicRmwOp();
    Value result = emitAtomic(
        rewriter, op.getLoc(), buffer, offsets, mask,
        {adaptor.getVal().front()},
        [&](OpBuilder &b, Location loc, Value old, ArrayRef<Value> lane) {
          return combine(b, loc, kind, old, lane[0]);
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct AtomicCASOpLowering : AtomicLowering<tt::AtomicCASOp> {
  using AtomicLowering::AtomicLowering;

  LogicalResult
  matchAndRewrite(tt::AtomicCASOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value buffer = adaptor.getPtr()[0], offsets = adaptor.getPtr()[1];
    if (failed(checkBounds(rewriter, op, buffer, offsets, Value())))
      return failure();
    Value result = emitAtomic(
        rewriter, op.getLoc(), buffer, offsets, Value(),
        {adaptor.getCmp().front(), adaptor.getVal().front()},
        [](OpBuilder &b, Location loc, Value old, ArrayRef<Value> lane) {
          return compareAndSwap(b, loc, old, lane[0], lane[1]);
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void mytriton::populateTTToVectorAtomicPatterns(const TypeConverter &converter,
                                                RewritePatternSet &patterns,
                                                bool boundsCheck) {
  patterns.add<AtomicRMWOpLowering, AtomicCASOpLowering>(
      converter, patterns.getContext(), boundsCheck);
}
