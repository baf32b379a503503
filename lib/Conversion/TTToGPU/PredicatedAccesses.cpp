//===- PredicatedAccesses.cpp - predicated global loads and stores ------===//
//
// A chunk of up to 16 bytes proven aligned behind one mask bit is accessed
// as Triton accesses it: one `@p ld.global.v4.b32` / `@p st.global.v4.b32`
// in inline PTX, with no branch. Uniform and tiled kernels alike.
//
//===----------------------------------------------------------------------===//

#include "TTToGPUInternal.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::mytriton;

/// 32-bit words of a chunk of `chunkBytes` that one predicated PTX access
/// moves (ld/st.global.b32, .v2.b32, .v4.b32); 0 for other sizes.
int64_t mytriton::getPredicatedWords(int64_t chunkBytes) {
  return chunkBytes == 4 || chunkBytes == 8 || chunkBytes == 16
             ? chunkBytes / 4
             : 0;
}

/// " {$first, ..., $first + words - 1}" (or " $first" for one word).
static std::string wordOperands(int64_t first, int64_t words) {
  std::string text = words == 1 ? " " : " {";
  for (int64_t i = 0; i < words; ++i)
    text += (i ? ", $" : "$") + std::to_string(first + i);
  return words == 1 ? text : text + "}";
}

/// A chunk proven aligned behind one mask bit, loaded as Triton loads it:
/// `@bit ld.global.v4.b32` into registers first set to `others` (the chunk
/// of `other`), in one inline PTX block with no branch. An scf.if per
/// chunk became a branch with a reconvergence point in SASS for every
/// access. Has side effects, so nothing moves it across a store.
Value mytriton::createPredicatedLoad(OpBuilder &b, Location loc, VectorType chunkType,
                           Value ptr, Value bit, Value others,
                           int64_t words) {
  MLIRContext *context = b.getContext();
  Type i32 = b.getI32Type();
  auto wordsType = VectorType::get({words}, i32);
  Value otherWords = vector::BitCastOp::create(b, loc, wordsType, others);
  SmallVector<Value> operands{ptr, bit};
  std::string text, constraints;
  for (int64_t i = 0; i < words; ++i) {
    operands.push_back(vector::ExtractOp::create(b, loc, otherWords,
                                                 ArrayRef<int64_t>{i}));
    text += "mov.b32 $" + std::to_string(i) + ", $" +
            std::to_string(words + 2 + i) + ";\n\t";
    constraints += "=r,";
  }
  text += "@$" + std::to_string(words + 1) + " ld.global" +
          (words > 1 ? ".v" + std::to_string(words) : std::string()) +
          ".b32" + wordOperands(0, words) + ", [$" + std::to_string(words) +
          "];";
  constraints += "l,b";
  for (int64_t i = 0; i < words; ++i)
    constraints += ",r";
  Type result = words == 1 ? i32
                           : LLVM::LLVMStructType::getLiteral(
                                 context, SmallVector<Type>(words, i32));
  auto load = LLVM::InlineAsmOp::create(
      b, loc, result, operands, text, constraints, /*has_side_effects=*/true,
      /*is_align_stack=*/false, LLVM::tailcallkind::TailCallKind::None,
      LLVM::AsmDialectAttr::get(context, LLVM::AsmDialect::AD_ATT),
      ArrayAttr());
  SmallVector<Value> loaded;
  for (int64_t i = 0; i < words; ++i)
    loaded.push_back(words == 1 ? load.getRes()
                                : Value(LLVM::ExtractValueOp::create(
                                      b, loc, load.getRes(), i)));
  Value vector = vector::FromElementsOp::create(b, loc, wordsType, loaded);
  return vector::BitCastOp::create(b, loc, chunkType, vector);
}

/// The store counterpart: `@bit st.global.v4.b32 [ptr], {...}` of `part`.
void mytriton::createPredicatedStore(OpBuilder &b, Location loc, Value ptr, Value bit,
                           Value part, int64_t words) {
  MLIRContext *context = b.getContext();
  auto wordsType = VectorType::get({words}, b.getI32Type());
  Value partWords = vector::BitCastOp::create(b, loc, wordsType, part);
  SmallVector<Value> operands{bit, ptr};
  std::string constraints = "b,l";
  for (int64_t i = 0; i < words; ++i) {
    operands.push_back(vector::ExtractOp::create(b, loc, partWords,
                                                 ArrayRef<int64_t>{i}));
    constraints += ",r";
  }
  std::string text = "@$0 st.global" +
                     (words > 1 ? ".v" + std::to_string(words) : std::string()) +
                     ".b32 [$1]," + wordOperands(2, words) + ";";
  LLVM::InlineAsmOp::create(
      b, loc, Type(), operands, text, constraints, /*has_side_effects=*/true,
      /*is_align_stack=*/false, LLVM::tailcallkind::TailCallKind::None,
      LLVM::AsmDialectAttr::get(context, LLVM::AsmDialect::AD_ATT),
      ArrayAttr());
}
