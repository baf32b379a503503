// Every verifier rule of tt.atomic_rmw and tt.atomic_cas, each triggered
// once (the generic form, since the custom one derives the types).
// RUN: mytriton-opt %s -split-input-file -verify-diagnostics

tt.func @int_kind_on_float(%p: !tt.ptr<f32>, %v: f32) attributes {block_size = 32 : i32} {
  // expected-error @+1 {{'and' is an integer atomic; 'f32' elements take fadd, fmax, fmin or xchg}}
  %0 = tt.atomic_rmw and, acq_rel, gpu, %p, %v : !tt.ptr<f32>
  tt.return
}

// -----

tt.func @signed_max_on_float(%p: !tt.ptr<f32>, %v: f32) attributes {block_size = 32 : i32} {
  // expected-error @+1 {{'max' is an integer atomic; 'f32' elements take fadd, fmax, fmin or xchg}}
  %0 = tt.atomic_rmw max, acq_rel, gpu, %p, %v : !tt.ptr<f32>
  tt.return
}

// -----

tt.func @float_kind_on_int(%p: !tt.ptr<i32>, %v: i32) attributes {block_size = 32 : i32} {
  // expected-error @+1 {{'fadd' is a float atomic; 'i32' elements take add, max, min, umax, umin, and, or, xor or xchg}}
  %0 = tt.atomic_rmw fadd, acq_rel, gpu, %p, %v : !tt.ptr<i32>
  tt.return
}

// -----

tt.func @value_type(%p: !tt.ptr<f32>, %v: i32) attributes {block_size = 32 : i32} {
  // expected-error @+1 {{value of type 'i32' does not match the pointer '!tt.ptr<f32>', which addresses 'f32'}}
  %0 = "tt.atomic_rmw"(%p, %v) <{atomic_rmw_op = 1 : i32, sem = 3 : i32, scope = 0 : i32}> : (!tt.ptr<f32>, i32) -> f32
  tt.return
}

// -----

tt.func @value_shape(%p: !tt.ptr<f32>, %x: f32) attributes {block_size = 32 : i32} {
  %v = tt.splat %x : f32 -> tensor<32xf32>
  // expected-error @+1 {{value of type 'tensor<32xf32>' does not match the pointer '!tt.ptr<f32>', which addresses 'f32'}}
  %0 = "tt.atomic_rmw"(%p, %v) <{atomic_rmw_op = 1 : i32, sem = 3 : i32, scope = 0 : i32}> : (!tt.ptr<f32>, tensor<32xf32>) -> f32
  tt.return
}

// -----

tt.func @result_type(%p: !tt.ptr<i32>, %v: i32) attributes {block_size = 32 : i32} {
  // expected-error @+1 {{result of type 'f32' does not match the pointer '!tt.ptr<i32>', which addresses 'i32'}}
  %0 = "tt.atomic_rmw"(%p, %v) <{atomic_rmw_op = 0 : i32, sem = 3 : i32, scope = 0 : i32}> : (!tt.ptr<i32>, i32) -> f32
  tt.return
}

// -----

tt.func @mask_shape(%q: !tt.ptr<i32>, %n: i32) attributes {block_size = 32 : i32} {
  %c0 = arith.constant 0 : i32
  %m = arith.cmpi sgt, %n, %c0 : i32
  %v = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %p = tt.splat %q : !tt.ptr<i32> -> tensor<32x!tt.ptr<i32>>
  // expected-error @+1 {{mask of type 'i1' does not have the pointer's shape; expected 'tensor<32xi1>'}}
  %0 = "tt.atomic_rmw"(%p, %v, %m) <{atomic_rmw_op = 0 : i32, sem = 3 : i32, scope = 0 : i32}> : (tensor<32x!tt.ptr<i32>>, tensor<32xi32>, i1) -> tensor<32xi32>
  tt.return
}

// -----

tt.func @bad_kind(%p: !tt.ptr<i32>, %v: i32) attributes {block_size = 32 : i32} {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'atomic_rmw_op' [add, fadd, max, min, umax, umin, fmax, fmin, and, or, xor, xchg]}}
  %0 = tt.atomic_rmw nand, acq_rel, gpu, %p, %v : !tt.ptr<i32>
  tt.return
}

// -----

tt.func @bad_sem(%p: !tt.ptr<i32>, %v: i32) attributes {block_size = 32 : i32} {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'sem' [relaxed, acquire, release, acq_rel]}}
  %0 = tt.atomic_rmw add, seq_cst, gpu, %p, %v : !tt.ptr<i32>
  tt.return
}

// -----

tt.func @cas_cmp_type(%p: !tt.ptr<i32>, %c: f32, %v: i32) attributes {block_size = 32 : i32} {
  // expected-error @+1 {{compared value of type 'f32' does not match the pointer '!tt.ptr<i32>', which addresses 'i32'}}
  %0 = "tt.atomic_cas"(%p, %c, %v) <{sem = 3 : i32, scope = 0 : i32}> : (!tt.ptr<i32>, f32, i32) -> i32
  tt.return
}

// -----

tt.func @cas_val_shape(%p: !tt.ptr<i32>, %c: i32) attributes {block_size = 32 : i32} {
  %v = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  // expected-error @+1 {{new value of type 'tensor<32xi32>' does not match the pointer '!tt.ptr<i32>', which addresses 'i32'}}
  %0 = "tt.atomic_cas"(%p, %c, %v) <{sem = 3 : i32, scope = 0 : i32}> : (!tt.ptr<i32>, i32, tensor<32xi32>) -> i32
  tt.return
}

// -----

tt.func @cas_result(%p: !tt.ptr<i32>, %c: i32, %v: i32) attributes {block_size = 32 : i32} {
  // expected-error @+1 {{result of type 'f32' does not match the pointer '!tt.ptr<i32>', which addresses 'i32'}}
  %0 = "tt.atomic_cas"(%p, %c, %v) <{sem = 3 : i32, scope = 0 : i32}> : (!tt.ptr<i32>, i32, i32) -> f32
  tt.return
}


// -----

tt.func @bad_scope(%p: !tt.ptr<i32>, %v: i32) attributes {block_size = 32 : i32} {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'scope' [gpu, cta, sys]}}
  %0 = tt.atomic_cas acq_rel, device, %p, %v, %v : !tt.ptr<i32>
  tt.return
}

// -----

// Element types are Triton's: PTX's atom has no 16-bit max, min or exch.
tt.func @half_max(%p: !tt.ptr<f16>, %v: f16) attributes {block_size = 32 : i32} {
  // expected-error @+1 {{'fmax' on 'f16' elements: 16-bit floats take fadd only}}
  %0 = tt.atomic_rmw fmax, acq_rel, gpu, %p, %v : !tt.ptr<f16>
  tt.return
}

// -----

tt.func @bf16_xchg(%p: !tt.ptr<bf16>, %v: bf16) attributes {block_size = 32 : i32} {
  // expected-error @+1 {{'xchg' on 'bf16' elements: 16-bit floats take fadd only}}
  %0 = tt.atomic_rmw xchg, acq_rel, gpu, %p, %v : !tt.ptr<bf16>
  tt.return
}

// -----

tt.func @short_add(%p: !tt.ptr<i16>, %v: i16) attributes {block_size = 32 : i32} {
  // expected-error @+1 {{'tt.atomic_rmw' op on 'i16' elements: read-modify-write atomics take 32- and 64-bit elements (and fadd on f16 and bf16)}}
  %0 = tt.atomic_rmw add, acq_rel, gpu, %p, %v : !tt.ptr<i16>
  tt.return
}

// -----

tt.func @byte_cas(%p: !tt.ptr<i8>, %c: i8, %v: i8) attributes {block_size = 32 : i32} {
  // expected-error @+1 {{'tt.atomic_cas' op on 'i8' elements: compare-and-swap takes 16-, 32- and 64-bit elements}}
  %0 = tt.atomic_cas acq_rel, gpu, %p, %c, %v : !tt.ptr<i8>
  tt.return
}

// -----

tt.func @float_kind_on_long(%p: !tt.ptr<i64>, %v: i64) attributes {block_size = 32 : i32} {
  // expected-error @+1 {{'fmin' is a float atomic; 'i64' elements take add, max, min, umax, umin, and, or, xor or xchg}}
  %0 = tt.atomic_rmw fmin, acq_rel, gpu, %p, %v : !tt.ptr<i64>
  tt.return
}
