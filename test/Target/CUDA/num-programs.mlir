// tl.num_programs in the CUDA C++ is the launch grid the user gave: the g0
// and g1 parameters of the launch ABI and gridDim.y, never gridDim.x (which
// is ceil(g0 / P) * g1). With programs_per_cta = 4 axis 0 is still g0.
// RUN: mytriton-translate --emit-cuda %s | FileCheck %s

// CHECK-LABEL: void __launch_bounds__(128) packed_grid(
// CHECK-SAME:      int* [[OUT:arg[0-9]+]], const int num_programs_0, const int num_programs_1) {
// CHECK-NEXT:  const int [[G0:v[0-9]+]] = num_programs_0;
// CHECK-NEXT:  const int [[G1:v[0-9]+]] = num_programs_1;
// CHECK-NEXT:  const int [[G2:v[0-9]+]] = (int)gridDim.y;
// CHECK-NEXT:  const int [[S:v[0-9]+]] = (int)((unsigned)[[G0]] + (unsigned)[[G1]]);
// CHECK-NEXT:  const int [[T:v[0-9]+]] = (int)((unsigned)[[S]] + (unsigned)[[G2]]);
// CHECK-NOT:   gridDim.x
// CHECK:       arg0[{{v[0-9]+}}] = [[T]];
tt.func @packed_grid(%out: !tt.ptr<i32>) attributes {block_size = 32 : i32, num_warps = 1 : i32, programs_per_cta = 4 : i32} {
  %g0 = tt.get_num_programs 0 : i32
  %g1 = tt.get_num_programs 1 : i32
  %g2 = tt.get_num_programs 2 : i32
  %s = arith.addi %g0, %g1 : i32
  %t = arith.addi %s, %g2 : i32
  %pid = tt.get_program_id 0 : i32
  %lanes = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %row = arith.muli %pid, %t : i32
  %rowv = tt.splat %row : i32 -> tensor<32xi32>
  %offs = arith.addi %rowv, %lanes : tensor<32xi32>
  %base = tt.splat %out : !tt.ptr<i32> -> tensor<32x!tt.ptr<i32>>
  %ptrs = tt.addptr %base, %offs : tensor<32x!tt.ptr<i32>>, tensor<32xi32>
  %tv = tt.splat %t : i32 -> tensor<32xi32>
  tt.store %ptrs, %tv : tensor<32x!tt.ptr<i32>>
  tt.return
}
