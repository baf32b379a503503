// Every verifier rule of tt.combine_reduce, tt.scan and their combine
// region, each triggered once.
// RUN: mytriton-opt %s -split-input-file -verify-diagnostics

tt.func @shapes_differ(%s: f32) attributes {block_size = 64 : i32} {
  %x = tt.splat %s : f32 -> tensor<64xf32>
  %y = tt.splat %s : f32 -> tensor<32xf32>
  // expected-error @+1 {{operand 1 has type 'tensor<32xf32>', whose shape differs from operand 0's 'tensor<64xf32>'}}
  %a, %b = tt.combine_reduce(%x, %y) axis = 0 : (tensor<64xf32>, tensor<32xf32>) -> (f32, f32) {
  ^bb0(%p: f32, %q: f32, %r: f32, %t: f32):
    tt.combine_return %p, %q : f32, f32
  }
  tt.return
}

// -----

tt.func @pointers(%p: !tt.ptr<f32>) attributes {block_size = 64 : i32} {
  %x = tt.splat %p : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  // expected-error @+1 {{operand 0 has '!tt.ptr<f32>' elements; a combine function takes integers and floats}}
  %a = tt.scan(%x) axis = 0 : (tensor<64x!tt.ptr<f32>>) -> tensor<64x!tt.ptr<f32>> {
  ^bb0(%l: !tt.ptr<f32>, %r: !tt.ptr<f32>):
    tt.combine_return %l : !tt.ptr<f32>
  }
  tt.return
}

// -----

tt.func @not_power_of_two(%s: i32) attributes {block_size = 48 : i32} {
  %x = tt.splat %s : i32 -> tensor<48xi32>
  // expected-error @+1 {{extent 48 of 'tensor<48xi32>' is not a power of two}}
  %a = tt.combine_reduce(%x) axis = 0 : (tensor<48xi32>) -> i32 {
  ^bb0(%l: i32, %r: i32):
    tt.combine_return %l : i32
  }
  tt.return
}

// -----

tt.func @axis_out_of_range(%s: i32) attributes {block_size = 64 : i32} {
  %x = tt.splat %s : i32 -> tensor<4x16xi32>
  // expected-error @+1 {{axis 2 is out of range for a 2-D tensor}}
  %a = tt.scan(%x) axis = 2 : (tensor<4x16xi32>) -> tensor<4x16xi32> {
  ^bb0(%l: i32, %r: i32):
    tt.combine_return %l : i32
  }
  tt.return
}

// -----

tt.func @result_shape(%s: i32) attributes {block_size = 64 : i32} {
  %x = tt.splat %s : i32 -> tensor<4x16xi32>
  // expected-error @+1 {{result 0 has type 'tensor<16xi32>'; reducing 'tensor<4x16xi32>' along axis 1 gives 'tensor<4xi32>'}}
  %a = tt.combine_reduce(%x) axis = 1 : (tensor<4x16xi32>) -> tensor<16xi32> {
  ^bb0(%l: i32, %r: i32):
    tt.combine_return %l : i32
  }
  tt.return
}

// -----

tt.func @result_count(%s: i32) attributes {block_size = 64 : i32} {
  %x = tt.splat %s : i32 -> tensor<64xi32>
  // expected-error @+1 {{has 2 results for 1 operands; each operand reduces to one}}
  %a, %b = tt.combine_reduce(%x) axis = 0 : (tensor<64xi32>) -> (i32, i32) {
  ^bb0(%l: i32, %r: i32):
    tt.combine_return %l : i32
  }
  tt.return
}

// -----

#blocked = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
tt.func @result_layout(%s: f32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %x = tt.splat %s : f32 -> tensor<32x64xf32, #blocked>
  // expected-error-re @+1 {{result 0 has type 'tensor<64xf32>'; reducing 'tensor<32x64xf32, {{.*}}>' along axis 0 gives 'tensor<64xf32, #tt.slice<{dim = 0, parent = {{.*}}}>>'}}
  %r = tt.combine_reduce(%x) axis = 0 : (tensor<32x64xf32, #blocked>) -> tensor<64xf32> {
  ^bb0(%a: f32, %b: f32):
    tt.combine_return %a : f32
  }
  tt.return
}

// -----

tt.func @scan_result_type(%s: i32) attributes {block_size = 64 : i32} {
  %x = tt.splat %s : i32 -> tensor<64xi32>
  // expected-error @+1 {{result 0 has type 'tensor<64xf32>', not operand 0's 'tensor<64xi32>'}}
  %a = tt.scan(%x) axis = 0 : (tensor<64xi32>) -> tensor<64xf32> {
  ^bb0(%l: i32, %r: i32):
    tt.combine_return %l : i32
  }
  tt.return
}

// -----

tt.func @region_arity(%s: i32) attributes {block_size = 64 : i32} {
  %x = tt.splat %s : i32 -> tensor<64xi32>
  // expected-error @+1 {{combine region takes 3 arguments; it takes 2 x 1 (the left and the right element of each operand)}}
  %a = tt.scan(%x) axis = 0 : (tensor<64xi32>) -> tensor<64xi32> {
  ^bb0(%l: i32, %r: i32, %t: i32):
    tt.combine_return %l : i32
  }
  tt.return
}

// -----

tt.func @region_argument_type(%s: i32) attributes {block_size = 64 : i32} {
  %x = tt.splat %s : i32 -> tensor<64xi32>
  // expected-error @+1 {{combine region argument 1 has type 'f32', not operand 0's element type 'i32'}}
  %a = tt.combine_reduce(%x) axis = 0 : (tensor<64xi32>) -> i32 {
  ^bb0(%l: i32, %r: f32):
    tt.combine_return %l : i32
  }
  tt.return
}

// -----

tt.func @yield_count(%s: i32) attributes {block_size = 64 : i32} {
  %x = tt.splat %s : i32 -> tensor<64xi32>
  %a = tt.combine_reduce(%x) axis = 0 : (tensor<64xi32>) -> i32 {
  ^bb0(%l: i32, %r: i32):
    // expected-error @+1 {{yields 2 values; the combine region yields one per operand (1)}}
    tt.combine_return %l, %r : i32, i32
  }
  tt.return
}

// -----

tt.func @yield_type(%s: i32) attributes {block_size = 64 : i32} {
  %x = tt.splat %s : i32 -> tensor<64xi32>
  %a = tt.scan(%x) axis = 0 : (tensor<64xi32>) -> tensor<64xi32> {
  ^bb0(%l: i32, %r: i32):
    %f = arith.sitofp %l : i32 to f32
    // expected-error @+1 {{yields 'f32' as value 0, not operand 0's element type 'i32'}}
    tt.combine_return %f : f32
  }
  tt.return
}

// -----

tt.func @kernel_op_in_region(%s: i32) attributes {block_size = 64 : i32} {
  %x = tt.splat %s : i32 -> tensor<64xi32>
  %a = tt.combine_reduce(%x) axis = 0 : (tensor<64xi32>) -> i32 {
  ^bb0(%l: i32, %r: i32):
    // expected-error @+1 {{is not allowed in a combine region, which holds arith and math ops on scalars}}
    %p = tt.get_program_id 0 : i32
    tt.combine_return %p : i32
  }
  tt.return
}

// -----

tt.func @tensor_in_region(%s: i32) attributes {block_size = 64 : i32} {
  %x = tt.splat %s : i32 -> tensor<64xi32>
  %a = tt.combine_reduce(%x) axis = 0 : (tensor<64xi32>) -> i32 {
  ^bb0(%l: i32, %r: i32):
    // expected-error @+1 {{produces 'tensor<4xi32>' in a combine region, which combines scalars}}
    %c = arith.constant dense<1> : tensor<4xi32>
    tt.combine_return %l : i32
  }
  tt.return
}

// -----

tt.func @captured(%s: i32) attributes {block_size = 64 : i32} {
  %x = tt.splat %s : i32 -> tensor<64xi32>
  // expected-note @+1 {{required by region isolation constraints}}
  %a = tt.combine_reduce(%x) axis = 0 : (tensor<64xi32>) -> i32 {
  ^bb0(%l: i32, %r: i32):
    // expected-error @+1 {{using value defined outside the region}}
    %c = arith.addi %l, %s : i32
    tt.combine_return %c : i32
  }
  tt.return
}

// -----

tt.func @return_outside(%s: i32) attributes {block_size = 64 : i32} {
  // expected-error @+1 {{expects parent op to be one of 'tt.combine_reduce, tt.scan'}}
  tt.combine_return %s : i32
}
