// --emit-cuda refuses tt.combine_reduce and tt.scan (tl.reduce with a combine
// function, tl.argmax, tl.associative_scan, tl.cumsum) at the op: their GPU
// lowering is not written yet, and nothing may pass through silently.
// RUN: mytriton-translate --emit-cuda --verify-diagnostics --split-input-file %s

tt.func @uniform_argmax(%p: !tt.ptr<i32>) attributes {block_size = 64 : i32} {
  %idx = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %ps = tt.splat %p : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>>
  %ptrs = tt.addptr %ps, %idx : tensor<64x!tt.ptr<i32>>, tensor<64xi32>
  %x = tt.load %ptrs : tensor<64x!tt.ptr<i32>>
  // expected-error @below {{'tt.combine_reduce' op is not supported by the GPU routes yet (tl.reduce with a combine function, tl.argmax/argmin, tl.associative_scan, tl.cumsum/cumprod); the CPU backend runs it}}
  %v, %i = tt.combine_reduce(%x, %idx) axis = 0 : (tensor<64xi32>, tensor<64xi32>) -> (i32, i32) {
  ^bb0(%lv: i32, %li: i32, %rv: i32, %ri: i32):
    %gt = arith.cmpi sgt, %lv, %rv : i32
    %mv = arith.select %gt, %lv, %rv : i32
    %mi = arith.select %gt, %li, %ri : i32
    tt.combine_return %mv, %mi : i32, i32
  }
  tt.store %p, %i : !tt.ptr<i32>
  tt.return
}

// -----

#bl = #tt.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
tt.func @tiled_cumsum(%p: !tt.ptr<f32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32, #bl>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #bl>
  %ptrs = tt.addptr %ps, %r : tensor<256x!tt.ptr<f32>, #bl>, tensor<256xi32, #bl>
  %x = tt.load %ptrs : tensor<256x!tt.ptr<f32>, #bl>
  // expected-error @below {{'tt.scan' op is not supported by the GPU routes yet}}
  %c = tt.scan(%x) axis = 0 : (tensor<256xf32, #bl>) -> tensor<256xf32, #bl> {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.combine_return %s : f32
  }
  tt.store %ptrs, %c : tensor<256x!tt.ptr<f32>, #bl>
  tt.return
}
