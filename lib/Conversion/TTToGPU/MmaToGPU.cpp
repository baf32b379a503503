//===- MmaToGPU.cpp - tt.dot on tensor cores with mma.sync ----------------===//
//
// A dot whose accumulator has an #tt.mma version 2 layout (tt-assign-layouts
// puts it there on sm_80 and later, docs/GPULowering.md#tensor-cores) holds
// its operands in mma.sync's register fragments (#tt.dot_operand with that
// parent). Each warp multiplies its 16 x 8 accumulator tiles: for every
// repetition (rm, rn) of the tile over the accumulator and every K step of
// one instruction, one nvvm.mma.sync (m16n8k16 for 16-bit floats, m16n8k8
// for tf32, m16n8k32 for i8) whose four a, two b and four (or two packed)
// accumulator registers are found through the layouts' index maps at
// thread 0: the layouts are linear, and their thread parts agree, so the
// same registers are the right ones in every thread.
//
//===----------------------------------------------------------------------===//

#include "TTToGPUInternal.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/DialectConversion.h"

#include <map>

using namespace mlir;
using namespace mlir::mytriton;

namespace {
/// Thread 0's register of each element of a laid-out operand.
class RegisterIndex {
public:
  explicit RegisterIndex(RankedTensorType type) {
    for (auto [r, index] : llvm::enumerate(tt::getElementIndices(
             tt::getLayoutEncoding(type), type.getShape(), /*threadId=*/0)))
      registerOf.try_emplace({index[0], index[1]}, r);
  }
  FailureOr<int64_t> lookup(int64_t row, int64_t col) const {
    auto it = registerOf.find({row, col});
    if (it == registerOf.end())
      return failure();
    return it->second;
  }

private:
  std::map<std::pair<int64_t, int64_t>, int64_t> registerOf;
};

/// The PTX multiplicand type and how mma.sync takes its 32-bit registers.
struct MmaOperandKind {
  NVVM::MMATypes ptxType;
  /// 16-bit floats go in as vector<2xf16> (f16) or i32 (bf16); the rest
  /// as i32 bit patterns.
  bool asHalfPair;
};

FailureOr<MmaOperandKind> getOperandKind(Type element) {
  if (element.isF16())
    return MmaOperandKind{NVVM::MMATypes::f16, true};
  if (element.isBF16())
    return MmaOperandKind{NVVM::MMATypes::bf16, false};
  if (element.isF32())
    return MmaOperandKind{NVVM::MMATypes::tf32, false};
  if (element.isInteger(8))
    return MmaOperandKind{NVVM::MMATypes::s8, false};
  return failure();
}

struct MmaV2DotOpLowering : OpConversionPattern<tt::DotOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tt::DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto bType = cast<RankedTensorType>(op.getB().getType());
    auto cType = cast<RankedTensorType>(op.getC().getType());
    auto mma = dyn_cast_if_present<tt::MmaEncodingAttr>(
        tt::getLayoutEncoding(cType));
    if (!mma || mma.getVersionMajor() != 2)
      return rewriter.notifyMatchFailure(op, "not an mma.sync accumulator");
    Type element = aType.getElementType();
    FailureOr<MmaOperandKind> kind = getOperandKind(element);
    if (failed(kind))
      return rewriter.notifyMatchFailure(op, "no mma.sync for this type");
    Type accElement = cType.getElementType();
    bool halfAccumulator = accElement.isF16();
    Location loc = op.getLoc();
    MLIRContext *context = op.getContext();
    Type i32 = rewriter.getI32Type();
    int64_t kWidth = 32 / element.getIntOrFloatBitWidth();
    int64_t instrK = 8 * kWidth;
    int64_t warpsM = mma.getWarpsPerCTA()[0], warpsN = mma.getWarpsPerCTA()[1];
    int64_t m = cType.getDimSize(0), n = cType.getDimSize(1),
            k = aType.getDimSize(1);
    RegisterIndex aIndex(aType), bIndex(bType), cIndex(cType);
    Value a = adaptor.getA(), b = adaptor.getB(), c = adaptor.getC();

    auto extract = [&](Value vector, int64_t r) -> Value {
      return vector::ExtractOp::create(rewriter, loc, vector,
                                       ArrayRef<int64_t>{r});
    };
    // kWidth consecutive K elements of one row (a) or column (b), packed.
    auto packRegister = [&](Value operand, const RegisterIndex &index,
                            int64_t row, int64_t col,
                            bool alongColumns) -> FailureOr<Value> {
      SmallVector<Value> parts;
      for (int64_t e = 0; e < kWidth; ++e) {
        FailureOr<int64_t> r = alongColumns ? index.lookup(row, col + e)
                                            : index.lookup(row + e, col);
        if (failed(r))
          return failure();
        parts.push_back(extract(operand, *r));
      }
      if (kWidth == 1)
        return Value(arith::BitcastOp::create(rewriter, loc, i32, parts[0]));
      Value packed = vector::FromElementsOp::create(
          rewriter, loc, VectorType::get({kWidth}, element), parts);
      if (kind->asHalfPair)
        return packed;
      return Value(LLVM::BitcastOp::create(rewriter, loc, i32, packed));
    };

    // The accumulator registers of every element, updated in place.
    auto cVector = cast<VectorType>(c.getType());
    SmallVector<Value> acc;
    for (int64_t r = 0; r < cVector.getNumElements(); ++r)
      acc.push_back(extract(c, r));

    Type accPair = VectorType::get({2}, accElement);
    Type resultType =
        halfAccumulator
            ? LLVM::LLVMStructType::getLiteral(context, {accPair, accPair})
            : LLVM::LLVMStructType::getLiteral(
                  context, {accElement, accElement, accElement, accElement});
    std::optional<NVVM::MMAIntOverflow> overflow;
    if (element.isInteger(8))
      overflow = NVVM::MMAIntOverflow::wrapped; // Triton's s32 wraps.

    for (int64_t row0 = 0; row0 < m; row0 += 16 * warpsM)
      for (int64_t col0 = 0; col0 < n; col0 += 8 * warpsN) {
        // c0..c3: (row0, col0 + {0, 1}), (row0 + 8, col0 + {0, 1}).
        SmallVector<int64_t> cRegs;
        for (int64_t e = 0; e < 4; ++e) {
          FailureOr<int64_t> r =
              cIndex.lookup(row0 + 8 * (e / 2), col0 + e % 2);
          if (failed(r))
            return rewriter.notifyMatchFailure(op, "accumulator fragment");
          cRegs.push_back(*r);
        }
        for (int64_t k0 = 0; k0 < k; k0 += instrK) {
          SmallVector<Value> aRegs, bRegs, cRegValues;
          for (int64_t i = 0; i < 4; ++i) {
            FailureOr<Value> reg =
                packRegister(a, aIndex, row0 + 8 * (i % 2),
                             k0 + 4 * kWidth * (i / 2), /*alongColumns=*/true);
            if (failed(reg))
              return rewriter.notifyMatchFailure(op, "a fragment");
            aRegs.push_back(*reg);
          }
          for (int64_t i = 0; i < 2; ++i) {
            FailureOr<Value> reg =
                packRegister(b, bIndex, k0 + 4 * kWidth * i, col0,
                             /*alongColumns=*/false);
            if (failed(reg))
              return rewriter.notifyMatchFailure(op, "b fragment");
            bRegs.push_back(*reg);
          }
          if (halfAccumulator) {
            for (int64_t i = 0; i < 2; ++i)
              cRegValues.push_back(vector::FromElementsOp::create(
                  rewriter, loc, accPair,
                  ValueRange{acc[cRegs[2 * i]], acc[cRegs[2 * i + 1]]}));
          } else {
            for (int64_t r : cRegs)
              cRegValues.push_back(acc[r]);
          }
          Value result = NVVM::MmaOp::create(
              rewriter, loc, resultType, aRegs, bRegs, cRegValues,
              /*shape=*/{16, 8, instrK}, /*b1Op=*/std::nullopt, overflow,
              std::array<NVVM::MMATypes, 2>{kind->ptxType, kind->ptxType},
              std::array<NVVM::MMALayout, 2>{NVVM::MMALayout::row,
                                             NVVM::MMALayout::col});
          for (int64_t e = 0; e < 4; ++e) {
            if (halfAccumulator) {
              Value pair = LLVM::ExtractValueOp::create(rewriter, loc, result,
                                                        ArrayRef<int64_t>{e / 2});
              acc[cRegs[e]] = extract(pair, e % 2);
            } else {
              acc[cRegs[e]] = LLVM::ExtractValueOp::create(
                  rewriter, loc, result, ArrayRef<int64_t>{e});
            }
          }
        }
      }
    rewriter.replaceOpWithNewOp<vector::FromElementsOp>(op, cVector, acc);
    return success();
  }
};
} // namespace

void mytriton::populateMmaToGPUPatterns(const TypeConverter &typeConverter,
                                        RewritePatternSet &patterns) {
  patterns.add<MmaV2DotOpLowering>(typeConverter, patterns.getContext());
}
