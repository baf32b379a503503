// Tutorial 02's loop body: a row pointer `x + row * stride` from the loop's
// induction variable, splat and offset by tl.arange. Scalars are uniform,
// so the contiguity analysis keeps the row contiguous inside the loop, and
// the row's alignment is the gcd of what is known: 16 bytes from x's and
// the stride's tt.divisibility (times anything: the unknown row index).
// Each 4-lane chunk is then one predicated 16-byte access on its mask bit,
// with no run-time alignment test and no branch. Without the strides' divisibility the
// row may start anywhere: the run-time alignment test and the lane-by-lane
// fallback stay. The two reductions per row take the two buffers in turn:
// no barrier besides their own.
// RUN: sed -e 's/DIV_[A-Z]*/{tt.divisibility = 16 : i32}/g' %S/Inputs/control-flow/softmax-rows.mlir \
// RUN:   | mytriton-opt --tt-optimize --convert-tt-to-gpu \
// RUN:   | FileCheck %s --implicit-check-not=llvm.ptrtoint --implicit-check-not='alignment = 4 '
// RUN: sed -e 's/DIV_STRIDE//g' -e 's/DIV_[A-Z]*/{tt.divisibility = 16 : i32}/g' %S/Inputs/control-flow/softmax-rows.mlir \
// RUN:   | mytriton-opt --tt-optimize --convert-tt-to-gpu | FileCheck %s --check-prefix=UNALIGNED
// RUN: sed -e 's/DIV_[A-Z]*/{tt.divisibility = 16 : i32}/g' %S/Inputs/control-flow/softmax-rows.mlir \
// RUN:   | mytriton-opt --tt-to-ptx | %python %S/../../Target/PTX/Inputs/extract_gpu_object.py -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx --check-prefix=PTX --implicit-check-not=.local \
// RUN:   --implicit-check-not=ld.global.b32 --implicit-check-not=st.global.b32
// RUN: grep -c bar.sync %t.ptx | FileCheck %s --check-prefix=BARRIERS

// CHECK-LABEL: gpu.func @softmax_rows(
// CHECK-SAME:      %[[OUT:[^:]*]]: !llvm.ptr<1>, %[[X:[^:]*]]: !llvm.ptr<1>, %[[IS:[^:]*]]: i32, %[[OS:[^:]*]]: i32, %[[NROWS:[^:]*]]: i32, %[[NCOLS:[^:]*]]: i32, %[[STEP:[^:]*]]: i32,
// CHECK-SAME:      workgroup(%[[F0:.*]] : memref<4xf32, #gpu.address_space<workgroup>>, %[[F1:.*]] : memref<4xf32, #gpu.address_space<workgroup>>) kernel
// CHECK:         scf.for %[[ROW:.*]] = %{{.*}} to %[[NROWS]] step %[[STEP]] : i32 {
// CHECK-NEXT:      %[[OFF:.*]] = arith.muli %[[ROW]], %[[IS]] : i32
// CHECK-NEXT:      %[[ROWP:.*]] = llvm.getelementptr %[[X]][%[[OFF]]] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
// CHECK:           %[[ROWS:.*]] = vector.broadcast %[[ROWP]] : !llvm.ptr<1> to vector<8x!llvm.ptr<1>>
// CHECK-NEXT:      %[[PTRS:.*]] = llvm.getelementptr %[[ROWS]][%{{.*}}] : (vector<8x!llvm.ptr<1>>, vector<8xi32>) -> vector<8x!llvm.ptr<1>>, f32
// CHECK:           %[[MASK:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : vector<8xi32>
// CHECK-NEXT:      %[[P0:.*]] = vector.extract %[[PTRS]][0] : !llvm.ptr<1> from vector<8x!llvm.ptr<1>>
// CHECK-NEXT:      %[[M0:.*]] = vector.extract %[[MASK]][0] : i1 from vector<8xi1>
// CHECK:           llvm.inline_asm has_side_effects {{.*}}@$5 ld.global.v4.b32 {{.*}} %[[P0]], %[[M0]],
// CHECK:           %[[P4:.*]] = llvm.getelementptr inbounds %{{.*}}[512] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f32
// CHECK-NEXT:      %[[M4:.*]] = vector.extract %[[MASK]][4] : i1 from vector<8xi1>
// CHECK:           llvm.inline_asm has_side_effects {{.*}}@$5 ld.global.v4.b32 {{.*}} %[[P4]], %[[M4]],
// CHECK:           memref.store %{{.*}}, %[[F0]]
// CHECK-NOT:       gpu.barrier
// CHECK:           gpu.barrier
// CHECK-NEXT:      arith.constant
// CHECK-NEXT:      arith.andi
// CHECK-NEXT:      arith.index_castui
// CHECK-NEXT:      memref.load %[[F0]]
// CHECK-NOT:       gpu.barrier
// CHECK:           memref.store %{{.*}}, %[[F1]]
// CHECK-NOT:       gpu.barrier
// CHECK:           gpu.barrier
// CHECK-NEXT:      arith.constant
// CHECK-NEXT:      arith.andi
// CHECK-NEXT:      arith.index_castui
// CHECK-NEXT:      memref.load %[[F1]]
// CHECK-NOT:       gpu.barrier
// CHECK:           %[[ORP:.*]] = llvm.getelementptr %[[OUT]][%{{.*}}] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
// CHECK-COUNT-2:   llvm.inline_asm has_side_effects {{.*}}@$0 st.global.v4.b32
// CHECK-NOT:       gpu.barrier
// CHECK:         gpu.return

// UNALIGNED-LABEL: gpu.func @softmax_rows(
// UNALIGNED:         scf.for
// UNALIGNED:           %[[P0:.*]] = vector.extract %{{.*}}[0] : !llvm.ptr<1> from vector<8x!llvm.ptr<1>>
// UNALIGNED-NEXT:      %[[ADDR:.*]] = llvm.ptrtoint %[[P0]] : !llvm.ptr<1> to i64
// UNALIGNED:           %[[ALIGNED:.*]] = arith.cmpi eq, %{{.*}}, %{{.*}} : i64
// UNALIGNED-NEXT:      %[[M0:.*]] = vector.extract %{{.*}}[0] : i1 from vector<8xi1>
// UNALIGNED-NEXT:      %[[FAST:.*]] = arith.andi %[[ALIGNED]], %[[M0]] : i1
// UNALIGNED-NEXT:      scf.if %[[FAST]] -> (vector<4xf32>) {
// UNALIGNED-NEXT:        llvm.load %[[P0]] {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// UNALIGNED:           } else {
// UNALIGNED-COUNT-4:     llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<1> -> f32

// The PTX of the row loop keeps both loads and both stores 16-byte wide and
// predicated, with no 4-byte fallback, and two barriers per row (LLVM
// rotates the loop, so their order is not checked).
// PTX-LABEL: .entry softmax_rows(
// PTX-DAG: @%p{{[0-9]+}} ld.global.v4.b32
// PTX-DAG: @%p{{[0-9]+}} ld.global.v4.b32
// PTX-DAG: bar.sync 0;
// PTX-DAG: bar.sync 0;
// PTX-DAG: @%p{{[0-9]+}} st.global.v4.b32
// PTX-DAG: @%p{{[0-9]+}} st.global.v4.b32
// BARRIERS: {{^}}2{{$}}
