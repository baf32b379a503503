// tt-to-llvm-cpu ends in the LLVM dialect with the vector operations intact:
// masked vector loads/stores, gathers and horizontal reductions (fmax keeps
// NaN-ignoring semantics: no nnan flag). The bounds checks' access table
// stays on the grid function for the runner, which reads and drops it.
// RUN: mytriton-opt %s --tt-to-llvm-cpu | FileCheck %s
// RUN: mytriton-opt %s --tt-to-llvm-cpu=bounds-check=false | FileCheck %s --check-prefix=OFF
// RUN: mytriton-opt %s --tt-to-llvm-cpu | mytriton-opt | FileCheck %s --check-prefix=ROUNDTRIP

// CHECK-NOT:   tt.
// CHECK-LABEL: llvm.func @row_max_kernel(
// CHECK:         %[[V:.*]] = llvm.intr.masked.load %{{.*}}, %{{.*}}, %{{.*}} {alignment = 4 : i32} : (!llvm.ptr, vector<16xi1>, vector<16xf32>) -> vector<16xf32>
// CHECK:         %[[M:.*]] = llvm.intr.vector.reduce.fmax(%[[V]]) {fastmathFlags = #llvm.fastmath<reassoc>} : (vector<16xf32>) -> f32
// CHECK:         %[[G:.*]] = llvm.intr.masked.gather %{{.*}}, %{{.*}}, %{{.*}} {alignment = 4 : i32} : (vector<16x!llvm.ptr>, vector<16xi1>, vector<16xf32>) -> vector<16xf32>
// CHECK:         "llvm.intr.vector.reduce.fadd"(%{{.*}}, %[[G]]) <{fastmathFlags = #llvm.fastmath<reassoc>}> : (f32, vector<16xf32>) -> f32
// CHECK:         llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr
// CHECK-LABEL: llvm.func @row_max_kernel_grid(
// CHECK-SAME:      mytriton.accesses = [{arg = 0 : i32, {{.*}} op = "tt.load"}, {arg = 0 : i32, {{.*}} op = "tt.load"}, {arg = 1 : i32, {{.*}} op = "tt.store"}]
// CHECK:         llvm.call @row_max_kernel(

// OFF-LABEL: llvm.func @row_max_kernel(
// OFF-NOT:     llvm.cond_br
// OFF-LABEL: llvm.func @row_max_kernel_grid(
// OFF-NOT:     mytriton.accesses

// ROUNDTRIP: llvm.func @row_max_kernel_grid(
tt.func @row_max_kernel(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n_cols: i32) attributes {block_size = 16 : i32} {
  %row = tt.get_program_id 0 : i32
  %cols = tt.make_range {start = 0 : i32, end = 16 : i32} : tensor<16xi32>
  %start = arith.muli %row, %n_cols : i32
  %start_v = tt.splat %start : i32 -> tensor<16xi32>
  %offsets = arith.addi %start_v, %cols : tensor<16xi32>
  %n_v = tt.splat %n_cols : i32 -> tensor<16xi32>
  %mask = arith.cmpi slt, %cols, %n_v : tensor<16xi32>
  %xp = tt.splat %x : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %ptrs = tt.addptr %xp, %offsets : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  %ninf = arith.constant 0xFF800000 : f32
  %other = tt.splat %ninf : f32 -> tensor<16xf32>
  %values = tt.load %ptrs, %mask, %other : tensor<16x!tt.ptr<f32>>
  %total = tt.reduce max %values : tensor<16xf32> -> f32
  // A column gather (stride n_cols) summed: not contiguous.
  %col_offs = arith.muli %cols, %n_v : tensor<16xi32>
  %cptrs = tt.addptr %xp, %col_offs : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  %zero = arith.constant 0.0 : f32
  %zv = tt.splat %zero : f32 -> tensor<16xf32>
  %column = tt.load %cptrs, %mask, %zv : tensor<16x!tt.ptr<f32>>
  %colsum = tt.reduce sum %column : tensor<16xf32> -> f32
  %r = arith.addf %total, %colsum : f32
  %outp = tt.addptr %out, %row : !tt.ptr<f32>, i32
  tt.store %outp, %r : !tt.ptr<f32>
  tt.return
}
