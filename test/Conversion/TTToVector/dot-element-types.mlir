// tt.dot's element type pairs on the CPU route: the operands are extended
// to the type the steps compute in when they are stored (once per dot), and
// each k step is one rounding in the accumulator's type: f16/bf16 x f16/bf16
// -> f32 as f32 FMAs of exactly extended operands; an f16 accumulator as an
// f64 FMA of the extended values truncated to f16 each step (the correctly
// rounded f16 FMA of the GPU routes); f64 FMAs; i8 x i8 -> i32 sign-extended
// with a multiply and a (wrapping) add.
// RUN: mytriton-opt %s --convert-tt-to-vector="bounds-check=false" | FileCheck %s
// RUN: mytriton-opt %s --tt-to-llvm-cpu | FileCheck %s --check-prefix=LLVM

// CHECK-LABEL: func.func private @f16_into_f32(
// CHECK-DAG:     %[[A:.*]] = memref.alloca() : memref<256xf32>
// CHECK-DAG:     %[[B:.*]] = memref.alloca() : memref<512xf32>
// CHECK-DAG:     %[[D:.*]] = memref.alloca() : memref<512xf32>
// CHECK:         %[[AX:.*]] = arith.extf %{{.*}} : vector<256xf16> to vector<256xf32>
// CHECK:         vector.store %[[AX]], %[[A]]
// CHECK:         %[[BX:.*]] = arith.extf %{{.*}} : vector<512xf16> to vector<512xf32>
// CHECK:         vector.store %[[BX]], %[[B]]
// CHECK:         scf.for
// CHECK:           scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (vector<32xf32>)
// CHECK:             %[[AMK:.*]] = memref.load %[[A]]
// CHECK:             %[[SPLAT:.*]] = vector.broadcast %[[AMK]] : f32 to vector<32xf32>
// CHECK:             %[[BROW:.*]] = vector.load %[[B]]{{.*}} : memref<512xf32>, vector<32xf32>
// CHECK:             math.fma %[[SPLAT]], %[[BROW]], %[[ACC]] : vector<32xf32>
tt.func @f16_into_f32(%x: f16, %z: f32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %a = tt.splat %x : f16 -> tensor<16x16xf16>
  %b = tt.splat %x : f16 -> tensor<16x32xf16>
  %c = tt.splat %z : f32 -> tensor<16x32xf32>
  %d = tt.dot %a, %b, %c : tensor<16x16xf16> * tensor<16x32xf16> -> tensor<16x32xf32>
  tt.return
}

// CHECK-LABEL: func.func private @bf16_into_f32(
// CHECK:         arith.extf %{{.*}} : vector<256xbf16> to vector<256xf32>
// CHECK:         arith.extf %{{.*}} : vector<512xbf16> to vector<512xf32>
// CHECK:         math.fma %{{.*}}, %{{.*}}, %{{.*}} : vector<32xf32>
tt.func @bf16_into_f32(%x: bf16, %z: f32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %a = tt.splat %x : bf16 -> tensor<16x16xbf16>
  %b = tt.splat %x : bf16 -> tensor<16x32xbf16>
  %c = tt.splat %z : f32 -> tensor<16x32xf32>
  %d = tt.dot %a, %b, %c : tensor<16x16xbf16> * tensor<16x32xbf16> -> tensor<16x32xf32>
  tt.return
}

// CHECK-LABEL: func.func private @f16_into_f16(
// CHECK-DAG:     %[[A:.*]] = memref.alloca() : memref<256xf64>
// CHECK-DAG:     %[[B:.*]] = memref.alloca() : memref<512xf64>
// CHECK-DAG:     %[[D:.*]] = memref.alloca() : memref<512xf16>
// CHECK:         arith.extf %{{.*}} : vector<256xf16> to vector<256xf64>
// CHECK:         arith.extf %{{.*}} : vector<512xf16> to vector<512xf64>
// CHECK:         scf.for
// CHECK:           %[[ROW:.*]] = vector.load %[[D]]{{.*}} : memref<512xf16>, vector<32xf16>
// CHECK:           scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[ROW]]) -> (vector<32xf16>)
// CHECK:             %[[WIDE:.*]] = arith.extf %[[ACC]] : vector<32xf16> to vector<32xf64>
// CHECK:             %[[FMA:.*]] = math.fma %{{.*}}, %{{.*}}, %[[WIDE]] : vector<32xf64>
// CHECK:             %[[NEXT:.*]] = arith.truncf %[[FMA]] : vector<32xf64> to vector<32xf16>
// CHECK:             scf.yield %[[NEXT]] : vector<32xf16>

// The truncation is one rounding from f64 to f16 (no f32 step between).
// LLVM-LABEL: llvm.func @f16_into_f16(
// LLVM:         llvm.intr.fma({{.*}}) : (vector<32xf64>, vector<32xf64>, vector<32xf64>) -> vector<32xf64>
// LLVM-NEXT:    llvm.fptrunc %{{.*}} : vector<32xf64> to vector<32xf16>
tt.func @f16_into_f16(%x: f16, %z: f16) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %a = tt.splat %x : f16 -> tensor<16x16xf16>
  %b = tt.splat %x : f16 -> tensor<16x32xf16>
  %c = tt.splat %z : f16 -> tensor<16x32xf16>
  %d = tt.dot %a, %b, %c : tensor<16x16xf16> * tensor<16x32xf16> -> tensor<16x32xf16>
  tt.return
}

// CHECK-LABEL: func.func private @f64_into_f64(
// CHECK-NOT:     arith.extf
// CHECK:         math.fma %{{.*}}, %{{.*}}, %{{.*}} : vector<32xf64>
tt.func @f64_into_f64(%x: f64) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %a = tt.splat %x : f64 -> tensor<16x16xf64>
  %b = tt.splat %x : f64 -> tensor<16x32xf64>
  %d = tt.dot %a, %b, %b : tensor<16x16xf64> * tensor<16x32xf64> -> tensor<16x32xf64>
  tt.return
}

// CHECK-LABEL: func.func private @i8_into_i32(
// CHECK-DAG:     memref.alloca() : memref<512xi32>
// CHECK-DAG:     memref.alloca() : memref<1024xi32>
// CHECK:         arith.extsi %{{.*}} : vector<512xi8> to vector<512xi32>
// CHECK:         arith.extsi %{{.*}} : vector<1024xi8> to vector<1024xi32>
// CHECK:         scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (vector<32xi32>)
// CHECK:           %[[PRODUCT:.*]] = arith.muli %{{.*}}, %{{.*}} : vector<32xi32>
// CHECK:           %[[SUM:.*]] = arith.addi %[[PRODUCT]], %[[ACC]] : vector<32xi32>
// CHECK:           scf.yield %[[SUM]] : vector<32xi32>
// CHECK-NOT:     math.fma
tt.func @i8_into_i32(%x: i8, %z: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %a = tt.splat %x : i8 -> tensor<16x32xi8>
  %b = tt.splat %x : i8 -> tensor<32x32xi8>
  %c = tt.splat %z : i32 -> tensor<16x32xi32>
  %d = tt.dot %a, %b, %c : tensor<16x32xi8> * tensor<32x32xi8> -> tensor<16x32xi32>
  tt.return
}
