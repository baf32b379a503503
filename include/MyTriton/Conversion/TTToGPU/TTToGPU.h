//===- TTToGPU.h - tt kernels to gpu.func ------------------------*- C++ -*-===//
//
// Lowers tt kernels to gpu.module/gpu.func with arith, math, scf, memref
// (workgroup buffers), vector and llvm pointer ops. Each thread owns E
// consecutive lanes of every tensor (tt.func's getLanesPerThread()).
//
//===----------------------------------------------------------------------===//

#ifndef MYTRITON_CONVERSION_TTTOGPU_TTTOGPU_H
#define MYTRITON_CONVERSION_TTTOGPU_TTTOGPU_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>

namespace mlir {
class RewritePatternSet;
class TypeConverter;
namespace mytriton {

/// Adds the per-thread type mapping of a kernel whose threads own
/// `lanesPerThread` lanes each to `typeConverter`: tensor<NxT> -> T when it is
/// 1, else vector<lanesPerThread x T>; !tt.ptr<T> -> !llvm.ptr<1> (also as
/// tensor element); i1/i32/f32 stay.
void populateTTToGPUTypeConversions(TypeConverter &typeConverter,
                                    int64_t lanesPerThread = 1);

/// The patterns of convert-tt-to-gpu, for kernels of the lanes per thread
/// `typeConverter` was set up for. tt.func kernels go into the gpu.module
/// named `gpuModuleName` in their parent module (created when missing).
/// tt.load/tt.store use vector accesses only where the pass marked them
/// contiguous (see ContiguityAnalysis).
void populateTTToGPUConversionPatterns(const TypeConverter &typeConverter,
                                       RewritePatternSet &patterns,
                                       llvm::StringRef gpuModuleName);

/// The type mapping of a tiled kernel (tt::hasImplicitLayout false): a
/// tensor with layout encoding L and shape S becomes vector<R x T>, R =
/// tt::getTotalElemsPerThread(L, S), register r holding the element
/// tt::getElementIndex(L, S, thread, r); pointers as above.
void populateTTToGPUTiledTypeConversions(TypeConverter &typeConverter);

/// The patterns of convert-tt-to-gpu for tiled kernels: every distribution
/// fact comes from the tensors' layout encodings (tt::getLayoutBases).
void populateTTToGPUTiledConversionPatterns(const TypeConverter &typeConverter,
                                            RewritePatternSet &patterns,
                                            llvm::StringRef gpuModuleName);

} // namespace mytriton
} // namespace mlir

#endif // MYTRITON_CONVERSION_TTTOGPU_TTTOGPU_H
