// Atomics on the host: programs run one after another on one thread, so an
// atomic is a plain load, combine and store per lane, in lane order, behind
// the lane's mask bit (masked-off lanes yield 0 and touch no memory).
// RUN: mytriton-opt %s --convert-tt-to-vector=bounds-check=false -split-input-file | FileCheck %s
// RUN: mytriton-opt %s --convert-tt-to-vector -split-input-file | FileCheck %s --check-prefix=CHECKED

// A tensor fadd: an scf.for over the lanes collects the old values.
// CHECK-LABEL: func.func private @tensor_fadd(
// CHECK-SAME:      %[[BUF:[^:]+]]: memref<?xf32>, %[[OFF:[^:]+]]: i32, %[[N:[^:]+]]: i32
// CHECK:         %[[MASK:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : vector<8xi32>
// CHECK:         %[[BASE:.*]] = vector.broadcast %[[OFF]] : i32 to vector<8xi32>
// CHECK:         %[[OFFS:.*]] = arith.addi %[[BASE]], %{{.*}} : vector<8xi32>
// CHECK:         %[[OLD:.*]] = scf.for %[[LANE:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (vector<8xf32>) {
// CHECK-DAG:       %[[VAL:.*]] = vector.extract %{{.*}}[%[[LANE]]] : f32 from vector<8xf32>
// CHECK-DAG:       %[[LOFF:.*]] = vector.extract %[[OFFS]][%[[LANE]]] : i32 from vector<8xi32>
// CHECK-DAG:       %[[BIT:.*]] = vector.extract %[[MASK]][%[[LANE]]] : i1 from vector<8xi1>
// CHECK:           %[[IDX:.*]] = arith.index_cast %[[LOFF]] : i32 to index
// CHECK:           %[[R:.*]] = scf.if %[[BIT]] -> (f32) {
// CHECK:             %[[CUR:.*]] = memref.load %[[BUF]][%[[IDX]]] : memref<?xf32>
// CHECK:             %[[NEW:.*]] = arith.addf %[[CUR]], %[[VAL]] : f32
// CHECK:             memref.store %[[NEW]], %[[BUF]][%[[IDX]]] : memref<?xf32>
// CHECK:             scf.yield %[[CUR]] : f32
// CHECK:           } else {
// CHECK:             scf.yield %{{.*}} : f32
// CHECK:           }
// CHECK:           %[[NEXT:.*]] = vector.insert %[[R]], %[[ACC]] [%[[LANE]]] : f32 into vector<8xf32>
// CHECK:           scf.yield %[[NEXT]] : vector<8xf32>
// CHECK:         vector.store %[[OLD]], %[[BUF]]
// With bounds checks the atomic is numbered like loads and stores, and the
// lane-by-lane search for a bad lane branches to the report before any lane
// touches memory.
// CHECKED-LABEL: func.func private @tensor_fadd(
// CHECKED:         scf.for %{{.*}} iter_args(%{{.*}} = %{{.*}}) -> (index) {
// CHECKED:         cf.cond_br %{{.*}}, ^[[REPORT:bb[0-9]+]], ^
// CHECKED:         scf.for %{{.*}} -> (vector<8xf32>) {
// CHECKED:           arith.addf
// CHECKED:       ^[[REPORT]]:
// CHECKED-NEXT:    %[[ID:.*]] = arith.constant 0 : i32
// CHECKED-NEXT:    %[[FIELD:.*]] = arith.constant 0 : index
// CHECKED-NEXT:    memref.store %[[ID]], %{{.*}}[%[[FIELD]]] : memref<?xi32>
// CHECKED:       func.func @tensor_fadd_grid({{.*}} attributes {mytriton.accesses = [{arg = 0 : i32, {{.*}}, op = "tt.atomic_rmw"}, {{{.*}}op = "tt.store"}]}
tt.func @tensor_fadd(%p: !tt.ptr<f32>, %n: i32) attributes {block_size = 8 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 8 : i32} : tensor<8xi32>
  %c2 = arith.constant dense<2> : tensor<8xi32>
  %offs = arith.addi %r, %c2 : tensor<8xi32>
  %ns = tt.splat %n : i32 -> tensor<8xi32>
  %mask = arith.cmpi slt, %r, %ns : tensor<8xi32>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %ptrs = tt.addptr %ps, %offs : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  %vals = arith.sitofp %r : tensor<8xi32> to tensor<8xf32>
  %old = tt.atomic_rmw fadd, acq_rel, gpu, %ptrs, %vals, %mask : tensor<8x!tt.ptr<f32>>
  %ps2 = tt.splat %p : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %out = tt.addptr %ps2, %r : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  tt.store %out, %old : tensor<8x!tt.ptr<f32>>
  tt.return
}

// -----

// Every integer kind combines with its arith op; a scalar atomic is one
// unmasked read-modify-write.
// CHECK-LABEL: func.func private @int_kinds(
// CHECK-SAME:      %[[BUF:[^:]+]]: memref<?xi32>, %[[OFF:[^:]+]]: i32, %[[V:[^:]+]]: i32
// CHECK:         %[[IDX:.*]] = arith.index_cast %[[OFF]] : i32 to index
// CHECK:         %[[OLD:.*]] = memref.load %[[BUF]][%[[IDX]]]
// CHECK:         %[[NEW:.*]] = arith.addi %[[OLD]], %[[V]] : i32
// CHECK:         memref.store %[[NEW]], %[[BUF]][%[[IDX]]]
// CHECK:         arith.maxsi
// CHECK:         arith.minsi
// CHECK:         arith.maxui
// CHECK:         arith.minui
// CHECK:         arith.andi
// CHECK:         arith.ori
// CHECK:         arith.xori
// CHECK:         %[[X:.*]] = memref.load %[[BUF]]
// CHECK-NEXT:    memref.store %[[V]], %[[BUF]]
tt.func @int_kinds(%p: !tt.ptr<i32>, %v: i32) attributes {block_size = 1 : i32} {
  %0 = tt.atomic_rmw add, acq_rel, gpu, %p, %v : !tt.ptr<i32>
  %1 = tt.atomic_rmw max, acq_rel, gpu, %p, %v : !tt.ptr<i32>
  %2 = tt.atomic_rmw min, acq_rel, gpu, %p, %v : !tt.ptr<i32>
  %3 = tt.atomic_rmw umax, acq_rel, gpu, %p, %v : !tt.ptr<i32>
  %4 = tt.atomic_rmw umin, acq_rel, gpu, %p, %v : !tt.ptr<i32>
  %5 = tt.atomic_rmw and, acq_rel, gpu, %p, %v : !tt.ptr<i32>
  %6 = tt.atomic_rmw or, acq_rel, gpu, %p, %v : !tt.ptr<i32>
  %7 = tt.atomic_rmw xor, acq_rel, gpu, %p, %v : !tt.ptr<i32>
  %8 = tt.atomic_rmw xchg, acq_rel, gpu, %p, %v : !tt.ptr<i32>
  tt.return
}

// -----

// f32 max is Triton's: on the bits, signed max where the value's sign bit is
// clear, unsigned min where it is set; min swaps them.
// CHECK-LABEL: func.func private @float_max_min(
// CHECK-SAME:      %[[BUF:[^:]+]]: memref<?xf32>, %[[OFF:[^:]+]]: i32, %[[V:[^:]+]]: f32
// CHECK:         %[[OLD:.*]] = memref.load %[[BUF]]
// CHECK:         %[[OB:.*]] = arith.bitcast %[[OLD]] : f32 to i32
// CHECK:         %[[VB:.*]] = arith.bitcast %[[V]] : f32 to i32
// CHECK:         %[[NEG:.*]] = arith.cmpi slt, %[[VB]], %{{.*}} : i32
// CHECK:         %[[SMAX:.*]] = arith.maxsi %[[OB]], %[[VB]] : i32
// CHECK:         %[[UMIN:.*]] = arith.minui %[[OB]], %[[VB]] : i32
// CHECK:         %[[BITS:.*]] = arith.select %[[NEG]], %[[UMIN]], %[[SMAX]] : i32
// CHECK:         %[[NEW:.*]] = arith.bitcast %[[BITS]] : i32 to f32
// CHECK:         memref.store %[[NEW]], %[[BUF]]
// CHECK:         arith.minsi
// CHECK:         arith.maxui
tt.func @float_max_min(%p: !tt.ptr<f32>, %v: f32) attributes {block_size = 1 : i32} {
  %0 = tt.atomic_rmw fmax, acq_rel, gpu, %p, %v : !tt.ptr<f32>
  %1 = tt.atomic_rmw fmin, acq_rel, gpu, %p, %v : !tt.ptr<f32>
  tt.return
}

// -----

// A masked scalar compare-and-swap: f32 compares bits, writes val or old.
// CHECK-LABEL: func.func private @cas(
// CHECK-SAME:      %[[BUF:[^:]+]]: memref<?xf32>, %[[OFF:[^:]+]]: i32, %[[C:[^:]+]]: f32, %[[V:[^:]+]]: f32
// CHECK:         %[[OLD:.*]] = memref.load %[[BUF]]
// CHECK:         %[[OB:.*]] = arith.bitcast %[[OLD]] : f32 to i32
// CHECK:         %[[CB:.*]] = arith.bitcast %[[C]] : f32 to i32
// CHECK:         %[[EQ:.*]] = arith.cmpi eq, %[[OB]], %[[CB]] : i32
// CHECK:         %[[NEW:.*]] = arith.select %[[EQ]], %[[V]], %[[OLD]] : f32
// CHECK:         memref.store %[[NEW]], %[[BUF]]
tt.func @cas(%p: !tt.ptr<f32>, %c: f32, %v: f32) attributes {block_size = 1 : i32} {
  %0 = tt.atomic_cas acq_rel, gpu, %p, %c, %v : !tt.ptr<f32>
  tt.return
}

// -----

// A tiled kernel's atomic runs its 32 elements in row-major order (4 rows
// of the same 8 elements: each element is added to 4 times).
// CHECK-LABEL: func.func private @tiled(
// CHECK:         %[[C32:.*]] = arith.constant 32 : index
// CHECK:         scf.for %{{.*}} = %{{.*}} to %[[C32]] step %{{.*}} iter_args(%{{.*}} = %{{.*}}) -> (vector<32xi32>) {
// CHECK:           memref.load
// CHECK:           arith.addi %{{.*}}, %{{.*}} : i32
// CHECK:           memref.store
tt.func @tiled(%p: !tt.ptr<i32>) attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 8 : i32} : tensor<8xi32>
  %e = tt.expand_dims %r {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
  %b = tt.broadcast %e : tensor<1x8xi32> -> tensor<4x8xi32>
  %ps = tt.splat %p : !tt.ptr<i32> -> tensor<4x8x!tt.ptr<i32>>
  %ptrs = tt.addptr %ps, %b : tensor<4x8x!tt.ptr<i32>>, tensor<4x8xi32>
  %old = tt.atomic_rmw add, acq_rel, gpu, %ptrs, %b : tensor<4x8x!tt.ptr<i32>>
  tt.return
}

// -----

// 16- and 64-bit elements take the same load, combine and store: f16 fadd
// in f16, f64 max as the sign test on its i64 bits, i16 compare-and-swap.
// CHECK-LABEL: func.func private @widths(
// CHECK-SAME:      %[[H:[^:]+]]: memref<?xf16>, %[[HO:[^:]+]]: i32, %[[D:[^:]+]]: memref<?xf64>, %[[DO:[^:]+]]: i32, %[[S:[^:]+]]: memref<?xi16>, %[[SO:[^:]+]]: i32, %[[X:[^:]+]]: f16, %[[Y:[^:]+]]: f64, %[[Z:[^:]+]]: i16
// CHECK:         %[[HOLD:.*]] = memref.load %[[H]][%{{.*}}] : memref<?xf16>
// CHECK:         %[[HSUM:.*]] = arith.addf %[[HOLD]], %[[X]] : f16
// CHECK:         memref.store %[[HSUM]], %[[H]][%{{.*}}] : memref<?xf16>
// CHECK:         %[[DOLD:.*]] = memref.load %[[D]][%{{.*}}] : memref<?xf64>
// CHECK:         %[[OB:.*]] = arith.bitcast %[[DOLD]] : f64 to i64
// CHECK:         %[[VB:.*]] = arith.bitcast %[[Y]] : f64 to i64
// CHECK:         %[[NEG:.*]] = arith.cmpi slt, %[[VB]], %{{.*}} : i64
// CHECK:         %[[POS:.*]] = arith.maxsi %[[OB]], %[[VB]] : i64
// CHECK:         %[[NEGR:.*]] = arith.minui %[[OB]], %[[VB]] : i64
// CHECK:         %[[SEL:.*]] = arith.select %[[NEG]], %[[NEGR]], %[[POS]] : i64
// CHECK:         %[[DNEW:.*]] = arith.bitcast %[[SEL]] : i64 to f64
// CHECK:         memref.store %[[DNEW]], %[[D]][%{{.*}}] : memref<?xf64>
// CHECK:         %[[SOLD:.*]] = memref.load %[[S]][%{{.*}}] : memref<?xi16>
// CHECK:         %[[EQ:.*]] = arith.cmpi eq, %[[SOLD]], %[[Z]] : i16
// CHECK:         %[[SNEW:.*]] = arith.select %[[EQ]], %[[Z]], %[[SOLD]] : i16
// CHECK:         memref.store %[[SNEW]], %[[S]][%{{.*}}] : memref<?xi16>
// CHECK:         memref.store %[[SOLD]], %[[S]][%{{.*}}] : memref<?xi16>
tt.func @widths(%p: !tt.ptr<f16>, %q: !tt.ptr<f64>, %s: !tt.ptr<i16>, %x: f16, %y: f64, %z: i16) attributes {block_size = 8 : i32} {
  %a = tt.atomic_rmw fadd, relaxed, gpu, %p, %x : !tt.ptr<f16>
  %b = tt.atomic_rmw fmax, acq_rel, gpu, %q, %y : !tt.ptr<f64>
  %c = tt.atomic_cas acq_rel, gpu, %s, %z, %z : !tt.ptr<i16>
  tt.store %s, %c : !tt.ptr<i16>
  tt.return
}
