//===- DebugOps.h - tt grid-size and debugging ops on the CPU ---*- C++ -*-===//

#ifndef MYTRITON_LIB_CONVERSION_TTTOVECTOR_DEBUGOPS_H
#define MYTRITON_LIB_CONVERSION_TTTOVECTOR_DEBUGOPS_H

namespace mlir {
class Operation;
class RewritePatternSet;
class TypeConverter;

namespace mytriton {

/// Whether the converted kernel of `kernel` (a tt.func) takes the grid sizes
/// x, y, z as three i32 arguments, in front of the error record and the
/// program ids: only kernels that read tl.num_programs do.
bool kernelTakesGridSizes(Operation *kernel);

/// tt.get_num_programs (the kernel's grid-size arguments), tt.debug_barrier
/// (nothing: a program is one thread), tt.print (printf per element) and
/// tt.assert (the bounds checks' error record).
void populateTTToVectorDebugPatterns(const TypeConverter &converter,
                                     RewritePatternSet &patterns);

} // namespace mytriton
} // namespace mlir

#endif // MYTRITON_LIB_CONVERSION_TTTOVECTOR_DEBUGOPS_H
