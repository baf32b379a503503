// tt-to-nvvm: tt-optimize, convert-tt-to-gpu, #nvvm.target, then llvm/nvvm
// ops only. The workgroup buffer is an addr_space 3 global, the shuffles are
// nvvm.shfl.sync bfly, the barrier nvvm.barrier0, fminf comes from libdevice.
// RUN: mytriton-opt --tt-to-nvvm %s | FileCheck %s
// RUN: mytriton-opt --tt-to-nvvm="chip=sm_80 opt-level=1" %s | FileCheck %s --check-prefix=SM80

// SM80: gpu.module @kernels [#nvvm.target<O = 1, chip = "sm_80">]

// CHECK:       module attributes {gpu.container_module}
// CHECK:       gpu.module @kernels [#nvvm.target<O = 3, chip = "sm_90">]
// CHECK:         llvm.mlir.global internal @[[BUF:.*]]() {addr_space = 3 : i32} : !llvm.array<2 x f32>
// CHECK:         llvm.func @__nv_fminf(f32, f32) -> f32
// CHECK-LABEL:   llvm.func @row_min_64(
// CHECK-SAME:        %{{.*}}: !llvm.ptr<1>, %{{.*}}: !llvm.ptr<1>, %{{.*}}: i32, %[[G1:.*]]: i32)
// CHECK-SAME:        nvvm.kernel, nvvm.minctasm = 32 : i32, nvvm.reqntid = array<i32: 64, 1, 1>
// CHECK:           llvm.mlir.addressof @[[BUF]] : !llvm.ptr<3>
// CHECK:           nvvm.read.ptx.sreg.ctaid.x
// CHECK:           llvm.udiv %{{.*}}, %[[G1]] : i32
// CHECK:           nvvm.read.ptx.sreg.tid.x range <i32, 0, 64>
// CHECK-COUNT-5:   nvvm.shfl.sync bfly
// CHECK:           llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
// CHECK:           nvvm.barrier0
// CHECK:           llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK:           nvvm.shfl.sync bfly
// CHECK:           llvm.call @__nv_fminf
// CHECK-NOT:       nvvm.barrier0
// CHECK:           llvm.return
// CHECK-NOT:     gpu.func
// CHECK-NOT:     scf.
// CHECK-NOT:     memref.
tt.func @row_min_64(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>) attributes {block_size = 64 : i32} {
  %row = tt.get_program_id 0 : i32
  %lanes = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %c64 = arith.constant 64 : i32
  %start = arith.muli %row, %c64 : i32
  %start_v = tt.splat %start : i32 -> tensor<64xi32>
  %offs = arith.addi %start_v, %lanes : tensor<64xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %offs : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %v = tt.load %xp : tensor<64x!tt.ptr<f32>>
  %m = tt.reduce min %v : tensor<64xf32> -> f32
  %o = tt.addptr %out, %row : !tt.ptr<f32>, i32
  tt.store %o, %m : !tt.ptr<f32>
  tt.return
}
