// Each tt folder and canonicalization pattern firing, and not firing where it
// must not.
// RUN: mytriton-opt %s -split-input-file --tt-optimize | FileCheck %s

// CHECK-LABEL: tt.func @addptr_zero_offset
// CHECK-SAME:    (%[[P:.*]]: !tt.ptr<f32>)
// CHECK-NEXT:    %[[V:.*]] = tt.load %[[P]] : !tt.ptr<f32>
// CHECK-NEXT:    tt.store %[[P]], %[[V]] : !tt.ptr<f32>
tt.func @addptr_zero_offset(%p: !tt.ptr<f32>) attributes {block_size = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %q = tt.addptr %p, %c0 : !tt.ptr<f32>, i32
  %v = tt.load %q : !tt.ptr<f32>
  tt.store %q, %v : !tt.ptr<f32>
  tt.return
}

// -----

// A tensor of zero offsets folds too.
// CHECK-LABEL: tt.func @addptr_zero_offset_tensor
// CHECK:         %[[PS:.*]] = tt.splat
// CHECK-NOT:     tt.addptr
// CHECK:         tt.load %[[PS]] : tensor<32x!tt.ptr<f32>>
tt.func @addptr_zero_offset_tensor(%p: !tt.ptr<f32>, %out: !tt.ptr<f32>) attributes {block_size = 32 : i32} {
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
  %z = arith.constant dense<0> : tensor<32xi32>
  %q = tt.addptr %ps, %z : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
  %v = tt.load %q : tensor<32x!tt.ptr<f32>>
  %s = tt.reduce sum %v : tensor<32xf32> -> f32
  tt.store %out, %s : !tt.ptr<f32>
  tt.return
}

// -----

// Nested addptr becomes one addptr of the summed offsets when the sum
// provably fits in i32: 3 + 4 does. %i + 7 may wrap (each addptr sign-extends
// its offset into a 64-bit pointer add), so the outer chain stays.
// CHECK-LABEL: tt.func @addptr_chain
// CHECK-SAME:    (%[[P:.*]]: !tt.ptr<f32>, %[[I:.*]]: i32)
// CHECK:         %[[C7:.*]] = arith.constant 7 : i32
// CHECK:         %[[A:.*]] = tt.addptr %[[P]], %[[I]] : !tt.ptr<f32>, i32
// CHECK:         %[[Q:.*]] = tt.addptr %[[A]], %[[C7]] : !tt.ptr<f32>, i32
// CHECK-NOT:     tt.addptr
// CHECK:         tt.load %[[Q]]
tt.func @addptr_chain(%p: !tt.ptr<f32>, %i: i32) attributes {block_size = 1 : i32} {
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %a = tt.addptr %p, %i : !tt.ptr<f32>, i32
  %b = tt.addptr %a, %c3 : !tt.ptr<f32>, i32
  %c = tt.addptr %b, %c4 : !tt.ptr<f32>, i32
  %v = tt.load %c : !tt.ptr<f32>
  tt.store %p, %v : !tt.ptr<f32>
  tt.return
}

// -----

// (out + 2147483647) + 10 is out + 2147483657 elements; the i32 sum would
// wrap to -2147483639. The chain stays, at both ends of the i32 range.
// CHECK-LABEL: tt.func @addptr_chain_sum_wraps
// CHECK-SAME:    (%[[P:.*]]: !tt.ptr<f32>)
// CHECK-DAG:     %[[MAX:.*]] = arith.constant 2147483647 : i32
// CHECK-DAG:     %[[TEN:.*]] = arith.constant 10 : i32
// CHECK-DAG:     %[[MIN:.*]] = arith.constant -2147483648 : i32
// CHECK-DAG:     %[[M1:.*]] = arith.constant -1 : i32
// CHECK:         %[[A:.*]] = tt.addptr %[[P]], %[[MAX]]
// CHECK:         %[[B:.*]] = tt.addptr %[[A]], %[[TEN]]
// CHECK:         tt.store %[[B]]
// CHECK:         %[[C:.*]] = tt.addptr %[[P]], %[[MIN]]
// CHECK:         %[[D:.*]] = tt.addptr %[[C]], %[[M1]]
// CHECK:         tt.store %[[D]]
tt.func @addptr_chain_sum_wraps(%out: !tt.ptr<f32>) attributes {block_size = 1 : i32} {
  %max = arith.constant 2147483647 : i32
  %ten = arith.constant 10 : i32
  %a = tt.addptr %out, %max : !tt.ptr<f32>, i32
  %b = tt.addptr %a, %ten : !tt.ptr<f32>, i32
  %one = arith.constant 1.0 : f32
  tt.store %b, %one : !tt.ptr<f32>
  %min = arith.constant -2147483648 : i32
  %m1 = arith.constant -1 : i32
  %c = tt.addptr %out, %min : !tt.ptr<f32>, i32
  %d = tt.addptr %c, %m1 : !tt.ptr<f32>, i32
  tt.store %d, %one : !tt.ptr<f32>
  tt.return
}

// -----

// The largest constants whose sum fits still combine.
// CHECK-LABEL: tt.func @addptr_chain_sum_fits
// CHECK-SAME:    (%[[P:.*]]: !tt.ptr<f32>)
// CHECK:         %[[MAX:.*]] = arith.constant 2147483647 : i32
// CHECK:         %[[Q:.*]] = tt.addptr %[[P]], %[[MAX]]
// CHECK-NOT:     tt.addptr
// CHECK:         tt.store %[[Q]]
tt.func @addptr_chain_sum_fits(%out: !tt.ptr<f32>) attributes {block_size = 1 : i32} {
  %a = arith.constant 2147483640 : i32
  %b = arith.constant 7 : i32
  %p = tt.addptr %out, %a : !tt.ptr<f32>, i32
  %q = tt.addptr %p, %b : !tt.ptr<f32>, i32
  %one = arith.constant 1.0 : f32
  tt.store %q, %one : !tt.ptr<f32>
  tt.return
}

// -----

// Integer ranges decide for tensors: lanes [0, 32) plus 2147483616 stay at
// or below INT32_MAX and combine; plus 2147483617 the last lane would wrap,
// and that chain stays.
// CHECK-LABEL: tt.func @addptr_chain_lane_ranges
// CHECK-DAG:     %[[FITS:.*]] = arith.constant dense<2147483616> : tensor<32xi32>
// CHECK-DAG:     %[[WRAPS:.*]] = arith.constant dense<2147483617> : tensor<32xi32>
// CHECK-DAG:     %[[R:.*]] = tt.make_range
// CHECK-DAG:     %[[PS:.*]] = tt.splat
// CHECK:         %[[SUM:.*]] = arith.addi %[[R]], %[[FITS]]
// CHECK:         %[[Q:.*]] = tt.addptr %[[PS]], %[[SUM]]
// CHECK:         tt.store %[[Q]]
// CHECK:         %[[A:.*]] = tt.addptr %[[PS]], %[[R]]
// CHECK:         %[[B:.*]] = tt.addptr %[[A]], %[[WRAPS]]
// CHECK:         tt.store %[[B]]
tt.func @addptr_chain_lane_ranges(%p: !tt.ptr<i32>) attributes {block_size = 32 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %ps = tt.splat %p : !tt.ptr<i32> -> tensor<32x!tt.ptr<i32>>
  %a = tt.addptr %ps, %r : tensor<32x!tt.ptr<i32>>, tensor<32xi32>
  %fits = arith.constant dense<2147483616> : tensor<32xi32>
  %b = tt.addptr %a, %fits : tensor<32x!tt.ptr<i32>>, tensor<32xi32>
  tt.store %b, %r : tensor<32x!tt.ptr<i32>>
  %a2 = tt.addptr %ps, %r : tensor<32x!tt.ptr<i32>>, tensor<32xi32>
  %wraps = arith.constant dense<2147483617> : tensor<32xi32>
  %c = tt.addptr %a2, %wraps : tensor<32x!tt.ptr<i32>>, tensor<32xi32>
  tt.store %c, %r : tensor<32x!tt.ptr<i32>>
  tt.return
}

// -----

// Program ids lie in [0, INT32_MAX]: pid - 1 cannot wrap, pid + 1 can.
// CHECK-LABEL: tt.func @addptr_chain_program_id
// CHECK-SAME:    (%[[P:.*]]: !tt.ptr<f32>)
// CHECK-DAG:     %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-DAG:     %[[M1:.*]] = arith.constant -1 : i32
// CHECK-DAG:     %[[PID:.*]] = tt.get_program_id 0
// CHECK:         %[[DOWN:.*]] = arith.addi %[[PID]], %[[M1]]
// CHECK:         %[[Q:.*]] = tt.addptr %[[P]], %[[DOWN]]
// CHECK:         tt.store %[[Q]]
// CHECK:         %[[A:.*]] = tt.addptr %[[P]], %[[PID]]
// CHECK:         %[[B:.*]] = tt.addptr %[[A]], %[[ONE]]
// CHECK:         tt.store %[[B]]
tt.func @addptr_chain_program_id(%p: !tt.ptr<f32>) attributes {block_size = 1 : i32} {
  %pid = tt.get_program_id 0 : i32
  %m1 = arith.constant -1 : i32
  %one = arith.constant 1 : i32
  %f = arith.constant 1.0 : f32
  %a = tt.addptr %p, %pid : !tt.ptr<f32>, i32
  %b = tt.addptr %a, %m1 : !tt.ptr<f32>, i32
  tt.store %b, %f : !tt.ptr<f32>
  %c = tt.addptr %p, %pid : !tt.ptr<f32>, i32
  %d = tt.addptr %c, %one : !tt.ptr<f32>, i32
  tt.store %d, %f : !tt.ptr<f32>
  tt.return
}

// -----

// An all-true mask is dropped, with its `other`.
// CHECK-LABEL: tt.func @load_all_true_mask
// CHECK:         %[[V:.*]] = tt.load %{{.*}} : tensor<32x!tt.ptr<f32>>
// CHECK:         tt.store %{{.*}}, %[[V]] : tensor<32x!tt.ptr<f32>>
tt.func @load_all_true_mask(%p: !tt.ptr<f32>) attributes {block_size = 32 : i32} {
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
  %t = arith.constant true
  %m = tt.splat %t : i1 -> tensor<32xi1>
  %o = arith.constant dense<1.0> : tensor<32xf32>
  %v = tt.load %ps, %m, %o : tensor<32x!tt.ptr<f32>>
  tt.store %ps, %v, %m : tensor<32x!tt.ptr<f32>>
  tt.return
}

// -----

// An all-false mask reads `other` and touches no memory.
// CHECK-LABEL: tt.func @load_all_false_mask
// CHECK:         %[[O:.*]] = arith.constant dense<2.500000e+00> : tensor<32xf32>
// CHECK-NOT:     tt.load
// CHECK:         tt.store %{{.*}}, %[[O]] : tensor<32x!tt.ptr<f32>>
tt.func @load_all_false_mask(%p: !tt.ptr<f32>, %out: !tt.ptr<f32>) attributes {block_size = 32 : i32} {
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
  %m = arith.constant dense<false> : tensor<32xi1>
  %o = arith.constant dense<2.5> : tensor<32xf32>
  %v = tt.load %ps, %m, %o : tensor<32x!tt.ptr<f32>>
  %os = tt.splat %out : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
  tt.store %os, %v : tensor<32x!tt.ptr<f32>>
  tt.return
}

// -----

// Without `other`, masked-off lanes read 0.
// CHECK-LABEL: tt.func @load_all_false_mask_no_other
// CHECK:         %[[Z:.*]] = arith.constant dense<0> : tensor<32xi32>
// CHECK-NOT:     tt.load
// CHECK:         tt.store %{{.*}}, %[[Z]] : tensor<32x!tt.ptr<i32>>
tt.func @load_all_false_mask_no_other(%p: !tt.ptr<i32>, %out: !tt.ptr<i32>) attributes {block_size = 32 : i32} {
  %ps = tt.splat %p : !tt.ptr<i32> -> tensor<32x!tt.ptr<i32>>
  %m = arith.constant dense<false> : tensor<32xi1>
  %v = tt.load %ps, %m : tensor<32x!tt.ptr<i32>>
  %os = tt.splat %out : !tt.ptr<i32> -> tensor<32x!tt.ptr<i32>>
  tt.store %os, %v : tensor<32x!tt.ptr<i32>>
  tt.return
}

// -----

// A mask that is not a constant stays, and so does `other`.
// CHECK-LABEL: tt.func @load_mask_not_constant
// CHECK:         %[[M:.*]] = arith.cmpi slt
// CHECK:         %[[V:.*]] = tt.load %{{.*}}, %[[M]], %{{.*}} : tensor<32x!tt.ptr<f32>>
// CHECK:         tt.store %{{.*}}, %[[V]], %[[M]] : tensor<32x!tt.ptr<f32>>
tt.func @load_mask_not_constant(%p: !tt.ptr<f32>, %n: i32) attributes {block_size = 32 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %ns = tt.splat %n : i32 -> tensor<32xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<32xi32>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
  %q = tt.addptr %ps, %r : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
  %o = arith.constant dense<0.0> : tensor<32xf32>
  %v = tt.load %q, %m, %o : tensor<32x!tt.ptr<f32>>
  tt.store %q, %v, %m : tensor<32x!tt.ptr<f32>>
  tt.return
}

// -----

// Two loads of one address with different `other` are different values;
// with the same `other` they are one.
// CHECK-LABEL: tt.func @loads_same_address
// CHECK:         %[[A:.*]] = tt.load %[[Q:.*]], %[[M:.*]], %[[ZERO:.*]] :
// CHECK:         %[[B:.*]] = tt.load %[[Q]], %[[M]], %[[ONE:.*]] :
// CHECK-NOT:     tt.load
// CHECK:         %[[AB:.*]] = arith.addf %[[A]], %[[B]]
// CHECK:         %[[ABA:.*]] = arith.addf %[[AB]], %[[A]]
tt.func @loads_same_address(%p: !tt.ptr<f32>, %n: i32) attributes {block_size = 32 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %ns = tt.splat %n : i32 -> tensor<32xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<32xi32>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
  %q = tt.addptr %ps, %r : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
  %zero = arith.constant dense<0.0> : tensor<32xf32>
  %one = arith.constant dense<1.0> : tensor<32xf32>
  %a = tt.load %q, %m, %zero : tensor<32x!tt.ptr<f32>>
  %b = tt.load %q, %m, %one : tensor<32x!tt.ptr<f32>>
  %a2 = tt.load %q, %m, %zero : tensor<32x!tt.ptr<f32>>
  %ab = arith.addf %a, %b : tensor<32xf32>
  %aba = arith.addf %ab, %a2 : tensor<32xf32>
  tt.store %q, %aba, %m : tensor<32x!tt.ptr<f32>>
  tt.return
}

// -----

// A store between two loads of one address keeps them apart.
// CHECK-LABEL: tt.func @load_store_load
// CHECK:         tt.load
// CHECK:         tt.store
// CHECK:         tt.load
tt.func @load_store_load(%p: !tt.ptr<f32>, %x: f32) attributes {block_size = 1 : i32} {
  %a = tt.load %p : !tt.ptr<f32>
  tt.store %p, %x : !tt.ptr<f32>
  %b = tt.load %p : !tt.ptr<f32>
  %s = arith.addf %a, %b : f32
  tt.store %p, %s : !tt.ptr<f32>
  tt.return
}

// -----

// An all-false store is erased; an all-true one loses its mask.
// CHECK-LABEL: tt.func @store_constant_masks
// CHECK-NEXT:    %[[PS:.*]] = tt.splat
// CHECK-NEXT:    %[[V:.*]] = tt.splat
// CHECK-NEXT:    tt.store %[[PS]], %[[V]] : tensor<32x!tt.ptr<f32>>
// CHECK-NEXT:    tt.return
tt.func @store_constant_masks(%p: !tt.ptr<f32>, %x: f32) attributes {block_size = 32 : i32} {
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
  %v = tt.splat %x : f32 -> tensor<32xf32>
  %none = arith.constant dense<false> : tensor<32xi1>
  %all = arith.constant dense<true> : tensor<32xi1>
  tt.store %ps, %v, %none : tensor<32x!tt.ptr<f32>>
  tt.store %ps, %v, %all : tensor<32x!tt.ptr<f32>>
  tt.return
}

// -----

// Splat of a constant becomes a dense constant; constants fold through arith.
// CHECK-LABEL: tt.func @splat_constant_folds
// CHECK:         %[[C:.*]] = arith.constant dense<6> : tensor<32xi32>
// CHECK-NOT:     tt.splat %{{.*}} : i32
// CHECK:         tt.addptr %{{.*}}, %[[C]]
tt.func @splat_constant_folds(%p: !tt.ptr<i32>) attributes {block_size = 32 : i32} {
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c6 = arith.muli %c2, %c3 : i32
  %v = tt.splat %c6 : i32 -> tensor<32xi32>
  %ps = tt.splat %p : !tt.ptr<i32> -> tensor<32x!tt.ptr<i32>>
  %q = tt.addptr %ps, %v : tensor<32x!tt.ptr<i32>>, tensor<32xi32>
  tt.store %q, %v : tensor<32x!tt.ptr<i32>>
  tt.return
}

// -----

// Select on a constant condition or on equal arms picks its value.
// CHECK-LABEL: tt.func @select_folds
// CHECK-SAME:    (%[[P:.*]]: !tt.ptr<f32>, %[[X:.*]]: f32, %[[Y:.*]]: f32, %[[C:.*]]: i32)
// CHECK-NOT:     arith.select
// CHECK:         tt.store %[[P]], %[[X]]
// CHECK:         tt.store %[[P]], %[[Y]]
// CHECK:         tt.store %[[P]], %[[X]]
tt.func @select_folds(%p: !tt.ptr<f32>, %x: f32, %y: f32, %c: i32) attributes {block_size = 1 : i32} {
  %t = arith.constant true
  %f = arith.constant false
  %a = arith.select %t, %x, %y : f32
  %b = arith.select %f, %x, %y : f32
  %c0 = arith.constant 0 : i32
  %cond = arith.cmpi slt, %c, %c0 : i32
  %e = arith.select %cond, %x, %x : f32
  tt.store %p, %a : !tt.ptr<f32>
  tt.store %p, %b : !tt.ptr<f32>
  tt.store %p, %e : !tt.ptr<f32>
  tt.return
}

// -----

// A select whose condition is not known stays.
// CHECK-LABEL: tt.func @select_kept
// CHECK:         arith.select
tt.func @select_kept(%p: !tt.ptr<f32>, %x: f32, %y: f32, %c: i32) attributes {block_size = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %cond = arith.cmpi slt, %c, %c0 : i32
  %a = arith.select %cond, %x, %y : f32
  tt.store %p, %a : !tt.ptr<f32>
  tt.return
}

// -----

// Reductions of a splat need no cooperation: max/min are the value, a sum
// of 64 copies is x * 64 (exact, as the halving tree is).
// CHECK-LABEL: tt.func @reduce_of_splat
// CHECK-SAME:    (%[[P:.*]]: !tt.ptr<f32>, %[[Q:.*]]: !tt.ptr<i32>, %[[X:.*]]: f32, %[[I:.*]]: i32)
// CHECK-DAG:     %[[N:.*]] = arith.constant 6.400000e+01 : f32
// CHECK-DAG:     %[[NI:.*]] = arith.constant 64 : i32
// CHECK-NOT:     tt.reduce
// CHECK:         %[[S:.*]] = arith.mulf %[[X]], %[[N]] : f32
// CHECK:         tt.store %[[P]], %[[S]]
// CHECK:         tt.store %[[P]], %[[X]]
// CHECK:         tt.store %[[P]], %[[X]]
// CHECK:         %[[SI:.*]] = arith.muli %[[I]], %[[NI]] : i32
// CHECK:         tt.store %[[Q]], %[[SI]]
tt.func @reduce_of_splat(%p: !tt.ptr<f32>, %q: !tt.ptr<i32>, %x: f32, %i: i32) attributes {block_size = 64 : i32} {
  %v = tt.splat %x : f32 -> tensor<64xf32>
  %s = tt.reduce sum %v : tensor<64xf32> -> f32
  %mx = tt.reduce max %v : tensor<64xf32> -> f32
  %mn = tt.reduce min %v : tensor<64xf32> -> f32
  tt.store %p, %s : !tt.ptr<f32>
  tt.store %p, %mx : !tt.ptr<f32>
  tt.store %p, %mn : !tt.ptr<f32>
  %vi = tt.splat %i : i32 -> tensor<64xi32>
  %si = tt.reduce sum %vi : tensor<64xi32> -> i32
  tt.store %q, %si : !tt.ptr<i32>
  tt.return
}

// -----

// Reductions of constants fold; f32 max ignores NaN like fmaxf.
// CHECK-LABEL: tt.func @reduce_of_constant
// CHECK-DAG:     %[[S:.*]] = arith.constant 1.000000e+01 : f32
// CHECK-DAG:     %[[M:.*]] = arith.constant 4.000000e+00 : f32
// CHECK-DAG:     %[[MI:.*]] = arith.constant -7 : i32
// CHECK-NOT:     tt.reduce
// CHECK:         tt.store %{{.*}}, %[[S]]
// CHECK:         tt.store %{{.*}}, %[[M]]
// CHECK:         tt.store %{{.*}}, %[[MI]]
tt.func @reduce_of_constant(%p: !tt.ptr<f32>, %q: !tt.ptr<i32>) attributes {block_size = 4 : i32} {
  %v = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %s = tt.reduce sum %v : tensor<4xf32> -> f32
  %w = arith.constant dense<[1.0, 0x7FC00000, 4.0, 2.0]> : tensor<4xf32>
  %m = tt.reduce max %w : tensor<4xf32> -> f32
  %vi = arith.constant dense<[3, -7, 5, 0]> : tensor<4xi32>
  %mi = tt.reduce min %vi : tensor<4xi32> -> i32
  tt.store %p, %s : !tt.ptr<f32>
  tt.store %p, %m : !tt.ptr<f32>
  tt.store %q, %mi : !tt.ptr<i32>
  tt.return
}

// -----

// Integer identities fold; x + 0.0 stays for f32 (it turns -0.0 into +0.0),
// x * 1.0 folds.
// CHECK-LABEL: tt.func @identities
// CHECK-SAME:    (%[[P:.*]]: !tt.ptr<f32>, %[[Q:.*]]: !tt.ptr<i32>, %[[X:.*]]: f32, %[[I:.*]]: i32)
// CHECK:         %[[XP0:.*]] = arith.addf %[[X]], %{{.*}} : f32
// CHECK:         tt.store %[[P]], %[[XP0]]
// CHECK:         tt.store %[[P]], %[[X]]
// CHECK:         tt.store %[[Q]], %[[I]]
// CHECK:         tt.store %[[Q]], %[[I]]
tt.func @identities(%p: !tt.ptr<f32>, %q: !tt.ptr<i32>, %x: f32, %i: i32) attributes {block_size = 1 : i32} {
  %f0 = arith.constant 0.0 : f32
  %f1 = arith.constant 1.0 : f32
  %i0 = arith.constant 0 : i32
  %i1 = arith.constant 1 : i32
  %a = arith.addf %x, %f0 : f32
  %b = arith.mulf %x, %f1 : f32
  %c = arith.addi %i, %i0 : i32
  %d = arith.muli %i, %i1 : i32
  tt.store %p, %a : !tt.ptr<f32>
  tt.store %p, %b : !tt.ptr<f32>
  tt.store %q, %c : !tt.ptr<i32>
  tt.store %q, %d : !tt.ptr<i32>
  tt.return
}

// -----

// Integer ranges: lanes of make_range lie in [start, end), program ids are
// non-negative, so `lanes < 64` and `pid >= 0` are true and the mask goes;
// `lanes < 16` is not known and stays.
// CHECK-LABEL: tt.func @masks_proven_by_ranges
// CHECK:         %[[R:.*]] = tt.make_range
// CHECK:         %[[M:.*]] = arith.cmpi slt, %[[R]], %{{.*}} : tensor<32xi32>
// CHECK:         %[[A:.*]] = tt.load %[[P:.*]] : tensor<32x!tt.ptr<f32>>
// CHECK:         %[[B:.*]] = tt.load %[[P]], %[[M]] : tensor<32x!tt.ptr<f32>>
// CHECK:         tt.store %[[P]], %{{.*}} : tensor<32x!tt.ptr<f32>>
tt.func @masks_proven_by_ranges(%p: !tt.ptr<f32>) attributes {block_size = 32 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %c64 = arith.constant 64 : i32
  %n64 = tt.splat %c64 : i32 -> tensor<32xi32>
  %all = arith.cmpi slt, %r, %n64 : tensor<32xi32>
  %c16 = arith.constant 16 : i32
  %n16 = tt.splat %c16 : i32 -> tensor<32xi32>
  %some = arith.cmpi slt, %r, %n16 : tensor<32xi32>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
  %q = tt.addptr %ps, %r : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
  %a = tt.load %q, %all : tensor<32x!tt.ptr<f32>>
  %b = tt.load %q, %some : tensor<32x!tt.ptr<f32>>
  %s = arith.addf %a, %b : tensor<32xf32>
  %pid = tt.get_program_id 0 : i32
  %c0 = arith.constant 0 : i32
  %nonneg = arith.cmpi sge, %pid, %c0 : i32
  %nn = tt.splat %nonneg : i1 -> tensor<32xi1>
  tt.store %q, %s, %nn : tensor<32x!tt.ptr<f32>>
  tt.return
}

// -----

// Lanes of a range ending at INT32_MAX are all non-negative, so `r < 0` is
// false and the store goes. Adding 16 wraps the last lanes negative: the
// integer-range pass must not claim `r + 16 < 0` is false, and that mask
// stays.
// CHECK-LABEL: tt.func @masks_near_int32_max
// CHECK:         %[[R:.*]] = tt.make_range {end = 2147483647 : i32, start = 2147483615 : i32}
// CHECK:         %[[S:.*]] = arith.addi %[[R]], %{{.*}} : tensor<32xi32>
// CHECK:         %[[M:.*]] = arith.cmpi slt, %[[S]], %{{.*}} : tensor<32xi32>
// CHECK-NEXT:    tt.store %{{.*}}, %[[S]], %[[M]] : tensor<32x!tt.ptr<i32>>
// CHECK-NEXT:    tt.return
tt.func @masks_near_int32_max(%p: !tt.ptr<i32>) attributes {block_size = 32 : i32} {
  %r = tt.make_range {start = 2147483615 : i32, end = 2147483647 : i32} : tensor<32xi32>
  %zero = arith.constant dense<0> : tensor<32xi32>
  %ps = tt.splat %p : !tt.ptr<i32> -> tensor<32x!tt.ptr<i32>>
  %never = arith.cmpi slt, %r, %zero : tensor<32xi32>
  tt.store %ps, %r, %never : tensor<32x!tt.ptr<i32>>
  %c16 = arith.constant 16 : i32
  %n16 = tt.splat %c16 : i32 -> tensor<32xi32>
  %s = arith.addi %r, %n16 : tensor<32xi32>
  %some = arith.cmpi slt, %s, %zero : tensor<32xi32>
  tt.store %ps, %s, %some : tensor<32x!tt.ptr<i32>>
  tt.return
}

// -----

// An i32 sum of a splat wraps like the lanes' sum does, in two's
// complement: 64 * 2^30 is 0 and 64 * (2^30 + 3) is 192, whether the
// operand is a constant (folded by the halving tree) or a scalar argument
// (x * 64, which arith folds the same way once x is known).
// CHECK-LABEL: tt.func @reduce_of_splat_wraps
// CHECK-SAME:    (%[[Q:.*]]: !tt.ptr<i32>, %[[X:.*]]: i32)
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-DAG:     %[[W:.*]] = arith.constant 192 : i32
// CHECK-DAG:     %[[N:.*]] = arith.constant 64 : i32
// CHECK-NOT:     tt.reduce
// CHECK:         tt.store %[[Q]], %[[ZERO]]
// CHECK:         tt.store %[[Q]], %[[W]]
// CHECK:         %[[XN:.*]] = arith.muli %[[X]], %[[N]] : i32
// CHECK:         tt.store %[[Q]], %[[XN]]
tt.func @reduce_of_splat_wraps(%q: !tt.ptr<i32>, %x: i32) attributes {block_size = 64 : i32} {
  %big = arith.constant dense<1073741824> : tensor<64xi32>
  %s0 = tt.reduce sum %big : tensor<64xi32> -> i32
  tt.store %q, %s0 : !tt.ptr<i32>
  %c = arith.constant 1073741827 : i32
  %cs = tt.splat %c : i32 -> tensor<64xi32>
  %s1 = tt.reduce sum %cs : tensor<64xi32> -> i32
  tt.store %q, %s1 : !tt.ptr<i32>
  %xs = tt.splat %x : i32 -> tensor<64xi32>
  %s2 = tt.reduce sum %xs : tensor<64xi32> -> i32
  tt.store %q, %s2 : !tt.ptr<i32>
  tt.return
}
