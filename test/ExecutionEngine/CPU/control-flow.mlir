// Runtime control flow on the CPU: tt kernels with scf.for / scf.if /
// scf.while in their bodies, lowered by tt-to-llvm-cpu (bounds checks on)
// and run by mlir-runner. Every output buffer starts as 7s.
// RUN: mytriton-opt %s --tt-to-llvm-cpu | mlir-runner -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s

// 1. @row_sum over 2 rows of 5 (x = 1..10): a loop of masked loads in steps
// of 4 (the second step has one lane on) into a loop-carried vector, then a
// sum: 1+..+5 and 6+..+10. With 0 columns the loop runs no step and the
// sums are of the initial zeros.
// CHECK:      data =
// CHECK-NEXT: [15,  40]
// CHECK:      data =
// CHECK-NEXT: [0,  0]
// CHECK:      data =
// CHECK-NEXT: [-1, 0, 0, 0, 0]

// out[pid] = sum(x[pid * n : pid * n + n]) for n >= 0.
tt.func @row_sum(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n: i32) attributes {block_size = 4 : i32} {
  %pid = tt.get_program_id 0 : i32
  %c0 = arith.constant 0 : i32
  %c4 = arith.constant 4 : i32
  %zero = arith.constant dense<0.0> : tensor<4xf32>
  %lanes = tt.make_range {start = 0 : i32, end = 4 : i32} : tensor<4xi32>
  %row = arith.muli %pid, %n : i32
  %xrow = tt.addptr %x, %row : !tt.ptr<f32>, i32
  %xp = tt.splat %xrow : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %n_v = tt.splat %n : i32 -> tensor<4xi32>
  %acc = scf.for %i = %c0 to %n step %c4 iter_args(%a = %zero) -> (tensor<4xf32>) : i32 {
    %iv = tt.splat %i : i32 -> tensor<4xi32>
    %cols = arith.addi %iv, %lanes : tensor<4xi32>
    %mask = arith.cmpi slt, %cols, %n_v : tensor<4xi32>
    %ptrs = tt.addptr %xp, %cols : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
    %v = tt.load %ptrs, %mask : tensor<4x!tt.ptr<f32>>
    %next = arith.addf %a, %v : tensor<4xf32>
    scf.yield %next : tensor<4xf32>
  }
  %s = tt.reduce sum %acc : tensor<4xf32> -> f32
  %o = tt.addptr %out, %pid : !tt.ptr<f32>, i32
  tt.store %o, %s : !tt.ptr<f32>
  tt.return
}

memref.global "private" constant @one_to_ten : memref<10xf32> =
  dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0]>

func.func private @row_sum_grid(memref<?xf32>, memref<?xf32>, i32, i32, i32, i32, memref<?xi32>)
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

func.func @print(%m: memref<?xf32>) {
  %u = memref.cast %m : memref<?xf32> to memref<*xf32>
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %m : memref<?xf32>
  return
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

func.func @print_record(%m: memref<?xi32>) {
  %u = memref.cast %m : memref<?xi32> to memref<*xi32>
  func.call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  return
}

func.func @main() {
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %i0 = arith.constant 0 : i32
  %i1 = arith.constant 1 : i32
  %i2 = arith.constant 2 : i32
  %i5 = arith.constant 5 : i32
  %record = func.call @new_record() : () -> memref<?xi32>
  %g = memref.get_global @one_to_ten : memref<10xf32>
  %x = memref.cast %g : memref<10xf32> to memref<?xf32>

  %sums = func.call @sevens(%c2) : (index) -> memref<?xf32>
  func.call @row_sum_grid(%x, %sums, %i5, %i2, %i1, %i1, %record) : (memref<?xf32>, memref<?xf32>, i32, i32, i32, i32, memref<?xi32>) -> ()
  func.call @print(%sums) : (memref<?xf32>) -> ()
  %empty = func.call @sevens(%c2) : (index) -> memref<?xf32>
  func.call @row_sum_grid(%x, %empty, %i0, %i2, %i1, %i1, %record) : (memref<?xf32>, memref<?xf32>, i32, i32, i32, i32, memref<?xi32>) -> ()
  func.call @print(%empty) : (memref<?xf32>) -> ()
  func.call @print_record(%record) : (memref<?xi32>) -> ()
  memref.dealloc %record : memref<?xi32>
  return
}
