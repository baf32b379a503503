// What --emit-cuda still refuses of tt.combine_reduce and tt.scan, at the
// op: a tiled op whose partial results between warps need more shared
// memory than CUDA allows statically (one value per line, chunk of the
// thread's registers and warp along the axis: here 128 columns x 64 chunks
// x 4 warps of f32).
// RUN: mytriton-translate --emit-cuda --verify-diagnostics --split-input-file %s

#bl = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#rows = #tt.slice<{dim = 1, parent = #bl}>
#cols = #tt.slice<{dim = 0, parent = #bl}>
tt.func @cumsum_too_tall(%p: !tt.ptr<f32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32, #rows>
  %c = tt.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32, #cols>
  %r2 = tt.expand_dims %r {axis = 1 : i32} : tensor<256xi32, #rows> -> tensor<256x1xi32, #bl>
  %c2 = tt.expand_dims %c {axis = 0 : i32} : tensor<128xi32, #cols> -> tensor<1x128xi32, #bl>
  %rb = tt.broadcast %r2 : tensor<256x1xi32, #bl> -> tensor<256x128xi32, #bl>
  %cb = tt.broadcast %c2 : tensor<1x128xi32, #bl> -> tensor<256x128xi32, #bl>
  %k = arith.constant dense<128> : tensor<256x128xi32, #bl>
  %rk = arith.muli %rb, %k : tensor<256x128xi32, #bl>
  %offs = arith.addi %rk, %cb : tensor<256x128xi32, #bl>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<256x128x!tt.ptr<f32>, #bl>
  %ptrs = tt.addptr %ps, %offs : tensor<256x128x!tt.ptr<f32>, #bl>, tensor<256x128xi32, #bl>
  %x = tt.load %ptrs : tensor<256x128x!tt.ptr<f32>, #bl>
  // expected-error @below {{'tt.scan' op needs 131072 bytes of shared memory (the partial results of 4 warps), more than the 49152 bytes CUDA allows statically; use smaller tiles}}
  %s = tt.scan(%x) axis = 0 : (tensor<256x128xf32, #bl>) -> tensor<256x128xf32, #bl> {
  ^bb0(%a: f32, %b: f32):
    %sum = arith.addf %a, %b : f32
    tt.combine_return %sum : f32
  }
  tt.store %ptrs, %s : tensor<256x128x!tt.ptr<f32>, #bl>
  tt.return
}
