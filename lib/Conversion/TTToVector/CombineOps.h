//===- CombineOps.h - tt combine-region ops on flat vectors (private) -*- C++ -*-===//

#ifndef MYTRITON_LIB_CONVERSION_TTTOVECTOR_COMBINEOPS_H
#define MYTRITON_LIB_CONVERSION_TTTOVECTOR_COMBINEOPS_H

namespace mlir {
class RewritePatternSet;
class TypeConverter;

namespace mytriton {

/// tt.combine_reduce and tt.scan over the flat row-major vectors of
/// populateTTToVectorTypeConversions, their combine region run on vectors.
void populateTTToVectorCombinePatterns(const TypeConverter &converter,
                                       RewritePatternSet &patterns);

} // namespace mytriton
} // namespace mlir

#endif // MYTRITON_LIB_CONVERSION_TTTOVECTOR_COMBINEOPS_H
