// Tiled kernels (tensors of their own shapes, every tensor in the layout
// tt-assign-layouts gives it, docs/IR.md#layouts) as --emit-cuda writes
// them; gpu/tiled_check.cu runs them against a CPU reference, on the host
// (gpu-checks-on-host.test) or an sm_90 GPU (gpu/build.sh).
// RUN: mytriton-translate --emit-cuda %s | FileCheck %s

// A 2-D tiled add over 32x64 tiles on 4 warps: sizePerThread [1, 4],
// threadsPerWarp [2, 16], warpsPerCTA [4, 1]. Lane bit 4 and the warp bits
// are rows 1, 2, 4; lane bits 0..3 are columns 4 .. 32; each thread holds
// 4 rows (8 apart) of 4 consecutive columns.
// CHECK-LABEL: void __launch_bounds__(128) add2d(
// CHECK-DAG:   const int [[ROW:thread_dim0[_0-9]*]] = (int)((threadIdx.x >> 4) & 7u);
// CHECK-DAG:   const int [[COL:thread_dim0[_0-9]*]] = (int)((threadIdx.x & 15u) << 2);
// CHECK:       const int [[R0:v[0-9]+_0]] = [[ROW]];
// CHECK-NEXT:  const int [[R1:v[0-9]+_1]] = [[ROW]] + 8;
// CHECK-NEXT:  const int {{v[0-9]+_2}} = [[ROW]] + 16;
// CHECK-NEXT:  const int {{v[0-9]+_3}} = [[ROW]] + 24;
// CHECK:       const int [[C0:v[0-9]+_0]] = [[COL]];
// CHECK-NEXT:  const int [[C1:v[0-9]+_1]] = [[COL]] + 1;
// The broadcast row offsets: register 4 (second row) is row register 1.
// CHECK:       const int [[OFF0:v[0-9]+_0]] = (int)((unsigned){{v[0-9]+_0}} + (unsigned){{v[0-9]+_0}});
// CHECK:       const int [[OFF5:v[0-9]+_5]] = (int)((unsigned){{v[0-9]+_4}} + (unsigned){{v[0-9]+_1}});
// Registers 4..7 are 4 consecutive columns of one row: one float4 when
// aligned (n is not known to be a multiple of 4) and unmasked.
// CHECK:       if (reinterpret_cast<unsigned long long>(&arg0[[[OFF4:v[0-9]+_4]]]) % 16ull == 0ull && [[M4:v[0-9]+_4]] && [[M5:v[0-9]+_5]] && {{v[0-9]+_6}} && {{v[0-9]+_7}}) {
// CHECK-NEXT:    const float4 [[VEC:v[0-9]+_vec]] = *reinterpret_cast<const float4*>(&arg0[[[OFF4]]]);
// CHECK-NEXT:    [[X4:v[0-9]+_4]] = [[VEC]].x;
// CHECK-NEXT:    [[X5:v[0-9]+_5]] = [[VEC]].y;
// CHECK:       } else {
// CHECK-NEXT:    [[X4]] = [[M4]] ? arg0[[[OFF4]]] : 0.0f;
// CHECK-NEXT:    [[X5]] = [[M5]] ? arg0[[[OFF5]]] : 0.0f;
// No element is replicated: every thread stores all its registers.
// CHECK-NOT:   threadIdx.x &
// CHECK:       *reinterpret_cast<float4*>(&arg2[[[OFF4]]]) = make_float4(
// CHECK:       } else {
// CHECK-NEXT:    if ([[M4]]) arg2[[[OFF4]]] =
// CHECK-NEXT:    if ([[M5]]) arg2[[[OFF5]]] =
// CHECK:         if ({{v[0-9]+_15}}) arg2[{{v[0-9]+_15}}] = {{v[0-9]+_15}};
// CHECK-NEXT:  }
// CHECK-NEXT: }
#b = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#br = #tt.slice<{dim = 1, parent = #b}>
#bc = #tt.slice<{dim = 0, parent = #b}>
tt.func @add2d(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %out: !tt.ptr<f32>, %m: i32, %n: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %pm = tt.get_program_id 0 : i32
  %pn = tt.get_program_id 1 : i32
  %c32 = arith.constant 32 : i32
  %c64 = arith.constant 64 : i32
  %rm0 = arith.muli %pm, %c32 : i32
  %cn0 = arith.muli %pn, %c64 : i32
  %rows0 = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32, #br>
  %rs = tt.splat %rm0 : i32 -> tensor<32xi32, #br>
  %rows = arith.addi %rows0, %rs : tensor<32xi32, #br>
  %cols0 = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32, #bc>
  %cs = tt.splat %cn0 : i32 -> tensor<64xi32, #bc>
  %cols = arith.addi %cols0, %cs : tensor<64xi32, #bc>
  %r2 = tt.expand_dims %rows {axis = 1 : i32} : tensor<32xi32, #br> -> tensor<32x1xi32, #b>
  %c2 = tt.expand_dims %cols {axis = 0 : i32} : tensor<64xi32, #bc> -> tensor<1x64xi32, #b>
  %ns = tt.splat %n : i32 -> tensor<32x1xi32, #b>
  %rowoff = arith.muli %r2, %ns : tensor<32x1xi32, #b>
  %rb = tt.broadcast %rowoff : tensor<32x1xi32, #b> -> tensor<32x64xi32, #b>
  %cb = tt.broadcast %c2 : tensor<1x64xi32, #b> -> tensor<32x64xi32, #b>
  %off = arith.addi %rb, %cb : tensor<32x64xi32, #b>
  %ms = tt.splat %m : i32 -> tensor<32x1xi32, #b>
  %rm = arith.cmpi slt, %r2, %ms : tensor<32x1xi32, #b>
  %nc = tt.splat %n : i32 -> tensor<1x64xi32, #b>
  %cm = arith.cmpi slt, %c2, %nc : tensor<1x64xi32, #b>
  %rmb = tt.broadcast %rm : tensor<32x1xi1, #b> -> tensor<32x64xi1, #b>
  %cmb = tt.broadcast %cm : tensor<1x64xi1, #b> -> tensor<32x64xi1, #b>
  %mask = arith.andi %rmb, %cmb : tensor<32x64xi1, #b>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>, #b>
  %xp = tt.addptr %xs, %off : tensor<32x64x!tt.ptr<f32>, #b>, tensor<32x64xi32, #b>
  %ys = tt.splat %y : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>, #b>
  %yp = tt.addptr %ys, %off : tensor<32x64x!tt.ptr<f32>, #b>, tensor<32x64xi32, #b>
  %a = tt.load %xp, %mask : tensor<32x64x!tt.ptr<f32>, #b>
  %bv = tt.load %yp, %mask : tensor<32x64x!tt.ptr<f32>, #b>
  %s = arith.addf %a, %bv : tensor<32x64xf32, #b>
  %os = tt.splat %out : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>, #b>
  %op = tt.addptr %os, %off : tensor<32x64x!tt.ptr<f32>, #b>, tensor<32x64xi32, #b>
  tt.store %op, %s, %mask : tensor<32x64x!tt.ptr<f32>, #b>
  tt.return
}

// Row softmax over 4x256 tiles, one row per warp: sizePerThread [1, 4],
// threadsPerWarp [1, 32], warpsPerCTA [4, 1]; 256 columns wrap the 128 of
// the tile twice (8 registers). Both reductions along axis 1 stay in the
// warp: 8 registers, then a butterfly over the 5 lane bits; no warp bit
// moves along the columns, so no shared memory.
// CHECK-LABEL: void __launch_bounds__(128) softmax4x256(
// CHECK-NOT:   __shared__
// CHECK:       // [[MAX:v[0-9]+]] = max of tensor<4x256xf32, {{.*}}> along axis 1
// CHECK:       const float [[P:v[0-9]+_part]] = fmaxf(
// CHECK:       __shfl_xor_sync(0xffffffffu, [[ACC:v[0-9]+_acc]], 1);
// CHECK:       __shfl_xor_sync(0xffffffffu, [[ACC]], 2);
// CHECK:       __shfl_xor_sync(0xffffffffu, [[ACC]], 4);
// CHECK:       __shfl_xor_sync(0xffffffffu, [[ACC]], 8);
// CHECK:       __shfl_xor_sync(0xffffffffu, [[ACC]], 16);
// CHECK-NOT:   __shfl_xor_sync(0xffffffffu, [[ACC]],
// CHECK:       const float [[MAX]] = [[ACC]];
// CHECK:       expf(
// CHECK:       // {{v[0-9]+}} = sum of tensor<4x256xf32, {{.*}}> along axis 1
// CHECK-NOT:   __syncthreads
#s = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#sr = #tt.slice<{dim = 1, parent = #s}>
#sc = #tt.slice<{dim = 0, parent = #s}>
tt.func @softmax4x256(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %m: i32, %n: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %pid = tt.get_program_id 0 : i32
  %c4 = arith.constant 4 : i32
  %r0 = arith.muli %pid, %c4 : i32
  %rows0 = tt.make_range {start = 0 : i32, end = 4 : i32} : tensor<4xi32, #sr>
  %rs = tt.splat %r0 : i32 -> tensor<4xi32, #sr>
  %rows = arith.addi %rows0, %rs : tensor<4xi32, #sr>
  %cols = tt.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32, #sc>
  %r2 = tt.expand_dims %rows {axis = 1 : i32} : tensor<4xi32, #sr> -> tensor<4x1xi32, #s>
  %c2 = tt.expand_dims %cols {axis = 0 : i32} : tensor<256xi32, #sc> -> tensor<1x256xi32, #s>
  %ns = tt.splat %n : i32 -> tensor<4x1xi32, #s>
  %rowoff = arith.muli %r2, %ns : tensor<4x1xi32, #s>
  %rb = tt.broadcast %rowoff : tensor<4x1xi32, #s> -> tensor<4x256xi32, #s>
  %cb = tt.broadcast %c2 : tensor<1x256xi32, #s> -> tensor<4x256xi32, #s>
  %off = arith.addi %rb, %cb : tensor<4x256xi32, #s>
  %ms = tt.splat %m : i32 -> tensor<4x1xi32, #s>
  %rm = arith.cmpi slt, %r2, %ms : tensor<4x1xi32, #s>
  %nc = tt.splat %n : i32 -> tensor<1x256xi32, #s>
  %cm = arith.cmpi slt, %c2, %nc : tensor<1x256xi32, #s>
  %rmb = tt.broadcast %rm : tensor<4x1xi1, #s> -> tensor<4x256xi1, #s>
  %cmb = tt.broadcast %cm : tensor<1x256xi1, #s> -> tensor<4x256xi1, #s>
  %mask = arith.andi %rmb, %cmb : tensor<4x256xi1, #s>
  %ninf = arith.constant dense<0xFF800000> : tensor<4x256xf32, #s>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<4x256x!tt.ptr<f32>, #s>
  %xp = tt.addptr %xs, %off : tensor<4x256x!tt.ptr<f32>, #s>, tensor<4x256xi32, #s>
  %v = tt.load %xp, %mask, %ninf : tensor<4x256x!tt.ptr<f32>, #s>
  %mx = tt.reduce max %v {axis = 1 : i32} : tensor<4x256xf32, #s> -> tensor<4xf32, #sr>
  %mx2 = tt.expand_dims %mx {axis = 1 : i32} : tensor<4xf32, #sr> -> tensor<4x1xf32, #s>
  %mxb = tt.broadcast %mx2 : tensor<4x1xf32, #s> -> tensor<4x256xf32, #s>
  %sh = arith.subf %v, %mxb : tensor<4x256xf32, #s>
  %ex = math.exp %sh : tensor<4x256xf32, #s>
  %sm = tt.reduce sum %ex {axis = 1 : i32} : tensor<4x256xf32, #s> -> tensor<4xf32, #sr>
  %sm2 = tt.expand_dims %sm {axis = 1 : i32} : tensor<4xf32, #sr> -> tensor<4x1xf32, #s>
  %smb = tt.broadcast %sm2 : tensor<4x1xf32, #s> -> tensor<4x256xf32, #s>
  %y = arith.divf %ex, %smb : tensor<4x256xf32, #s>
  %os = tt.splat %out : !tt.ptr<f32> -> tensor<4x256x!tt.ptr<f32>, #s>
  %op = tt.addptr %os, %off : tensor<4x256x!tt.ptr<f32>, #s>, tensor<4x256xi32, #s>
  tt.store %op, %y, %mask : tensor<4x256x!tt.ptr<f32>, #s>
  tt.return
}

// Column sums of an m x n matrix (m <= 64) over two 32x64 row blocks on 8
// warps: sizePerThread [1, 4], threadsPerWarp [2, 16], warpsPerCTA [8, 1].
// Along axis 0: 2 registers in the thread, lane bit 4 (shuffle 16), and the
// 3 warp bits: 8 partials per column through shared memory. The sums hold 4
// columns per thread, replicated over lane bit 4 and the warps: one owner
// (threadIdx.x & 0xf0 == 0) stores them.
// CHECK-LABEL: void __launch_bounds__(256) colsum(
// CHECK:       __shared__ float4 [[SCRATCH:scratch]][128];
// CHECK-DAG:   const int [[GROUP:warp_group[_0-9]*]] = (int)((threadIdx.x >> 5) & 7u);
// The sums' row-major index is their column, thread_dim0's sum.
// CHECK-DAG:   const int [[ELEM:thread_dim0[_0-9]*]] = (int)((threadIdx.x & 15u) << 2);
// CHECK:       // [[S0:v[0-9]+]] = sum of tensor<32x64xf32, {{.*}}> along axis 0
// CHECK:       float [[ACC:v[0-9]+_acc]] = {{v[0-9]+_part}};
// CHECK:       __shfl_xor_sync(0xffffffffu, [[ACC]], 16);
// CHECK-NOT:   __shfl_xor_sync(0xffffffffu, [[ACC]],
// CHECK:       reinterpret_cast<float*>([[SCRATCH]])[([[ELEM]]) * 8 + [[GROUP]]] = [[ACC]];
// CHECK:       __syncthreads();
// CHECK-NEXT:  [[ACC]] = reinterpret_cast<float*>([[SCRATCH]])[([[ELEM]]) * 8 + 0];
// CHECK-NEXT:  [[ACC]] = [[ACC]] + reinterpret_cast<float*>([[SCRATCH]])[([[ELEM]]) * 8 + 1];
// CHECK:       [[ACC]] = [[ACC]] + reinterpret_cast<float*>([[SCRATCH]])[([[ELEM]]) * 8 + 7];
// CHECK:       const float [[S0]]_0 = [[ACC]];
// The second reduction reuses the buffer after a barrier.
// CHECK:       __syncthreads(); // the scratch buffer's last readers are done
// CHECK:       if ((threadIdx.x & 240u) == 0u) {
// CHECK-NEXT:    if (reinterpret_cast<unsigned long long>(&arg1[{{.*}}]) % 16ull == 0ull && {{.*}}) {
// CHECK-NEXT:      *reinterpret_cast<float4*>(&arg1[{{.*}}]) = make_float4({{v[0-9]+_0}}, {{v[0-9]+_1}}, {{v[0-9]+_2}}, {{v[0-9]+_3}});
// CHECK-NEXT:    } else {
// CHECK-NEXT:      if ({{.*}}) arg1[{{.*}}] = {{v[0-9]+_0}};
// CHECK-NEXT:      if ({{.*}}) arg1[{{.*}}] = {{v[0-9]+_1}};
// CHECK-NEXT:      if ({{.*}}) arg1[{{.*}}] = {{v[0-9]+_2}};
// CHECK-NEXT:      if ({{.*}}) arg1[{{.*}}] = {{v[0-9]+_3}};
// CHECK-NEXT:    }
// CHECK-NEXT:  }
#w = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [8, 1], order = [1, 0]}>
#wr = #tt.slice<{dim = 1, parent = #w}>
#wc = #tt.slice<{dim = 0, parent = #w}>
tt.func @colsum(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %m: i32, %n: i32) attributes {block_size = 256 : i32, num_warps = 8 : i32} {
  %pid = tt.get_program_id 0 : i32
  %c64 = arith.constant 64 : i32
  %c0 = arith.muli %pid, %c64 : i32
  %cols0 = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32, #wc>
  %cs = tt.splat %c0 : i32 -> tensor<64xi32, #wc>
  %cols = arith.addi %cols0, %cs : tensor<64xi32, #wc>
  %c2 = tt.expand_dims %cols {axis = 0 : i32} : tensor<64xi32, #wc> -> tensor<1x64xi32, #w>
  %cb = tt.broadcast %c2 : tensor<1x64xi32, #w> -> tensor<32x64xi32, #w>
  %nc = tt.splat %n : i32 -> tensor<1x64xi32, #w>
  %cm = arith.cmpi slt, %c2, %nc : tensor<1x64xi32, #w>
  %cmb = tt.broadcast %cm : tensor<1x64xi1, #w> -> tensor<32x64xi1, #w>
  %ns = tt.splat %n : i32 -> tensor<32x1xi32, #w>
  %ms = tt.splat %m : i32 -> tensor<32x1xi32, #w>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>, #w>
  // Row block 0.
  %rows_a = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32, #wr>
  %ra = tt.expand_dims %rows_a {axis = 1 : i32} : tensor<32xi32, #wr> -> tensor<32x1xi32, #w>
  %ra_off = arith.muli %ra, %ns : tensor<32x1xi32, #w>
  %ra_b = tt.broadcast %ra_off : tensor<32x1xi32, #w> -> tensor<32x64xi32, #w>
  %off_a = arith.addi %ra_b, %cb : tensor<32x64xi32, #w>
  %rma = arith.cmpi slt, %ra, %ms : tensor<32x1xi32, #w>
  %rma_b = tt.broadcast %rma : tensor<32x1xi1, #w> -> tensor<32x64xi1, #w>
  %mask_a = arith.andi %rma_b, %cmb : tensor<32x64xi1, #w>
  %pa = tt.addptr %xs, %off_a : tensor<32x64x!tt.ptr<f32>, #w>, tensor<32x64xi32, #w>
  %va = tt.load %pa, %mask_a : tensor<32x64x!tt.ptr<f32>, #w>
  %sa = tt.reduce sum %va {axis = 0 : i32} : tensor<32x64xf32, #w> -> tensor<64xf32, #wc>
  // Row block 1.
  %rows_b = tt.make_range {start = 32 : i32, end = 64 : i32} : tensor<32xi32, #wr>
  %rb = tt.expand_dims %rows_b {axis = 1 : i32} : tensor<32xi32, #wr> -> tensor<32x1xi32, #w>
  %rb_off = arith.muli %rb, %ns : tensor<32x1xi32, #w>
  %rb_b = tt.broadcast %rb_off : tensor<32x1xi32, #w> -> tensor<32x64xi32, #w>
  %off_b = arith.addi %rb_b, %cb : tensor<32x64xi32, #w>
  %rmb = arith.cmpi slt, %rb, %ms : tensor<32x1xi32, #w>
  %rmb_b = tt.broadcast %rmb : tensor<32x1xi1, #w> -> tensor<32x64xi1, #w>
  %mask_b = arith.andi %rmb_b, %cmb : tensor<32x64xi1, #w>
  %pb = tt.addptr %xs, %off_b : tensor<32x64x!tt.ptr<f32>, #w>, tensor<32x64xi32, #w>
  %vb = tt.load %pb, %mask_b : tensor<32x64x!tt.ptr<f32>, #w>
  %sb = tt.reduce sum %vb {axis = 0 : i32} : tensor<32x64xf32, #w> -> tensor<64xf32, #wc>
  %acc = arith.addf %sa, %sb : tensor<64xf32, #wc>
  %n1 = tt.splat %n : i32 -> tensor<64xi32, #wc>
  %smask = arith.cmpi slt, %cols, %n1 : tensor<64xi32, #wc>
  %os = tt.splat %out : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #wc>
  %op = tt.addptr %os, %cols : tensor<64x!tt.ptr<f32>, #wc>, tensor<64xi32, #wc>
  tt.store %op, %acc, %smask : tensor<64x!tt.ptr<f32>, #wc>
  tt.return
}

// Transpose of an m x n matrix into n x m by 32x64 tiles: tt.trans keeps
// the registers (its layout is #b with the dimensions swapped), then a
// convert_layout to #b through shared memory, so the stores of out run
// along out's rows. The buffer pads each 32-element row by one (64 x 33
// floats): the 16 lanes that write down a column then hit 8 banks, not one. #b over 64x32 replicates lane bit 3 (its 64
// columns cover 32 twice): threads with that bit set store nothing.
// CHECK-LABEL: void __launch_bounds__(128) transpose(
// CHECK:       __shared__ float4 [[SCRATCH:scratch[_0-9]*]][528];
// CHECK:       // [[T:v[0-9]+]]: convert_layout through shared memory
// CHECK-NEXT:  reinterpret_cast<float*>([[SCRATCH]])[{{.*}}] = [[X0:v[0-9]+_0]];
// CHECK:       __syncthreads();
// CHECK-NEXT:  const float [[T]]_0 = reinterpret_cast<float*>([[SCRATCH]])[{{.*}}];
// CHECK:       const float [[T]]_31 = reinterpret_cast<float*>([[SCRATCH]])[{{.*}}];
// CHECK:       if ((threadIdx.x & 8u) == 0u) {
// CHECK:         if ({{v[0-9]+_31}}) arg1[{{v[0-9]+_31}}] = [[T]]_31;
// CHECK-NEXT:  }
#bt = #tt.blocked<{sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>
tt.func @transpose(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %m: i32, %n: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %pm = tt.get_program_id 0 : i32
  %pn = tt.get_program_id 1 : i32
  %c32 = arith.constant 32 : i32
  %c64 = arith.constant 64 : i32
  %rm0 = arith.muli %pm, %c32 : i32
  %cn0 = arith.muli %pn, %c64 : i32
  %rows0 = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32, #br>
  %rs = tt.splat %rm0 : i32 -> tensor<32xi32, #br>
  %rows = arith.addi %rows0, %rs : tensor<32xi32, #br>
  %cols0 = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32, #bc>
  %cs = tt.splat %cn0 : i32 -> tensor<64xi32, #bc>
  %cols = arith.addi %cols0, %cs : tensor<64xi32, #bc>
  %r2 = tt.expand_dims %rows {axis = 1 : i32} : tensor<32xi32, #br> -> tensor<32x1xi32, #b>
  %c2 = tt.expand_dims %cols {axis = 0 : i32} : tensor<64xi32, #bc> -> tensor<1x64xi32, #b>
  %ns = tt.splat %n : i32 -> tensor<32x1xi32, #b>
  %rowoff = arith.muli %r2, %ns : tensor<32x1xi32, #b>
  %rb = tt.broadcast %rowoff : tensor<32x1xi32, #b> -> tensor<32x64xi32, #b>
  %cb = tt.broadcast %c2 : tensor<1x64xi32, #b> -> tensor<32x64xi32, #b>
  %off = arith.addi %rb, %cb : tensor<32x64xi32, #b>
  %ms = tt.splat %m : i32 -> tensor<32x1xi32, #b>
  %rm = arith.cmpi slt, %r2, %ms : tensor<32x1xi32, #b>
  %nc = tt.splat %n : i32 -> tensor<1x64xi32, #b>
  %cm = arith.cmpi slt, %c2, %nc : tensor<1x64xi32, #b>
  %rmb = tt.broadcast %rm : tensor<32x1xi1, #b> -> tensor<32x64xi1, #b>
  %cmb = tt.broadcast %cm : tensor<1x64xi1, #b> -> tensor<32x64xi1, #b>
  %mask = arith.andi %rmb, %cmb : tensor<32x64xi1, #b>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>, #b>
  %xp = tt.addptr %xs, %off : tensor<32x64x!tt.ptr<f32>, #b>, tensor<32x64xi32, #b>
  %v = tt.load %xp, %mask : tensor<32x64x!tt.ptr<f32>, #b>
  %t = tt.trans %v : tensor<32x64xf32, #b> -> tensor<64x32xf32, #bt>
  %tc = tt.convert_layout %t : tensor<64x32xf32, #bt> -> tensor<64x32xf32, #b>
  // out[j][i] = x[i][j]: j runs over this tile's 64 columns of x.
  %j0 = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32, #br>
  %js = tt.splat %cn0 : i32 -> tensor<64xi32, #br>
  %j = arith.addi %j0, %js : tensor<64xi32, #br>
  %i0 = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32, #bc>
  %is = tt.splat %rm0 : i32 -> tensor<32xi32, #bc>
  %i = arith.addi %i0, %is : tensor<32xi32, #bc>
  %j2 = tt.expand_dims %j {axis = 1 : i32} : tensor<64xi32, #br> -> tensor<64x1xi32, #b>
  %i2 = tt.expand_dims %i {axis = 0 : i32} : tensor<32xi32, #bc> -> tensor<1x32xi32, #b>
  %mj = tt.splat %m : i32 -> tensor<64x1xi32, #b>
  %joff = arith.muli %j2, %mj : tensor<64x1xi32, #b>
  %jb = tt.broadcast %joff : tensor<64x1xi32, #b> -> tensor<64x32xi32, #b>
  %ib = tt.broadcast %i2 : tensor<1x32xi32, #b> -> tensor<64x32xi32, #b>
  %ooff = arith.addi %jb, %ib : tensor<64x32xi32, #b>
  %nj = tt.splat %n : i32 -> tensor<64x1xi32, #b>
  %jm = arith.cmpi slt, %j2, %nj : tensor<64x1xi32, #b>
  %mi = tt.splat %m : i32 -> tensor<1x32xi32, #b>
  %im = arith.cmpi slt, %i2, %mi : tensor<1x32xi32, #b>
  %jmb = tt.broadcast %jm : tensor<64x1xi1, #b> -> tensor<64x32xi1, #b>
  %imb = tt.broadcast %im : tensor<1x32xi1, #b> -> tensor<64x32xi1, #b>
  %omask = arith.andi %jmb, %imb : tensor<64x32xi1, #b>
  %os = tt.splat %out : !tt.ptr<f32> -> tensor<64x32x!tt.ptr<f32>, #b>
  %op = tt.addptr %os, %ooff : tensor<64x32x!tt.ptr<f32>, #b>, tensor<64x32xi32, #b>
  tt.store %op, %tc, %omask : tensor<64x32x!tt.ptr<f32>, #b>
  tt.return
}

// Outer-product matmul C = A B of an m x 2 A and a 2 x n B by 32x32 tiles
// on 2 warps (sizePerThread [1, 4], threadsPerWarp [4, 8], warpsPerCTA
// [2, 1]): acc += a[:, None] * b[None, :] for k = 0, 1, every step register
// moves and one mul and add per register.
// CHECK-LABEL: void __launch_bounds__(64) outer(
// CHECK-NOT:   __shared__
// CHECK-NOT:   __syncthreads
// CHECK:       const float [[ACC:v[0-9]+]]_15 = 0.0f + {{v[0-9]+_15}};
// CHECK:       const float {{v[0-9]+}}_15 = [[ACC]]_15 + {{v[0-9]+_15}};
#o = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]}>
#or = #tt.slice<{dim = 1, parent = #o}>
#oc = #tt.slice<{dim = 0, parent = #o}>
tt.func @outer(%a: !tt.ptr<f32>, %b: !tt.ptr<f32>, %c: !tt.ptr<f32>, %m: i32, %n: i32) attributes {block_size = 64 : i32, num_warps = 2 : i32} {
  %pm = tt.get_program_id 0 : i32
  %pn = tt.get_program_id 1 : i32
  %c32 = arith.constant 32 : i32
  %rm0 = arith.muli %pm, %c32 : i32
  %cn0 = arith.muli %pn, %c32 : i32
  %rows0 = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32, #or>
  %rs = tt.splat %rm0 : i32 -> tensor<32xi32, #or>
  %rows = arith.addi %rows0, %rs : tensor<32xi32, #or>
  %cols0 = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32, #oc>
  %cs = tt.splat %cn0 : i32 -> tensor<32xi32, #oc>
  %cols = arith.addi %cols0, %cs : tensor<32xi32, #oc>
  %m1 = tt.splat %m : i32 -> tensor<32xi32, #or>
  %rmask = arith.cmpi slt, %rows, %m1 : tensor<32xi32, #or>
  %n1 = tt.splat %n : i32 -> tensor<32xi32, #oc>
  %cmask = arith.cmpi slt, %cols, %n1 : tensor<32xi32, #oc>
  %two = arith.constant dense<2> : tensor<32xi32, #or>
  %arow = arith.muli %rows, %two : tensor<32xi32, #or>
  %as = tt.splat %a : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>, #or>
  %bs = tt.splat %b : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>, #oc>
  %acc0 = arith.constant dense<0.0> : tensor<32x32xf32, #o>
  // k = 0
  %ap0 = tt.addptr %as, %arow : tensor<32x!tt.ptr<f32>, #or>, tensor<32xi32, #or>
  %av0 = tt.load %ap0, %rmask : tensor<32x!tt.ptr<f32>, #or>
  %bp0 = tt.addptr %bs, %cols : tensor<32x!tt.ptr<f32>, #oc>, tensor<32xi32, #oc>
  %bv0 = tt.load %bp0, %cmask : tensor<32x!tt.ptr<f32>, #oc>
  %a20 = tt.expand_dims %av0 {axis = 1 : i32} : tensor<32xf32, #or> -> tensor<32x1xf32, #o>
  %ab0 = tt.broadcast %a20 : tensor<32x1xf32, #o> -> tensor<32x32xf32, #o>
  %b20 = tt.expand_dims %bv0 {axis = 0 : i32} : tensor<32xf32, #oc> -> tensor<1x32xf32, #o>
  %bb0 = tt.broadcast %b20 : tensor<1x32xf32, #o> -> tensor<32x32xf32, #o>
  %p0 = arith.mulf %ab0, %bb0 : tensor<32x32xf32, #o>
  %acc1 = arith.addf %acc0, %p0 : tensor<32x32xf32, #o>
  // k = 1
  %one = arith.constant dense<1> : tensor<32xi32, #or>
  %arow1 = arith.addi %arow, %one : tensor<32xi32, #or>
  %ap1 = tt.addptr %as, %arow1 : tensor<32x!tt.ptr<f32>, #or>, tensor<32xi32, #or>
  %av1 = tt.load %ap1, %rmask : tensor<32x!tt.ptr<f32>, #or>
  %ncols = tt.splat %n : i32 -> tensor<32xi32, #oc>
  %bcol1 = arith.addi %cols, %ncols : tensor<32xi32, #oc>
  %bp1 = tt.addptr %bs, %bcol1 : tensor<32x!tt.ptr<f32>, #oc>, tensor<32xi32, #oc>
  %bv1 = tt.load %bp1, %cmask : tensor<32x!tt.ptr<f32>, #oc>
  %a21 = tt.expand_dims %av1 {axis = 1 : i32} : tensor<32xf32, #or> -> tensor<32x1xf32, #o>
  %ab1 = tt.broadcast %a21 : tensor<32x1xf32, #o> -> tensor<32x32xf32, #o>
  %b21 = tt.expand_dims %bv1 {axis = 0 : i32} : tensor<32xf32, #oc> -> tensor<1x32xf32, #o>
  %bb1 = tt.broadcast %b21 : tensor<1x32xf32, #o> -> tensor<32x32xf32, #o>
  %p1 = arith.mulf %ab1, %bb1 : tensor<32x32xf32, #o>
  %acc2 = arith.addf %acc1, %p1 : tensor<32x32xf32, #o>
  %r2 = tt.expand_dims %rows {axis = 1 : i32} : tensor<32xi32, #or> -> tensor<32x1xi32, #o>
  %c2 = tt.expand_dims %cols {axis = 0 : i32} : tensor<32xi32, #oc> -> tensor<1x32xi32, #o>
  %ns = tt.splat %n : i32 -> tensor<32x1xi32, #o>
  %rowoff = arith.muli %r2, %ns : tensor<32x1xi32, #o>
  %rb = tt.broadcast %rowoff : tensor<32x1xi32, #o> -> tensor<32x32xi32, #o>
  %cb = tt.broadcast %c2 : tensor<1x32xi32, #o> -> tensor<32x32xi32, #o>
  %off = arith.addi %rb, %cb : tensor<32x32xi32, #o>
  %rm2 = tt.expand_dims %rmask {axis = 1 : i32} : tensor<32xi1, #or> -> tensor<32x1xi1, #o>
  %cm2 = tt.expand_dims %cmask {axis = 0 : i32} : tensor<32xi1, #oc> -> tensor<1x32xi1, #o>
  %rmb = tt.broadcast %rm2 : tensor<32x1xi1, #o> -> tensor<32x32xi1, #o>
  %cmb = tt.broadcast %cm2 : tensor<1x32xi1, #o> -> tensor<32x32xi1, #o>
  %mask = arith.andi %rmb, %cmb : tensor<32x32xi1, #o>
  %cps = tt.splat %c : !tt.ptr<f32> -> tensor<32x32x!tt.ptr<f32>, #o>
  %cp = tt.addptr %cps, %off : tensor<32x32x!tt.ptr<f32>, #o>, tensor<32x32xi32, #o>
  tt.store %cp, %acc2, %mask : tensor<32x32x!tt.ptr<f32>, #o>
  tt.return
}

// The sum of a whole 32x64 tile (axis=None): row sums (axis 1: 16 registers
// to 4, lane bits 0..3), then the 32 row sums to a scalar: #br holds rows
// along lane bit 4 and the 2 warp bits, and replicates lane bits 0..3,
// which the butterfly skips (shuffling them would add each row 16 times).
// CHECK-LABEL: void __launch_bounds__(128) tile_sum(
// CHECK:       // [[ROWS:v[0-9]+]] = sum of tensor<32x64xf32, {{.*}}> along axis 1
// CHECK:       // [[TOTAL:v[0-9]+]] = sum of tensor<32xf32, {{.*}}>{{$}}
// CHECK-NEXT:  const float [[P:v[0-9]+_part]] = [[ROWS]]_0 + [[ROWS]]_2;
// CHECK:       __shfl_xor_sync(0xffffffffu, [[ACC:v[0-9]+_acc]], 16);
// CHECK-NEXT:  [[ACC]] = [[ACC]] + {{.*}};
// CHECK-NEXT:  reinterpret_cast<float*>({{scratch[_0-9]*}})[[[GROUP:warp_group[_0-9]*]]] = [[ACC]];
// CHECK-NEXT:  __syncthreads();
// CHECK-NEXT:  [[ACC]] = reinterpret_cast<float*>({{scratch[_0-9]*}})[0];
// CHECK:       [[ACC]] = [[ACC]] + reinterpret_cast<float*>({{scratch[_0-9]*}})[3];
// CHECK-NEXT:  const float [[TOTAL]] = [[ACC]];
// CHECK:       if (threadIdx.x == 0u) {
// CHECK-NEXT:    arg1[{{.*}}] = [[TOTAL]];
tt.func @tile_sum(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %m: i32, %n: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %pid = tt.get_program_id 0 : i32
  %c32 = arith.constant 32 : i32
  %rm0 = arith.muli %pid, %c32 : i32
  %rows0 = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32, #br>
  %rs = tt.splat %rm0 : i32 -> tensor<32xi32, #br>
  %rows = arith.addi %rows0, %rs : tensor<32xi32, #br>
  %cols = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32, #bc>
  %r2 = tt.expand_dims %rows {axis = 1 : i32} : tensor<32xi32, #br> -> tensor<32x1xi32, #b>
  %c2 = tt.expand_dims %cols {axis = 0 : i32} : tensor<64xi32, #bc> -> tensor<1x64xi32, #b>
  %ns = tt.splat %n : i32 -> tensor<32x1xi32, #b>
  %rowoff = arith.muli %r2, %ns : tensor<32x1xi32, #b>
  %rb = tt.broadcast %rowoff : tensor<32x1xi32, #b> -> tensor<32x64xi32, #b>
  %cb = tt.broadcast %c2 : tensor<1x64xi32, #b> -> tensor<32x64xi32, #b>
  %off = arith.addi %rb, %cb : tensor<32x64xi32, #b>
  %ms = tt.splat %m : i32 -> tensor<32x1xi32, #b>
  %rm = arith.cmpi slt, %r2, %ms : tensor<32x1xi32, #b>
  %nc = tt.splat %n : i32 -> tensor<1x64xi32, #b>
  %cm = arith.cmpi slt, %c2, %nc : tensor<1x64xi32, #b>
  %rmb = tt.broadcast %rm : tensor<32x1xi1, #b> -> tensor<32x64xi1, #b>
  %cmb = tt.broadcast %cm : tensor<1x64xi1, #b> -> tensor<32x64xi1, #b>
  %mask = arith.andi %rmb, %cmb : tensor<32x64xi1, #b>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>, #b>
  %xp = tt.addptr %xs, %off : tensor<32x64x!tt.ptr<f32>, #b>, tensor<32x64xi32, #b>
  %v = tt.load %xp, %mask : tensor<32x64x!tt.ptr<f32>, #b>
  %s = tt.reduce sum %v {axis = 1 : i32} : tensor<32x64xf32, #b> -> tensor<32xf32, #br>
  %t = tt.reduce sum %s : tensor<32xf32, #br> -> f32
  %o = tt.addptr %out, %pid : !tt.ptr<f32>, i32
  tt.store %o, %t : !tt.ptr<f32>
  tt.return
}

// tt.reshape both ways between a 32x64 tile in #b and 2048 elements in the
// 1-D layout of its width (sizePerThread [4]): out1 gets x's elements in
// row-major order, out2 = 2 x through 1-D and back.
// CHECK-LABEL: void __launch_bounds__(128) reshape(
// CHECK:       // [[F:v[0-9]+]]: reshape through shared memory
// CHECK:       __syncthreads(); // the scratch buffer's last readers are done
// CHECK:       // {{v[0-9]+}}: reshape through shared memory
#f = #tt.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
tt.func @reshape(%x: !tt.ptr<f32>, %out1: !tt.ptr<f32>, %out2: !tt.ptr<f32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %rows = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32, #br>
  %cols = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32, #bc>
  %r2 = tt.expand_dims %rows {axis = 1 : i32} : tensor<32xi32, #br> -> tensor<32x1xi32, #b>
  %c2 = tt.expand_dims %cols {axis = 0 : i32} : tensor<64xi32, #bc> -> tensor<1x64xi32, #b>
  %c64 = arith.constant dense<64> : tensor<32x1xi32, #b>
  %rowoff = arith.muli %r2, %c64 : tensor<32x1xi32, #b>
  %rb = tt.broadcast %rowoff : tensor<32x1xi32, #b> -> tensor<32x64xi32, #b>
  %cb = tt.broadcast %c2 : tensor<1x64xi32, #b> -> tensor<32x64xi32, #b>
  %off = arith.addi %rb, %cb : tensor<32x64xi32, #b>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>, #b>
  %xp = tt.addptr %xs, %off : tensor<32x64x!tt.ptr<f32>, #b>, tensor<32x64xi32, #b>
  %v = tt.load %xp : tensor<32x64x!tt.ptr<f32>, #b>
  %flat = tt.reshape %v : tensor<32x64xf32, #b> -> tensor<2048xf32, #f>
  %idx = tt.make_range {start = 0 : i32, end = 2048 : i32} : tensor<2048xi32, #f>
  %o1s = tt.splat %out1 : !tt.ptr<f32> -> tensor<2048x!tt.ptr<f32>, #f>
  %o1 = tt.addptr %o1s, %idx : tensor<2048x!tt.ptr<f32>, #f>, tensor<2048xi32, #f>
  tt.store %o1, %flat : tensor<2048x!tt.ptr<f32>, #f>
  %twos = arith.constant dense<2.0> : tensor<2048xf32, #f>
  %doubled = arith.mulf %flat, %twos : tensor<2048xf32, #f>
  %back = tt.reshape %doubled : tensor<2048xf32, #f> -> tensor<32x64xf32, #b>
  %o2s = tt.splat %out2 : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>, #b>
  %o2 = tt.addptr %o2s, %off : tensor<32x64x!tt.ptr<f32>, #b>, tensor<32x64xi32, #b>
  tt.store %o2, %back : tensor<32x64x!tt.ptr<f32>, #b>
  tt.return
}

// One register per thread is not one value per block: 64 elements on 4
// warps (sizePerThread [1]) put element 32 w + l in lane l of warps w = 0,
// 1 and replicate them in warps 2, 3 (warp bit 1, thread bit 6). y = x -
// max(x): a butterfly over the 5 lane bits, two warp partials through
// shared memory (warp bit 0), and the stores from warps 0 and 1 only.
// CHECK-LABEL: void __launch_bounds__(128) minus_max64(
// CHECK:       const int [[E:thread_dim0[_0-9]*]] = (int)(threadIdx.x & 63u);
// CHECK:       const int [[I:v[0-9]+]] = [[E]];
// CHECK:       __shfl_xor_sync(0xffffffffu, [[ACC:v[0-9]+_acc]], 16);
// CHECK-NEXT:  [[ACC]] = {{.*}};
// CHECK-NEXT:  reinterpret_cast<float*>({{scratch[_0-9]*}})[[[GROUP:warp_group[_0-9]*]]] = [[ACC]];
// CHECK:       if ((threadIdx.x & 64u) == 0u) {
// CHECK-NEXT:    if ({{v[0-9]+}}) arg1[[[I]]] = {{v[0-9]+}};
// CHECK-NEXT:  }
#v = #tt.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
tt.func @minus_max64(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %i = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32, #v>
  %ns = tt.splat %n : i32 -> tensor<64xi32, #v>
  %mask = arith.cmpi slt, %i, %ns : tensor<64xi32, #v>
  %ninf = arith.constant dense<0xFF800000> : tensor<64xf32, #v>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #v>
  %xp = tt.addptr %xs, %i : tensor<64x!tt.ptr<f32>, #v>, tensor<64xi32, #v>
  %v = tt.load %xp, %mask, %ninf : tensor<64x!tt.ptr<f32>, #v>
  %mx = tt.reduce max %v : tensor<64xf32, #v> -> f32
  %mxs = tt.splat %mx : f32 -> tensor<64xf32, #v>
  %y = arith.subf %v, %mxs : tensor<64xf32, #v>
  %os = tt.splat %out : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #v>
  %op = tt.addptr %os, %i : tensor<64x!tt.ptr<f32>, #v>, tensor<64xi32, #v>
  tt.store %op, %y, %mask : tensor<64x!tt.ptr<f32>, #v>
  tt.return
}
