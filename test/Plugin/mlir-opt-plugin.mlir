// Debian's stock mlir-opt loads the tt dialect as a plugin, verifies and
// canonicalizes tt IR, and (as a pass plugin) runs tt-optimize; a pass plugin's pipelines are named
// in --pass-pipeline since they register after the command line is parsed.
// REQUIRES: stock-mlir-opt
// An ASan-built plugin cannot load into the uninstrumented stock mlir-opt.
// UNSUPPORTED: asan
// RUN: %stock_mlir_opt --load-dialect-plugin=%mytriton_lib_dir/MyTritonTTPlugin.so %s --canonicalize | FileCheck %s
// RUN: %stock_mlir_opt --load-pass-plugin=%mytriton_lib_dir/MyTritonTTPlugin.so --load-dialect-plugin=%mytriton_lib_dir/MyTritonTTPlugin.so %s --pass-pipeline="builtin.module(tt-optimize)" | FileCheck %s
// RUN: not %stock_mlir_opt --load-dialect-plugin=%mytriton_lib_dir/MyTritonTTPlugin.so %S/Inputs/bad-reduction.mlir 2>&1 | FileCheck %s --check-prefix=INVALID

// CHECK-LABEL: tt.func @plugin_kernel
// CHECK:         %[[V:.*]] = tt.load %{{.*}} : tensor<32x!tt.ptr<f32>>
// CHECK:         %[[S:.*]] = tt.reduce sum %[[V]] : tensor<32xf32> -> f32
// CHECK:         tt.store %{{.*}}, %[[S]] : !tt.ptr<f32>
tt.func @plugin_kernel(%p: !tt.ptr<f32>, %out: !tt.ptr<f32>) attributes {block_size = 32 : i32} {
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
  %all = arith.constant dense<true> : tensor<32xi1>
  %v = tt.load %ps, %all : tensor<32x!tt.ptr<f32>>
  %s = tt.reduce sum %v : tensor<32xf32> -> f32
  tt.store %out, %s : !tt.ptr<f32>
  tt.return
}

// INVALID: bad-reduction.mlir:4:8: error: 'tt.reduce' op reduction width 48 is not a power of two
