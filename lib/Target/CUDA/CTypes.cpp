//===- CTypes.cpp - tt element types as CUDA C types ----------------------===//

#include "CTypes.h"

#include "MyTriton/Dialect/TT/IR/ElementTypes.h"
#include "MyTriton/Dialect/TT/IR/TTDialect.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace mlir::mytriton;

bool cuda::isCUDAElementType(Type type) {
  if (auto ptr = dyn_cast<tt::PointerType>(type))
    return tt::isMemoryElementType(ptr.getPointeeType());
  return tt::isValueElementType(type) || type.isIndex();
}

std::optional<std::string> cuda::getScalarCType(Type type) {
  if (type.isF16())
    return std::string("__half");
  if (type.isBF16())
    return std::string("__nv_bfloat16");
  if (type.isF32())
    return std::string("float");
  if (type.isF64())
    return std::string("double");
  if (type.isInteger(1))
    return std::string("bool");
  if (type.isInteger(8))
    return std::string("signed char");
  if (type.isInteger(16))
    return std::string("short");
  if (type.isInteger(32))
    return std::string("int");
  if (type.isInteger(64))
    return std::string("long long");
  return std::nullopt;
}

bool cuda::isHalfType(Type type) { return type.isF16() || type.isBF16(); }

int64_t cuda::getElementBytes(Type type) {
  if (isa<tt::PointerType>(type))
    return 8;
  if (type.isInteger(1))
    return 1;
  return type.getIntOrFloatBitWidth() / 8;
}

std::string cuda::getUnsignedCType(unsigned width) {
  switch (width) {
  case 1: return "bool";
  case 8: return "unsigned char";
  case 16: return "unsigned short";
  case 32: return "unsigned";
  default: return "unsigned long long";
  }
}

std::string cuda::getWrappingCType(unsigned width) {
  return width <= 32 ? "unsigned" : "unsigned long long";
}

std::string cuda::halfToFloat(Type type, StringRef expr) {
  if (type.isF16())
    return "__half2float(" + expr.str() + ")";
  if (type.isBF16())
    return "__bfloat162float(" + expr.str() + ")";
  return expr.str();
}

std::string cuda::floatToHalf(Type type, StringRef expr) {
  if (type.isF16())
    return "__float2half_rn(" + expr.str() + ")";
  if (type.isBF16())
    return "__float2bfloat16_rn(" + expr.str() + ")";
  return expr.str();
}

std::string cuda::getZeroLiteral(Type type) {
  if (type.isF16())
    return "__ushort_as_half((unsigned short)0u)";
  if (type.isBF16())
    return "__ushort_as_bfloat16((unsigned short)0u)";
  if (type.isF32())
    return "0.0f";
  if (type.isF64())
    return "0.0";
  if (type.isInteger(1))
    return "false";
  if (type.isInteger(64))
    return "0ll";
  return "0";
}
