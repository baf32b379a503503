// The custom forms of tt.atomic_rmw and tt.atomic_cas round-trip: every
// kind, ordering and scope, scalar and tensor, with and without a mask.
// RUN: mytriton-opt %s | mytriton-opt | FileCheck %s

// CHECK-LABEL: tt.func @tensor_forms
// CHECK:         %[[OLD:.*]] = tt.atomic_rmw fadd, acq_rel, gpu, %[[PTRS:.*]], %[[VALS:.*]], %[[MASK:.*]] : tensor<64x!tt.ptr<f32>>
// CHECK:         tt.atomic_rmw fmax, relaxed, cta, %[[PTRS]], %[[OLD]] : tensor<64x!tt.ptr<f32>>
// CHECK:         tt.atomic_rmw fmin, acquire, sys, %[[PTRS]], %[[VALS]], %[[MASK]] : tensor<64x!tt.ptr<f32>>
// CHECK:         tt.atomic_rmw xchg, release, gpu, %[[PTRS]], %[[VALS]] : tensor<64x!tt.ptr<f32>>
// CHECK:         tt.atomic_cas acq_rel, gpu, %[[PTRS]], %[[VALS]], %[[OLD]] : tensor<64x!tt.ptr<f32>>
tt.func @tensor_forms(%p: !tt.ptr<f32>, %n: i32) attributes {block_size = 64 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %ptrs = tt.addptr %ps, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %ns = tt.splat %n : i32 -> tensor<64xi32>
  %mask = arith.cmpi slt, %r, %ns : tensor<64xi32>
  %vals = arith.sitofp %r : tensor<64xi32> to tensor<64xf32>
  %old = tt.atomic_rmw fadd, acq_rel, gpu, %ptrs, %vals, %mask : tensor<64x!tt.ptr<f32>>
  %a = tt.atomic_rmw fmax, relaxed, cta, %ptrs, %old : tensor<64x!tt.ptr<f32>>
  %b = tt.atomic_rmw fmin, acquire, sys, %ptrs, %vals, %mask : tensor<64x!tt.ptr<f32>>
  %c = tt.atomic_rmw xchg, release, gpu, %ptrs, %vals : tensor<64x!tt.ptr<f32>>
  %d = tt.atomic_cas acq_rel, gpu, %ptrs, %vals, %old : tensor<64x!tt.ptr<f32>>
  tt.return
}

// CHECK-LABEL: tt.func @scalar_forms
// CHECK:         tt.atomic_rmw add, acq_rel, gpu, %[[P:.*]], %[[V:.*]] : !tt.ptr<i32>
// CHECK:         tt.atomic_rmw max, acq_rel, gpu, %[[P]], %[[V]], %[[M:.*]] : !tt.ptr<i32>
// CHECK:         tt.atomic_rmw min, acq_rel, gpu, %[[P]], %[[V]] : !tt.ptr<i32>
// CHECK:         tt.atomic_rmw umax, acq_rel, gpu, %[[P]], %[[V]] : !tt.ptr<i32>
// CHECK:         tt.atomic_rmw umin, acq_rel, gpu, %[[P]], %[[V]] : !tt.ptr<i32>
// CHECK:         tt.atomic_rmw and, acq_rel, gpu, %[[P]], %[[V]] : !tt.ptr<i32>
// CHECK:         tt.atomic_rmw or, acq_rel, gpu, %[[P]], %[[V]] : !tt.ptr<i32>
// CHECK:         tt.atomic_rmw xor, acq_rel, gpu, %[[P]], %[[V]] : !tt.ptr<i32>
// CHECK:         tt.atomic_rmw xchg, acq_rel, gpu, %[[P]], %[[V]] : !tt.ptr<i32>
// CHECK:         tt.atomic_cas acquire, cta, %[[P]], %[[V]], %[[V]] : !tt.ptr<i32>
tt.func @scalar_forms(%p: !tt.ptr<i32>, %v: i32) attributes {block_size = 32 : i32} {
  %c0 = arith.constant 0 : i32
  %m = arith.cmpi sgt, %v, %c0 : i32
  %0 = tt.atomic_rmw add, acq_rel, gpu, %p, %v : !tt.ptr<i32>
  %1 = tt.atomic_rmw max, acq_rel, gpu, %p, %v, %m : !tt.ptr<i32>
  %2 = tt.atomic_rmw min, acq_rel, gpu, %p, %v : !tt.ptr<i32>
  %3 = tt.atomic_rmw umax, acq_rel, gpu, %p, %v : !tt.ptr<i32>
  %4 = tt.atomic_rmw umin, acq_rel, gpu, %p, %v : !tt.ptr<i32>
  %5 = tt.atomic_rmw and, acq_rel, gpu, %p, %v : !tt.ptr<i32>
  %6 = tt.atomic_rmw or, acq_rel, gpu, %p, %v : !tt.ptr<i32>
  %7 = tt.atomic_rmw xor, acq_rel, gpu, %p, %v : !tt.ptr<i32>
  %8 = tt.atomic_rmw xchg, acq_rel, gpu, %p, %v : !tt.ptr<i32>
  %9 = tt.atomic_cas acquire, cta, %p, %v, %v : !tt.ptr<i32>
  tt.return
}

// Atomics have effects: canonicalization keeps them though their old values
// are unused.
// RUN: mytriton-opt %s --canonicalize | FileCheck %s --check-prefix=CANON
// CANON-LABEL: tt.func @scalar_forms
// CANON-COUNT-9: tt.atomic_rmw
// CANON:         tt.atomic_cas
