// Runs every kernel of gen_reduce_kernels.py (built by build.sh) on random
// rows (with NaN/inf rows for f32) and checks every lane's copy of sum, max,
// min and sum(v - max). The num_warps variants (E lanes per thread, launched
// with width / E threads) run twice: on 16-byte aligned rows (vector loads
// and stores) and on rows shifted by one element (the scalar fallback). The
// programs_per_cta variants pack P = 2, 4 programs of at most one warp into
// a block; 67 rows is no multiple of P, so the last block has programs past
// the grid, which must store nothing: the output past the last row must
// keep its sentinel.
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <cmath>
#include <vector>
#include <random>
#include "warp.cu"
#include "tree.cu"
#include "warp_lanes.cu"
#include "tree_lanes.cu"
#include "warp_packed.cu"
#include "tree_packed.cu"
#include "launch_abi.h"

// Typed kernel pointers (one of ff/fi), so host_emulation.h can call them;
// the two trailing ints are the launch grid's sizes g0, g1.
struct K {
  const char *name; int w; int threads; int programs; bool f;
  void (*ff)(const float *, float *, int, int); void (*fi)(const int *, int *, int, int);
};
#define FN_f32(fn) fn, nullptr
#define FN_i32(fn) nullptr, fn
#define E(ty, w, form, isf) {"red_" #ty "_w" #w "_" #form, w, w, 1, isf, FN_##ty(red_##ty##_w##w##_##form)}
#define ALL(form) E(f32,1,form,1),E(i32,1,form,0),E(f32,2,form,1),E(i32,2,form,0),E(f32,4,form,1),E(i32,4,form,0),\
  E(f32,8,form,1),E(i32,8,form,0),E(f32,16,form,1),E(i32,16,form,0),E(f32,32,form,1),E(i32,32,form,0),\
  E(f32,64,form,1),E(i32,64,form,0),E(f32,128,form,1),E(i32,128,form,0),E(f32,256,form,1),E(i32,256,form,0),\
  E(f32,512,form,1),E(i32,512,form,0),E(f32,1024,form,1),E(i32,1024,form,0)
static K kernels[] = {ALL(warp), ALL(tree),
#include "warp_lanes_table.inc"
#include "tree_lanes_table.inc"
#include "warp_packed_table.inc"
#include "tree_packed_table.inc"
};

static bool same(float a, float b) { return (std::isnan(a) && std::isnan(b)) || a == b; }

int main() {
  const int rows = 67;
  std::mt19937 rng(42);
  int failures = 0, checked = 0, runs = 0;
  for (K &k : kernels)
  for (int shift = 0; shift < (k.threads < k.w ? 2 : 1); ++shift) {
    ++runs;
    int w = k.w;
    // Zeros past the last input row, sentinels past the last output row (as
    // many rows as a block's programs past the grid could reach).
    const int pad = 4 * 4 * w;
    std::vector<uint32_t> in(rows * w + 4 * w, 0), out(rows * 4 * w + pad, 0xdeadbeef);
    for (int r = 0; r < rows; ++r)
      for (int l = 0; l < w; ++l) {
        uint32_t bits;
        if (k.f) {
          float v = std::uniform_real_distribution<float>(-100.f, 100.f)(rng);
          if (r == 1 && l == w / 2) v = NAN;                   // one NaN
          if (r == 2) v = NAN;                                 // all NaN
          if (r == 3 && l == w - 1) v = -INFINITY;
          if (r == 4 && l == 0) v = INFINITY;
          if (r == 5) v = (l % 2) ? 0.0f : -0.0f;
          if (r == 6) v = 1.0f;                                // exact sums
          memcpy(&bits, &v, 4);
        } else {
          bits = rng();
          if (r == 1) bits = 0x80000000u;                      // INT_MIN everywhere
          if (r == 2) bits = 0x7fffffffu;
        }
        in[r * w + l] = bits;
      }
    uint32_t *din, *dout;
    cudaMalloc(&din, (in.size() + 1) * 4); cudaMalloc(&dout, (out.size() + 1) * 4);
    cudaMemcpy(din + shift, in.data(), in.size() * 4, cudaMemcpyHostToDevice);
    cudaMemcpy(dout + shift, out.data(), out.size() * 4, cudaMemcpyHostToDevice);
    uint32_t *xin = din + shift, *xout = dout + shift;
    cudaError_t err = k.f ? launchGrid(k.ff, {rows}, k.threads, k.programs, {&xin, &xout})
                          : launchGrid(k.fi, {rows}, k.threads, k.programs, {&xin, &xout});
    if (err != cudaSuccess) { printf("FAIL %s shift %d: %s\n", k.name, shift, cudaGetErrorString(err)); ++failures; continue; }
    cudaMemcpy(out.data(), dout + shift, out.size() * 4, cudaMemcpyDeviceToHost);
    cudaFree(din); cudaFree(dout);
    bool ok = true;
    for (int i = rows * 4 * w; i < (int)out.size() && ok; ++i)
      if (out[i] != 0xdeadbeef) { printf("FAIL %s: output %d past the last row was written\n", k.name, i - rows * 4 * w); ok = false; }
    for (int r = 0; r < rows && ok; ++r) {
      const uint32_t *x = &in[r * w];
      const uint32_t *o = &out[r * 4 * w];
      // Every lane holds the same bits.
      for (int q = 0; q < 4; ++q)
        for (int l = 1; l < w; ++l)
          if (o[q * w + l] != o[q * w]) { printf("FAIL %s row %d result %d lane %d differs from lane 0\n", k.name, r, q, l); ok = false; break; }
      if (!ok) break;
      if (k.f) {
        const float *xf = (const float *)x; const float *of = (const float *)o;
        float mx = xf[0], mn = xf[0]; double s = 0, sa = 0;
        for (int l = 0; l < w; ++l) { mx = fmaxf(mx, xf[l]); mn = fminf(mn, xf[l]); s += xf[l]; sa += fabs(xf[l]); }
        double ds = 0, dsa = 0;
        for (int l = 0; l < w; ++l) { float d = xf[l] - mx; ds += d; dsa += fabs(d); }
        auto close = [](float g, double ref, double mag) {
          if (std::isnan(ref) || std::isinf(ref)) return same(g, (float)ref);
          return fabs(g - ref) <= 1e-5 * mag + 1e-6;
        };
        if (!same(of[w], mx) || !same(of[2 * w], mn) || !close(of[0], s, sa) || !close(of[3 * w], ds, dsa)) {
          printf("FAIL %s row %d: sum %g/%g max %g/%g min %g/%g dsum %g/%g\n", k.name, r, of[0], s, of[w], mx, of[2*w], mn, of[3*w], ds);
          ok = false;
        }
        // Max and min keep the sign of zero only as fmaxf does; check bits in row 5 only loosely.
      } else {
        const int32_t *xi = (const int32_t *)x; const int32_t *oi = (const int32_t *)o;
        uint32_t s = 0; int32_t mx = xi[0], mn = xi[0];
        for (int l = 0; l < w; ++l) { s += (uint32_t)xi[l]; mx = xi[l] > mx ? xi[l] : mx; mn = xi[l] < mn ? xi[l] : mn; }
        uint32_t ds = 0;
        for (int l = 0; l < w; ++l) ds += (uint32_t)xi[l] - (uint32_t)mx;
        if ((uint32_t)oi[0] != s || oi[w] != mx || oi[2 * w] != mn || (uint32_t)oi[3 * w] != ds) {
          printf("FAIL %s row %d: sum %d/%d max %d/%d min %d/%d dsum %d/%d\n", k.name, r, oi[0], (int)s, oi[w], mx, oi[2*w], mn, oi[3*w], (int)ds);
          ok = false;
        }
      }
      ++checked;
    }
    if (!ok) { ++failures; printf("FAIL %s shift %d\n", k.name, shift); }
    else printf("PASS %s shift %d\n", k.name, shift);
  }
  printf("%d kernels, %d runs, %d rows checked, %d failing runs\n", (int)(sizeof(kernels) / sizeof(kernels[0])), runs, checked, failures);
  return failures != 0;
}
