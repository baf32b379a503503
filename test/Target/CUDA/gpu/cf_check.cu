// Runs the control-flow kernels of ../control-flow*.mlir (built by build.sh
// into cf.cu: control-flow.mlir at 1 and 4 lanes per thread in both
// reduction forms, control-flow-reduction.mlir in both forms,
// control-flow-tiled.mlir) against a CPU reference: loops of zero and more
// trips, a runtime step whose last increment passes INT_MAX, swapped
// iter_args, nested loops with a branch and a reduction, whiles, tutorial
// 02's persistent softmax rows, a reduction per iteration (which reads the
// last iteration's shared memory if a barrier is missing: on the host, the
// fibers switch only at barriers, so the first thread would overwrite it),
// a loop-carried 2-D accumulator. Output buffers start as sentinels; an
// element no program should write must keep its sentinel. One PASS/FAIL
// line per case, then a summary.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <cmath>
#include <vector>
#include "cf.cu"
#include "launch_abi.h"

static int cases = 0, failures = 0;
static const uint32_t kSentinel = 0x7fbadbadu; // a NaN no kernel computes
template <class T> static bool isSentinel(T v) {
  uint32_t u;
  memcpy(&u, &v, 4);
  return u == kSentinel;
}

template <class T> struct Buffer {
  // n elements, from `init` or sentinels.
  explicit Buffer(size_t n, const std::vector<T> *init = nullptr) : n(n) {
    cudaMalloc(&ptr, n * sizeof(T) + 16);
    std::vector<uint32_t> s(n, kSentinel);
    cudaMemcpy(ptr, s.data(), n * 4, cudaMemcpyHostToDevice);
    if (init) cudaMemcpy(ptr, init->data(), n * sizeof(T), cudaMemcpyHostToDevice);
  }
  ~Buffer() { cudaFree(ptr); }
  std::vector<T> read() const {
    std::vector<T> h(n);
    cudaMemcpy(h.data(), ptr, n * sizeof(T), cudaMemcpyDeviceToHost);
    return h;
  }
  T *ptr;
  size_t n;
};

static std::vector<float> randomFloats(size_t n, unsigned seed) {
  std::vector<float> v(n);
  uint32_t s = seed * 2654435761u + 1;
  for (float &x : v) {
    s = s * 1664525u + 1013904223u;
    x = (float)((s >> 8) % 2001) / 1000.0f - 1.0f; // in [-1, 1], 3 decimals
  }
  return v;
}

// `got` against `want`, NaN where the element must keep its sentinel.
template <class T>
static void check(const char *name, const char *what, const std::vector<T> &got,
                  const std::vector<double> &want, double tolerance) {
  ++cases;
  size_t bad = 0, first = 0;
  for (size_t i = 0; i < want.size(); ++i) {
    bool ok = std::isnan(want[i])
                  ? isSentinel(got[i])
                  : !isSentinel(got[i]) &&
                        std::fabs((double)got[i] - want[i]) <= tolerance * (1 + std::fabs(want[i]));
    if (!ok && bad++ == 0) first = i;
  }
  if (bad == 0) {
    printf("PASS %s %s\n", name, what);
    return;
  }
  ++failures;
  printf("FAIL %s %s: %zu wrong elements, first %zu: got %.9g, want %.9g\n", name, what, bad,
         first, (double)got[first], want[first]);
}

template <class Kernel>
static bool launch(Kernel fn, Grid grid, int threads, std::vector<void *> args, const char *name) {
  cudaError_t err = launchGrid(fn, grid, threads, 1, args);
  if (err != cudaSuccess) {
    ++cases, ++failures;
    printf("FAIL %s: launch: %s\n", name, cudaGetErrorString(err));
  }
  return err == cudaSuccess;
}

using AdvanceKernel = void (*)(const float *, float *, int *, int, int, int);
using SwapFibKernel = void (*)(int *, int, int, int, int, int);
using NestedKernel = void (*)(const float *, float *, int, int, int, int, int);
using BranchKernel = void (*)(const float *, float *, int, int, int);
using DoublingKernel = void (*)(float *, int, int, int);
using SoftmaxKernel = void (*)(float *, const float *, int, int, int, int, int, int, int);
using RowMaxKernel = void (*)(const float *, float *, int, int, int);

// y[i + 128 s] = 2 x[i + 128 s] for s < steps; the count is steps.
static void checkAdvance(AdvanceKernel fn, const char *name, int threads) {
  for (int steps : {0, 1, 3}) {
    std::vector<float> x = randomFloats(128 * 4, 1);
    Buffer<float> dx(x.size(), &x), dy(x.size());
    Buffer<int> dc(1);
    if (!launch(fn, {1}, threads, {&dx.ptr, &dy.ptr, &dc.ptr, &steps}, name)) continue;
    std::vector<double> want(x.size(), NAN);
    for (int i = 0; i < 128 * steps; ++i) want[i] = 2.0 * x[i];
    char what[32];
    snprintf(what, sizeof what, "steps %d", steps);
    check(name, what, dy.read(), want, 0);
    check(name, what, dc.read(), {(double)steps}, 0);
  }
}

// out = (t odd ? 2 : 1) * fib(t + 2) for the loop's trip count t.
static void checkSwapFib(SwapFibKernel fn, const char *name, int threads) {
  struct { int lo, hi, step; } loops[] = {
      {0, 0, 1}, {5, 2, 1}, {3, 10, 2}, {-5, 7, 3}, {0, 2147483647, 1 << 30}};
  for (auto [lo, hi, step] : loops) {
    Buffer<int> dout(1);
    if (!launch(fn, {1}, threads, {&dout.ptr, &lo, &hi, &step}, name)) continue;
    long long trips = hi > lo ? ((long long)hi - lo + step - 1) / step : 0;
    unsigned a = 1, b = 1;
    for (long long i = 0; i < trips; ++i) { unsigned n = a + b; a = b; b = n; }
    char what[48];
    snprintf(what, sizeof what, "range(%d, %d, %d)", lo, hi, step);
    check(name, what, dout.read(), {(double)(int)((trips % 2 ? 2u : 1u) * b)}, 0);
  }
}

// Unsigned bounds: out = trips of range(lo, hi, step) + sum of range(lo, hi).
static void checkUnsigned(SwapFibKernel fn, const char *name, int threads) {
  struct { int lo, hi, step; } loops[] = {{0, 5, 2}, {-3, 2, 1}, {-3, -1, 1}, {2, 2, 1}};
  for (auto [lo, hi, step] : loops) {
    Buffer<int> dout(1);
    if (!launch(fn, {1}, threads, {&dout.ptr, &lo, &hi, &step}, name)) continue;
    unsigned long long ulo = (unsigned)lo, uhi = (unsigned)hi;
    unsigned n = 0;
    for (unsigned long long i = ulo; i < uhi; i += (unsigned)step) ++n;
    for (unsigned long long i = ulo; i < uhi; ++i) n += (unsigned)i;
    char what[48];
    snprintf(what, sizeof what, "range(%d, %d, %d)", lo, hi, step);
    check(name, what, dout.read(), {(double)(int)n}, 0);
  }
}

// out[r * n] = (flip ? -1 : 1) * sum of row r, for every row, from 2 programs.
static void checkNested(NestedKernel fn, const char *name, int threads) {
  int rows = 3;
  for (int n : {0, 100, 300}) for (int flip : {0, 1}) {
    std::vector<float> x = randomFloats(rows * n + 1, n + flip);
    Buffer<float> dx(x.size(), &x), dout(rows * n + 1);
    if (!launch(fn, {2}, threads, {&dx.ptr, &dout.ptr, &rows, &n, &flip}, name)) continue;
    std::vector<double> want(rows * n + 1, NAN);
    for (int r = 0; r < rows; ++r) {
      double s = 0;
      for (int j = 0; j < n; ++j) s += x[r * n + j];
      want[r * n] = flip ? -s : s;
    }
    char what[32];
    snprintf(what, sizeof what, "n %d flip %d", n, flip);
    check(name, what, dout.read(), want, 1e-5);
  }
}

// k > 0: out[i + k] = x[i] * k; else out[i + 7] = 1.
static void checkBranch(BranchKernel fn, const char *name, int threads) {
  for (int k : {3, 0, -2}) {
    std::vector<float> x = randomFloats(128, 7);
    Buffer<float> dx(x.size(), &x), dout(128 + 8);
    if (!launch(fn, {1}, threads, {&dx.ptr, &dout.ptr, &k}, name)) continue;
    std::vector<double> want(128 + 8, NAN);
    for (int i = 0; i < 128; ++i) want[i + (k > 0 ? k : 7)] = k > 0 ? (double)(x[i] * (float)k) : 1.0;
    char what[16];
    snprintf(what, sizeof what, "k %d", k);
    check(name, what, dout.read(), want, 0);
  }
}

// k doubles from 1 while k < n, lane i with it: out[i] = i k + k.
static void checkDoubling(DoublingKernel fn, const char *name, int threads) {
  for (int n : {1, 2, 100}) {
    Buffer<float> dout(128);
    if (!launch(fn, {1}, threads, {&dout.ptr, &n}, name)) continue;
    int k = 1;
    while (k < n) k *= 2;
    std::vector<double> want(128);
    for (int i = 0; i < 128; ++i) want[i] = (double)i * k + k;
    char what[16];
    snprintf(what, sizeof what, "n %d", n);
    check(name, what, dout.read(), want, 0);
  }
}

// Tutorial 02: row softmax of n_rows rows of n_cols (strides 1008), each
// program taking rows pid, pid + nprog, ...
static void checkSoftmax(SoftmaxKernel fn, const char *name, int threads) {
  int stride = 1008, rows = 7;
  for (int cols : {1000, 1}) for (int nprog : {1, 3, 9}) {
    std::vector<float> x = randomFloats(rows * stride, cols + nprog);
    for (float &v : x) v *= 8;
    Buffer<float> dx(x.size(), &x), dout(x.size());
    if (!launch(fn, {nprog}, threads, {&dout.ptr, &dx.ptr, &stride, &stride, &rows, &cols, &nprog}, name))
      continue;
    std::vector<double> want(x.size(), NAN);
    for (int r = 0; r < rows; ++r) {
      double m = -INFINITY, s = 0;
      for (int j = 0; j < cols; ++j) m = std::fmax(m, x[r * stride + j]);
      for (int j = 0; j < cols; ++j) s += std::exp(x[r * stride + j] - m);
      for (int j = 0; j < cols; ++j) want[r * stride + j] = std::exp(x[r * stride + j] - m) / s;
    }
    char what[32];
    snprintf(what, sizeof what, "cols %d nprog %d", cols, nprog);
    check(name, what, dout.read(), want, 1e-5);
  }
}

// out[r][j] = x[r][j] - max of row r (256 wide) for r < rows.
static void checkRowMax(RowMaxKernel fn, const char *name, int threads) {
  for (int rows : {0, 1, 5}) {
    std::vector<float> x = randomFloats(256 * 5, rows);
    Buffer<float> dx(x.size(), &x), dout(x.size());
    if (!launch(fn, {1}, threads, {&dx.ptr, &dout.ptr, &rows}, name)) continue;
    std::vector<double> want(x.size(), NAN);
    for (int r = 0; r < rows; ++r) {
      float m = -INFINITY;
      for (int j = 0; j < 256; ++j) m = std::fmax(m, x[r * 256 + j]);
      for (int j = 0; j < 256; ++j) want[r * 256 + j] = x[r * 256 + j] - m;
    }
    char what[16];
    snprintf(what, sizeof what, "rows %d", rows);
    check(name, what, dout.read(), want, 0);
  }
}

// C = A B (m x k by k x n) by 32x32 tiles.
static void checkMatmul() {
  const char *name = "matmul_k_loop";
  struct { int m, n, k; } shapes[] = {{40, 50, 7}, {32, 32, 1}, {5, 70, 0}};
  for (auto [m, n, k] : shapes) {
    std::vector<float> a = randomFloats((size_t)m * k + 1, 3), b = randomFloats((size_t)k * n + 1, 4);
    Buffer<float> da(a.size(), &a), db(b.size(), &b), dc((size_t)m * n);
    if (!launch(matmul_k_loop, {(m + 31) / 32, (n + 31) / 32}, 64,
                {&da.ptr, &db.ptr, &dc.ptr, &m, &n, &k}, name))
      continue;
    std::vector<double> want((size_t)m * n);
    for (int i = 0; i < m; ++i)
      for (int j = 0; j < n; ++j) {
        double s = 0;
        for (int l = 0; l < k; ++l) s += (double)a[i * k + l] * b[l * n + j];
        want[i * n + j] = s;
      }
    char what[32];
    snprintf(what, sizeof what, "%dx%dx%d", m, n, k);
    check(name, what, dc.read(), want, 1e-5);
  }
}

// The sum of an m x 64 matrix.
static void checkBlockSums() {
  for (int m : {0, 32, 70}) {
    std::vector<float> x = randomFloats((size_t)m * 64 + 1, m);
    Buffer<float> dx(x.size(), &x), dout(1);
    if (!launch(block_sums, {1}, 128, {&dx.ptr, &dout.ptr, &m}, "block_sums")) continue;
    double s = 0;
    for (int i = 0; i < m * 64; ++i) s += x[i];
    char what[16];
    snprintf(what, sizeof what, "m %d", m);
    check("block_sums", what, dout.read(), {s}, 1e-5);
  }
}

int main() {
#define UNIFORM(suffix, threads)                                        \
  checkAdvance(advance##suffix, "advance" #suffix, threads);            \
  checkSwapFib(swap_fib##suffix, "swap_fib" #suffix, threads);          \
  checkNested(nested##suffix, "nested" #suffix, threads);               \
  checkBranch(branch##suffix, "branch" #suffix, threads);               \
  checkDoubling(doubling##suffix, "doubling" #suffix, threads);        \
  checkUnsigned(unsigned_count##suffix, "unsigned_count" #suffix, threads);
  UNIFORM(, 128) UNIFORM(_tree, 128) UNIFORM(_e4, 32) UNIFORM(_e4_tree, 32)
  checkSoftmax(softmax_rows, "softmax_rows", 128);
  checkSoftmax(softmax_rows_tree, "softmax_rows_tree", 128);
  checkRowMax(row_max, "row_max", 256);
  checkRowMax(row_max_tree, "row_max_tree", 256);
  checkMatmul();
  checkBlockSums();
  printf("cf_check: %d cases, %d failures\n", cases, failures);
  return failures != 0;
}
