// Bounds checks at run time: tt-to-llvm-cpu's kernels under mlir-runner. The
// error record is [access id, pid x, pid y, pid z, element]; -1 in the first
// slot means every access was in bounds.
// RUN: mytriton-opt %s --tt-to-llvm-cpu | mlir-runner %cpu_mattr -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s

// 1. An unmasked store (access 1) past the end of a 6-element buffer over a
// grid of 3: program 0 stores 0..3; program 1 would store elements 4..7 and
// stops before touching memory (elements 4 and 5 keep their 7); program 2
// never runs.
// CHECK:      data =
// CHECK-NEXT: [0,  1,  2,  3,  7,  7]
// CHECK:      data =
// CHECK-NEXT: [1, 1, 0, 0, 6]
// 2. The same kernel with a mask: lanes past the end are off, nothing is
// reported and all 6 elements are stored.
// CHECK:      data =
// CHECK-NEXT: [0,  1,  2,  3,  4,  5]
// CHECK:      data =
// CHECK-NEXT: [-1, 0, 0, 0, 0]
// 3. A load at a negative offset (access 0 of @fill, the load of `src`) is
// refused before the store: the buffer keeps its 7s.
// CHECK:      data =
// CHECK-NEXT: [7,  7,  7,  7,  7,  7]
// CHECK:      data =
// CHECK-NEXT: [0, 0, 0, 0, -2]

// out[start + pid * 4 + lane] = src[...] + (start + pid * 4 + lane) (src has
// 12 elements, out 6), unmasked
// when %masked is 0, else for elements below %n.
tt.func @fill(%src: !tt.ptr<f32>, %out: !tt.ptr<f32>, %start: i32, %n: i32, %masked: i32) attributes {block_size = 4 : i32} {
  %pid = tt.get_program_id 0 : i32
  %c4 = arith.constant 4 : i32
  %base = arith.muli %pid, %c4 : i32
  %first = arith.addi %base, %start : i32
  %lanes = tt.make_range {start = 0 : i32, end = 4 : i32} : tensor<4xi32>
  %first_v = tt.splat %first : i32 -> tensor<4xi32>
  %offs = arith.addi %first_v, %lanes : tensor<4xi32>
  %n_v = tt.splat %n : i32 -> tensor<4xi32>
  %below = arith.cmpi slt, %offs, %n_v : tensor<4xi32>
  %c0 = arith.constant 0 : i32
  %is_masked = arith.cmpi ne, %masked, %c0 : i32
  %masked_v = tt.splat %is_masked : i1 -> tensor<4xi1>
  %true = arith.constant true
  %true_v = tt.splat %true : i1 -> tensor<4xi1>
  %mask = arith.select %masked_v, %below, %true_v : tensor<4xi1>, tensor<4xi1>
  %sp = tt.splat %src : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %sptrs = tt.addptr %sp, %offs : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  %loaded = tt.load %sptrs, %mask : tensor<4x!tt.ptr<f32>>
  %offs_f = arith.sitofp %offs : tensor<4xi32> to tensor<4xf32>
  %values = arith.addf %loaded, %offs_f : tensor<4xf32>
  %op = tt.splat %out : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %optrs = tt.addptr %op, %offs : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.store %optrs, %values, %mask : tensor<4x!tt.ptr<f32>>
  tt.return
}

func.func private @fill_grid(memref<?xf32>, memref<?xf32>, i32, i32, i32, i32, i32, i32, memref<?xi32>)
func.func private @printMemrefF32(memref<*xf32>) attributes {llvm.emit_c_interface}
func.func private @printMemrefI32(memref<*xi32>) attributes {llvm.emit_c_interface}

// Sets every element of `buffer` to `value`.
func.func @set(%buffer: memref<?xf32>, %value: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %size = memref.dim %buffer, %c0 : memref<?xf32>
  scf.for %i = %c0 to %size step %c1 {
    memref.store %value, %buffer[%i] : memref<?xf32>
  }
  return
}

func.func @reset(%record: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %zero = arith.constant 0 : i32
  %none = arith.constant -1 : i32
  scf.for %i = %c0 to %c5 step %c1 {
    memref.store %zero, %record[%i] : memref<?xi32>
  }
  memref.store %none, %record[%c0] : memref<?xi32>
  return
}

func.func @show(%out: memref<?xf32>, %record: memref<?xi32>) {
  %o = memref.cast %out : memref<?xf32> to memref<*xf32>
  func.call @printMemrefF32(%o) : (memref<*xf32>) -> ()
  %r = memref.cast %record : memref<?xi32> to memref<*xi32>
  func.call @printMemrefI32(%r) : (memref<*xi32>) -> ()
  return
}

func.func @main() {
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c12 = arith.constant 12 : index
  %zero_f = arith.constant 0.0 : f32
  %seven = arith.constant 7.0 : f32
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c3_i32 = arith.constant 3 : i32
  %c6_i32 = arith.constant 6 : i32
  %cm2_i32 = arith.constant -2 : i32
  %src = memref.alloc(%c12) : memref<?xf32>
  %out = memref.alloc(%c6) : memref<?xf32>
  %record = memref.alloc(%c5) : memref<?xi32>
  func.call @set(%src, %zero_f) : (memref<?xf32>, f32) -> ()

  func.call @set(%out, %seven) : (memref<?xf32>, f32) -> ()
  func.call @reset(%record) : (memref<?xi32>) -> ()
  func.call @fill_grid(%src, %out, %c0_i32, %c6_i32, %c0_i32, %c3_i32, %c1_i32, %c1_i32, %record)
      : (memref<?xf32>, memref<?xf32>, i32, i32, i32, i32, i32, i32, memref<?xi32>) -> ()
  func.call @show(%out, %record) : (memref<?xf32>, memref<?xi32>) -> ()

  func.call @set(%out, %seven) : (memref<?xf32>, f32) -> ()
  func.call @reset(%record) : (memref<?xi32>) -> ()
  func.call @fill_grid(%src, %out, %c0_i32, %c6_i32, %c1_i32, %c3_i32, %c1_i32, %c1_i32, %record)
      : (memref<?xf32>, memref<?xf32>, i32, i32, i32, i32, i32, i32, memref<?xi32>) -> ()
  func.call @show(%out, %record) : (memref<?xf32>, memref<?xi32>) -> ()

  func.call @set(%out, %seven) : (memref<?xf32>, f32) -> ()
  func.call @reset(%record) : (memref<?xi32>) -> ()
  func.call @fill_grid(%src, %out, %cm2_i32, %c6_i32, %c0_i32, %c1_i32, %c1_i32, %c1_i32, %record)
      : (memref<?xf32>, memref<?xf32>, i32, i32, i32, i32, i32, i32, memref<?xi32>) -> ()
  func.call @show(%out, %record) : (memref<?xf32>, memref<?xi32>) -> ()

  memref.dealloc %src : memref<?xf32>
  memref.dealloc %out : memref<?xf32>
  memref.dealloc %record : memref<?xi32>
  return
}
