"""Softmax 32768x1024 probe: does keeping the next row's load in flight
during the current row's reductions lift the ~4000 GB/s ceiling of one row
per program? Hand-written CUDA (128 threads x 8 lanes, no masks): one row per
block; persistent blocks looping over rows without and with a register
prefetch of the next row; next to Triton and device copy, timed round-robin.

    python3 benchmarks/probe_softmax_prefetch.py   # repo root, GPU host with cupy
"""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cupy as cp, numpy as np, torch
import triton
from bench_gpu import K, bench_interleaved, triton_kernel
triton_softmax = triton_kernel({"kernel": K.softmax_kernel}, triton)
SRC = r"""
#define T 128
#define E 8
__device__ __forceinline__ float wred(float v, float *slots, bool isMax) {
  for (int o = 16; o; o >>= 1) { float w = __shfl_xor_sync(~0u, v, o); v = isMax ? fmaxf(v, w) : v + w; }
  if ((threadIdx.x & 31) == 0) slots[threadIdx.x >> 5] = v;
  __syncthreads();
  v = slots[threadIdx.x & 3];
  for (int o = 2; o; o >>= 1) { float w = __shfl_xor_sync(~0u, v, o); v = isMax ? fmaxf(v, w) : v + w; }
  return v;
}
__device__ __forceinline__ void load(const float *x, int row, int n, float *v) {
  const float *p = x + (size_t)row * n;
  #pragma unroll
  for (int r = 0; r < E; r += 4) {
    float4 q = *(const float4 *)(p + (r / 4) * T * 4 + threadIdx.x * 4);
    v[r] = q.x; v[r+1] = q.y; v[r+2] = q.z; v[r+3] = q.w;
  }
}
__device__ __forceinline__ void finish(float *out, int row, int n, float *v, float *s0, float *s1) {
  float m = v[0];
  #pragma unroll
  for (int r = 1; r < E; ++r) m = fmaxf(m, v[r]);
  m = wred(m, s0, true);
  float s = 0;
  #pragma unroll
  for (int r = 0; r < E; ++r) { v[r] = expf(v[r] - m); s += v[r]; }
  s = wred(s, s1, false);
  float *o_ = out + (size_t)row * n;
  #pragma unroll
  for (int r = 0; r < E; r += 4)
    *(float4 *)(o_ + (r / 4) * T * 4 + threadIdx.x * 4) = make_float4(v[r] / s, v[r+1] / s, v[r+2] / s, v[r+3] / s);
}
extern "C" {
__global__ void __launch_bounds__(128) plain(const float *x, float *o, int n, int rows) {
  __shared__ float s0[4], s1[4];
  float v[E]; load(x, blockIdx.x, n, v); finish(o, blockIdx.x, n, v, s0, s1);
}
__global__ void __launch_bounds__(128, 16) persist(const float *x, float *o, int n, int rows) {
  __shared__ float s0[4], s1[4];
  for (int row = blockIdx.x; row < rows; row += gridDim.x) {
    float v[E]; load(x, row, n, v); finish(o, row, n, v, s0, s1);
  }
}
#define PREFETCH(NAME, MINB) \
__global__ void __launch_bounds__(128, MINB) NAME(const float *x, float *o, int n, int rows) { \
  __shared__ float s0[4], s1[4]; \
  float cur[E], nxt[E]; \
  int row = blockIdx.x; \
  if (row < rows) load(x, row, n, cur); \
  for (; row < rows; row += gridDim.x) { \
    int next = row + gridDim.x; \
    if (next < rows) load(x, next, n, nxt); \
    finish(o, row, n, cur, s0, s1); \
    _Pragma("unroll") for (int r = 0; r < E; ++r) cur[r] = nxt[r]; \
  } \
}
PREFETCH(prefetch16, 16)
PREFETCH(prefetch12, 12)
PREFETCH(prefetch8, 8)
}
"""
mod = cp.RawModule(code=SRC, options=("-Xptxas=-v",))
rows, n = 32768, 1024
x = torch.randn(rows, n, device="cuda"); y = torch.empty_like(x)
xs, ys = cp.asarray(x), cp.asarray(y)
sms = torch.cuda.get_device_properties(0).multi_processor_count
runs = [("triton", lambda: triton_softmax[(rows,)](x, y, n, BLOCK=n)),
        ("copy", lambda: y.copy_(x))]
f = mod.get_function("plain"); print("plain regs", f.num_regs)
runs.append(("plain", lambda f=f: f((rows,), (128,), (xs, ys, np.int32(n), np.int32(rows)))))
for name, per_sm in (("persist", 16), ("prefetch16", 16), ("prefetch12", 12), ("prefetch12", 8), ("prefetch8", 8), ("prefetch8", 4)):
    f = mod.get_function(name)
    print(name, "regs", f.num_regs, "local", f.local_size_bytes)
    runs.append((f"{name} grid {per_sm}/SM", lambda f=f, g=sms * per_sm: f((g,), (128,), (xs, ys, np.int32(n), np.int32(rows)))))
ref = torch.softmax(x, 1)
for label, fn in runs[2:]:
    y.zero_(); fn(); err = (y - ref).abs().max().item()
    print(f"{label}: max err {err:.1e}{'  BAD' if err > 1e-6 else ''}")
for rep in range(3):
    res = bench_interleaved(runs, torch, iters=40)
    print(" | ".join(f"{k} {8 * rows * n / v / 1e6:.0f}" for k, v in res.items()))
