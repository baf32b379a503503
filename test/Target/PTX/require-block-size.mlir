// mytriton-require-block-size: a kernel launched with exactly its known
// block size declares it as required (.reqntid), not as a bound (.maxntid).
// A bound without a known size, or a different one, stays a bound.
// RUN: mytriton-opt --pass-pipeline="builtin.module(gpu.module(mytriton-require-block-size))" %s | FileCheck %s

gpu.module @kernels {
  // CHECK-LABEL: llvm.func @known
  // CHECK-SAME:    nvvm.reqntid = array<i32: 128, 4, 1>
  // CHECK-NOT:     nvvm.maxntid
  llvm.func @known() attributes {gpu.kernel, gpu.known_block_size = array<i32: 128, 4, 1>, nvvm.kernel, nvvm.maxntid = array<i32: 128, 4, 1>} {
    llvm.return
  }

  // CHECK-LABEL: llvm.func @bound_only
  // CHECK-SAME:    nvvm.maxntid = array<i32: 256, 1, 1>
  // CHECK-NOT:     nvvm.reqntid
  llvm.func @bound_only() attributes {gpu.kernel, nvvm.kernel, nvvm.maxntid = array<i32: 256, 1, 1>} {
    llvm.return
  }

  // CHECK-LABEL: llvm.func @different
  // CHECK-SAME:    nvvm.maxntid = array<i32: 256, 1, 1>
  // CHECK-NOT:     nvvm.reqntid
  llvm.func @different() attributes {gpu.kernel, gpu.known_block_size = array<i32: 128, 1, 1>, nvvm.kernel, nvvm.maxntid = array<i32: 256, 1, 1>} {
    llvm.return
  }
}
