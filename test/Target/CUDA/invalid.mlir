// What --emit-cuda cannot express is a diagnostic at the op, never a crash
// or code that means something else.
// RUN: mytriton-translate --emit-cuda --verify-diagnostics --split-input-file %s

// Element types the verifier accepts but this route does not lower yet are a
// located error before anything is emitted.
tt.func @f64(%x: !tt.ptr<f32>) attributes {block_size = 1 : i32} {
  // expected-error @below {{'arith.constant' op produces 'f64': the CUDA C++ route does not lower 'f64' values yet}}
  %c = arith.constant 1.5 : f64
  %f = arith.truncf %c : f64 to f32
  tt.store %x, %f : !tt.ptr<f32>
  tt.return
}

// -----

// A constant that differs per lane would need a table; kernels never make one.
tt.func @non_uniform_constant(%x: !tt.ptr<i32>) attributes {block_size = 4 : i32} {
  // expected-error @below {{'arith.constant' op cannot be emitted as CUDA: only uniform (splat) constants have one value per thread}}
  %c = arith.constant dense<[0, 1, 2, 3]> : tensor<4xi32>
  %xs = tt.splat %x : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
  %p = tt.addptr %xs, %c : tensor<4x!tt.ptr<i32>>, tensor<4xi32>
  tt.store %p, %c : tensor<4x!tt.ptr<i32>>
  tt.return
}

// -----

// An arith op the emitter has no printer for.
tt.func @ceildiv(%x: !tt.ptr<i32>, %a: i32, %b: i32) attributes {block_size = 1 : i32} {
  // expected-error @below {{'arith.ceildivsi' op cannot be emitted as CUDA by --emit-cuda}}
  %q = arith.ceildivsi %a, %b : i32
  tt.store %x, %q : !tt.ptr<i32>
  tt.return
}

// -----

// arith's i1 is signed (true is -1): a signed compare of bools is not C's.
tt.func @signed_bool_compare(%x: !tt.ptr<i32>, %a: i32, %b: i32) attributes {block_size = 1 : i32} {
  %p = arith.cmpi slt, %a, %b : i32
  %q = arith.cmpi sgt, %a, %b : i32
  // expected-error @below {{'arith.cmpi' op cannot be emitted as CUDA: a signed compare of i1 values (true is -1) has no obvious C spelling; compare i32 values}}
  %r = arith.cmpi slt, %p, %q : i1
  %v = arith.extui %r : i1 to i32
  tt.store %x, %v : !tt.ptr<i32>
  tt.return
}

// -----

// 64-bit integers are not lowered by this route yet.
tt.func @extsi_i64(%x: !tt.ptr<i32>, %a: i32) attributes {block_size = 1 : i32} {
  // expected-error @below {{'arith.extsi' op produces 'i64': the CUDA C++ route does not lower 'i64' values yet}}
  %w = arith.extsi %a : i32 to i64
  %t = arith.trunci %w : i64 to i32
  tt.store %x, %t : !tt.ptr<i32>
  tt.return
}

// -----

// The kernel's name becomes a C function name.
// expected-error @below {{'tt.func' op name 'my.kernel' cannot name a CUDA kernel: it must be a C identifier that C++ does not reserve}}
tt.func @"my.kernel"(%x: !tt.ptr<f32>) attributes {block_size = 1 : i32} {
  tt.return
}

// -----

// expected-error @below {{'tt.func' op name '__kernel' cannot name a CUDA kernel: it must be a C identifier that C++ does not reserve}}
tt.func @__kernel(%x: !tt.ptr<f32>) attributes {block_size = 1 : i32} {
  tt.return
}

// -----

// A leading '_' before an uppercase letter is reserved everywhere in C++.
// expected-error @below {{'tt.func' op name '_Kernel' cannot name a CUDA kernel: it must be a C identifier that C++ does not reserve}}
tt.func @_Kernel(%x: !tt.ptr<f32>) attributes {block_size = 1 : i32} {
  tt.return
}

// -----

// A module for --emit-cuda holds kernels only.
// expected-error @below {{'arith.constant' op cannot be emitted as CUDA: a module for --emit-cuda holds tt.func kernels only}}
%c = arith.constant 0 : i32

// -----

// A declaration has no code to emit.
// expected-error @below {{'tt.func' op has no body; only defined kernels can be emitted as CUDA}}
tt.func private @declaration(%x: !tt.ptr<f32>) attributes {block_size = 1 : i32}
