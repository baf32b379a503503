// Runs the num_warps kernels of ../lanes-per-thread-*.mlir (E = 2, 4, 8
// lanes per thread, both reduction forms; built by build.sh) on rows and
// vectors whose lengths are not multiples of 4 and on buffers shifted by
// one element, so both the float4/float2 path and the scalar fallback run,
// and checks values against a double-precision CPU reference plus sentinels
// past every tail (nothing stored outside the masks). The num_warps = 1
// kernels (32 threads; E = 32 for the 1024-lane reductions, 8 for the
// elementwise ones) also run with programs_per_cta P = 2 and 4, launched
// per tt.func's launch ABI (launch_abi.h) over grids of 9, 5, 7 rows and
// 5 vector blocks, no multiple of P: the programs past the grid in the
// last block must store nothing, so every element past the last row must
// keep its sentinel. One PASS/FAIL line per case, then a summary.
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <cmath>
#include <vector>
#include "lanes.cu"
#include "launch_abi.h"

static int cases = 0, failures = 0;
static const uint32_t kSentinel = 0x7fbadbadu; // a NaN no kernel computes
static uint32_t bits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static bool isSentinel(float f) { return bits(f) == kSentinel; }
static bool isSentinel(int i) { return (uint32_t)i == kSentinel; }
// Rows past the last one that a block of P <= 4 programs could reach.
static const int kPastRows = 3;

template <class T> struct Buffer {
  // `n` elements at `shift` elements past a 256-byte aligned allocation,
  // every element (and `pad` past the end) set to the sentinel or `init`.
  Buffer(size_t n, int shift, const std::vector<T> *init = nullptr, size_t pad = 1)
      : n(n), shift(shift), pad(pad) {
    cudaMalloc(&base, (n + shift + pad) * sizeof(T));
    std::vector<uint32_t> s(n + shift + pad, kSentinel);
    cudaMemcpy(base, s.data(), s.size() * 4, cudaMemcpyHostToDevice);
    if (init) cudaMemcpy(base + shift, init->data(), n * sizeof(T), cudaMemcpyHostToDevice);
    ptr = base + shift;
  }
  ~Buffer() { cudaFree(base); }
  // The n elements plus the `pad` past the end.
  std::vector<T> read() const {
    std::vector<T> h(n + pad);
    cudaMemcpy(h.data(), ptr, (n + pad) * sizeof(T), cudaMemcpyDeviceToHost);
    return h;
  }
  // Whether every element past the end still holds the sentinel.
  bool tailUntouched(const std::vector<T> &h) const {
    for (size_t i = n; i < n + pad; ++i)
      if (!isSentinel(h[i])) { printf("  element %zu past the end was written\n", i - n); return false; }
    return true;
  }
  T *base, *ptr;
  size_t n;
  int shift;
  size_t pad;
};

static bool close(float got, double want, double magnitude) {
  return std::fabs(got - want) <= 1e-5 * magnitude + 1e-7;
}

// Typed kernel pointers, so host_emulation.h can call them; the two
// trailing ints are the launch grid's sizes g0, g1.
using RowKernel = void (*)(const float *, float *, int, int, int);
using FixedRowKernel = void (*)(const float *, float *, int, int);
using AddKernel = void (*)(const float *, const float *, float *, int, int, int);

// `fn` over `grid`, `threads` threads per program, `programs` per block.
template <class Kernel>
static bool launch(Kernel fn, Grid grid, int threads, int programs, std::vector<void *> args, const char *name) {
  cudaError_t err = launchGrid(fn, grid, threads, programs, args);
  if (err != cudaSuccess) printf("FAIL %s: launch: %s\n", name, cudaGetErrorString(err));
  return err == cudaSuccess;
}

// Whether y[r] is the sum of row r of x (rows x n) within close()'s bound.
static bool rowSumsMatch(const std::vector<float> &x, const std::vector<float> &y,
                         int rows, int n) {
  for (int r = 0; r < rows; ++r) {
    double s = 0, mag = 0;
    for (int j = 0; j < n; ++j) { s += x[r * n + j]; mag += fabs(x[r * n + j]); }
    if (!close(y[r], s, mag)) { printf("  row %d: %g want %g\n", r, y[r], s); return false; }
  }
  return true;
}

static void report(bool ok, const char *what, const char *name, int a, int b) {
  ++cases;
  if (!ok) ++failures;
  printf("%s %s %s (%d, shift %d)\n", ok ? "PASS" : "FAIL", name, what, a, b);
}

static std::vector<float> randomFloats(size_t n, unsigned seed) {
  std::vector<float> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = sinf((float)(i * 0.37 + seed)) * 20.0f;
  return v;
}

// softmax(x, out, n_cols): 1024 lanes, one row per program.
static void checkSoftmax(RowKernel fn, const char *name, int threads, int programs) {
  for (int n : {1024, 1023, 1000, 517, 64, 3, 1})
    for (int shift : {0, 1}) {
      int rows = 9;
      std::vector<float> x = randomFloats(rows * n, n);
      Buffer<float> dx(x.size(), shift, &x, kPastRows * n + 1), dy(x.size(), shift, nullptr, kPastRows * n + 1);
      bool ok = launch(fn, {rows}, threads, programs, {&dx.ptr, &dy.ptr, &n}, name);
      std::vector<float> y = dy.read();
      for (int r = 0; r < rows && ok; ++r) {
        double m = -INFINITY, s = 0;
        for (int j = 0; j < n; ++j) m = fmax(m, x[r * n + j]);
        for (int j = 0; j < n; ++j) s += exp(x[r * n + j] - m);
        for (int j = 0; j < n && ok; ++j) {
          double ref = exp(x[r * n + j] - m) / s;
          if (!close(y[r * n + j], ref, ref)) {
            printf("  row %d col %d: %g want %g\n", r, j, y[r * n + j], ref);
            ok = false;
          }
        }
      }
      ok = ok && dy.tailUntouched(y);
      report(ok, "softmax", name, n, shift);
    }
}

// row_sum(x, out, n_cols): out[row] only, from lane 0's thread.
static void checkRowSum(RowKernel fn, const char *name, int threads, int programs) {
  for (int n : {1024, 1021, 700, 5, 1})
    for (int shift : {0, 1}) {
      int rows = 9;
      std::vector<float> x = randomFloats(rows * n, 3 * n);
      Buffer<float> dx(x.size(), shift, &x, kPastRows * n + 1), dy(rows, shift, nullptr, kPastRows + 1);
      bool ok = launch(fn, {rows}, threads, programs, {&dx.ptr, &dy.ptr, &n}, name);
      std::vector<float> y = dy.read();
      ok = ok && rowSumsMatch(x, y, rows, n);
      ok = ok && dy.tailUntouched(y);
      report(ok, "row sum", name, n, shift);
    }
}

// long_row_sum(x, out): rows of 2560, three loads of 1024 lanes each.
static void checkLongRowSum(FixedRowKernel fn, const char *name, int threads, int programs) {
  const int n = 2560, rows = 5;
  for (int shift : {0, 1, 2}) {
    std::vector<float> x = randomFloats(rows * n, 7);
    Buffer<float> dx(x.size(), shift, &x, kPastRows * n + 1), dy(rows, shift, nullptr, kPastRows + 1);
    bool ok = launch(fn, {rows}, threads, programs, {&dx.ptr, &dy.ptr}, name);
    std::vector<float> y = dy.read();
    ok = ok && rowSumsMatch(x, y, rows, n);
    ok = ok && dy.tailUntouched(y);
    report(ok, "long row sum", name, n, shift);
  }
}

// add(x, y, out, n): 256 lanes per program; x, y, out shifted independently.
static void checkVectorAdd(AddKernel fn, const char *name, int threads, int programs) {
  for (int n : {256 * 5, 1001, 258, 3})
    for (int shift : {0, 1, 2}) {
      std::vector<float> x = randomFloats(n, 1), y = randomFloats(n, 2);
      const size_t pad = kPastRows * 256 + 1;
      Buffer<float> dx(n, shift, &x, pad), dy(n, shift == 1 ? 0 : 1, &y, pad), dz(n, shift == 2 ? 0 : shift, nullptr, pad);
      int blocks = (n + 255) / 256;
      bool ok = launch(fn, {blocks}, threads, programs, {&dx.ptr, &dy.ptr, &dz.ptr, &n}, name);
      std::vector<float> z = dz.read();
      for (int i = 0; i < n && ok; ++i)
        if (bits(z[i]) != bits(x[i] + y[i])) { printf("  [%d]: %g want %g\n", i, z[i], x[i] + y[i]); ok = false; }
      ok = ok && dz.tailUntouched(z);
      report(ok, "vector add", name, n, shift);
    }
}

// matrix_add(x, y, out, n_cols): grid (rows, column blocks of 256).
static void checkMatrixAdd(AddKernel fn, const char *name, int threads, int programs) {
  for (int n : {1000, 513, 256, 7})
    for (int shift : {0, 1}) {
      int rows = 7;
      std::vector<float> x = randomFloats(rows * n, 4), y = randomFloats(rows * n, 5);
      const size_t pad = kPastRows * n + 1;
      Buffer<float> dx(x.size(), shift, &x, pad), dy(y.size(), shift, &y, pad), dz(x.size(), shift, nullptr, pad);
      bool ok = launch(fn, {rows, (n + 255) / 256}, threads, programs, {&dx.ptr, &dy.ptr, &dz.ptr, &n}, name);
      std::vector<float> z = dz.read();
      for (size_t i = 0; i < x.size() && ok; ++i)
        if (bits(z[i]) != bits(x[i] + y[i])) { printf("  [%zu]: %g want %g\n", i, z[i], x[i] + y[i]); ok = false; }
      ok = ok && dz.tailUntouched(z);
      report(ok, "matrix add", name, n, shift);
    }
}

// The contiguity cases of lanes-per-thread-access.mlir, one program each.
static void checkAccess() {
  for (int shift : {0, 1}) {
    std::vector<float> x = randomFloats(256, 9);
    { // out[i] = x[2i], 128 lanes in 32 threads
      Buffer<float> dx(256, shift, &x), dy(128, shift);
      bool ok = launch(gather_stride_2, {1}, 32, 1, {&dx.ptr, &dy.ptr}, "gather_stride_2");
      std::vector<float> y = dy.read();
      for (int i = 0; i < 128 && ok; ++i) ok = bits(y[i]) == bits(x[2 * i]);
      report(ok && isSentinel(y[128]), "gather", "gather_stride_2", 128, shift);
    }
    { // out[127 - i] = x[127 - i]
      Buffer<float> dx(128, shift, &x), dy(128, shift);
      bool ok = launch(reversed, {1}, 32, 1, {&dx.ptr, &dy.ptr}, "reversed");
      std::vector<float> y = dy.read();
      for (int i = 0; i < 128 && ok; ++i) ok = bits(y[i]) == bits(x[i]);
      report(ok && isSentinel(y[128]), "reversed copy", "reversed", 128, shift);
    }
    for (int n : {256, 200, 131, 128}) { // i32 lanes 128..255 below n
      std::vector<int> xi(256);
      for (int i = 0; i < 256; ++i) xi[i] = i * 7 - 1000;
      Buffer<int> dx(256, shift, &xi), dy(256, shift);
      bool ok = launch(copy_i32_offset_range, {1}, 32, 1, {&dx.ptr, &dy.ptr, &n}, "copy_i32_offset_range");
      std::vector<int> y = dy.read();
      for (int i = 0; i < 257 && ok; ++i) ok = (i >= 128 && i < n) ? y[i] == xi[i] : isSentinel(y[i]);
      report(ok, "i32 copy", "copy_i32_offset_range", n, shift);
    }
    for (int flag : {0, 1}) { // out[4 + i] = 2 * x[0] if flag; out[0] = x[0]
      Buffer<float> dx(1, shift, &x), dy(132, shift);
      bool ok = launch(uniform_load_and_mask, {1}, 32, 1, {&dx.ptr, &dy.ptr, &flag}, "uniform_load_and_mask");
      std::vector<float> y = dy.read();
      ok = ok && bits(y[0]) == bits(x[0]);
      for (int i = 1; i < 133 && ok; ++i)
        ok = (flag && i >= 4 && i < 132) ? bits(y[i]) == bits(x[0] + x[0]) : isSentinel(y[i]);
      report(ok, "uniform load and mask", "uniform_load_and_mask", flag, shift);
    }
    { // E = 3: 192 lanes in 64 threads
      std::vector<float> x3 = randomFloats(192, 11);
      Buffer<float> dx(192, shift, &x3), dy(192, shift);
      bool ok = launch(three_lanes_per_thread, {1}, 64, 1, {&dx.ptr, &dy.ptr}, "three_lanes_per_thread");
      std::vector<float> y = dy.read();
      for (int i = 0; i < 192 && ok; ++i) ok = bits(y[i]) == bits(x3[i]);
      report(ok && isSentinel(y[192]), "copy", "three_lanes_per_thread", 192, shift);
    }
    { // E = 6: 192 lanes in 32 threads, three pairs 64 lanes apart
      std::vector<float> x6 = randomFloats(192, 13);
      Buffer<float> dx(192, shift, &x6), dy(192, shift);
      bool ok = launch(six_lanes_per_thread, {1}, 32, 1, {&dx.ptr, &dy.ptr}, "six_lanes_per_thread");
      std::vector<float> y = dy.read();
      for (int i = 0; i < 192 && ok; ++i) ok = bits(y[i]) == bits(x6[i]);
      report(ok && isSentinel(y[192]), "copy", "six_lanes_per_thread", 192, shift);
    }
  }
}

int main() {
  // 1024 lanes: num_warps 16, 8, 4, 1 give 512, 256, 128, 32 threads (E = 2,
  // 4, 8, 32); the 32-thread programs also packed 2 and 4 to a block.
#define REDUCTIONS(nw, threads, form)                                               \
  checkSoftmax(softmax_kernel_nw##nw##_##form, "softmax_kernel_nw" #nw "_" #form, threads, 1); \
  checkRowSum(row_sum_kernel_nw##nw##_##form, "row_sum_kernel_nw" #nw "_" #form, threads, 1); \
  checkLongRowSum(long_row_sum_kernel_nw##nw##_##form, "long_row_sum_kernel_nw" #nw "_" #form, threads, 1);
#define PACKED_REDUCTIONS(p, form)                                                  \
  checkSoftmax(softmax_kernel_nw1_p##p##_##form, "softmax_kernel_nw1_p" #p "_" #form, 32, p); \
  checkRowSum(row_sum_kernel_nw1_p##p##_##form, "row_sum_kernel_nw1_p" #p "_" #form, 32, p); \
  checkLongRowSum(long_row_sum_kernel_nw1_p##p##_##form, "long_row_sum_kernel_nw1_p" #p "_" #form, 32, p);
  REDUCTIONS(16, 512, warp) REDUCTIONS(8, 256, warp) REDUCTIONS(4, 128, warp)
  REDUCTIONS(16, 512, tree) REDUCTIONS(8, 256, tree) REDUCTIONS(4, 128, tree)
  REDUCTIONS(1, 32, warp) PACKED_REDUCTIONS(2, warp) PACKED_REDUCTIONS(4, warp)
  REDUCTIONS(1, 32, tree) PACKED_REDUCTIONS(2, tree) PACKED_REDUCTIONS(4, tree)
  // 256 lanes: num_warps 4, 2, 1 give 128, 64, 32 threads (E = 2, 4, 8); the
  // 32-thread programs also packed 2 and 4 to a block.
#define ELEMENTWISE(nw, threads)                                                    \
  checkVectorAdd(add_kernel_nw##nw, "add_kernel_nw" #nw, threads, 1);            \
  checkMatrixAdd(matrix_add_kernel_nw##nw, "matrix_add_kernel_nw" #nw, threads, 1);
#define PACKED_ELEMENTWISE(p)                                                       \
  checkVectorAdd(add_kernel_nw1_p##p, "add_kernel_nw1_p" #p, 32, p);              \
  checkMatrixAdd(matrix_add_kernel_nw1_p##p, "matrix_add_kernel_nw1_p" #p, 32, p);
  ELEMENTWISE(4, 128) ELEMENTWISE(2, 64) ELEMENTWISE(1, 32)
  PACKED_ELEMENTWISE(2) PACKED_ELEMENTWISE(4)
  checkAccess();
  printf("lanes_check: %d cases, %d failures\n", cases, failures);
  return failures != 0;
}
