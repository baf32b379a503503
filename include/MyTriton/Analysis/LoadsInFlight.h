//===- LoadsInFlight.h - global-memory bytes a block loads at once -*- C++ -*-===//
//
// A kernel whose body is straight-line code (loads, arithmetic, stores, no
// loop, branch, reduction, atomic or shared memory) issues every load before
// its first dependent store, so a CUDA block has all of its loads in flight
// at once. With large tiles ([32x128] floats on 4 warps: 32 KiB a block) and
// the occupancy the registers allow (9 blocks an SM), an H200 SM then holds
// 288 KiB of loads in flight and the 2-D add ran at 0.99 of PyTorch's; capped
// at 5 blocks (160 KiB) it ran at PyTorch's rate (docs/performance.md,
// twentieth session). The runtime turns this figure into that cap
// (mtr_function_limit_loads_in_flight); the compiler reports it with the
// binary ("load-bytes").
//
//===----------------------------------------------------------------------===//

#ifndef MYTRITON_ANALYSIS_LOADSINFLIGHT_H
#define MYTRITON_ANALYSIS_LOADSINFLIGHT_H

#include <cstdint>

namespace mlir {
class Operation;
namespace mytriton {

/// The bytes of global memory one CUDA block of `kernel` (a tt.func with
/// layouts assigned) loads, summed over its loads and its programs, when
/// its body is straight-line code as above, with at most 8 loads of at
/// most 512 bytes a thread together (what 128 registers hold); 0 otherwise
/// (the loads of a loop, a branch or an unrolled static_range, or more than
/// registers hold, are not all in flight at once, and kernels with
/// reductions, atomics or shared memory choose their occupancy otherwise).
uint64_t getStraightLineLoadBytesPerBlock(Operation *kernel);

} // namespace mytriton
} // namespace mlir

#endif // MYTRITON_ANALYSIS_LOADSINFLIGHT_H
