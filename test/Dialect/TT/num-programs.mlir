// tt.get_num_programs and the debugging ops (tt.debug_barrier, tt.print,
// tt.assert) parse, print back, and survive canonicalization: a print or an
// assert has effects, and the grid size is no constant.
// RUN: mytriton-opt %s --canonicalize | FileCheck %s
// RUN: mytriton-opt %s | mytriton-opt | FileCheck %s

// CHECK-LABEL: tt.func @grid_and_debug(
// CHECK-SAME:      %[[X:.*]]: !tt.ptr<f32>
tt.func @grid_and_debug(%x: !tt.ptr<f32>) attributes {block_size = 128 : i32} {
  // CHECK:      %[[G0:.*]] = tt.get_num_programs 0 : i32
  // CHECK-NEXT: %[[G2:.*]] = tt.get_num_programs 2 : i32
  %g0 = tt.get_num_programs 0 : i32
  %g2 = tt.get_num_programs 2 : i32
  %lanes = tt.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %g0v = tt.splat %g0 : i32 -> tensor<128xi32>
  %ok = arith.cmpi slt, %lanes, %g0v : tensor<128xi32>
  // CHECK:      tt.debug_barrier
  tt.debug_barrier
  // CHECK-NEXT: tt.print " grid: " %[[G0]], %[[G2]] : i32, i32
  tt.print " grid: " %g0, %g2 : i32, i32
  // CHECK-NEXT: tt.print " lanes: " {hex} %{{.*}} : tensor<128xi32>
  tt.print " lanes: " {hex} %lanes : tensor<128xi32>
  // CHECK-NEXT: tt.print "done"
  tt.print "done"
  // CHECK-NEXT: tt.assert %{{.*}}, "lane past the grid" : tensor<128xi1>
  tt.assert %ok, "lane past the grid" : tensor<128xi1>
  tt.return
}
