// A 2-D tiled add of 32x64 tiles on 4 warps (the layout tt-assign-layouts
// picks: 1x4 per thread, 2x16 lanes, 4x1 warps). Row and column indices come
// from the layout bases (lane bit 4 and warp bits 5, 6 along rows, lane bits
// 0-3 along columns, four elements apart), expand_dims and broadcast are
// register shuffles, and the contiguous rows are 16-byte vector accesses
// behind a run-time alignment and mask test, lane by lane otherwise. Every
// element has one owner: no owner test.
// RUN: mytriton-opt --convert-tt-to-gpu %s | FileCheck %s
// RUN: mytriton-opt --tt-to-ptx %s | %python %S/../../../Target/PTX/Inputs/extract_gpu_object.py -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx --check-prefix=PTX --implicit-check-not=.local

// CHECK-LABEL: gpu.func @add2d(
// CHECK-SAME:      %[[A:[^:]*]]: !llvm.ptr<1>, %[[B:[^:]*]]: !llvm.ptr<1>, %[[C:[^:]*]]: !llvm.ptr<1>, %[[M:[^:]*]]: i32, %[[N:[^:]*]]: i32, %{{.*}}: i32, %{{.*}}: i32) kernel
// CHECK-SAME:      known_block_size = array<i32: 128, 1, 1>
// CHECK-NOT:     workgroup
// CHECK:         %[[TID:.*]] = arith.index_castui %{{.*}} : index to i32
// CHECK:         %[[L4:.*]] = arith.andi %[[TID]], %c16_i32 : i32
// CHECK:         %[[R1:.*]] = arith.shrui %[[L4]], %c4_i32 : i32
// CHECK:         %[[W0:.*]] = arith.andi %[[TID]], %c32_i32 : i32
// CHECK:         %[[R2:.*]] = arith.shrui %[[W0]], %{{.*}} : i32
// CHECK:         %[[R12:.*]] = arith.ori %[[R1]], %[[R2]] : i32
// CHECK:         %[[W1:.*]] = arith.andi %[[TID]], %c64_i32 : i32
// CHECK:         %[[R4:.*]] = arith.shrui %[[W1]], %{{.*}} : i32
// CHECK:         %[[ROW:.*]] = arith.ori %[[R12]], %[[R4]] : i32
// CHECK:         %[[ROWS:.*]] = vector.broadcast %[[ROW]] : i32 to vector<4xi32>
// CHECK:         %[[ROWREG:.*]] = arith.constant dense<[0, 8, 16, 24]> : vector<4xi32>
// CHECK:         %[[RM:.*]] = arith.addi %[[ROWS]], %[[ROWREG]] : vector<4xi32>
// CHECK:         %[[COLREG:.*]] = arith.constant dense<[0, 1, 2, 3]> : vector<4xi32>
// CHECK:         %[[RN:.*]] = arith.addi %{{.*}}, %[[COLREG]] : vector<4xi32>
// CHECK:         %[[RM2:.*]] = vector.shuffle %[[RM]], %[[RM]] [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3] : vector<4xi32>, vector<4xi32>
// CHECK:         %[[NS:.*]] = vector.broadcast %[[N]] : i32 to vector<16xi32>
// CHECK:         %[[ROFF:.*]] = arith.muli %[[RM2]], %[[NS]] : vector<16xi32>
// CHECK:         %[[ROFFB:.*]] = vector.shuffle %[[ROFF]], %[[ROFF]] [0, 0, 0, 0, 4, 4, 4, 4, 8, 8, 8, 8, 12, 12, 12, 12]
// CHECK:         %[[RNB:.*]] = vector.shuffle %[[RN]], %[[RN]] [0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3]
// CHECK:         %[[OFF:.*]] = arith.addi %[[ROFFB]], %[[RNB]] : vector<16xi32>
// CHECK:         %[[PA:.*]] = vector.broadcast %[[A]] : !llvm.ptr<1> to vector<16x!llvm.ptr<1>>
// CHECK:         %[[PAO:.*]] = llvm.getelementptr %[[PA]][%[[OFF]]] : (vector<16x!llvm.ptr<1>>, vector<16xi32>) -> vector<16x!llvm.ptr<1>>, f32
// CHECK:         %[[P0:.*]] = vector.extract %[[PAO]][0] : !llvm.ptr<1> from vector<16x!llvm.ptr<1>>
// CHECK:         %[[ADDR:.*]] = llvm.ptrtoint %[[P0]] : !llvm.ptr<1> to i64
// CHECK:         arith.andi %[[ADDR]], %c15_i64 : i64
// CHECK:         scf.if %{{.*}} -> (vector<4xf32>) {
// CHECK-NEXT:      %[[V:.*]] = llvm.load %[[P0]] {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK-NEXT:      scf.yield %[[V]] : vector<4xf32>
// CHECK-NEXT:    } else {
// CHECK:           scf.if %{{.*}} -> (f32) {
// CHECK-NEXT:        llvm.load %[[P0]] {alignment = 4 : i64} : !llvm.ptr<1> -> f32
// CHECK:           llvm.getelementptr inbounds %[[P0]][1] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f32
// CHECK-COUNT-7: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK:         arith.addf %{{.*}}, %{{.*}} : vector<16xf32>
// CHECK-NOT:     arith.constant 112 : i32
// CHECK-COUNT-4: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>

// PTX:         .reqntid 128, 1, 1
// PTX-COUNT-8: ld.global.v4.b32
// PTX-COUNT-4: st.global.v4.b32

#bl = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#s0 = #tt.slice<{dim = 0, parent = #bl}>
#s1 = #tt.slice<{dim = 1, parent = #bl}>
tt.func @add2d(%a: !tt.ptr<f32>, %b: !tt.ptr<f32>, %c: !tt.ptr<f32>, %m: i32, %n: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
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
  %pa = tt.splat %a : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>, #bl>
  %pa2 = tt.addptr %pa, %off : tensor<32x64x!tt.ptr<f32>, #bl>, tensor<32x64xi32, #bl>
  %pb = tt.splat %b : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>, #bl>
  %pb2 = tt.addptr %pb, %off : tensor<32x64x!tt.ptr<f32>, #bl>, tensor<32x64xi32, #bl>
  %pc = tt.splat %c : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>, #bl>
  %pc2 = tt.addptr %pc, %off : tensor<32x64x!tt.ptr<f32>, #bl>, tensor<32x64xi32, #bl>
  %x = tt.load %pa2, %mask : tensor<32x64x!tt.ptr<f32>, #bl>
  %y = tt.load %pb2, %mask : tensor<32x64x!tt.ptr<f32>, #bl>
  %z = arith.addf %x, %y : tensor<32x64xf32, #bl>
  tt.store %pc2, %z, %mask : tensor<32x64x!tt.ptr<f32>, #bl>
  tt.return
}
