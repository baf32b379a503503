//===- DotOps.h - tt.dot on flat vectors (private) --------------*- C++ -*-===//

#ifndef MYTRITON_LIB_CONVERSION_TTTOVECTOR_DOTOPS_H
#define MYTRITON_LIB_CONVERSION_TTTOVECTOR_DOTOPS_H

namespace mlir {
class RewritePatternSet;
class TypeConverter;

namespace mytriton {

/// tt.dot over the flat row-major vectors of
/// populateTTToVectorTypeConversions (DotOps.cpp).
void populateTTToVectorDotPatterns(const TypeConverter &converter,
                                   RewritePatternSet &patterns);

} // namespace mytriton
} // namespace mlir

#endif // MYTRITON_LIB_CONVERSION_TTTOVECTOR_DOTOPS_H
