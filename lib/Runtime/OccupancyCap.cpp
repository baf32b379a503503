//===- OccupancyCap.cpp - cap the loads an SM has in flight ---------------===//
//
// The plan behind mtr_function_limit_loads_in_flight, kept free of the driver
// so that it is tested on machines without a GPU. Measured on an H200
// (benchmarks/probe_carveout_2d.py, docs/performance.md, twentieth session):
// the [32x128] 2-D add, 32 KiB of loads a block, ran at 0.99 of PyTorch's
// rate with the 9 blocks an SM its registers allow and at PyTorch's rate
// with 4 or 5; the [8x128] add (8 KiB, 16 blocks) ran at PyTorch's rate.
// Shared memory is the one resource a launch can reserve to hold blocks
// back, and it shrinks the L1 beside it: at the largest carveout (L1 28 KiB)
// every variant lost 5%, so a plan keeps the carveout 32 KiB below the most.
//
//===----------------------------------------------------------------------===//

// The C API is the library's one export (CMakeLists.txt builds with
// -fvisibility=hidden).
#pragma GCC visibility push(default)
#include "MyTriton/Runtime/Runtime.h"
#pragma GCC visibility pop

namespace {
/// Loads one SM may have in flight before the cap applies (H200-measured).
constexpr unsigned kLoadsInFlightPerSM = 160 * 1024;
/// What the carveout leaves below the most shared memory an SM has.
constexpr unsigned kMinL1Bytes = 32 * 1024;
/// Granule of the reservation (the driver allocates shared memory in 128s).
constexpr unsigned kGranule = 128;
} // namespace

extern "C" int mtr_plan_load_cap(unsigned load_bytes, int blocks_per_sm,
                                 unsigned shared_per_sm,
                                 unsigned reserved_per_block,
                                 unsigned *shared_bytes,
                                 unsigned *carveout_percent) {
  if (!shared_bytes || !carveout_percent || !load_bytes || blocks_per_sm <= 0 ||
      !shared_per_sm)
    return 0;
  unsigned cap = kLoadsInFlightPerSM / load_bytes;
  if (cap == 0)
    cap = 1;
  if (static_cast<unsigned>(blocks_per_sm) <= cap)
    return 0;
  // The smallest footprint a block may take so that cap + 1 of them do not
  // fit in the SM's shared memory.
  unsigned long footprint = shared_per_sm / (cap + 1) + 1;
  footprint = (footprint + kGranule - 1) / kGranule * kGranule;
  unsigned long carveout = footprint * cap;
  if (footprint <= reserved_per_block || shared_per_sm <= kMinL1Bytes ||
      carveout > shared_per_sm - kMinL1Bytes)
    return 0;
  *shared_bytes = static_cast<unsigned>(footprint - reserved_per_block);
  *carveout_percent =
      static_cast<unsigned>((carveout * 100 + shared_per_sm - 1) / shared_per_sm);
  return 1;
}
