// tt.reduce in its element type: 16- and 8-bit values cross lanes as the
// low bits of an i32 (shfl moves 32 bits), 64-bit ones as they are (split
// into halves by convert-gpu-to-nvvm); the per-warp buffer holds the
// element type, so its size follows the element size.
// RUN: mytriton-opt --tt-assign-layouts=only-tiled --convert-tt-to-gpu -split-input-file %s | FileCheck %s

// CHECK-LABEL: gpu.func @sum_f16(
// CHECK-SAME:      workgroup(%[[BUF:.*]] : memref<4xf16, #gpu.address_space<workgroup>>)
// CHECK:         %[[X:.*]] = scf.if
// CHECK:         %[[BITS:.*]] = arith.bitcast %[[X]] : f16 to i16
// CHECK:         %[[WIDE:.*]] = arith.extui %[[BITS]] : i16 to i32
// CHECK:         %[[SH:.*]], %{{.*}} = gpu.shuffle  xor %[[WIDE]], %{{.*}}, %{{.*}} : i32
// CHECK:         %[[NARROW:.*]] = arith.trunci %[[SH]] : i32 to i16
// CHECK:         %[[OTHER:.*]] = arith.bitcast %[[NARROW]] : i16 to f16
// CHECK:         %[[S:.*]] = arith.addf %[[X]], %[[OTHER]] : f16
// CHECK:         memref.store %{{.*}}, %[[BUF]][%{{.*}}] : memref<4xf16, #gpu.address_space<workgroup>>
tt.func @sum_f16(%x: !tt.ptr<f16>, %out: !tt.ptr<f16>, %n: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %nv = tt.splat %n : i32 -> tensor<128xi32>
  %m = arith.cmpi slt, %r, %nv : tensor<128xi32>
  %xs = tt.splat %x : !tt.ptr<f16> -> tensor<128x!tt.ptr<f16>>
  %xp = tt.addptr %xs, %r : tensor<128x!tt.ptr<f16>>, tensor<128xi32>
  %v = tt.load %xp, %m : tensor<128x!tt.ptr<f16>>
  %s = tt.reduce sum %v : tensor<128xf16> -> f16
  tt.store %out, %s : !tt.ptr<f16>
  tt.return
}

// -----

// CHECK-LABEL: gpu.func @max_i8(
// CHECK-SAME:      workgroup(%[[BUF:.*]] : memref<4xi8, #gpu.address_space<workgroup>>)
// CHECK:         %[[WIDE:.*]] = arith.extui %{{.*}} : i8 to i32
// CHECK:         %[[SH:.*]], %{{.*}} = gpu.shuffle  xor %[[WIDE]]
// CHECK:         %[[NARROW:.*]] = arith.trunci %[[SH]] : i32 to i8
// CHECK:         arith.maxsi %{{.*}}, %[[NARROW]] : i8
tt.func @max_i8(%x: !tt.ptr<i8>, %out: !tt.ptr<i8>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %xs = tt.splat %x : !tt.ptr<i8> -> tensor<128x!tt.ptr<i8>>
  %xp = tt.addptr %xs, %r : tensor<128x!tt.ptr<i8>>, tensor<128xi32>
  %v = tt.load %xp : tensor<128x!tt.ptr<i8>>
  %s = tt.reduce max %v : tensor<128xi8> -> i8
  tt.store %out, %s : !tt.ptr<i8>
  tt.return
}

// -----

// CHECK-LABEL: gpu.func @min_f64(
// CHECK-SAME:      workgroup(%[[BUF:.*]] : memref<4xf64, #gpu.address_space<workgroup>>)
// CHECK:         %[[SH:.*]], %{{.*}} = gpu.shuffle  xor %[[X:.*]], %{{.*}}, %{{.*}} : f64
// CHECK:         arith.minnumf %[[X]], %[[SH]] : f64
tt.func @min_f64(%x: !tt.ptr<f64>, %out: !tt.ptr<f64>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %xs = tt.splat %x : !tt.ptr<f64> -> tensor<128x!tt.ptr<f64>>
  %xp = tt.addptr %xs, %r : tensor<128x!tt.ptr<f64>>, tensor<128xi32>
  %v = tt.load %xp : tensor<128x!tt.ptr<f64>>
  %s = tt.reduce min %v : tensor<128xf64> -> f64
  tt.store %out, %s : !tt.ptr<f64>
  tt.return
}

// -----

// A tiled row sum of bf16 within warps: each lane-bit shuffle carries the
// bf16 partial in an i32.
// CHECK-LABEL: gpu.func @rows_bf16(
// CHECK:         %[[WIDE:.*]] = arith.extui %{{.*}} : i16 to i32
// CHECK:         gpu.shuffle  xor %[[WIDE]]
// CHECK:         arith.addf %{{.*}}, %{{.*}} : bf16
tt.func @rows_bf16(%x: !tt.ptr<bf16>, %out: !tt.ptr<bf16>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %rm = tt.make_range {start = 0 : i32, end = 16 : i32} : tensor<16xi32>
  %rn = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %rm2 = tt.expand_dims %rm {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %c64 = arith.constant dense<64> : tensor<16x1xi32>
  %rows = arith.muli %rm2, %c64 : tensor<16x1xi32>
  %rb = tt.broadcast %rows : tensor<16x1xi32> -> tensor<16x64xi32>
  %rn2 = tt.expand_dims %rn {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %cb = tt.broadcast %rn2 : tensor<1x64xi32> -> tensor<16x64xi32>
  %off = arith.addi %rb, %cb : tensor<16x64xi32>
  %xs = tt.splat %x : !tt.ptr<bf16> -> tensor<16x64x!tt.ptr<bf16>>
  %xp = tt.addptr %xs, %off : tensor<16x64x!tt.ptr<bf16>>, tensor<16x64xi32>
  %v = tt.load %xp : tensor<16x64x!tt.ptr<bf16>>
  %s = tt.reduce sum %v {axis = 1 : i32} : tensor<16x64xbf16> -> tensor<16xbf16>
  %os = tt.splat %out : !tt.ptr<bf16> -> tensor<16x!tt.ptr<bf16>>
  %op = tt.addptr %os, %rm : tensor<16x!tt.ptr<bf16>>, tensor<16xi32>
  tt.store %op, %s : tensor<16x!tt.ptr<bf16>>
  tt.return
}
