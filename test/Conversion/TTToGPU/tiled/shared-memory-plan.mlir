// planSharedMemory: a tiled kernel's dynamic shared memory holds the scratch
// of its layout conversions at offset 0 and its tiles at 1024-byte aligned
// offsets of a base aligned at run time (1024 bytes of slack). The wgmma
// matmul's two tiles (8 KiB each) are dead when the epilogue converts its
// 64x64 f32 accumulator (64 rows of 65 padded floats: 16640 bytes), so they
// share the scratch's bytes: max(16640, 16384 + 1024) = 17408.
// RUN: mytriton-opt --convert-tt-to-gpu -split-input-file %s | FileCheck %s

// CHECK: module attributes {gpu.container_module, mytriton.dynamic_shared_bytes = {matmul = 17408 : i64}}
#blocked = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tt.mma<{versionMajor = 3, warpsPerCTA = [4, 1], instrShape = [16, 64]}>
#shared = #tt.shared<{swizzle = 128, order = [1, 0]}>
#shared1 = #tt.shared<{swizzle = 128, order = [0, 1]}>
#slice = #tt.slice<{dim = 1, parent = #blocked}>
#slice1 = #tt.slice<{dim = 0, parent = #blocked}>
module {
  tt.func @matmul(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: !tt.ptr<f32>, %arg3: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
    %0 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #slice>
    %1 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #slice1>
    %2 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #slice1>
    %3 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #slice>
    %4 = tt.expand_dims %0 {axis = 1 : i32} : tensor<64xi32, #slice> -> tensor<64x1xi32, #blocked>
    %5 = tt.expand_dims %2 {axis = 0 : i32} : tensor<32xi32, #slice1> -> tensor<1x32xi32, #blocked>
    %6 = tt.expand_dims %3 {axis = 1 : i32} : tensor<32xi32, #slice> -> tensor<32x1xi32, #blocked>
    %7 = tt.expand_dims %1 {axis = 0 : i32} : tensor<64xi32, #slice1> -> tensor<1x64xi32, #blocked>
    %c32_i32 = arith.constant 32 : i32
    %8 = arith.muli %arg3, %c32_i32 : i32
    %9 = tt.splat %8 : i32 -> tensor<64x1xi32, #blocked>
    %10 = arith.muli %4, %9 : tensor<64x1xi32, #blocked>
    %11 = tt.broadcast %10 : tensor<64x1xi32, #blocked> -> tensor<64x32xi32, #blocked>
    %12 = tt.broadcast %5 : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
    %13 = arith.addi %11, %12 : tensor<64x32xi32, #blocked>
    %cst = arith.constant dense<64> : tensor<32x1xi32, #blocked>
    %14 = arith.muli %6, %cst : tensor<32x1xi32, #blocked>
    %15 = tt.broadcast %14 : tensor<32x1xi32, #blocked> -> tensor<32x64xi32, #blocked>
    %16 = tt.broadcast %7 : tensor<1x64xi32, #blocked> -> tensor<32x64xi32, #blocked>
    %17 = arith.addi %15, %16 : tensor<32x64xi32, #blocked>
    %18 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<64x32x!tt.ptr<f32>, #blocked>
    %19 = tt.addptr %18, %13 : tensor<64x32x!tt.ptr<f32>, #blocked>, tensor<64x32xi32, #blocked>
    %20 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>, #blocked>
    %21 = tt.addptr %20, %17 : tensor<32x64x!tt.ptr<f32>, #blocked>, tensor<32x64xi32, #blocked>
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #blocked>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cst_2 = arith.constant dense<32> : tensor<64x32xi32, #blocked>
    %cst_3 = arith.constant dense<2048> : tensor<32x64xi32, #blocked>
    %22:3 = scf.for %arg4 = %c0_i32 to %arg3 step %c1_i32 iter_args(%arg5 = %cst_1, %arg6 = %19, %arg7 = %21) -> (tensor<64x64xf32, #mma>, tensor<64x32x!tt.ptr<f32>, #blocked>, tensor<32x64x!tt.ptr<f32>, #blocked>)  : i32 {
      %30 = tt.load %arg6 : tensor<64x32x!tt.ptr<f32>, #blocked>
      %31 = tt.load %arg7 : tensor<32x64x!tt.ptr<f32>, #blocked>
      %32 = tt.local_alloc %30 : (tensor<64x32xf32, #blocked>) -> !tt.memdesc<64x32xf32, #shared>
      %33 = tt.local_alloc %31 : (tensor<32x64xf32, #blocked>) -> !tt.memdesc<32x64xf32, #shared1>
      %34 = tt.warp_group_dot %32, %33, %arg5 : !tt.memdesc<64x32xf32, #shared> * !tt.memdesc<32x64xf32, #shared1> -> tensor<64x64xf32, #mma>
      %35 = tt.addptr %arg6, %cst_2 : tensor<64x32x!tt.ptr<f32>, #blocked>, tensor<64x32xi32, #blocked>
      %36 = tt.addptr %arg7, %cst_3 : tensor<32x64x!tt.ptr<f32>, #blocked>, tensor<32x64xi32, #blocked>
      scf.yield %34, %35, %36 : tensor<64x64xf32, #mma>, tensor<64x32x!tt.ptr<f32>, #blocked>, tensor<32x64x!tt.ptr<f32>, #blocked>
    }
    %23 = tt.convert_layout %22#0 : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blocked>
    %24 = tt.broadcast %4 : tensor<64x1xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %cst_4 = arith.constant dense<64> : tensor<64x64xi32, #blocked>
    %25 = arith.muli %24, %cst_4 : tensor<64x64xi32, #blocked>
    %26 = tt.broadcast %7 : tensor<1x64xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %27 = arith.addi %25, %26 : tensor<64x64xi32, #blocked>
    %28 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>, #blocked>
    %29 = tt.addptr %28, %27 : tensor<64x64x!tt.ptr<f32>, #blocked>, tensor<64x64xi32, #blocked>
    tt.store %29, %23 : tensor<64x64x!tt.ptr<f32>, #blocked>
    tt.return
  }
}


// -----

// Must not overlap: a conversion inside the loop uses the scratch while the
// tiles are live, so they go past it: 16384 (the 64x64 f32 conversion,
// swizzled, not padded) + 16384 + 1024 = 33792.
// CHECK: module attributes {gpu.container_module, mytriton.dynamic_shared_bytes = {matmul_converts_in_loop = 33792 : i64}}
#blocked = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #tt.mma<{versionMajor = 3, warpsPerCTA = [4, 1], instrShape = [16, 64]}>
#shared = #tt.shared<{swizzle = 128, order = [1, 0]}>
#shared1 = #tt.shared<{swizzle = 128, order = [0, 1]}>
#slice = #tt.slice<{dim = 1, parent = #blocked}>
#slice1 = #tt.slice<{dim = 0, parent = #blocked}>
module {
  tt.func @matmul_converts_in_loop(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: !tt.ptr<f32>, %arg3: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
    %0 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #slice>
    %1 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #slice1>
    %2 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #slice1>
    %3 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #slice>
    %4 = tt.expand_dims %0 {axis = 1 : i32} : tensor<64xi32, #slice> -> tensor<64x1xi32, #blocked>
    %5 = tt.expand_dims %2 {axis = 0 : i32} : tensor<32xi32, #slice1> -> tensor<1x32xi32, #blocked>
    %6 = tt.expand_dims %3 {axis = 1 : i32} : tensor<32xi32, #slice> -> tensor<32x1xi32, #blocked>
    %7 = tt.expand_dims %1 {axis = 0 : i32} : tensor<64xi32, #slice1> -> tensor<1x64xi32, #blocked>
    %c32_i32 = arith.constant 32 : i32
    %8 = arith.muli %arg3, %c32_i32 : i32
    %9 = tt.splat %8 : i32 -> tensor<64x1xi32, #blocked>
    %10 = arith.muli %4, %9 : tensor<64x1xi32, #blocked>
    %11 = tt.broadcast %10 : tensor<64x1xi32, #blocked> -> tensor<64x32xi32, #blocked>
    %12 = tt.broadcast %5 : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
    %13 = arith.addi %11, %12 : tensor<64x32xi32, #blocked>
    %cst = arith.constant dense<64> : tensor<32x1xi32, #blocked>
    %14 = arith.muli %6, %cst : tensor<32x1xi32, #blocked>
    %15 = tt.broadcast %14 : tensor<32x1xi32, #blocked> -> tensor<32x64xi32, #blocked>
    %16 = tt.broadcast %7 : tensor<1x64xi32, #blocked> -> tensor<32x64xi32, #blocked>
    %17 = arith.addi %15, %16 : tensor<32x64xi32, #blocked>
    %18 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<64x32x!tt.ptr<f32>, #blocked>
    %19 = tt.addptr %18, %13 : tensor<64x32x!tt.ptr<f32>, #blocked>, tensor<64x32xi32, #blocked>
    %20 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>, #blocked>
    %21 = tt.addptr %20, %17 : tensor<32x64x!tt.ptr<f32>, #blocked>, tensor<32x64xi32, #blocked>
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #blocked>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cst_2 = arith.constant dense<32> : tensor<64x32xi32, #blocked>
    %cst_3 = arith.constant dense<2048> : tensor<32x64xi32, #blocked>
    %22:3 = scf.for %arg4 = %c0_i32 to %arg3 step %c1_i32 iter_args(%arg5 = %cst_1, %arg6 = %19, %arg7 = %21) -> (tensor<64x64xf32, #mma>, tensor<64x32x!tt.ptr<f32>, #blocked>, tensor<32x64x!tt.ptr<f32>, #blocked>)  : i32 {
      %30 = tt.load %arg6 : tensor<64x32x!tt.ptr<f32>, #blocked>
      %31 = tt.load %arg7 : tensor<32x64x!tt.ptr<f32>, #blocked>
      %32 = tt.local_alloc %30 : (tensor<64x32xf32, #blocked>) -> !tt.memdesc<64x32xf32, #shared>
      %33 = tt.local_alloc %31 : (tensor<32x64xf32, #blocked>) -> !tt.memdesc<32x64xf32, #shared1>
      %inloop = tt.convert_layout %arg5 : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blocked>
      %34 = tt.warp_group_dot %32, %33, %arg5 : !tt.memdesc<64x32xf32, #shared> * !tt.memdesc<32x64xf32, #shared1> -> tensor<64x64xf32, #mma>
      %35 = tt.addptr %arg6, %cst_2 : tensor<64x32x!tt.ptr<f32>, #blocked>, tensor<64x32xi32, #blocked>
      %36 = tt.addptr %arg7, %cst_3 : tensor<32x64x!tt.ptr<f32>, #blocked>, tensor<32x64xi32, #blocked>
      scf.yield %34, %35, %36 : tensor<64x64xf32, #mma>, tensor<64x32x!tt.ptr<f32>, #blocked>, tensor<32x64x!tt.ptr<f32>, #blocked>
    }
    %23 = tt.convert_layout %22#0 : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blocked>
    %24 = tt.broadcast %4 : tensor<64x1xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %cst_4 = arith.constant dense<64> : tensor<64x64xi32, #blocked>
    %25 = arith.muli %24, %cst_4 : tensor<64x64xi32, #blocked>
    %26 = tt.broadcast %7 : tensor<1x64xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %27 = arith.addi %25, %26 : tensor<64x64xi32, #blocked>
    %28 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>, #blocked>
    %29 = tt.addptr %28, %27 : tensor<64x64x!tt.ptr<f32>, #blocked>, tensor<64x64xi32, #blocked>
    tt.store %29, %23 : tensor<64x64x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

