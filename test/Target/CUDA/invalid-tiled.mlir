// What --emit-cuda refuses in tiled kernels (tensors of their own shapes,
// distributed by layout encodings): a diagnostic at the op, never a crash.
// RUN: mytriton-translate --emit-cuda --verify-diagnostics --split-input-file %s

// The emitter reads every distribution fact from the encodings: a tiled
// kernel's tensors must have them (tt-assign-layouts gives them).
tt.func @no_layout(%x: !tt.ptr<i32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  // expected-error @below {{cannot emit 'tensor<64xi32>' as CUDA: in a kernel whose tensors have shapes of their own every tensor needs a layout encoding (run tt-assign-layouts)}}
  %r = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %xs = tt.splat %x : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>>
  %p = tt.addptr %xs, %r : tensor<64x!tt.ptr<i32>>, tensor<64xi32>
  tt.store %p, %r : tensor<64x!tt.ptr<i32>>
  tt.return
}

// -----

// Register r of the pointers and of the offsets must be one element.
#a = #tt.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b = #tt.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
tt.func @addptr_layouts(%x: !tt.ptr<i32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 512 : i32} : tensor<512xi32, #a>
  %xs = tt.splat %x : !tt.ptr<i32> -> tensor<512x!tt.ptr<i32>, #b>
  // expected-error-re @below {{'tt.addptr' op cannot be emitted as CUDA: its tensors 'tensor<512x!tt.ptr<i32>, #tt.blocked<{sizePerThread = [4],{{.*}}>>' and 'tensor<512xi32, #tt.blocked<{sizePerThread = [1],{{.*}}>>' have different layouts; a tt.convert_layout must make them one}}
  %p = tt.addptr %xs, %r : tensor<512x!tt.ptr<i32>, #b>, tensor<512xi32, #a>
  %one = arith.constant dense<1> : tensor<512xi32, #b>
  tt.store %p, %one : tensor<512x!tt.ptr<i32>, #b>
  tt.return
}

// -----

// A 128x128 f32 conversion needs 64 KiB of shared memory (and 512 bytes
// of row padding).
#rows = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#cols = #tt.blocked<{sizePerThread = [4, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
tt.func @convert_too_large(%x: !tt.ptr<f32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32, #tt.slice<{dim = 0, parent = #rows}>>
  %r2 = tt.expand_dims %r {axis = 0 : i32} : tensor<128xi32, #tt.slice<{dim = 0, parent = #rows}>> -> tensor<1x128xi32, #rows>
  %off = tt.broadcast %r2 : tensor<1x128xi32, #rows> -> tensor<128x128xi32, #rows>
  %v0 = tt.splat %x : !tt.ptr<f32> -> tensor<128x128x!tt.ptr<f32>, #rows>
  %v1 = tt.addptr %v0, %off : tensor<128x128x!tt.ptr<f32>, #rows>, tensor<128x128xi32, #rows>
  %v = tt.load %v1 : tensor<128x128x!tt.ptr<f32>, #rows>
  // expected-error @below {{'tt.convert_layout' op needs 66048 bytes of shared memory (convert_layout through shared memory), more than the 49152 bytes CUDA allows statically; use smaller tiles}}
  %c = tt.convert_layout %v : tensor<128x128xf32, #rows> -> tensor<128x128xf32, #cols>
  %p = tt.splat %x : !tt.ptr<f32> -> tensor<128x128x!tt.ptr<f32>, #cols>
  tt.store %p, %c : tensor<128x128x!tt.ptr<f32>, #cols>
  tt.return
}


// Mismatched layouts of expand_dims and axis reductions never reach the
// emitter: the tt verifiers refuse them when the IR is read
// (test/Dialect/TT/invalid-layouts.mlir).
