// A tiled mask op (comparison, i1 and/or/xor) whose result TiledAxisInfo
// proves constant over aligned groups along some dimensions
// (kRegisterClassesAttr) is computed once per class of a thread's registers
// that hold one such group, and spread back: `cols < N` with N a multiple of
// 16 over 8 registers per thread is one compare, where LLVM kept 8
// predicates live (tutorial 05's backward pass); `rows < M` over a thread's
// rows r, r + 4, ..., r + 28 is one compare per aligned group of 16 rows
// (the 2-D add, as Triton's). Each case where it fires has one next to it
// where it must not.
// RUN: mytriton-opt --convert-tt-to-gpu -split-input-file %s | FileCheck %s

#b = #tt.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>

// 512 columns on 32 threads: 16 registers, two runs of 8.
// CHECK-LABEL: gpu.func @mask_per_run
// CHECK:         %[[COLS:.*]] = arith.addi %{{.*}}, %{{.*}} : vector<16xi32>
// CHECK:         %[[NS:.*]] = vector.broadcast %{{.*}} : i32 to vector<16xi32>
// CHECK:         %[[FIRSTS:.*]] = vector.shuffle %[[COLS]], %[[COLS]] [0, 8] : vector<16xi32>, vector<16xi32>
// CHECK:         %[[N:.*]] = vector.shuffle %[[NS]], %[[NS]] [0, 8] : vector<16xi32>, vector<16xi32>
// CHECK:         %[[ONCE:.*]] = arith.cmpi slt, %[[FIRSTS]], %[[N]] : vector<2xi32>
// CHECK:         %[[MASK:.*]] = vector.shuffle %[[ONCE]], %[[ONCE]] [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1] : vector<2xi1>, vector<2xi1>
// CHECK:         arith.select %[[MASK]], %{{.*}}, %{{.*}} : vector<16xi1>, vector<16xf32>
tt.func @mask_per_run(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  %cols = tt.make_range {start = 0 : i32, end = 512 : i32} : tensor<512xi32, #b>
  %ns = tt.splat %n : i32 -> tensor<512xi32, #b>
  %mask = arith.cmpi slt, %cols, %ns : tensor<512xi32, #b>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #b>
  %pp = tt.addptr %ps, %cols : tensor<512x!tt.ptr<f32>, #b>, tensor<512xi32, #b>
  %x = tt.load %pp, %mask : tensor<512x!tt.ptr<f32>, #b>
  %zero = arith.constant dense<0.0> : tensor<512xf32, #b>
  %y = arith.select %mask, %x, %zero : tensor<512xi1, #b>, tensor<512xf32, #b>
  tt.store %pp, %y, %mask : tensor<512x!tt.ptr<f32>, #b>
  tt.return
}

// -----

#b = #tt.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>

// Must not fire: N of unknown divisibility can end a row inside a run.
// CHECK-LABEL: gpu.func @mask_of_unknown_bound
// CHECK-NOT:     vector.shuffle
// CHECK:         arith.cmpi slt, %{{.*}}, %{{.*}} : vector<16xi32>
tt.func @mask_of_unknown_bound(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  %cols = tt.make_range {start = 0 : i32, end = 512 : i32} : tensor<512xi32, #b>
  %ns = tt.splat %n : i32 -> tensor<512xi32, #b>
  %mask = arith.cmpi slt, %cols, %ns : tensor<512xi32, #b>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #b>
  %pp = tt.addptr %ps, %cols : tensor<512x!tt.ptr<f32>, #b>, tensor<512xi32, #b>
  %zero = arith.constant dense<0.0> : tensor<512xf32, #b>
  %x = tt.load %pp, %mask, %zero : tensor<512x!tt.ptr<f32>, #b>
  tt.store %pp, %x : tensor<512x!tt.ptr<f32>, #b>
  tt.return
}

// -----

#b = #tt.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>

// Columns shifted by 4: (i + 4) < N with N a multiple of 16 is one value
// over aligned groups of 4, so each run of 4 registers compares once.
// CHECK-LABEL: gpu.func @mask_of_shifted_columns
// CHECK:         %[[ONCE:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : vector<4xi32>
// CHECK:         vector.shuffle %[[ONCE]], %[[ONCE]] [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3] : vector<4xi1>, vector<4xi1>
tt.func @mask_of_shifted_columns(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 512 : i32} : tensor<512xi32, #b>
  %four = arith.constant dense<4> : tensor<512xi32, #b>
  %cols = arith.addi %r, %four : tensor<512xi32, #b>
  %ns = tt.splat %n : i32 -> tensor<512xi32, #b>
  %mask = arith.cmpi slt, %cols, %ns : tensor<512xi32, #b>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #b>
  %pp = tt.addptr %ps, %r : tensor<512x!tt.ptr<f32>, #b>, tensor<512xi32, #b>
  %zero = arith.constant dense<0.0> : tensor<512xf32, #b>
  %x = tt.load %pp, %mask, %zero : tensor<512x!tt.ptr<f32>, #b>
  tt.store %pp, %x : tensor<512x!tt.ptr<f32>, #b>
  tt.return
}

// -----

#b = #tt.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>

// Must not fire: columns shifted by one element put a group boundary in
// every run.
// CHECK-LABEL: gpu.func @mask_of_odd_shifted_columns
// CHECK-NOT:     vector.shuffle
// CHECK:         arith.cmpi slt, %{{.*}}, %{{.*}} : vector<16xi32>
tt.func @mask_of_odd_shifted_columns(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 512 : i32} : tensor<512xi32, #b>
  %one = arith.constant dense<1> : tensor<512xi32, #b>
  %cols = arith.addi %r, %one : tensor<512xi32, #b>
  %ns = tt.splat %n : i32 -> tensor<512xi32, #b>
  %mask = arith.cmpi slt, %cols, %ns : tensor<512xi32, #b>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #b>
  %pp = tt.addptr %ps, %r : tensor<512x!tt.ptr<f32>, #b>, tensor<512xi32, #b>
  %zero = arith.constant dense<0.0> : tensor<512xf32, #b>
  %x = tt.load %pp, %mask, %zero : tensor<512x!tt.ptr<f32>, #b>
  tt.store %pp, %x : tensor<512x!tt.ptr<f32>, #b>
  tt.return
}

// -----

#b2 = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#rows = #tt.slice<{dim = 1, parent = #b2}>
#cols = #tt.slice<{dim = 0, parent = #b2}>

// The 2-D add's mask on a [32, 128] tile of 4 warps: a thread holds rows
// w, w + 4, ..., w + 28 (each in 4 registers of the [32, 1] compare, which
// replicate its one column), and with M a multiple of 16 rows from an
// aligned start agree in groups of 16: two compares, for registers 0-15 and
// 16-31. The column compare is one value over each thread's 4 columns; the
// and of both, one per row group.
// CHECK-LABEL: gpu.func @row_mask_per_group
// CHECK:         %[[R:.*]] = vector.shuffle %[[ROWS:.*]], %[[ROWS]] [0, 16] : vector<32xi32>, vector<32xi32>
// CHECK:         %[[M:.*]] = vector.shuffle %{{.*}}, %{{.*}} [0, 16] : vector<32xi32>, vector<32xi32>
// CHECK:         %[[RC:.*]] = arith.cmpi slt, %[[R]], %[[M]] : vector<2xi32>
// CHECK:         vector.shuffle %[[RC]], %[[RC]] [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1] : vector<2xi1>, vector<2xi1>
// CHECK:         %[[CC:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : vector<1xi32>
// CHECK:         vector.shuffle %[[CC]], %[[CC]] [0, 0, 0, 0] : vector<1xi1>, vector<1xi1>
// CHECK:         %[[BOTH:.*]] = arith.andi %{{.*}}, %{{.*}} : vector<2xi1>
// CHECK:         vector.shuffle %[[BOTH]], %[[BOTH]] [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1] : vector<2xi1>, vector<2xi1>
tt.func @row_mask_per_group(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %m: i32 {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %c32 = arith.constant 32 : i32
  %pid = tt.get_program_id 0 : i32
  %start = arith.muli %pid, %c32 : i32
  %r = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32, #rows>
  %s = tt.splat %start : i32 -> tensor<32xi32, #rows>
  %rows = arith.addi %s, %r : tensor<32xi32, #rows>
  %cols = tt.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32, #cols>
  %r2 = tt.expand_dims %rows {axis = 1 : i32} : tensor<32xi32, #rows> -> tensor<32x1xi32, #b2>
  %c2 = tt.expand_dims %cols {axis = 0 : i32} : tensor<128xi32, #cols> -> tensor<1x128xi32, #b2>
  %ms = tt.splat %m : i32 -> tensor<32x1xi32, #b2>
  %rmask = arith.cmpi slt, %r2, %ms : tensor<32x1xi32, #b2>
  %ns = tt.splat %n : i32 -> tensor<1x128xi32, #b2>
  %cmask = arith.cmpi slt, %c2, %ns : tensor<1x128xi32, #b2>
  %rb = tt.broadcast %rmask : tensor<32x1xi1, #b2> -> tensor<32x128xi1, #b2>
  %cb = tt.broadcast %cmask : tensor<1x128xi1, #b2> -> tensor<32x128xi1, #b2>
  %mask = arith.andi %rb, %cb : tensor<32x128xi1, #b2>
  %rn = tt.splat %n : i32 -> tensor<32x1xi32, #b2>
  %roff = arith.muli %r2, %rn : tensor<32x1xi32, #b2>
  %ro = tt.broadcast %roff : tensor<32x1xi32, #b2> -> tensor<32x128xi32, #b2>
  %co = tt.broadcast %c2 : tensor<1x128xi32, #b2> -> tensor<32x128xi32, #b2>
  %offs = arith.addi %ro, %co : tensor<32x128xi32, #b2>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<32x128x!tt.ptr<f32>, #b2>
  %pp = tt.addptr %ps, %offs : tensor<32x128x!tt.ptr<f32>, #b2>, tensor<32x128xi32, #b2>
  %zero = arith.constant dense<0.0> : tensor<32x128xf32, #b2>
  %x = tt.load %pp, %mask, %zero : tensor<32x128x!tt.ptr<f32>, #b2>
  tt.store %pp, %x, %mask : tensor<32x128x!tt.ptr<f32>, #b2>
  tt.return
}

// -----

#b2 = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#rows = #tt.slice<{dim = 1, parent = #b2}>

// Must not merge rows: a program starting at row pid * 32 + 2 splits the
// groups of 16 rows (r and r + 4 may fall on either side of M), so each of
// the thread's 8 rows is compared; only the registers replicating one row's
// single column share its compare.
// CHECK-LABEL: gpu.func @row_mask_of_shifted_start
// CHECK:         %[[RC:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : vector<8xi32>
// CHECK-NEXT:    vector.shuffle %[[RC]], %[[RC]] [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7] : vector<8xi1>, vector<8xi1>
tt.func @row_mask_of_shifted_start(%p: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %m: i32 {tt.divisibility = 16 : i32}) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %c32 = arith.constant 32 : i32
  %c2 = arith.constant 2 : i32
  %pid = tt.get_program_id 0 : i32
  %base = arith.muli %pid, %c32 : i32
  %start = arith.addi %base, %c2 : i32
  %r = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32, #rows>
  %s = tt.splat %start : i32 -> tensor<32xi32, #rows>
  %rows = arith.addi %s, %r : tensor<32xi32, #rows>
  %r2 = tt.expand_dims %rows {axis = 1 : i32} : tensor<32xi32, #rows> -> tensor<32x1xi32, #b2>
  %ms = tt.splat %m : i32 -> tensor<32x1xi32, #b2>
  %rmask = arith.cmpi slt, %r2, %ms : tensor<32x1xi32, #b2>
  %flag = arith.extui %rmask : tensor<32x1xi1, #b2> to tensor<32x1xi8, #b2>
  %ps = tt.splat %p : !tt.ptr<i8> -> tensor<32x1x!tt.ptr<i8>, #b2>
  %pp = tt.addptr %ps, %r2 : tensor<32x1x!tt.ptr<i8>, #b2>, tensor<32x1xi32, #b2>
  tt.store %pp, %flag : tensor<32x1x!tt.ptr<i8>, #b2>
  tt.return
}
