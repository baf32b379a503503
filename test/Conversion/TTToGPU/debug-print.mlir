// tt.print, tt.debug_barrier and tt.assert on gpu/nvvm. A thread prints each
// register it owns with its lane index (E = 2 here: lanes 2t and 2t + 1), a
// scalar only from thread 0; hex prints the f32 bits. tt.debug_barrier is
// gpu.barrier. tt.assert calls __assertfail with the message, the file,
// line and kernel name when any of the thread's elements is false. A tiled
// tensor prints both coordinates of each element.
// RUN: mytriton-opt --convert-tt-to-gpu --split-input-file %s | FileCheck %s

// CHECK-DAG:   llvm.mlir.global internal constant @[[FN:mytriton_assert_text_[0-9]+]]("debug_ops\00")
// CHECK-DAG:   llvm.mlir.global internal constant @[[MSG:mytriton_assert_text_[0-9]+]]("lane past n\00")
// CHECK-DAG:   llvm.func @__assertfail(!llvm.ptr, !llvm.ptr, i32, !llvm.ptr, i64)
// CHECK-LABEL: gpu.func @debug_ops(
// CHECK-SAME:      %{{.*}}: !llvm.ptr<1>, %[[N:.*]]: i32, %{{.*}}: i32, %{{.*}}: i32) kernel
// CHECK:         %[[T2:.*]] = arith.muli %{{.*}}, %c2_i32_{{[0-9]+}} : i32
// CHECK:         %[[T21:.*]] = arith.addi %[[T2]], %{{.*}} : i32
// CHECK-NEXT:    %[[E0:.*]] = vector.extract %[[V:.*]][0] : f32 from vector<2xf32>
// CHECK-NEXT:    %[[D0:.*]] = arith.extf %[[E0]] : f32 to f64
// CHECK-NEXT:    gpu.printf "pid (%d, %d, %d) idx (%d) v: (operand 0) %f\0A", %[[PX:.*]], %[[PY:.*]], %[[PZ:.*]], %[[T2]], %[[D0]] : i32, i32, i32, i32, f64
// CHECK-NEXT:    %[[E1:.*]] = vector.extract %[[V]][1] : f32 from vector<2xf32>
// CHECK-NEXT:    %[[D1:.*]] = arith.extf %[[E1]] : f32 to f64
// CHECK-NEXT:    gpu.printf "pid (%d, %d, %d) idx (%d) v: (operand 0) %f\0A", %[[PX]], %[[PY]], %[[PZ]], %[[T21]], %[[D1]]
// CHECK:         %[[IS0:.*]] = arith.cmpi eq, %{{.*}}, %c0_i32 : i32
// CHECK-NEXT:    scf.if %[[IS0]] {
// CHECK-NEXT:      gpu.printf "pid (%d, %d, %d) v: (operand 1) %d\0A", %[[PX]], %[[PY]], %[[PZ]], %[[N]] : i32, i32, i32, i32
// CHECK-NEXT:    }
// CHECK:         %[[B0:.*]] = arith.bitcast %{{.*}} : f32 to i32
// CHECK-NEXT:    gpu.printf "pid (%d, %d, %d) idx (%d) bits: 0x%08x\0A", {{.*}}, %[[B0]] : i32, i32, i32, i32, i32
// CHECK:         gpu.barrier
// CHECK:         %[[OK:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : vector<2xi32>
// CHECK:         %[[BAD0:.*]] = arith.xori %{{.*}}, %true : i1
// CHECK:         %[[BAD1:.*]] = arith.xori %{{.*}}, %true : i1
// CHECK-NEXT:    %[[ANY:.*]] = arith.ori %[[BAD0]], %[[BAD1]] : i1
// CHECK-NEXT:    scf.if %[[ANY]] {
// CHECK-NEXT:      %[[M:.*]] = llvm.mlir.addressof @[[MSG]] : !llvm.ptr
// CHECK-NEXT:      %[[F:.*]] = llvm.mlir.addressof @{{.*}} : !llvm.ptr
// CHECK-NEXT:      %[[L:.*]] = arith.constant [[#@LINE+16]] : i32
// CHECK-NEXT:      %[[K:.*]] = llvm.mlir.addressof @[[FN]] : !llvm.ptr
// CHECK-NEXT:      %[[ONE:.*]] = arith.constant 1 : i64
// CHECK-NEXT:      llvm.call @__assertfail(%[[M]], %[[F]], %[[L]], %[[K]], %[[ONE]])
// CHECK-NEXT:    }
// CHECK-NEXT:    gpu.return
tt.func @debug_ops(%x: !tt.ptr<f32>, %n: i32) attributes {block_size = 64 : i32, num_warps = 1 : i32} {
  %lanes = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %base = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %ptrs = tt.addptr %base, %lanes : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %v = tt.load %ptrs : tensor<64x!tt.ptr<f32>>
  tt.print " v: " %v, %n : tensor<64xf32>, i32
  tt.print " bits: " {hex} %v : tensor<64xf32>
  tt.debug_barrier
  %nv = tt.splat %n : i32 -> tensor<64xi32>
  %ok = arith.cmpi slt, %lanes, %nv : tensor<64xi32>
  tt.assert %ok, "lane past n" : tensor<64xi1>
  tt.return
}

// -----

// CHECK-LABEL: gpu.func @tiled_print(
// CHECK-COUNT-4: gpu.printf "pid (%d, %d, %d) idx (%d, %d) t: %d\0A"
// CHECK-NOT:     gpu.printf

#b = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#br = #tt.slice<{dim = 1, parent = #b}>
#bc = #tt.slice<{dim = 0, parent = #b}>
tt.func @tiled_print(%x: !tt.ptr<i32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %rows = tt.make_range {start = 0 : i32, end = 8 : i32} : tensor<8xi32, #br>
  %cols = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32, #bc>
  %r2 = tt.expand_dims %rows {axis = 1 : i32} : tensor<8xi32, #br> -> tensor<8x1xi32, #b>
  %c2 = tt.expand_dims %cols {axis = 0 : i32} : tensor<64xi32, #bc> -> tensor<1x64xi32, #b>
  %rb = tt.broadcast %r2 : tensor<8x1xi32, #b> -> tensor<8x64xi32, #b>
  %cb = tt.broadcast %c2 : tensor<1x64xi32, #b> -> tensor<8x64xi32, #b>
  %v = arith.subi %cb, %rb : tensor<8x64xi32, #b>
  tt.print " t: " %v : tensor<8x64xi32, #b>
  tt.return
}

// -----

// tt.assert {trap} (tt-pipeline's own checks): no call, which would make
// ptxas serialize a kernel's wgmma; a thread whose condition is false traps.
// CHECK-LABEL: gpu.func @trap_check(
// CHECK-SAME:      %[[S:[a-z0-9]+]]: i32,
// CHECK:         %[[OK:.*]] = arith.cmpi sge, %[[S]], %c0_i32 : i32
// CHECK:         %[[BAD:.*]] = arith.xori %[[OK]], %true : i1
// CHECK:         scf.if %[[BAD]] {
// CHECK-NEXT:      llvm.intr.trap
// CHECK-NEXT:    }
// CHECK-NOT:     __assertfail
tt.func @trap_check(%start: i32) attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %ok = arith.cmpi sge, %start, %c0 : i32
  tt.assert %ok, "starts at a negative index" {trap} : i1
  tt.return
}
