// tt-pipeline{tma}: the loads of tutorial 03's K loop (as traced, after
// tt-assign-layouts{use-wgmma}) become TMA copies. The kernel gains one
// hidden !tt.tensor_map argument per tile, whose tt.tensor_map attribute
// tells the launcher how to encode it (innermost first: a is K x M with
// row stride %arg6, boxes of 64 x 128; b is N x K with row stride %arg8,
// boxes of 64 x 64, the 128-byte pieces of its 256-wide tile). Three
// barriers, one per stage: the prologue arms two stages for their 49152
// bytes and copies into them (a's rows from program's row start, columns 0
// and 64); each iteration waits on its slot's barrier with the parity of
// its round, runs its dot, and after the barrier arms and fills the stage
// two iterations ahead (predicated off past the end). The loop carries
// only the accumulator: the pointer tiles are gone. Before the loop, one
// tt.assert {trap} a tile stops the launch if the tile's first block starts at a
// negative row (a) or column (b), which TMA would read as zeros; a start
// that folds to a constant gets none. Each size (M, N, K) is checked to be
// positive: where it is not (the launcher encodes 1), the copies move the
// block to minus the tile's extent, all zeros, as the masked pointers read. Without `tma`, the same loop keeps
// cp.async (software-pipeline.mlir).
// RUN: mytriton-opt --pass-pipeline="builtin.module(canonicalize, cse, tt.func(tt-assign-layouts{compute-capability=90 only-tiled=true use-wgmma=true}, tt-pipeline{tma=true}), canonicalize, cse)" %s | FileCheck %s
// RUN: mytriton-opt --pass-pipeline="builtin.module(canonicalize, cse, tt.func(tt-assign-layouts{compute-capability=90 only-tiled=true use-wgmma=true}, tt-pipeline), canonicalize, cse)" %s | FileCheck %s --check-prefix=CPASYNC
// With a's rows starting at 0, only b's start is checked.
// RUN: sed 's/%14 = arith.muli %12, %c128_i32 : i32/%14 = arith.constant 0 : i32/' %s | mytriton-opt --pass-pipeline="builtin.module(canonicalize, cse, tt.func(tt-assign-layouts{compute-capability=90 only-tiled=true use-wgmma=true}, tt-pipeline{tma=true}), canonicalize, cse)" | FileCheck %s --check-prefix=CONST
// Must not fire: with a's row stride not known to be a multiple of 16
// bytes TMA cannot read a's tile, and the loop keeps cp.async for both.
// RUN: sed 's/%arg6: i32 {tt.divisibility = 16 : i32}/%arg6: i32/' %s | mytriton-opt --pass-pipeline="builtin.module(canonicalize, cse, tt.func(tt-assign-layouts{compute-capability=90 only-tiled=true use-wgmma=true}, tt-pipeline{tma=true}), canonicalize, cse)" | FileCheck %s --check-prefix=CPASYNC

// CHECK-LABEL: tt.func @matmul_kernel(
// CHECK-SAME:      %[[A:arg12]]: !tt.tensor_map {tt.tensor_map = {base = 0 : i32, box = array<i32: 64, 128>, element_bytes = 2 : i32, sizes = [array<i64: 0, 5, 1>, array<i64: 0, 3, 1>], strides = [array<i64: 0, 6, 1>], swizzle = 128 : i32}}
// CHECK-SAME:      %[[B:arg13]]: !tt.tensor_map {tt.tensor_map = {base = 1 : i32, box = array<i32: 64, 64>, element_bytes = 2 : i32, sizes = [array<i64: 0, 4, 1>, array<i64: 0, 5, 1>], strides = [array<i64: 0, 8, 1>], swizzle = 128 : i32}}
// CHECK:         %[[ASTACK:.*]] = tt.local_alloc : () -> !tt.memdesc<3x128x64xf16, #shared, mutable>
// CHECK:         %[[BSTACK:.*]] = tt.local_alloc : () -> !tt.memdesc<3x64x256xf16, #shared, mutable>
// CHECK:         %[[BARS:.*]] = tt.init_barriers {count = 1 : i32} : !tt.mbarriers<3>
// CHECK:         %[[AOK:.*]] = arith.cmpi sge, %[[ROW:.*]], %c0_i32 : i32
// CHECK-NEXT:    tt.assert %[[AOK]], "this load's block starts at a negative index, which its TMA copy reads as zeros; set MYTRITON_TMA=0 to load it with pointers" {trap} : i1
// CHECK-NEXT:    %[[MPOS:.*]] = arith.cmpi sgt, %arg3, %c0_i32 : i32
// CHECK-NEXT:    %[[KPOS:.*]] = arith.cmpi sgt, %arg5, %c0_i32 : i32
// CHECK-NEXT:    %[[BOK:.*]] = arith.cmpi sge, %[[COL:.*]], %c0_i32 : i32
// CHECK-NEXT:    tt.assert %[[BOK]], "this load's block starts {{.*}}" {trap} : i1
// CHECK-NEXT:    %[[NPOS:.*]] = arith.cmpi sgt, %arg4, %c0_i32 : i32
// CHECK:         tt.barrier_expect %[[BARS]][%c0_i32], 49152, %{{.*}} : !tt.mbarriers<3>
// CHECK:         %[[AROW:.*]] = arith.select %[[MPOS]], %[[ROW]], %c-128_i32 : i32
// CHECK-NEXT:    %[[K0:.*]] = arith.select %[[KPOS]], %c0_i32, %c-64_i32 : i32
// CHECK-NEXT:    tt.async_tma_copy_global_to_local %[[A]][%[[AROW]], %[[K0]]], %{{.*}}, %[[BARS]][%c0_i32]
// CHECK:         %[[BCOL:.*]] = arith.select %[[NPOS]], %[[COL]], %c-256_i32 : i32
// CHECK-NEXT:    tt.async_tma_copy_global_to_local %[[B]][%[[K0]], %[[BCOL]]], %{{.*}}, %[[BARS]][%c0_i32]
// CHECK:         tt.barrier_expect %[[BARS]][%c1_i32], 49152, %{{.*}} : !tt.mbarriers<3>
// CHECK:         %[[K1:.*]] = arith.select %[[KPOS]], %c64_i32, %c-64_i32 : i32
// CHECK-NEXT:    tt.async_tma_copy_global_to_local %[[A]][%[[AROW]], %[[K1]]], %{{.*}}, %[[BARS]][%c1_i32]
// CHECK:         tt.async_tma_copy_global_to_local %[[B]][%[[K1]], %[[BCOL]]], %{{.*}}, %[[BARS]][%c1_i32]
// CHECK:         scf.for %[[K:.*]] = %c0_i32 to %{{.*}} step %c1_i32 iter_args(%[[ACC:.*]] = %{{.*}}) -> (tensor<128x256xf32, #mma>)
// CHECK:           %[[SLOT:.*]] = arith.remsi %[[K]], %c3_i32
// CHECK:           %[[ROUND:.*]] = arith.divsi %[[K]], %c3_i32
// CHECK:           %[[PARITY:.*]] = arith.andi %[[ROUND]], %c1_i32
// CHECK:           tt.wait_barrier %[[BARS]][%[[SLOT]]], %[[PARITY]] : !tt.mbarriers<3>
// CHECK:           tt.warp_group_dot {{.*}} {isAsync = true}
// CHECK:           tt.warp_group_dot_wait {{.*}} {pendings = 1 : i32}
// CHECK:           tt.debug_barrier
// CHECK:           tt.barrier_expect %[[BARS]][%{{.*}}], 49152, %[[LIVE:.*]] : !tt.mbarriers<3>
// CHECK:           %[[KNEXT:.*]] = arith.select %[[KPOS]], %{{.*}}, %c-64_i32 : i32
// CHECK-NEXT:      tt.async_tma_copy_global_to_local %[[A]][%[[AROW]], %[[KNEXT]]], %{{.*}}, %[[BARS]][%{{.*}}], %[[LIVE]]
// CHECK:           tt.async_tma_copy_global_to_local %[[B]][%[[KNEXT]], %[[BCOL]]], %{{.*}}, %[[BARS]][%{{.*}}], %[[LIVE]]
// CHECK-NEXT:      scf.yield %{{.*}} : tensor<128x256xf32, #mma>
// CHECK-NOT:     tt.async_copy_global_to_local
// CHECK-NOT:     tt.load

// CONST-LABEL: tt.func @matmul_kernel(
// CONST:         tt.init_barriers
// CONST-NOT:     tt.assert
// CONST:         arith.cmpi sge
// CONST-NEXT:    tt.assert
// CONST-NOT:     tt.assert

// CPASYNC-LABEL: tt.func @matmul_kernel(
// CPASYNC-NOT:     tt.assert
// CPASYNC-NOT:     !tt.tensor_map
// CPASYNC:         tt.async_copy_global_to_local
// CPASYNC-NOT:     tt.init_barriers

module {
  tt.func @matmul_kernel(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg3: i32 {tt.divisibility = 16 : i32}, %arg4: i32 {tt.divisibility = 16 : i32}, %arg5: i32 {tt.divisibility = 16 : i32}, %arg6: i32 {tt.divisibility = 16 : i32}, %arg7: i32, %arg8: i32 {tt.divisibility = 16 : i32}, %arg9: i32, %arg10: i32 {tt.divisibility = 16 : i32}, %arg11: i32) attributes {block_size = 256 : i32, num_stages = 3 : i32, num_warps = 8 : i32} {
    %cst = arith.constant dense<64> : tensor<128x64xi32>
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<64x256xf16>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<128x64xf16>
    %c63_i32 = arith.constant 63 : i32
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<128x256xf32>
    %c255_i32 = arith.constant 255 : i32
    %c127_i32 = arith.constant 127 : i32
    %c64_i32 = arith.constant 64 : i32
    %c0_i32 = arith.constant 0 : i32
    %c8_i32 = arith.constant 8 : i32
    %c256_i32 = arith.constant 256 : i32
    %c1_i32 = arith.constant 1 : i32
    %c128_i32 = arith.constant 128 : i32
    %0 = tt.get_program_id 0 : i32
    %1 = arith.addi %arg3, %c127_i32 : i32
    %2 = arith.divsi %1, %c128_i32 : i32
    %3 = arith.addi %arg4, %c255_i32 : i32
    %4 = arith.divsi %3, %c256_i32 : i32
    %5 = arith.muli %4, %c8_i32 : i32
    %6 = arith.divsi %0, %5 : i32
    %7 = arith.muli %6, %c8_i32 : i32
    %8 = arith.subi %2, %7 : i32
    %9 = arith.minsi %8, %c8_i32 : i32
    %10 = arith.remsi %0, %5 : i32
    %11 = arith.remsi %10, %9 : i32
    %12 = arith.addi %7, %11 : i32
    %13 = arith.divsi %10, %9 : i32
    %14 = arith.muli %12, %c128_i32 : i32
    %15 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %16 = tt.splat %14 : i32 -> tensor<128xi32>
    %17 = arith.addi %16, %15 : tensor<128xi32>
    %18 = tt.splat %arg3 : i32 -> tensor<128xi32>
    %19 = arith.remsi %17, %18 : tensor<128xi32>
    %20 = arith.muli %13, %c256_i32 : i32
    %21 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    %22 = tt.splat %20 : i32 -> tensor<256xi32>
    %23 = arith.addi %22, %21 : tensor<256xi32>
    %24 = tt.splat %arg4 : i32 -> tensor<256xi32>
    %25 = arith.remsi %23, %24 : tensor<256xi32>
    %26 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %27 = tt.expand_dims %19 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %28 = tt.splat %arg6 : i32 -> tensor<128x1xi32>
    %29 = arith.muli %27, %28 : tensor<128x1xi32>
    %30 = tt.expand_dims %26 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %31 = tt.broadcast %29 : tensor<128x1xi32> -> tensor<128x64xi32>
    %32 = tt.broadcast %30 : tensor<1x64xi32> -> tensor<128x64xi32>
    %33 = arith.addi %31, %32 : tensor<128x64xi32>
    %34 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<128x64x!tt.ptr<f16>>
    %35 = tt.addptr %34, %33 : tensor<128x64x!tt.ptr<f16>>, tensor<128x64xi32>
    %36 = tt.expand_dims %26 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %37 = tt.splat %arg8 : i32 -> tensor<64x1xi32>
    %38 = arith.muli %36, %37 : tensor<64x1xi32>
    %39 = tt.expand_dims %25 {axis = 0 : i32} : tensor<256xi32> -> tensor<1x256xi32>
    %40 = tt.broadcast %38 : tensor<64x1xi32> -> tensor<64x256xi32>
    %41 = tt.broadcast %39 : tensor<1x256xi32> -> tensor<64x256xi32>
    %42 = arith.addi %40, %41 : tensor<64x256xi32>
    %43 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<64x256x!tt.ptr<f16>>
    %44 = tt.addptr %43, %42 : tensor<64x256x!tt.ptr<f16>>, tensor<64x256xi32>
    %45 = arith.addi %arg5, %c63_i32 : i32
    %46 = arith.divsi %45, %c64_i32 : i32
    %47:3 = scf.for %arg12 = %c0_i32 to %46 step %c1_i32 iter_args(%arg13 = %cst_2, %arg14 = %35, %arg15 = %44) -> (tensor<128x256xf32>, tensor<128x64x!tt.ptr<f16>>, tensor<64x256x!tt.ptr<f16>>)  : i32 {
      %65 = arith.muli %arg12, %c64_i32 : i32
      %66 = arith.subi %arg5, %65 : i32
      %67 = tt.splat %66 : i32 -> tensor<1x64xi32>
      %68 = arith.cmpi slt, %30, %67 : tensor<1x64xi32>
      %69 = tt.broadcast %68 : tensor<1x64xi1> -> tensor<128x64xi1>
      %70 = tt.load %arg14, %69, %cst_1 : tensor<128x64x!tt.ptr<f16>>
      %71 = tt.splat %66 : i32 -> tensor<64x1xi32>
      %72 = arith.cmpi slt, %36, %71 : tensor<64x1xi32>
      %73 = tt.broadcast %72 : tensor<64x1xi1> -> tensor<64x256xi1>
      %74 = tt.load %arg15, %73, %cst_0 : tensor<64x256x!tt.ptr<f16>>
      %75 = tt.dot %70, %74, %arg13 : tensor<128x64xf16> * tensor<64x256xf16> -> tensor<128x256xf32>
      %76 = tt.addptr %arg14, %cst : tensor<128x64x!tt.ptr<f16>>, tensor<128x64xi32>
      %77 = arith.muli %arg8, %c64_i32 : i32
      %78 = tt.splat %77 : i32 -> tensor<64x256xi32>
      %79 = tt.addptr %arg15, %78 : tensor<64x256x!tt.ptr<f16>>, tensor<64x256xi32>
      scf.yield %75, %76, %79 : tensor<128x256xf32>, tensor<128x64x!tt.ptr<f16>>, tensor<64x256x!tt.ptr<f16>>
    }
    %48 = arith.truncf %47#0 : tensor<128x256xf32> to tensor<128x256xf16>
    %49 = tt.expand_dims %17 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %50 = tt.splat %arg10 : i32 -> tensor<128x1xi32>
    %51 = arith.muli %50, %49 : tensor<128x1xi32>
    %52 = tt.splat %arg2 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>>
    %53 = tt.addptr %52, %51 : tensor<128x1x!tt.ptr<f16>>, tensor<128x1xi32>
    %54 = tt.expand_dims %23 {axis = 0 : i32} : tensor<256xi32> -> tensor<1x256xi32>
    %55 = tt.broadcast %53 : tensor<128x1x!tt.ptr<f16>> -> tensor<128x256x!tt.ptr<f16>>
    %56 = tt.broadcast %54 : tensor<1x256xi32> -> tensor<128x256xi32>
    %57 = tt.addptr %55, %56 : tensor<128x256x!tt.ptr<f16>>, tensor<128x256xi32>
    %58 = tt.splat %arg3 : i32 -> tensor<128x1xi32>
    %59 = arith.cmpi slt, %49, %58 : tensor<128x1xi32>
    %60 = tt.splat %arg4 : i32 -> tensor<1x256xi32>
    %61 = arith.cmpi slt, %54, %60 : tensor<1x256xi32>
    %62 = tt.broadcast %59 : tensor<128x1xi1> -> tensor<128x256xi1>
    %63 = tt.broadcast %61 : tensor<1x256xi1> -> tensor<128x256xi1>
    %64 = arith.andi %62, %63 : tensor<128x256xi1>
    tt.store %57, %48, %64 : tensor<128x256x!tt.ptr<f16>>
    tt.return
  }
}
