// getStraightLineLoadBytesPerBlock: the bytes of global memory a block of a
// straight-line kernel loads (every load in flight before the first store;
// the runtime caps occupancy by it), times its programs per block; 0 for a
// kernel whose loads wait on a loop, a reduction or an atomic, or that loads
// more than 512 bytes a thread (more than registers keep in flight) or has
// more than 8 loads (an unrolled loop).
// RUN: mytriton-test-opt --test-contiguity=loads-in-flight --verify-diagnostics -split-input-file %s

// Two loads of 1024 floats: 8 KiB.
// expected-remark @+1 {{8192 bytes of loads in flight a block}}
tt.func @add(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %out: !tt.ptr<f32>) attributes {block_size = 1024 : i32, num_warps = 4 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 1024 : i32} : tensor<1024xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %ys = tt.splat %y : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %os = tt.splat %out : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %px = tt.addptr %xs, %r : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  %py = tt.addptr %ys, %r : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  %po = tt.addptr %os, %r : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  %a = tt.load %px : tensor<1024x!tt.ptr<f32>>
  %b = tt.load %py : tensor<1024x!tt.ptr<f32>>
  %c = arith.addf %a, %b : tensor<1024xf32>
  tt.store %po, %c : tensor<1024x!tt.ptr<f32>>
  tt.return
}

// -----

// Halves, and four programs a block: 4 * 256 * 2 bytes.
// expected-remark @+1 {{2048 bytes of loads in flight a block}}
tt.func @copy_f16(%x: !tt.ptr<f16>, %out: !tt.ptr<f16>) attributes {block_size = 256 : i32, num_warps = 1 : i32, programs_per_cta = 4 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %xs = tt.splat %x : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>>
  %os = tt.splat %out : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>>
  %px = tt.addptr %xs, %r : tensor<256x!tt.ptr<f16>>, tensor<256xi32>
  %po = tt.addptr %os, %r : tensor<256x!tt.ptr<f16>>, tensor<256xi32>
  %a = tt.load %px : tensor<256x!tt.ptr<f16>>
  tt.store %po, %a : tensor<256x!tt.ptr<f16>>
  tt.return
}

// -----

// A reduction: the store waits on every lane's load.
// expected-remark @+1 {{0 bytes of loads in flight a block}}
tt.func @sum(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>) attributes {block_size = 32 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
  %px = tt.addptr %xs, %r : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
  %v = tt.load %px : tensor<32x!tt.ptr<f32>>
  %s = tt.reduce sum %v : tensor<32xf32> -> f32
  tt.store %out, %s : !tt.ptr<f32>
  tt.return
}

// -----

// A loop: one iteration's loads at a time.
// expected-remark @+1 {{0 bytes of loads in flight a block}}
tt.func @looped(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n: i32) attributes {block_size = 128 : i32} {
  %c0 = arith.constant 0 : i32
  %c128 = arith.constant 128 : i32
  %r = tt.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %os = tt.splat %out : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  scf.for %off = %c0 to %n step %c128 : i32 {
    %offs = tt.splat %off : i32 -> tensor<128xi32>
    %cols = arith.addi %offs, %r : tensor<128xi32>
    %px = tt.addptr %xs, %cols : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %po = tt.addptr %os, %cols : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %v = tt.load %px : tensor<128x!tt.ptr<f32>>
    tt.store %po, %v : tensor<128x!tt.ptr<f32>>
  }
  tt.return
}

// -----

// Five loads of 1024 floats on one warp: 640 bytes a thread, more than its
// registers keep in flight (an unrolled accumulation, like the seed's naive
// matmul).
// expected-remark @+1 {{0 bytes of loads in flight a block}}
tt.func @unrolled(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>) attributes {block_size = 1024 : i32, num_warps = 1 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 1024 : i32} : tensor<1024xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %os = tt.splat %out : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %p0 = tt.addptr %xs, %r : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  %p1 = tt.addptr %p0, %r : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  %p2 = tt.addptr %p1, %r : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  %p3 = tt.addptr %p2, %r : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  %p4 = tt.addptr %p3, %r : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  %v0 = tt.load %p0 : tensor<1024x!tt.ptr<f32>>
  %v1 = tt.load %p1 : tensor<1024x!tt.ptr<f32>>
  %v2 = tt.load %p2 : tensor<1024x!tt.ptr<f32>>
  %v3 = tt.load %p3 : tensor<1024x!tt.ptr<f32>>
  %v4 = tt.load %p4 : tensor<1024x!tt.ptr<f32>>
  %s0 = arith.addf %v0, %v1 : tensor<1024xf32>
  %s1 = arith.addf %s0, %v2 : tensor<1024xf32>
  %s2 = arith.addf %s1, %v3 : tensor<1024xf32>
  %s3 = arith.addf %s2, %v4 : tensor<1024xf32>
  %po = tt.addptr %os, %r : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  tt.store %po, %s3 : tensor<1024x!tt.ptr<f32>>
  tt.return
}

// -----

// Four such loads: 512 bytes a thread, the most that counts.
// expected-remark @+1 {{16384 bytes of loads in flight a block}}
tt.func @four_loads(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>) attributes {block_size = 1024 : i32, num_warps = 1 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 1024 : i32} : tensor<1024xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %os = tt.splat %out : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %p0 = tt.addptr %xs, %r : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  %p1 = tt.addptr %p0, %r : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  %p2 = tt.addptr %p1, %r : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  %p3 = tt.addptr %p2, %r : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  %v0 = tt.load %p0 : tensor<1024x!tt.ptr<f32>>
  %v1 = tt.load %p1 : tensor<1024x!tt.ptr<f32>>
  %v2 = tt.load %p2 : tensor<1024x!tt.ptr<f32>>
  %v3 = tt.load %p3 : tensor<1024x!tt.ptr<f32>>
  %s0 = arith.addf %v0, %v1 : tensor<1024xf32>
  %s1 = arith.addf %s0, %v2 : tensor<1024xf32>
  %s2 = arith.addf %s1, %v3 : tensor<1024xf32>
  %po = tt.addptr %os, %r : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  tt.store %po, %s2 : tensor<1024x!tt.ptr<f32>>
  tt.return
}

// -----

// Nine loads of 32 floats on a warp, 36 bytes a thread: an unrolled
// accumulation (tl.static_range), not an elementwise kernel.
// expected-remark @+1 {{0 bytes of loads in flight a block}}
tt.func @nine_loads(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>) attributes {block_size = 32 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
  %os = tt.splat %out : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
  %p = tt.addptr %xs, %r : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
  %v0 = tt.load %p : tensor<32x!tt.ptr<f32>>
  %v1 = tt.load %p : tensor<32x!tt.ptr<f32>>
  %v2 = tt.load %p : tensor<32x!tt.ptr<f32>>
  %v3 = tt.load %p : tensor<32x!tt.ptr<f32>>
  %v4 = tt.load %p : tensor<32x!tt.ptr<f32>>
  %v5 = tt.load %p : tensor<32x!tt.ptr<f32>>
  %v6 = tt.load %p : tensor<32x!tt.ptr<f32>>
  %v7 = tt.load %p : tensor<32x!tt.ptr<f32>>
  %v8 = tt.load %p : tensor<32x!tt.ptr<f32>>
  %s0 = arith.addf %v0, %v1 : tensor<32xf32>
  %s1 = arith.addf %s0, %v2 : tensor<32xf32>
  %s2 = arith.addf %s1, %v3 : tensor<32xf32>
  %s3 = arith.addf %s2, %v4 : tensor<32xf32>
  %s4 = arith.addf %s3, %v5 : tensor<32xf32>
  %s5 = arith.addf %s4, %v6 : tensor<32xf32>
  %s6 = arith.addf %s5, %v7 : tensor<32xf32>
  %s7 = arith.addf %s6, %v8 : tensor<32xf32>
  tt.store %os, %s7 : tensor<32x!tt.ptr<f32>>
  tt.return
}
