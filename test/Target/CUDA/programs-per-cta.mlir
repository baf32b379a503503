// programs_per_cta = P packs P programs of at most one warp into one CUDA
// block, threadIdx.y telling them apart (tt.func's launch ABI): blockDim
// (T, P, 1), __launch_bounds__(T * P), gridDim.x = ceil(g0 / P) * g1. The
// axis-0 program id is clamped to g0 - 1, so the last block's programs past
// the grid compute in bounds, and every store is guarded by program_live.
// Shuffle masks cover the min(32, T * P) threads of a warp; the shared tree
// gives every program its own row of an smem[P][T] array.
// RUN: mytriton-translate --emit-cuda %s | FileCheck %s --check-prefixes=CHECK,WARP
// RUN: mytriton-translate --emit-cuda --cuda-reduction=shared-tree %s | FileCheck %s --check-prefixes=CHECK,TREE

// A row sum of 256 lanes in 32 threads (E = 8, lanes in groups of 4 lanes
// 128 apart), four programs per block: 128 threads. One warp per program,
// so the shuffle mask is full. The one-value store from lane 0's thread
// ands program_live with the (parenthesized) any-lane mask.
// CHECK: // 32 threads, each owning 8 lanes of the 256-lane tensors in groups of 4.
// CHECK-NEXT: // Launch: blockDim (32, 4, 1), gridDim (ceil(g0 / 4) * g1, g2, 1); the last two parameters are g0 and g1.
// CHECK-LABEL: extern "C" __global__ void __launch_bounds__(128) packed_row_sum(
// CHECK-SAME: const float* [[ARG0:arg[0-9]+]], float* [[ARG1:arg[0-9]+]], int [[ARG2:arg[0-9]+]], const int num_programs_0, const int num_programs_1) {
// TREE-NEXT: __shared__ float [[V10:v[0-9]+]]_smem[4][32];
// CHECK-NEXT: // 4 programs per block; those past the grid compute as the last program and store nothing.
// CHECK-NEXT: const int packed_program = (int)((unsigned)num_programs_1 == 1u ? blockIdx.x : blockIdx.x / (unsigned)num_programs_1) * 4 + (int)threadIdx.y;
// CHECK-NEXT: const int [[ROW:v[0-9]+]] = min(packed_program, num_programs_0 - 1);
// CHECK-NEXT: const int [[COLS:v[0-9]+]]_0 = (int)threadIdx.x * 4;
// CHECK-NEXT: const int [[COLS]]_1 = [[COLS]]_0 + 1;
// CHECK-NEXT: const int [[COLS]]_2 = [[COLS]]_0 + 2;
// CHECK-NEXT: const int [[COLS]]_3 = [[COLS]]_0 + 3;
// CHECK-NEXT: const int [[COLS]]_4 = [[COLS]]_0 + 128;
// CHECK-NEXT: const int [[COLS]]_5 = [[COLS]]_0 + 129;
// CHECK-NEXT: const int [[COLS]]_6 = [[COLS]]_0 + 130;
// CHECK-NEXT: const int [[COLS]]_7 = [[COLS]]_0 + 131;
// CHECK-NEXT: const int [[START:v[0-9]+]] = (int)((unsigned)[[ROW]] * (unsigned)[[ARG2]]);
// CHECK:      float [[V9:v[0-9]+]]_0, [[V9]]_1, [[V9]]_2, [[V9]]_3, [[V9]]_4, [[V9]]_5, [[V9]]_6, [[V9]]_7;
// CHECK:      // [[V10:v[0-9]+]] = sum over the block's 256 lanes, 8 per thread of 32
// A thread's 8 registers combine as a tree (register i with i + n/2).
// CHECK-NEXT: const float [[V10]]_part = [[V9]]_0 + [[V9]]_4;
// CHECK:      const float [[V10]]_part_3 = [[V9]]_3 + [[V9]]_7;
// CHECK:      const float [[V10]]_part_6 = [[V10]]_part_4 + [[V10]]_part_5;
// CHECK-NEXT: float [[V10]]_acc = [[V10]]_part_6;
// WARP-NEXT: for (int [[V10]]_offset = 16; [[V10]]_offset > 0; [[V10]]_offset >>= 1) {
// WARP-NEXT: const float [[V10]]_other = __shfl_xor_sync(0xffffffffu, [[V10]]_acc, [[V10]]_offset);
// WARP-NEXT: [[V10]]_acc += [[V10]]_other;
// WARP-NEXT: }
// WARP-NEXT: const float [[V10]] = [[V10]]_acc;
// TREE-NEXT: [[V10]]_smem[threadIdx.y][threadIdx.x] = [[V10]]_acc;
// TREE-NEXT: __syncthreads();
// TREE-NEXT: for (unsigned [[V10]]_stride = 16u; [[V10]]_stride > 0u; [[V10]]_stride >>= 1) {
// TREE-NEXT: if (threadIdx.x < [[V10]]_stride) {
// TREE-NEXT: [[V10]]_smem[threadIdx.y][threadIdx.x] += [[V10]]_smem[threadIdx.y][threadIdx.x + [[V10]]_stride];
// TREE-NEXT: }
// TREE-NEXT: __syncthreads();
// TREE-NEXT: }
// TREE-NEXT: const float [[V10]] = [[V10]]_smem[threadIdx.y][0];
// CHECK-NEXT: const bool [[FIRST:v[0-9]+]]_0 = [[COLS]]_0 < 1;
// CHECK:      const bool [[FIRST]]_7 = [[COLS]]_7 < 1;
// CHECK-NEXT: const bool program_live = packed_program < num_programs_0;
// CHECK-NEXT: if (program_live && ([[FIRST]]_0 || [[FIRST]]_1 || [[FIRST]]_2 || [[FIRST]]_3 || [[FIRST]]_4 || [[FIRST]]_5 || [[FIRST]]_6 || [[FIRST]]_7)) {
// CHECK-NEXT: [[ARG1]]{{\[}}[[ROW]]] = [[V10]];
// CHECK-NEXT: }
// CHECK-NEXT: }
tt.func @packed_row_sum(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n_cols: i32) attributes {block_size = 256 : i32, num_warps = 1 : i32, programs_per_cta = 4 : i32} {
  %row = tt.get_program_id 0 : i32
  %cols = tt.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %start = arith.muli %row, %n_cols : i32
  %start_v = tt.splat %start : i32 -> tensor<256xi32>
  %offsets = arith.addi %start_v, %cols : tensor<256xi32>
  %n_v = tt.splat %n_cols : i32 -> tensor<256xi32>
  %mask = arith.cmpi slt, %cols, %n_v : tensor<256xi32>
  %xp = tt.splat %x : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %ptrs = tt.addptr %xp, %offsets : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  %other = arith.constant dense<0.000000e+00> : tensor<256xf32>
  %values = tt.load %ptrs, %mask, %other : tensor<256x!tt.ptr<f32>>
  %total = tt.reduce sum %values : tensor<256xf32> -> f32
  %outp = tt.addptr %out, %row : !tt.ptr<f32>, i32
  %c1_v = arith.constant dense<1> : tensor<256xi32>
  %first = arith.cmpi slt, %cols, %c1_v : tensor<256xi32>
  %outp_v = tt.splat %outp : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %total_v = tt.splat %total : f32 -> tensor<256xf32>
  tt.store %outp_v, %total_v, %first : tensor<256x!tt.ptr<f32>>
  tt.return
}

// A softmax of 128 lanes in 32 threads (E = 4), two programs per block (64
// threads, two warps): full masks; the tree has a [2][32] array per
// reduction. The tensor store is one `if (program_live)` around the vector
// and scalar paths.
// CHECK: // 32 threads, each owning 4 lanes of the 128-lane tensors in groups of 4.
// CHECK-NEXT: // Launch: blockDim (32, 2, 1), gridDim (ceil(g0 / 2) * g1, g2, 1); the last two parameters are g0 and g1.
// CHECK-LABEL: extern "C" __global__ void __launch_bounds__(64) packed_softmax(
// CHECK-SAME: const float* [[ARG0:arg[0-9]+]], float* [[ARG1:arg[0-9]+]], int [[ARG2:arg[0-9]+]], const int num_programs_0, const int num_programs_1) {
// TREE-NEXT: __shared__ float [[MAX:v[0-9]+]]_smem[2][32];
// TREE-NEXT: __shared__ float [[SUM:v[0-9]+]]_smem[2][32];
// CHECK-NEXT: // 2 programs per block; those past the grid compute as the last program and store nothing.
// CHECK-NEXT: const int packed_program = (int)((unsigned)num_programs_1 == 1u ? blockIdx.x : blockIdx.x / (unsigned)num_programs_1) * 2 + (int)threadIdx.y;
// CHECK-NEXT: const int [[ROW:v[0-9]+]] = min(packed_program, num_programs_0 - 1);
// CHECK-NEXT: const int [[COLS:v[0-9]+]]_0 = (int)threadIdx.x * 4;
// CHECK:      // [[MAX:v[0-9]+]] = max over the block's 128 lanes, 4 per thread of 32
// WARP:       const float [[MAX]]_other = __shfl_xor_sync(0xffffffffu, [[MAX]]_acc, [[MAX]]_offset);
// TREE:       [[MAX]]_smem[threadIdx.y][threadIdx.x] = fmaxf([[MAX]]_smem[threadIdx.y][threadIdx.x], [[MAX]]_smem[threadIdx.y][threadIdx.x + [[MAX]]_stride]);
// TREE:       const float [[MAX]] = [[MAX]]_smem[threadIdx.y][0];
// CHECK:      // [[SUM:v[0-9]+]] = sum over the block's 128 lanes, 4 per thread of 32
// WARP:       const float [[SUM]]_other = __shfl_xor_sync(0xffffffffu, [[SUM]]_acc, [[SUM]]_offset);
// TREE:       [[SUM]]_smem[threadIdx.y][threadIdx.x] += [[SUM]]_smem[threadIdx.y][threadIdx.x + [[SUM]]_stride];
// TREE:       const float [[SUM]] = [[SUM]]_smem[threadIdx.y][0];
// CHECK:      const float [[Y:v[0-9]+]]_3 = [[E:v[0-9]+]]_3 / [[SUM]];
// CHECK-NEXT: const bool program_live = packed_program < num_programs_0;
// CHECK-NEXT: if (program_live) {
// CHECK-NEXT: if (reinterpret_cast<unsigned long long>(&[[ARG1]]{{\[}}[[OFFS:v[0-9]+]]_0]) % 16ull == 0ull && [[MASK:v[0-9]+]]_0 && [[MASK]]_1 && [[MASK]]_2 && [[MASK]]_3) {
// CHECK-NEXT: *reinterpret_cast<float4*>(&[[ARG1]]{{\[}}[[OFFS]]_0]) = make_float4([[Y]]_0, [[Y]]_1, [[Y]]_2, [[Y]]_3);
// CHECK-NEXT: } else {
// CHECK-NEXT: if ([[MASK]]_0) {
// CHECK-NEXT: [[ARG1]]{{\[}}[[OFFS]]_0] = [[Y]]_0;
// CHECK-NEXT: }
// CHECK:      if ([[MASK]]_3) {
// CHECK-NEXT: [[ARG1]]{{\[}}[[OFFS]]_3] = [[Y]]_3;
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
tt.func @packed_softmax(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n_cols: i32) attributes {block_size = 128 : i32, num_warps = 1 : i32, programs_per_cta = 2 : i32} {
  %row = tt.get_program_id 0 : i32
  %cols = tt.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %start = arith.muli %row, %n_cols : i32
  %start_v = tt.splat %start : i32 -> tensor<128xi32>
  %offsets = arith.addi %start_v, %cols : tensor<128xi32>
  %n_v = tt.splat %n_cols : i32 -> tensor<128xi32>
  %mask = arith.cmpi slt, %cols, %n_v : tensor<128xi32>
  %xp = tt.splat %x : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %ptrs = tt.addptr %xp, %offsets : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %ninf = arith.constant dense<0xFF800000> : tensor<128xf32>
  %v = tt.load %ptrs, %mask, %ninf : tensor<128x!tt.ptr<f32>>
  %m = tt.reduce max %v : tensor<128xf32> -> f32
  %m_v = tt.splat %m : f32 -> tensor<128xf32>
  %d = arith.subf %v, %m_v : tensor<128xf32>
  %e = math.exp %d : tensor<128xf32>
  %s = tt.reduce sum %e : tensor<128xf32> -> f32
  %s_v = tt.splat %s : f32 -> tensor<128xf32>
  %y = arith.divf %e, %s_v : tensor<128xf32>
  %op = tt.splat %out : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %optrs = tt.addptr %op, %offsets : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  tt.store %optrs, %y, %mask : tensor<128x!tt.ptr<f32>>
  tt.return
}

// Programs of 8 threads (E = 1). Two per block are 16 threads, so the
// shuffles' mask is 0x0000ffff; four per block fill the warp. The scalar
// store is thread 0's of every live program.
// CHECK: // Launch: blockDim (8, 2, 1), gridDim (ceil(g0 / 2) * g1, g2, 1); the last two parameters are g0 and g1.
// CHECK-LABEL: extern "C" __global__ void __launch_bounds__(16) small_sum_p2(
// CHECK-SAME: const float* [[ARG0:arg[0-9]+]], float* [[ARG1:arg[0-9]+]], const int num_programs_0, const int num_programs_1) {
// TREE-NEXT: __shared__ float [[SUM:v[0-9]+]]_smem[2][8];
// CHECK-NEXT: // 2 programs per block; those past the grid compute as the last program and store nothing.
// CHECK-NEXT: const int packed_program = (int)((unsigned)num_programs_1 == 1u ? blockIdx.x : blockIdx.x / (unsigned)num_programs_1) * 2 + (int)threadIdx.y;
// CHECK-NEXT: const int [[ROW:v[0-9]+]] = min(packed_program, num_programs_0 - 1);
// CHECK-NEXT: const int [[LANE:v[0-9]+]] = (int)threadIdx.x;
// CHECK:      // [[SUM:v[0-9]+]] = sum over the block's 8 threads
// WARP-NEXT: float [[SUM]]_acc = [[V:v[0-9]+]];
// WARP-NEXT: for (int [[SUM]]_offset = 4; [[SUM]]_offset > 0; [[SUM]]_offset >>= 1) {
// WARP-NEXT: const float [[SUM]]_other = __shfl_xor_sync(0x0000ffffu, [[SUM]]_acc, [[SUM]]_offset);
// TREE-NEXT: [[SUM]]_smem[threadIdx.y][threadIdx.x] = [[V:v[0-9]+]];
// TREE-NEXT: __syncthreads();
// TREE-NEXT: for (unsigned [[SUM]]_stride = 4u; [[SUM]]_stride > 0u; [[SUM]]_stride >>= 1) {
// CHECK:      const float [[SUM]] = [[SUM]]{{_acc|_smem\[threadIdx.y\]\[0\]}};
// CHECK-NEXT: const bool program_live = packed_program < num_programs_0;
// CHECK-NEXT: if (program_live && threadIdx.x == 0u) {
// CHECK-NEXT: [[ARG1]]{{\[}}[[ROW]]] = [[SUM]];
// CHECK-NEXT: }
// CHECK-NEXT: }

// CHECK: // Launch: blockDim (8, 4, 1), gridDim (ceil(g0 / 4) * g1, g2, 1); the last two parameters are g0 and g1.
// CHECK-LABEL: extern "C" __global__ void __launch_bounds__(32) small_sum_p4(
// TREE-NEXT: __shared__ float [[SUM:v[0-9]+]]_smem[4][8];
// CHECK-NEXT: // 4 programs per block; those past the grid compute as the last program and store nothing.
// CHECK-NEXT: const int packed_program = (int)((unsigned)num_programs_1 == 1u ? blockIdx.x : blockIdx.x / (unsigned)num_programs_1) * 4 + (int)threadIdx.y;
// CHECK-NEXT: const int [[ROW:v[0-9]+]] = min(packed_program, num_programs_0 - 1);
// WARP:       __shfl_xor_sync(0xffffffffu,
// TREE:       [[SUM]]_smem[threadIdx.y][threadIdx.x] += [[SUM]]_smem[threadIdx.y][threadIdx.x + [[SUM]]_stride];
// CHECK:      if (program_live && threadIdx.x == 0u) {
tt.func @small_sum_p2(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>) attributes {block_size = 8 : i32, programs_per_cta = 2 : i32} {
  %row = tt.get_program_id 0 : i32
  %lanes = tt.make_range {start = 0 : i32, end = 8 : i32} : tensor<8xi32>
  %c8 = arith.constant 8 : i32
  %start = arith.muli %row, %c8 : i32
  %start_v = tt.splat %start : i32 -> tensor<8xi32>
  %offsets = arith.addi %start_v, %lanes : tensor<8xi32>
  %xp = tt.splat %x : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %ptrs = tt.addptr %xp, %offsets : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  %v = tt.load %ptrs : tensor<8x!tt.ptr<f32>>
  %total = tt.reduce sum %v : tensor<8xf32> -> f32
  %outp = tt.addptr %out, %row : !tt.ptr<f32>, i32
  tt.store %outp, %total : !tt.ptr<f32>
  tt.return
}

tt.func @small_sum_p4(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>) attributes {block_size = 8 : i32, programs_per_cta = 4 : i32} {
  %row = tt.get_program_id 0 : i32
  %lanes = tt.make_range {start = 0 : i32, end = 8 : i32} : tensor<8xi32>
  %c8 = arith.constant 8 : i32
  %start = arith.muli %row, %c8 : i32
  %start_v = tt.splat %start : i32 -> tensor<8xi32>
  %offsets = arith.addi %start_v, %lanes : tensor<8xi32>
  %xp = tt.splat %x : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %ptrs = tt.addptr %xp, %offsets : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  %v = tt.load %ptrs : tensor<8x!tt.ptr<f32>>
  %total = tt.reduce sum %v : tensor<8xf32> -> f32
  %outp = tt.addptr %out, %row : !tt.ptr<f32>, i32
  tt.store %outp, %total : !tt.ptr<f32>
  tt.return
}

// All three grid axes: axes 0 and 1 share blockIdx.x (axis 1 fastest),
// axis 2 is blockIdx.y; only axis 0 is packed and clamped.
// CHECK: // Launch: blockDim (4, 2, 1), gridDim (ceil(g0 / 2) * g1, g2, 1); the last two parameters are g0 and g1.
// CHECK-LABEL: extern "C" __global__ void __launch_bounds__(8) grid_axes(
// CHECK-SAME: int* [[OUT:arg[0-9]+]], const int num_programs_0, const int num_programs_1) {
// CHECK-NEXT: // 2 programs per block; those past the grid compute as the last program and store nothing.
// CHECK-NEXT: const int packed_program = (int)((unsigned)num_programs_1 == 1u ? blockIdx.x : blockIdx.x / (unsigned)num_programs_1) * 2 + (int)threadIdx.y;
// CHECK-NEXT: const int [[P0:v[0-9]+]] = min(packed_program, num_programs_0 - 1);
// CHECK-NEXT: const int [[P1:v[0-9]+]] = (int)((unsigned)num_programs_1 == 1u ? 0u : blockIdx.x % (unsigned)num_programs_1);
// CHECK-NEXT: const int [[P2:v[0-9]+]] = (int)blockIdx.y;
// CHECK-NEXT: const int [[A:v[0-9]+]] = (int)((unsigned)[[P1]] + (unsigned)[[P2]]);
// CHECK-NEXT: const bool program_live = packed_program < num_programs_0;
// CHECK-NEXT: if (program_live && threadIdx.x == 0u) {
// CHECK-NEXT: [[OUT]]{{\[}}[[P0]]] = [[A]];
// CHECK-NEXT: }
// CHECK-NEXT: }

// Unpacked (P = 1): no clamp, no guard.
// CHECK: // Launch: blockDim (4, 1, 1), gridDim (ceil(g0 / 1) * g1, g2, 1); the last two parameters are g0 and g1.
// CHECK-LABEL: extern "C" __global__ void __launch_bounds__(4) grid_axes_unpacked(
// CHECK-SAME: int* [[OUT:arg[0-9]+]], const int num_programs_0, const int num_programs_1) {
// CHECK-NEXT: const int [[P0:v[0-9]+]] = (int)((unsigned)num_programs_1 == 1u ? blockIdx.x : blockIdx.x / (unsigned)num_programs_1);
// CHECK-NEXT: const int [[P1:v[0-9]+]] = (int)((unsigned)num_programs_1 == 1u ? 0u : blockIdx.x % (unsigned)num_programs_1);
// CHECK-NEXT: const int [[P2:v[0-9]+]] = (int)blockIdx.y;
// CHECK-NEXT: const int [[A:v[0-9]+]] = (int)((unsigned)[[P1]] + (unsigned)[[P2]]);
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[OUT]]{{\[}}[[P0]]] = [[A]];
// CHECK-NEXT: }
// CHECK-NEXT: }
tt.func @grid_axes(%out: !tt.ptr<i32>) attributes {block_size = 4 : i32, programs_per_cta = 2 : i32} {
  %p0 = tt.get_program_id 0 : i32
  %p1 = tt.get_program_id 1 : i32
  %p2 = tt.get_program_id 2 : i32
  %a = arith.addi %p1, %p2 : i32
  %p = tt.addptr %out, %p0 : !tt.ptr<i32>, i32
  tt.store %p, %a : !tt.ptr<i32>
  tt.return
}

tt.func @grid_axes_unpacked(%out: !tt.ptr<i32>) attributes {block_size = 4 : i32} {
  %p0 = tt.get_program_id 0 : i32
  %p1 = tt.get_program_id 1 : i32
  %p2 = tt.get_program_id 2 : i32
  %a = arith.addi %p1, %p2 : i32
  %p = tt.addptr %out, %p0 : !tt.ptr<i32>, i32
  tt.store %p, %a : !tt.ptr<i32>
  tt.return
}

// A load that depends on program id 1 alone (a matmul-like shared slice):
// neighbouring blocks follow axis 0 (GridOrder.h), which spans
// ceil(g0 / P) blocks.
// CHECK: // Launch: blockDim (4, 2, 1), gridDim (ceil(g0 / 2) * g1, g2, 1); the last two parameters are g0 and g1.
// CHECK-LABEL: extern "C" __global__ void __launch_bounds__(8) shared_column_slice(
// CHECK-SAME: const float* [[B:arg[0-9]+]], float* [[OUT:arg[0-9]+]], int [[N:arg[0-9]+]], const int num_programs_0, const int num_programs_1) {
// CHECK-NEXT: // 2 programs per block; those past the grid compute as the last program and store nothing.
// CHECK-NEXT: const int packed_program = (int)(blockIdx.x % (((unsigned)num_programs_0 + 1u) / 2u)) * 2 + (int)threadIdx.y;
// CHECK-NEXT: const int [[ROW:v[0-9]+]] = min(packed_program, num_programs_0 - 1);
// CHECK-NEXT: const int [[COL:v[0-9]+]] = (int)(blockIdx.x / (((unsigned)num_programs_0 + 1u) / 2u));
tt.func @shared_column_slice(%b: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n: i32) attributes {block_size = 4 : i32, programs_per_cta = 2 : i32} {
  %row = tt.get_program_id 0 : i32
  %col = tt.get_program_id 1 : i32
  %lanes = tt.make_range {start = 0 : i32, end = 4 : i32} : tensor<4xi32>
  %c4 = arith.constant 4 : i32
  %colstart = arith.muli %col, %c4 : i32
  %colv = tt.splat %colstart : i32 -> tensor<4xi32>
  %cols = arith.addi %colv, %lanes : tensor<4xi32>
  %bp = tt.splat %b : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %bptrs = tt.addptr %bp, %cols : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  %v = tt.load %bptrs : tensor<4x!tt.ptr<f32>>
  %rowstart = arith.muli %row, %n : i32
  %rowv = tt.splat %rowstart : i32 -> tensor<4xi32>
  %offsets = arith.addi %rowv, %cols : tensor<4xi32>
  %op = tt.splat %out : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %optrs = tt.addptr %op, %offsets : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.store %optrs, %v : tensor<4x!tt.ptr<f32>>
  tt.return
}
