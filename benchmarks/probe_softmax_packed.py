"""Softmax 32768x1024 probe: do several rows per CUDA block (programs_per_cta
P > 1 for 4-warp programs, each row its own threadIdx.y slice, one block-wide
barrier per reduction step) beat one row per block? Hand-written CUDA in
MyTriton's shape (128 threads x 8 lanes per row, no masks), next to Triton
and a copy of the same bytes, timed round-robin.

    python3 benchmarks/probe_softmax_packed.py   # repo root, GPU host with cupy
"""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cupy as cp, numpy as np, torch
import triton
from bench_gpu import K, bench_interleaved, triton_kernel
triton_softmax = triton_kernel({"kernel": K.softmax_kernel}, triton)
SRC = r"""
template <int P> __device__ __forceinline__ float bred(float v, float (*slots)[4], bool isMax) {
  for (int o = 16; o; o >>= 1) { float w = __shfl_xor_sync(~0u, v, o); v = isMax ? fmaxf(v, w) : v + w; }
  if ((threadIdx.x & 31) == 0) slots[threadIdx.y][threadIdx.x >> 5] = v;
  __syncthreads();
  v = slots[threadIdx.y][threadIdx.x & 3];
  for (int o = 2; o; o >>= 1) { float w = __shfl_xor_sync(~0u, v, o); v = isMax ? fmaxf(v, w) : v + w; }
  return v;
}
template <int P> __device__ void body(const float *x, float *out, int n, int rows) {
  __shared__ float s0[P][4], s1[P][4];
  int row = min((int)blockIdx.x * P + (int)threadIdx.y, rows - 1);
  const float *p = x + (size_t)row * n;
  float v[8];
  #pragma unroll
  for (int r = 0; r < 8; r += 4) {
    float4 q = *(const float4 *)(p + (r / 4) * 512 + threadIdx.x * 4);
    v[r] = q.x; v[r+1] = q.y; v[r+2] = q.z; v[r+3] = q.w;
  }
  float m = v[0];
  #pragma unroll
  for (int r = 1; r < 8; ++r) m = fmaxf(m, v[r]);
  m = bred<P>(m, s0, true);
  float s = 0;
  #pragma unroll
  for (int r = 0; r < 8; ++r) { v[r] = expf(v[r] - m); s += v[r]; }
  s = bred<P>(s, s1, false);
  float *o_ = out + (size_t)row * n;
  #pragma unroll
  for (int r = 0; r < 8; r += 4)
    *(float4 *)(o_ + (r / 4) * 512 + threadIdx.x * 4) = make_float4(v[r] / s, v[r+1] / s, v[r+2] / s, v[r+3] / s);
}
extern "C" {
__global__ void __launch_bounds__(128) p1(const float *x, float *o, int n, int rows) { body<1>(x, o, n, rows); }
__global__ void __launch_bounds__(256) p2(const float *x, float *o, int n, int rows) { body<2>(x, o, n, rows); }
__global__ void __launch_bounds__(512) p4(const float *x, float *o, int n, int rows) { body<4>(x, o, n, rows); }
__global__ void __launch_bounds__(1024) p8(const float *x, float *o, int n, int rows) { body<8>(x, o, n, rows); }
}
"""
mod = cp.RawModule(code=SRC, options=("-Xptxas=-v",))
rows, n = 32768, 1024
x = torch.randn(rows, n, device="cuda"); y = torch.empty_like(x)
xs, ys = cp.asarray(x), cp.asarray(y)
runs = [("triton", lambda: triton_softmax[(rows,)](x, y, n, BLOCK=n)),
        ("copy", lambda: y.copy_(x))]
for P in (1, 2, 4, 8):
    f = mod.get_function(f"p{P}")
    print(f"P={P} regs", f.num_regs)
    runs.append((f"P={P}", lambda f=f, P=P: f(((rows + P - 1) // P,), (128, P), (xs, ys, np.int32(n), np.int32(rows)))))
ref = torch.softmax(x, 1)
for label, fn in runs[2:]:
    y.zero_(); fn(); err = (y - ref).abs().max().item()
    print(f"{label}: max err {err:.1e}{'  BAD' if err > 1e-6 else ''}")
for rep in range(3):
    res = bench_interleaved(runs, torch, iters=60)
    print(" | ".join(f"{k} {8 * rows * n / v / 1e6:.0f}" for k, v in res.items()))
