"""Softmax 32768x1024 probe: hand-written CUDA in MyTriton's shape (128
threads, 8 lanes per thread in groups of four, one row per block) without
masks or alignment checks, with and without cache hints (ld/st.global.cs) and
the grid-size division, and persistent (a grid of SMs x 16 x waves blocks
looping over rows), next to Triton and PyTorch, timed round-robin.

    python3 benchmarks/probe_softmax_hints.py     # repo root, GPU host with cupy
"""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cupy as cp, numpy as np, torch, triton
from bench_gpu import K, bench_interleaved, triton_kernel
triton_softmax = triton_kernel({"kernel": K.softmax_kernel}, triton)
SRC = r"""
#define T 128
#define E 8
template <int MODE> __device__ __forceinline__ float4 ld(const float *p) {
  if (MODE & 1) return __ldcs((const float4 *)p);
  return *(const float4 *)p;
}
template <int MODE> __device__ __forceinline__ void st(float *p, float4 v) {
  if (MODE & 2) __stcs((float4 *)p, v); else *(float4 *)p = v;
}
template <int MODE> __device__ void body(const float *x, float *out, int n, int g1, int row_in = -1) {
  __shared__ float s0[4], s1[4];
  int row = row_in >= 0 ? row_in : (MODE & 4) ? (int)blockIdx.x : (int)(blockIdx.x / (unsigned)g1);
  const float *p = x + (size_t)row * n;
  float v[E];
  for (int r = 0; r < E; r += 4) {
    float4 q = ld<MODE>(p + (r / 4) * T * 4 + threadIdx.x * 4);
    v[r] = q.x; v[r+1] = q.y; v[r+2] = q.z; v[r+3] = q.w;
  }
  float m = fmaxf(fmaxf(fmaxf(v[0], v[4]), fmaxf(v[1], v[5])), fmaxf(fmaxf(v[2], v[6]), fmaxf(v[3], v[7])));
  for (int o = 16; o; o >>= 1) m = fmaxf(m, __shfl_xor_sync(~0u, m, o));
  if ((threadIdx.x & 31) == 0) s0[threadIdx.x >> 5] = m;
  __syncthreads();
  m = s0[threadIdx.x & 3];
  for (int o = 2; o; o >>= 1) m = fmaxf(m, __shfl_xor_sync(~0u, m, o));
  float s = 0;
  for (int r = 0; r < E; ++r) { v[r] = expf(v[r] - m); }
  s = ((v[0] + v[4]) + (v[2] + v[6])) + ((v[1] + v[5]) + (v[3] + v[7]));
  for (int o = 16; o; o >>= 1) s += __shfl_xor_sync(~0u, s, o);
  if ((threadIdx.x & 31) == 0) s1[threadIdx.x >> 5] = s;
  __syncthreads();
  s = s1[threadIdx.x & 3];
  for (int o = 2; o; o >>= 1) s += __shfl_xor_sync(~0u, s, o);
  float *o_ = out + (size_t)row * n;
  for (int r = 0; r < E; r += 4)
    st<MODE>(o_ + (r / 4) * T * 4 + threadIdx.x * 4, make_float4(v[r] / s, v[r+1] / s, v[r+2] / s, v[r+3] / s));
}
extern "C" {
__global__ void __launch_bounds__(128) k0(const float *x, float *o, int n, int g1) { body<0>(x, o, n, g1); }
__global__ void __launch_bounds__(128) k1(const float *x, float *o, int n, int g1) { body<1>(x, o, n, g1); }
__global__ void __launch_bounds__(128) k2(const float *x, float *o, int n, int g1) { body<2>(x, o, n, g1); }
__global__ void __launch_bounds__(128) k3(const float *x, float *o, int n, int g1) { body<3>(x, o, n, g1); }
__global__ void __launch_bounds__(128) k4(const float *x, float *o, int n, int g1) { body<4>(x, o, n, g1); }
__global__ void __launch_bounds__(128) k6(const float *x, float *o, int n, int g1) { body<6>(x, o, n, g1); }
// Persistent: gridDim.x blocks loop over the rows; a barrier ends each
// iteration so the next one's reduction slots are not overwritten early.
__global__ void __launch_bounds__(128, 16) kp(const float *x, float *o, int n, int rows) {
  for (int row = blockIdx.x; row < rows; row += gridDim.x) {
    body<0>(x, o, n, 1, row);
    __syncthreads();
  }
}
}
"""
mod = cp.RawModule(code=SRC)
x = torch.randn(32768, 1024, device="cuda"); y = torch.empty_like(x)
xs, ys = cp.asarray(x), cp.asarray(y)
runs = [("triton", lambda: triton_softmax[(32768,)](x, y, 1024, BLOCK=1024)),
        ("torch", lambda: torch.softmax(x, dim=1, out=y))]
names = {0: "plain (div by g1)", 1: "ld.cs", 2: "st.cs", 3: "ld.cs+st.cs", 4: "no div", 6: "no div + st.cs"}
for m, label in names.items():
    f = mod.get_function(f"k{m}")
    runs.append((label, lambda f=f: f((32768,), (128,), (xs, ys, np.int32(1024), np.int32(1)))))
sms = torch.cuda.get_device_properties(0).multi_processor_count
kp = mod.get_function("kp")
for waves in (1, 2, 4):
    grid = sms * 16 * waves // 1
    runs.append((f"persistent x{waves}", lambda g=grid: kp((min(g, 32768),), (128,), (xs, ys, np.int32(1024), np.int32(32768)))))
for rep in range(2):
    res = bench_interleaved(runs, torch, iters=40)
    for k, v in res.items():
        print(f"{rep} {k:22} {8 * 32768 * 1024 / v / 1e6:7.0f} GB/s")
    f = mod.get_function("k0"); f((32768,), (128,), (xs, ys, np.int32(1024), np.int32(1)))
    print("max err", (y - torch.softmax(x, 1)).abs().max().item())
    y.zero_(); kp((sms * 16,), (128,), (xs, ys, np.int32(1024), np.int32(32768)))
    print("persistent max err", (y - torch.softmax(x, 1)).abs().max().item())
