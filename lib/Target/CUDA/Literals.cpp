//===- Literals.cpp - exact C literals for constants ----------------------===//
//
// A float is printed in decimal only when the decimal reads back as exactly
// the same value even through a double (so no compiler rounding choice can
// change it); otherwise as a hex-float, which is exact by construction, with
// the decimal in a comment. NaN and the infinities have no literal: their
// bits are reinterpreted with __uint_as_float, which needs no header.
//
//===----------------------------------------------------------------------===//

#include "KernelEmitter.h"

#include "mlir/IR/BuiltinAttributes.h"
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

static std::optional<std::string> formatScalar(Attribute attr) {
  if (auto f = dyn_cast<FloatAttr>(attr)) {
    if (!f.getType().isF32())
      return std::nullopt;
    return formatFloat(f.getValue().convertToFloat());
  }
  auto i = dyn_cast<IntegerAttr>(attr);
  if (!i)
    return std::nullopt;
  if (i.getType().isInteger(1))
    return std::string(i.getValue().isZero() ? "false" : "true");
  if (!i.getType().isInteger(32))
    return std::nullopt;
  int64_t v = i.getValue().getSExtValue();
  if (v == INT32_MIN)
    return std::string("(-2147483647 - 1)");
  return std::to_string(v);
}

std::optional<std::string> mlir::mytriton::cuda::formatLiteral(Attribute attr) {
  if (auto dense = dyn_cast<DenseElementsAttr>(attr)) {
    if (!dense.isSplat())
      return std::nullopt;
    return formatScalar(dense.getSplatValue<Attribute>());
  }
  return formatScalar(attr);
}
