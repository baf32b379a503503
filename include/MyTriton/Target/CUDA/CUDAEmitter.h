//===- CUDAEmitter.h - tt kernels as CUDA C++ --------------------*- C++ -*-===//
//
// Translates optimized tt kernels into CUDA C++ in the seed's style: one
// `extern "C" __global__` function per tt.func, one thread per tensor element.
//
//===----------------------------------------------------------------------===//

#ifndef MYTRITON_TARGET_CUDA_CUDAEMITTER_H
#define MYTRITON_TARGET_CUDA_CUDAEMITTER_H

#include "llvm/Support/LogicalResult.h"

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mlir {
class Operation;
// In MLIR 22 mlir::LogicalResult is llvm::LogicalResult; a forward
// declaration of mlir::LogicalResult would clash with MLIR's own headers.
using llvm::LogicalResult;
namespace mytriton {

/// How block reductions are written.
enum class CUDAReduction {
  /// The seed's shared-memory halving tree: one buffer per reduction.
  SharedTree,
  /// __shfl_xor_sync within warps, one shared slot per warp.
  WarpShuffle,
};

struct CUDAEmitterOptions {
  CUDAReduction reduction = CUDAReduction::WarpShuffle;
  /// Marks pointer parameters `__restrict__`. Off by default: a kernel
  /// called with aliasing buffers (in-place x = f(x)) stays correct.
  bool restrictPointers = false;
  /// Triton's enable_fp_fusion: f32/f64 `*`, `+` and `-` are C operators,
  /// which nvcc and NVRTC contract into fmas (their default, -fmad=true).
  /// Off, they are __fmul_rn/__fadd_rn/__fsub_rn (__d... for f64), which
  /// never contract. f16/bf16 arithmetic is always rounded op by op.
  bool fpFusion = true;
};

/// Writes CUDA C++ for every tt.func in `op` (a module or one kernel).
/// Emits a located diagnostic and fails on anything it cannot express.
LogicalResult translateToCUDA(Operation *op, llvm::raw_ostream &os,
                              const CUDAEmitterOptions &options = {});

/// Registers `--emit-cuda` with mlir-translate's registry.
void registerToCUDATranslation();

} // namespace mytriton
} // namespace mlir

#endif // MYTRITON_TARGET_CUDA_CUDAEMITTER_H
