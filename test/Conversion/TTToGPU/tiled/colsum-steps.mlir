// Column sums over two row steps (the benchmark's column_sum_partial_kernel
// with ROWS_PER_PROGRAM = 2 * BM, as traced, 16-aligned arguments) on
// 4 warps: each step's [32x128] tile sums its rows in registers, then the
// four warps' partial sums go through shared memory between two barriers.
// The sum is in the slice layout, replicated over the warps, so only
// threads with tid & 96 == 0 store it: that owner test is and-ed into the
// store's predicate, not a branch around the store. LLVM's InstCombine
// sinks whatever only a branch's stores use into that branch, which moved
// every step's additions of the loaded partial sums behind the last step
// and kept all the steps' shared-memory loads live (132 registers at the
// benchmark's eight steps; 54 since). The PTX adds a step's loaded partial
// sums before the next step's barrier. (An owner test that must stay a
// branch, around an unaligned store's two paths: transpose.mlir.)
// RUN: mytriton-opt --tt-prepare-gpu --convert-tt-to-gpu %s | FileCheck %s
// RUN: mytriton-opt --tt-to-ptx="chip=sm_90a" %s | %python %S/../../../Target/PTX/Inputs/extract_gpu_object.py -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx --check-prefix=PTX --implicit-check-not=.local

// CHECK-LABEL: gpu.func @column_sum_partial_kernel(
// CHECK:         %[[OWN:.*]] = arith.andi %{{.*}}, %c96_i32 : i32
// CHECK:         %[[ISOWN:.*]] = arith.cmpi eq, %[[OWN]], %c0_i32{{.*}} : i32
// CHECK-NOT:     scf.if
// CHECK:         %[[MASK:.*]] = vector.extract %{{.*}}[0] : i1 from vector<4xi1>
// CHECK-NEXT:    %[[PRED:.*]] = arith.andi %[[ISOWN]], %[[MASK]] : i1
// CHECK-NOT:     scf.if
// CHECK:         llvm.inline_asm has_side_effects {{.*}}"@$0 st.global.v4.b32 [$1], {$2, $3, $4, $5};", "b,l,r,r,r,r" %[[PRED]],
// CHECK-NEXT:    gpu.return

// PTX:         bar.sync 0;
// PTX:         bar.sync 0;
// PTX:         ld.shared.v4.b32 {[[A:%r[0-9]+]], [[B:%r[0-9]+]], {{%r[0-9]+}}, {{%r[0-9]+}}}
// PTX-NEXT:    add.f32 {{%r[0-9]+}}, [[A]], [[B]];
// PTX:         bar.sync 0;
// PTX:         bar.sync 0;
// PTX:         ld.shared.v4.b32
// PTX:         @{{%p[0-9]+}} st.global.v4.b32
// PTX-NOT:     st.global

  tt.func @column_sum_partial_kernel(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: i32 {tt.divisibility = 16 : i32}, %arg3: i32 {tt.divisibility = 16 : i32}) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
    %cst = arith.constant dense<0.000000e+00> : tensor<32x128xf32>
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<128xf32>
    %c32_i32 = arith.constant 32 : i32
    %c64_i32 = arith.constant 64 : i32
    %c128_i32 = arith.constant 128 : i32
    %0 = tt.get_program_id 0 : i32
    %1 = arith.muli %0, %c128_i32 : i32
    %2 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %3 = tt.splat %1 : i32 -> tensor<128xi32>
    %4 = arith.addi %3, %2 : tensor<128xi32>
    %5 = tt.get_program_id 1 : i32
    %6 = arith.muli %5, %c64_i32 : i32
    %7 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %8 = tt.splat %6 : i32 -> tensor<32xi32>
    %9 = arith.addi %8, %7 : tensor<32xi32>
    %10 = tt.expand_dims %9 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %11 = tt.splat %arg2 : i32 -> tensor<32x1xi32>
    %12 = arith.cmpi slt, %10, %11 : tensor<32x1xi32>
    %13 = tt.expand_dims %4 {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
    %14 = tt.splat %arg3 : i32 -> tensor<1x128xi32>
    %15 = arith.cmpi slt, %13, %14 : tensor<1x128xi32>
    %16 = tt.broadcast %12 : tensor<32x1xi1> -> tensor<32x128xi1>
    %17 = tt.broadcast %15 : tensor<1x128xi1> -> tensor<32x128xi1>
    %18 = arith.andi %16, %17 : tensor<32x128xi1>
    %19 = tt.splat %arg3 : i32 -> tensor<32x1xi32>
    %20 = arith.muli %10, %19 : tensor<32x1xi32>
    %21 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<32x1x!tt.ptr<f32>>
    %22 = tt.addptr %21, %20 : tensor<32x1x!tt.ptr<f32>>, tensor<32x1xi32>
    %23 = tt.broadcast %22 : tensor<32x1x!tt.ptr<f32>> -> tensor<32x128x!tt.ptr<f32>>
    %24 = tt.broadcast %13 : tensor<1x128xi32> -> tensor<32x128xi32>
    %25 = tt.addptr %23, %24 : tensor<32x128x!tt.ptr<f32>>, tensor<32x128xi32>
    %26 = tt.load %25, %18, %cst : tensor<32x128x!tt.ptr<f32>>
    %27 = tt.reduce sum %26 {axis = 0 : i32} : tensor<32x128xf32> -> tensor<128xf32>
    %28 = arith.addf %27, %cst_0 : tensor<128xf32>
    %29 = arith.addi %6, %c32_i32 : i32
    %30 = tt.splat %29 : i32 -> tensor<32xi32>
    %31 = arith.addi %30, %7 : tensor<32xi32>
    %32 = tt.expand_dims %31 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %33 = arith.cmpi slt, %32, %11 : tensor<32x1xi32>
    %34 = tt.broadcast %33 : tensor<32x1xi1> -> tensor<32x128xi1>
    %35 = arith.andi %34, %17 : tensor<32x128xi1>
    %36 = arith.muli %32, %19 : tensor<32x1xi32>
    %37 = tt.addptr %21, %36 : tensor<32x1x!tt.ptr<f32>>, tensor<32x1xi32>
    %38 = tt.broadcast %37 : tensor<32x1x!tt.ptr<f32>> -> tensor<32x128x!tt.ptr<f32>>
    %39 = tt.addptr %38, %24 : tensor<32x128x!tt.ptr<f32>>, tensor<32x128xi32>
    %40 = tt.load %39, %35, %cst : tensor<32x128x!tt.ptr<f32>>
    %41 = tt.reduce sum %40 {axis = 0 : i32} : tensor<32x128xf32> -> tensor<128xf32>
    %42 = arith.addf %28, %41 : tensor<128xf32>
    %43 = arith.muli %5, %arg3 : i32
    %44 = tt.addptr %arg1, %43 : !tt.ptr<f32>, i32
    %45 = tt.splat %44 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %46 = tt.addptr %45, %4 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %47 = tt.splat %arg3 : i32 -> tensor<128xi32>
    %48 = arith.cmpi slt, %4, %47 : tensor<128xi32>
    tt.store %46, %42, %48 : tensor<128x!tt.ptr<f32>>
    tt.return
  }
