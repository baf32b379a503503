// tt.reduce on every element type combines in that type: f16/bf16 sums
// with __hadd_rn, integer sums wrap in the unsigned type, f64 min/max are
// fmin/fmax; shuffles move the element type itself (8- and 16-bit integers
// promote to int in __shfl_xor_sync and convert back exactly), and the
// shared buffers hold the element type.
// RUN: mytriton-translate --emit-cuda %s | FileCheck %s --check-prefixes=CHECK,WARP
// RUN: mytriton-translate --emit-cuda --cuda-reduction=shared-tree %s | FileCheck %s --check-prefixes=CHECK,TREE

// CHECK-LABEL: void __launch_bounds__(64) reduce_types(
// WARP-NEXT: __shared__ __nv_bfloat16 [[BT:v[0-9]+_warp_totals]][2];
// WARP-NEXT: __shared__ long long [[QT:v[0-9]+_warp_totals]][2];
// WARP-NEXT: __shared__ signed char [[CT:v[0-9]+_warp_totals]][2];
// WARP-NEXT: __shared__ double [[DT:v[0-9]+_warp_totals]][2];
// TREE-NEXT: __shared__ __nv_bfloat16 [[BS:v[0-9]+_smem]][64];
// TREE-NEXT: __shared__ long long [[QS:v[0-9]+_smem]][64];
// TREE-NEXT: __shared__ signed char [[CS:v[0-9]+_smem]][64];
// TREE-NEXT: __shared__ double [[DS:v[0-9]+_smem]][64];
// WARP: const __nv_bfloat16 [[BO:v[0-9]+_other]] = __shfl_xor_sync(0xffffffffu, [[BA:v[0-9]+_acc]], {{v[0-9]+_offset}});
// WARP-NEXT: [[BA]] = __hadd_rn([[BA]], [[BO]]);
// TREE: [[BS]][threadIdx.x] = __hadd_rn([[BS]][threadIdx.x], [[BS]][threadIdx.x + {{v[0-9]+_stride}}]);
// WARP: const long long [[QO:v[0-9]+_other]] = __shfl_xor_sync(0xffffffffu, [[QA:v[0-9]+_acc]], {{v[0-9]+_offset}});
// WARP-NEXT: [[QA]] = (long long)((unsigned long long)[[QA]] + (unsigned long long)[[QO]]);
// TREE: [[QS]][threadIdx.x] = (long long)((unsigned long long)[[QS]][threadIdx.x] + (unsigned long long)[[QS]][threadIdx.x + {{v[0-9]+_stride}}]);
// WARP: const signed char [[CO:v[0-9]+_other]] = __shfl_xor_sync(0xffffffffu, [[CA:v[0-9]+_acc]], {{v[0-9]+_offset}});
// WARP-NEXT: [[CA]] = [[CA]] > [[CO]] ? [[CA]] : [[CO]];
// TREE: [[CS]][threadIdx.x] = [[CS]][threadIdx.x] > [[CS]][threadIdx.x + [[CST:v[0-9]+_stride]]] ? [[CS]][threadIdx.x] : [[CS]][threadIdx.x + [[CST]]];
// WARP: const double [[DO:v[0-9]+_other]] = __shfl_xor_sync(0xffffffffu, [[DA:v[0-9]+_acc]], {{v[0-9]+_offset}});
// WARP-NEXT: [[DA]] = fmin([[DA]], [[DO]]);
// TREE: [[DS]][threadIdx.x] = fmin([[DS]][threadIdx.x], [[DS]][threadIdx.x + {{v[0-9]+_stride}}]);
tt.func @reduce_types(%b: !tt.ptr<bf16>, %q: !tt.ptr<i64>, %c: !tt.ptr<i8>, %d: !tt.ptr<f64>) attributes {block_size = 64 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %bs = tt.splat %b : !tt.ptr<bf16> -> tensor<64x!tt.ptr<bf16>>
  %bp = tt.addptr %bs, %r : tensor<64x!tt.ptr<bf16>>, tensor<64xi32>
  %x = tt.load %bp : tensor<64x!tt.ptr<bf16>>
  %s = tt.reduce sum %x : tensor<64xbf16> -> bf16
  tt.store %b, %s : !tt.ptr<bf16>
  %qs = tt.splat %q : !tt.ptr<i64> -> tensor<64x!tt.ptr<i64>>
  %qp = tt.addptr %qs, %r : tensor<64x!tt.ptr<i64>>, tensor<64xi32>
  %y = tt.load %qp : tensor<64x!tt.ptr<i64>>
  %t = tt.reduce sum %y : tensor<64xi64> -> i64
  tt.store %q, %t : !tt.ptr<i64>
  %cs = tt.splat %c : !tt.ptr<i8> -> tensor<64x!tt.ptr<i8>>
  %cp = tt.addptr %cs, %r : tensor<64x!tt.ptr<i8>>, tensor<64xi32>
  %z = tt.load %cp : tensor<64x!tt.ptr<i8>>
  %u = tt.reduce max %z : tensor<64xi8> -> i8
  tt.store %c, %u : !tt.ptr<i8>
  %ds = tt.splat %d : !tt.ptr<f64> -> tensor<64x!tt.ptr<f64>>
  %dp = tt.addptr %ds, %r : tensor<64x!tt.ptr<f64>>, tensor<64xi32>
  %w = tt.load %dp : tensor<64x!tt.ptr<f64>>
  %v = tt.reduce min %w : tensor<64xf64> -> f64
  tt.store %d, %v : !tt.ptr<f64>
  tt.return
}
