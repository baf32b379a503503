//===- TTToGPUInternal.h - shared pieces of convert-tt-to-gpu ----*- C++ -*-===//

#ifndef MYTRITON_LIB_CONVERSION_TTTOGPU_TTTOGPUINTERNAL_H
#define MYTRITON_LIB_CONVERSION_TTTOGPU_TTTOGPUINTERNAL_H

#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/StringRef.h"

namespace mlir {
class TypeConverter;
namespace mytriton {

/// Threads per warp on every NVIDIA GPU.
constexpr int64_t kWarpSize = 32;

/// Discardable attribute the kernel pattern puts on each tt.reduce of a block
/// wider than a warp: the index of its workgroup buffer among the gpu.func's
/// workgroup attributions.
constexpr llvm::StringLiteral kReduceBufferAttr = "mytriton.workgroup_buffer";

/// The block reduction pattern (ReduceToGPU.cpp).
void populateTTReduceToGPUPatterns(const TypeConverter &typeConverter,
                                   RewritePatternSet &patterns);

} // namespace mytriton
} // namespace mlir

#endif // MYTRITON_LIB_CONVERSION_TTTOGPU_TTTOGPUINTERNAL_H
