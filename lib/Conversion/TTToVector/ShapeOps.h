//===- ShapeOps.h - tt shape ops on flat vectors (private) ------*- C++ -*-===//

#ifndef MYTRITON_LIB_CONVERSION_TTTOVECTOR_SHAPEOPS_H
#define MYTRITON_LIB_CONVERSION_TTTOVECTOR_SHAPEOPS_H

namespace mlir {
class RewritePatternSet;
class TypeConverter;

namespace mytriton {

/// tt.expand_dims, tt.reshape, tt.convert_layout, tt.broadcast, tt.trans and
/// tt.reduce along an axis over the flat row-major vectors of
/// populateTTToVectorTypeConversions.
void populateTTToVectorShapePatterns(const TypeConverter &converter,
                                     RewritePatternSet &patterns);

} // namespace mytriton
} // namespace mlir

#endif // MYTRITON_LIB_CONVERSION_TTTOVECTOR_SHAPEOPS_H
