//===- TTToGPUInternal.h - shared pieces of convert-tt-to-gpu ----*- C++ -*-===//
//
// A thread owns E lanes of every tensor (E = lanes per thread of its
// tt.func), in groups of G = tt::getLanesPerGroup(E) consecutive lanes (E
// up to 4, else 4, 2 or 1, whichever divides E). With E == 1 a
// tensor value is the thread's scalar; with E > 1 it is a vector<E x T>
// whose element r is lane (r / G) * threads * G + thread * G + r % G.
// A CUDA block runs P = programs_per_cta programs (threadIdx.y), and the
// kernel takes the grid sizes g0, g1 as two trailing i32 arguments (the
// launch ABI is in tt.func's description).
//
//===----------------------------------------------------------------------===//

#ifndef MYTRITON_LIB_CONVERSION_TTTOGPU_TTTOGPUINTERNAL_H
#define MYTRITON_LIB_CONVERSION_TTTOGPU_TTTOGPUINTERNAL_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/StringRef.h"

namespace mlir {
class TypeConverter;
namespace gpu {
class GPUFuncOp;
} // namespace gpu
namespace mytriton {

/// Threads per warp on every NVIDIA GPU.
constexpr int64_t kWarpSize = 32;

/// Discardable attribute the kernel pattern puts on each tt.reduce of a block
/// wider than a warp: the index of its workgroup buffer among the gpu.func's
/// workgroup attributions.
constexpr llvm::StringLiteral kReduceBufferAttr = "mytriton.workgroup_buffer";

/// Discardable unit attribute the pass puts on each tt.load/tt.store whose
/// pointer tensor addresses consecutive elements (ContiguityAnalysis), so a
/// thread's lanes may be accessed with vector loads and stores.
constexpr llvm::StringLiteral kContiguousAttr = "mytriton.contiguous";

/// Discardable i64 attributes the pass puts next to kContiguousAttr: the
/// divisibility in bytes of the access's lane-0 address and the constancy of
/// its mask (ContiguityAnalysis). A vector access whose first address is a
/// multiple of its size by the former needs no run-time alignment test; one
/// whose mask is uniform over its lanes by the latter tests one mask bit.
constexpr llvm::StringLiteral kDivisibilityAttr = "mytriton.divisibility";
constexpr llvm::StringLiteral kMaskConstancyAttr = "mytriton.mask_constancy";

/// Discardable unit attribute the pass puts on tt.get_program_id and tt.store
/// ops of kernels whose neighbouring blocks should follow grid axis 0
/// (isGridAxis0Fastest); without it axis 1 varies fastest. Either order is
/// correct under the launch ABI; the attribute only changes speed.
constexpr llvm::StringLiteral kGridAxis0FastestAttr =
    "mytriton.grid_axis0_fastest";

/// Lanes a thread holds in a value of the converted type `type`: the length
/// of a vector, 1 for a scalar.
int64_t getLanesPerThread(Type type);

/// Lane `lane` of a thread's value (the value itself when it is a scalar).
Value extractLane(OpBuilder &b, Location loc, Value value, int64_t lane);

/// A thread's value of converted type `type` from its lanes.
Value fromLanes(OpBuilder &b, Location loc, Type type, ValueRange lanes);

/// threadIdx.x as i32.
Value createThreadIdX(OpBuilder &b, Location loc);

/// Threads per program of the gpu.func holding `op` (blockDim.x of its
/// known_block_size).
int64_t getThreadsPerProgram(Operation *op);

/// Program instances per CUDA block of the gpu.func holding `op`
/// (blockDim.y of its known_block_size).
int64_t getProgramsPerCTA(Operation *op);

/// The i32 kernel argument with the launch grid's size along `axis` (0, 1).
Value getGridSize(gpu::GPUFuncOp kernel, unsigned axis);

/// The unclamped axis-0 program index, as i32: blockIdx.x's axis-0 part
/// (blockIdx.x / g1, or blockIdx.x % ceil(g0 / P) when axis 0 varies
/// fastest) times P plus threadIdx.y.
Value createPackedProgramIndex(OpBuilder &b, Location loc,
                               gpu::GPUFuncOp kernel, bool axis0Fastest);

/// The axis-1 program index: blockIdx.x % g1, or blockIdx.x / ceil(g0 / P)
/// when axis 0 varies fastest.
Value createProgramIndex1(OpBuilder &b, Location loc, gpu::GPUFuncOp kernel,
                          bool axis0Fastest);

/// Whether this program lies inside the launch grid (P > 1 only: the last
/// block may hold programs past g0).
Value createProgramLive(OpBuilder &b, Location loc, gpu::GPUFuncOp kernel,
                        bool axis0Fastest);

/// The load and store patterns (MemoryToGPU.cpp).
void populateTTMemoryToGPUPatterns(const TypeConverter &typeConverter,
                                   RewritePatternSet &patterns);

/// The block reduction pattern (ReduceToGPU.cpp).
void populateTTReduceToGPUPatterns(const TypeConverter &typeConverter,
                                   RewritePatternSet &patterns);

} // namespace mytriton
} // namespace mlir

#endif // MYTRITON_LIB_CONVERSION_TTTOGPU_TTTOGPUINTERNAL_H
