// Triton's approximate f32 math (the frontend's `/`, tl.sqrt and tl.exp,
// marked fastmath<afn>) and where it must not apply: the IEEE forms
// (tl.div_rn, tl.sqrt_rn: no afn), float64 and float16 keep the standard
// lowerings.
// RUN: mytriton-opt --split-input-file --mytriton-approximate-math-to-nvvm %s | FileCheck %s
// RUN: mytriton-translate --emit-ptx %S/Inputs/approximate-math-kernel.mlir | FileCheck %s --check-prefix=PTX

// CHECK-LABEL: gpu.func @scalars(
// CHECK-SAME:      %[[A:.*]]: f32, %[[B:.*]]: f32
// CHECK:         %[[Q:.*]] = llvm.call_intrinsic "llvm.nvvm.div.full"(%[[A]], %[[B]]) : (f32, f32) -> f32
// CHECK-NEXT:    %[[S:.*]] = llvm.call_intrinsic "llvm.nvvm.sqrt.approx.f"(%[[Q]]) : (f32) -> f32
// CHECK-NEXT:    %[[E:.*]] = math.exp %[[S]] fastmath<afn> : f32
gpu.module @m {
  gpu.func @scalars(%a: f32, %b: f32, %out: memref<1xf32>) kernel {
    %q = arith.divf %a, %b fastmath<afn> : f32
    %s = math.sqrt %q fastmath<afn> : f32
    %e = math.exp %s fastmath<afn> : f32
    %c0 = arith.constant 0 : index
    memref.store %e, %out[%c0] : memref<1xf32>
    gpu.return
  }
}

// -----

// A thread's registers: one intrinsic call per lane.
// CHECK-LABEL: gpu.func @lanes(
// CHECK-SAME:      %[[A:.*]]: vector<2xf32>, %[[B:.*]]: vector<2xf32>
// CHECK-DAG:     %[[A0:.*]] = vector.extract %[[A]][0] : f32 from vector<2xf32>
// CHECK-DAG:     %[[B0:.*]] = vector.extract %[[B]][0] : f32 from vector<2xf32>
// CHECK-DAG:     %[[A1:.*]] = vector.extract %[[A]][1] : f32 from vector<2xf32>
// CHECK-DAG:     %[[B1:.*]] = vector.extract %[[B]][1] : f32 from vector<2xf32>
// CHECK-DAG:     %[[Q0:.*]] = llvm.call_intrinsic "llvm.nvvm.div.full"(%[[A0]], %[[B0]]) : (f32, f32) -> f32
// CHECK-DAG:     %[[Q1:.*]] = llvm.call_intrinsic "llvm.nvvm.div.full"(%[[A1]], %[[B1]]) : (f32, f32) -> f32
// CHECK:         vector.from_elements %[[Q0]], %[[Q1]] : vector<2xf32>
gpu.module @m {
  gpu.func @lanes(%a: vector<2xf32>, %b: vector<2xf32>, %out: memref<2xf32>) kernel {
    %q = arith.divf %a, %b fastmath<afn> : vector<2xf32>
    %c0 = arith.constant 0 : index
    vector.store %q, %out[%c0] : memref<2xf32>, vector<2xf32>
    gpu.return
  }
}

// -----

// Not approximate: no afn (tl.div_rn, tl.sqrt_rn), other fast-math flags
// alone, float64 and float16 with afn.
// CHECK-LABEL: gpu.func @precise(
// CHECK-NOT:     llvm.call_intrinsic
// CHECK:         arith.divf %{{.*}}, %{{.*}} : f32
// CHECK-NEXT:    math.sqrt %{{.*}} : f32
// CHECK-NEXT:    arith.divf %{{.*}}, %{{.*}} fastmath<contract> : f32
// CHECK-NEXT:    arith.divf %{{.*}}, %{{.*}} fastmath<afn> : f64
// CHECK-NEXT:    math.sqrt %{{.*}} fastmath<afn> : f64
// CHECK-NEXT:    arith.divf %{{.*}}, %{{.*}} fastmath<afn> : f16
// CHECK-NOT:     llvm.call_intrinsic
gpu.module @m {
  gpu.func @precise(%a: f32, %b: f32, %d: f64, %h: f16, %out: memref<4xf32>) kernel {
    %q = arith.divf %a, %b : f32
    %s = math.sqrt %q : f32
    %c = arith.divf %s, %b fastmath<contract> : f32
    %qd = arith.divf %d, %d fastmath<afn> : f64
    %sd = math.sqrt %qd fastmath<afn> : f64
    %qh = arith.divf %h, %h fastmath<afn> : f16
    %dd = arith.truncf %sd : f64 to f32
    %hh = arith.extf %qh : f16 to f32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    memref.store %c, %out[%c0] : memref<4xf32>
    memref.store %dd, %out[%c1] : memref<4xf32>
    memref.store %hh, %out[%c2] : memref<4xf32>
    gpu.return
  }
}

// The whole route down to PTX gives Triton's instructions for the afn ops,
// IEEE ones for the rest.
// PTX-LABEL: .entry approximate(
// PTX:         mul.rn.f32 {{.*}}, 0f3FB8AA3B;
// PTX-NEXT:    ex2.approx.f32
// PTX:         div.full.f32
// PTX:         sqrt.approx.f32
// PTX-LABEL: .entry precise(
// PTX-NOT:     .approx
// PTX-NOT:     div.full
// PTX:         div.rn.f32
// PTX:         sqrt.rn.f32
// PTX:         ret;
