//===- VectorAccess.cpp - vector loads and stores of any element type ----===//

#include "VectorAccess.h"

#include "CTypes.h"

#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::mytriton;
using namespace mlir::mytriton::cuda;

static const char *const kFields[] = {"x", "y", "z", "w"};

std::optional<VectorAccess> VectorAccess::get(Type element, unsigned width) {
  if (!element.isIntOrFloat() || element.isInteger(1) || width < 2)
    return std::nullopt;
  unsigned elementBytes = getElementBytes(element);
  unsigned bytes = elementBytes * width;
  if (bytes != 4 && bytes != 8 && bytes != 16)
    return std::nullopt;
  std::string type;
  if (elementBytes == 4)
    type = (element.isF32() ? "float" : "int") + std::to_string(width);
  else if (elementBytes == 8)
    type = element.isF64() ? "double2" : "longlong2";
  else
    type = bytes == 4 ? "unsigned" : "uint" + std::to_string(bytes / 4);
  return VectorAccess(element, width, bytes, type);
}

bool VectorAccess::inWords() const { return getElementBytes(element) < 4; }

std::string VectorAccess::extract(StringRef vec, unsigned k) const {
  if (!inWords())
    return (vec + "." + kFields[k]).str();
  unsigned elementBytes = getElementBytes(element);
  unsigned word = k * elementBytes / 4, shift = k * elementBytes % 4 * 8;
  std::string w = bytes == 4 ? vec.str() : (vec + "." + kFields[word]).str();
  if (shift)
    w = "(" + w + " >> " + std::to_string(shift) + ")";
  if (elementBytes == 1)
    return "(signed char)(unsigned char)" + w;
  std::string bits = "(unsigned short)" + w;
  if (element.isF16())
    return "__ushort_as_half(" + bits + ")";
  if (element.isBF16())
    return "__ushort_as_bfloat16(" + bits + ")";
  return "(short)" + bits;
}

std::string VectorAccess::pack(ArrayRef<std::string> elements) const {
  if (!inWords())
    return "make_" + type + "(" + llvm::join(elements, ", ") + ")";
  unsigned elementBytes = getElementBytes(element);
  unsigned perWord = 4 / elementBytes;
  SmallVector<std::string> words;
  for (unsigned first = 0; first < width; first += perWord) {
    SmallVector<std::string> parts;
    for (unsigned k = first; k < first + perWord; ++k) {
      const std::string &x = elements[k];
      std::string bits =
          element.isF16()    ? "__half_as_ushort(" + x + ")"
          : element.isBF16() ? "__bfloat16_as_ushort(" + x + ")"
          : elementBytes == 1 ? "(unsigned char)(" + x + ")"
                              : "(unsigned short)(" + x + ")";
      std::string part = "(unsigned)" + bits;
      if (unsigned shift = (k - first) * elementBytes * 8)
        part = "(" + part + " << " + std::to_string(shift) + ")";
      parts.push_back(part);
    }
    words.push_back(llvm::join(parts, " | "));
  }
  if (bytes == 4)
    return words.front();
  return "make_" + type + "(" + llvm::join(words, ", ") + ")";
}

unsigned cuda::getVectorWidth(Type element, unsigned count) {
  if (!element.isIntOrFloat() || element.isInteger(1))
    return 0;
  unsigned elementBytes = getElementBytes(element);
  for (unsigned width = 16 / elementBytes; width >= 2; width /= 2)
    if (width * elementBytes >= 4 && count % width == 0)
      return width;
  return 0;
}
