// tt-pipeline: a loop whose wgmma tiles are loaded in its body gets a stack
// of num_stages tiles per operand; each iteration waits for its own group
// of copies (num_stages - 2 left in flight), reads its slot, and issues the
// copies num_stages - 1 iterations ahead (masked off past the end). A dot
// whose product is only the next iteration's accumulator runs
// asynchronously (one wgmma group left running, then a barrier before the
// copies overwrite the previous slot); a dot whose product is used in the
// iteration stays synchronous, with the copies issued before it. The
// prologue issues the first num_stages - 1 iterations; after the loop no
// copy or product is left in flight. Then the cases where it must not fire.
// RUN: mytriton-opt --tt-assign-layouts="compute-capability=90 use-wgmma=1" --tt-pipeline -split-input-file %s | FileCheck %s

// Default 3 stages, a masked load of a (zeros past K) and a plain load of b.
// CHECK-LABEL: tt.func @matmul(
// CHECK-DAG:     %[[A:.*]] = tt.local_alloc : () -> !tt.memdesc<3x64x32xf16, #shared, mutable>
// CHECK-DAG:     %[[B:.*]] = tt.local_alloc : () -> !tt.memdesc<3x32x64xf16, #shared1, mutable>
// CHECK:         %[[ALIVE0:.*]] = arith.cmpi slt, %{{.*}}, %[[K:[^ ]*]] : i32
// CHECK:         %[[A0:.*]] = tt.memdesc_index %[[A]][%{{.*}}]
// CHECK:         %[[P0:.*]] = tt.splat %[[ALIVE0]] : i1 -> tensor<64x32xi1, #blocked>
// CHECK:         %[[M0:.*]] = arith.andi %{{.*}}, %[[P0]]
// CHECK:         tt.async_copy_global_to_local %{{.*}}, %[[A0]] mask %[[M0]] other %{{.*}}
// CHECK:         tt.async_copy_global_to_local
// CHECK:         tt.async_commit_group
// CHECK:         tt.async_copy_global_to_local
// CHECK:         tt.async_copy_global_to_local
// CHECK:         tt.async_commit_group
// CHECK:         %[[R:.*]]:{{[0-9]+}} = scf.for %[[IV:.*]] = %{{.*}} to %[[K]] step %{{.*}} iter_args(%[[ACC:[^ ]*]] = {{.*}}) -> {{.*}} {
// CHECK:           tt.async_wait {num = 1 : i32}
// CHECK:           %[[AV:.*]] = tt.memdesc_index %[[A]][%{{.*}}]
// CHECK:           %[[BV:.*]] = tt.memdesc_index %[[B]][%{{.*}}]
// CHECK:           %[[D:.*]] = tt.warp_group_dot %[[AV]], %[[BV]], %[[ACC]] {isAsync = true}
// CHECK-NEXT:      %[[RUNNING:.*]] = tt.warp_group_dot_wait %[[D]] {pendings = 1 : i32}
// CHECK-NEXT:      tt.debug_barrier
// CHECK:           %[[AHEAD:.*]] = arith.addi %[[IV]], %{{.*}} : i32
// CHECK:           tt.async_copy_global_to_local {{.*}} mask
// CHECK:           tt.async_copy_global_to_local {{.*}} mask
// CHECK:           tt.async_commit_group
// CHECK-NOT:       tt.load
// CHECK:           scf.yield %[[RUNNING]],
// CHECK:         }
// CHECK-NEXT:    %[[DONE:.*]] = tt.warp_group_dot_wait %[[R]]#0 {pendings = 0 : i32}
// CHECK-NEXT:    tt.async_wait {num = 0 : i32}
// CHECK-NEXT:    %[[OUT:.*]] = tt.convert_layout %[[DONE]]
// CHECK:         tt.store %{{.*}}, %[[OUT]]
tt.func @matmul(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %b: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %c: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %K: i32 {tt.divisibility = 16 : i32}) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %rm = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %rk = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %am = tt.expand_dims %rm {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %ak = tt.expand_dims %rk {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %bk = tt.expand_dims %rk {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %bn = tt.expand_dims %rm {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %Ks = tt.splat %K : i32 -> tensor<64x1xi32>
  %arow = arith.muli %am, %Ks : tensor<64x1xi32>
  %arowb = tt.broadcast %arow : tensor<64x1xi32> -> tensor<64x32xi32>
  %akb = tt.broadcast %ak : tensor<1x32xi32> -> tensor<64x32xi32>
  %aoff = arith.addi %arowb, %akb : tensor<64x32xi32>
  %c64 = arith.constant dense<64> : tensor<32x1xi32>
  %brow = arith.muli %bk, %c64 : tensor<32x1xi32>
  %browb = tt.broadcast %brow : tensor<32x1xi32> -> tensor<32x64xi32>
  %bnb = tt.broadcast %bn : tensor<1x64xi32> -> tensor<32x64xi32>
  %boff = arith.addi %browb, %bnb : tensor<32x64xi32>
  %pa = tt.splat %a : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>>
  %pa0 = tt.addptr %pa, %aoff : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
  %pb = tt.splat %b : !tt.ptr<f16> -> tensor<32x64x!tt.ptr<f16>>
  %pb0 = tt.addptr %pb, %boff : tensor<32x64x!tt.ptr<f16>>, tensor<32x64xi32>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %azero = arith.constant dense<0.0> : tensor<64x32xf16>
  %c0 = arith.constant 0 : i32
  %c32 = arith.constant 32 : i32
  %astep = arith.constant dense<32> : tensor<64x32xi32>
  %bstep = arith.constant dense<2048> : tensor<32x64xi32>
  %r:3 = scf.for %k = %c0 to %K step %c32 iter_args(%acc = %zero, %pai = %pa0, %pbi = %pb0) -> (tensor<64x64xf32>, tensor<64x32x!tt.ptr<f16>>, tensor<32x64x!tt.ptr<f16>>) : i32 {
    %left = arith.subi %K, %k : i32
    %lefts = tt.splat %left : i32 -> tensor<1x32xi32>
    %inK = arith.cmpi slt, %ak, %lefts : tensor<1x32xi32>
    %amask = tt.broadcast %inK : tensor<1x32xi1> -> tensor<64x32xi1>
    %x = tt.load %pai, %amask, %azero : tensor<64x32x!tt.ptr<f16>>
    %y = tt.load %pbi : tensor<32x64x!tt.ptr<f16>>
    %d = tt.dot %x, %y, %acc : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
    %pan = tt.addptr %pai, %astep : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
    %pbn = tt.addptr %pbi, %bstep : tensor<32x64x!tt.ptr<f16>>, tensor<32x64xi32>
    scf.yield %d, %pan, %pbn : tensor<64x64xf32>, tensor<64x32x!tt.ptr<f16>>, tensor<32x64x!tt.ptr<f16>>
  }
  %cm = tt.broadcast %am : tensor<64x1xi32> -> tensor<64x64xi32>
  %c64x = arith.constant dense<64> : tensor<64x64xi32>
  %crow = arith.muli %cm, %c64x : tensor<64x64xi32>
  %cn = tt.broadcast %bn : tensor<1x64xi32> -> tensor<64x64xi32>
  %coff = arith.addi %crow, %cn : tensor<64x64xi32>
  %pc = tt.splat %c : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>>
  %pc0 = tt.addptr %pc, %coff : tensor<64x64x!tt.ptr<f32>>, tensor<64x64xi32>
  tt.store %pc0, %r#0 : tensor<64x64x!tt.ptr<f32>>
  tt.return
}

// -----

// The loop's tl.range(num_stages=2) wins over the kernel's num_stages: two
// tiles per stack, one prologue group, and each iteration waits for all
// groups (num = 0) before issuing the next.
// CHECK-LABEL: tt.func @loop_stages(
// CHECK-DAG:     tt.local_alloc : () -> !tt.memdesc<2x64x32xf16, #shared, mutable>
// CHECK-DAG:     tt.local_alloc : () -> !tt.memdesc<2x32x64xf16, #shared1, mutable>
// CHECK:         tt.async_commit_group
// CHECK-NOT:     tt.async_commit_group
// CHECK:         scf.for
// CHECK:           tt.async_wait {num = 0 : i32}
// CHECK:           tt.warp_group_dot
// CHECK:           tt.async_commit_group
// CHECK:         tt.async_wait {num = 0 : i32}
tt.func @loop_stages(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %b: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %c: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %K: i32 {tt.divisibility = 16 : i32}) attributes {block_size = 128 : i32, num_warps = 4 : i32, num_stages = 4 : i32} {
  %rm = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %rn = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %rk = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %am = tt.expand_dims %rm {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %ak = tt.expand_dims %rk {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %bk = tt.expand_dims %rk {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %bn = tt.expand_dims %rn {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %Ks = tt.splat %K : i32 -> tensor<64x1xi32>
  %arow = arith.muli %am, %Ks : tensor<64x1xi32>
  %arowb = tt.broadcast %arow : tensor<64x1xi32> -> tensor<64x32xi32>
  %akb = tt.broadcast %ak : tensor<1x32xi32> -> tensor<64x32xi32>
  %aoff = arith.addi %arowb, %akb : tensor<64x32xi32>
  %cN = arith.constant dense<64> : tensor<32x1xi32>
  %brow = arith.muli %bk, %cN : tensor<32x1xi32>
  %browb = tt.broadcast %brow : tensor<32x1xi32> -> tensor<32x64xi32>
  %bnb = tt.broadcast %bn : tensor<1x64xi32> -> tensor<32x64xi32>
  %boff = arith.addi %browb, %bnb : tensor<32x64xi32>
  %pa = tt.splat %a : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>>
  %pa0 = tt.addptr %pa, %aoff : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
  %pb = tt.splat %b : !tt.ptr<f16> -> tensor<32x64x!tt.ptr<f16>>
  %pb0 = tt.addptr %pb, %boff : tensor<32x64x!tt.ptr<f16>>, tensor<32x64xi32>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %azero = arith.constant dense<0.0> : tensor<64x32xf16>
  %aone = arith.constant dense<1.0> : tensor<64x32xf16>
  %c0 = arith.constant 0 : i32
  %cBK = arith.constant 32 : i32
  %astep = arith.constant dense<32> : tensor<64x32xi32>
  %bstep = arith.constant dense<2048> : tensor<32x64xi32>
  %r:3 = scf.for %k = %c0 to %K step %cBK iter_args(%acc = %zero, %pai = %pa0, %pbi = %pb0) -> (tensor<64x64xf32>, tensor<64x32x!tt.ptr<f16>>, tensor<32x64x!tt.ptr<f16>>) : i32 {
    %left = arith.subi %K, %k : i32
    %lefts = tt.splat %left : i32 -> tensor<1x32xi32>
    %inK = arith.cmpi slt, %ak, %lefts : tensor<1x32xi32>
    %amask = tt.broadcast %inK : tensor<1x32xi1> -> tensor<64x32xi1>
    %x = tt.load %pai, %amask, %azero : tensor<64x32x!tt.ptr<f16>>
    %y = tt.load %pbi : tensor<32x64x!tt.ptr<f16>>
    %d = tt.dot %x, %y, %acc : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
    %pan = tt.addptr %pai, %astep : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
    %pbn = tt.addptr %pbi, %bstep : tensor<32x64x!tt.ptr<f16>>, tensor<32x64xi32>
    scf.yield %d, %pan, %pbn : tensor<64x64xf32>, tensor<64x32x!tt.ptr<f16>>, tensor<32x64x!tt.ptr<f16>>
  } {tt.num_stages = 2 : i32}
  %cm = tt.broadcast %am : tensor<64x1xi32> -> tensor<64x64xi32>
  %cNN = arith.constant dense<64> : tensor<64x64xi32>
  %crow = arith.muli %cm, %cNN : tensor<64x64xi32>
  %cn = tt.broadcast %bn : tensor<1x64xi32> -> tensor<64x64xi32>
  %coff = arith.addi %crow, %cn : tensor<64x64xi32>
  %pc = tt.splat %c : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>>
  %pc0 = tt.addptr %pc, %coff : tensor<64x64x!tt.ptr<f32>>, tensor<64x64xi32>
  tt.store %pc0, %r#0 : tensor<64x64x!tt.ptr<f32>>
  tt.return
}

// -----

// acc += tl.dot(a, b): the product is used in its iteration, so the dot
// stays synchronous and the copies go before it (the wait's barrier frees
// the slot they overwrite).
// CHECK-LABEL: tt.func @sync_dot(
// CHECK:         scf.for
// CHECK:           tt.async_wait {num = 1 : i32}
// CHECK:           tt.async_copy_global_to_local
// CHECK:           tt.async_copy_global_to_local
// CHECK:           tt.async_commit_group
// CHECK:           %[[P:.*]] = tt.warp_group_dot %{{[^ ]*}}, %{{[^ ]*}}, %{{[^ ]*}} : !tt.memdesc
// CHECK-NEXT:      %[[PB:.*]] = tt.convert_layout %[[P]]
// CHECK-NEXT:      arith.addf %{{.*}}, %[[PB]]
// CHECK-NOT:     tt.warp_group_dot_wait
// CHECK-NOT:     tt.debug_barrier
// CHECK:         tt.return
tt.func @sync_dot(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %b: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %c: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %K: i32 {tt.divisibility = 16 : i32}) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %rm = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %rn = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %rk = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %am = tt.expand_dims %rm {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %ak = tt.expand_dims %rk {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %bk = tt.expand_dims %rk {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %bn = tt.expand_dims %rn {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %Ks = tt.splat %K : i32 -> tensor<64x1xi32>
  %arow = arith.muli %am, %Ks : tensor<64x1xi32>
  %arowb = tt.broadcast %arow : tensor<64x1xi32> -> tensor<64x32xi32>
  %akb = tt.broadcast %ak : tensor<1x32xi32> -> tensor<64x32xi32>
  %aoff = arith.addi %arowb, %akb : tensor<64x32xi32>
  %cN = arith.constant dense<64> : tensor<32x1xi32>
  %brow = arith.muli %bk, %cN : tensor<32x1xi32>
  %browb = tt.broadcast %brow : tensor<32x1xi32> -> tensor<32x64xi32>
  %bnb = tt.broadcast %bn : tensor<1x64xi32> -> tensor<32x64xi32>
  %boff = arith.addi %browb, %bnb : tensor<32x64xi32>
  %pa = tt.splat %a : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>>
  %pa0 = tt.addptr %pa, %aoff : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
  %pb = tt.splat %b : !tt.ptr<f16> -> tensor<32x64x!tt.ptr<f16>>
  %pb0 = tt.addptr %pb, %boff : tensor<32x64x!tt.ptr<f16>>, tensor<32x64xi32>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %azero = arith.constant dense<0.0> : tensor<64x32xf16>
  %aone = arith.constant dense<1.0> : tensor<64x32xf16>
  %c0 = arith.constant 0 : i32
  %cBK = arith.constant 32 : i32
  %astep = arith.constant dense<32> : tensor<64x32xi32>
  %bstep = arith.constant dense<2048> : tensor<32x64xi32>
  %r:3 = scf.for %k = %c0 to %K step %cBK iter_args(%acc = %zero, %pai = %pa0, %pbi = %pb0) -> (tensor<64x64xf32>, tensor<64x32x!tt.ptr<f16>>, tensor<32x64x!tt.ptr<f16>>) : i32 {
    %left = arith.subi %K, %k : i32
    %lefts = tt.splat %left : i32 -> tensor<1x32xi32>
    %inK = arith.cmpi slt, %ak, %lefts : tensor<1x32xi32>
    %amask = tt.broadcast %inK : tensor<1x32xi1> -> tensor<64x32xi1>
    %x = tt.load %pai, %amask, %azero : tensor<64x32x!tt.ptr<f16>>
    %y = tt.load %pbi : tensor<32x64x!tt.ptr<f16>>
    %p = tt.dot %x, %y, %zero : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
    %d = arith.addf %acc, %p : tensor<64x64xf32>
    %pan = tt.addptr %pai, %astep : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
    %pbn = tt.addptr %pbi, %bstep : tensor<32x64x!tt.ptr<f16>>, tensor<32x64xi32>
    scf.yield %d, %pan, %pbn : tensor<64x64xf32>, tensor<64x32x!tt.ptr<f16>>, tensor<32x64x!tt.ptr<f16>>
  }
  %cm = tt.broadcast %am : tensor<64x1xi32> -> tensor<64x64xi32>
  %cNN = arith.constant dense<64> : tensor<64x64xi32>
  %crow = arith.muli %cm, %cNN : tensor<64x64xi32>
  %cn = tt.broadcast %bn : tensor<1x64xi32> -> tensor<64x64xi32>
  %coff = arith.addi %crow, %cn : tensor<64x64xi32>
  %pc = tt.splat %c : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>>
  %pc0 = tt.addptr %pc, %coff : tensor<64x64x!tt.ptr<f32>>, tensor<64x64xi32>
  tt.store %pc0, %r#0 : tensor<64x64x!tt.ptr<f32>>
  tt.return
}


// -----

// num_stages = 1: no pipelining; each tile is loaded and stored to shared
// memory in the iteration that multiplies it.
// CHECK-LABEL: tt.func @one_stage(
// CHECK-NOT:     tt.async_copy_global_to_local
// CHECK:         scf.for
// CHECK:           tt.load
// CHECK:           tt.local_alloc %{{.*}} : (tensor<64x32xf16, #blocked>) -> !tt.memdesc<64x32xf16, #shared>
// CHECK-NOT:     tt.async_copy_global_to_local
tt.func @one_stage(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %b: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %c: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %K: i32 {tt.divisibility = 16 : i32}) attributes {block_size = 128 : i32, num_warps = 4 : i32, num_stages = 1 : i32} {
  %rm = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %rn = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %rk = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %am = tt.expand_dims %rm {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %ak = tt.expand_dims %rk {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %bk = tt.expand_dims %rk {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %bn = tt.expand_dims %rn {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %Ks = tt.splat %K : i32 -> tensor<64x1xi32>
  %arow = arith.muli %am, %Ks : tensor<64x1xi32>
  %arowb = tt.broadcast %arow : tensor<64x1xi32> -> tensor<64x32xi32>
  %akb = tt.broadcast %ak : tensor<1x32xi32> -> tensor<64x32xi32>
  %aoff = arith.addi %arowb, %akb : tensor<64x32xi32>
  %cN = arith.constant dense<64> : tensor<32x1xi32>
  %brow = arith.muli %bk, %cN : tensor<32x1xi32>
  %browb = tt.broadcast %brow : tensor<32x1xi32> -> tensor<32x64xi32>
  %bnb = tt.broadcast %bn : tensor<1x64xi32> -> tensor<32x64xi32>
  %boff = arith.addi %browb, %bnb : tensor<32x64xi32>
  %pa = tt.splat %a : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>>
  %pa0 = tt.addptr %pa, %aoff : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
  %pb = tt.splat %b : !tt.ptr<f16> -> tensor<32x64x!tt.ptr<f16>>
  %pb0 = tt.addptr %pb, %boff : tensor<32x64x!tt.ptr<f16>>, tensor<32x64xi32>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %azero = arith.constant dense<0.0> : tensor<64x32xf16>
  %aone = arith.constant dense<1.0> : tensor<64x32xf16>
  %c0 = arith.constant 0 : i32
  %cBK = arith.constant 32 : i32
  %astep = arith.constant dense<32> : tensor<64x32xi32>
  %bstep = arith.constant dense<2048> : tensor<32x64xi32>
  %r:3 = scf.for %k = %c0 to %K step %cBK iter_args(%acc = %zero, %pai = %pa0, %pbi = %pb0) -> (tensor<64x64xf32>, tensor<64x32x!tt.ptr<f16>>, tensor<32x64x!tt.ptr<f16>>) : i32 {
    %left = arith.subi %K, %k : i32
    %lefts = tt.splat %left : i32 -> tensor<1x32xi32>
    %inK = arith.cmpi slt, %ak, %lefts : tensor<1x32xi32>
    %amask = tt.broadcast %inK : tensor<1x32xi1> -> tensor<64x32xi1>
    %x = tt.load %pai, %amask, %azero : tensor<64x32x!tt.ptr<f16>>
    %y = tt.load %pbi : tensor<32x64x!tt.ptr<f16>>
    %d = tt.dot %x, %y, %acc : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
    %pan = tt.addptr %pai, %astep : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
    %pbn = tt.addptr %pbi, %bstep : tensor<32x64x!tt.ptr<f16>>, tensor<32x64xi32>
    scf.yield %d, %pan, %pbn : tensor<64x64xf32>, tensor<64x32x!tt.ptr<f16>>, tensor<32x64x!tt.ptr<f16>>
  }
  %cm = tt.broadcast %am : tensor<64x1xi32> -> tensor<64x64xi32>
  %cNN = arith.constant dense<64> : tensor<64x64xi32>
  %crow = arith.muli %cm, %cNN : tensor<64x64xi32>
  %cn = tt.broadcast %bn : tensor<1x64xi32> -> tensor<64x64xi32>
  %coff = arith.addi %crow, %cn : tensor<64x64xi32>
  %pc = tt.splat %c : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>>
  %pc0 = tt.addptr %pc, %coff : tensor<64x64x!tt.ptr<f32>>, tensor<64x64xi32>
  tt.store %pc0, %r#0 : tensor<64x64x!tt.ptr<f32>>
  tt.return
}

// -----

// Masked-off elements of a read 1.0 (other), which cp.async's zero fill
// would not give: the loop is left as it is.
// CHECK-LABEL: tt.func @nonzero_other(
// CHECK-NOT:     tt.async_copy_global_to_local
// CHECK:         tt.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<64x32x!tt.ptr<f16>, #blocked>
// CHECK-NOT:     tt.async_copy_global_to_local
tt.func @nonzero_other(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %b: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %c: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %K: i32 {tt.divisibility = 16 : i32}) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %rm = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %rn = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %rk = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %am = tt.expand_dims %rm {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %ak = tt.expand_dims %rk {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %bk = tt.expand_dims %rk {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %bn = tt.expand_dims %rn {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %Ks = tt.splat %K : i32 -> tensor<64x1xi32>
  %arow = arith.muli %am, %Ks : tensor<64x1xi32>
  %arowb = tt.broadcast %arow : tensor<64x1xi32> -> tensor<64x32xi32>
  %akb = tt.broadcast %ak : tensor<1x32xi32> -> tensor<64x32xi32>
  %aoff = arith.addi %arowb, %akb : tensor<64x32xi32>
  %cN = arith.constant dense<64> : tensor<32x1xi32>
  %brow = arith.muli %bk, %cN : tensor<32x1xi32>
  %browb = tt.broadcast %brow : tensor<32x1xi32> -> tensor<32x64xi32>
  %bnb = tt.broadcast %bn : tensor<1x64xi32> -> tensor<32x64xi32>
  %boff = arith.addi %browb, %bnb : tensor<32x64xi32>
  %pa = tt.splat %a : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>>
  %pa0 = tt.addptr %pa, %aoff : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
  %pb = tt.splat %b : !tt.ptr<f16> -> tensor<32x64x!tt.ptr<f16>>
  %pb0 = tt.addptr %pb, %boff : tensor<32x64x!tt.ptr<f16>>, tensor<32x64xi32>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %azero = arith.constant dense<0.0> : tensor<64x32xf16>
  %aone = arith.constant dense<1.0> : tensor<64x32xf16>
  %c0 = arith.constant 0 : i32
  %cBK = arith.constant 32 : i32
  %astep = arith.constant dense<32> : tensor<64x32xi32>
  %bstep = arith.constant dense<2048> : tensor<32x64xi32>
  %r:3 = scf.for %k = %c0 to %K step %cBK iter_args(%acc = %zero, %pai = %pa0, %pbi = %pb0) -> (tensor<64x64xf32>, tensor<64x32x!tt.ptr<f16>>, tensor<32x64x!tt.ptr<f16>>) : i32 {
    %left = arith.subi %K, %k : i32
    %lefts = tt.splat %left : i32 -> tensor<1x32xi32>
    %inK = arith.cmpi slt, %ak, %lefts : tensor<1x32xi32>
    %amask = tt.broadcast %inK : tensor<1x32xi1> -> tensor<64x32xi1>
    %x = tt.load %pai, %amask, %aone : tensor<64x32x!tt.ptr<f16>>
    %y = tt.load %pbi : tensor<32x64x!tt.ptr<f16>>
    %d = tt.dot %x, %y, %acc : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
    %pan = tt.addptr %pai, %astep : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
    %pbn = tt.addptr %pbi, %bstep : tensor<32x64x!tt.ptr<f16>>, tensor<32x64xi32>
    scf.yield %d, %pan, %pbn : tensor<64x64xf32>, tensor<64x32x!tt.ptr<f16>>, tensor<32x64x!tt.ptr<f16>>
  }
  %cm = tt.broadcast %am : tensor<64x1xi32> -> tensor<64x64xi32>
  %cNN = arith.constant dense<64> : tensor<64x64xi32>
  %crow = arith.muli %cm, %cNN : tensor<64x64xi32>
  %cn = tt.broadcast %bn : tensor<1x64xi32> -> tensor<64x64xi32>
  %coff = arith.addi %crow, %cn : tensor<64x64xi32>
  %pc = tt.splat %c : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>>
  %pc0 = tt.addptr %pc, %coff : tensor<64x64x!tt.ptr<f32>>, tensor<64x64xi32>
  tt.store %pc0, %r#0 : tensor<64x64x!tt.ptr<f32>>
  tt.return
}

// -----

// b's rows are offset by a value loaded in the same iteration, which
// cannot be read iterations ahead: the loop is left as it is.
// CHECK-LABEL: tt.func @indirect(
// CHECK-NOT:     tt.async_copy_global_to_local
// CHECK:         scf.for
// CHECK:           tt.load %{{.*}} : !tt.ptr<i32>
// CHECK-NOT:     tt.async_copy_global_to_local
tt.func @indirect(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %b: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %c: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %K: i32 {tt.divisibility = 16 : i32}, %idx: !tt.ptr<i32> {tt.divisibility = 16 : i32}) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %rm = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %rn = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %rk = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %am = tt.expand_dims %rm {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %ak = tt.expand_dims %rk {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %bk = tt.expand_dims %rk {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %bn = tt.expand_dims %rn {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %Ks = tt.splat %K : i32 -> tensor<64x1xi32>
  %arow = arith.muli %am, %Ks : tensor<64x1xi32>
  %arowb = tt.broadcast %arow : tensor<64x1xi32> -> tensor<64x32xi32>
  %akb = tt.broadcast %ak : tensor<1x32xi32> -> tensor<64x32xi32>
  %aoff = arith.addi %arowb, %akb : tensor<64x32xi32>
  %cN = arith.constant dense<64> : tensor<32x1xi32>
  %brow = arith.muli %bk, %cN : tensor<32x1xi32>
  %browb = tt.broadcast %brow : tensor<32x1xi32> -> tensor<32x64xi32>
  %bnb = tt.broadcast %bn : tensor<1x64xi32> -> tensor<32x64xi32>
  %boff = arith.addi %browb, %bnb : tensor<32x64xi32>
  %pa = tt.splat %a : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>>
  %pa0 = tt.addptr %pa, %aoff : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
  %pb = tt.splat %b : !tt.ptr<f16> -> tensor<32x64x!tt.ptr<f16>>
  %pb0 = tt.addptr %pb, %boff : tensor<32x64x!tt.ptr<f16>>, tensor<32x64xi32>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %azero = arith.constant dense<0.0> : tensor<64x32xf16>
  %aone = arith.constant dense<1.0> : tensor<64x32xf16>
  %c0 = arith.constant 0 : i32
  %cBK = arith.constant 32 : i32
  %astep = arith.constant dense<32> : tensor<64x32xi32>
  %bstep = arith.constant dense<2048> : tensor<32x64xi32>
  %r:3 = scf.for %k = %c0 to %K step %cBK iter_args(%acc = %zero, %pai = %pa0, %pbi = %pb0) -> (tensor<64x64xf32>, tensor<64x32x!tt.ptr<f16>>, tensor<32x64x!tt.ptr<f16>>) : i32 {
    %left = arith.subi %K, %k : i32
    %lefts = tt.splat %left : i32 -> tensor<1x32xi32>
    %inK = arith.cmpi slt, %ak, %lefts : tensor<1x32xi32>
    %amask = tt.broadcast %inK : tensor<1x32xi1> -> tensor<64x32xi1>
    %x = tt.load %pai, %amask, %azero : tensor<64x32x!tt.ptr<f16>>
    %pidx = tt.addptr %idx, %k : !tt.ptr<i32>, i32
    %row = tt.load %pidx : !tt.ptr<i32>
    %rows = tt.splat %row : i32 -> tensor<32x64xi32>
    %pbr = tt.addptr %pbi, %rows : tensor<32x64x!tt.ptr<f16>>, tensor<32x64xi32>
    %y = tt.load %pbr : tensor<32x64x!tt.ptr<f16>>
    %d = tt.dot %x, %y, %acc : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
    %pan = tt.addptr %pai, %astep : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
    %pbn = tt.addptr %pbi, %bstep : tensor<32x64x!tt.ptr<f16>>, tensor<32x64xi32>
    scf.yield %d, %pan, %pbn : tensor<64x64xf32>, tensor<64x32x!tt.ptr<f16>>, tensor<32x64x!tt.ptr<f16>>
  }
  %cm = tt.broadcast %am : tensor<64x1xi32> -> tensor<64x64xi32>
  %cNN = arith.constant dense<64> : tensor<64x64xi32>
  %crow = arith.muli %cm, %cNN : tensor<64x64xi32>
  %cn = tt.broadcast %bn : tensor<1x64xi32> -> tensor<64x64xi32>
  %coff = arith.addi %crow, %cn : tensor<64x64xi32>
  %pc = tt.splat %c : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>>
  %pc0 = tt.addptr %pc, %coff : tensor<64x64x!tt.ptr<f32>>, tensor<64x64xi32>
  tt.store %pc0, %r#0 : tensor<64x64x!tt.ptr<f32>>
  tt.return
}

// -----

// 128x128 and 128x256 f16 tiles take 96 KiB a stage: Triton's default 3
// stages (288 KiB) do not fit in the 227 KiB of shared memory a block may
// use, so the loop gets the 2 that do.
// CHECK-LABEL: tt.func @fewer_stages(
// CHECK-DAG:     tt.local_alloc : () -> !tt.memdesc<2x128x128xf16, #shared, mutable>
// CHECK-DAG:     tt.local_alloc : () -> !tt.memdesc<2x128x256xf16, #shared, mutable>
// CHECK:         scf.for
// CHECK:           tt.async_wait {num = 0 : i32}
tt.func @fewer_stages(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %b: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %c: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %K: i32 {tt.divisibility = 16 : i32}) attributes {block_size = 256 : i32, num_warps = 8 : i32, num_stages = 3 : i32} {
  %rm = tt.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %rn = tt.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %rk = tt.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %am = tt.expand_dims %rm {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
  %ak = tt.expand_dims %rk {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
  %bk = tt.expand_dims %rk {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
  %bn = tt.expand_dims %rn {axis = 0 : i32} : tensor<256xi32> -> tensor<1x256xi32>
  %Ks = tt.splat %K : i32 -> tensor<128x1xi32>
  %arow = arith.muli %am, %Ks : tensor<128x1xi32>
  %arowb = tt.broadcast %arow : tensor<128x1xi32> -> tensor<128x128xi32>
  %akb = tt.broadcast %ak : tensor<1x128xi32> -> tensor<128x128xi32>
  %aoff = arith.addi %arowb, %akb : tensor<128x128xi32>
  %cN = arith.constant dense<256> : tensor<128x1xi32>
  %brow = arith.muli %bk, %cN : tensor<128x1xi32>
  %browb = tt.broadcast %brow : tensor<128x1xi32> -> tensor<128x256xi32>
  %bnb = tt.broadcast %bn : tensor<1x256xi32> -> tensor<128x256xi32>
  %boff = arith.addi %browb, %bnb : tensor<128x256xi32>
  %pa = tt.splat %a : !tt.ptr<f16> -> tensor<128x128x!tt.ptr<f16>>
  %pa0 = tt.addptr %pa, %aoff : tensor<128x128x!tt.ptr<f16>>, tensor<128x128xi32>
  %pb = tt.splat %b : !tt.ptr<f16> -> tensor<128x256x!tt.ptr<f16>>
  %pb0 = tt.addptr %pb, %boff : tensor<128x256x!tt.ptr<f16>>, tensor<128x256xi32>
  %zero = arith.constant dense<0.0> : tensor<128x256xf32>
  %azero = arith.constant dense<0.0> : tensor<128x128xf16>
  %aone = arith.constant dense<1.0> : tensor<128x128xf16>
  %c0 = arith.constant 0 : i32
  %cBK = arith.constant 128 : i32
  %astep = arith.constant dense<128> : tensor<128x128xi32>
  %bstep = arith.constant dense<32768> : tensor<128x256xi32>
  %r:3 = scf.for %k = %c0 to %K step %cBK iter_args(%acc = %zero, %pai = %pa0, %pbi = %pb0) -> (tensor<128x256xf32>, tensor<128x128x!tt.ptr<f16>>, tensor<128x256x!tt.ptr<f16>>) : i32 {
    %left = arith.subi %K, %k : i32
    %lefts = tt.splat %left : i32 -> tensor<1x128xi32>
    %inK = arith.cmpi slt, %ak, %lefts : tensor<1x128xi32>
    %amask = tt.broadcast %inK : tensor<1x128xi1> -> tensor<128x128xi1>
    %x = tt.load %pai, %amask, %azero : tensor<128x128x!tt.ptr<f16>>
    %y = tt.load %pbi : tensor<128x256x!tt.ptr<f16>>
    %d = tt.dot %x, %y, %acc : tensor<128x128xf16> * tensor<128x256xf16> -> tensor<128x256xf32>
    %pan = tt.addptr %pai, %astep : tensor<128x128x!tt.ptr<f16>>, tensor<128x128xi32>
    %pbn = tt.addptr %pbi, %bstep : tensor<128x256x!tt.ptr<f16>>, tensor<128x256xi32>
    scf.yield %d, %pan, %pbn : tensor<128x256xf32>, tensor<128x128x!tt.ptr<f16>>, tensor<128x256x!tt.ptr<f16>>
  }
  %cm = tt.broadcast %am : tensor<128x1xi32> -> tensor<128x256xi32>
  %cNN = arith.constant dense<256> : tensor<128x256xi32>
  %crow = arith.muli %cm, %cNN : tensor<128x256xi32>
  %cn = tt.broadcast %bn : tensor<1x256xi32> -> tensor<128x256xi32>
  %coff = arith.addi %crow, %cn : tensor<128x256xi32>
  %pc = tt.splat %c : !tt.ptr<f32> -> tensor<128x256x!tt.ptr<f32>>
  %pc0 = tt.addptr %pc, %coff : tensor<128x256x!tt.ptr<f32>>, tensor<128x256xi32>
  tt.store %pc0, %r#0 : tensor<128x256x!tt.ptr<f32>>
  tt.return
}

