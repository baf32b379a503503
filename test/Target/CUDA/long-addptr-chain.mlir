// A chain of 100,000 tt.addptr ops. --emit-cuda used to spell every link
// as the whole chain so far, in memory quadratic in its length (out of
// memory long before the end); now every 8th link is declared, so the
// expressions stay short and the cost is linear. Under a 2 GB address-space
// limit (ASan reserves far more, hence UNSUPPORTED there):
// UNSUPPORTED: asan
// RUN: ulimit -v 2000000
// RUN: %python %S/Inputs/gen_addptr_chain.py 100000 | mytriton-translate --emit-cuda | FileCheck %s --check-prefix=SCALAR
// RUN: %python %S/Inputs/gen_addptr_chain.py 100000 tensor | mytriton-translate --emit-cuda | FileCheck %s --check-prefix=TENSOR
// The CPU route walks the same chain without recursion:
// RUN: %python %S/Inputs/gen_addptr_chain.py 100000 | mytriton-opt --tt-to-llvm-cpu | FileCheck %s --check-prefix=CPU
// A short chain shows the form: seven inlined additions, then a variable.
// RUN: %python %S/Inputs/gen_addptr_chain.py 17 | mytriton-translate --emit-cuda | FileCheck %s --check-prefix=SHORT

// SCALAR:      float* const v99992 = (((((((v99984 + v0) + v0) + v0) + v0) + v0) + v0) + v0) + v0;
// SCALAR-NEXT: float* const v100000 = (((((((v99992 + v0) + v0) + v0) + v0) + v0) + v0) + v0) + v0;
// SCALAR-NEXT: if (threadIdx.x == 0u) {
// SCALAR-NEXT:   v100000[v0] = 1.0f;

// Two lanes per thread: each pointer register is declared.
// TENSOR:      float* const v100003_0 = (((((((v99995_0 + v2_0) + v2_0) + v2_0) + v2_0) + v2_0) + v2_0) + v2_0) + v2_0;
// TENSOR:      v100003_0[0] = 1.0f;
// TENSOR-NEXT: v100003_1[0] = 1.0f;

// CPU: llvm.func @chain_grid(

// SHORT:      const int v0 = (int)((unsigned)arg1 + (unsigned)arg1);
// SHORT-NEXT: float* const v8 = (((((((arg0 + arg1) + v0) + v0) + v0) + v0) + v0) + v0) + v0;
// SHORT-NEXT: float* const v16 = (((((((v8 + v0) + v0) + v0) + v0) + v0) + v0) + v0) + v0;
// SHORT-NEXT: if (threadIdx.x == 0u) {
// SHORT-NEXT:   (v16 + v0)[v0] = 1.0f;
