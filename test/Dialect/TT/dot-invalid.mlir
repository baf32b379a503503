// Every verifier rule of tt.dot and #tt.dot_operand, each triggered once.
// RUN: mytriton-opt %s -split-input-file -verify-diagnostics

tt.func @rank(%sf32: f32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %a = tt.splat %sf32 : f32 -> tensor<16xf32>
  %b = tt.splat %sf32 : f32 -> tensor<16x16xf32>
  %c = tt.splat %sf32 : f32 -> tensor<16x16xf32>
  // expected-error @+1 {{'tt.dot' op multiplies 2-D tiles, but a has shape [16]}}
  %d = tt.dot %a, %b, %c : tensor<16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @k_mismatch(%sf32: f32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %a = tt.splat %sf32 : f32 -> tensor<16x32xf32>
  %b = tt.splat %sf32 : f32 -> tensor<16x16xf32>
  %c = tt.splat %sf32 : f32 -> tensor<16x16xf32>
  // expected-error @+1 {{'tt.dot' op a of shape [16, 32] has K = 32 columns but b of shape [16, 16] has 16 rows; a is M x K and b is K x N}}
  %d = tt.dot %a, %b, %c : tensor<16x32xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @acc_shape(%sf32: f32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %a = tt.splat %sf32 : f32 -> tensor<32x16xf32>
  %b = tt.splat %sf32 : f32 -> tensor<16x64xf32>
  %c = tt.splat %sf32 : f32 -> tensor<32x32xf32>
  // expected-error @+1 {{'tt.dot' op the product of [32, 16] and [16, 64] is [32, 64], but the accumulator has shape [32, 32]}}
  %d = tt.dot %a, %b, %c : tensor<32x16xf32> * tensor<16x64xf32> -> tensor<32x32xf32>
  tt.return
}

// -----

tt.func @mixed_operands(%sf32: f32, %si32: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %a = tt.splat %sf32 : f32 -> tensor<16x16xf32>
  %b = tt.splat %si32 : i32 -> tensor<16x16xi32>
  %c = tt.splat %sf32 : f32 -> tensor<16x16xf32>
  // expected-error @+1 {{'tt.dot' op operands have different element types: a is 'f32', b is 'i32'}}
  %d = tt.dot %a, %b, %c : tensor<16x16xf32> * tensor<16x16xi32> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @types(%si32: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %a = tt.splat %si32 : i32 -> tensor<16x16xi32>
  %b = tt.splat %si32 : i32 -> tensor<16x16xi32>
  %c = tt.splat %si32 : i32 -> tensor<16x16xi32>
  // expected-error @+1 {{'tt.dot' op does not multiply 'i32' x 'i32' -> 'i32'; supported: f16 x f16 -> f32, f16 x f16 -> f16, bf16 x bf16 -> f32, f32 x f32 -> f32, f64 x f64 -> f64, i8 x i8 -> i32}}
  %d = tt.dot %a, %b, %c : tensor<16x16xi32> * tensor<16x16xi32> -> tensor<16x16xi32>
  tt.return
}

// -----

tt.func @acc_type(%sf32: f32, %si32: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %a = tt.splat %sf32 : f32 -> tensor<16x16xf32>
  %b = tt.splat %sf32 : f32 -> tensor<16x16xf32>
  %c = tt.splat %si32 : i32 -> tensor<16x16xi32>
  // expected-error @+1 {{'tt.dot' op does not multiply 'f32' x 'f32' -> 'i32'; supported: f16 x f16 -> f32, f16 x f16 -> f16, bf16 x bf16 -> f32, f32 x f32 -> f32, f64 x f64 -> f64, i8 x i8 -> i32}}
  %d = tt.dot %a, %b, %c : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xi32>
  tt.return
}

// -----

tt.func @f32_into_f16(%so: f32, %sc: f16) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %a = tt.splat %so : f32 -> tensor<16x16xf32>
  %b = tt.splat %so : f32 -> tensor<16x16xf32>
  %c = tt.splat %sc : f16 -> tensor<16x16xf16>
  // expected-error @+1 {{'tt.dot' op does not multiply 'f32' x 'f32' -> 'f16'; supported: }}
  %d = tt.dot %a, %b, %c : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf16>
  tt.return
}

// -----

tt.func @bf16_into_bf16(%so: bf16, %sc: bf16) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %a = tt.splat %so : bf16 -> tensor<16x16xbf16>
  %b = tt.splat %so : bf16 -> tensor<16x16xbf16>
  %c = tt.splat %sc : bf16 -> tensor<16x16xbf16>
  // expected-error @+1 {{'tt.dot' op does not multiply 'bf16' x 'bf16' -> 'bf16'; supported: }}
  %d = tt.dot %a, %b, %c : tensor<16x16xbf16> * tensor<16x16xbf16> -> tensor<16x16xbf16>
  tt.return
}

// -----

tt.func @f16_into_f64(%so: f16, %sc: f64) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %a = tt.splat %so : f16 -> tensor<16x16xf16>
  %b = tt.splat %so : f16 -> tensor<16x16xf16>
  %c = tt.splat %sc : f64 -> tensor<16x16xf64>
  // expected-error @+1 {{'tt.dot' op does not multiply 'f16' x 'f16' -> 'f64'; supported: }}
  %d = tt.dot %a, %b, %c : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf64>
  tt.return
}

// -----

tt.func @f64_into_f32(%so: f64, %sc: f32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %a = tt.splat %so : f64 -> tensor<16x16xf64>
  %b = tt.splat %so : f64 -> tensor<16x16xf64>
  %c = tt.splat %sc : f32 -> tensor<16x16xf32>
  // expected-error @+1 {{'tt.dot' op does not multiply 'f64' x 'f64' -> 'f32'; supported: }}
  %d = tt.dot %a, %b, %c : tensor<16x16xf64> * tensor<16x16xf64> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @i8_into_f32(%so: i8, %sc: f32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %a = tt.splat %so : i8 -> tensor<16x32xi8>
  %b = tt.splat %so : i8 -> tensor<32x16xi8>
  %c = tt.splat %sc : f32 -> tensor<16x16xf32>
  // expected-error @+1 {{'tt.dot' op does not multiply 'i8' x 'i8' -> 'f32'; supported: }}
  %d = tt.dot %a, %b, %c : tensor<16x32xi8> * tensor<32x16xi8> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @i8_into_i8(%so: i8, %sc: i8) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %a = tt.splat %so : i8 -> tensor<16x32xi8>
  %b = tt.splat %so : i8 -> tensor<32x16xi8>
  %c = tt.splat %sc : i8 -> tensor<16x16xi8>
  // expected-error @+1 {{'tt.dot' op does not multiply 'i8' x 'i8' -> 'i8'; supported: }}
  %d = tt.dot %a, %b, %c : tensor<16x32xi8> * tensor<32x16xi8> -> tensor<16x16xi8>
  tt.return
}

// -----

tt.func @i16_into_i32(%so: i16, %sc: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %a = tt.splat %so : i16 -> tensor<16x32xi16>
  %b = tt.splat %so : i16 -> tensor<32x16xi16>
  %c = tt.splat %sc : i32 -> tensor<16x16xi32>
  // expected-error @+1 {{'tt.dot' op does not multiply 'i16' x 'i16' -> 'i32'; supported: }}
  %d = tt.dot %a, %b, %c : tensor<16x32xi16> * tensor<32x16xi16> -> tensor<16x16xi32>
  tt.return
}

// -----

tt.func @imprecise(%sf32: f32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %a = tt.splat %sf32 : f32 -> tensor<16x16xf32>
  %b = tt.splat %sf32 : f32 -> tensor<16x16xf32>
  %c = tt.splat %sf32 : f32 -> tensor<16x16xf32>
  // expected-error @+1 {{'tt.dot' op maxNumImpreciseAcc must be >= 0, got -1}}
  %d = tt.dot %a, %b, %c {maxNumImpreciseAcc = -1 : i32} : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @precision(%sf32: f32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %a = tt.splat %sf32 : f32 -> tensor<16x16xf32>
  %b = tt.splat %sf32 : f32 -> tensor<16x16xf32>
  %c = tt.splat %sf32 : f32 -> tensor<16x16xf32>
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'inputPrecision' [tf32, tf32x3, ieee]}}
  %d = tt.dot %a, %b, %c, inputPrecision = bf16x3 : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
  tt.return
}

// -----

#blocked = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#other = #tt.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
tt.func @operand_layout(%sf32: f32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %a = tt.splat %sf32 : f32 -> tensor<16x16xf32, #tt.dot_operand<{opIdx = 0, parent = #other}>>
  %b = tt.splat %sf32 : f32 -> tensor<16x16xf32, #tt.dot_operand<{opIdx = 1, parent = #blocked}>>
  %c = tt.splat %sf32 : f32 -> tensor<16x16xf32, #blocked>
  // expected-error @+1 {{'tt.dot' op operand a must have the layout #tt.dot_operand<{opIdx = 0, parent = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>}> of the accumulator's}}
  %d = tt.dot %a, %b, %c : tensor<16x16xf32, #tt.dot_operand<{opIdx = 0, parent = #other}>> * tensor<16x16xf32, #tt.dot_operand<{opIdx = 1, parent = #blocked}>> -> tensor<16x16xf32, #blocked>
  tt.return
}

// -----

#blocked = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
tt.func @operand_swapped(%sf32: f32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %a = tt.splat %sf32 : f32 -> tensor<16x16xf32, #tt.dot_operand<{opIdx = 0, parent = #blocked}>>
  %b = tt.splat %sf32 : f32 -> tensor<16x16xf32, #tt.dot_operand<{opIdx = 0, parent = #blocked}>>
  %c = tt.splat %sf32 : f32 -> tensor<16x16xf32, #blocked>
  // expected-error @+1 {{'tt.dot' op operand b must have the layout #tt.dot_operand<{opIdx = 1,}}
  %d = tt.dot %a, %b, %c : tensor<16x16xf32, #tt.dot_operand<{opIdx = 0, parent = #blocked}>> * tensor<16x16xf32, #tt.dot_operand<{opIdx = 0, parent = #blocked}>> -> tensor<16x16xf32, #blocked>
  tt.return
}

// -----

#blocked = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
tt.func @unlaid_acc(%sf32: f32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %a = tt.splat %sf32 : f32 -> tensor<16x16xf32, #tt.dot_operand<{opIdx = 0, parent = #blocked}>>
  %b = tt.splat %sf32 : f32 -> tensor<16x16xf32, #tt.dot_operand<{opIdx = 1, parent = #blocked}>>
  %c = tt.splat %sf32 : f32 -> tensor<16x16xf32>
  // expected-error @+1 {{'tt.dot' op with layouts needs a #tt.blocked or #tt.mma accumulator, not 'tensor<16x16xf32>'}}
  %d = tt.dot %a, %b, %c : tensor<16x16xf32, #tt.dot_operand<{opIdx = 0, parent = #blocked}>> * tensor<16x16xf32, #tt.dot_operand<{opIdx = 1, parent = #blocked}>> -> tensor<16x16xf32>
  tt.return
}

// -----

#blocked = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// expected-error @+1 {{#tt.dot_operand opIdx must be 0 (the dot's a) or 1 (its b), got 2}}
func.func @op_idx(%a: tensor<16x16xf32, #tt.dot_operand<{opIdx = 2, parent = #blocked}>>)

// -----

#blocked = #tt.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// expected-error @+1 {{the parent of a #tt.dot_operand must be the rank-2 #tt.blocked or the #tt.mma layout of the dot's accumulator}}
func.func @parent_rank(%a: tensor<16x16xf32, #tt.dot_operand<{opIdx = 0, parent = #blocked}>>)

// -----

#blocked = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// expected-error @+1 {{#tt.dot_operand types the 2-D operands of tt.dot, not a rank-1 tensor}}
func.func @operand_rank(%a: tensor<16xf32, #tt.dot_operand<{opIdx = 0, parent = #blocked}>>)

// -----

#blocked = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// expected-error @+1 {{#tt.dot_operand needs 'parent' (keys: opIdx, parent, kWidth (optional))}}
func.func @missing_key(%a: tensor<16x16xf32, #tt.dot_operand<{opIdx = 0}>>)
