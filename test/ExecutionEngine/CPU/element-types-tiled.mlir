// A tiled f16 kernel with a loop: the 2x4 pointer tile is carried through
// scf.for and advanced by an i64 step of two rows; the f16 column sums of a
// 4x4 matrix x[i][j] = 4i + j + 0.5 are 26 + 4j. Bounds-checked: the rows'
// per-lane checks run on i64 offsets.
// RUN: mytriton-opt %s --tt-to-llvm-cpu | mlir-runner %cpu_mattr -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s
// CHECK:      data =
// CHECK-NEXT: [26,  30,  34,  38]
// CHECK:      data =
// CHECK-NEXT: [-1, 0, 0, 0, 0]
// With m = 6 the third step's rows 4 and 5 start at element 16, past the
// 16 elements: the load (access 0) is refused there.
// CHECK:      data =
// CHECK-NEXT: [0, 0, 0, 0, 16]

tt.func @half_column_sums(%x: !tt.ptr<f16>, %out: !tt.ptr<f16>, %m: i32, %n: i32, %step: i64) attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %c2 = arith.constant 2 : i32
  %zeros = arith.constant dense<0.0> : tensor<2x4xf16>
  %r = tt.make_range {start = 0 : i32, end = 2 : i32} : tensor<2xi32>
  %c = tt.make_range {start = 0 : i32, end = 4 : i32} : tensor<4xi32>
  %r2 = tt.expand_dims %r {axis = 1 : i32} : tensor<2xi32> -> tensor<2x1xi32>
  %n_r = tt.splat %n : i32 -> tensor<2x1xi32>
  %r_off = arith.muli %r2, %n_r : tensor<2x1xi32>
  %c2d = tt.expand_dims %c {axis = 0 : i32} : tensor<4xi32> -> tensor<1x4xi32>
  %rb = tt.broadcast %r_off : tensor<2x1xi32> -> tensor<2x4xi32>
  %cb = tt.broadcast %c2d : tensor<1x4xi32> -> tensor<2x4xi32>
  %off = arith.addi %rb, %cb : tensor<2x4xi32>
  %xs = tt.splat %x : !tt.ptr<f16> -> tensor<2x4x!tt.ptr<f16>>
  %ptrs0 = tt.addptr %xs, %off : tensor<2x4x!tt.ptr<f16>>, tensor<2x4xi32>
  %n_c = tt.splat %n : i32 -> tensor<1x4xi32>
  %col_ok = arith.cmpi slt, %c2d, %n_c : tensor<1x4xi32>
  %mask = tt.broadcast %col_ok : tensor<1x4xi1> -> tensor<2x4xi1>
  %step_t = tt.splat %step : i64 -> tensor<2x4xi64>
  %sums:2 = scf.for %k = %c0 to %m step %c2 iter_args(%acc = %zeros, %ptrs = %ptrs0) -> (tensor<2x4xf16>, tensor<2x4x!tt.ptr<f16>>) : i32 {
    %tile = tt.load %ptrs, %mask : tensor<2x4x!tt.ptr<f16>>
    %acc2 = arith.addf %acc, %tile : tensor<2x4xf16>
    %ptrs2 = tt.addptr %ptrs, %step_t : tensor<2x4x!tt.ptr<f16>>, tensor<2x4xi64>
    scf.yield %acc2, %ptrs2 : tensor<2x4xf16>, tensor<2x4x!tt.ptr<f16>>
  }
  %colsum = tt.reduce sum %sums#0 {axis = 0 : i32} : tensor<2x4xf16> -> tensor<4xf16>
  %os = tt.splat %out : !tt.ptr<f16> -> tensor<4x!tt.ptr<f16>>
  %op = tt.addptr %os, %c : tensor<4x!tt.ptr<f16>>, tensor<4xi32>
  tt.store %op, %colsum : tensor<4x!tt.ptr<f16>>
  tt.return
}

func.func private @half_column_sums_grid(memref<?xf16>, memref<?xf16>, i32, i32, i64, i32, i32, i32, memref<?xi32>)
func.func private @printMemrefF16(memref<*xf16>) attributes {llvm.emit_c_interface}
func.func private @printMemrefI32(memref<*xi32>) attributes {llvm.emit_c_interface}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c16 = arith.constant 16 : index
  %half = arith.constant 0.5 : f16
  %x = memref.alloc(%c16) : memref<?xf16>
  scf.for %i = %c0 to %c16 step %c1 {
    %i32 = arith.index_cast %i : index to i32
    %f = arith.sitofp %i32 : i32 to f16
    %v = arith.addf %f, %half : f16
    memref.store %v, %x[%i] : memref<?xf16>
  }
  %out = memref.alloc(%c4) : memref<?xf16>
  %record = memref.alloc(%c5) : memref<?xi32>
  %zero = arith.constant 0 : i32
  scf.for %i = %c0 to %c5 step %c1 {
    memref.store %zero, %record[%i] : memref<?xi32>
  }
  %none = arith.constant -1 : i32
  memref.store %none, %record[%c0] : memref<?xi32>
  %m = arith.constant 4 : i32
  %n = arith.constant 4 : i32
  %step = arith.constant 8 : i64
  %one = arith.constant 1 : i32
  func.call @half_column_sums_grid(%x, %out, %m, %n, %step, %one, %one, %one, %record) : (memref<?xf16>, memref<?xf16>, i32, i32, i64, i32, i32, i32, memref<?xi32>) -> ()
  %po = memref.cast %out : memref<?xf16> to memref<*xf16>
  func.call @printMemrefF16(%po) : (memref<*xf16>) -> ()
  %pr = memref.cast %record : memref<?xi32> to memref<*xi32>
  func.call @printMemrefI32(%pr) : (memref<*xi32>) -> ()
  memref.store %none, %record[%c0] : memref<?xi32>
  %m6 = arith.constant 6 : i32
  func.call @half_column_sums_grid(%x, %out, %m6, %n, %step, %one, %one, %one, %record) : (memref<?xf16>, memref<?xf16>, i32, i32, i64, i32, i32, i32, memref<?xi32>) -> ()
  func.call @printMemrefI32(%pr) : (memref<*xi32>) -> ()
  return
}
