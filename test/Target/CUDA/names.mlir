// CUDA names come from the IR: %9 -> v9, %cst -> cst, %arg0 -> arg0, or an
// argument's name location. Names that are C++ keywords, CUDA builtins,
// CUDA functions or the vector types of vector accesses get a '_' suffix, reserved spellings ("__", a leading '_')
// lose their extra underscores, duplicates get a numeric suffix. The
// emitter's own names (the grid-size parameters num_programs_0/1, and
// packed_program/program_live with programs_per_cta) yield to the IR's.
// RUN: mytriton-translate --emit-cuda %s | FileCheck %s

// CHECK-LABEL: __launch_bounds__(1) names(
// CHECK-SAME: const float* float_, const float* x, float* x_1, int threadIdx_, int y, int v0, int float4_, const int num_programs_0, const int num_programs_1) {
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
// CHECK-SAME: int v0, int* arg1, const int num_programs_0, const int num_programs_1) {
// CHECK-NEXT: const int v0_1 = (int)((unsigned)v0 + (unsigned)v0);
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: arg1[0] = v0_1;

// Arguments named like the emitter's own names keep them; the grid sizes
// and the packed program's index and liveness get suffixes. `min` (which
// the axis-0 clamp calls) is a CUDA function, so it gets a '_'.
// CHECK: // Launch: blockDim (8, 4, 1), gridDim (ceil(g0 / 4) * g1, g2, 1); the last two parameters are g0 and g1.
// CHECK-LABEL: __launch_bounds__(32) grid_names(
// CHECK-SAME: int num_programs_0, int num_programs_1, int min_, int program_live, int* packed_program, const int num_programs_0_1, const int num_programs_1_1) {
// CHECK-NEXT: // 4 programs per block; those past the grid compute as the last program and store nothing.
// CHECK-NEXT: const int packed_program_1 = (int)((unsigned)num_programs_1_1 == 1u ? blockIdx.x : blockIdx.x / (unsigned)num_programs_1_1) * 4 + (int)threadIdx.y;
// CHECK-NEXT: const int v0 = min(packed_program_1, num_programs_0_1 - 1);
// CHECK-NEXT: const int v1 = (int)((unsigned)num_programs_1_1 == 1u ? 0u : blockIdx.x % (unsigned)num_programs_1_1);
// CHECK-NEXT: const int v2 = (int)((unsigned)num_programs_0 + (unsigned)num_programs_1);
// CHECK-NEXT: const int v3 = (int)((unsigned)min_ + (unsigned)program_live);
// CHECK-NEXT: const int v4 = (int)((unsigned)v2 + (unsigned)v3);
// CHECK-NEXT: const int v5 = (int)((unsigned)v4 + (unsigned)v1);
// CHECK-NEXT: const bool program_live_1 = packed_program_1 < num_programs_0_1;
// CHECK-NEXT: if (program_live_1 && threadIdx.x == 0u) {
// CHECK-NEXT: packed_program[v0] = v5;
// CHECK-NEXT: }
// CHECK-NEXT: }
tt.func @names(%a: !tt.ptr<f32> loc("float"), %b: !tt.ptr<f32> loc("x"), %c: !tt.ptr<f32> loc("x"),
               %d: i32 loc("threadIdx"), %e: i32 loc("__y"), %f: i32 loc("v0"),
               %g: i32 loc("float4")) attributes {block_size = 1 : i32} {
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

tt.func @grid_names(%a: i32 loc("num_programs_0"), %b: i32 loc("num_programs_1"), %m: i32 loc("min"),
                    %l: i32 loc("program_live"), %out: !tt.ptr<i32> loc("packed_program")) attributes {block_size = 8 : i32, programs_per_cta = 4 : i32} {
  %pid = tt.get_program_id 0 : i32
  %pid1 = tt.get_program_id 1 : i32
  %s = arith.addi %a, %b : i32
  %t = arith.addi %m, %l : i32
  %u = arith.addi %s, %t : i32
  %v = arith.addi %u, %pid1 : i32
  %p = tt.addptr %out, %pid : !tt.ptr<i32>, i32
  tt.store %p, %v : !tt.ptr<i32>
  tt.return
}

// Triton's kernels are often named with one leading '_' (reserved in C++
// only at global scope, for the library): the kernel keeps its name, which
// the runtime looks up in the cubin.
// CHECK-LABEL: __launch_bounds__(1) _layer_norm_fwd_fused(
// CHECK-SAME: float* arg0,
tt.func @_layer_norm_fwd_fused(%out: !tt.ptr<f32>) attributes {block_size = 1 : i32} {
  %c = arith.constant 1.0 : f32
  tt.store %out, %c : !tt.ptr<f32>
  tt.return
}
