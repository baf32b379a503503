// A tt.async_copy_global_to_local of f16 elements whose alignment nothing
// proves (no tt.divisibility on the base): cp.async copies only 4, 8 or 16
// aligned bytes, so each element goes through a register (a 2-byte global
// load, then a 2-byte shared store at its swizzled place), and the group
// commit and wait still count it. A pipelined loop over a matrix whose row
// stride is not a multiple of 8 halves (split-K matmul with K = 200,
// test_atomics.py) takes this form.
// RUN: mytriton-opt --convert-tt-to-gpu %s | FileCheck %s

// CHECK-LABEL: gpu.func @unaligned(
// CHECK-NOT:     nvvm.cp.async.shared.global
// CHECK-COUNT-16: llvm.store %{{.*}}, %{{.*}} {alignment = 2 : i64} : f16, !llvm.ptr<3>
// CHECK-NOT:     nvvm.cp.async.shared.global
// CHECK:         nvvm.cp.async.commit.group
// CHECK:         nvvm.cp.async.wait.group 0

#blocked = #tt.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#rows = #tt.slice<{dim = 1, parent = #blocked}>
#cols = #tt.slice<{dim = 0, parent = #blocked}>
#shared = #tt.shared<{swizzle = 64, order = [1, 0]}>
tt.func @unaligned(%p: !tt.ptr<f16>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32, #rows>
  %c = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32, #cols>
  %r2 = tt.expand_dims %r {axis = 1 : i32} : tensor<64xi32, #rows> -> tensor<64x1xi32, #blocked>
  %c2 = tt.expand_dims %c {axis = 0 : i32} : tensor<32xi32, #cols> -> tensor<1x32xi32, #blocked>
  %k = arith.constant dense<32> : tensor<64x1xi32, #blocked>
  %rk = arith.muli %r2, %k : tensor<64x1xi32, #blocked>
  %rb = tt.broadcast %rk : tensor<64x1xi32, #blocked> -> tensor<64x32xi32, #blocked>
  %cb = tt.broadcast %c2 : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
  %offs = arith.addi %rb, %cb : tensor<64x32xi32, #blocked>
  %ps = tt.splat %p : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>, #blocked>
  %ptrs = tt.addptr %ps, %offs : tensor<64x32x!tt.ptr<f16>, #blocked>, tensor<64x32xi32, #blocked>
  %buf = tt.local_alloc : () -> !tt.memdesc<64x32xf16, #shared, mutable>
  tt.async_copy_global_to_local %ptrs, %buf : tensor<64x32x!tt.ptr<f16>, #blocked> -> !tt.memdesc<64x32xf16, #shared, mutable>
  tt.async_commit_group
  tt.async_wait {num = 0 : i32}
  tt.return
}
