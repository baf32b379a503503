// tl.num_programs on gpu/nvvm is the launch grid the user gave: axes 0 and 1
// are the kernel's trailing g0 and g1 arguments (the launch ABI folds them
// into gridDim.x = ceil(g0 / P) * g1, so gridDim.x is never the answer) and
// axis 2 is gridDim.y. With programs_per_cta = 4, axis 0 is still g0, not
// the CTA count ceil(g0 / 4).
// RUN: mytriton-opt --convert-tt-to-gpu --split-input-file %s | FileCheck %s

// CHECK-LABEL: gpu.func @packed_grid(
// CHECK-SAME:      %[[OUT:.*]]: !llvm.ptr<1>, %[[G0:.*]]: i32, %[[G1:.*]]: i32) kernel
// CHECK-SAME:      known_block_size = array<i32: 32, 4, 1>
// CHECK-NOT:     gpu.grid_dim  x
// CHECK:         %[[GZ:.*]] = gpu.grid_dim  y
// CHECK-NEXT:    %[[G2:.*]] = arith.index_castui %[[GZ]] : index to i32
// CHECK-NOT:     gpu.grid_dim  x
// CHECK:         %[[S:.*]] = arith.addi %[[G0]], %[[G1]] : i32
// CHECK-NEXT:    %[[T:.*]] = arith.addi %[[S]], %[[G2]] : i32
// CHECK-NOT:     gpu.grid_dim  x
// CHECK:         gpu.return
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
