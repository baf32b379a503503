// What convert-tt-to-gpu refuses of tt.async_copy_global_to_local (cp.async),
// at the op: a nonzero 'other' (cp.async fills masked-off elements with
// zeros; tt-pipeline never makes such a copy). Runs that cp.async cannot
// copy are not refused: async-copy-unaligned.mlir.
// RUN: mytriton-opt --convert-tt-to-gpu -split-input-file -verify-diagnostics %s

#blocked = #tt.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#rows = #tt.slice<{dim = 1, parent = #blocked}>
#cols = #tt.slice<{dim = 0, parent = #blocked}>
#shared = #tt.shared<{swizzle = 64, order = [1, 0]}>
tt.func @nonzero_other(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
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
  %m = arith.constant dense<true> : tensor<64x32xi1, #blocked>
  %one = arith.constant dense<1.0> : tensor<64x32xf16, #blocked>
  // expected-error @+2 {{failed to legalize operation 'tt.async_copy_global_to_local'}}
  // expected-error @+1 {{'tt.async_copy_global_to_local' op fills masked-off elements with zeros (cp.async's src-size 0); a nonzero 'other' needs a synchronous load}}
  tt.async_copy_global_to_local %ptrs, %buf mask %m other %one : tensor<64x32x!tt.ptr<f16>, #blocked> -> !tt.memdesc<64x32xf16, #shared, mutable>
  tt.async_commit_group
  tt.async_wait {num = 0 : i32}
  tt.return
}

