// Triton's approximate float32 math (fastmath<afn> on `/`, tl.exp and
// tl.sqrt; PTX's div.full, ex2.approx and sqrt.approx on the GPU routes) is
// IEEE on the CPU route: convert-tt-to-vector drops the afn flag and keeps
// any other (contract here).
// RUN: mytriton-opt --convert-tt-to-vector %s | FileCheck %s --implicit-check-not=afn

// CHECK-LABEL: func.func private @approximate(
// CHECK:         arith.divf %{{.*}}, %{{.*}} fastmath<contract> : vector<32xf32>
// CHECK-NEXT:    math.sqrt %{{.*}} : vector<32xf32>
tt.func @approximate(%p: !tt.ptr<f32>) attributes {block_size = 32 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
  %pp = tt.addptr %ps, %r : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
  %x = tt.load %pp : tensor<32x!tt.ptr<f32>>
  %e = math.exp %x fastmath<afn> : tensor<32xf32>
  %q = arith.divf %e, %x fastmath<afn,contract> : tensor<32xf32>
  %s = math.sqrt %q fastmath<afn> : tensor<32xf32>
  tt.store %pp, %s : tensor<32x!tt.ptr<f32>>
  tt.return
}
