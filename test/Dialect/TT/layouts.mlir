// The layout encodings parse, verify and print back with #blocked / #slice
// aliases, as encodings of builtin tensors and through every tt op that
// derives one tensor type from another (pointee, mask).
// RUN: mytriton-opt %s -split-input-file | mytriton-opt -split-input-file | FileCheck %s

// CHECK-DAG: #[[B:blocked[0-9]*]] = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[B1:blocked[0-9]*]] = #tt.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
// CHECK-DAG: #[[S:slice[0-9]*]] = #tt.slice<{dim = 1, parent = #[[B]]}>
// CHECK-DAG: #[[S1:slice[0-9]*]] = #tt.slice<{dim = 0, parent = #[[B]]}>
// CHECK-LABEL: func.func @tile
// CHECK-SAME: tensor<64x64xf32, #[[B]]>
// CHECK-SAME: tensor<64x64xf32, #[[B1]]>
// CHECK-SAME: tensor<64xf32, #[[S]]>
// CHECK-SAME: tensor<64xi32, #[[S1]]>
// CHECK-SAME: tensor<64x64x!tt.ptr<f32>, #[[B]]>
func.func @tile(%a: tensor<64x64xf32, #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>>,
                %b: tensor<64x64xf32, #tt.blocked<{order = [0, 1], sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4]}>>,
                %rows: tensor<64xf32, #tt.slice<{dim = 1, parent = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>}>>,
                %cols: tensor<64xi32, #tt.slice<{dim = 0, parent = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>}>>,
                %ptrs: tensor<64x64x!tt.ptr<f32>, #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>>) {
  return
}

// -----

// A 1-D kernel whose tensors carry layouts: the pointee and mask types of
// load and store keep the pointer's layout.
// CHECK: #[[L:blocked[0-9]*]] = #tt.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
// CHECK-LABEL: tt.func @copy
// CHECK: tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #[[L]]>
// CHECK: tt.load %{{.*}}, %{{.*}} : tensor<256x!tt.ptr<f32>, #[[L]]>
// CHECK: tt.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<256x!tt.ptr<f32>, #[[L]]>
#l = #tt.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
tt.func @copy(%src: !tt.ptr<f32>, %dst: !tt.ptr<f32>, %n: i32) attributes {block_size = 256 : i32, num_warps = 2 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32, #l>
  %ns = tt.splat %n : i32 -> tensor<256xi32, #l>
  %m = arith.cmpi slt, %r, %ns : tensor<256xi32, #l>
  %s = tt.splat %src : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #l>
  %sp = tt.addptr %s, %r : tensor<256x!tt.ptr<f32>, #l>, tensor<256xi32, #l>
  %v = tt.load %sp, %m : tensor<256x!tt.ptr<f32>, #l>
  %d = tt.splat %dst : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #l>
  %dp = tt.addptr %d, %r : tensor<256x!tt.ptr<f32>, #l>, tensor<256xi32, #l>
  tt.store %dp, %v, %m : tensor<256x!tt.ptr<f32>, #l>
  tt.return
}

// -----

// CHECK-DAG: #[[L:blocked[0-9]*]] = #tt.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[L1:blocked[0-9]*]] = #tt.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @convert
// CHECK: tt.convert_layout %{{.*}} : tensor<512xi32, #[[L]]> -> tensor<512xi32, #[[L1]]>
tt.func @convert(%p: !tt.ptr<i32>) attributes {block_size = 512 : i32, num_warps = 4 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 512 : i32} : tensor<512xi32, #tt.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>
  %c = tt.convert_layout %r : tensor<512xi32, #tt.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>> -> tensor<512xi32, #tt.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>
  %s = tt.reduce sum %c : tensor<512xi32, #tt.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>> -> i32
  tt.store %p, %s : !tt.ptr<i32>
  tt.return
}
