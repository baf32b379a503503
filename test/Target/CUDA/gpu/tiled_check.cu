// Runs the tiled kernels of ../tiled-kernels.mlir (built by build.sh into
// tiled.cu) against a double-precision CPU reference: a 2-D tiled add, a
// row softmax over 4x256 tiles, column sums over two row blocks, a
// transpose through tt.trans + convert_layout, an outer-product matmul,
// whole-tile sums, tt.reshape both ways and a
// 1-D reduction of one register per thread. Matrices are smaller than,
// equal to and larger than the tiles, 1xN and Nx1, so masks cut both axes;
// every output buffer starts as sentinels, and an element that no program
// should write (past the matrix, or after the end) must keep its sentinel.
// One PASS/FAIL line per case, then a summary.
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <cmath>
#include <vector>
// tiled.cu: the kernels as laid out by hand; build.sh also builds this
// program over tiled_auto.cu, the same kernels laid out by tt-prepare-gpu.
#ifndef TILED_KERNELS
#define TILED_KERNELS "tiled.cu"
#endif
#include TILED_KERNELS
#include "launch_abi.h"

static int cases = 0, failures = 0;
static const uint32_t kSentinel = 0x7fbadbadu; // a NaN no kernel computes
static bool isSentinel(float f) { uint32_t u; memcpy(&u, &f, 4); return u == kSentinel; }

// n floats on the device (plus one past the end), from `init` or sentinels.
struct Buffer {
  explicit Buffer(size_t n, const std::vector<float> *init = nullptr) : n(n) {
    cudaMalloc(&ptr, (n + 1) * sizeof(float));
    std::vector<uint32_t> s(n + 1, kSentinel);
    cudaMemcpy(ptr, s.data(), s.size() * 4, cudaMemcpyHostToDevice);
    if (init) cudaMemcpy(ptr, init->data(), n * sizeof(float), cudaMemcpyHostToDevice);
  }
  ~Buffer() { cudaFree(ptr); }
  std::vector<float> read() const {
    std::vector<float> h(n + 1);
    cudaMemcpy(h.data(), ptr, (n + 1) * sizeof(float), cudaMemcpyDeviceToHost);
    return h;
  }
  float *ptr;
  size_t n;
};

static std::vector<float> randomMatrix(size_t n, unsigned seed) {
  std::vector<float> v(n);
  uint32_t s = seed * 2654435761u + 1;
  for (float &x : v) {
    s = s * 1664525u + 1013904223u;
    x = (float)((s >> 8) % 2001) / 1000.0f - 1.0f; // in [-1, 1], 3 decimals
  }
  return v;
}

// Compares `got` (n + 1 elements) with `want` (n, NaN where nothing may be
// written: the element must keep its sentinel), and the element past the end.
static void check(const char *name, const std::vector<float> &got,
                  const std::vector<double> &want, double tolerance) {
  ++cases;
  size_t bad = 0, firstBad = 0;
  for (size_t i = 0; i <= want.size(); ++i) {
    bool ok;
    if (i == want.size() || std::isnan(want[i]))
      ok = isSentinel(got[i]);
    else
      ok = !isSentinel(got[i]) && std::fabs(got[i] - want[i]) <= tolerance * (1 + std::fabs(want[i]));
    if (!ok && bad++ == 0) firstBad = i;
  }
  if (bad == 0) {
    printf("PASS %s\n", name);
    return;
  }
  ++failures;
  printf("FAIL %s: %zu wrong elements, first %zu: got %.9g, want %.9g\n", name, bad,
         firstBad, got[firstBad], firstBad < want.size() ? want[firstBad] : NAN);
}

template <class Kernel>
static void launch(Kernel fn, Grid grid, int threads, std::vector<void *> args) {
  cudaError_t err = launchGrid(fn, grid, threads, 1, args);
  if (err != cudaSuccess) printf("launch failed: %s\n", cudaGetErrorString(err));
}

static int ceilDiv(int a, int b) { return (a + b - 1) / b; }

static void checkAdd(int m, int n) {
  std::vector<float> hx = randomMatrix(m * n, 1), hy = randomMatrix(m * n, 2);
  Buffer x(m * n, &hx), y(m * n, &hy), out(m * n);
  launch(add2d, {ceilDiv(m, 32), ceilDiv(n, 64)}, 128, {&x.ptr, &y.ptr, &out.ptr, &m, &n});
  std::vector<double> want(m * n);
  for (int i = 0; i < m * n; ++i) want[i] = (double)hx[i] + hy[i];
  char name[64];
  snprintf(name, sizeof name, "add2d %dx%d", m, n);
  check(name, out.read(), want, 1e-6);
}

static void checkSoftmax(int m, int n) {
  std::vector<float> hx = randomMatrix(m * n, 3);
  Buffer x(m * n, &hx), out(m * n);
  launch(softmax4x256, {ceilDiv(m, 4)}, 128, {&x.ptr, &out.ptr, &m, &n});
  std::vector<double> want(m * n);
  for (int r = 0; r < m; ++r) {
    double mx = -INFINITY, sum = 0;
    for (int c = 0; c < n; ++c) mx = std::fmax(mx, hx[r * n + c]);
    for (int c = 0; c < n; ++c) sum += std::exp(hx[r * n + c] - mx);
    for (int c = 0; c < n; ++c) want[r * n + c] = std::exp(hx[r * n + c] - mx) / sum;
  }
  char name[64];
  snprintf(name, sizeof name, "softmax4x256 %dx%d", m, n);
  check(name, out.read(), want, 1e-5);
}

static void checkColumnSums(int m, int n) {
  std::vector<float> hx = randomMatrix(m * n, 4);
  Buffer x(m * n, &hx), out(n);
  launch(colsum, {ceilDiv(n, 64)}, 256, {&x.ptr, &out.ptr, &m, &n});
  std::vector<double> want(n, 0.0);
  for (int r = 0; r < m; ++r)
    for (int c = 0; c < n; ++c) want[c] += hx[r * n + c];
  char name[64];
  snprintf(name, sizeof name, "colsum %dx%d", m, n);
  check(name, out.read(), want, 1e-5);
}

static void checkTranspose(int m, int n) {
  std::vector<float> hx = randomMatrix(m * n, 5);
  Buffer x(m * n, &hx), out(m * n);
  launch(transpose, {ceilDiv(m, 32), ceilDiv(n, 64)}, 128, {&x.ptr, &out.ptr, &m, &n});
  std::vector<double> want(m * n);
  for (int r = 0; r < m; ++r)
    for (int c = 0; c < n; ++c) want[c * m + r] = hx[r * n + c];
  char name[64];
  snprintf(name, sizeof name, "transpose %dx%d", m, n);
  check(name, out.read(), want, 0);
}

static void checkOuter(int m, int n) {
  std::vector<float> ha = randomMatrix(m * 2, 6), hb = randomMatrix(2 * n, 7);
  Buffer a(m * 2, &ha), b(2 * n, &hb), c(m * n);
  launch(outer, {ceilDiv(m, 32), ceilDiv(n, 32)}, 64, {&a.ptr, &b.ptr, &c.ptr, &m, &n});
  std::vector<double> want(m * n);
  for (int r = 0; r < m; ++r)
    for (int col = 0; col < n; ++col)
      want[r * n + col] = (double)ha[r * 2] * hb[col] + (double)ha[r * 2 + 1] * hb[n + col];
  char name[64];
  snprintf(name, sizeof name, "outer %dx2x%d", m, n);
  check(name, c.read(), want, 1e-6);
}

// tile_sum covers 64 columns: n <= 64.
static void checkTileSum(int m, int n) {
  std::vector<float> hx = randomMatrix(m * n, 8);
  int programs = ceilDiv(m, 32);
  Buffer x(m * n, &hx), out(programs);
  launch(tile_sum, {programs}, 128, {&x.ptr, &out.ptr, &m, &n});
  std::vector<double> want(programs, 0.0);
  for (int r = 0; r < m; ++r)
    for (int c = 0; c < n; ++c) want[r / 32] += hx[r * n + c];
  char name[64];
  snprintf(name, sizeof name, "tile_sum %dx%d", m, n);
  check(name, out.read(), want, 1e-5);
}

static void checkReshape() {
  std::vector<float> hx = randomMatrix(32 * 64, 9);
  Buffer x(2048, &hx), flat(2048), twice(2048);
  launch(reshape, {1}, 128, {&x.ptr, &flat.ptr, &twice.ptr});
  std::vector<double> want(2048), want2(2048);
  for (int i = 0; i < 2048; ++i) want[i] = hx[i], want2[i] = 2.0 * hx[i];
  check("reshape 32x64 -> 2048", flat.read(), want, 0);
  check("reshape 2048 -> 32x64", twice.read(), want2, 0);
}

// minus_max64 covers 64 elements: n <= 64.
static void checkMinusMax(int n) {
  std::vector<float> hx = randomMatrix(n, 10);
  Buffer x(n, &hx), out(64);
  launch(minus_max64, {1}, 128, {&x.ptr, &out.ptr, &n});
  std::vector<double> want(64, NAN);
  double mx = -INFINITY;
  for (int i = 0; i < n; ++i) mx = std::fmax(mx, hx[i]);
  for (int i = 0; i < n; ++i) want[i] = hx[i] - mx;
  char name[64];
  snprintf(name, sizeof name, "minus_max64 %d", n);
  check(name, out.read(), want, 1e-6);
}

int main() {
  for (auto [m, n] : {std::pair{50, 100}, {32, 64}, {20, 40}, {1, 64}, {64, 1}, {1, 1}, {97, 130}})
    checkAdd(m, n);
  for (auto [m, n] : {std::pair{10, 256}, {5, 200}, {4, 1}, {1, 256}, {9, 129}})
    checkSoftmax(m, n);
  for (auto [m, n] : {std::pair{64, 128}, {37, 100}, {1, 64}, {64, 1}, {33, 65}})
    checkColumnSums(m, n);
  for (auto [m, n] : {std::pair{50, 100}, {32, 64}, {1, 64}, {64, 1}, {20, 40}, {97, 130}})
    checkTranspose(m, n);
  for (auto [m, n] : {std::pair{50, 40}, {32, 32}, {1, 1}, {1, 70}, {70, 1}})
    checkOuter(m, n);
  for (auto [m, n] : {std::pair{70, 50}, {32, 64}, {1, 1}, {5, 64}})
    checkTileSum(m, n);
  checkReshape();
  for (int n : {64, 33, 1})
    checkMinusMax(n);
  printf("tiled_check (%s): %d cases, %d failures\n", TILED_KERNELS, cases, failures);
  return failures != 0;
}
