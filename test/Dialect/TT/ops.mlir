// Every op's custom form round-trips, including the forms the seed kernels
// do not use (i32 pointers, program ids 1 and 2, num_warps,
// argument divisibility).
// RUN: mytriton-opt %s | mytriton-opt | FileCheck %s

// CHECK-LABEL: tt.func @all_forms
// CHECK-SAME:    (%{{.*}}: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %{{.*}}: i32 {tt.divisibility = 8 : i32})
// CHECK-SAME:    attributes {block_size = 128 : i32, num_warps = 2 : i32}
// CHECK:         tt.get_program_id 1 : i32
// CHECK:         tt.get_program_id 2 : i32
// CHECK:         tt.make_range {end = 130 : i32, start = 2 : i32} : tensor<128xi32>
// CHECK:         tt.addptr %{{.*}}, %{{.*}} : tensor<128x!tt.ptr<i32>>, tensor<128xi32>
// CHECK:         tt.load %{{.*}}, %{{.*}} : tensor<128x!tt.ptr<i32>>
// CHECK:         tt.reduce min %{{.*}} : tensor<128xi32> -> i32
// CHECK:         tt.store %{{.*}}, %{{.*}} : !tt.ptr<i32>
tt.func @all_forms(%p: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 8 : i32}) attributes {block_size = 128 : i32, num_warps = 2 : i32} {
  %y = tt.get_program_id 1 : i32
  %z = tt.get_program_id 2 : i32
  %r = tt.make_range {start = 2 : i32, end = 130 : i32} : tensor<128xi32>
  %ps = tt.splat %p : !tt.ptr<i32> -> tensor<128x!tt.ptr<i32>>
  %q = tt.addptr %ps, %r : tensor<128x!tt.ptr<i32>>, tensor<128xi32>
  %yz = arith.addi %y, %z : i32
  %yzs = tt.splat %yz : i32 -> tensor<128xi32>
  %m = arith.cmpi slt, %r, %yzs : tensor<128xi32>
  %v = tt.load %q, %m : tensor<128x!tt.ptr<i32>>
  %s = tt.reduce min %v : tensor<128xi32> -> i32
  tt.store %p, %s : !tt.ptr<i32>
  tt.return
}
