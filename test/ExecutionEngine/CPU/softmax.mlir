// The seed's softmax and row max lowered by tt-to-llvm-cpu and run over a
// 3-row grid by mlir-runner. Rows have 3 columns in a block of 4, so lane 3
// is masked off: it reads -inf and stores nothing (out keeps its 7.0).
// RUN: mytriton-opt %s --tt-to-llvm-cpu | mlir-runner %cpu_mattr -e main -entry-point-result=void -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils | FileCheck %s

// [1000, 1001, 999] would overflow exp without subtracting the row max;
// a NaN lane makes its row NaN.
// CHECK:      data =
// CHECK-NEXT: [0.244728,  0.665241,  0.0900306,  0.211942,  0.576117,  0.211942,  nan,  nan,  nan,  7,  7,  7]
// Row max ignores NaN lanes unless every lane is NaN (fmaxf).
// CHECK:      data =
// CHECK-NEXT: [1001,  -999,  2,  7]

tt.func @softmax_kernel(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n_cols: i32) attributes {block_size = 4 : i32} {
  %row = tt.get_program_id 0 : i32
  %cols = tt.make_range {start = 0 : i32, end = 4 : i32} : tensor<4xi32>
  %start = arith.muli %row, %n_cols : i32
  %start_v = tt.splat %start : i32 -> tensor<4xi32>
  %offsets = arith.addi %start_v, %cols : tensor<4xi32>
  %n_v = tt.splat %n_cols : i32 -> tensor<4xi32>
  %mask = arith.cmpi slt, %cols, %n_v : tensor<4xi32>
  %xp = tt.splat %x : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %ptrs = tt.addptr %xp, %offsets : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  %ninf = arith.constant 0xFF800000 : f32
  %other = tt.splat %ninf : f32 -> tensor<4xf32>
  %values = tt.load %ptrs, %mask, %other : tensor<4x!tt.ptr<f32>>
  %row_max = tt.reduce max %values : tensor<4xf32> -> f32
  %max_v = tt.splat %row_max : f32 -> tensor<4xf32>
  %shifted = arith.subf %values, %max_v : tensor<4xf32>
  %num = math.exp %shifted : tensor<4xf32>
  %den = tt.reduce sum %num : tensor<4xf32> -> f32
  %den_v = tt.splat %den : f32 -> tensor<4xf32>
  %probs = arith.divf %num, %den_v : tensor<4xf32>
  %op = tt.splat %out : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %optrs = tt.addptr %op, %offsets : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.store %optrs, %probs, %mask : tensor<4x!tt.ptr<f32>>
  tt.return
}

tt.func @row_max_kernel(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n_cols: i32) attributes {block_size = 4 : i32} {
  %row = tt.get_program_id 0 : i32
  %cols = tt.make_range {start = 0 : i32, end = 4 : i32} : tensor<4xi32>
  %start = arith.muli %row, %n_cols : i32
  %start_v = tt.splat %start : i32 -> tensor<4xi32>
  %offsets = arith.addi %start_v, %cols : tensor<4xi32>
  %n_v = tt.splat %n_cols : i32 -> tensor<4xi32>
  %mask = arith.cmpi slt, %cols, %n_v : tensor<4xi32>
  %xp = tt.splat %x : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %ptrs = tt.addptr %xp, %offsets : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  %ninf = arith.constant 0xFF800000 : f32
  %other = tt.splat %ninf : f32 -> tensor<4xf32>
  %values = tt.load %ptrs, %mask, %other : tensor<4x!tt.ptr<f32>>
  %total = tt.reduce max %values : tensor<4xf32> -> f32
  %outp = tt.addptr %out, %row : !tt.ptr<f32>, i32
  tt.store %outp, %total : !tt.ptr<f32>
  tt.return
}

memref.global "private" constant @input : memref<12xf32> =
  dense<[1000.0, 1001.0, 999.0, -1000.0, -999.0, -1000.0, 0x7FC00000, 1.0, 2.0, 5.0, 5.0, 5.0]>

// The grid functions that convert-tt-to-vector defines (the last argument is
// the bounds checks' error record; see bounds-check.mlir).
func.func private @softmax_kernel_grid(memref<?xf32>, memref<?xf32>, i32, i32, i32, i32, memref<?xi32>)
func.func private @row_max_kernel_grid(memref<?xf32>, memref<?xf32>, i32, i32, i32, i32, memref<?xi32>)
func.func private @printMemrefF32(memref<*xf32>) attributes {llvm.emit_c_interface}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c12 = arith.constant 12 : index
  %seven = arith.constant 7.0 : f32
  %n_cols = arith.constant 3 : i32
  %rows = arith.constant 3 : i32
  %one = arith.constant 1 : i32
  %c5 = arith.constant 5 : index
  %record = memref.alloc(%c5) : memref<?xi32>
  %in = memref.get_global @input : memref<12xf32>
  %x = memref.cast %in : memref<12xf32> to memref<?xf32>

  %probs = memref.alloc(%c12) : memref<?xf32>
  %maxes = memref.alloc(%c4) : memref<?xf32>
  scf.for %i = %c0 to %c12 step %c1 {
    memref.store %seven, %probs[%i] : memref<?xf32>
  }
  scf.for %i = %c0 to %c4 step %c1 {
    memref.store %seven, %maxes[%i] : memref<?xf32>
  }
  func.call @softmax_kernel_grid(%x, %probs, %n_cols, %rows, %one, %one, %record) : (memref<?xf32>, memref<?xf32>, i32, i32, i32, i32, memref<?xi32>) -> ()
  func.call @row_max_kernel_grid(%x, %maxes, %n_cols, %rows, %one, %one, %record) : (memref<?xf32>, memref<?xf32>, i32, i32, i32, i32, memref<?xi32>) -> ()

  %p = memref.cast %probs : memref<?xf32> to memref<*xf32>
  func.call @printMemrefF32(%p) : (memref<*xf32>) -> ()
  %m = memref.cast %maxes : memref<?xf32> to memref<*xf32>
  func.call @printMemrefF32(%m) : (memref<*xf32>) -> ()
  memref.dealloc %probs : memref<?xf32>
  memref.dealloc %maxes : memref<?xf32>
  memref.dealloc %record : memref<?xi32>
  return
}
