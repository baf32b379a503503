// Runtime control flow on the CPU: tt kernels with scf.for / scf.if /
// scf.while in their bodies, lowered by tt-to-llvm-cpu (with and without
// bounds checks) and run by mlir-runner. Every output buffer starts as 7s.
// RUN: mytriton-opt %s --tt-to-llvm-cpu | mlir-runner %cpu_mattr -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// RUN: mytriton-opt %s --tt-to-llvm-cpu=bounds-check=false | mlir-runner %cpu_mattr -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s

// 1. @row_sum over 2 rows of 5 (x = 1..10): a loop of masked loads in steps
// of 4 (the second step has one lane on) into a loop-carried vector, then a
// sum: 1+..+5 and 6+..+10. With 0 columns the loop runs no step and the
// sums are of the initial zeros.
// CHECK:      data =
// CHECK-NEXT: [15,  40]
// CHECK:      data =
// CHECK-NEXT: [0,  0]
// 2. @branch over 4 programs of x = 1..16: even programs double their block,
// program 3 negates it, program 1 adds 100 and also stores its first two
// lanes to `side` from inside the branch (masked).
// CHECK:      data =
// CHECK-NEXT: [2,  4,  6,  8,  105,  106,  107,  108,  18,  20,  22,  24,  -13,  -14,  -15,  -16]
// CHECK:      data =
// CHECK-NEXT: [7,  7,  7,  7,  5,  6,  7,  7]
// 3. @while_doubling: i = 0, 1, 3, 7 while i < 10 (15 ends it), summing
// the masked blocks x[i:i+4] (1..4, 2..5, 4..7, 8..10: 73) and the scalars
// x[i] (1+2+4+8 = 15). With n = 0 the body never runs.
// CHECK:      data =
// CHECK-NEXT: [73,  15,  15]
// CHECK:      data =
// CHECK-NEXT: [0,  0,  0]
// 4. @nested_max: the maxima of 3 rows of 5 (x = 1..15), stored from the
// outer loop, and the overall maximum carried through both loops.
// CHECK:      data =
// CHECK-NEXT: [15,  5,  10,  15]
// 5. @tiled_column_sum: the column sums of a 3x5 matrix (x = 1..15) in
// 2x4 tiles, a loop-carried 2-D accumulator and pointer tile; program 1's
// columns 5..7 are masked off.
// CHECK:      data =
// CHECK-NEXT: [18,  21,  24,  27,  30,  7,  7,  7]
// 6. @advancing: pointer blocks carried through a loop of 2 steps over
// x = 1..16. `ptrs += 4` stays contiguous: x[0:4] + x[4:8]; `ptrs += lanes`
// does not (step 1 reads x[0], x[2], x[4], x[6]): x[0:4] + x[0:8:2].
// CHECK:      data =
// CHECK-NEXT: [6,  8,  10,  12,  2,  5,  8,  11]
// No access was out of bounds.
// CHECK:      data =
// CHECK-NEXT: [-1, 0, 0, 0, 0]

// out[pid] = sum(x[pid * n : pid * n + n]) for n >= 0.
tt.func @row_sum(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n: i32) attributes {block_size = 4 : i32} {
  %pid = tt.get_program_id 0 : i32
  %c0 = arith.constant 0 : i32
  %c4 = arith.constant 4 : i32
  %zero = arith.constant dense<0.0> : tensor<4xf32>
  %lanes = tt.make_range {start = 0 : i32, end = 4 : i32} : tensor<4xi32>
  %row = arith.muli %pid, %n : i32
  %xrow = tt.addptr %x, %row : !tt.ptr<f32>, i32
  %xp = tt.splat %xrow : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %n_v = tt.splat %n : i32 -> tensor<4xi32>
  %acc = scf.for %i = %c0 to %n step %c4 iter_args(%a = %zero) -> (tensor<4xf32>) : i32 {
    %iv = tt.splat %i : i32 -> tensor<4xi32>
    %cols = arith.addi %iv, %lanes : tensor<4xi32>
    %mask = arith.cmpi slt, %cols, %n_v : tensor<4xi32>
    %ptrs = tt.addptr %xp, %cols : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
    %v = tt.load %ptrs, %mask : tensor<4x!tt.ptr<f32>>
    %next = arith.addf %a, %v : tensor<4xf32>
    scf.yield %next : tensor<4xf32>
  }
  %s = tt.reduce sum %acc : tensor<4xf32> -> f32
  %o = tt.addptr %out, %pid : !tt.ptr<f32>, i32
  tt.store %o, %s : !tt.ptr<f32>
  tt.return
}

// y[pid * 4 + lane] = 2 * x if pid is even, -x if pid is 3, x + 100 else
// (with side[pid * 4 + lane] = x for lanes 0 and 1 there).
tt.func @branch(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %side: !tt.ptr<f32>) attributes {block_size = 4 : i32} {
  %pid = tt.get_program_id 0 : i32
  %c0 = arith.constant 0 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %lanes = tt.make_range {start = 0 : i32, end = 4 : i32} : tensor<4xi32>
  %first = arith.muli %pid, %c4 : i32
  %first_v = tt.splat %first : i32 -> tensor<4xi32>
  %offs = arith.addi %first_v, %lanes : tensor<4xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %offs : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  %v = tt.load %xp : tensor<4x!tt.ptr<f32>>
  %parity = arith.remsi %pid, %c2 : i32
  %even = arith.cmpi eq, %parity, %c0 : i32
  %r = scf.if %even -> (tensor<4xf32>) {
    %twice = arith.addf %v, %v : tensor<4xf32>
    scf.yield %twice : tensor<4xf32>
  } else {
    %is3 = arith.cmpi eq, %pid, %c3 : i32
    %r2 = scf.if %is3 -> (tensor<4xf32>) {
      %neg = arith.negf %v : tensor<4xf32>
      scf.yield %neg : tensor<4xf32>
    } else {
      %two = tt.splat %c2 : i32 -> tensor<4xi32>
      %low = arith.cmpi slt, %lanes, %two : tensor<4xi32>
      %ss = tt.splat %side : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
      %sp = tt.addptr %ss, %offs : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
      tt.store %sp, %v, %low : tensor<4x!tt.ptr<f32>>
      %hundred = arith.constant dense<100.0> : tensor<4xf32>
      %plus = arith.addf %v, %hundred : tensor<4xf32>
      scf.yield %plus : tensor<4xf32>
    }
    scf.yield %r2 : tensor<4xf32>
  }
  %ys = tt.splat %y : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %yp = tt.addptr %ys, %offs : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.store %yp, %r : tensor<4x!tt.ptr<f32>>
  tt.return
}

// i = 0; while i < n: sum the block x[i:i+4] (lanes below n) and x[i];
// i = 2 * i + 1. out = [sum of the blocks, final i, sum of the x[i]].
tt.func @while_doubling(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n: i32) attributes {block_size = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %zero = arith.constant 0.0 : f32
  %zeros = arith.constant dense<0.0> : tensor<4xf32>
  %lanes = tt.make_range {start = 0 : i32, end = 4 : i32} : tensor<4xi32>
  %n_v = tt.splat %n : i32 -> tensor<4xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %w:3 = scf.while (%i = %c0, %blocks = %zeros, %scalars = %zero) : (i32, tensor<4xf32>, f32) -> (i32, tensor<4xf32>, f32) {
    %more = arith.cmpi slt, %i, %n : i32
    scf.condition(%more) %i, %blocks, %scalars : i32, tensor<4xf32>, f32
  } do {
  ^bb0(%i: i32, %blocks: tensor<4xf32>, %scalars: f32):
    %i_v = tt.splat %i : i32 -> tensor<4xi32>
    %offs = arith.addi %i_v, %lanes : tensor<4xi32>
    %mask = arith.cmpi slt, %offs, %n_v : tensor<4xi32>
    %ptrs = tt.addptr %xs, %offs : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
    %block = tt.load %ptrs, %mask : tensor<4x!tt.ptr<f32>>
    %blocks2 = arith.addf %blocks, %block : tensor<4xf32>
    %xi = tt.addptr %x, %i : !tt.ptr<f32>, i32
    %s = tt.load %xi : !tt.ptr<f32>
    %scalars2 = arith.addf %scalars, %s : f32
    %twice = arith.muli %i, %c2 : i32
    %next = arith.addi %twice, %c1 : i32
    scf.yield %next, %blocks2, %scalars2 : i32, tensor<4xf32>, f32
  }
  %total = tt.reduce sum %w#1 : tensor<4xf32> -> f32
  tt.store %out, %total : !tt.ptr<f32>
  %last = arith.sitofp %w#0 : i32 to f32
  %o1 = tt.addptr %out, %c1 : !tt.ptr<f32>, i32
  tt.store %o1, %last : !tt.ptr<f32>
  %o2 = tt.addptr %out, %c2 : !tt.ptr<f32>, i32
  tt.store %o2, %w#2 : !tt.ptr<f32>
  tt.return
}

// out[1 + r] = max of row r of a rows x n matrix (blocks of 4 columns, a
// reduction per block), out[0] = the maximum of all.
tt.func @nested_max(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %rows: i32, %n: i32) attributes {block_size = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %ninf = arith.constant 0xFF800000 : f32
  %ninfs = tt.splat %ninf : f32 -> tensor<4xf32>
  %lanes = tt.make_range {start = 0 : i32, end = 4 : i32} : tensor<4xi32>
  %n_v = tt.splat %n : i32 -> tensor<4xi32>
  %all = scf.for %r = %c0 to %rows step %c1 iter_args(%m = %ninf) -> (f32) : i32 {
    %start = arith.muli %r, %n : i32
    %row = tt.addptr %x, %start : !tt.ptr<f32>, i32
    %rs = tt.splat %row : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
    %row_max = scf.for %c = %c0 to %n step %c4 iter_args(%rm = %ninf) -> (f32) : i32 {
      %c_v = tt.splat %c : i32 -> tensor<4xi32>
      %cols = arith.addi %c_v, %lanes : tensor<4xi32>
      %mask = arith.cmpi slt, %cols, %n_v : tensor<4xi32>
      %ptrs = tt.addptr %rs, %cols : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
      %v = tt.load %ptrs, %mask, %ninfs : tensor<4x!tt.ptr<f32>>
      %bm = tt.reduce max %v : tensor<4xf32> -> f32
      %rm2 = arith.maximumf %rm, %bm : f32
      scf.yield %rm2 : f32
    }
    %slot = arith.addi %r, %c1 : i32
    %o = tt.addptr %out, %slot : !tt.ptr<f32>, i32
    tt.store %o, %row_max : !tt.ptr<f32>
    %m2 = arith.maximumf %m, %row_max : f32
    scf.yield %m2 : f32
  }
  tt.store %out, %all : !tt.ptr<f32>
  tt.return
}

// out[j] = sum over i of x[i * n + j] for an m x n matrix, program p taking
// columns 4p..4p+3 in 2x4 tiles: the pointer tile moves down 2 rows a step.
tt.func @tiled_column_sum(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %m: i32, %n: i32) attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  %pid = tt.get_program_id 0 : i32
  %c0 = arith.constant 0 : i32
  %c2 = arith.constant 2 : i32
  %c4 = arith.constant 4 : i32
  %zeros = arith.constant dense<0.0> : tensor<2x4xf32>
  %r = tt.make_range {start = 0 : i32, end = 2 : i32} : tensor<2xi32>
  %c = tt.make_range {start = 0 : i32, end = 4 : i32} : tensor<4xi32>
  %first = arith.muli %pid, %c4 : i32
  %first_v = tt.splat %first : i32 -> tensor<4xi32>
  %cols = arith.addi %first_v, %c : tensor<4xi32>
  %n_c = tt.splat %n : i32 -> tensor<4xi32>
  %col_ok = arith.cmpi slt, %cols, %n_c : tensor<4xi32>
  %r2 = tt.expand_dims %r {axis = 1 : i32} : tensor<2xi32> -> tensor<2x1xi32>
  %n_r = tt.splat %n : i32 -> tensor<2x1xi32>
  %r_off = arith.muli %r2, %n_r : tensor<2x1xi32>
  %cols2 = tt.expand_dims %cols {axis = 0 : i32} : tensor<4xi32> -> tensor<1x4xi32>
  %rb = tt.broadcast %r_off : tensor<2x1xi32> -> tensor<2x4xi32>
  %cb = tt.broadcast %cols2 : tensor<1x4xi32> -> tensor<2x4xi32>
  %off = arith.addi %rb, %cb : tensor<2x4xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<2x4x!tt.ptr<f32>>
  %ptrs0 = tt.addptr %xs, %off : tensor<2x4x!tt.ptr<f32>>, tensor<2x4xi32>
  %col_ok2 = tt.expand_dims %col_ok {axis = 0 : i32} : tensor<4xi1> -> tensor<1x4xi1>
  %col_mask = tt.broadcast %col_ok2 : tensor<1x4xi1> -> tensor<2x4xi1>
  %step = arith.muli %n, %c2 : i32
  %step_t = tt.splat %step : i32 -> tensor<2x4xi32>
  %sums:2 = scf.for %k = %c0 to %m step %c2 iter_args(%acc = %zeros, %ptrs = %ptrs0) -> (tensor<2x4xf32>, tensor<2x4x!tt.ptr<f32>>) : i32 {
    %k_r = tt.splat %k : i32 -> tensor<2x1xi32>
    %rows = arith.addi %k_r, %r2 : tensor<2x1xi32>
    %m_r = tt.splat %m : i32 -> tensor<2x1xi32>
    %row_ok = arith.cmpi slt, %rows, %m_r : tensor<2x1xi32>
    %row_mask = tt.broadcast %row_ok : tensor<2x1xi1> -> tensor<2x4xi1>
    %mask = arith.andi %row_mask, %col_mask : tensor<2x4xi1>
    %tile = tt.load %ptrs, %mask : tensor<2x4x!tt.ptr<f32>>
    %acc2 = arith.addf %acc, %tile : tensor<2x4xf32>
    %ptrs2 = tt.addptr %ptrs, %step_t : tensor<2x4x!tt.ptr<f32>>, tensor<2x4xi32>
    scf.yield %acc2, %ptrs2 : tensor<2x4xf32>, tensor<2x4x!tt.ptr<f32>>
  }
  %colsum = tt.reduce sum %sums#0 {axis = 0 : i32} : tensor<2x4xf32> -> tensor<4xf32>
  %os = tt.splat %out : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %op = tt.addptr %os, %cols : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.store %op, %colsum, %col_ok : tensor<4x!tt.ptr<f32>>
  tt.return
}

// out[0:4] = sum over 2 steps of the block at ptrs, ptrs += 4 each step;
// out[4:8] = the same with strided += lanes.
tt.func @advancing(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>) attributes {block_size = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %four = arith.constant dense<4> : tensor<4xi32>
  %zeros = arith.constant dense<0.0> : tensor<4xf32>
  %lanes = tt.make_range {start = 0 : i32, end = 4 : i32} : tensor<4xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %p0 = tt.addptr %xs, %lanes : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  %r:4 = scf.for %k = %c0 to %c2 step %c1 iter_args(%a = %zeros, %p = %p0, %b = %zeros, %q = %p0) -> (tensor<4xf32>, tensor<4x!tt.ptr<f32>>, tensor<4xf32>, tensor<4x!tt.ptr<f32>>) : i32 {
    %v = tt.load %p : tensor<4x!tt.ptr<f32>>
    %a2 = arith.addf %a, %v : tensor<4xf32>
    %p2 = tt.addptr %p, %four : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
    %w = tt.load %q : tensor<4x!tt.ptr<f32>>
    %b2 = arith.addf %b, %w : tensor<4xf32>
    %q2 = tt.addptr %q, %lanes : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
    scf.yield %a2, %p2, %b2, %q2 : tensor<4xf32>, tensor<4x!tt.ptr<f32>>, tensor<4xf32>, tensor<4x!tt.ptr<f32>>
  }
  %os = tt.splat %out : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %o0 = tt.addptr %os, %lanes : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.store %o0, %r#0 : tensor<4x!tt.ptr<f32>>
  %o1 = tt.addptr %o0, %four : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.store %o1, %r#2 : tensor<4x!tt.ptr<f32>>
  tt.return
}

memref.global "private" constant @one_to_ten : memref<10xf32> =
  dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0]>
memref.global "private" constant @one_to_sixteen : memref<16xf32> =
  dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0]>

func.func private @row_sum_grid(memref<?xf32>, memref<?xf32>, i32, i32, i32, i32, memref<?xi32>)
func.func private @branch_grid(memref<?xf32>, memref<?xf32>, memref<?xf32>, i32, i32, i32, memref<?xi32>)
func.func private @while_doubling_grid(memref<?xf32>, memref<?xf32>, i32, i32, i32, i32, memref<?xi32>)
func.func private @nested_max_grid(memref<?xf32>, memref<?xf32>, i32, i32, i32, i32, i32, memref<?xi32>)
func.func private @advancing_grid(memref<?xf32>, memref<?xf32>, i32, i32, i32, memref<?xi32>)
func.func private @tiled_column_sum_grid(memref<?xf32>, memref<?xf32>, i32, i32, i32, i32, i32, memref<?xi32>)
func.func private @printMemrefF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func private @printMemrefI32(memref<*xi32>) attributes {llvm.emit_c_interface}

/// A buffer of `n` 7s.
func.func @sevens(%n: index) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %seven = arith.constant 7.0 : f32
  %m = memref.alloc(%n) : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    memref.store %seven, %m[%i] : memref<?xf32>
  }
  return %m : memref<?xf32>
}

func.func @print(%m: memref<?xf32>) {
  %u = memref.cast %m : memref<?xf32> to memref<*xf32>
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %m : memref<?xf32>
  return
}

/// An error record that says no access failed: [-1, 0, 0, 0, 0].
func.func @new_record() -> memref<?xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %zero = arith.constant 0 : i32
  %none = arith.constant -1 : i32
  %m = memref.alloc(%c5) : memref<?xi32>
  scf.for %i = %c0 to %c5 step %c1 {
    memref.store %zero, %m[%i] : memref<?xi32>
  }
  memref.store %none, %m[%c0] : memref<?xi32>
  return %m : memref<?xi32>
}

func.func @print_record(%m: memref<?xi32>) {
  %u = memref.cast %m : memref<?xi32> to memref<*xi32>
  func.call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  return
}

func.func @main() {
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %i0 = arith.constant 0 : i32
  %i1 = arith.constant 1 : i32
  %i2 = arith.constant 2 : i32
  %i5 = arith.constant 5 : i32
  %record = func.call @new_record() : () -> memref<?xi32>
  %g = memref.get_global @one_to_ten : memref<10xf32>
  %x = memref.cast %g : memref<10xf32> to memref<?xf32>

  %sums = func.call @sevens(%c2) : (index) -> memref<?xf32>
  func.call @row_sum_grid(%x, %sums, %i5, %i2, %i1, %i1, %record) : (memref<?xf32>, memref<?xf32>, i32, i32, i32, i32, memref<?xi32>) -> ()
  func.call @print(%sums) : (memref<?xf32>) -> ()
  %empty = func.call @sevens(%c2) : (index) -> memref<?xf32>
  func.call @row_sum_grid(%x, %empty, %i0, %i2, %i1, %i1, %record) : (memref<?xf32>, memref<?xf32>, i32, i32, i32, i32, memref<?xi32>) -> ()
  func.call @print(%empty) : (memref<?xf32>) -> ()

  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %i3 = arith.constant 3 : i32
  %i4 = arith.constant 4 : i32
  %i10 = arith.constant 10 : i32
  %g16 = memref.get_global @one_to_sixteen : memref<16xf32>
  %x16 = memref.cast %g16 : memref<16xf32> to memref<?xf32>
  %y = func.call @sevens(%c16) : (index) -> memref<?xf32>
  %side = func.call @sevens(%c8) : (index) -> memref<?xf32>
  func.call @branch_grid(%x16, %y, %side, %i4, %i1, %i1, %record) : (memref<?xf32>, memref<?xf32>, memref<?xf32>, i32, i32, i32, memref<?xi32>) -> ()
  func.call @print(%y) : (memref<?xf32>) -> ()
  func.call @print(%side) : (memref<?xf32>) -> ()

  %w = func.call @sevens(%c3) : (index) -> memref<?xf32>
  func.call @while_doubling_grid(%x16, %w, %i10, %i1, %i1, %i1, %record) : (memref<?xf32>, memref<?xf32>, i32, i32, i32, i32, memref<?xi32>) -> ()
  func.call @print(%w) : (memref<?xf32>) -> ()
  %w0 = func.call @sevens(%c3) : (index) -> memref<?xf32>
  func.call @while_doubling_grid(%x16, %w0, %i0, %i1, %i1, %i1, %record) : (memref<?xf32>, memref<?xf32>, i32, i32, i32, i32, memref<?xi32>) -> ()
  func.call @print(%w0) : (memref<?xf32>) -> ()

  %maxes = func.call @sevens(%c4) : (index) -> memref<?xf32>
  func.call @nested_max_grid(%x16, %maxes, %i3, %i5, %i1, %i1, %i1, %record) : (memref<?xf32>, memref<?xf32>, i32, i32, i32, i32, i32, memref<?xi32>) -> ()
  func.call @print(%maxes) : (memref<?xf32>) -> ()

  %colsums = func.call @sevens(%c8) : (index) -> memref<?xf32>
  func.call @tiled_column_sum_grid(%x16, %colsums, %i3, %i5, %i2, %i1, %i1, %record) : (memref<?xf32>, memref<?xf32>, i32, i32, i32, i32, i32, memref<?xi32>) -> ()
  func.call @print(%colsums) : (memref<?xf32>) -> ()

  %adv = func.call @sevens(%c8) : (index) -> memref<?xf32>
  func.call @advancing_grid(%x16, %adv, %i1, %i1, %i1, %record) : (memref<?xf32>, memref<?xf32>, i32, i32, i32, memref<?xi32>) -> ()
  func.call @print(%adv) : (memref<?xf32>) -> ()
  func.call @print_record(%record) : (memref<?xi32>) -> ()
  memref.dealloc %record : memref<?xi32>
  return
}
