// scf.for, scf.if and scf.while in uniform kernels keep their structure
// with the thread's types: a tensor is the thread's scalar (one lane per
// thread) or vector (num_warps), a pointer tensor !llvm.ptr<1>, scalars
// stay. Block reductions inside loops and branches get workgroup buffers
// planned through the control flow: a barrier before a reduction's writes
// wherever another path may still read its buffer. The same kernels go down
// to nvvm (scf-to-cf after the conversion: no scf op is left, barriers
// sit in the branches) and through ptxas (control-flow-ptxas.test).
// RUN: mytriton-opt --convert-tt-to-gpu %s | FileCheck %s
// RUN: mytriton-opt --tt-to-nvvm %s | FileCheck %s --check-prefix=NVVM --implicit-check-not=scf.

// NVVM-LABEL: llvm.func @loop_accumulate(
// NVVM-LABEL: llvm.func @loop_lanes(
// NVVM-LABEL: llvm.func @loop_reduce(
// NVVM:         llvm.cond_br
// NVVM:         nvvm.barrier0
// NVVM:         nvvm.barrier0
// NVVM:         llvm.br
// NVVM-LABEL: llvm.func @if_reduce(
// NVVM:         nvvm.barrier0
// NVVM:         llvm.cond_br %{{.*}}, ^[[THEN:bb[0-9]+]], ^[[ELSE:bb[0-9]+]]
// NVVM:       ^[[THEN]]:
// NVVM:         nvvm.barrier0
// NVVM:       ^[[ELSE]]:
// NVVM-NOT:     nvvm.barrier0
// NVVM:         llvm.br
// NVVM-COUNT-2: nvvm.barrier0
// NVVM-LABEL: llvm.func @if_results(
// NVVM-LABEL: llvm.func @while_doubling(
// NVVM-LABEL: llvm.func @nested(
// NVVM-LABEL: llvm.func @while_reduce(

// One lane per thread: the accumulator is an f32 iter_arg, the loop's
// offsets splat the scalar iv * 128 onto threadIdx.x.
// CHECK-LABEL: gpu.func @loop_accumulate(
// CHECK-SAME:      %[[X:[^:]*]]: !llvm.ptr<1>, %[[OUT:[^:]*]]: !llvm.ptr<1>, %[[N:[^:]*]]: i32,
// CHECK:         %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         %[[TID:.*]] = arith.index_castui %{{.*}} : index to i32
// CHECK:         %[[ACC:.*]] = scf.for %[[I:.*]] = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[A:.*]] = %[[ZERO]]) -> (f32)  : i32 {
// CHECK-NEXT:      %[[BASE:.*]] = arith.muli %[[I]], %{{.*}} : i32
// CHECK-NEXT:      %[[OFF:.*]] = arith.addi %[[BASE]], %[[TID]] : i32
// CHECK-NEXT:      %[[P:.*]] = llvm.getelementptr %[[X]][%[[OFF]]] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
// CHECK-NEXT:      %[[V:.*]] = llvm.load %[[P]] {alignment = 4 : i64} : !llvm.ptr<1> -> f32
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[A]], %[[V]] : f32
// CHECK-NEXT:      scf.yield %[[S]] : f32
// CHECK-NEXT:    }
// CHECK:         llvm.store %[[ACC]], %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<1>
tt.func @loop_accumulate(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n: i32) attributes {block_size = 128 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c128 = arith.constant 128 : i32
  %zero = arith.constant dense<0.0> : tensor<128xf32>
  %r = tt.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %xp = tt.splat %x : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%a = %zero) -> (tensor<128xf32>) : i32 {
    %base = arith.muli %i, %c128 : i32
    %bv = tt.splat %base : i32 -> tensor<128xi32>
    %off = arith.addi %bv, %r : tensor<128xi32>
    %p = tt.addptr %xp, %off : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %v = tt.load %p : tensor<128x!tt.ptr<f32>>
    %s = arith.addf %a, %v : tensor<128xf32>
    scf.yield %s : tensor<128xf32>
  }
  %op = tt.splat %out : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %q = tt.addptr %op, %r : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  tt.store %q, %acc : tensor<128x!tt.ptr<f32>>
  tt.return
}

// Eight lanes per thread: the accumulator is the thread's vector.
// CHECK-LABEL: gpu.func @loop_lanes(
// CHECK:         %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<8xf32>
// CHECK:         %[[ACC:.*]] = scf.for %{{.*}} iter_args(%[[A:.*]] = %[[ZERO]]) -> (vector<8xf32>)  : i32 {
// CHECK-COUNT-2:   llvm.load %{{.*}} : !llvm.ptr<1> -> vector<4xf32>
// CHECK:           %[[S:.*]] = arith.addf %[[A]], %{{.*}} : vector<8xf32>
// CHECK-NEXT:      scf.yield %[[S]] : vector<8xf32>
// CHECK-NEXT:    }
tt.func @loop_lanes(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %out: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) attributes {block_size = 1024 : i32, num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c1024 = arith.constant 1024 : i32
  %zero = arith.constant dense<0.0> : tensor<1024xf32>
  %r = tt.make_range {start = 0 : i32, end = 1024 : i32} : tensor<1024xi32>
  %xp = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%a = %zero) -> (tensor<1024xf32>) : i32 {
    %base = arith.muli %i, %c1024 : i32
    %bv = tt.splat %base : i32 -> tensor<1024xi32>
    %off = arith.addi %bv, %r : tensor<1024xi32>
    %p = tt.addptr %xp, %off : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    %v = tt.load %p : tensor<1024x!tt.ptr<f32>>
    %s = arith.addf %a, %v : tensor<1024xf32>
    scf.yield %s : tensor<1024xf32>
  }
  %op = tt.splat %out : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %q = tt.addptr %op, %r : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  tt.store %q, %acc : tensor<1024x!tt.ptr<f32>>
  tt.return
}

// One reduction per iteration (256 threads, 8 warps): its buffer is still
// being read from the previous iteration when the next one writes it, so it
// waits at a barrier first; the second buffer of its type goes unused.
// CHECK-LABEL: gpu.func @loop_reduce(
// CHECK-SAME:      workgroup(%[[BUF:.*]] : memref<8xf32, #gpu.address_space<workgroup>>) kernel
// CHECK:         scf.for %{{.*}} -> (f32)  : i32 {
// CHECK-COUNT-5:   gpu.shuffle xor
// CHECK-NEXT:      arith.addf
// CHECK-NEXT:      gpu.barrier
// CHECK:           scf.if %{{.*}} {
// CHECK:             memref.store %{{.*}}, %[[BUF]][%{{.*}}]
// CHECK-NEXT:      }
// CHECK-NEXT:      gpu.barrier
// CHECK:           memref.load %[[BUF]][%{{.*}}]
// CHECK-COUNT-3:   gpu.shuffle xor
// CHECK-NOT:       gpu.barrier
// CHECK:           scf.yield %{{.*}} : f32
tt.func @loop_reduce(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n: i32) attributes {block_size = 256 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c256 = arith.constant 256 : i32
  %zero = arith.constant 0.0 : f32
  %r = tt.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %xp = tt.splat %x : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %total = scf.for %i = %c0 to %n step %c1 iter_args(%t = %zero) -> (f32) : i32 {
    %base = arith.muli %i, %c256 : i32
    %bv = tt.splat %base : i32 -> tensor<256xi32>
    %off = arith.addi %bv, %r : tensor<256xi32>
    %p = tt.addptr %xp, %off : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    %v = tt.load %p : tensor<256x!tt.ptr<f32>>
    %s = tt.reduce sum %v : tensor<256xf32> -> f32
    %t2 = arith.addf %t, %s : f32
    scf.yield %t2 : f32
  }
  tt.store %out, %total : !tt.ptr<f32>
  tt.return
}

// A reduction after a branch that reduced on one path only: either buffer
// may still be read (the first reduction's on the else path, the branch's
// on the then path), so the third waits at a barrier; without the branch's
// reduction it would have taken the free second buffer.
// CHECK-LABEL: gpu.func @if_reduce(
// CHECK-SAME:      workgroup(%[[F0:.*]] : memref<8xf32, #gpu.address_space<workgroup>>, %[[F1:.*]] : memref<8xf32, #gpu.address_space<workgroup>>) kernel
// CHECK:         memref.store %{{.*}}, %[[F0]]
// CHECK:         gpu.barrier
// CHECK:         memref.load %[[F0]]
// CHECK:         %[[B:.*]] = scf.if %{{.*}} -> (f32) {
// CHECK:           memref.store %{{.*}}, %[[F1]]
// CHECK:           gpu.barrier
// CHECK:           memref.load %[[F1]]
// CHECK:         } else {
// CHECK-NOT:       gpu.barrier
// CHECK:         }
// CHECK-COUNT-5: gpu.shuffle xor
// CHECK-NEXT:    arith.minnumf
// CHECK-NEXT:    gpu.barrier
// CHECK:         scf.if %{{.*}} {
// CHECK:           memref.store %{{.*}}, %[[F0]]
// CHECK-NEXT:    }
// CHECK-NEXT:    gpu.barrier
// CHECK:         memref.load %[[F0]]
// CHECK-NOT:     gpu.barrier
// CHECK:         gpu.return
tt.func @if_reduce(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %flag: i32) attributes {block_size = 256 : i32} {
  %c0 = arith.constant 0 : i32
  %r = tt.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %xp = tt.splat %x : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %p = tt.addptr %xp, %r : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  %v = tt.load %p : tensor<256x!tt.ptr<f32>>
  %a = tt.reduce sum %v : tensor<256xf32> -> f32
  %cond = arith.cmpi ne, %flag, %c0 : i32
  %b = scf.if %cond -> (f32) {
    %m = tt.reduce max %v : tensor<256xf32> -> f32
    scf.yield %m : f32
  } else {
    scf.yield %a : f32
  }
  %c = tt.reduce min %v : tensor<256xf32> -> f32
  %ab = arith.addf %a, %b : f32
  %abc = arith.addf %ab, %c : f32
  tt.store %out, %abc : !tt.ptr<f32>
  tt.return
}

// Results of a branch: a scalar and a tensor (the thread's f32).
// CHECK-LABEL: gpu.func @if_results(
// CHECK-SAME:      %[[X:[^:]*]]: !llvm.ptr<1>, %[[OUT:[^:]*]]: !llvm.ptr<1>, %[[N:[^:]*]]: i32,
// CHECK:         %[[COND:.*]] = arith.cmpi sgt, %[[N]], %{{.*}} : i32
// CHECK:         %[[R:.*]]:2 = scf.if %[[COND]] -> (i32, f32) {
// CHECK:           %[[V:.*]] = llvm.load %{{.*}} : !llvm.ptr<1> -> f32
// CHECK-NEXT:      scf.yield %[[N]], %[[V]] : i32, f32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %{{.*}}, %{{.*}} : i32, f32
// CHECK-NEXT:    }
// CHECK:         arith.sitofp %[[R]]#0 : i32 to f32
// CHECK:         arith.addf %[[R]]#1, %{{.*}} : f32
tt.func @if_results(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n: i32) attributes {block_size = 128 : i32} {
  %c0 = arith.constant 0 : i32
  %minus = arith.constant dense<-1.0> : tensor<128xf32>
  %r = tt.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %xp = tt.splat %x : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %p = tt.addptr %xp, %r : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %cond = arith.cmpi sgt, %n, %c0 : i32
  %k, %t = scf.if %cond -> (i32, tensor<128xf32>) {
    %v = tt.load %p : tensor<128x!tt.ptr<f32>>
    scf.yield %n, %v : i32, tensor<128xf32>
  } else {
    scf.yield %c0, %minus : i32, tensor<128xf32>
  }
  %kf = arith.sitofp %k : i32 to f32
  %kv = tt.splat %kf : f32 -> tensor<128xf32>
  %sum = arith.addf %t, %kv : tensor<128xf32>
  %op = tt.splat %out : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %q = tt.addptr %op, %r : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  tt.store %q, %sum : tensor<128x!tt.ptr<f32>>
  tt.return
}

// A while loop carrying a scalar and a tensor.
// CHECK-LABEL: gpu.func @while_doubling(
// CHECK-SAME:      %[[X:[^:]*]]: !llvm.ptr<1>, %[[N:[^:]*]]: i32,
// CHECK:         %[[W:.*]]:2 = scf.while (%[[K:.*]] = %{{.*}}, %[[T:.*]] = %{{.*}}) : (i32, f32) -> (i32, f32) {
// CHECK-NEXT:      %[[C:.*]] = arith.cmpi slt, %[[K]], %[[N]] : i32
// CHECK-NEXT:      scf.condition(%[[C]]) %[[K]], %[[T]] : i32, f32
// CHECK-NEXT:    } do {
// CHECK-NEXT:    ^bb0(%[[K2:.*]]: i32, %[[T2:.*]]: f32):
// CHECK-NEXT:      %[[K3:.*]] = arith.muli %[[K2]], %{{.*}} : i32
// CHECK-NEXT:      %[[T3:.*]] = arith.addf %[[T2]], %[[T2]] : f32
// CHECK-NEXT:      scf.yield %[[K3]], %[[T3]] : i32, f32
// CHECK-NEXT:    }
// CHECK:         llvm.store %[[W]]#1, %{{.*}} : f32, !llvm.ptr<1>
tt.func @while_doubling(%x: !tt.ptr<f32>, %n: i32) attributes {block_size = 128 : i32} {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %ones = arith.constant dense<1.0> : tensor<128xf32>
  %r = tt.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %w:2 = scf.while (%k = %c1, %t = %ones) : (i32, tensor<128xf32>) -> (i32, tensor<128xf32>) {
    %c = arith.cmpi slt, %k, %n : i32
    scf.condition(%c) %k, %t : i32, tensor<128xf32>
  } do {
  ^bb0(%k2: i32, %t2: tensor<128xf32>):
    %k3 = arith.muli %k2, %c2 : i32
    %t3 = arith.addf %t2, %t2 : tensor<128xf32>
    scf.yield %k3, %t3 : i32, tensor<128xf32>
  }
  %xp = tt.splat %x : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %p = tt.addptr %xp, %r : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  tt.store %p, %w#1 : tensor<128x!tt.ptr<f32>>
  tt.return
}

// Nested loops; the inner one advances a pointer tensor (the thread's
// !llvm.ptr<1>) and reads the program id.
// CHECK-LABEL: gpu.func @nested(
// CHECK:         scf.for %{{.*}} iter_args(%[[A:.*]] = %{{.*}}) -> (f32)  : i32 {
// CHECK:           %[[IN:.*]]:2 = scf.for %{{.*}} iter_args(%[[B:.*]] = %[[A]], %[[P:.*]] = %{{.*}}) -> (f32, !llvm.ptr<1>)  : i32 {
// CHECK:             %[[V:.*]] = llvm.load %[[P]] {alignment = 4 : i64} : !llvm.ptr<1> -> f32
// CHECK:             %[[NEXT:.*]] = llvm.getelementptr %[[P]][%{{.*}}] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
// CHECK:             scf.yield %{{.*}}, %[[NEXT]] : f32, !llvm.ptr<1>
// CHECK-NEXT:      }
// CHECK-NEXT:      scf.yield %[[IN]]#0 : f32
// CHECK-NEXT:    }
tt.func @nested(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %m: i32, %n: i32) attributes {block_size = 128 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<128xf32>
  %c128 = arith.constant dense<128> : tensor<128xi32>
  %r = tt.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %xp = tt.splat %x : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %acc = scf.for %i = %c0 to %m step %c1 iter_args(%a = %zero) -> (tensor<128xf32>) : i32 {
    %pid = tt.get_program_id 0 : i32
    %row = arith.addi %pid, %i : i32
    %rn = arith.muli %row, %n : i32
    %start = arith.muli %rn, %c1 : i32
    %sv = tt.splat %start : i32 -> tensor<128xi32>
    %off = arith.addi %sv, %r : tensor<128xi32>
    %p0 = tt.addptr %xp, %off : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %in:2 = scf.for %j = %c0 to %n step %c1 iter_args(%b = %a, %p = %p0) -> (tensor<128xf32>, tensor<128x!tt.ptr<f32>>) : i32 {
      %v = tt.load %p : tensor<128x!tt.ptr<f32>>
      %b2 = arith.addf %b, %v : tensor<128xf32>
      %p2 = tt.addptr %p, %c128 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
      scf.yield %b2, %p2 : tensor<128xf32>, tensor<128x!tt.ptr<f32>>
    }
    scf.yield %in#0 : tensor<128xf32>
  }
  %op = tt.splat %out : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %q = tt.addptr %op, %r : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  tt.store %q, %acc : tensor<128x!tt.ptr<f32>>
  tt.return
}

// A while loop whose condition reduces (the before region) and whose body
// reduces again: the two alternate on every path (condition, body,
// condition, ...), so they take the two buffers in turn and neither waits
// at a barrier of its own. A second while loop reduces in its body only:
// that reduction follows itself, so it waits at a barrier first.
// CHECK-LABEL: gpu.func @while_reduce(
// CHECK-SAME:      workgroup(%[[F0:.*]] : memref<8xf32, #gpu.address_space<workgroup>>, %[[F1:.*]] : memref<8xf32, #gpu.address_space<workgroup>>) kernel
// CHECK:         scf.while
// CHECK-COUNT-5:   gpu.shuffle xor
// CHECK-NEXT:      arith.maxnumf
// CHECK-NEXT:      gpu.thread_id
// CHECK:           memref.store %{{.*}}, %[[F0]]
// CHECK:           scf.condition
// CHECK:         } do {
// CHECK-COUNT-5:   gpu.shuffle xor
// CHECK-NEXT:      arith.addf
// CHECK-NEXT:      gpu.thread_id
// CHECK:           memref.store %{{.*}}, %[[F1]]
// CHECK:           scf.yield
// CHECK:         scf.while
// CHECK:         } do {
// CHECK-COUNT-5:   gpu.shuffle xor
// CHECK-NEXT:      arith.minnumf
// CHECK-NEXT:      gpu.barrier
// CHECK:           memref.store
// CHECK:           scf.yield
tt.func @while_reduce(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %limit: f32) attributes {block_size = 256 : i32} {
  %zero = arith.constant 0.0 : f32
  %r = tt.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %xp = tt.splat %x : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %p = tt.addptr %xp, %r : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  %v0 = tt.load %p : tensor<256x!tt.ptr<f32>>
  %w = scf.while (%v = %v0) : (tensor<256xf32>) -> tensor<256xf32> {
    %m = tt.reduce max %v : tensor<256xf32> -> f32
    %c = arith.cmpf olt, %m, %limit : f32
    scf.condition(%c) %v : tensor<256xf32>
  } do {
  ^bb0(%v2: tensor<256xf32>):
    %s = tt.reduce sum %v2 : tensor<256xf32> -> f32
    %sv = tt.splat %s : f32 -> tensor<256xf32>
    %v3 = arith.addf %v2, %sv : tensor<256xf32>
    scf.yield %v3 : tensor<256xf32>
  }
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %w2:2 = scf.while (%k = %c0, %u = %w) : (i32, tensor<256xf32>) -> (i32, tensor<256xf32>) {
    %more = arith.cmpi slt, %k, %c4 : i32
    scf.condition(%more) %k, %u : i32, tensor<256xf32>
  } do {
  ^bb0(%k2: i32, %u2: tensor<256xf32>):
    %mn = tt.reduce min %u2 : tensor<256xf32> -> f32
    %mv = tt.splat %mn : f32 -> tensor<256xf32>
    %u3 = arith.subf %u2, %mv : tensor<256xf32>
    %k3 = arith.addi %k2, %c1 : i32
    scf.yield %k3, %u3 : i32, tensor<256xf32>
  }
  %op = tt.splat %out : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %q = tt.addptr %op, %r : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  tt.store %q, %w2#1 : tensor<256x!tt.ptr<f32>>
  tt.return
}
