//===- GridOrder.h - which grid axis neighbouring blocks follow --*- C++ -*-===//
//
// Both GPU backends fold grid axes 0 and 1 into blockIdx.x (tt.func's launch
// ABI), and the order of the fold decides which programs run side by side.
// By default axis 1 varies fastest: with row-major tensors, programs that
// differ in axis 1 touch neighbouring memory (matrix add: 4286 vs 4097 GB/s
// on an H200). But when a load's address depends on program id 1 and not on
// program id 0, every program along axis 0 reads the same data (the naive
// matmul's slice of B), and running them together lets them share it in
// cache (9.6 vs 6.1 TFLOP/s): then axis 0 varies fastest.
//
// The decision needs only the kernel; the launch (gridDim.x = ceil(g0 / P)
// * g1, with g0 and g1 passed in) is the same either way.
//
//===----------------------------------------------------------------------===//

#ifndef MYTRITON_ANALYSIS_GRIDORDER_H
#define MYTRITON_ANALYSIS_GRIDORDER_H

namespace mlir {
class Operation;
namespace mytriton {

/// Whether neighbouring CUDA blocks of `kernel` (a tt.func) should hold
/// programs that differ in axis 0 (true) rather than axis 1 (false).
bool isGridAxis0Fastest(Operation *kernel);

} // namespace mytriton
} // namespace mlir

#endif // MYTRITON_ANALYSIS_GRIDORDER_H
