// tl.num_programs on the CPU: a kernel that reads tt.get_num_programs takes
// the grid sizes x, y, z as three i32 arguments in front of the error record
// and the program ids, and its grid function passes its own grid sizes on.
// A kernel that does not read them keeps the plain signature.
// RUN: mytriton-opt %s --convert-tt-to-vector="bounds-check=false" -split-input-file | FileCheck %s
// RUN: mytriton-opt %s --convert-tt-to-vector -split-input-file | FileCheck %s --check-prefix=CHECKED

// CHECK-LABEL: func.func private @grid_size(
// CHECK-SAME:      %[[OUT:[^:]+]]: memref<?xi32>, %[[OFF:[^:]+]]: i32,
// CHECK-SAME:      %[[G0:[^:]+]]: i32, %[[G1:[^:]+]]: i32, %[[G2:[^:]+]]: i32,
// CHECK-SAME:      %[[PX:[^:]+]]: i32, %[[PY:[^:]+]]: i32, %[[PZ:[^:]+]]: i32) {
// CHECK:         %[[SUM:.*]] = arith.addi %[[G0]], %[[G2]] : i32
// CHECK:         %[[PROD:.*]] = arith.muli %[[SUM]], %[[G1]] : i32
// CHECK:         memref.store %[[PROD]], %[[OUT]]
// CHECK-LABEL: func.func @grid_size_grid(
// CHECK-SAME:      %[[BUF:[^:]+]]: memref<?xi32>, %[[SX:[^:]+]]: i32, %[[SY:[^:]+]]: i32, %[[SZ:[^:]+]]: i32,
// CHECK:         func.call @grid_size(%[[BUF]], %{{.*}}, %[[SX]], %[[SY]], %[[SZ]], %{{.*}}, %{{.*}}, %{{.*}}) : (memref<?xi32>, i32, i32, i32, i32, i32, i32, i32) -> ()

// With bounds checks the error record stays right before the program ids.
// CHECKED-LABEL: func.func private @grid_size(
// CHECKED-SAME:      %{{[^:]+}}: memref<?xi32>, %{{[^:]+}}: i32,
// CHECKED-SAME:      %[[G0:[^:]+]]: i32, %[[G1:[^:]+]]: i32, %[[G2:[^:]+]]: i32,
// CHECKED-SAME:      %{{[^:]+}}: memref<?xi32>, %{{[^:]+}}: i32, %{{[^:]+}}: i32, %{{[^:]+}}: i32) -> i1
// CHECKED:         arith.addi %[[G0]], %[[G2]] : i32
tt.func @grid_size(%out: !tt.ptr<i32>) attributes {block_size = 1 : i32} {
  %g0 = tt.get_num_programs 0 : i32
  %g1 = tt.get_num_programs 1 : i32
  %g2 = tt.get_num_programs 2 : i32
  %sum = arith.addi %g0, %g2 : i32
  %prod = arith.muli %sum, %g1 : i32
  tt.store %out, %prod : !tt.ptr<i32>
  tt.return
}

// -----

// CHECK-LABEL: func.func private @program_only(
// CHECK-SAME:      %{{[^:]+}}: memref<?xi32>, %{{[^:]+}}: i32, %{{[^:]+}}: i32, %{{[^:]+}}: i32, %{{[^:]+}}: i32) {
tt.func @program_only(%out: !tt.ptr<i32>) attributes {block_size = 1 : i32} {
  %p = tt.get_program_id 0 : i32
  tt.store %out, %p : !tt.ptr<i32>
  tt.return
}
