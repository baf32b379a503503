// A loop-carried 2-D accumulator in a tiled kernel: for k below %steps,
// acc += the 32x64 tile at a + k * m * n (rows of n floats, masked to m
// rows and n columns), then acc is stored. The accumulator is the thread's
// vector<16xf32> iter_arg; the tile's pointer is splat from the scalar
// a + k * m * n, so its rows stay contiguous inside the loop (TiledContiguity)
// and are 16-byte loads behind the run-time alignment and mask test.
// run-threads.test runs it thread by thread with n = 50 (unaligned rows,
// partial runs) over three steps. The PTX run starts from the lowered gpu
// IR (the kernel has its layouts already).
// RUN: mytriton-opt --convert-tt-to-gpu %s | FileCheck %s
// RUN: mytriton-opt --convert-tt-to-gpu %s | mytriton-opt --tt-to-ptx | %python %S/../../../Target/PTX/Inputs/extract_gpu_object.py -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx --check-prefix=PTX --implicit-check-not=.local

// CHECK-LABEL: gpu.func @acc2d(
// CHECK-SAME:      %[[A:[^:]*]]: !llvm.ptr<1>, %[[C:[^:]*]]: !llvm.ptr<1>, %[[M:[^:]*]]: i32, %[[N:[^:]*]]: i32, %[[STEPS:[^:]*]]: i32,
// CHECK:         %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<16xf32>
// CHECK:         %[[ACC:.*]] = scf.for %[[K:.*]] = %{{.*}} to %[[STEPS]] step %{{.*}} iter_args(%[[SUM:.*]] = %[[ZERO]]) -> (vector<16xf32>)  : i32 {
// CHECK-NEXT:      %[[BASE:.*]] = arith.muli %[[K]], %{{.*}} : i32
// CHECK-NEXT:      %[[TILE:.*]] = llvm.getelementptr %[[A]][%[[BASE]]] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
// CHECK-NEXT:      %[[TILES:.*]] = vector.broadcast %[[TILE]] : !llvm.ptr<1> to vector<16x!llvm.ptr<1>>
// CHECK-NEXT:      %[[PTRS:.*]] = llvm.getelementptr %[[TILES]][%{{.*}}] : (vector<16x!llvm.ptr<1>>, vector<16xi32>) -> vector<16x!llvm.ptr<1>>, f32
// CHECK:           %[[P0:.*]] = vector.extract %[[PTRS]][0] : !llvm.ptr<1> from vector<16x!llvm.ptr<1>>
// CHECK:           llvm.ptrtoint %[[P0]] : !llvm.ptr<1> to i64
// CHECK:           scf.if %{{.*}} -> (vector<4xf32>) {
// CHECK-NEXT:        llvm.load %[[P0]] {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK-COUNT-3:   llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK:           %[[NEXT:.*]] = arith.addf %[[SUM]], %{{.*}} : vector<16xf32>
// CHECK-NEXT:      scf.yield %[[NEXT]] : vector<16xf32>
// CHECK-NEXT:    }
// CHECK-COUNT-4: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>

// PTX:         .reqntid 128, 1, 1
// PTX-COUNT-4: ld.global.v4.b32
// PTX-COUNT-4: st.global.v4.b32

#bl = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#s0 = #tt.slice<{dim = 0, parent = #bl}>
#s1 = #tt.slice<{dim = 1, parent = #bl}>
tt.func @acc2d(%a: !tt.ptr<f32>, %c: !tt.ptr<f32>, %m: i32, %n: i32, %steps: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<32x64xf32, #bl>
  %rm = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32, #s1>
  %rn = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32, #s0>
  %rm2 = tt.expand_dims %rm {axis = 1 : i32} : tensor<32xi32, #s1> -> tensor<32x1xi32, #bl>
  %rn2 = tt.expand_dims %rn {axis = 0 : i32} : tensor<64xi32, #s0> -> tensor<1x64xi32, #bl>
  %ns = tt.splat %n : i32 -> tensor<32x1xi32, #bl>
  %rows = arith.muli %rm2, %ns : tensor<32x1xi32, #bl>
  %rowsb = tt.broadcast %rows : tensor<32x1xi32, #bl> -> tensor<32x64xi32, #bl>
  %colsb = tt.broadcast %rn2 : tensor<1x64xi32, #bl> -> tensor<32x64xi32, #bl>
  %off = arith.addi %rowsb, %colsb : tensor<32x64xi32, #bl>
  %ms = tt.splat %m : i32 -> tensor<32x1xi32, #bl>
  %mr = arith.cmpi slt, %rm2, %ms : tensor<32x1xi32, #bl>
  %nsr = tt.splat %n : i32 -> tensor<1x64xi32, #bl>
  %mc = arith.cmpi slt, %rn2, %nsr : tensor<1x64xi32, #bl>
  %mrb = tt.broadcast %mr : tensor<32x1xi1, #bl> -> tensor<32x64xi1, #bl>
  %mcb = tt.broadcast %mc : tensor<1x64xi1, #bl> -> tensor<32x64xi1, #bl>
  %mask = arith.andi %mrb, %mcb : tensor<32x64xi1, #bl>
  %mn = arith.muli %m, %n : i32
  %acc = scf.for %k = %c0 to %steps step %c1 iter_args(%sum = %zero) -> (tensor<32x64xf32, #bl>) : i32 {
    %base = arith.muli %k, %mn : i32
    %tile = tt.addptr %a, %base : !tt.ptr<f32>, i32
    %tiles = tt.splat %tile : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>, #bl>
    %ptrs = tt.addptr %tiles, %off : tensor<32x64x!tt.ptr<f32>, #bl>, tensor<32x64xi32, #bl>
    %x = tt.load %ptrs, %mask : tensor<32x64x!tt.ptr<f32>, #bl>
    %next = arith.addf %sum, %x : tensor<32x64xf32, #bl>
    scf.yield %next : tensor<32x64xf32, #bl>
  }
  %pc = tt.splat %c : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>, #bl>
  %pc2 = tt.addptr %pc, %off : tensor<32x64x!tt.ptr<f32>, #bl>, tensor<32x64xi32, #bl>
  tt.store %pc2, %acc, %mask : tensor<32x64x!tt.ptr<f32>, #bl>
  tt.return
}
