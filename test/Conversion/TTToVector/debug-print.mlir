// tt.print, tt.debug_barrier and tt.assert on the CPU. A tensor prints in an
// scf.for over its elements, one printf each (pid, index, value), a scalar
// in one printf, then fflush(NULL) pushes the text out. tt.debug_barrier
// disappears. With bounds checks a false element of tt.assert writes its
// access id, the program id and the first false element's index to the
// error record and the program returns true (stopped); without them the
// failure is printed and the program goes on.
// RUN: mytriton-opt %s --convert-tt-to-vector="bounds-check=false" | FileCheck %s
// RUN: mytriton-opt %s --convert-tt-to-vector | FileCheck %s --check-prefix=CHECKED

// CHECK-DAG:   llvm.mlir.global private constant @[[AFMT:.*]]("{{.*}}debug-print.mlir:[[#@LINE+51]]: device assertion failed: %s (element %d of program id (%d, %d, %d))\0A\00")
// CHECK-DAG:   llvm.mlir.global private constant @[[MSG:.*]]("lane past n\00")
// CHECK-DAG:   llvm.mlir.global private constant @[[SFMT:.*]]("pid (%d, %d, %d) i: (operand 1) %d\0A\00")
// CHECK-DAG:   llvm.mlir.global private constant @[[TFMT:.*]]("pid (%d, %d, %d) idx (%d) i: (operand 0) %d\0A\00")
// CHECK-DAG:   llvm.func @fflush(!llvm.ptr) -> i32
// CHECK-DAG:   llvm.func @printf(!llvm.ptr, ...) -> i32
// CHECK-LABEL: func.func private @cpu_debug(
// CHECK-SAME:      %{{[^:]+}}: memref<?xi32>, %{{[^:]+}}: i32, %[[N:[^:]+]]: i32, %[[PX:[^:]+]]: i32, %[[PY:[^:]+]]: i32, %[[PZ:[^:]+]]: i32) {
// CHECK:         scf.for %[[I:.*]] = %c0 to %c4 step %c1 {
// CHECK-NEXT:      %[[E:.*]] = vector.extract %{{.*}}[%[[I]]] : i32 from vector<4xi32>
// CHECK-NEXT:      %[[F:.*]] = llvm.mlir.addressof @[[TFMT]] : !llvm.ptr
// CHECK-NEXT:      %[[II:.*]] = arith.index_cast %[[I]] : index to i32
// CHECK:           llvm.call @printf(%[[F]], %[[PX]], %[[PY]], %[[PZ]], %[[II]], %[[E]]) vararg(!llvm.func<i32 (ptr, ...)>)
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[SF:.*]] = llvm.mlir.addressof @[[SFMT]] : !llvm.ptr
// CHECK-NEXT:    llvm.call @printf(%[[SF]], %[[PX]], %[[PY]], %[[PZ]], %[[N]])
// CHECK-NEXT:    %[[NULL:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT:    llvm.call @fflush(%[[NULL]])
// CHECK-NOT:     barrier
// CHECK:         %[[BAD:.*]] = arith.xori %{{.*}}, %{{.*}} : vector<4xi1>
// CHECK-NEXT:    %[[ANY:.*]] = vector.reduction <or>, %[[BAD]] : vector<4xi1> into i1
// CHECK:         %[[FIRST:.*]] = vector.reduction <minsi>, %{{.*}} : vector<4xi32> into i32
// CHECK-NEXT:    scf.if %[[ANY]] {
// CHECK-NEXT:      %[[AF:.*]] = llvm.mlir.addressof @[[AFMT]] : !llvm.ptr
// CHECK-NEXT:      %[[M:.*]] = llvm.mlir.addressof @[[MSG]] : !llvm.ptr
// CHECK-NEXT:      llvm.call @printf(%[[AF]], %[[M]], %[[FIRST]], %[[PX]], %[[PY]], %[[PZ]])
// CHECK-NEXT:      llvm.mlir.zero
// CHECK-NEXT:      llvm.call @fflush

// CHECKED-LABEL: func.func private @cpu_debug(
// CHECKED-SAME:      %[[REC:[^:]+]]: memref<?xi32>, %[[PX:[^:]+]]: i32, %[[PY:[^:]+]]: i32, %[[PZ:[^:]+]]: i32) -> i1 {
// CHECKED:         %[[FIRST:.*]] = vector.reduction <minsi>, %{{.*}} : vector<4xi32> into i32
// CHECKED-NEXT:    cf.cond_br %{{.*}}, ^[[FAIL:bb[0-9]+]], ^{{bb[0-9]+}}
// CHECKED:       ^[[FAIL]]:
// CHECKED-NEXT:    %[[ID:.*]] = arith.constant 0 : i32
// CHECKED-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECKED-NEXT:    memref.store %[[ID]], %[[REC]][%[[C0]]] : memref<?xi32>
// CHECKED:         memref.store %[[PX]], %[[REC]]
// CHECKED:         memref.store %[[PY]], %[[REC]]
// CHECKED:         memref.store %[[PZ]], %[[REC]]
// CHECKED:         memref.store %[[FIRST]], %[[REC]]
// CHECKED-NEXT:    %[[TRUE:.*]] = arith.constant true
// CHECKED-NEXT:    return %[[TRUE]] : i1
// CHECKED:       func.func @cpu_debug_grid(
// CHECKED-SAME:      mytriton.accesses = [{arg = -1 : i32, col = {{[0-9]+}} : i32, file = "{{.*}}debug-print.mlir", line = [[#@LINE+7]] : i32, message = "lane past n", op = "tt.assert"}]
tt.func @cpu_debug(%x: !tt.ptr<i32>, %n: i32) attributes {block_size = 4 : i32} {
  %lanes = tt.make_range {start = 0 : i32, end = 4 : i32} : tensor<4xi32>
  tt.print " i: " %lanes, %n : tensor<4xi32>, i32
  tt.debug_barrier
  %nv = tt.splat %n : i32 -> tensor<4xi32>
  %ok = arith.cmpi slt, %lanes, %nv : tensor<4xi32>
  tt.assert %ok, "lane past n" : tensor<4xi1>
  tt.return
}

