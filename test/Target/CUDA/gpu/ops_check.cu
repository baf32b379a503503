// Checks the emitted op printers on the GPU against arith's semantics.
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <cmath>
#include <climits>
#include <vector>
#include "ops.cu"
#include "lits.cu"
#include "smw.cu"
#include "smt.cu"
#include "launch_abi.h"

static int fails = 0;
#define EXPECT(cond, ...) do { if (!(cond)) { ++fails; printf("FAIL: " __VA_ARGS__); printf("\n"); } } while (0)
template <class T> static std::vector<T> run1(void *fn, std::vector<void *> args, int n, int threads, int offset = 0) {
  T *d; cudaMalloc(&d, (n + offset) * sizeof(T)); cudaMemset(d, 0, (n + offset) * sizeof(T));
  T *base = d + offset;
  for (auto &a : args) if (a == nullptr) a = &base;
  cudaError_t e = launchGrid(fn, {1}, threads, 1, args);
  if (e != cudaSuccess) { printf("launch: %s\n", cudaGetErrorString(e)); ++fails; }
  std::vector<T> h(n + offset); cudaMemcpy(h.data(), d, (n + offset) * sizeof(T), cudaMemcpyDeviceToHost); cudaFree(d);
  return std::vector<T>(h.begin() + offset, h.end());
}
static uint32_t bits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }

int main() {
  // cmpf: every predicate on ordered, equal, NaN and signed-zero pairs.
  float pairs[][2] = {{1, 2}, {2, 1}, {1, 1}, {NAN, 1}, {1, NAN}, {NAN, NAN}, {-0.0f, 0.0f}, {INFINITY, INFINITY}};
  for (auto &p : pairs) {
    float a = p[0], b = p[1];
    auto r = run1<int>((void *)cmpf_predicates, {&a, &b, nullptr}, 16, 1);
    bool ord = !std::isnan(a) && !std::isnan(b), uno = !ord;
    bool ref[16] = {false, ord && a == b, ord && a > b, ord && a >= b, ord && a < b, ord && a <= b, ord && a != b, ord,
                    uno || a == b, uno || a > b, uno || a >= b, uno || a < b, uno || a <= b, uno || a != b, uno, true};
    for (int i = 0; i < 16; ++i) EXPECT(r[i] == ref[i], "cmpf pred %d on (%g, %g): %d", i, a, b, r[i]);
  }
  // cmpi
  int ipairs[][2] = {{-1, 1}, {1, -1}, {5, 5}, {INT_MIN, INT_MAX}};
  for (auto &p : ipairs) {
    int a = p[0], b = p[1]; unsigned ua = a, ub = b;
    auto r = run1<int>((void *)cmpi_predicates, {&a, &b, nullptr}, 10, 1);
    bool ref[10] = {a == b, a != b, a < b, a <= b, a > b, a >= b, ua < ub, ua <= ub, ua > ub, ua >= ub};
    for (int i = 0; i < 10; ++i) EXPECT(r[i] == ref[i], "cmpi pred %d on (%d, %d): %d", i, a, b, r[i]);
  }
  // int ops, with wrapping
  int iargs[][2] = {{INT_MAX, 2}, {-7, 2}, {7, 3}, {0x40000001, 3}, {INT_MIN, 1}};
  for (auto &p : iargs) {
    int a = p[0], b = p[1]; unsigned ua = a, ub = b;
    auto r = run1<int>((void *)int_ops, {&a, &b, nullptr}, 21, 1);
    bool pp = a < b, q = a != b, band = pp & q, bor = pp | q, bxor = band ^ bor;
    int ref[21] = {(int)(ua + ub), (int)(ua - ub), (int)(ua * ub), a / b, a % b, (int)(ua / ub), (int)(ua % ub),
                   a & b, a | b, a ^ b, (int)(ua << ub), a >> b, (int)(ua >> ub), a > b ? a : b, a < b ? a : b,
                   ua > ub ? a : b, ua < ub ? a : b, (int)bxor, bor ? -1 : 0, (a & 1) ? a : b, pp == q};
    for (int i = 0; i < 21; ++i) EXPECT(r[i] == ref[i], "int op %d on (%d, %d): %d want %d", i, a, b, r[i], ref[i]);
  }
  // casts; fout is offset by 8 so fout[a] with a = -3 stays in bounds
  for (int a : {-3, 5}) {
    float x = 2.75f;
    float *f; int *iv; cudaMalloc(&f, 16 * 4); cudaMalloc(&iv, 2 * 4); cudaMemset(f, 0, 64);
    float *fb = f + 8;
    launchGrid((void *)casts, {1}, 1, 1, {&a, &x, &fb, &iv});
    float hf[16]; int hi[2]; cudaMemcpy(hf, f, 64, cudaMemcpyDeviceToHost); cudaMemcpy(hi, iv, 8, cudaMemcpyDeviceToHost);
    bool bb = a < 1;
    EXPECT(hf[8] == (float)a && hf[9] == (float)(unsigned)a && hf[10] == (bb ? -1.0f : 0.0f) && hf[11] == (bb ? 1.0f : 0.0f),
           "casts a=%d: %g %g %g %g", a, hf[8], hf[9], hf[10], hf[11]);
    EXPECT(hi[0] == 2 && (uint32_t)hi[1] == bits(2.75f), "fptosi/bitcast: %d %x", hi[0], hi[1]);
    EXPECT(bits(hf[8 + a]) == (uint32_t)a, "i2f bitcast at %d: %x", a, bits(hf[8 + a]));
    cudaFree(f); cudaFree(iv);
  }
  // float ops on a 4-lane tensor: exact ones bitwise, transcendental within 4 ulp (CUDA tanf, powf)
  {
    float a = 1.5f, b = -0.25f, c = 3.0f;
    auto r = run1<float>((void *)float_ops, {&a, &b, &c, nullptr}, 31 * 4, 4);
    float ref[31] = {a + b, a - b, a * b, a / b, fmodf(a, b), fmaxf(a, b), fminf(a, b), -a, expf(a), exp2f(a), expm1f(a),
                     logf(a), log2f(a), log10f(a), log1pf(a), sqrtf(a), 1.0f / sqrtf(a), fabsf(a), tanhf(a), sinf(a), cosf(a),
                     tanf(a), erff(a), floorf(a), ceilf(a), truncf(a), roundf(a), rintf(a), fmaf(a, b, c), powf(a, b), a < b ? a : b};
    bool exact[31] = {1,1,1,1,1,1,1,1,0,0,0, 0,0,0,0,1,0,1,0,0,0, 0,0,1,1,1,1,1,1,0,1};
    for (int i = 0; i < 31; ++i)
      for (int l = 0; l < 4; ++l) {
        float g = r[i * 4 + l];
        bool ok = exact[i] ? bits(g) == bits(ref[i]) : fabsf(g - ref[i]) <= 4 * fabsf(nextafterf(ref[i], INFINITY) - ref[i]);
        EXPECT(ok, "float op %d lane %d: %.9g want %.9g", i, l, g, ref[i]);
      }
  }
  // literals, bit-exact
  {
    std::vector<float> init(11, 0.0f); init[10] = 4.0f;
    float *d; cudaMalloc(&d, 44); cudaMemcpy(d, init.data(), 44, cudaMemcpyHostToDevice);
    launchGrid((void *)float_literals, {1}, 1, 1, {&d});
    float h[11]; cudaMemcpy(h, d, 44, cudaMemcpyDeviceToHost); cudaFree(d);
    uint32_t want[11] = {bits(0.1f), 0x80000000u, bits(1.0f), bits(1e10f), 0x7f7fffffu, 0x7fc00000u, 0xffc00001u,
                         0x7f800000u, 0xff800000u, 0x00000001u, bits(6.5f)};
    for (int i = 0; i < 11; ++i) EXPECT(bits(h[i]) == want[i], "literal %d: %08x want %08x", i, bits(h[i]), want[i]);
    auto r = run1<int>((void *)int_literals, {nullptr}, 5, 4);
    for (int l = 0; l < 4; ++l) EXPECT(r[l] == (int)((unsigned)l - 0x80000000u), "int literal lane %d: %d", l, r[l]);
    EXPECT(r[4] == (int)(0x7fffffffu + 7u), "INT_MAX - -7 wraps: %d", r[4]);
  }
  // softmax, 128 threads, 100 columns (masked tail), both reduction forms
  for (void *fn : {(void *)softmax_kernel, (void *)softmax_tree}) {
    int rows = 7, n = 100;
    std::vector<float> x(rows * n);
    for (int i = 0; i < rows * n; ++i) x[i] = sinf(i * 0.37f) * 20.0f;
    float *dx, *dy; cudaMalloc(&dx, x.size() * 4); cudaMalloc(&dy, x.size() * 4);
    cudaMemcpy(dx, x.data(), x.size() * 4, cudaMemcpyHostToDevice); cudaMemset(dy, 0, x.size() * 4);
    EXPECT(launchGrid(fn, {rows}, 128, 1, {&dx, &dy, &n}) == cudaSuccess, "softmax launch");
    std::vector<float> y(x.size()); cudaMemcpy(y.data(), dy, y.size() * 4, cudaMemcpyDeviceToHost);
    for (int r = 0; r < rows; ++r) {
      double m = -INFINITY, s = 0;
      for (int j = 0; j < n; ++j) m = fmax(m, x[r * n + j]);
      for (int j = 0; j < n; ++j) s += exp(x[r * n + j] - m);
      for (int j = 0; j < n; ++j) {
        double ref = exp(x[r * n + j] - m) / s;
        EXPECT(fabs(y[r * n + j] - ref) <= 1e-5 * ref + 1e-7, "softmax row %d col %d: %g want %g", r, j, y[r * n + j], ref);
      }
    }
    cudaFree(dx); cudaFree(dy);
  }
  printf("ops_check: %d failures\n", fails);
  return fails != 0;
}
