// Bounds checks inside runtime loops and branches: the first bad access
// (in program order, iteration by iteration) stops the program before it
// touches memory and is the one reported. The error record is [access id,
// pid x, pid y, pid z, element]; access ids number the kernel's loads and
// stores in order. Output buffers start as 7s.
// RUN: mytriton-opt %s --tt-to-llvm-cpu | mlir-runner %cpu_mattr -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s

// 1. @copy_loop copies x (6 elements) to out in unmasked blocks of 4 up to
// n = 8: step 0 copies 0..3, step 1's load (access 0) reaches element 6 and
// stops the program, so its store (access 1) never runs.
// CHECK:      data =
// CHECK-NEXT: [1,  2,  3,  4,  7,  7,  7,  7]
// CHECK:      data =
// CHECK-NEXT: [0, 0, 0, 0, 6]
// 2. @after_loop: the loop's load goes bad on step 1, and the store after
// the loop, always outside `out`, needs nothing from the loop: it is still
// checked after the loop, so the loop's load (access 0) is reported.
// CHECK:      data =
// CHECK-NEXT: [0, 0, 0, 0, 6]
// 3. @branch_store: program 1 alone stores 10 elements further (inside an
// scf.if), past the end of out (8 elements): access 1, program 1, element
// 14; program 0 stored its block, program 1 stopped before its own.
// CHECK:      data =
// CHECK-NEXT: [1,  2,  3,  4,  7,  7,  7,  7]
// CHECK:      data =
// CHECK-NEXT: [1, 1, 0, 0, 14]
// 4. @while_scalar: i = 0, 3, 6 reads x[i] (6 elements): x[6] (access 0) is
// element 6; the sum of the earlier reads is never stored.
// CHECK:      data =
// CHECK-NEXT: [7]
// CHECK:      data =
// CHECK-NEXT: [0, 0, 0, 0, 6]

// for i in range(0, n, 4): out[i:i+4] = x[i:i+4]
tt.func @copy_loop(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n: i32) attributes {block_size = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c4 = arith.constant 4 : i32
  %lanes = tt.make_range {start = 0 : i32, end = 4 : i32} : tensor<4xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %os = tt.splat %out : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  scf.for %i = %c0 to %n step %c4 : i32 {
    %iv = tt.splat %i : i32 -> tensor<4xi32>
    %offs = arith.addi %iv, %lanes : tensor<4xi32>
    %xp = tt.addptr %xs, %offs : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
    %v = tt.load %xp : tensor<4x!tt.ptr<f32>>
    %op = tt.addptr %os, %offs : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
    tt.store %op, %v : tensor<4x!tt.ptr<f32>>
  }
  tt.return
}

// s = sum of x[i:i+4] for i in range(0, n, 4); then out[100] = s.
tt.func @after_loop(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n: i32) attributes {block_size = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c4 = arith.constant 4 : i32
  %c100 = arith.constant 100 : i32
  %zeros = arith.constant dense<0.0> : tensor<4xf32>
  %lanes = tt.make_range {start = 0 : i32, end = 4 : i32} : tensor<4xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %acc = scf.for %i = %c0 to %n step %c4 iter_args(%a = %zeros) -> (tensor<4xf32>) : i32 {
    %iv = tt.splat %i : i32 -> tensor<4xi32>
    %offs = arith.addi %iv, %lanes : tensor<4xi32>
    %xp = tt.addptr %xs, %offs : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
    %v = tt.load %xp : tensor<4x!tt.ptr<f32>>
    %a2 = arith.addf %a, %v : tensor<4xf32>
    scf.yield %a2 : tensor<4xf32>
  }
  %far = tt.addptr %out, %c100 : !tt.ptr<f32>, i32
  %one = arith.constant 1.0 : f32
  tt.store %far, %one : !tt.ptr<f32>
  %s = tt.reduce sum %acc : tensor<4xf32> -> f32
  tt.store %far, %s : !tt.ptr<f32>
  tt.return
}

// out[pid * 4 + lane] = x[lane]; program 1 stores at 10 + pid * 4 + lane.
tt.func @branch_store(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>) attributes {block_size = 4 : i32} {
  %pid = tt.get_program_id 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %c10 = arith.constant 10 : i32
  %lanes = tt.make_range {start = 0 : i32, end = 4 : i32} : tensor<4xi32>
  %first = arith.muli %pid, %c4 : i32
  %first_v = tt.splat %first : i32 -> tensor<4xi32>
  %offs = arith.addi %first_v, %lanes : tensor<4xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %lanes : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  %v = tt.load %xp : tensor<4x!tt.ptr<f32>>
  %os = tt.splat %out : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %op = tt.addptr %os, %offs : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  %is1 = arith.cmpi eq, %pid, %c1 : i32
  %dest = scf.if %is1 -> (tensor<4x!tt.ptr<f32>>) {
    %ten = tt.splat %c10 : i32 -> tensor<4xi32>
    %far = tt.addptr %op, %ten : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
    scf.yield %far : tensor<4x!tt.ptr<f32>>
  } else {
    scf.yield %op : tensor<4x!tt.ptr<f32>>
  }
  tt.store %dest, %v : tensor<4x!tt.ptr<f32>>
  tt.return
}

// i = 0; s = 0; while i < n: s += x[i]; i += 3. out[0] = s.
tt.func @while_scalar(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n: i32) attributes {block_size = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c3 = arith.constant 3 : i32
  %zero = arith.constant 0.0 : f32
  %w:2 = scf.while (%i = %c0, %s = %zero) : (i32, f32) -> (i32, f32) {
    %more = arith.cmpi slt, %i, %n : i32
    scf.condition(%more) %i, %s : i32, f32
  } do {
  ^bb0(%i: i32, %s: f32):
    %xi = tt.addptr %x, %i : !tt.ptr<f32>, i32
    %v = tt.load %xi : !tt.ptr<f32>
    %s2 = arith.addf %s, %v : f32
    %next = arith.addi %i, %c3 : i32
    scf.yield %next, %s2 : i32, f32
  }
  tt.store %out, %w#1 : !tt.ptr<f32>
  tt.return
}

memref.global "private" constant @one_to_six : memref<6xf32> =
  dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]>

func.func private @copy_loop_grid(memref<?xf32>, memref<?xf32>, i32, i32, i32, i32, memref<?xi32>)
func.func private @after_loop_grid(memref<?xf32>, memref<?xf32>, i32, i32, i32, i32, memref<?xi32>)
func.func private @branch_store_grid(memref<?xf32>, memref<?xf32>, i32, i32, i32, memref<?xi32>)
func.func private @while_scalar_grid(memref<?xf32>, memref<?xf32>, i32, i32, i32, i32, memref<?xi32>)
func.func private @printMemrefF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func private @printMemrefI32(memref<*xi32>) attributes {llvm.emit_c_interface}

/// A buffer of `n` 7s.
func.func @sevens(%n: index) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %seven = arith.constant 7.0 : f32
  %m = memref.alloc(%n) : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    memref.store %seven, %m[%i] : memref<?xf32>
  }
  return %m : memref<?xf32>
}

/// An error record that says no access failed: [-1, 0, 0, 0, 0].
func.func @new_record() -> memref<?xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %zero = arith.constant 0 : i32
  %none = arith.constant -1 : i32
  %m = memref.alloc(%c5) : memref<?xi32>
  scf.for %i = %c0 to %c5 step %c1 {
    memref.store %zero, %m[%i] : memref<?xi32>
  }
  memref.store %none, %m[%c0] : memref<?xi32>
  return %m : memref<?xi32>
}

func.func @print(%m: memref<?xf32>) {
  %u = memref.cast %m : memref<?xf32> to memref<*xf32>
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %m : memref<?xf32>
  return
}

func.func @print_record(%m: memref<?xi32>) {
  %u = memref.cast %m : memref<?xi32> to memref<*xi32>
  func.call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  memref.dealloc %m : memref<?xi32>
  return
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %i1 = arith.constant 1 : i32
  %i2 = arith.constant 2 : i32
  %i8 = arith.constant 8 : i32
  %g = memref.get_global @one_to_six : memref<6xf32>
  %x = memref.cast %g : memref<6xf32> to memref<?xf32>

  %out1 = func.call @sevens(%c8) : (index) -> memref<?xf32>
  %rec1 = func.call @new_record() : () -> memref<?xi32>
  func.call @copy_loop_grid(%x, %out1, %i8, %i1, %i1, %i1, %rec1) : (memref<?xf32>, memref<?xf32>, i32, i32, i32, i32, memref<?xi32>) -> ()
  func.call @print(%out1) : (memref<?xf32>) -> ()
  func.call @print_record(%rec1) : (memref<?xi32>) -> ()

  %out2 = func.call @sevens(%c8) : (index) -> memref<?xf32>
  %rec2 = func.call @new_record() : () -> memref<?xi32>
  func.call @after_loop_grid(%x, %out2, %i8, %i1, %i1, %i1, %rec2) : (memref<?xf32>, memref<?xf32>, i32, i32, i32, i32, memref<?xi32>) -> ()
  func.call @print_record(%rec2) : (memref<?xi32>) -> ()
  memref.dealloc %out2 : memref<?xf32>

  %out3 = func.call @sevens(%c8) : (index) -> memref<?xf32>
  %rec3 = func.call @new_record() : () -> memref<?xi32>
  func.call @branch_store_grid(%x, %out3, %i2, %i1, %i1, %rec3) : (memref<?xf32>, memref<?xf32>, i32, i32, i32, memref<?xi32>) -> ()
  func.call @print(%out3) : (memref<?xf32>) -> ()
  func.call @print_record(%rec3) : (memref<?xi32>) -> ()

  %out4 = func.call @sevens(%c1) : (index) -> memref<?xf32>
  %rec4 = func.call @new_record() : () -> memref<?xi32>
  func.call @while_scalar_grid(%x, %out4, %i8, %i1, %i1, %i1, %rec4) : (memref<?xf32>, memref<?xf32>, i32, i32, i32, i32, memref<?xi32>) -> ()
  func.call @print(%out4) : (memref<?xf32>) -> ()
  func.call @print_record(%rec4) : (memref<?xi32>) -> ()
  return
}
