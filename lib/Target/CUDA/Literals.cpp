//===- Literals.cpp - exact C literals for constants ----------------------===//
//
// A float is printed in decimal only when the decimal reads back as exactly
// the same value even through a double (so no compiler rounding choice can
// change it); otherwise as a hex-float, which is exact by construction, with
// the decimal in a comment. NaN and the infinities have no literal: their
// bits are reinterpreted with __uint_as_float, which needs no header.
// Doubles alike (__longlong_as_double); f16 and bf16 have no literals at
// all and are spelled by their bits (__ushort_as_half, cuda_fp16.h).
//
//===----------------------------------------------------------------------===//

#include "KernelEmitter.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/Format.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>

using namespace mlir;

static std::string formatBits(float value, StringRef what) {
  uint32_t bits = llvm::bit_cast<uint32_t>(value);
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "__uint_as_float(" << llvm::format_hex(bits, 10) << "u) /* " << what
     << " */";
  return s;
}

static std::string formatFloat(float value) {
  if (std::isnan(value))
    return formatBits(value, "nan");
  if (std::isinf(value))
    return formatBits(value, value < 0 ? "-inf" : "inf");
  if (std::fpclassify(value) == FP_SUBNORMAL)
    return formatBits(value, "subnormal");

  char buf[64];
  auto [end, ec] = std::to_chars(buf, buf + sizeof(buf), value);
  std::string decimal(buf, end);
  // Exact through a double: the literal means this float whether the
  // compiler rounds the decimal to float directly or via double.
  if (std::strtod(decimal.c_str(), nullptr) == static_cast<double>(value)) {
    if (decimal.find_first_of(".e") == std::string::npos)
      decimal += ".0";
    return decimal + "f";
  }
  std::snprintf(buf, sizeof(buf), "%a", static_cast<double>(value));
  return std::string(buf) + "f /* " + decimal + " */";
}

/// A double exactly: decimal when it reads back as the same double, else
/// a hex-float; NaN and the infinities by their bits.
static std::string formatDouble(double value) {
  if (std::isnan(value) || std::isinf(value)) {
    std::string s;
    llvm::raw_string_ostream os(s);
    os << "__longlong_as_double(" << llvm::format_hex(
              llvm::bit_cast<uint64_t>(value), 18)
       << "ll) /* " << (std::isnan(value) ? "nan" : value < 0 ? "-inf" : "inf")
       << " */";
    return s;
  }
  char buf[64];
  auto [end, ec] = std::to_chars(buf, buf + sizeof(buf), value);
  std::string decimal(buf, end);
  if (std::fpclassify(value) != FP_SUBNORMAL &&
      std::strtod(decimal.c_str(), nullptr) == value) {
    if (decimal.find_first_of(".e") == std::string::npos)
      decimal += ".0";
    return decimal;
  }
  std::snprintf(buf, sizeof(buf), "%a", value);
  return std::string(buf) + " /* " + decimal + " */";
}

/// An f16 or bf16 by its bits (cuda_fp16.h has no literals), with the
/// value in a comment.
static std::string formatHalf(const APFloat &value, bool isBF16) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << (isBF16 ? "__ushort_as_bfloat16" : "__ushort_as_half")
     << "((unsigned short)"
     << llvm::format_hex(value.bitcastToAPInt().getZExtValue(), 6) << "u)";
  bool losesInfo;
  APFloat wide = value;
  wide.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven,
               &losesInfo);
  double v = wide.convertToDouble();
  // The comment names NaN and the infinities itself (formatDouble's own
  // comment would nest).
  os << " /* "
     << (std::isnan(v)   ? std::string("nan")
         : std::isinf(v) ? std::string(v < 0 ? "-inf" : "inf")
                         : formatDouble(v))
     << " */";
  return s;
}

static std::optional<std::string> formatScalar(Attribute attr) {
  if (auto f = dyn_cast<FloatAttr>(attr)) {
    if (f.getType().isF32())
      return formatFloat(f.getValue().convertToFloat());
    if (f.getType().isF64())
      return formatDouble(f.getValue().convertToDouble());
    if (f.getType().isF16() || f.getType().isBF16())
      return formatHalf(f.getValue(), f.getType().isBF16());
    return std::nullopt;
  }
  auto i = dyn_cast<IntegerAttr>(attr);
  if (!i)
    return std::nullopt;
  if (i.getType().isInteger(1))
    return std::string(i.getValue().isZero() ? "false" : "true");
  unsigned width = i.getType().getIntOrFloatBitWidth();
  int64_t v = i.getValue().getSExtValue();
  switch (width) {
  case 8:
  case 16:
    // Promoted to int wherever they are used, as C does.
    return std::to_string(v);
  case 32:
    if (v == INT32_MIN)
      return std::string("(-2147483647 - 1)");
    return std::to_string(v);
  case 64:
    if (v == INT64_MIN)
      return std::string("(-9223372036854775807ll - 1ll)");
    return std::to_string(v) + "ll";
  default:
    return std::nullopt;
  }
}

std::optional<std::string> mlir::mytriton::cuda::formatLiteral(Attribute attr) {
  if (auto dense = dyn_cast<DenseElementsAttr>(attr)) {
    if (!dense.isSplat())
      return std::nullopt;
    return formatScalar(dense.getSplatValue<Attribute>());
  }
  return formatScalar(attr);
}
