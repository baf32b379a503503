// Tutorial 03's fp16 kernel as traced (128x256x64 tiles, 8 warps, 3 stages:
// the IR of test/Dialect/TT/software-pipeline-tma.mlir) through tt-to-ptx
// for sm_90a, where its tiles are TMA copies: the two hidden tensor maps
// are 128-byte parameters between the kernel's own and the grid sizes;
// thread 0 initializes three mbarriers; two stages are armed and copied
// before the loop (a's tile in one box, b's in four 64-column boxes); the
// loop waits on its slot's barrier, runs four wgmma, and issues the copies
// two iterations ahead. The start checks are traps, with no call in the
// kernel: a call (__assertfail) makes ptxas serialize every wgmma (warning
// C7510; tutorial 03 then ran at 0.88 of Triton on the H200). With
// tma=false the same kernel keeps cp.async (wgmma-pipelined.mlir).
// RUN: mytriton-opt --tt-to-ptx="chip=sm_90a" %s | %python %S/../../../Target/PTX/Inputs/extract_gpu_object.py -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx --implicit-check-not=call --implicit-check-not=.local
// RUN: %if ptxas %{ %cuda_toolkit/bin/ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --implicit-check-not=C7510 %}
// RUN: mytriton-opt --tt-to-ptx="chip=sm_90a tma=false" %s | %python %S/../../../Target/PTX/Inputs/extract_gpu_object.py -o %t.cp.ptx
// RUN: FileCheck %s --input-file=%t.cp.ptx --check-prefix=CPASYNC

// CHECK-LABEL: .entry matmul_kernel(
// CHECK:         .param .u32 matmul_kernel_param_11,
// CHECK-NEXT:    .param .align 64 .b8 matmul_kernel_param_12[128],
// CHECK-NEXT:    .param .align 64 .b8 matmul_kernel_param_13[128],
// CHECK-NEXT:    .param .u32 matmul_kernel_param_14,
// CHECK-COUNT-3: mbarrier.init.shared.b64
// CHECK:         mbarrier.arrive.expect_tx.shared.b64 %rd{{[0-9]+}}, [[[BAR0:%rd[0-9]+]]], %r{{[0-9]+}};
// CHECK-COUNT-5: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%rd{{[0-9]+}}], [%rd{{[0-9]+}}, {%r{{[0-9]+}}, %r{{[0-9]+}}}], [[[BAR0]]];
// CHECK:         mbarrier.arrive.expect_tx.shared.b64 %rd{{[0-9]+}}, [[[BAR1:%rd[0-9]+]]], %r{{[0-9]+}};
// CHECK-COUNT-5: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%rd{{[0-9]+}}], [%rd{{[0-9]+}}, {%r{{[0-9]+}}, %r{{[0-9]+}}}], [[[BAR1]]];
// CHECK:         mbarrier.try_wait.parity.shared::cta.b64
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16
// CHECK:         bar.sync 0;
// CHECK-COUNT-5: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// CHECK-COUNT-2: trap; exit;
// CHECK-NOT:     cp.async.cg
// PTXAS:       0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads

// CPASYNC-LABEL: .entry matmul_kernel(
// CPASYNC-NOT:     .b8 matmul_kernel_param
// CPASYNC:         cp.async.cg.shared.global
// CPASYNC-NOT:     cp.async.bulk.tensor
// CPASYNC-NOT:     trap

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
