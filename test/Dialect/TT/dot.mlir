// tt.dot and #tt.dot_operand print and parse back: the default precision
// is left out, the others and maxNumImpreciseAcc are kept; every element
// type pair of the table (getDotTypeRules) verifies.
// RUN: mytriton-opt %s | mytriton-opt | FileCheck %s

// CHECK-DAG: #[[B:blocked]] = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[OA:dot_op]] = #tt.dot_operand<{opIdx = 0, parent = #[[B]]}>
// CHECK-DAG: #[[OB:dot_op1]] = #tt.dot_operand<{opIdx = 1, parent = #[[B]]}>

// CHECK-LABEL: tt.func @dots
// CHECK:         %[[A:.*]] = tt.splat {{.*}} -> tensor<32x16xf32>
// CHECK:         %[[BV:.*]] = tt.splat {{.*}} -> tensor<16x64xf32>
// CHECK:         %[[C:.*]] = tt.splat {{.*}} -> tensor<32x64xf32>
// CHECK:         %[[D0:.*]] = tt.dot %[[A]], %[[BV]], %[[C]] : tensor<32x16xf32> * tensor<16x64xf32> -> tensor<32x64xf32>
// CHECK:         %[[D1:.*]] = tt.dot %[[A]], %[[BV]], %[[D0]], inputPrecision = ieee : tensor<32x16xf32> * tensor<16x64xf32> -> tensor<32x64xf32>
// CHECK:         tt.dot %[[A]], %[[BV]], %[[D1]], inputPrecision = tf32x3 {maxNumImpreciseAcc = 32 : i32} : tensor<32x16xf32> * tensor<16x64xf32> -> tensor<32x64xf32>
tt.func @dots(%x: f32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %a = tt.splat %x : f32 -> tensor<32x16xf32>
  %b = tt.splat %x : f32 -> tensor<16x64xf32>
  %c = tt.splat %x : f32 -> tensor<32x64xf32>
  %d0 = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<32x16xf32> * tensor<16x64xf32> -> tensor<32x64xf32>
  %d1 = tt.dot %a, %b, %d0, inputPrecision = ieee : tensor<32x16xf32> * tensor<16x64xf32> -> tensor<32x64xf32>
  %d2 = tt.dot %a, %b, %d1, inputPrecision = tf32x3 {maxNumImpreciseAcc = 32 : i32} : tensor<32x16xf32> * tensor<16x64xf32> -> tensor<32x64xf32>
  tt.return
}

// CHECK-LABEL: tt.func @laid_out
// CHECK:         %[[A:.*]] = tt.splat {{.*}} -> tensor<32x16xf32, #[[OA]]>
// CHECK:         %[[BV:.*]] = tt.splat {{.*}} -> tensor<16x32xf32, #[[OB]]>
// CHECK:         %[[C:.*]] = tt.splat {{.*}} -> tensor<32x32xf32, #[[B]]>
// CHECK:         tt.dot %[[A]], %[[BV]], %[[C]] : tensor<32x16xf32, #[[OA]]> * tensor<16x32xf32, #[[OB]]> -> tensor<32x32xf32, #[[B]]>
#blocked = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
tt.func @laid_out(%x: f32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %a = tt.splat %x : f32 -> tensor<32x16xf32, #tt.dot_operand<{opIdx = 0, parent = #blocked}>>
  %b = tt.splat %x : f32 -> tensor<16x32xf32, #tt.dot_operand<{opIdx = 1, parent = #blocked}>>
  %c = tt.splat %x : f32 -> tensor<32x32xf32, #blocked>
  %d = tt.dot %a, %b, %c : tensor<32x16xf32, #tt.dot_operand<{opIdx = 0, parent = #blocked}>> * tensor<16x32xf32, #tt.dot_operand<{opIdx = 1, parent = #blocked}>> -> tensor<32x32xf32, #blocked>
  tt.return
}

// CHECK-LABEL: tt.func @type_pairs
// CHECK:         tt.dot {{.*}} : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
// CHECK:         tt.dot {{.*}} : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf16>
// CHECK:         tt.dot {{.*}} : tensor<16x16xbf16> * tensor<16x16xbf16> -> tensor<16x16xf32>
// CHECK:         tt.dot {{.*}} : tensor<16x16xf64> * tensor<16x16xf64> -> tensor<16x16xf64>
// CHECK:         tt.dot {{.*}} : tensor<16x32xi8> * tensor<32x16xi8> -> tensor<16x16xi32>
tt.func @type_pairs(%h: f16, %bh: bf16, %s: f32, %d: f64, %i: i8, %w: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %a16 = tt.splat %h : f16 -> tensor<16x16xf16>
  %c32 = tt.splat %s : f32 -> tensor<16x16xf32>
  %c16 = tt.splat %h : f16 -> tensor<16x16xf16>
  %0 = tt.dot %a16, %a16, %c32 : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  %1 = tt.dot %a16, %a16, %c16 : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf16>
  %abf = tt.splat %bh : bf16 -> tensor<16x16xbf16>
  %2 = tt.dot %abf, %abf, %c32 : tensor<16x16xbf16> * tensor<16x16xbf16> -> tensor<16x16xf32>
  %a64 = tt.splat %d : f64 -> tensor<16x16xf64>
  %3 = tt.dot %a64, %a64, %a64 : tensor<16x16xf64> * tensor<16x16xf64> -> tensor<16x16xf64>
  %ai8 = tt.splat %i : i8 -> tensor<16x32xi8>
  %bi8 = tt.splat %i : i8 -> tensor<32x16xi8>
  %ci32 = tt.splat %w : i32 -> tensor<16x16xi32>
  %4 = tt.dot %ai8, %bi8, %ci32 : tensor<16x32xi8> * tensor<32x16xi8> -> tensor<16x16xi32>
  tt.return
}
