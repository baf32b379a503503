// With num_warps (E lanes per thread) the emitter rejects exactly what it
// rejects at E = 1, at the same op: per-register unrolling, vector accesses
// and the thread-local reduction step add no new failure. A failure after
// vector loads were printed still writes nothing (second RUN line).
// RUN: mytriton-translate --emit-cuda --verify-diagnostics --split-input-file %s
// RUN: not mytriton-translate --emit-cuda --split-input-file %s 2>/dev/null | FileCheck %s --allow-empty --check-prefix=NOTHING
// NOTHING-NOT: extern

// A constant that differs per lane would need a table, at any E.
tt.func @non_uniform_constant(%x: !tt.ptr<i32>) attributes {block_size = 64 : i32, num_warps = 1 : i32} {
  // expected-error @below {{'arith.constant' op cannot be emitted as CUDA: only uniform (splat) constants have one value per thread}}
  %c = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63]> : tensor<64xi32>
  %xs = tt.splat %x : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>>
  %p = tt.addptr %xs, %c : tensor<64x!tt.ptr<i32>>, tensor<64xi32>
  tt.store %p, %c : tensor<64x!tt.ptr<i32>>
  tt.return
}

// -----

// An op without a printer after a vector load and a reduction.
tt.func @ceildiv_after_vector_load(%x: !tt.ptr<i32>) attributes {block_size = 1024 : i32, num_warps = 8 : i32} {
  %lanes = tt.make_range {start = 0 : i32, end = 1024 : i32} : tensor<1024xi32>
  %xs = tt.splat %x : !tt.ptr<i32> -> tensor<1024x!tt.ptr<i32>>
  %p = tt.addptr %xs, %lanes : tensor<1024x!tt.ptr<i32>>, tensor<1024xi32>
  %v = tt.load %p : tensor<1024x!tt.ptr<i32>>
  %s = tt.reduce sum %v : tensor<1024xi32> -> i32
  %s_v = tt.splat %s : i32 -> tensor<1024xi32>
  // expected-error @below {{'arith.ceildivsi' op cannot be emitted as CUDA by --emit-cuda}}
  %q = arith.ceildivsi %v, %s_v : tensor<1024xi32>
  tt.store %p, %q : tensor<1024x!tt.ptr<i32>>
  tt.return
}
