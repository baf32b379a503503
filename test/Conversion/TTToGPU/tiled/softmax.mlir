// A row softmax over 4x256 tiles on 4 warps (1x4 per thread, 1x32 lanes, 4x1
// warps): each warp holds one row, a thread two runs of 4 columns. Both row
// reductions combine the thread's 8 registers, then shuffle over the five
// lane bits (all along the row), and need no workgroup memory (the warp bits
// move along the other axis). The result, in the slice layout, is broadcast
// back by register shuffles.
// RUN: mytriton-opt --convert-tt-to-gpu %s | FileCheck %s
// RUN: mytriton-opt --tt-to-ptx %s | %python %S/../../../Target/PTX/Inputs/extract_gpu_object.py -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx --check-prefix=PTX --implicit-check-not=.local

// CHECK-LABEL: gpu.func @softmax(
// CHECK-NOT:     workgroup
// CHECK-NOT:     nvvm.minctasm
// CHECK-SAME:    known_block_size = array<i32: 128, 1, 1>
// CHECK:         %[[X:.*]] = vector.from_elements %{{.*}} : vector<8xf32>
// CHECK:         %[[X0:.*]] = vector.extract %[[X]][0] : f32 from vector<8xf32>
// CHECK:         %[[X1:.*]] = vector.extract %[[X]][1] : f32 from vector<8xf32>
// CHECK-COUNT-6: vector.extract %[[X]]
// CHECK:         %[[M01:.*]] = arith.maxnumf %[[X0]], %[[X1]] : f32
// CHECK-COUNT-6: arith.maxnumf
// CHECK:         %[[S1:.*]], %{{.*}} = gpu.shuffle  xor %[[M:.*]], %c1_i32{{.*}}, %c32_i32{{.*}} : f32
// CHECK:         %[[M2:.*]] = arith.maxnumf %[[M]], %[[S1]] : f32
// CHECK:         gpu.shuffle  xor %[[M2]], %c2_i32
// CHECK:         gpu.shuffle  xor %{{.*}}, %c4_i32
// CHECK:         gpu.shuffle  xor %{{.*}}, %c8_i32
// CHECK:         gpu.shuffle  xor %{{.*}}, %c16_i32
// CHECK-NOT:     gpu.shuffle
// CHECK:         %[[MAX:.*]] = arith.maxnumf
// CHECK:         %[[MAXV:.*]] = vector.from_elements %[[MAX]] : vector<1xf32>
// CHECK:         %[[MAX2:.*]] = vector.shuffle %[[MAXV]], %[[MAXV]] [0, 0, 0, 0] : vector<1xf32>, vector<1xf32>
// CHECK:         %[[MAXB:.*]] = vector.shuffle %[[MAX2]], %[[MAX2]] [0, 0, 0, 0, 0, 0, 0, 0] : vector<4xf32>, vector<4xf32>
// CHECK:         arith.subf %[[X]], %[[MAXB]] : vector<8xf32>
// CHECK:         math.exp
// CHECK-COUNT-5: gpu.shuffle  xor
// CHECK-NOT:     gpu.shuffle
// CHECK-NOT:     gpu.barrier
// CHECK:         arith.divf

// PTX:         .reqntid 128, 1, 1
// PTX-COUNT-2: ld.global.v4.b32
// PTX-COUNT-10: shfl.sync.bfly.b32
// PTX-NOT:     bar.sync
// PTX-COUNT-2: st.global.v4.b32

#bl = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#s0 = #tt.slice<{dim = 0, parent = #bl}>
#s1 = #tt.slice<{dim = 1, parent = #bl}>
tt.func @softmax(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %rows: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %pid = tt.get_program_id 0 : i32
  %c4 = arith.constant 4 : i32
  %row0 = arith.muli %pid, %c4 : i32
  %rm = tt.make_range {start = 0 : i32, end = 4 : i32} : tensor<4xi32, #s1>
  %r0s = tt.splat %row0 : i32 -> tensor<4xi32, #s1>
  %rowsv = arith.addi %rm, %r0s : tensor<4xi32, #s1>
  %rn = tt.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32, #s0>
  %rm2 = tt.expand_dims %rowsv {axis = 1 : i32} : tensor<4xi32, #s1> -> tensor<4x1xi32, #bl>
  %rn2 = tt.expand_dims %rn {axis = 0 : i32} : tensor<256xi32, #s0> -> tensor<1x256xi32, #bl>
  %c256 = arith.constant dense<256> : tensor<4x1xi32, #bl>
  %ro = arith.muli %rm2, %c256 : tensor<4x1xi32, #bl>
  %rob = tt.broadcast %ro : tensor<4x1xi32, #bl> -> tensor<4x256xi32, #bl>
  %rnb = tt.broadcast %rn2 : tensor<1x256xi32, #bl> -> tensor<4x256xi32, #bl>
  %off = arith.addi %rob, %rnb : tensor<4x256xi32, #bl>
  %rs = tt.splat %rows : i32 -> tensor<4x1xi32, #bl>
  %mr = arith.cmpi slt, %rm2, %rs : tensor<4x1xi32, #bl>
  %mask = tt.broadcast %mr : tensor<4x1xi1, #bl> -> tensor<4x256xi1, #bl>
  %px = tt.splat %x : !tt.ptr<f32> -> tensor<4x256x!tt.ptr<f32>, #bl>
  %pxo = tt.addptr %px, %off : tensor<4x256x!tt.ptr<f32>, #bl>, tensor<4x256xi32, #bl>
  %ninf = arith.constant dense<0xFF800000> : tensor<4x256xf32, #bl>
  %v = tt.load %pxo, %mask, %ninf : tensor<4x256x!tt.ptr<f32>, #bl>
  %mx = tt.reduce max %v {axis = 1 : i32} : tensor<4x256xf32, #bl> -> tensor<4xf32, #s1>
  %mx2 = tt.expand_dims %mx {axis = 1 : i32} : tensor<4xf32, #s1> -> tensor<4x1xf32, #bl>
  %mxb = tt.broadcast %mx2 : tensor<4x1xf32, #bl> -> tensor<4x256xf32, #bl>
  %d = arith.subf %v, %mxb : tensor<4x256xf32, #bl>
  %e = math.exp %d : tensor<4x256xf32, #bl>
  %s = tt.reduce sum %e {axis = 1 : i32} : tensor<4x256xf32, #bl> -> tensor<4xf32, #s1>
  %s2 = tt.expand_dims %s {axis = 1 : i32} : tensor<4xf32, #s1> -> tensor<4x1xf32, #bl>
  %sb = tt.broadcast %s2 : tensor<4x1xf32, #bl> -> tensor<4x256xf32, #bl>
  %o = arith.divf %e, %sb : tensor<4x256xf32, #bl>
  %py = tt.splat %y : !tt.ptr<f32> -> tensor<4x256x!tt.ptr<f32>, #bl>
  %pyo = tt.addptr %py, %off : tensor<4x256x!tt.ptr<f32>, #bl>, tensor<4x256xi32, #bl>
  tt.store %pyo, %o, %mask : tensor<4x256x!tt.ptr<f32>, #bl>
  tt.return
}
