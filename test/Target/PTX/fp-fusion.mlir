// Triton's enable_fp_fusion on the gpu/nvvm route. The pass marks every
// llvm.fmul, llvm.fadd and llvm.fsub `contract` (keeping flags they had)
// and no other op (@marks: fdiv stays as it is). In PTX (the tt-to-ptx
// default, and --ptx-fp-fusion), a multiply feeding an add is one fma.rn,
// and the ops left over carry no .rn (ptxas may fuse them); with fusion off
// every op rounds on its own (.rn) and there is no fma.
// RUN: mytriton-opt --pass-pipeline="builtin.module(gpu.module(mytriton-allow-fp-contraction))" %s | FileCheck %s
// RUN: mytriton-translate --emit-ptx %S/Inputs/fp-fusion-kernel.mlir | FileCheck %s --check-prefix=FUSED
// RUN: mytriton-translate --emit-ptx --ptx-fp-fusion=false %S/Inputs/fp-fusion-kernel.mlir | FileCheck %s --check-prefix=UNFUSED
// RUN: mytriton-opt --tt-to-ptx="fp-fusion=false" %S/Inputs/fp-fusion-kernel.mlir | %python %S/Inputs/extract_gpu_object.py -o %t.ptx
// RUN: FileCheck %s --check-prefix=UNFUSED --input-file=%t.ptx

// CHECK-LABEL: gpu.func @marks(
// CHECK:         %[[M:.*]] = llvm.fmul %{{.*}}, %{{.*}} {fastmathFlags = #llvm.fastmath<contract>} : f32
// CHECK:         %[[V:.*]] = vector.broadcast %[[M]]
// CHECK:         %[[S:.*]] = llvm.fadd %[[V]], %{{.*}} {fastmathFlags = #llvm.fastmath<contract>} : vector<2xf32>
// CHECK:         %[[T:.*]] = llvm.fsub %[[S]], %{{.*}} {fastmathFlags = #llvm.fastmath<nnan, contract>} : vector<2xf32>
// CHECK:         llvm.fdiv %[[T]], %{{.*}} : vector<2xf32>
gpu.module @m {
  gpu.func @marks(%a: f32, %b: vector<2xf32>, %out: memref<2xf32>) kernel {
    %m = llvm.fmul %a, %a : f32
    %v = vector.broadcast %m : f32 to vector<2xf32>
    %s = llvm.fadd %v, %b : vector<2xf32>
    %t = llvm.fsub %s, %b {fastmathFlags = #llvm.fastmath<nnan>} : vector<2xf32>
    %q = llvm.fdiv %t, %b : vector<2xf32>
    %c0 = arith.constant 0 : index
    vector.store %q, %out[%c0] : memref<2xf32>, vector<2xf32>
    gpu.return
  }
}

// FUSED-LABEL: .entry fused(
// FUSED:         fma.rn.f32
// FUSED-NOT:     mul.rn.f32
// FUSED-NOT:     add.rn.f32
// FUSED:         sub.f32
// FUSED:         div.rn.f32
// FUSED:         fma.rn.f64
// FUSED-NOT:     .rn.f64
// FUSED:         ret;

// UNFUSED-LABEL: .entry fused(
// UNFUSED-NOT:   fma
// UNFUSED:       mul.rn.f32
// UNFUSED:       add.rn.f32
// UNFUSED:       sub.rn.f32
// UNFUSED:       div.rn.f32
// UNFUSED:       mul.rn.f64
// UNFUSED:       add.rn.f64
// UNFUSED-NOT:   fma
// UNFUSED:       ret;
