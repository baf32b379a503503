// Every verifier rule of the tt dialect, each triggered once.
// RUN: mytriton-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{block size 2048 is outside the CUDA range [1, 1024] threads per block}}
tt.func @block_too_wide() attributes {block_size = 2048 : i32} {
  tt.return
}

// -----

// expected-error @+1 {{block size 0 is outside the CUDA range [1, 1024] threads per block}}
tt.func @block_empty() attributes {block_size = 0 : i32} {
  tt.return
}

// -----

// expected-error @+1 {{requires attribute 'block_size'}}
tt.func @no_block_size() {
  tt.return
}

// -----

// expected-error @+1 {{kernel argument of type 'i7' is not supported; use a !tt.ptr, an integer (i8 to i64) or a float (f16, bf16, f32, f64)}}
tt.func @bad_argument(%x: i7) attributes {block_size = 32 : i32} {
  tt.return
}

// -----

// expected-error @+1 {{a kernel returns nothing; write results through pointers}}
tt.func @returns_value(%x: i32) -> i32 attributes {block_size = 32 : i32} {
  tt.return
}

// -----

// expected-error @+1 {{'tt.divisibility' of argument #0 must be a positive power-of-two i32, got 12 : i32}}
tt.func @divisibility_not_power_of_two(%x: !tt.ptr<f32> {tt.divisibility = 12 : i32}) attributes {block_size = 32 : i32} {
  tt.return
}

// -----

// expected-error @+1 {{'tt.divisibility' of argument #1 must be a positive power-of-two i32, got 16 : i64}}
tt.func @divisibility_not_i32(%x: !tt.ptr<f32>, %n: i32 {tt.divisibility = 16 : i64}) attributes {block_size = 32 : i32} {
  tt.return
}

// -----

// expected-error @+1 {{'tt.divisibility' of argument #0 needs a pointer, i32 or i64 argument, got 'f32'}}
tt.func @divisibility_on_float(%x: f32 {tt.divisibility = 16 : i32}) attributes {block_size = 32 : i32} {
  tt.return
}

// -----

// expected-error @+1 {{unknown tt argument attribute 'tt.alignment'}}
tt.func @unknown_argument_attribute(%x: !tt.ptr<f32> {tt.alignment = 16 : i32}) attributes {block_size = 32 : i32} {
  tt.return
}

// -----

// expected-error @+1 {{pointee type must be f16, bf16, f32, f64, i8, i16, i32 or i64, got 'f8E4M3FN'}}
tt.func @bad_pointee(%x: !tt.ptr<f8E4M3FN>) attributes {block_size = 32 : i32} {
  tt.return
}

// -----

// A bool in memory is a byte: there is no pointer to i1.
// expected-error @+1 {{pointee type i1 is not a memory type: a bool in memory is a byte, so point at i8}}
tt.func @bool_pointee(%x: !tt.ptr<i1>) attributes {block_size = 32 : i32} {
  tt.return
}

// -----

tt.func @program_id_axis() attributes {block_size = 32 : i32} {
  // expected-error @+1 {{program id axis 3 is out of range; the launch grid has axes 0, 1 and 2}}
  %0 = tt.get_program_id 3 : i32
  tt.return
}

// -----

tt.func @negative_program_id_axis() attributes {block_size = 32 : i32} {
  // expected-error @+1 {{program id axis -1 is out of range}}
  %0 = tt.get_program_id -1 : i32
  tt.return
}

// -----

tt.func @empty_range() attributes {block_size = 32 : i32} {
  // expected-error @+1 {{range [4, 4) is empty; end must be greater than start}}
  %0 = tt.make_range {start = 4 : i32, end = 4 : i32} : tensor<0xi32>
  tt.return
}

// -----

// Lanes are signed i32 indices: a negative start is refused (signless
// attributes used to read it back as 4294967280, a misleading "empty" range).
tt.func @range_negative_start() attributes {block_size = 32 : i32} {
  // expected-error @+1 {{range start -16 is negative; lanes are indices 0 <= start < end <= 2147483647}}
  %0 = tt.make_range {start = -16 : i32, end = 16 : i32} : tensor<32xi32>
  tt.return
}

// -----

// An end past INT32_MAX (read back as -2147483632) would make lanes wrap,
// and integer-range inference claim a range no lane has.
tt.func @range_crosses_int32_max() attributes {block_size = 32 : i32} {
  // expected-error @+1 {{range [2147483632, 2147483664) does not fit in i32: its lanes would wrap past 2147483647}}
  %0 = tt.make_range {start = 2147483632 : i32, end = 2147483664 : i32} : tensor<32xi32>
  tt.return
}

// -----

tt.func @range_type_mismatch() attributes {block_size = 32 : i32} {
  // expected-error @+1 {{range [0, 32) has 32 elements but its type 'tensor<16xi32>' has 16}}
  %0 = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<16xi32>
  tt.return
}

// -----

// A tensor of another width makes the kernel tiled, which needs num_warps.
tt.func @range_not_block() attributes {block_size = 32 : i32} {
  // expected-error @+1 {{produces 'tensor<64xi32>', which is not 1-D of the kernel's block size 32; a kernel whose tensors have shapes of their own needs num_warps}}
  %0 = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  tt.return
}

// -----

tt.func @tiled_block_size_not_warps(%x: i32) attributes {block_size = 32 : i32, num_warps = 4 : i32} {
  // expected-error @-1 {{block size 32 is not the 128 threads of num_warps 4; a kernel whose tensors have shapes of their own runs 32 * num_warps threads per program}}
  %0 = tt.splat %x : i32 -> tensor<64xi32>
  tt.return
}

// -----

tt.func @zero_d_tensor(%x: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  // expected-error @+1 {{produces the 0-D tensor 'tensor<i32>'; a tensor has at least one dimension (a single value is a scalar)}}
  %0 = tt.splat %x : i32 -> tensor<i32>
  tt.return
}

// -----

tt.func @tiled_not_power_of_two(%x: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  // expected-error @+1 {{produces 'tensor<32x48xi32>', whose extent 48 is not a power of two; every dimension of a tensor must be a power of two}}
  %0 = tt.splat %x : i32 -> tensor<32x48xi32>
  tt.return
}

// -----

tt.func @tiled_too_many_elements(%x: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  // expected-error @+1 {{produces 'tensor<2048x1024xi32>' of 2097152 elements, more than the 1048576 a tensor may have}}
  %0 = tt.splat %x : i32 -> tensor<2048x1024xi32>
  tt.return
}

// -----

tt.func @tiled_packed_programs(%x: i32) attributes {block_size = 32 : i32, num_warps = 1 : i32, programs_per_cta = 2 : i32} {
  // expected-error @-1 {{programs_per_cta is for kernels whose tensors all have the block's width}}
  %0 = tt.splat %x : i32 -> tensor<4x8xi32>
  tt.return
}

// -----

tt.func @two_d_tensor(%x: i32) attributes {block_size = 32 : i32} {
  // expected-error @+1 {{produces 'tensor<32x32xi32>', which is not 1-D of the kernel's block size 32; a kernel whose tensors have shapes of their own needs num_warps}}
  %0 = tt.splat %x : i32 -> tensor<32x32xi32>
  tt.return
}

// -----

tt.func @splat_element_mismatch(%x: i32) attributes {block_size = 32 : i32} {
  // expected-error @+1 {{result element type matches the scalar}}
  %0 = "tt.splat"(%x) : (i32) -> tensor<32xf32>
  tt.return
}

// -----

tt.func @addptr_shape_mismatch(%p: !tt.ptr<f32>, %o: i32) attributes {block_size = 32 : i32} {
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
  // expected-error @+1 {{requires the same shape for all operands and results}}
  %q = "tt.addptr"(%ps, %o) : (tensor<32x!tt.ptr<f32>>, i32) -> tensor<32x!tt.ptr<f32>>
  tt.return
}

// -----

tt.func @addptr_float_offset(%p: !tt.ptr<f32>, %o: f32) attributes {block_size = 32 : i32} {
  // expected-error @+1 {{operand #1 must be i32, i64 or a tensor of them}}
  %q = "tt.addptr"(%p, %o) : (!tt.ptr<f32>, f32) -> !tt.ptr<f32>
  tt.return
}

// -----

tt.func @load_mask_shape(%p: !tt.ptr<f32>) attributes {block_size = 32 : i32} {
  %m = arith.constant true
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
  // expected-error @+1 {{mask of type 'i1' has a scalar but the pointer has shape [32]; expected 'tensor<32xi1>'}}
  %v = "tt.load"(%ps, %m) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (tensor<32x!tt.ptr<f32>>, i1) -> tensor<32xf32>
  tt.return
}

// -----

tt.func @load_mask_not_bool(%p: !tt.ptr<f32>) attributes {block_size = 32 : i32} {
  %m = arith.constant dense<1> : tensor<32xi32>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
  // expected-error @+1 {{operand #1 must be i1 or tensor of i1, but got 'tensor<32xi32>'}}
  %v = "tt.load"(%ps, %m) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (tensor<32x!tt.ptr<f32>>, tensor<32xi32>) -> tensor<32xf32>
  tt.return
}

// -----

tt.func @load_other_type(%p: !tt.ptr<f32>, %o: i32) attributes {block_size = 32 : i32} {
  %m = arith.constant dense<true> : tensor<32xi1>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
  %os = tt.splat %o : i32 -> tensor<32xi32>
  // expected-error @+1 {{'other' of type 'tensor<32xi32>' is not the loaded type 'tensor<32xf32>'; convert and broadcast it first}}
  %v = "tt.load"(%ps, %m, %os) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (tensor<32x!tt.ptr<f32>>, tensor<32xi1>, tensor<32xi32>) -> tensor<32xf32>
  tt.return
}

// -----

tt.func @load_other_scalar(%p: !tt.ptr<f32>, %o: f32) attributes {block_size = 32 : i32} {
  %m = arith.constant dense<true> : tensor<32xi1>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
  // expected-error @+1 {{'other' of type 'f32' is not the loaded type 'tensor<32xf32>'}}
  %v = "tt.load"(%ps, %m, %o) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (tensor<32x!tt.ptr<f32>>, tensor<32xi1>, f32) -> tensor<32xf32>
  tt.return
}

// -----

tt.func @kernel_bool_argument(%m: i1) attributes {block_size = 32 : i32} {
  tt.return
}
// expected-error @-3 {{kernel argument of type 'i1' is not supported}}

// -----

tt.func @load_other_without_mask(%p: !tt.ptr<f32>, %o: f32) attributes {block_size = 32 : i32} {
  // expected-error @+1 {{'other' is only meaningful with a mask}}
  %v = "tt.load"(%p, %o) <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (!tt.ptr<f32>, f32) -> f32
  tt.return
}

// -----

tt.func @load_result_type(%p: !tt.ptr<f32>) attributes {block_size = 32 : i32} {
  // expected-error @+1 {{load through '!tt.ptr<f32>' produces 'f32', not 'i32'}}
  %v = "tt.load"(%p) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (!tt.ptr<f32>) -> i32
  tt.return
}

// -----

tt.func @store_value_type(%p: !tt.ptr<f32>, %v: i32) attributes {block_size = 32 : i32} {
  // expected-error @+1 {{stored value of type 'i32' does not match the pointer's 'f32'}}
  "tt.store"(%p, %v) : (!tt.ptr<f32>, i32) -> ()
  tt.return
}

// -----

tt.func @store_mask_shape(%p: !tt.ptr<f32>, %v: f32) attributes {block_size = 32 : i32} {
  %m = arith.constant dense<true> : tensor<32xi1>
  // expected-error @+1 {{mask of type 'tensor<32xi1>' has shape [32] but the pointer has a scalar; expected 'i1'}}
  "tt.store"(%p, %v, %m) : (!tt.ptr<f32>, f32, tensor<32xi1>) -> ()
  tt.return
}

// -----

tt.func @reduce_not_power_of_two(%x: f32) attributes {block_size = 100 : i32} {
  %v = tt.splat %x : f32 -> tensor<100xf32>
  // expected-error @+1 {{reduction width 100 is not a power of two}}
  %s = tt.reduce sum %v : tensor<100xf32> -> f32
  tt.return
}

// -----

tt.func @reduce_2d_without_axis(%x: f32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %v = tt.splat %x : f32 -> tensor<4x32xf32>
  // expected-error @+1 {{sum reduction of the 2-D tensor 'tensor<4x32xf32>' needs an axis; reduce one axis at a time}}
  %s = tt.reduce sum %v : tensor<4x32xf32> -> f32
  tt.return
}

// -----

tt.func @reduce_axis_out_of_range(%x: f32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %v = tt.splat %x : f32 -> tensor<4x32xf32>
  // expected-error @+1 {{reduction axis 2 is out of range for a 2-D tensor}}
  %s = tt.reduce sum %v {axis = 2 : i32} : tensor<4x32xf32> -> tensor<4xf32>
  tt.return
}

// -----

tt.func @reduce_axis_wrong_result(%x: f32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %v = tt.splat %x : f32 -> tensor<4x32xf32>
  // expected-error @+1 {{max reduction of 'tensor<4x32xf32>' along axis 1 produces a tensor of shape [4] of 'f32', not 'tensor<32xf32>'}}
  %s = tt.reduce max %v {axis = 1 : i32} : tensor<4x32xf32> -> tensor<32xf32>
  tt.return
}

// -----

tt.func @expand_dims_axis_out_of_range(%x: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %v = tt.splat %x : i32 -> tensor<32xi32>
  // expected-error @+1 {{axis 2 is out of range: a 1-D tensor takes a new dimension at 0..1}}
  %e = tt.expand_dims %v {axis = 2 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  tt.return
}

// -----

tt.func @expand_dims_wrong_shape(%x: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %v = tt.splat %x : i32 -> tensor<32xi32>
  // expected-error @+1 {{inserting a dimension at axis 0 of shape [32] gives shape [1, 32], not shape [32, 1]}}
  %e = tt.expand_dims %v {axis = 0 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  tt.return
}

// -----

tt.func @broadcast_rank_change(%x: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %v = tt.splat %x : i32 -> tensor<32xi32>
  // expected-error @+1 {{cannot broadcast shape [32] to shape [4, 32]: the ranks differ (insert dimensions with expand_dims first)}}
  %b = tt.broadcast %v : tensor<32xi32> -> tensor<4x32xi32>
  tt.return
}

// -----

tt.func @broadcast_non_unit(%x: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %v = tt.splat %x : i32 -> tensor<2x32xi32>
  // expected-error @+1 {{cannot broadcast shape [2, 32] to shape [4, 32]: only dimensions of extent 1 are repeated}}
  %b = tt.broadcast %v : tensor<2x32xi32> -> tensor<4x32xi32>
  tt.return
}

// -----

tt.func @trans_wrong_shape(%x: f32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %v = tt.splat %x : f32 -> tensor<4x32xf32>
  // expected-error @+1 {{the transpose of shape [4, 32] has shape [32, 4], not shape [4, 32]}}
  %t = tt.trans %v : tensor<4x32xf32> -> tensor<4x32xf32>
  tt.return
}

// -----

tt.func @trans_to_1d(%x: f32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %v = tt.splat %x : f32 -> tensor<4x32xf32>
  // expected-error @+1 {{the transpose of shape [4, 32] has shape [32, 4], not shape [128]}}
  %t = tt.trans %v : tensor<4x32xf32> -> tensor<128xf32>
  tt.return
}

// -----

tt.func @trans_1d(%x: f32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %v = tt.splat %x : f32 -> tensor<32xf32>
  // expected-error @+1 {{transposes 2-D tensors, not 'tensor<32xf32>'}}
  %t = tt.trans %v : tensor<32xf32> -> tensor<32xf32>
  tt.return
}

// -----

tt.func @reshape_element_count(%x: f32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %v = tt.splat %x : f32 -> tensor<64xf32>
  // expected-error @+1 {{cannot reshape shape [64] (64 elements) to shape [4, 8] (32 elements)}}
  %r = tt.reshape %v : tensor<64xf32> -> tensor<4x8xf32>
  tt.return
}

// -----

tt.func @reduce_bool() attributes {block_size = 32 : i32} {
  %v = arith.constant dense<true> : tensor<32xi1>
  // expected-error @+1 {{min reduction of 'i1' elements is not supported; reduce integers of 8 to 64 bits or floats}}
  %s = tt.reduce min %v : tensor<32xi1> -> i1
  tt.return
}

// -----

tt.func @reduce_result_type(%x: f32) attributes {block_size = 32 : i32} {
  %v = tt.splat %x : f32 -> tensor<32xf32>
  // expected-error @+1 {{sum reduction of 'tensor<32xf32>' produces a scalar 'f32', not 'i32'}}
  %s = tt.reduce sum %v : tensor<32xf32> -> i32
  tt.return
}

// -----


tt.func @reduce_scalar(%x: f32) attributes {block_size = 32 : i32} {
  // expected-error @+1 {{operand #0 must be ranked tensor}}
  %s = "tt.reduce"(%x) <{kind = 0 : i32}> : (f32) -> f32
  tt.return
}

// -----

tt.func @reduce_unknown_kind(%x: f32) attributes {block_size = 32 : i32} {
  %v = tt.splat %x : f32 -> tensor<32xf32>
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'kind' [sum, max, min]}}
  %s = tt.reduce prod %v : tensor<32xf32> -> f32
  tt.return
}

// -----

tt.func @return_outside(%x: f32) attributes {block_size = 32 : i32} {
  tt.return
}
// expected-error @+1 {{expects parent op 'tt.func'}}
tt.return

// -----

tt.func @unknown_op() attributes {block_size = 32 : i32} {
  // expected-error @+1 {{custom op 'tt.frobnicate' is unknown}}
  tt.frobnicate
  tt.return
}

// -----

// expected-error @+1 {{num_warps 33 is outside [1, 32] (at most 1024 threads)}}
tt.func @too_many_warps() attributes {block_size = 1024 : i32, num_warps = 33 : i32} {
  tt.return
}

// -----

// expected-error @+1 {{num_warps 0 is outside [1, 32]}}
tt.func @zero_warps() attributes {block_size = 1024 : i32, num_warps = 0 : i32} {
  tt.return
}

// -----

// expected-error @+1 {{num_stages -1 is negative}}
tt.func @negative_stages() attributes {block_size = 128 : i32, num_warps = 4 : i32, num_stages = -1 : i32} {
  tt.return
}

// -----

// expected-error @+1 {{block size 96 is not a multiple of the 64 threads of num_warps 2; every thread must own the same number of lanes}}
tt.func @uneven_lanes() attributes {block_size = 96 : i32, num_warps = 2 : i32} {
  tt.return
}

// -----

// expected-error @+1 {{programs_per_cta 3 is not a power of two}}
tt.func @uneven_packing() attributes {block_size = 32 : i32, programs_per_cta = 3 : i32} {
  tt.return
}

// -----

// expected-error @+1 {{programs_per_cta 2 packs programs of 64 threads; only programs of at most one warp (32 threads) share a CUDA block, since they need no barrier}}
tt.func @packing_wide_programs() attributes {block_size = 256 : i32, num_warps = 2 : i32, programs_per_cta = 2 : i32} {
  tt.return
}

// -----

// expected-error @+1 {{programs_per_cta 64 times 32 threads exceeds the CUDA limit of 1024 threads per block}}
tt.func @packing_too_many() attributes {block_size = 256 : i32, num_warps = 1 : i32, programs_per_cta = 64 : i32} {
  tt.return
}

// -----

// tt ops belong in a kernel: outside one no pipeline compiles them.
// expected-error @+1 {{'tt.get_program_id' op is outside a tt.func; tt ops belong in a kernel's body, and no pipeline compiles them elsewhere}}
%pid = tt.get_program_id 0 : i32

// -----

// expected-error @+1 {{'tt.make_range' op is outside a tt.func}}
%r = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>

// -----

// A symbol table that is not a module (a kernel in another tt.func fails
// MLIR's own symbol rule first).
gpu.module @g {
  // expected-error @+1 {{'tt.func' op must be an op of the top-level module, where every pipeline looks for kernels; this one is inside 'gpu.module' and would not be compiled}}
  tt.func @inner() attributes {block_size = 1 : i32} {
    tt.return
  }
}

// -----

// `main`: nvcc refuses a __global__ main.
// expected-error @+1 {{'tt.func' op name 'main' cannot name a kernel: CUDA reserves it (a C++ keyword, or declared by the CUDA and C headers every CUDA file includes, or a PTX name); rename the kernel}}
tt.func @main() attributes {block_size = 1 : i32} {
  tt.return
}

// -----

// `printf`: declared by the headers nvcc includes.
// expected-error @+1 {{'tt.func' op name 'printf' cannot name a kernel: CUDA reserves it (a C++ keyword, or declared by the CUDA and C headers every CUDA file includes, or a PTX name); rename the kernel}}
tt.func @printf() attributes {block_size = 1 : i32} {
  tt.return
}

// -----

// expected-error @+1 {{'tt.func' op name 'abs' cannot name a kernel: CUDA reserves it (a C++ keyword, or declared by the CUDA and C headers every CUDA file includes, or a PTX name); rename the kernel}}
tt.func @abs() attributes {block_size = 1 : i32} {
  tt.return
}

// -----

// `float4`: a CUDA vector type.
// expected-error @+1 {{'tt.func' op name 'float4' cannot name a kernel: CUDA reserves it (a C++ keyword, or declared by the CUDA and C headers every CUDA file includes, or a PTX name); rename the kernel}}
tt.func @float4() attributes {block_size = 1 : i32} {
  tt.return
}

// -----

// `threadIdx`: a CUDA built-in variable.
// expected-error @+1 {{'tt.func' op name 'threadIdx' cannot name a kernel: CUDA reserves it (a C++ keyword, or declared by the CUDA and C headers every CUDA file includes, or a PTX name); rename the kernel}}
tt.func @threadIdx() attributes {block_size = 1 : i32} {
  tt.return
}

// -----

// `alloca`: a function-like macro of <alloca.h>.
// expected-error @+1 {{'tt.func' op name 'alloca' cannot name a kernel: CUDA reserves it (a C++ keyword, or declared by the CUDA and C headers every CUDA file includes, or a PTX name); rename the kernel}}
tt.func @alloca() attributes {block_size = 1 : i32} {
  tt.return
}

// -----

// `class`: a C++ keyword.
// expected-error @+1 {{'tt.func' op name 'class' cannot name a kernel: CUDA reserves it (a C++ keyword, or declared by the CUDA and C headers every CUDA file includes, or a PTX name); rename the kernel}}
tt.func @class() attributes {block_size = 1 : i32} {
  tt.return
}

// -----

// `WARP_SZ`: a predefined PTX identifier: ptxas refuses it.
// expected-error @+1 {{'tt.func' op name 'WARP_SZ' cannot name a kernel: CUDA reserves it (a C++ keyword, or declared by the CUDA and C headers every CUDA file includes, or a PTX name); rename the kernel}}
tt.func @WARP_SZ() attributes {block_size = 1 : i32} {
  tt.return
}

// -----

// The CUDA emitter's own device functions of Triton's approximate math.
// expected-error @+1 {{'tt.func' op name 'mytriton_div_full' cannot name a kernel: CUDA reserves it}}
tt.func @mytriton_div_full() attributes {block_size = 1 : i32} {
  tt.return
}
