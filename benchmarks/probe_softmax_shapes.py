"""Softmax 32768x1024 probe: hand-written CUDA with no masks or alignment
checks at several shapes (threads T, lanes per thread E, __launch_bounds__
minimum blocks), next to Triton, timed round-robin; prints registers per
kernel. It asks whether any launch shape beats the ~4000 GB/s ceiling.

    python3 benchmarks/probe_softmax_shapes.py    # repo root, GPU host with cupy
"""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cupy as cp, numpy as np, torch
import triton
from bench_gpu import K, bench_interleaved, triton_kernel
triton_softmax = triton_kernel({"kernel": K.softmax_kernel}, triton)
SRC = r"""
template <int T, int E> __device__ __forceinline__ float wred(float v, float *slots, bool isMax) {
  for (int o = 16; o; o >>= 1) { float w = __shfl_xor_sync(~0u, v, o); v = isMax ? fmaxf(v, w) : v + w; }
  if (T > 32) {
    if ((threadIdx.x & 31) == 0) slots[threadIdx.x >> 5] = v;
    __syncthreads();
    v = slots[threadIdx.x & (T / 32 - 1)];
    for (int o = T / 64; o; o >>= 1) { float w = __shfl_xor_sync(~0u, v, o); v = isMax ? fmaxf(v, w) : v + w; }
  }
  return v;
}
template <int T, int E> __device__ void body(const float *x, float *out, int n) {
  __shared__ float s0[T / 32 + 1], s1[T / 32 + 1];
  int row = blockIdx.x;
  const float *p = x + (size_t)row * n;
  float v[E];
  #pragma unroll
  for (int r = 0; r < E; r += 4) {
    float4 q = *(const float4 *)(p + (r / 4) * T * 4 + threadIdx.x * 4);
    v[r] = q.x; v[r+1] = q.y; v[r+2] = q.z; v[r+3] = q.w;
  }
  float m = v[0];
  #pragma unroll
  for (int r = 1; r < E; ++r) m = fmaxf(m, v[r]);
  m = wred<T, E>(m, s0, true);
  float s = 0;
  #pragma unroll
  for (int r = 0; r < E; ++r) { v[r] = expf(v[r] - m); s += v[r]; }
  s = wred<T, E>(s, s1, false);
  float *o_ = out + (size_t)row * n;
  #pragma unroll
  for (int r = 0; r < E; r += 4)
    *(float4 *)(o_ + (r / 4) * T * 4 + threadIdx.x * 4) = make_float4(v[r] / s, v[r+1] / s, v[r+2] / s, v[r+3] / s);
}
extern "C" {
__global__ void __launch_bounds__(128) t128(const float *x, float *o, int n) { body<128, 8>(x, o, n); }
__global__ void __launch_bounds__(64) t64(const float *x, float *o, int n) { body<64, 16>(x, o, n); }
__global__ void __launch_bounds__(64, 24) t64b24(const float *x, float *o, int n) { body<64, 16>(x, o, n); }
__global__ void __launch_bounds__(64, 32) t64b32(const float *x, float *o, int n) { body<64, 16>(x, o, n); }
__global__ void __launch_bounds__(32, 32) t32b32(const float *x, float *o, int n) { body<32, 32>(x, o, n); }
__global__ void __launch_bounds__(256) t256(const float *x, float *o, int n) { body<256, 4>(x, o, n); }
}
"""
mod = cp.RawModule(code=SRC, options=("-Xptxas=-v",))
x = torch.randn(32768, 1024, device="cuda"); y = torch.empty_like(x)
xs, ys = cp.asarray(x), cp.asarray(y)
runs = [("triton", lambda: triton_softmax[(32768,)](x, y, 1024, BLOCK=1024))]
for name, T in (("t128", 128), ("t64", 64), ("t64b24", 64), ("t64b32", 64), ("t32b32", 32), ("t256", 256)):
    f = mod.get_function(name)
    print(name, "regs", f.num_regs, "local", f.local_size_bytes)
    runs.append((name, lambda f=f, T=T: f((32768,), (T,), (xs, ys, np.int32(1024)))))
for rep in range(2):
    res = bench_interleaved(runs, torch, iters=40)
    print(" ".join(f"{k} {8 * 32768 * 1024 / v / 1e6:.0f}" for k, v in res.items()))
    for name, fn in runs[1:]:
        y.zero_(); fn(); err = (y - torch.softmax(x, 1)).abs().max().item()
        if err > 1e-6: print("BAD", name, err)
