// Regression: the naive matmul at K = 64, specialized on tt.divisibility as
// the Python launcher traces it, keeps its loads interleaved with the
// arithmetic. With the divisibility facts the accesses branch on the mask
// bit alone, and LLVM's MachineSink (unless configureNVPTXCodeGen disables
// it) sinks the arithmetic below all 64 loads: 252 registers (0.4 TFLOP/s
// at K = 256 on the H200).
// REQUIRES: ptxas
// RUN: mytriton-opt --tt-optimize --tt-to-ptx %S/../Inputs/naive_matmul_k64_divisible.mlir \
// RUN:   | %python %S/../Inputs/extract_gpu_object.py -o %t.ptx
// RUN: %cuda_toolkit/bin/ptxas -arch=sm_90 -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s

// CHECK: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: Used {{[1-5]?[0-9]}} registers
