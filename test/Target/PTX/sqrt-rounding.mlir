// math.sqrt without fastmath<afn> (tl.sqrt_rn; tl.sqrt is Triton's
// sqrt.approx, approximate-math.mlir) is correctly rounded on the gpu/nvvm
// route, as CUDA's sqrtf and the CPU path are: libdevice's __nv_sqrtf gives
// sqrt.approx.f32 unless NVVMReflect's __CUDA_PREC_SQRT is 1, which every PTX
// path sets (configureNVPTXCodeGen). Scalars and per-thread vectors alike.
// RUN: mytriton-translate --emit-ptx %s | FileCheck %s
// RUN: mytriton-opt --tt-to-ptx %s | FileCheck %s --check-prefix=BINARY

// CHECK-LABEL: .entry sqrt_kernel(
// CHECK-NOT: sqrt.approx
// CHECK-COUNT-5: sqrt.rn.f32
// CHECK-NOT: sqrt.approx
// CHECK: ret;
// BINARY-NOT: sqrt.approx
// BINARY: sqrt.rn.f32
tt.func @sqrt_kernel(%x: !tt.ptr<f32>, %s: f32) attributes {block_size = 256 : i32, num_warps = 2 : i32} {
  %lanes = tt.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %p = tt.addptr %xs, %lanes : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  %v = tt.load %p : tensor<256x!tt.ptr<f32>>
  %e = math.sqrt %v : tensor<256xf32>
  %t = math.sqrt %s : f32
  %ts = tt.splat %t : f32 -> tensor<256xf32>
  %r = arith.addf %e, %ts : tensor<256xf32>
  tt.store %p, %r : tensor<256x!tt.ptr<f32>>
  tt.return
}
