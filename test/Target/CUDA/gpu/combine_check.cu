// Runs the kernels of ../Inputs/combine-kernels.mlir (tt.combine_reduce and
// tt.scan: argmax/argmin with ties and NaN, a reduction that returns its
// first element, i32 cumsums, the linear recurrence x = b * x + a as a scan
// of (a, b) pairs, (sum, count) pairs) against a CPU reference, exactly:
// every input is an integer (the recurrence's b is +-1), so any order of
// combination gives the reference's result, and NaN ties follow numpy
// (the first NaN wins argmax and argmin). Uniform kernels of 1 to 32 lanes
// per thread (with several programs per block, the last block's past the
// grid), tiled ones along each axis, forwards and in reverse. Every output
// starts as sentinels and an element past the end must keep its own.
//
// COMBINE_KERNELS names the kernels: combine.cu (the CUDA emitter's, run
// by build.sh on an sm_90 GPU or under host_emulation.h) or the header
// gpu_to_host.py writes for the gpu/nvvm route's lowered IR run on the host
// (test/Conversion/TTToGPU/combine-on-host.test).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#ifndef COMBINE_KERNELS
#define COMBINE_KERNELS "combine.cu"
#endif
#include COMBINE_KERNELS
#include "launch_abi.h"

static int cases = 0, failures = 0;
static const uint32_t kSentinel = 0x7fbadbadu;

template <class T> struct Buffer {
  explicit Buffer(size_t n, const std::vector<T> *init = nullptr) : n(n) {
    cudaMalloc(&ptr, (n + 1) * sizeof(T));
    std::vector<uint32_t> s((n + 1) * sizeof(T) / 4, kSentinel);
    cudaMemcpy(ptr, s.data(), (n + 1) * sizeof(T), cudaMemcpyHostToDevice);
    if (init) cudaMemcpy(ptr, init->data(), n * sizeof(T), cudaMemcpyHostToDevice);
  }
  ~Buffer() { cudaFree(ptr); }
  std::vector<T> read() const {
    std::vector<T> h(n + 1);
    cudaMemcpy(h.data(), ptr, (n + 1) * sizeof(T), cudaMemcpyDeviceToHost);
    return h;
  }
  T *ptr;
  size_t n;
};

static uint32_t bits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static uint32_t bits(int i) { return (uint32_t)i; }
static bool same(float a, float b) { return std::isnan(a) ? std::isnan(b) : bits(a) == bits(b); }
static bool same(int a, int b) { return a == b; }
static bool same(long long a, long long b) { return a == b; }
static uint32_t bits(long long i) { return (uint32_t)i; }

// Integers in [lo, hi), a NaN every `nanEvery` elements (0: none).
static std::vector<float> floats(size_t n, unsigned seed, int lo, int hi, int nanEvery = 0) {
  std::vector<float> v(n);
  uint32_t s = seed * 2654435761u + 1;
  for (size_t i = 0; i < n; ++i) {
    s = s * 1664525u + 1013904223u;
    v[i] = (float)(lo + (int)((s >> 8) % (uint32_t)(hi - lo)));
    if (nanEvery && (s >> 4) % (uint32_t)nanEvery == 0) v[i] = NAN;
  }
  return v;
}
static std::vector<int> ints(size_t n, unsigned seed, int lo, int hi) {
  std::vector<float> f = floats(n, seed, lo, hi);
  return std::vector<int>(f.begin(), f.end());
}
static std::vector<float> signs(size_t n, unsigned seed) {
  std::vector<float> v = floats(n, seed, 0, 2);
  for (float &x : v) x = x == 0 ? -1.0f : 1.0f;
  return v;
}

template <class T>
static void check(const char *what, const char *name, const std::vector<T> &got,
                  const std::vector<T> &want) {
  ++cases;
  size_t bad = 0, first = 0;
  for (size_t i = 0; i < want.size(); ++i)
    if (!same(got[i], want[i]) && bad++ == 0) first = i;
  bool tail = bits(got[want.size()]) == kSentinel;
  if (bad == 0 && tail) {
    printf("PASS %s %s\n", name, what);
    return;
  }
  ++failures;
  if (bad)
    printf("FAIL %s %s: %zu wrong, first [%zu] got %g want %g\n", name, what, bad,
           first, (double)got[first], (double)want[first]);
  else
    printf("FAIL %s %s: wrote past the end\n", name, what);
}

template <class Kernel>
static void launch(const char *name, Kernel fn, int g0, int threads, int programs,
                   std::vector<void *> args) {
  cudaError_t err = launchGrid(fn, {g0}, threads, programs, args);
  if (err != cudaSuccess) {
    ++cases, ++failures;
    printf("FAIL %s: launch failed: %s\n", name, cudaGetErrorString(err));
  }
}

// The line `line` of a [lines, n] problem along `axis` of an m x n matrix:
// element k of the line is at index(line, k).
struct Lines {
  int m, n, axis;
  int count() const { return axis == 0 ? n : m; }
  int length() const { return axis == 0 ? m : n; }
  int index(int line, int k) const { return axis == 0 ? k * n + line : line * n + k; }
};

// numpy's argmax/argmin: the first NaN, else the first extreme.
static int argExtreme(const std::vector<float> &x, Lines l, int line, bool min) {
  int best = 0;
  for (int k = 0; k < l.length(); ++k) {
    float v = x[l.index(line, k)], b = x[l.index(line, best)];
    if (std::isnan(b)) break;
    if (std::isnan(v) || (min ? v < b : v > b)) best = k;
  }
  return best;
}

template <class Kernel>
static void argRows(const char *name, Kernel fn, int n, int threads, int programs, bool min) {
  int rows = 5;
  std::vector<float> x = floats(rows * n, n + min, -4, 4, n > 8 ? 16 : 0);
  if (n > 8) x[n + 3] = NAN; // row 1: an early NaN
  Buffer<float> bx(x.size(), &x), bv(rows);
  Buffer<int> bi(rows);
  launch(name, fn, rows, threads, programs, {&bx.ptr, &bv.ptr, &bi.ptr});
  std::vector<float> wv(rows);
  std::vector<int> wi(rows);
  for (int r = 0; r < rows; ++r) {
    wi[r] = argExtreme(x, {rows, n, 1}, r, min);
    wv[r] = x[r * n + wi[r]];
  }
  check("values", name, bv.read(), wv);
  check("indices", name, bi.read(), wi);
}

template <class Kernel>
static void firstRows(const char *name, Kernel fn, int n, int threads) {
  int rows = 3;
  std::vector<float> x = floats(rows * n, 7, -100, 100);
  Buffer<float> bx(x.size(), &x), bz(rows);
  launch(name, fn, rows, threads, 1, {&bx.ptr, &bz.ptr});
  std::vector<float> want(rows);
  for (int r = 0; r < rows; ++r) want[r] = x[r * n];
  check("first", name, bz.read(), want);
}

// cumsum (b empty) or x = b * x + a along each line, from the end when
// `reverse`.
static std::vector<float> scanRef(const std::vector<float> &a, const std::vector<float> *b,
                                  Lines l, bool reverse) {
  std::vector<float> z(a.size());
  for (int line = 0; line < l.count(); ++line) {
    float acc = 0;
    for (int s = 0; s < l.length(); ++s) {
      int k = reverse ? l.length() - 1 - s : s;
      float v = a[l.index(line, k)];
      acc = s == 0 ? v : (b ? (*b)[l.index(line, k)] * acc + v : acc + v);
      z[l.index(line, k)] = acc;
    }
  }
  return z;
}

template <class Kernel>
static void cumsum(const char *name, Kernel fn, Lines l, int rows, int threads, int programs,
                   bool reverse) {
  int size = l.m * l.n * rows;
  std::vector<int> x = ints(size, size + reverse, -50, 50);
  Buffer<int> bx(size, &x), bz(size);
  launch(name, fn, rows, threads, programs, {&bx.ptr, &bz.ptr});
  std::vector<float> xf(x.begin(), x.end());
  Lines all = l.axis == 1 ? Lines{l.m * rows, l.n, 1} : l;
  std::vector<float> zf = scanRef(xf, nullptr, all, reverse);
  check("cumsum", name, bz.read(), std::vector<int>(zf.begin(), zf.end()));
}

template <class Kernel>
static void linrec(const char *name, Kernel fn, Lines l, int rows, int threads, int programs,
                   bool reverse) {
  int size = l.m * l.n * rows;
  std::vector<float> a = floats(size, 3 + size, -3, 4), b = signs(size, 5 + size);
  Buffer<float> ba(size, &a), bb(size, &b), bz(size);
  launch(name, fn, rows, threads, programs, {&ba.ptr, &bb.ptr, &bz.ptr});
  Lines all = l.axis == 1 ? Lines{l.m * rows, l.n, 1} : l;
  check("recurrence", name, bz.read(), scanRef(a, &b, all, reverse));
}

template <class Kernel>
static void arg2d(const char *name, Kernel fn, Lines l, bool min) {
  std::vector<float> x = floats(l.m * l.n, l.m + l.axis + min, -3, 3, 23);
  Buffer<float> bx(x.size(), &x);
  Buffer<int> bi(l.count());
  launch(name, fn, 1, 128, 1, {&bx.ptr, &bi.ptr});
  std::vector<int> want(l.count());
  for (int line = 0; line < l.count(); ++line) want[line] = argExtreme(x, l, line, min);
  check("indices", name, bi.read(), want);
}

template <class Kernel>
static void pair2d(const char *name, Kernel fn, Lines l) {
  std::vector<int> x = ints(l.m * l.n, 11, -1000, 1000), y = ints(l.m * l.n, 12, 0, 5);
  Buffer<int> bx(x.size(), &x), by(y.size(), &y), bs(l.count()), bc(l.count());
  launch(name, fn, 1, 128, 1, {&bx.ptr, &by.ptr, &bs.ptr, &bc.ptr});
  std::vector<int> ws(l.count(), 0), wc(l.count(), 0);
  for (int line = 0; line < l.count(); ++line)
    for (int k = 0; k < l.length(); ++k) {
      ws[line] += x[l.index(line, k)];
      wc[line] += y[l.index(line, k)];
    }
  check("sums", name, bs.read(), ws);
  check("counts", name, bc.read(), wc);
}

// 64-bit elements (shuffled as two halves) and booleans (bytes in shared
// memory), across 8 warps.
template <class Kernel>
static void cumsum64(const char *name, Kernel fn) {
  int n = 1024, rows = 3;
  std::vector<int> x32 = ints(rows * n, 21, -1000, 1000);
  std::vector<long long> x(x32.size()), want(x32.size());
  for (size_t i = 0; i < x.size(); ++i) x[i] = (long long)x32[i] << 31;
  Buffer<long long> bx(x.size(), &x), bz(x.size());
  launch(name, fn, rows, 256, 1, {&bx.ptr, &bz.ptr});
  for (int r = 0; r < rows; ++r)
    for (long long k = 0, acc = 0; k < n; ++k) want[r * n + k] = acc += x[r * n + k];
  check("cumsum", name, bz.read(), want);
}

// int8 lanes (16 bytes of them a group: 8 consecutive lanes a thread)
// summed in int32, in reverse.
template <class Kernel>
static void cumsum8(const char *name, Kernel fn) {
  int n = 1024, rows = 3;
  std::vector<int> x32 = ints(rows * n, 41, -128, 128);
  std::vector<signed char> x(x32.begin(), x32.end());
  std::vector<int> want(x.size());
  Buffer<signed char> bx(x.size(), &x);
  Buffer<int> bz(x.size());
  launch(name, fn, rows, 128, 1, {&bx.ptr, &bz.ptr});
  for (int r = 0; r < rows; ++r)
    for (int k = n - 1, acc = 0; k >= 0; --k) want[r * n + k] = acc += x[r * n + k];
  check("cumsum", name, bz.read(), want);
}

template <class Kernel>
static void runningAny(const char *name, Kernel fn, bool reverse) {
  int n = 1024, rows = 3;
  std::vector<int> x(rows * n, 0), want(rows * n);
  x[300] = 1, x[n + 5] = 1, x[n + 900] = 1; // row 2: none
  Buffer<int> bx(x.size(), &x), bz(x.size());
  launch(name, fn, rows, 256, 1, {&bx.ptr, &bz.ptr});
  for (int r = 0; r < rows; ++r)
    for (int s = 0, seen = 0; s < n; ++s) {
      int k = reverse ? n - 1 - s : s;
      want[r * n + k] = seen |= x[r * n + k] > 0;
    }
  check("running any", name, bz.read(), want);
}

template <class Kernel>
static void argmaxLong(const char *name, Kernel fn) {
  std::vector<float> x = floats(4096, 31, -5, 5, 0);
  x[3000] = 9, x[100] = 9; // a tie far apart: the first wins
  Buffer<float> bx(x.size(), &x);
  Buffer<int> bi(1);
  launch(name, fn, 1, 128, 1, {&bx.ptr, &bi.ptr});
  check("index", name, bi.read(), std::vector<int>{100});
}

#define ROWS(f, n, nw, p) #f, f, n, std::min(32 * nw, n), p

int main() {
  // Uniform kernels: one row of n lanes per program.
  argRows(ROWS(argmax_w128_nw1_p1, 128, 1, 1), false);
  argRows(ROWS(argmin_w128_nw1_p1, 128, 1, 1), true);
  argRows(ROWS(argmax_w1024_nw8_p1, 1024, 8, 1), false);
  argRows(ROWS(argmin_w1024_nw8_p1, 1024, 8, 1), true);
  argRows(ROWS(argmax_w64_nw4_p1, 64, 4, 1), false);
  argRows(ROWS(argmin_w64_nw4_p1, 64, 4, 1), true);
  argRows(ROWS(argmax_w8_nw1_p4, 8, 1, 4), false);
  argRows(ROWS(argmin_w8_nw1_p4, 8, 1, 4), true);
  argRows(ROWS(argmax_w32_nw1_p2, 32, 1, 2), false);
  argRows(ROWS(argmin_w32_nw1_p2, 32, 1, 2), true);
  firstRows("first_w128_nw1", first_w128_nw1, 128, 32);
  firstRows("first_w1024_nw8", first_w1024_nw8, 1024, 256);
  firstRows("first_w64_nw4", first_w64_nw4, 64, 64);
#define SCAN_ROWS(n, nw, p)                                                              \
  cumsum(#n "/" #nw "/" #p, cumsum_w##n##_nw##nw##_p##p, {1, n, 1}, 5, std::min(32 * nw, n), p, false); \
  cumsum(#n "/" #nw "/" #p " rev", cumsum_w##n##_nw##nw##_p##p##_rev, {1, n, 1}, 5, std::min(32 * nw, n), p, true); \
  linrec(#n "/" #nw "/" #p, linrec_w##n##_nw##nw##_p##p, {1, n, 1}, 5, std::min(32 * nw, n), p, false); \
  linrec(#n "/" #nw "/" #p " rev", linrec_w##n##_nw##nw##_p##p##_rev, {1, n, 1}, 5, std::min(32 * nw, n), p, true);
  SCAN_ROWS(128, 1, 1)
  SCAN_ROWS(1024, 8, 1)
  SCAN_ROWS(64, 4, 1)
  SCAN_ROWS(1024, 1, 1)
  SCAN_ROWS(8, 1, 4)
  // Tiled kernels: one program, 4 warps.
#define SCAN2D(m, n, a)                                                                  \
  cumsum("scan2d_" #m "x" #n "_a" #a, scan2d_##m##x##n##_a##a, {m, n, a}, 1, 128, 1, false); \
  cumsum("scan2d_" #m "x" #n "_a" #a "_rev", scan2d_##m##x##n##_a##a##_rev, {m, n, a}, 1, 128, 1, true);
  SCAN2D(8, 32, 0) SCAN2D(8, 32, 1) SCAN2D(128, 8, 0) SCAN2D(128, 8, 1)
  SCAN2D(4, 256, 0) SCAN2D(4, 256, 1)
  linrec("linrec2d_16x64_a0", linrec2d_16x64_a0, {16, 64, 0}, 1, 128, 1, false);
  linrec("linrec2d_16x64_a0_rev", linrec2d_16x64_a0_rev, {16, 64, 0}, 1, 128, 1, true);
  linrec("linrec2d_16x64_a1", linrec2d_16x64_a1, {16, 64, 1}, 1, 128, 1, false);
  linrec("linrec2d_16x64_a1_rev", linrec2d_16x64_a1_rev, {16, 64, 1}, 1, 128, 1, true);
#define ARG2D(m, n, a)                                                                   \
  arg2d("argmax2d_" #m "x" #n "_a" #a, argmax2d_##m##x##n##_a##a, {m, n, a}, false);      \
  arg2d("argmin2d_" #m "x" #n "_a" #a, argmin2d_##m##x##n##_a##a, {m, n, a}, true);
  ARG2D(16, 32, 0) ARG2D(16, 32, 1) ARG2D(128, 8, 0) ARG2D(128, 8, 1)
  pair2d("pair2d_8x64_a0", pair2d_8x64_a0, {8, 64, 0});
  pair2d("pair2d_8x64_a1", pair2d_8x64_a1, {8, 64, 1});
  pair2d("pair2d_128x8_a0", pair2d_128x8_a0, {128, 8, 0});
  pair2d("pair2d_128x8_a1", pair2d_128x8_a1, {128, 8, 1});
  cumsum("cumsum_long4096", cumsum_long4096, {1, 4096, 1}, 1, 128, 1, false);
  cumsum("cumsum_long4096_rev", cumsum_long4096_rev, {1, 4096, 1}, 1, 128, 1, true);
  cumsum64("cumsum_i64_w1024_nw8", cumsum_i64_w1024_nw8);
  runningAny("any_w1024_nw8", any_w1024_nw8, false);
  runningAny("any_w1024_nw8_rev", any_w1024_nw8_rev, true);
  argmaxLong("argmax_long4096", argmax_long4096);
  cumsum8("cumsum_i8_w1024_nw4", cumsum_i8_w1024_nw4);
  printf("combine_check (%s): %d cases, %d failures\n", COMBINE_KERNELS, cases, failures);
  return failures != 0;
}
