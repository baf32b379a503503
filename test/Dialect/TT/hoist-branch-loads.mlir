// tt-hoist-branch-loads: a branch's loads move in front of an scf.if whose
// condition waits on memory, only when they read addresses the program
// accesses anyway and pass over no write; every other case stays put.
// RUN: mytriton-opt %s -split-input-file --tt-hoist-branch-loads | FileCheck %s

// Tutorial 05's critical section: the partial sums are read beside the
// count, not after it; the branch keeps using them.
// CHECK-LABEL: tt.func @lock_rmw
// CHECK-SAME:    (%[[COUNT:.*]]: !tt.ptr<i32>,
// CHECK:         %[[DW:.*]] = tt.addptr
// CHECK:         %[[M:.*]] = arith.cmpi slt
// CHECK:         %[[P:.*]] = tt.splat
// CHECK:         %[[N:.*]] = tt.load %[[COUNT]] : !tt.ptr<i32>
// CHECK:         %[[FIRST:.*]] = arith.cmpi eq, %[[N]]
// CHECK-NEXT:    %[[OLD:.*]] = tt.load %[[DW]], %[[M]] : tensor<64x!tt.ptr<f16>>
// CHECK-NEXT:    %[[SUM:.*]] = scf.if %[[FIRST]]
// CHECK-NEXT:      tt.atomic_rmw xchg
// CHECK-NEXT:      scf.yield %[[P]]
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[WIDE:.*]] = arith.extf %[[OLD]]
// CHECK-NEXT:      %[[ADD:.*]] = arith.addf %[[P]], %[[WIDE]]
// CHECK-NEXT:      scf.yield %[[ADD]]
// CHECK:         tt.store %[[DW]], %{{.*}}, %[[M]]
tt.func @lock_rmw(%count: !tt.ptr<i32>, %dw_base: !tt.ptr<f16>, %m_len: i32, %p_scalar: f32) attributes {block_size = 64 : i32} {
  %lanes = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %dw_s = tt.splat %dw_base : !tt.ptr<f16> -> tensor<64x!tt.ptr<f16>>
  %dw = tt.addptr %dw_s, %lanes : tensor<64x!tt.ptr<f16>>, tensor<64xi32>
  %m_n = tt.splat %m_len : i32 -> tensor<64xi32>
  %m = arith.cmpi slt, %lanes, %m_n : tensor<64xi32>
  %p = tt.splat %p_scalar : f32 -> tensor<64xf32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %n = tt.load %count : !tt.ptr<i32>
  %first = arith.cmpi eq, %n, %c0 : i32
  %sum = scf.if %first -> (tensor<64xf32>) {
    %o = tt.atomic_rmw xchg, acq_rel, gpu, %count, %c1 : !tt.ptr<i32>
    scf.yield %p : tensor<64xf32>
  } else {
    %old = tt.load %dw, %m : tensor<64x!tt.ptr<f16>>
    %wide = arith.extf %old : tensor<64xf16> to tensor<64xf32>
    %add = arith.addf %p, %wide : tensor<64xf32>
    scf.yield %add : tensor<64xf32>
  }
  %h = arith.truncf %sum : tensor<64xf32> to tensor<64xf16>
  tt.store %dw, %h, %m : tensor<64x!tt.ptr<f16>>
  tt.return
}

// -----

// The condition waits on an atomic; the later store is unmasked, so it
// covers the masked load's addresses; loads of both branches move, in
// order, and a load before the moved one does not stop it.
// CHECK-LABEL: tt.func @atomic_condition_unmasked_store
// CHECK:         tt.atomic_cas
// CHECK:         arith.cmpi
// CHECK-NEXT:    %[[A:.*]] = tt.load %[[X:.*]], %{{.*}} : tensor<64x!tt.ptr<f32>>
// CHECK-NEXT:    %[[B:.*]] = tt.load %[[Y:.*]] : tensor<64x!tt.ptr<f32>>
// CHECK-NEXT:    %[[C:.*]] = tt.load %[[X]] : tensor<64x!tt.ptr<f32>>
// CHECK-NEXT:    scf.if
tt.func @atomic_condition_unmasked_store(%lock: !tt.ptr<i32>, %x_base: !tt.ptr<f32>, %y_base: !tt.ptr<f32>, %m_len: i32) attributes {block_size = 64 : i32} {
  %lanes = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %x_s = tt.splat %x_base : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %x = tt.addptr %x_s, %lanes : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %y_s = tt.splat %y_base : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %y = tt.addptr %y_s, %lanes : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %m_n = tt.splat %m_len : i32 -> tensor<64xi32>
  %m = arith.cmpi slt, %lanes, %m_n : tensor<64xi32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %old = tt.atomic_cas acq_rel, gpu, %lock, %c0, %c1 : !tt.ptr<i32>
  %won = arith.cmpi eq, %old, %c0 : i32
  %r = scf.if %won -> (tensor<64xf32>) {
    %a = tt.load %x, %m : tensor<64x!tt.ptr<f32>>
    scf.yield %a : tensor<64xf32>
  } else {
    %b = tt.load %y : tensor<64x!tt.ptr<f32>>
    %c = tt.load %x : tensor<64x!tt.ptr<f32>>
    %s = arith.addf %b, %c : tensor<64xf32>
    scf.yield %s : tensor<64xf32>
  }
  tt.store %x, %r : tensor<64x!tt.ptr<f32>>
  tt.store %y, %r : tensor<64x!tt.ptr<f32>>
  tt.return
}

// -----

// An access before the scf.if also proves the addresses valid.
// CHECK-LABEL: tt.func @accessed_before
// CHECK:         tt.store %[[X:.*]], %{{.*}}, %[[M:.*]] :
// CHECK:         tt.load %[[X]], %[[M]]
// CHECK-NEXT:    scf.if
tt.func @accessed_before(%n: !tt.ptr<i32>, %x_base: !tt.ptr<f32>, %m_len: i32, %v_scalar: f32) attributes {block_size = 64 : i32} {
  %lanes = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %x_s = tt.splat %x_base : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %x = tt.addptr %x_s, %lanes : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %m_n = tt.splat %m_len : i32 -> tensor<64xi32>
  %m = arith.cmpi slt, %lanes, %m_n : tensor<64xi32>
  %v = tt.splat %v_scalar : f32 -> tensor<64xf32>
  %c0 = arith.constant 0 : i32
  tt.store %x, %v, %m : tensor<64x!tt.ptr<f32>>
  %k = tt.load %n : !tt.ptr<i32>
  %go = arith.cmpi sgt, %k, %c0 : i32
  %r = scf.if %go -> (tensor<64xf32>) {
    %a = tt.load %x, %m : tensor<64x!tt.ptr<f32>>
    scf.yield %a : tensor<64xf32>
  } else {
    scf.yield %v : tensor<64xf32>
  }
  tt.store %x, %r, %m : tensor<64x!tt.ptr<f32>>
  tt.return
}

// -----

// Must not fire: the condition is computed from arguments, with no memory
// latency to hide.
// CHECK-LABEL: tt.func @condition_in_registers
// CHECK:         scf.if
// CHECK:         } else {
// CHECK-NEXT:      tt.load
tt.func @condition_in_registers(%k: i32, %x_base: !tt.ptr<f32>, %v_scalar: f32) attributes {block_size = 64 : i32} {
  %lanes = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %x_s = tt.splat %x_base : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %x = tt.addptr %x_s, %lanes : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %v = tt.splat %v_scalar : f32 -> tensor<64xf32>
  %c0 = arith.constant 0 : i32
  %go = arith.cmpi eq, %k, %c0 : i32
  %r = scf.if %go -> (tensor<64xf32>) {
    scf.yield %v : tensor<64xf32>
  } else {
    %a = tt.load %x : tensor<64x!tt.ptr<f32>>
    scf.yield %a : tensor<64xf32>
  }
  tt.store %x, %r : tensor<64x!tt.ptr<f32>>
  tt.return
}

// -----

// Must not fire: nothing else accesses the addresses, which may be invalid
// whenever the branch is not taken.
// CHECK-LABEL: tt.func @not_accessed_anyway
// CHECK:         scf.if
// CHECK:         } else {
// CHECK-NEXT:      tt.load
tt.func @not_accessed_anyway(%n: !tt.ptr<i32>, %x_base: !tt.ptr<f32>, %out_base: !tt.ptr<f32>, %v_scalar: f32) attributes {block_size = 64 : i32} {
  %lanes = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %x_s = tt.splat %x_base : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %x = tt.addptr %x_s, %lanes : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %out_s = tt.splat %out_base : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %out = tt.addptr %out_s, %lanes : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %v = tt.splat %v_scalar : f32 -> tensor<64xf32>
  %c0 = arith.constant 0 : i32
  %k = tt.load %n : !tt.ptr<i32>
  %go = arith.cmpi eq, %k, %c0 : i32
  %r = scf.if %go -> (tensor<64xf32>) {
    scf.yield %v : tensor<64xf32>
  } else {
    %a = tt.load %x : tensor<64x!tt.ptr<f32>>
    scf.yield %a : tensor<64xf32>
  }
  tt.store %out, %r : tensor<64x!tt.ptr<f32>>
  tt.return
}

// -----

// Must not fire: the later store's mask is another one (it may cover fewer
// lanes than the load reads).
// CHECK-LABEL: tt.func @other_mask
// CHECK:         scf.if
// CHECK:         } else {
// CHECK-NEXT:      tt.load
tt.func @other_mask(%n: !tt.ptr<i32>, %x_base: !tt.ptr<f32>, %m_len: i32, %m2_len: i32, %v_scalar: f32) attributes {block_size = 64 : i32} {
  %lanes = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %x_s = tt.splat %x_base : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %x = tt.addptr %x_s, %lanes : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %m_n = tt.splat %m_len : i32 -> tensor<64xi32>
  %m = arith.cmpi slt, %lanes, %m_n : tensor<64xi32>
  %m2_n = tt.splat %m2_len : i32 -> tensor<64xi32>
  %m2 = arith.cmpi slt, %lanes, %m2_n : tensor<64xi32>
  %v = tt.splat %v_scalar : f32 -> tensor<64xf32>
  %c0 = arith.constant 0 : i32
  %k = tt.load %n : !tt.ptr<i32>
  %go = arith.cmpi eq, %k, %c0 : i32
  %r = scf.if %go -> (tensor<64xf32>) {
    scf.yield %v : tensor<64xf32>
  } else {
    %a = tt.load %x, %m : tensor<64x!tt.ptr<f32>>
    scf.yield %a : tensor<64xf32>
  }
  tt.store %x, %r, %m2 : tensor<64x!tt.ptr<f32>>
  tt.return
}

// -----

// Must not fire: an unmasked load reads lanes that a masked store leaves
// alone.
// CHECK-LABEL: tt.func @masked_store_unmasked_load
// CHECK:         scf.if
// CHECK:         } else {
// CHECK-NEXT:      tt.load
tt.func @masked_store_unmasked_load(%n: !tt.ptr<i32>, %x_base: !tt.ptr<f32>, %m_len: i32, %v_scalar: f32) attributes {block_size = 64 : i32} {
  %lanes = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %x_s = tt.splat %x_base : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %x = tt.addptr %x_s, %lanes : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %m_n = tt.splat %m_len : i32 -> tensor<64xi32>
  %m = arith.cmpi slt, %lanes, %m_n : tensor<64xi32>
  %v = tt.splat %v_scalar : f32 -> tensor<64xf32>
  %c0 = arith.constant 0 : i32
  %k = tt.load %n : !tt.ptr<i32>
  %go = arith.cmpi eq, %k, %c0 : i32
  %r = scf.if %go -> (tensor<64xf32>) {
    scf.yield %v : tensor<64xf32>
  } else {
    %a = tt.load %x : tensor<64x!tt.ptr<f32>>
    scf.yield %a : tensor<64xf32>
  }
  tt.store %x, %r, %m : tensor<64x!tt.ptr<f32>>
  tt.return
}

// -----

// Must not fire: the branch writes the addresses before it reads them; the
// load would read the old values.
// CHECK-LABEL: tt.func @store_first_in_branch
// CHECK:         scf.if
// CHECK:         } else {
// CHECK-NEXT:      tt.store
// CHECK-NEXT:      tt.load
tt.func @store_first_in_branch(%n: !tt.ptr<i32>, %x_base: !tt.ptr<f32>, %v_scalar: f32) attributes {block_size = 64 : i32} {
  %lanes = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %x_s = tt.splat %x_base : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %x = tt.addptr %x_s, %lanes : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %v = tt.splat %v_scalar : f32 -> tensor<64xf32>
  %c0 = arith.constant 0 : i32
  %k = tt.load %n : !tt.ptr<i32>
  %go = arith.cmpi eq, %k, %c0 : i32
  %r = scf.if %go -> (tensor<64xf32>) {
    scf.yield %v : tensor<64xf32>
  } else {
    tt.store %x, %v : tensor<64x!tt.ptr<f32>>
    %a = tt.load %x : tensor<64x!tt.ptr<f32>>
    scf.yield %a : tensor<64xf32>
  }
  tt.store %x, %r : tensor<64x!tt.ptr<f32>>
  tt.return
}

// -----

// Must not fire: a barrier in the branch orders the load after other
// threads' stores.
// CHECK-LABEL: tt.func @barrier_first_in_branch
// CHECK:         scf.if
// CHECK:         } else {
// CHECK-NEXT:      tt.debug_barrier
// CHECK-NEXT:      tt.load
tt.func @barrier_first_in_branch(%n: !tt.ptr<i32>, %x_base: !tt.ptr<f32>, %v_scalar: f32) attributes {block_size = 64 : i32} {
  %lanes = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %x_s = tt.splat %x_base : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %x = tt.addptr %x_s, %lanes : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %v = tt.splat %v_scalar : f32 -> tensor<64xf32>
  %c0 = arith.constant 0 : i32
  %k = tt.load %n : !tt.ptr<i32>
  %go = arith.cmpi eq, %k, %c0 : i32
  %r = scf.if %go -> (tensor<64xf32>) {
    scf.yield %v : tensor<64xf32>
  } else {
    tt.debug_barrier
    %a = tt.load %x : tensor<64x!tt.ptr<f32>>
    scf.yield %a : tensor<64xf32>
  }
  tt.store %x, %r : tensor<64x!tt.ptr<f32>>
  tt.return
}

// -----

// Must not fire: an assertion between the scf.if and the store may stop
// the program before the store proves the addresses valid.
// CHECK-LABEL: tt.func @assert_before_store
// CHECK:         scf.if
// CHECK:         } else {
// CHECK-NEXT:      tt.load
tt.func @assert_before_store(%n: !tt.ptr<i32>, %x_base: !tt.ptr<f32>, %v_scalar: f32, %checked: i32) attributes {block_size = 64 : i32} {
  %lanes = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %x_s = tt.splat %x_base : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %x = tt.addptr %x_s, %lanes : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %v = tt.splat %v_scalar : f32 -> tensor<64xf32>
  %c0 = arith.constant 0 : i32
  %k = tt.load %n : !tt.ptr<i32>
  %go = arith.cmpi eq, %k, %c0 : i32
  %r = scf.if %go -> (tensor<64xf32>) {
    scf.yield %v : tensor<64xf32>
  } else {
    %a = tt.load %x : tensor<64x!tt.ptr<f32>>
    scf.yield %a : tensor<64xf32>
  }
  %ok = arith.cmpi ne, %checked, %c0 : i32
  tt.assert %ok, "checked" : i1
  tt.store %x, %r : tensor<64x!tt.ptr<f32>>
  tt.return
}

// -----

// Must not fire: the other branch may spin forever (a lock), and then the
// store never proves the addresses valid.
// CHECK-LABEL: tt.func @loop_in_other_branch
// CHECK:         scf.if
// CHECK:           scf.while
// CHECK:         } else {
// CHECK-NEXT:      tt.load
tt.func @loop_in_other_branch(%n: !tt.ptr<i32>, %x_base: !tt.ptr<f32>, %v_scalar: f32) attributes {block_size = 64 : i32} {
  %lanes = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %x_s = tt.splat %x_base : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %x = tt.addptr %x_s, %lanes : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %v = tt.splat %v_scalar : f32 -> tensor<64xf32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %k = tt.load %n : !tt.ptr<i32>
  %go = arith.cmpi eq, %k, %c0 : i32
  %r = scf.if %go -> (tensor<64xf32>) {
    scf.while : () -> () {
      %o = tt.atomic_cas acq_rel, gpu, %n, %c0, %c1 : !tt.ptr<i32>
      %busy = arith.cmpi eq, %o, %c1 : i32
      scf.condition(%busy)
    } do {
      scf.yield
    }
    scf.yield %v : tensor<64xf32>
  } else {
    %a = tt.load %x : tensor<64x!tt.ptr<f32>>
    scf.yield %a : tensor<64xf32>
  }
  tt.store %x, %r : tensor<64x!tt.ptr<f32>>
  tt.return
}

// -----

// Must not fire: the pointer is computed in the branch.
// CHECK-LABEL: tt.func @pointer_from_branch
// CHECK:         scf.if
// CHECK:         } else {
// CHECK-NEXT:      tt.addptr
// CHECK-NEXT:      tt.load
tt.func @pointer_from_branch(%n: !tt.ptr<i32>, %x_base: !tt.ptr<f32>, %offs_scalar: i32, %v_scalar: f32) attributes {block_size = 64 : i32} {
  %lanes = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %x_s = tt.splat %x_base : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %x = tt.addptr %x_s, %lanes : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %offs = tt.splat %offs_scalar : i32 -> tensor<64xi32>
  %v = tt.splat %v_scalar : f32 -> tensor<64xf32>
  %c0 = arith.constant 0 : i32
  %k = tt.load %n : !tt.ptr<i32>
  %go = arith.cmpi eq, %k, %c0 : i32
  %r = scf.if %go -> (tensor<64xf32>) {
    scf.yield %v : tensor<64xf32>
  } else {
    %p = tt.addptr %x, %offs : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %a = tt.load %p : tensor<64x!tt.ptr<f32>>
    scf.yield %a : tensor<64xf32>
  }
  tt.store %x, %r : tensor<64x!tt.ptr<f32>>
  tt.return
}
