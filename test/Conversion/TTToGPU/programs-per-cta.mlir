// programs_per_cta = P packs P programs of at most one warp into one CUDA
// block of (threads, P, 1) threads: program id 0 is
// min((blockIdx.x / g1) * P + threadIdx.y, g0 - 1), so the programs of the
// last block past the grid's end compute as program g0 - 1, and every store
// is guarded by (blockIdx.x / g1) * P + threadIdx.y < g0. A reduction's
// butterfly shuffles over the min(32, threads * P) threads of the warp, with
// offsets below `threads`, so it stays inside each program.
// RUN: mytriton-opt --convert-tt-to-gpu --split-input-file %s | FileCheck %s

// A row sum of 256 lanes on one warp (E = 8) per program, four programs per
// block.
// CHECK-LABEL: gpu.func @row_sum_packed(
// CHECK-SAME:      %[[X:.*]]: !llvm.ptr<1>, %[[OUT:.*]]: !llvm.ptr<1>, %[[N:.*]]: i32, %[[G0:.*]]: i32, %[[G1:.*]]: i32) kernel
// A kernel with a reduction asks for full occupancy: 2048 / 128 blocks.
// CHECK-SAME:      known_block_size = array<i32: 32, 4, 1>, nvvm.minctasm = 16 : i32
// CHECK-NOT:     workgroup

// The program id: (blockIdx.x / g1) * 4 + threadIdx.y, clamped to g0 - 1.
// CHECK:         %[[BID:.*]] = gpu.block_id  x
// CHECK-NEXT:    %[[BX:.*]] = arith.index_castui %[[BID]] : index to i32
// CHECK:    arith.cmpi eq, %[[G1]], %{{.*}} : i32
// CHECK-NEXT: %[[PACK:.*]] = scf.if %{{.*}} -> (i32) {
// CHECK-NEXT:   scf.yield %[[BX]] : i32
// CHECK-NEXT: } else {
// CHECK-NEXT:   arith.divui %[[BX]], %[[G1]] : i32
// CHECK-NEXT:   scf.yield
// CHECK-NEXT: }
// CHECK-NEXT:    %[[C4:.*]] = arith.constant 4 : i32
// CHECK-NEXT:    %[[FIRSTPROG:.*]] = arith.muli %[[PACK]], %[[C4]] : i32
// CHECK-NEXT:    %[[TIDY:.*]] = gpu.thread_id  y
// CHECK-NEXT:    %[[SLOT:.*]] = arith.index_castui %[[TIDY]] : index to i32
// CHECK-NEXT:    %[[PROG:.*]] = arith.addi %[[FIRSTPROG]], %[[SLOT]] : i32
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    %[[LAST:.*]] = arith.subi %[[G0]], %[[C1]] : i32
// CHECK-NEXT:    %[[ROW:.*]] = arith.minui %[[PROG]], %[[LAST]] : i32

// The lanes come from threadIdx.x alone: two groups of four, 128 apart.
// CHECK:         %[[TIDX:.*]] = gpu.thread_id  x
// CHECK-NEXT:    %[[T:.*]] = arith.index_castui %[[TIDX]] : index to i32
// CHECK:         %[[T4:.*]] = arith.muli %[[T]], %{{.*}} : i32
// CHECK:         %[[T4S:.*]] = vector.broadcast %[[T4]] : i32 to vector<8xi32>
// CHECK:         %[[STEPS:.*]] = arith.constant dense<[0, 1, 2, 3, 128, 129, 130, 131]> : vector<8xi32>
// CHECK:         %[[COLS:.*]] = arith.addi %[[T4S]], %[[STEPS]] : vector<8xi32>
// CHECK:         %[[START:.*]] = arith.muli %[[ROW]], %[[N]] : i32
// CHECK:         llvm.getelementptr %[[X]][%[[START]]]
// CHECK-COUNT-2: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>

// The thread's lanes, then one warp's butterfly of width 32.
// CHECK-COUNT-7: arith.addf %{{.*}}, %{{.*}} : f32
// CHECK:         %[[C16:.*]] = arith.constant 16 : i32
// CHECK-NEXT:    %[[W32:.*]] = arith.constant 32 : i32
// CHECK-NEXT:    gpu.shuffle  xor %{{.*}}, %[[C16]], %[[W32]] : f32
// CHECK:         %[[C8:.*]] = arith.constant 8 : i32
// CHECK-NEXT:    %[[W32B:.*]] = arith.constant 32 : i32
// CHECK-NEXT:    gpu.shuffle  xor %{{.*}}, %[[C8]], %[[W32B]] : f32
// CHECK:         gpu.shuffle  xor %{{.*}}, %c4_i32{{.*}}, %c32_i32{{.*}} : f32
// CHECK:         gpu.shuffle  xor %{{.*}}, %c2_i32{{.*}}, %c32_i32{{.*}} : f32
// CHECK:         gpu.shuffle  xor %{{.*}}, %c1_i32{{.*}}, %c32_i32{{.*}} : f32
// CHECK-NEXT:    %[[TOTAL:.*]] = arith.addf
// CHECK-NOT:     gpu.shuffle
// CHECK-NOT:     gpu.barrier

// The store: only a program inside the grid, and its thread 0, writes.
// CHECK:         %[[OUTP:.*]] = llvm.getelementptr %[[OUT]][%[[ROW]]]
// CHECK:         %[[BID2:.*]] = gpu.block_id  x
// CHECK-NEXT:    %[[BX2:.*]] = arith.index_castui %[[BID2]] : index to i32
// CHECK:    arith.cmpi eq, %[[G1]], %{{.*}} : i32
// CHECK-NEXT: %[[PACK2:.*]] = scf.if %{{.*}} -> (i32) {
// CHECK-NEXT:   scf.yield %[[BX2]] : i32
// CHECK-NEXT: } else {
// CHECK-NEXT:   arith.divui %[[BX2]], %[[G1]] : i32
// CHECK-NEXT:   scf.yield
// CHECK-NEXT: }
// CHECK-NEXT:    %[[C4B:.*]] = arith.constant 4 : i32
// CHECK-NEXT:    %[[FIRSTPROG2:.*]] = arith.muli %[[PACK2]], %[[C4B]] : i32
// CHECK-NEXT:    %[[TIDY2:.*]] = gpu.thread_id  y
// CHECK-NEXT:    %[[SLOT2:.*]] = arith.index_castui %[[TIDY2]] : index to i32
// CHECK-NEXT:    %[[PROG2:.*]] = arith.addi %[[FIRSTPROG2]], %[[SLOT2]] : i32
// CHECK-NEXT:    %[[LIVE:.*]] = arith.cmpi ult, %[[PROG2]], %[[G0]] : i32
// CHECK-NEXT:    scf.if %[[LIVE]] {
// CHECK:           %[[IS0:.*]] = arith.cmpi eq, %{{.*}}, %{{.*}} : i32
// CHECK-NEXT:      scf.if %[[IS0]] {
// CHECK-NEXT:        llvm.store %[[TOTAL]], %[[OUTP]] {alignment = 4 : i64} : f32, !llvm.ptr<1>
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    gpu.return
tt.func @row_sum_packed(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n_cols: i32) attributes {block_size = 256 : i32, num_warps = 1 : i32, programs_per_cta = 4 : i32} {
  %row = tt.get_program_id 0 : i32
  %cols = tt.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %start = arith.muli %row, %n_cols : i32
  %base = tt.addptr %x, %start : !tt.ptr<f32>, i32
  %base_v = tt.splat %base : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %ptrs = tt.addptr %base_v, %cols : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  %n_v = tt.splat %n_cols : i32 -> tensor<256xi32>
  %mask = arith.cmpi slt, %cols, %n_v : tensor<256xi32>
  %values = tt.load %ptrs, %mask : tensor<256x!tt.ptr<f32>>
  %total = tt.reduce sum %values : tensor<256xf32> -> f32
  %outp = tt.addptr %out, %row : !tt.ptr<f32>, i32
  tt.store %outp, %total : !tt.ptr<f32>
  tt.return
}

// -----

// Programs of 8 threads (E = 1), two per block: both share the first 16
// threads of one warp, so the butterfly's width is 16 while its offsets stay
// 4, 2, 1.
// CHECK-LABEL: gpu.func @small_rows(
// CHECK-SAME:      %[[X:.*]]: !llvm.ptr<1>, %[[OUT:.*]]: !llvm.ptr<1>, %[[G0:.*]]: i32, %[[G1:.*]]: i32) kernel
// CHECK-SAME:      known_block_size = array<i32: 8, 2, 1>, nvvm.minctasm = 32 : i32
// CHECK:         arith.cmpi eq, %[[G1]], %{{.*}} : i32
// CHECK-NEXT:    %[[PACK:.*]] = scf.if %{{.*}} -> (i32) {
// CHECK-NEXT:      scf.yield %{{.*}} : i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      arith.divui %{{.*}}, %[[G1]] : i32
// CHECK-NEXT:   scf.yield
// CHECK-NEXT: }
// CHECK-NEXT:    %[[C2:.*]] = arith.constant 2 : i32
// CHECK-NEXT:    %[[FIRSTPROG:.*]] = arith.muli %[[PACK]], %[[C2]] : i32
// CHECK-NEXT:    gpu.thread_id  y
// CHECK:         %[[V:.*]] = llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<1> -> f32
// CHECK-NEXT:    %[[C4:.*]] = arith.constant 4 : i32
// CHECK-NEXT:    %[[W16:.*]] = arith.constant 16 : i32
// CHECK-NEXT:    %[[S4:.*]], %{{.*}} = gpu.shuffle  xor %[[V]], %[[C4]], %[[W16]] : f32
// CHECK-NEXT:    %[[M4:.*]] = arith.maxnumf %[[V]], %[[S4]] : f32
// CHECK-NEXT:    %[[C2B:.*]] = arith.constant 2 : i32
// CHECK-NEXT:    %[[W16B:.*]] = arith.constant 16 : i32
// CHECK-NEXT:    %[[S2:.*]], %{{.*}} = gpu.shuffle  xor %[[M4]], %[[C2B]], %[[W16B]] : f32
// CHECK-NEXT:    %[[M2:.*]] = arith.maxnumf %[[M4]], %[[S2]] : f32
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    %[[W16C:.*]] = arith.constant 16 : i32
// CHECK-NEXT:    %[[S1:.*]], %{{.*}} = gpu.shuffle  xor %[[M2]], %[[C1]], %[[W16C]] : f32
// CHECK-NEXT:    %[[M1:.*]] = arith.maxnumf %[[M2]], %[[S1]] : f32
// CHECK-NOT:     gpu.shuffle
// CHECK:         %[[LIVE:.*]] = arith.cmpi ult, %{{.*}}, %[[G0]] : i32
// CHECK-NEXT:    scf.if %[[LIVE]] {
// CHECK:             llvm.store %[[M1]]
tt.func @small_rows(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>) attributes {block_size = 8 : i32, programs_per_cta = 2 : i32} {
  %row = tt.get_program_id 0 : i32
  %cols = tt.make_range {start = 0 : i32, end = 8 : i32} : tensor<8xi32>
  %c8 = arith.constant 8 : i32
  %start = arith.muli %row, %c8 : i32
  %base = tt.addptr %x, %start : !tt.ptr<f32>, i32
  %base_v = tt.splat %base : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %ptrs = tt.addptr %base_v, %cols : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  %values = tt.load %ptrs : tensor<8x!tt.ptr<f32>>
  %m = tt.reduce max %values : tensor<8xf32> -> f32
  %outp = tt.addptr %out, %row : !tt.ptr<f32>, i32
  tt.store %outp, %m : !tt.ptr<f32>
  tt.return
}

// -----

// A 2-D grid with packed programs: only axis 0 is packed and clamped; axis 1
// is blockIdx.x % g1. A tensor store runs its masked lanes inside the
// program's guard.
// CHECK-LABEL: gpu.func @tiles(
// CHECK-SAME:      %[[X:.*]]: !llvm.ptr<1>, %[[N:.*]]: i32, %[[G0:.*]]: i32, %[[G1:.*]]: i32) kernel
// Elementwise: no occupancy request (they would spill, at copy bandwidth).
// CHECK-SAME:      known_block_size = array<i32: 32, 2, 1>}
// CHECK:         arith.cmpi eq, %[[G1]], %{{.*}} : i32
// CHECK-NEXT:    %[[PACK:.*]] = scf.if %{{.*}} -> (i32) {
// CHECK-NEXT:      scf.yield %{{.*}} : i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      arith.divui %{{.*}}, %[[G1]] : i32
// CHECK:         %[[PROG:.*]] = arith.addi
// CHECK:         %[[LAST:.*]] = arith.subi %[[G0]], %{{.*}} : i32
// CHECK-NEXT:    %[[ROW:.*]] = arith.minui %[[PROG]], %[[LAST]] : i32
// CHECK-NEXT:    %[[BID1:.*]] = gpu.block_id  x
// CHECK-NEXT:    %[[BX1:.*]] = arith.index_castui %[[BID1]] : index to i32
// The remainder reuses the quotient: blockIdx.x - (blockIdx.x / g1) * g1.
// CHECK:    %[[COLBLOCK_Q:.*]] = arith.muli %{{.*}}, %[[G1]] : i32
// CHECK-NEXT:%[[COLBLOCK:.*]] = arith.subi %[[BX1]], %[[COLBLOCK_Q]] : i32
// CHECK-NOT:     arith.minui
// CHECK:         %[[CBSTART:.*]] = arith.muli %[[COLBLOCK]], %{{.*}} : i32
// CHECK:         %[[COLS:.*]] = arith.addi %[[CBSTART]], %{{.*}} : i32
// CHECK:         %[[RS:.*]] = arith.muli %[[ROW]], %[[N]] : i32
// CHECK:         %[[OFFS:.*]] = arith.addi %[[RS]], %[[COLS]] : i32
// CHECK:         %[[MASK:.*]] = arith.cmpi slt, %[[COLS]], %[[N]] : i32
// CHECK:         %[[P:.*]] = llvm.getelementptr %[[X]][%[[OFFS]]]
// CHECK:         %[[W:.*]] = arith.addf
// CHECK:         %[[LIVE:.*]] = arith.cmpi ult, %{{.*}}, %[[G0]] : i32
// CHECK-NEXT:    scf.if %[[LIVE]] {
// CHECK-NEXT:      scf.if %[[MASK]] {
// CHECK-NEXT:        llvm.store %[[W]], %[[P]] {alignment = 4 : i64} : f32, !llvm.ptr<1>
tt.func @tiles(%x: !tt.ptr<f32>, %n_cols: i32) attributes {block_size = 32 : i32, programs_per_cta = 2 : i32} {
  %row = tt.get_program_id 0 : i32
  %col_block = tt.get_program_id 1 : i32
  %c32 = arith.constant 32 : i32
  %cb_start = arith.muli %col_block, %c32 : i32
  %range = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %cb_v = tt.splat %cb_start : i32 -> tensor<32xi32>
  %cols = arith.addi %cb_v, %range : tensor<32xi32>
  %row_start = arith.muli %row, %n_cols : i32
  %rs_v = tt.splat %row_start : i32 -> tensor<32xi32>
  %offs = arith.addi %rs_v, %cols : tensor<32xi32>
  %n_v = tt.splat %n_cols : i32 -> tensor<32xi32>
  %mask = arith.cmpi slt, %cols, %n_v : tensor<32xi32>
  %xp = tt.splat %x : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
  %ptrs = tt.addptr %xp, %offs : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
  %v = tt.load %ptrs, %mask : tensor<32x!tt.ptr<f32>>
  %w = arith.addf %v, %v : tensor<32xf32>
  tt.store %ptrs, %w, %mask : tensor<32x!tt.ptr<f32>>
  tt.return
}

// -----

// A load that depends on program id 1 alone (a matmul-like shared slice):
// neighbouring blocks follow axis 0 (GridOrder.h), which spans ceil(g0 / P)
// blocks: row block = bx % ceil(g0 / 2), column = bx / ceil(g0 / 2).
// CHECK-LABEL: gpu.func @shared_column_slice(
// CHECK-SAME:      %[[B:.*]]: !llvm.ptr<1>, %[[OUT:.*]]: !llvm.ptr<1>, %[[N:.*]]: i32, %[[G0:.*]]: i32, %[[G1:.*]]: i32) kernel
// CHECK:         %[[BX:.*]] = arith.index_castui %block_id_x{{.*}} : index to i32
// CHECK:         %[[ROUND:.*]] = arith.addi %[[G0]], %{{.*}} : i32
// CHECK:         %[[BLOCKS0:.*]] = arith.divui %[[ROUND]], %{{.*}} : i32
// CHECK:         %[[RB:.*]] = arith.remui %[[BX]], %[[BLOCKS0]] : i32
// CHECK:         arith.muli %[[RB]], %{{.*}} : i32
// CHECK:         %[[BX1:.*]] = arith.index_castui %block_id_x{{.*}} : index to i32
// CHECK:         %[[ROUND1:.*]] = arith.addi %[[G0]], %{{.*}} : i32
// CHECK:         %[[BLOCKS1:.*]] = arith.divui %[[ROUND1]], %{{.*}} : i32
// CHECK:         arith.divui %[[BX1]], %[[BLOCKS1]] : i32
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
