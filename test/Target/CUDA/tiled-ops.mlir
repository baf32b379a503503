// Single ops of tiled kernels as --emit-cuda writes them, where
// tiled-kernels.mlir does not show them: i32 reductions, conversions that
// only rename registers, and masks and pointers through shared memory.
// RUN: mytriton-translate --emit-cuda %s | FileCheck %s

#b = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#br = #tt.slice<{dim = 1, parent = #b}>
#bc = #tt.slice<{dim = 0, parent = #b}>
#f = #tt.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#g = #tt.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>

// i32 min along axis 0 and max to a scalar: the compare-select combine of
// uniform kernels, on named operands (a shuffled value is read twice).
// CHECK-LABEL: void __launch_bounds__(128) int_reductions(
// CHECK:       // [[MIN:v[0-9]+]] = min of tensor<32x64xi32, {{.*}}> along axis 0
// Column 0's 4 rows in registers 0, 4, 8, 12, combined as a tree.
// CHECK:       const int [[P:v[0-9]+_part]] = [[R0:v[0-9]+_0]] < [[R8:v[0-9]+_8]] ? [[R0]] : [[R8]];
// CHECK-NEXT:  const int [[P1:v[0-9]+_part_1]] = [[R4:v[0-9]+_4]] < [[R12:v[0-9]+_12]] ? [[R4]] : [[R12]];
// CHECK-NEXT:  const int [[P2:v[0-9]+_part_2]] = [[P]] < [[P1]] ? [[P]] : [[P1]];
// CHECK:       const int [[O:v[0-9]+_other]] = __shfl_xor_sync(0xffffffffu, [[ACC:v[0-9]+_acc]], 16);
// CHECK-NEXT:  [[ACC]] = [[ACC]] < [[O]] ? [[ACC]] : [[O]];
// CHECK:       reinterpret_cast<int*>({{scratch[_0-9]*}})
// CHECK:       // [[MAX:v[0-9]+]] = max of tensor<64xi32, {{.*}}>{{$}}
// CHECK:       [[ACC2:v[0-9]+_acc[_0-9]*]] = [[ACC2]] > {{v[0-9]+_other[_0-9]*}} ? [[ACC2]] : {{v[0-9]+_other[_0-9]*}};
// CHECK:       if (threadIdx.x == 0u) {
// CHECK-NEXT:    arg0[0] = [[MAX]];
tt.func @int_reductions(%x: !tt.ptr<i32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %rows = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32, #br>
  %cols = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32, #bc>
  %r2 = tt.expand_dims %rows {axis = 1 : i32} : tensor<32xi32, #br> -> tensor<32x1xi32, #b>
  %c2 = tt.expand_dims %cols {axis = 0 : i32} : tensor<64xi32, #bc> -> tensor<1x64xi32, #b>
  %rb = tt.broadcast %r2 : tensor<32x1xi32, #b> -> tensor<32x64xi32, #b>
  %cb = tt.broadcast %c2 : tensor<1x64xi32, #b> -> tensor<32x64xi32, #b>
  %v = arith.subi %cb, %rb : tensor<32x64xi32, #b>
  %mn = tt.reduce min %v {axis = 0 : i32} : tensor<32x64xi32, #b> -> tensor<64xi32, #bc>
  %mx = tt.reduce max %mn : tensor<64xi32, #bc> -> i32
  tt.store %x, %mx : !tt.ptr<i32>
  tt.return
}

// #bc over 64 elements and the 1-D blocked layout with 4 per thread keep
// every element in the same thread and register: the conversion is a
// renaming, no shared memory.
// CHECK-LABEL: void __launch_bounds__(128) convert_in_registers(
// CHECK-NOT:   __shared__
// CHECK-NOT:   __syncthreads
// CHECK:       }
tt.func @convert_in_registers(%x: !tt.ptr<i32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %cols = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32, #bc>
  %c = tt.convert_layout %cols : tensor<64xi32, #bc> -> tensor<64xi32, #f>
  %xs = tt.splat %x : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>, #f>
  %i = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32, #f>
  %p = tt.addptr %xs, %i : tensor<64x!tt.ptr<i32>, #f>, tensor<64xi32, #f>
  tt.store %p, %c : tensor<64x!tt.ptr<i32>, #f>
  tt.return
}

// Masks go through shared memory as bool, pointers as the pointer type
// the kernel writes through; replicas are written by their owners only
// (#f over 64 replicates lane bit 4 and both warp bits: 0x70).
// CHECK-LABEL: void __launch_bounds__(128) convert_mask_and_pointers(
// CHECK:       // [[M:v[0-9]+]]: convert_layout through shared memory
// CHECK-NEXT:  if ((threadIdx.x & 112u) == 0u) {
// CHECK-NEXT:    reinterpret_cast<bool*>([[S:scratch[_0-9]*]])[{{.*}}] = {{v[0-9]+_0}};
// CHECK:       __syncthreads();
// CHECK-NEXT:  const bool [[M]] = reinterpret_cast<bool*>([[S]])[{{.*}}];
// CHECK:       __syncthreads(); // the scratch buffer's last readers are done
// CHECK:       // [[P:v[0-9]+]]: convert_layout through shared memory
// CHECK:         reinterpret_cast<int**>([[S]])[{{.*}}] = arg0 + {{v[0-9]+_0}};
// CHECK:       int* const [[P]] = reinterpret_cast<int**>([[S]])[{{.*}}];
// CHECK:       if ([[M]]) [[P]][0] = 7;
tt.func @convert_mask_and_pointers(%x: !tt.ptr<i32>, %n: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %i = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32, #f>
  %ns = tt.splat %n : i32 -> tensor<64xi32, #f>
  %m = arith.cmpi slt, %i, %ns : tensor<64xi32, #f>
  %mg = tt.convert_layout %m : tensor<64xi1, #f> -> tensor<64xi1, #g>
  %xs = tt.splat %x : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>, #f>
  %p = tt.addptr %xs, %i : tensor<64x!tt.ptr<i32>, #f>, tensor<64xi32, #f>
  %pg = tt.convert_layout %p : tensor<64x!tt.ptr<i32>, #f> -> tensor<64x!tt.ptr<i32>, #g>
  %seven = arith.constant dense<7> : tensor<64xi32, #g>
  tt.store %pg, %seven, %mg : tensor<64x!tt.ptr<i32>, #g>
  tt.return
}
