// compileToGPUBinaries, as the Python frontend calls it: in process, from a
// context that has only the tt, arith and math dialects loaded. It returns
// PTX and a cubin and leaves the input module untouched; failures come back
// as located diagnostics. Its PTX (kept from the one serialization that also
// makes the cubin) is the PTX of mytriton-translate --emit-ptx.
// REQUIRES: ptxas
// RUN: mytriton-ptx-api-test %S/../../Dialect/TT/kernels/softmax.mlir %t.ptx %t.cubin | FileCheck %s
// RUN: FileCheck %s --input-file=%t.ptx --check-prefix=PTX
// RUN: mytriton-translate --emit-ptx %S/../../Dialect/TT/kernels/softmax.mlir -o %t.translate.ptx
// RUN: diff %t.ptx %t.translate.ptx
// RUN: od -A n -t x1 -N 4 %t.cubin | FileCheck %s --check-prefix=ELF
// RUN: not mytriton-ptx-api-test %S/Inputs/no-kernels.mlir %t.none.ptx %t.none.cubin 2>&1 \
// RUN:   | FileCheck %s --check-prefix=EMPTY
// RUN: not mytriton-ptx-api-test %S/../../Dialect/TT/kernels/softmax.mlir %t.bad.ptx %t.bad.cubin sm_60 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CHIP

// CHECK:      ptx: {{[1-9][0-9]*}} bytes
// CHECK-NEXT: cubin: {{[1-9][0-9]*}} bytes
// CHECK-NEXT: module {
// CHECK-NEXT:   tt.func @softmax_kernel(

// PTX: .target sm_90
// PTX: .visible .entry softmax_kernel(

// ELF: 7f 45 4c 46

// EMPTY: no-kernels.mlir":1:1): error: module has no tt kernel to compile

// CHIP: softmax.mlir":{{[0-9]+}}:1): error: target chip 'sm_60' is older than sm_70
