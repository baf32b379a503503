//===- TTToGPU.h - tt kernels to gpu.func ------------------------*- C++ -*-===//
//
// Lowers tt kernels to gpu.module/gpu.func with arith, math, scf, memref
// (workgroup buffers) and llvm pointer ops: one thread per tensor element.
//
//===----------------------------------------------------------------------===//

#ifndef MYTRITON_CONVERSION_TTTOGPU_TTTOGPU_H
#define MYTRITON_CONVERSION_TTTOGPU_TTTOGPU_H

#include "llvm/ADT/StringRef.h"

namespace mlir {
class RewritePatternSet;
class TypeConverter;
namespace mytriton {

/// Adds the per-thread type mapping to `typeConverter`: tensor<NxT> -> T,
/// !tt.ptr<T> (and tensors of them) -> !llvm.ptr<1>; i1/i32/f32 stay.
void populateTTToGPUTypeConversions(TypeConverter &typeConverter);

/// The patterns of convert-tt-to-gpu. tt.func kernels go into the gpu.module
/// named `gpuModuleName` in their parent module (created when missing).
void populateTTToGPUConversionPatterns(const TypeConverter &typeConverter,
                                       RewritePatternSet &patterns,
                                       llvm::StringRef gpuModuleName);

} // namespace mytriton
} // namespace mlir

#endif // MYTRITON_CONVERSION_TTTOGPU_TTTOGPU_H
