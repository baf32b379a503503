// Chips the pipeline cannot compile for are reported at the kernel instead
// of aborting in LLVM's instruction selection.
// RUN: not mytriton-opt --tt-to-nvvm="chip=sm_50" %s 2>&1 | FileCheck %s --check-prefix=OLD
// RUN: not mytriton-opt --tt-to-ptx="chip=sm_12345" %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not mytriton-opt --tt-to-ptx="chip=compute_90" %s 2>&1 | FileCheck %s --check-prefix=FORM

// OLD:     invalid-chip.mlir:[[# @LINE + 4]]:1: error: target chip 'sm_50' is older than sm_70 (warp shuffles need shfl.sync)
// UNKNOWN: invalid-chip.mlir:[[# @LINE + 3]]:1: error: target chip 'sm_12345' is not a processor LLVM's NVPTX backend knows
// UNKNOWN-NOT: LLVM ERROR
// FORM:    invalid-chip.mlir:[[# @LINE + 1]]:1: error: target chip 'compute_90' is not of the form sm_<N>
tt.func @kernel(%p: !tt.ptr<f32>) attributes {block_size = 32 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
  %pp = tt.addptr %ps, %r : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
  %v = tt.load %pp : tensor<32x!tt.ptr<f32>>
  %s = tt.reduce sum %v : tensor<32xf32> -> f32
  tt.store %p, %s : !tt.ptr<f32>
  tt.return
}
