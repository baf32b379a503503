// CUDA names come from the IR: %9 -> v9, %cst -> cst, %arg0 -> arg0, or an
// argument's name location. Names that are C++ keywords, CUDA builtins or
// CUDA functions get a '_' suffix, reserved spellings ("__", a leading '_')
// lose their extra underscores, duplicates get a numeric suffix.
// RUN: mytriton-translate --emit-cuda %s | FileCheck %s

// CHECK-LABEL: __launch_bounds__(1) names(
// CHECK-SAME: const float* float_, const float* x, float* x_1, int threadIdx_, int y, int v0) {
// CHECK-NEXT: const float v1 = float_[y];
// CHECK-NEXT: const float v3 = x[threadIdx_];
// CHECK-NEXT: const float v4 = v1 + v3;
// CHECK-NEXT: const float v5 = (float)v0;
// CHECK-NEXT: const float v6 = v4 + v5;
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: x_1[0] = v6;
// CHECK-NEXT: }
// CHECK-NEXT: }

// %0 is named v0 in the IR but an argument took that name first.
// CHECK-LABEL: __launch_bounds__(1) clash(
// CHECK-SAME: int v0, int* arg1) {
// CHECK-NEXT: const int v0_1 = (int)((unsigned)v0 + (unsigned)v0);
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: arg1[0] = v0_1;
tt.func @names(%a: !tt.ptr<f32> loc("float"), %b: !tt.ptr<f32> loc("x"), %c: !tt.ptr<f32> loc("x"),
               %d: i32 loc("threadIdx"), %e: i32 loc("__y"), %f: i32 loc("v0")) attributes {block_size = 1 : i32} {
  %pa = tt.addptr %a, %e : !tt.ptr<f32>, i32
  %va = tt.load %pa : !tt.ptr<f32>
  %pb = tt.addptr %b, %d : !tt.ptr<f32>, i32
  %vb = tt.load %pb : !tt.ptr<f32>
  %s = arith.addf %va, %vb : f32
  %ff = arith.sitofp %f : i32 to f32
  %t = arith.addf %s, %ff : f32
  tt.store %c, %t : !tt.ptr<f32>
  tt.return
}

tt.func @clash(%a: i32 loc("v0"), %out: !tt.ptr<i32>) attributes {block_size = 1 : i32} {
  %s = arith.addi %a, %a : i32
  tt.store %out, %s : !tt.ptr<i32>
  tt.return
}
