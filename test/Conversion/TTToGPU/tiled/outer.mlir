// An outer-product accumulation over K = 2 on a 32x64 tile: a column of A
// (32, slice dim 1) and a row of B (64, slice dim 0) are loaded in their
// slice layouts (each thread loads the elements it holds, replicas too),
// then expand_dims and broadcast turn them into the tile's registers by
// register shuffles: no workgroup memory, no barrier. (B's row in the 1x64
// tile has the registers of its slice already: that expand_dims is no op.)
// RUN: mytriton-opt --convert-tt-to-gpu %s | FileCheck %s
// RUN: mytriton-opt --tt-to-ptx %s | %python %S/../../../Target/PTX/Inputs/extract_gpu_object.py -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx --check-prefix=PTX --implicit-check-not=.local

// CHECK-LABEL: gpu.func @outer(
// CHECK-NOT:     workgroup
// CHECK:         %[[A02:.*]] = vector.shuffle %[[A0:.*]], %[[A0]] [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3]
// CHECK:         %[[A0B:.*]] = vector.shuffle %[[A02]], %[[A02]] [0, 0, 0, 0, 4, 4, 4, 4, 8, 8, 8, 8, 12, 12, 12, 12]
// CHECK:         %[[B0B:.*]] = vector.shuffle %[[B0:.*]], %[[B0]] [0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3]
// CHECK:         %[[P0:.*]] = arith.mulf %[[A0B]], %[[B0B]] : vector<16xf32>
// CHECK:         %[[ACC1:.*]] = arith.addf %[[P0]], %{{.*}} : vector<16xf32>
// CHECK:         %[[P1:.*]] = arith.mulf
// CHECK:         arith.addf %[[ACC1]], %[[P1]] : vector<16xf32>
// CHECK-NOT:     gpu.barrier

// PTX:         .reqntid 128, 1, 1
// PTX-NOT:     bar.sync
// PTX-COUNT-4: st.global.v4.b32

#bl = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#s0 = #tt.slice<{dim = 0, parent = #bl}>
#s1 = #tt.slice<{dim = 1, parent = #bl}>
tt.func @outer(%a: !tt.ptr<f32>, %b: !tt.ptr<f32>, %c: !tt.ptr<f32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %rm = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32, #s1>
  %rn = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32, #s0>
  %acc0 = arith.constant dense<0.0> : tensor<32x64xf32, #bl>
  %c2 = arith.constant dense<2> : tensor<32xi32, #s1>
  %ra = arith.muli %rm, %c2 : tensor<32xi32, #s1>
  %pa = tt.splat %a : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>, #s1>
  %pa0 = tt.addptr %pa, %ra : tensor<32x!tt.ptr<f32>, #s1>, tensor<32xi32, #s1>
  %pb = tt.splat %b : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #s0>
  %pb0 = tt.addptr %pb, %rn : tensor<64x!tt.ptr<f32>, #s0>, tensor<64xi32, #s0>
  %a0 = tt.load %pa0 : tensor<32x!tt.ptr<f32>, #s1>
  %b0 = tt.load %pb0 : tensor<64x!tt.ptr<f32>, #s0>
  %a02 = tt.expand_dims %a0 {axis = 1 : i32} : tensor<32xf32, #s1> -> tensor<32x1xf32, #bl>
  %b02 = tt.expand_dims %b0 {axis = 0 : i32} : tensor<64xf32, #s0> -> tensor<1x64xf32, #bl>
  %a0b = tt.broadcast %a02 : tensor<32x1xf32, #bl> -> tensor<32x64xf32, #bl>
  %b0b = tt.broadcast %b02 : tensor<1x64xf32, #bl> -> tensor<32x64xf32, #bl>
  %p0 = arith.mulf %a0b, %b0b : tensor<32x64xf32, #bl>
  %acc1 = arith.addf %acc0, %p0 : tensor<32x64xf32, #bl>
  %one = arith.constant dense<1> : tensor<32xi32, #s1>
  %pa1 = tt.addptr %pa0, %one : tensor<32x!tt.ptr<f32>, #s1>, tensor<32xi32, #s1>
  %c64 = arith.constant dense<64> : tensor<64xi32, #s0>
  %pb1 = tt.addptr %pb0, %c64 : tensor<64x!tt.ptr<f32>, #s0>, tensor<64xi32, #s0>
  %a1 = tt.load %pa1 : tensor<32x!tt.ptr<f32>, #s1>
  %b1 = tt.load %pb1 : tensor<64x!tt.ptr<f32>, #s0>
  %a12 = tt.expand_dims %a1 {axis = 1 : i32} : tensor<32xf32, #s1> -> tensor<32x1xf32, #bl>
  %b12 = tt.expand_dims %b1 {axis = 0 : i32} : tensor<64xf32, #s0> -> tensor<1x64xf32, #bl>
  %a1b = tt.broadcast %a12 : tensor<32x1xf32, #bl> -> tensor<32x64xf32, #bl>
  %b1b = tt.broadcast %b12 : tensor<1x64xf32, #bl> -> tensor<32x64xf32, #bl>
  %p1 = arith.mulf %a1b, %b1b : tensor<32x64xf32, #bl>
  %acc2 = arith.addf %acc1, %p1 : tensor<32x64xf32, #bl>
  %rm2 = tt.expand_dims %rm {axis = 1 : i32} : tensor<32xi32, #s1> -> tensor<32x1xi32, #bl>
  %rn2 = tt.expand_dims %rn {axis = 0 : i32} : tensor<64xi32, #s0> -> tensor<1x64xi32, #bl>
  %cc = arith.constant dense<64> : tensor<32x1xi32, #bl>
  %ro = arith.muli %rm2, %cc : tensor<32x1xi32, #bl>
  %rob = tt.broadcast %ro : tensor<32x1xi32, #bl> -> tensor<32x64xi32, #bl>
  %rnb = tt.broadcast %rn2 : tensor<1x64xi32, #bl> -> tensor<32x64xi32, #bl>
  %off = arith.addi %rob, %rnb : tensor<32x64xi32, #bl>
  %pc = tt.splat %c : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>, #bl>
  %pco = tt.addptr %pc, %off : tensor<32x64x!tt.ptr<f32>, #bl>, tensor<32x64xi32, #bl>
  tt.store %pco, %acc2 : tensor<32x64x!tt.ptr<f32>, #bl>
  tt.return
}
