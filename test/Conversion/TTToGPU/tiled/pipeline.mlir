// Layout-free tiled IR, as the frontend traces it, through the whole
// gpu/nvvm route: tt-prepare-gpu assigns the layouts (the 32x64 layout for
// both rank-2 shapes, slices for the ranges and the row sums, a permuted
// layout plus a convert_layout for the transpose), convert-tt-to-gpu lowers
// them, and ptxas takes the result: the transposed tile goes through shared
// memory (8 KiB and one float of padding per 32-float row), the row sums stay in the warp (lane bits 0-3 move along the
// rows: 4 shuffles), their maximum shuffles over lane bit 4 and goes across
// the warps through shared memory.
// REQUIRES: ptxas
// RUN: mytriton-opt --tt-prepare-gpu --convert-tt-to-gpu %s | FileCheck %s
// RUN: mytriton-opt --tt-to-ptx %s | %python %S/../../../Target/PTX/Inputs/extract_gpu_object.py -o %t.ptx
// RUN: %cuda_toolkit/bin/ptxas -arch=sm_90 -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS

// CHECK-LABEL: gpu.func @tile(
// CHECK-SAME:      known_block_size = array<i32: 128, 1, 1>
// CHECK:         llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK:         gpu.barrier
// CHECK:         gpu.barrier
// CHECK:         llvm.store %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
// CHECK-COUNT-4: gpu.shuffle  xor
// CHECK:         gpu.shuffle  xor %{{.*}}, %c16_i32
// CHECK:         gpu.barrier
// CHECK:         gpu.barrier
// CHECK:         llvm.store %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<1>

// (ptxas spills 12 bytes here, with 48 registers: the 64x32 store's row
// addresses stay live across the exchange; open.)
// PTXAS: used 1 barriers{{$}}

tt.func @tile(%p: !tt.ptr<f32>, %q: !tt.ptr<f32>, %m: !tt.ptr<f32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %c = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %r2 = tt.expand_dims %r {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %c2 = tt.expand_dims %c {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %k64 = arith.constant dense<64> : tensor<32x1xi32>
  %ro = arith.muli %r2, %k64 : tensor<32x1xi32>
  %rb = tt.broadcast %ro : tensor<32x1xi32> -> tensor<32x64xi32>
  %cb = tt.broadcast %c2 : tensor<1x64xi32> -> tensor<32x64xi32>
  %off = arith.addi %rb, %cb : tensor<32x64xi32>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>>
  %pp = tt.addptr %ps, %off : tensor<32x64x!tt.ptr<f32>>, tensor<32x64xi32>
  %x = tt.load %pp : tensor<32x64x!tt.ptr<f32>>
  %t = tt.trans %x : tensor<32x64xf32> -> tensor<64x32xf32>
  %tr = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %tc = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %tr2 = tt.expand_dims %tr {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %tc2 = tt.expand_dims %tc {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %k32 = arith.constant dense<32> : tensor<64x1xi32>
  %tro = arith.muli %tr2, %k32 : tensor<64x1xi32>
  %trb = tt.broadcast %tro : tensor<64x1xi32> -> tensor<64x32xi32>
  %tcb = tt.broadcast %tc2 : tensor<1x32xi32> -> tensor<64x32xi32>
  %toff = arith.addi %trb, %tcb : tensor<64x32xi32>
  %qs = tt.splat %q : !tt.ptr<f32> -> tensor<64x32x!tt.ptr<f32>>
  %qp = tt.addptr %qs, %toff : tensor<64x32x!tt.ptr<f32>>, tensor<64x32xi32>
  tt.store %qp, %t : tensor<64x32x!tt.ptr<f32>>
  %s = tt.reduce sum %x {axis = 1 : i32} : tensor<32x64xf32> -> tensor<32xf32>
  %a = tt.reduce max %s : tensor<32xf32> -> f32
  tt.store %m, %a : !tt.ptr<f32>
  tt.return
}
