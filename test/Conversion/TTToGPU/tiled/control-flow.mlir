// Loops and branches in tiled kernels: carried tiles and results are the
// thread's registers (vector<R x T>). A reduction across warps inside a
// loop goes through the scratch buffer behind its own two barriers each
// iteration: the first one orders the previous iteration's reads before
// this one's writes. The PTX and ptxas runs are in control-flow-ptxas.test.
// RUN: mytriton-opt --convert-tt-to-gpu %s | FileCheck %s

// Column sums of %steps tiles of 32x64, accumulated in a carried
// tensor<64xf32, #s0> (four registers per thread).
// CHECK-LABEL: gpu.func @loop_colsum(
// CHECK-NEXT:      %[[BUF:.*]] = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
// CHECK:         %[[ACC:.*]] = scf.for %{{.*}} iter_args(%[[SUM:.*]] = %{{.*}}) -> (vector<4xf32>)  : i32 {
// CHECK:           gpu.barrier
// CHECK-NOT:       gpu.barrier
// CHECK:           memref.store %{{.*}}, %[[VIEW:.*]][%{{.*}}] : memref<256xf32, #gpu.address_space<workgroup>>
// CHECK:           gpu.barrier
// CHECK:           memref.load %[[VIEW]]
// CHECK-NOT:       gpu.barrier
// CHECK:           %[[NEXT:.*]] = arith.addf %[[SUM]], %{{.*}} : vector<4xf32>
// CHECK-NEXT:      scf.yield %[[NEXT]] : vector<4xf32>
// CHECK-NEXT:    }
#bl = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#s0 = #tt.slice<{dim = 0, parent = #bl}>
#s1 = #tt.slice<{dim = 1, parent = #bl}>
tt.func @loop_colsum(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %steps: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2048 = arith.constant 2048 : i32
  %zero = arith.constant dense<0.0> : tensor<64xf32, #s0>
  %rm = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32, #s1>
  %rn = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32, #s0>
  %rm2 = tt.expand_dims %rm {axis = 1 : i32} : tensor<32xi32, #s1> -> tensor<32x1xi32, #bl>
  %rn2 = tt.expand_dims %rn {axis = 0 : i32} : tensor<64xi32, #s0> -> tensor<1x64xi32, #bl>
  %c64 = arith.constant dense<64> : tensor<32x1xi32, #bl>
  %ro = arith.muli %rm2, %c64 : tensor<32x1xi32, #bl>
  %rob = tt.broadcast %ro : tensor<32x1xi32, #bl> -> tensor<32x64xi32, #bl>
  %rnb = tt.broadcast %rn2 : tensor<1x64xi32, #bl> -> tensor<32x64xi32, #bl>
  %off = arith.addi %rob, %rnb : tensor<32x64xi32, #bl>
  %acc = scf.for %k = %c0 to %steps step %c1 iter_args(%sum = %zero) -> (tensor<64xf32, #s0>) : i32 {
    %base = arith.muli %k, %c2048 : i32
    %tile = tt.addptr %x, %base : !tt.ptr<f32>, i32
    %px = tt.splat %tile : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>, #bl>
    %pxo = tt.addptr %px, %off : tensor<32x64x!tt.ptr<f32>, #bl>, tensor<32x64xi32, #bl>
    %v = tt.load %pxo : tensor<32x64x!tt.ptr<f32>, #bl>
    %s = tt.reduce sum %v {axis = 0 : i32} : tensor<32x64xf32, #bl> -> tensor<64xf32, #s0>
    %next = arith.addf %sum, %s : tensor<64xf32, #s0>
    scf.yield %next : tensor<64xf32, #s0>
  }
  %po = tt.splat %out : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #s0>
  %poo = tt.addptr %po, %rn : tensor<64x!tt.ptr<f32>, #s0>, tensor<64xi32, #s0>
  tt.store %poo, %acc : tensor<64x!tt.ptr<f32>, #s0>
  tt.return
}

// A branch yielding a tile or zeros, then a while loop doubling it while
// %k < %n: tiles as results and as while-carried values.
// CHECK-LABEL: gpu.func @if_while_tile(
// CHECK-SAME:      %[[X:[^:]*]]: !llvm.ptr<1>, %[[OUT:[^:]*]]: !llvm.ptr<1>, %[[FLAG:[^:]*]]: i32, %[[N:[^:]*]]: i32,
// CHECK:         %[[T:.*]] = scf.if %{{.*}} -> (vector<16xf32>) {
// CHECK:           llvm.load %{{.*}} : !llvm.ptr<1> -> vector<4xf32>
// CHECK:           scf.yield %{{.*}} : vector<16xf32>
// CHECK:         } else {
// CHECK-NEXT:      scf.yield %{{.*}} : vector<16xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[W:.*]]:2 = scf.while (%[[K:.*]] = %{{.*}}, %[[V:.*]] = %[[T]]) : (i32, vector<16xf32>) -> (i32, vector<16xf32>) {
// CHECK-NEXT:      %[[C:.*]] = arith.cmpi slt, %[[K]], %[[N]] : i32
// CHECK-NEXT:      scf.condition(%[[C]]) %[[K]], %[[V]] : i32, vector<16xf32>
// CHECK-NEXT:    } do {
// CHECK-NEXT:    ^bb0(%[[K2:.*]]: i32, %[[V2:.*]]: vector<16xf32>):
// CHECK-NEXT:      %[[K3:.*]] = arith.muli %[[K2]], %{{.*}} : i32
// CHECK-NEXT:      %[[V3:.*]] = arith.addf %[[V2]], %[[V2]] : vector<16xf32>
// CHECK-NEXT:      scf.yield %[[K3]], %[[V3]] : i32, vector<16xf32>
// CHECK-NEXT:    }
// CHECK:         vector.shuffle %[[W]]#1, %[[W]]#1 [0, 1, 2, 3]
tt.func @if_while_tile(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %flag: i32, %n: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %zero = arith.constant dense<0.0> : tensor<32x64xf32, #bl>
  %rm = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32, #s1>
  %rn = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32, #s0>
  %rm2 = tt.expand_dims %rm {axis = 1 : i32} : tensor<32xi32, #s1> -> tensor<32x1xi32, #bl>
  %rn2 = tt.expand_dims %rn {axis = 0 : i32} : tensor<64xi32, #s0> -> tensor<1x64xi32, #bl>
  %c64 = arith.constant dense<64> : tensor<32x1xi32, #bl>
  %ro = arith.muli %rm2, %c64 : tensor<32x1xi32, #bl>
  %rob = tt.broadcast %ro : tensor<32x1xi32, #bl> -> tensor<32x64xi32, #bl>
  %rnb = tt.broadcast %rn2 : tensor<1x64xi32, #bl> -> tensor<32x64xi32, #bl>
  %off = arith.addi %rob, %rnb : tensor<32x64xi32, #bl>
  %cond = arith.cmpi ne, %flag, %c0 : i32
  %t = scf.if %cond -> (tensor<32x64xf32, #bl>) {
    %px = tt.splat %x : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>, #bl>
    %pxo = tt.addptr %px, %off : tensor<32x64x!tt.ptr<f32>, #bl>, tensor<32x64xi32, #bl>
    %v = tt.load %pxo : tensor<32x64x!tt.ptr<f32>, #bl>
    scf.yield %v : tensor<32x64xf32, #bl>
  } else {
    scf.yield %zero : tensor<32x64xf32, #bl>
  }
  %w:2 = scf.while (%k = %c1, %v = %t) : (i32, tensor<32x64xf32, #bl>) -> (i32, tensor<32x64xf32, #bl>) {
    %c = arith.cmpi slt, %k, %n : i32
    scf.condition(%c) %k, %v : i32, tensor<32x64xf32, #bl>
  } do {
  ^bb0(%k2: i32, %v2: tensor<32x64xf32, #bl>):
    %k3 = arith.muli %k2, %c2 : i32
    %v3 = arith.addf %v2, %v2 : tensor<32x64xf32, #bl>
    scf.yield %k3, %v3 : i32, tensor<32x64xf32, #bl>
  }
  %po = tt.splat %out : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>, #bl>
  %poo = tt.addptr %po, %off : tensor<32x64x!tt.ptr<f32>, #bl>, tensor<32x64xi32, #bl>
  tt.store %poo, %w#1 : tensor<32x64x!tt.ptr<f32>, #bl>
  tt.return
}
