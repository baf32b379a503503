//===- CUDAEmitter.h - tt kernels as CUDA C++ --------------------*- C++ -*-===//
//
// Translates optimized tt kernels into CUDA C++ in the seed's style: one
// `extern "C" __global__` function per tt.func, one thread per tensor element.
//
//===----------------------------------------------------------------------===//

#ifndef MYTRITON_TARGET_CUDA_CUDAEMITTER_H
#define MYTRITON_TARGET_CUDA_CUDAEMITTER_H

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mlir {
class Operation;
struct LogicalResult;
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
