"""Layout probe: hand-written CUDA for the seed's row kernels and matrix add,
in the shapes MyTriton's code generator could produce, timed next to PyTorch
with bench_gpu's method. It chooses code-generation strategies by measurement
before they are built into the compiler; it is not part of the benchmark.

    python3 benchmarks/probe_layouts.py        # GPU host with cupy and torch

Knobs per kernel:
  T  threads per program instance (one row), E lanes per thread,
  P  program instances per CUDA block (threadIdx.y picks the instance),
  layout  contig: thread t owns lanes t*E .. t*E+E-1;
          vec4:   thread t owns 4-lane groups t, t+T, t+2T, ... (Triton's).
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import cupy as cp  # noqa: E402
import numpy as np  # noqa: E402
import torch  # noqa: E402

from bench_gpu import bench  # noqa: E402

ROW_KERNEL = r"""
#define T %(T)d
#define E %(E)d
#define P %(P)d
#define VEC4 %(VEC4)d
#define FAST %(FAST)d

__device__ __forceinline__ int lane_index(int t, int r) {
#if VEC4
  return (r / 4) * (T * 4) + t * 4 + (r %% 4);
#else
  return t * E + r;
#endif
}

__device__ __forceinline__ float combine(int op, float a, float b) {
  return op == 0 ? a + b : (op == 1 ? fmaxf(a, b) : fminf(a, b));
}

// Block-wide (program-wide) reduction over T threads.
__device__ __forceinline__ float reduce(int op, float v, float *slots) {
  #pragma unroll
  for (int o = (T < 32 ? T : 32) / 2; o > 0; o >>= 1)
    v = combine(op, v, __shfl_xor_sync(0xffffffffu, v, o));
  if (T <= 32) return v;
  int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  if (lane == 0) slots[threadIdx.y * (T / 32) + warp] = v;
  if (P == 1) __syncthreads();
  else asm volatile("bar.sync %%0, %%1;" :: "r"(threadIdx.y + 1), "r"(T) : "memory");
  v = slots[threadIdx.y * (T / 32) + (lane & (T / 32 - 1))];
  #pragma unroll
  for (int o = (T / 32) / 2; o > 0; o >>= 1)
    v = combine(op, v, __shfl_xor_sync(0xffffffffu, v, o));
  return v;
}

__device__ __forceinline__ void load_row(const float *row, float *v) {
  #pragma unroll
  for (int r = 0; r < E; r += 4) {
    float4 q = *(const float4 *)(row + lane_index(threadIdx.x, r));
    v[r] = q.x; v[r + 1] = q.y; v[r + 2] = q.z; v[r + 3] = q.w;
  }
}

extern "C" __global__ void __launch_bounds__(T * P)
row_reduce(const float *x, float *out, int n_cols, int n_rows, int op) {
  __shared__ float slots[P * (T / 32 + 1)];
  int row = blockIdx.x * P + threadIdx.y;
  if (row >= n_rows) return;
  float v[E];
  load_row(x + (size_t)row * n_cols, v);
  float acc = v[0];
  #pragma unroll
  for (int r = 1; r < E; ++r) acc = combine(op, acc, v[r]);
  acc = reduce(op, acc, slots);
  if (threadIdx.x == 0) out[row] = acc;
}

extern "C" __global__ void __launch_bounds__(T * P)
softmax(const float *x, float *out, int n_cols, int n_rows) {
  __shared__ float slots[2][P * (T / 32 + 1)];
  int row = blockIdx.x * P + threadIdx.y;
  if (row >= n_rows) return;
  float v[E];
  load_row(x + (size_t)row * n_cols, v);
  float m = v[0];
  #pragma unroll
  for (int r = 1; r < E; ++r) m = fmaxf(m, v[r]);
  m = reduce(1, m, slots[0]);
  float s = 0.f;
  #pragma unroll
  for (int r = 0; r < E; ++r) {
#if FAST
    v[r] = exp2f((v[r] - m) * 1.44269504f);
#else
    v[r] = expf(v[r] - m);
#endif
    s += v[r];
  }
  s = reduce(0, s, slots[1]);
  float *o = out + (size_t)row * n_cols;
  #pragma unroll
  for (int r = 0; r < E; r += 4) {
    float4 q = make_float4(v[r] / s, v[r + 1] / s, v[r + 2] / s, v[r + 3] / s);
    *(float4 *)(o + lane_index(threadIdx.x, r)) = q;
  }
}
"""

ADD_KERNEL = r"""
#define T %(T)d
#define E %(E)d
#define VEC4 %(VEC4)d
extern "C" __global__ void __launch_bounds__(T)
matrix_add(const float *x, const float *y, float *out, int n_cols, int swap) {
  int row = swap ? blockIdx.y : blockIdx.x;
  int cb = swap ? blockIdx.x : blockIdx.y;
  size_t base = (size_t)row * n_cols + (size_t)cb * (T * E);
  #pragma unroll
  for (int r = 0; r < E; r += 4) {
    int lane = VEC4 ? (r / 4) * (T * 4) + threadIdx.x * 4 : threadIdx.x * E + r;
    int col = cb * (T * E) + lane;
    size_t i = base + lane;
    if (col + 3 < n_cols) {
      float4 a = *(const float4 *)(x + i), b = *(const float4 *)(y + i);
      *(float4 *)(out + i) = make_float4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w);
    }
  }
}
"""


def row_kernel(name, T, E, P, vec4=False, fast=False):
    src = ROW_KERNEL % dict(T=T, E=E, P=P, VEC4=int(vec4), FAST=int(fast))
    return cp.RawModule(code=src, options=("-std=c++17",)).get_function(name)


def report(label, ms, nbytes, peer_ms):
    gbs = nbytes / ms / 1e6
    print(f"{label:52} {ms * 1e3:8.1f} us {gbs:7.0f} GB/s "
          f"{peer_ms / ms:5.2f}x torch", flush=True)


def check(got, want, label):
    if not torch.allclose(got, want, rtol=1e-4, atol=1e-5):
        print(f"  MISMATCH {label}: max err "
              f"{(got - want).abs().max().item():.3g}", flush=True)


def probe_rows():
    for cols in [int(c) for c in os.environ.get("PROBE_COLS", "256,1024").split(",")]:
        rows = 32768
        x = torch.randn(rows, cols, device="cuda")
        out = torch.empty(rows, device="cuda")
        sm = torch.empty_like(x)
        xs, outs, sms = cp.asarray(x), cp.asarray(out), cp.asarray(sm)
        red_bytes, sm_bytes = 4 * rows * (cols + 1), 8 * rows * cols
        t_sum = bench(lambda: torch.sum(x, dim=1, out=out), torch)
        t_max = bench(lambda: torch.amax(x, dim=1, out=out), torch)
        t_sm = bench(lambda: torch.softmax(x, dim=1, out=sm), torch)
        report(f"torch sum {cols}", t_sum, red_bytes, t_sum)
        report(f"torch amax {cols}", t_max, red_bytes, t_max)
        report(f"torch softmax {cols}", t_sm, sm_bytes, t_sm)
        configs = []
        for T in (32, 64, 128, 256):
            E = cols // T
            if E < 4 or E > 32:
                continue
            for P in (1, 2, 4, 8, 16):
                if T * P > 1024 or (T > 32 and P > 4):
                    continue
                for vec4 in ((False, True) if E > 4 else (False,)):
                    configs.append((T, E, P, vec4))
        for T, E, P, vec4 in configs:
            tag = f"T={T:3d} E={E:2d} P={P:2d} {'vec4' if vec4 else 'contig'}"
            grid = ((rows + P - 1) // P,)
            block = (T, P)
            f = row_kernel("row_reduce", T, E, P, vec4)
            for op, peer, name in ((0, t_sum, "sum"), (1, t_max, "max")):
                run = lambda: f(grid, block, (xs, outs, np.int32(cols),
                                              np.int32(rows), np.int32(op)))
                ms = bench(run, torch)
                report(f"row {name} {cols} {tag}", ms, red_bytes, peer)
                want = x.sum(1) if op == 0 else x.amax(1)
                check(out, want, tag)
            for fast in (False, True):
                g = row_kernel("softmax", T, E, P, vec4, fast)
                run = lambda: g(grid, block, (xs, sms, np.int32(cols),
                                              np.int32(rows)))
                ms = bench(run, torch)
                report(f"softmax {cols} {tag}{' exp2' if fast else ''}", ms,
                       sm_bytes, t_sm)
                check(sm, torch.softmax(x, dim=1), tag)


def probe_add():
    n = 8192
    x, y = torch.randn(n, n, device="cuda"), torch.randn(n, n, device="cuda")
    out = torch.empty_like(x)
    xs, ys, outs = cp.asarray(x), cp.asarray(y), cp.asarray(out)
    nbytes = 12 * n * n
    t = bench(lambda: torch.add(x, y, out=out), torch)
    report("torch add 8192x8192", t, nbytes, t)
    for T, E, vec4 in ((256, 4, 0), (128, 8, 0), (128, 8, 1), (256, 8, 1),
                       (512, 4, 0), (128, 4, 0), (64, 16, 1)):
        f = cp.RawModule(code=ADD_KERNEL % dict(T=T, E=E, VEC4=vec4)).get_function(
            "matrix_add")
        cb = (n + T * E - 1) // (T * E)
        for swap in (0, 1):
            grid = (cb, n) if swap else (n, cb)
            run = lambda: f(grid, (T,), (xs, ys, outs, np.int32(n),
                                         np.int32(swap)))
            ms = bench(run, torch)
            report(f"matrix add T={T} E={E}{' vec4' if vec4 else ''} {'colblock-major' if swap else 'row-major grid'}",
                   ms, nbytes, t)
            check(out, x + y, "add")


if __name__ == "__main__":
    print(torch.cuda.get_device_name(), flush=True)
    probe_add()
    probe_rows()
