// Op-by-op lowering to one thread per element.
// RUN: mytriton-opt --convert-tt-to-gpu --split-input-file %s | FileCheck %s
// RUN: mytriton-opt --convert-tt-to-gpu="gpu-module-name=my_kernels" %s --split-input-file | FileCheck %s --check-prefix=NAME

// Program id 2 is blockIdx.y; a range starting at 16 is threadIdx.x + 16.
// Every kernel takes the launch grid's g0 and g1 as two trailing i32s.
// NAME: gpu.module @my_kernels
// CHECK-LABEL: gpu.func @indexing(
// CHECK-SAME:      %[[P:.*]]: !llvm.ptr<1>, %[[G0:.*]]: i32, %[[G1:.*]]: i32) kernel attributes {known_block_size = array<i32: 4, 1, 1>}
// CHECK:         %[[BZ:.*]] = gpu.block_id y
// CHECK:         %[[Z:.*]] = arith.index_castui %[[BZ]] : index to i32
// CHECK:         %[[TID:.*]] = gpu.thread_id x
// CHECK:         %[[T:.*]] = arith.index_castui %[[TID]] : index to i32
// CHECK:         %[[C16:.*]] = arith.constant 16 : i32
// CHECK:         %[[R:.*]] = arith.addi %[[T]], %[[C16]] : i32
// CHECK:         %[[O:.*]] = arith.addi %[[Z]], %[[R]] : i32
// CHECK:         %[[Q:.*]] = llvm.getelementptr %[[P]][%[[O]]] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
// CHECK:         llvm.store %[[O]], %[[Q]] {alignment = 4 : i64} : i32, !llvm.ptr<1>
tt.func @indexing(%p: !tt.ptr<i32>) attributes {block_size = 4 : i32} {
  %z = tt.get_program_id 2 : i32
  %r = tt.make_range {start = 16 : i32, end = 20 : i32} : tensor<4xi32>
  %zs = tt.splat %z : i32 -> tensor<4xi32>
  %o = arith.addi %zs, %r : tensor<4xi32>
  %ps = tt.splat %p : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
  %q = tt.addptr %ps, %o : tensor<4x!tt.ptr<i32>>, tensor<4xi32>
  tt.store %q, %o : tensor<4x!tt.ptr<i32>>
  tt.return
}

// -----

// Program ids of one program per block: grid axes 0 and 1 share blockIdx.x,
// axis 1 varying fastest, so axis 0 is blockIdx.x / g1 and axis 1 is
// blockIdx.x % g1 (no clamp without packed programs).
// CHECK-LABEL: gpu.func @program_ids(
// CHECK-SAME:      %[[P:.*]]: !llvm.ptr<1>, %[[G0:.*]]: i32, %[[G1:.*]]: i32) kernel attributes {known_block_size = array<i32: 1, 1, 1>}
// CHECK:         %[[BX:.*]] = gpu.block_id x
// CHECK:         %[[X:.*]] = arith.index_castui %[[BX]] : index to i32
// CHECK:         arith.cmpi eq, %[[G1]], %{{.*}} : i32
// CHECK-NEXT:    %[[ID0:.*]] = scf.if %{{.*}} -> (i32) {
// CHECK-NEXT:      scf.yield %[[X]] : i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      arith.divui %[[X]], %[[G1]] : i32
// CHECK-NOT:     arith.minui
// CHECK:         %[[BX1:.*]] = gpu.block_id x
// CHECK:         %[[X1:.*]] = arith.index_castui %[[BX1]] : index to i32
// The remainder reuses the quotient: blockIdx.x - (blockIdx.x / g1) * g1.
// CHECK:         %[[ID1_Q:.*]] = arith.muli %{{.*}}, %[[G1]] : i32
// CHECK-NEXT:    %[[ID1:.*]] = arith.subi %[[X1]], %[[ID1_Q]] : i32
// CHECK:         %[[BY:.*]] = gpu.block_id y
// CHECK:         %[[ID2:.*]] = arith.index_castui %[[BY]] : index to i32
// CHECK:         %[[S:.*]] = arith.addi %[[ID0]], %[[ID1]] : i32
// CHECK:         %[[T:.*]] = arith.addi %[[S]], %[[ID2]] : i32
// CHECK:         %[[Q:.*]] = llvm.getelementptr %[[P]][%[[T]]]
// CHECK-NOT:     arith.cmpi ult
// CHECK:         scf.if
// CHECK-NEXT:      llvm.store %[[T]], %[[Q]]
tt.func @program_ids(%p: !tt.ptr<i32>) attributes {block_size = 1 : i32} {
  %x = tt.get_program_id 0 : i32
  %y = tt.get_program_id 1 : i32
  %z = tt.get_program_id 2 : i32
  %s = arith.addi %x, %y : i32
  %t = arith.addi %s, %z : i32
  %q = tt.addptr %p, %t : !tt.ptr<i32>, i32
  tt.store %q, %t : !tt.ptr<i32>
  tt.return
}

// -----

// A scalar load is done by every thread; a scalar store only by thread 0,
// and a masked one by thread 0 when the mask holds.
// CHECK-LABEL: gpu.func @scalars(
// CHECK-SAME:      %[[P:.*]]: !llvm.ptr<1>, %[[Q:.*]]: !llvm.ptr<1>, %[[K:.*]]: i32, %[[F:.*]]: f32, %[[G0:.*]]: i32, %[[G1:.*]]: i32)
// CHECK:         %[[PK:.*]] = llvm.getelementptr %[[P]][%[[K]]] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
// CHECK:         %[[V:.*]] = llvm.load %[[PK]] {alignment = 4 : i64} : !llvm.ptr<1> -> f32
// CHECK:         %[[S:.*]] = arith.mulf %[[V]], %[[F]] : f32
// CHECK:         %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK:         %[[TID:.*]] = gpu.thread_id x
// CHECK:         %[[T:.*]] = arith.index_castui %[[TID]] : index to i32
// CHECK:         %[[FIRST:.*]] = arith.cmpi eq, %[[T]], %[[ZERO]] : i32
// CHECK:         scf.if %[[FIRST]] {
// CHECK-NEXT:      llvm.store %[[S]], %[[Q]] {alignment = 4 : i64} : f32, !llvm.ptr<1>
// CHECK:         %[[M:.*]] = arith.cmpf ogt, %[[S]], %[[F]] : f32
// CHECK:         %[[FIRST2:.*]] = arith.cmpi eq
// CHECK:         %[[BOTH:.*]] = arith.andi %[[FIRST2]], %[[M]] : i1
// CHECK:         scf.if %[[BOTH]] {
// CHECK-NEXT:      llvm.store %[[F]], %[[Q]]
tt.func @scalars(%p: !tt.ptr<f32>, %q: !tt.ptr<f32>, %k: i32, %f: f32) attributes {block_size = 128 : i32} {
  %pk = tt.addptr %p, %k : !tt.ptr<f32>, i32
  %v = tt.load %pk : !tt.ptr<f32>
  %s = arith.mulf %v, %f : f32
  tt.store %q, %s : !tt.ptr<f32>
  %m = arith.cmpf ogt, %s, %f : f32
  tt.store %q, %f, %m : !tt.ptr<f32>
  tt.return
}

// -----

// Masked i32 loads: `other` for masked-off lanes, 0 without one. Tensor
// constants become the scalar every thread holds.
// CHECK-LABEL: gpu.func @masked_i32(
// CHECK-SAME:      %[[P:.*]]: !llvm.ptr<1>, %[[N:.*]]: i32, %[[G0:.*]]: i32, %[[G1:.*]]: i32)
// CHECK:         %[[MASK:.*]] = arith.cmpi slt, %{{.*}}, %[[N]] : i32
// CHECK:         %[[SEVEN:.*]] = arith.constant 7 : i32
// CHECK:         %[[A:.*]] = scf.if %[[MASK]] -> (i32) {
// CHECK-NEXT:      %[[L:.*]] = llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<1> -> i32
// CHECK-NEXT:      scf.yield %[[L]] : i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %[[SEVEN]] : i32
// CHECK:         %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK:         %[[B:.*]] = scf.if %[[MASK]] -> (i32) {
// CHECK:         } else {
// CHECK-NEXT:      scf.yield %[[ZERO]] : i32
// CHECK:         %[[SUM:.*]] = arith.addi %[[A]], %[[B]] : i32
// CHECK:         %[[SEL:.*]] = arith.select %[[MASK]], %[[SUM]], %[[SEVEN]] : i32
// CHECK:         scf.if %[[MASK]] {
// CHECK-NEXT:      llvm.store %[[SEL]]
tt.func @masked_i32(%p: !tt.ptr<i32>, %n: i32) attributes {block_size = 2 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 2 : i32} : tensor<2xi32>
  %ns = tt.splat %n : i32 -> tensor<2xi32>
  %mask = arith.cmpi slt, %r, %ns : tensor<2xi32>
  %ps = tt.splat %p : !tt.ptr<i32> -> tensor<2x!tt.ptr<i32>>
  %pp = tt.addptr %ps, %r : tensor<2x!tt.ptr<i32>>, tensor<2xi32>
  %seven = arith.constant dense<7> : tensor<2xi32>
  %a = tt.load %pp, %mask, %seven : tensor<2x!tt.ptr<i32>>
  %b = tt.load %pp, %mask : tensor<2x!tt.ptr<i32>>
  %sum = arith.addi %a, %b : tensor<2xi32>
  %sel = arith.select %mask, %sum, %seven : tensor<2xi1>, tensor<2xi32>
  tt.store %pp, %sel, %mask : tensor<2x!tt.ptr<i32>>
  tt.return
}
