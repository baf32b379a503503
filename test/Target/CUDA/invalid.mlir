// What --emit-cuda cannot express is a diagnostic at the op, never a crash
// or code that means something else.
// RUN: mytriton-translate --emit-cuda --verify-diagnostics --split-input-file %s

// Every element type of the dialect is emitted (element-types.mlir); the ops
// that are not, on some of them, are located errors.

// truncf rounds to nearest even or toward zero (fp_downcast_rounding="rtz");
// CUDA has no other float -> half conversion.
tt.func @truncf_upward(%x: !tt.ptr<f16>, %v: f32) attributes {block_size = 1 : i32} {
  // expected-error @below {{'arith.truncf' op cannot be emitted as CUDA with rounding mode upward; expected to_nearest_even (the default) or toward_zero}}
  %h = arith.truncf %v upward : f32 to f16
  tt.store %x, %h : !tt.ptr<f16>
  tt.return
}

// -----

// A float to a bool is a compare (cmpf une), never fptosi.
tt.func @fptosi_i1(%x: !tt.ptr<i32>, %v: f32) attributes {block_size = 1 : i32} {
  // expected-error @below {{'arith.fptosi' op cannot be emitted as CUDA on 'f32' to 'i1'; expected f16, bf16, f32 or f64 to i8, i16, i32 or i64}}
  %b = arith.fptosi %v : f32 to i1
  %i = arith.extui %b : i1 to i32
  tt.store %x, %i : !tt.ptr<i32>
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

// A bitcast reinterprets bits of memory types; i1 has none.
tt.func @bitcast_i1(%x: !tt.ptr<i8>, %a: i32) attributes {block_size = 1 : i32} {
  %b = arith.cmpi slt, %a, %a : i32
  // expected-error @below {{'arith.bitcast' op cannot be emitted as CUDA on 'i1' to 'i1'; expected a float or integer of 8 to 64 bits}}
  %c = arith.bitcast %b : i1 to i1
  %e = arith.extui %c : i1 to i8
  tt.store %x, %e : !tt.ptr<i8>
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
