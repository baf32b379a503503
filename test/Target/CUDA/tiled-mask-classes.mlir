// --emit-cuda computes a tiled mask op (comparison, i1 and/or/xor) once per
// class of a thread's registers that hold one value (tt::getRegisterClasses
// over TiledAxisInfo's constancy), as the gpu/nvvm route does; the other
// registers copy the class's first. The 2-D add's mask on a [32, 128] tile
// of 4 warps: rows r, r + 4, ..., r + 28 of a thread agree in groups of 16
// when M is a multiple of 16, so two row compares and two ands; a start
// shifted by 2 rows must compare every row.
// RUN: mytriton-translate --emit-cuda --split-input-file %s | FileCheck %s

// CHECK-LABEL: row_mask_per_group(
// CHECK:         const bool [[R0:v[0-9]+_0]] = {{v[0-9]+}}_0 < arg1;
// CHECK-NEXT:    const bool [[R1:v[0-9]+_16]] = {{v[0-9]+}}_4 < arg1;
// CHECK-NEXT:    const bool [[C:v[0-9]+_0]] = {{v[0-9]+}}_0 < arg2;
// CHECK-NEXT:    const bool [[M0:v[0-9]+]]_0 = [[R0]] & [[C]];
// CHECK-NEXT:    const bool [[M0]]_4 = [[M0]]_0;
// CHECK-NEXT:    const bool [[M0]]_8 = [[M0]]_0;
// CHECK-NEXT:    const bool [[M0]]_12 = [[M0]]_0;
// CHECK-NEXT:    const bool [[M0]]_16 = [[R1]] & [[C]];
// CHECK-NEXT:    const bool [[M0]]_20 = [[M0]]_16;
#b2 = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#rows = #tt.slice<{dim = 1, parent = #b2}>
#cols = #tt.slice<{dim = 0, parent = #b2}>

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

// CHECK-LABEL: row_mask_of_shifted_start(
// CHECK-COUNT-8: const bool {{v[0-9]+_[0-9]+}} = {{v[0-9]+_[0-9]+}} < arg1;
// CHECK-NOT:     const bool
#b2 = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#rows = #tt.slice<{dim = 1, parent = #b2}>

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
