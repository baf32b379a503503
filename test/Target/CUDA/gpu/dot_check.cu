// Runs the tt.dot kernels of ../dot.mlir (built by build.sh into dot.cu,
// laid out by tt-prepare-gpu: operands converted to #tt.dot_operand through
// __shared__ memory, fmaf chains per accumulator register) against a CPU
// reference: a 32x32 tile accumulated over 0, 1 and 5 K tiles of 16 in a
// loop, with integer-valued inputs (exact in f32 in any order) and with
// random ones rounded like the kernel (fmaf, k ascending), which must then
// match bit for bit. One PASS/FAIL line per case, then a summary.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>
#include "dot.cu"
#include "launch_abi.h"

static int cases = 0, failures = 0;

static std::vector<float> inputs(size_t n, unsigned seed, bool ints) {
  std::vector<float> v(n);
  uint32_t s = seed * 2654435761u + 1;
  for (float &x : v) {
    s = s * 1664525u + 1013904223u;
    x = ints ? (float)((int)((s >> 8) % 9) - 4)
             : (float)((s >> 8) % 200001) / 100000.0f - 1.0f;
  }
  return v;
}


static void checkMatmul(int kTiles, bool ints) {
  ++cases;
  int k = 16 * kTiles;
  std::vector<float> a = inputs((size_t)32 * k + 1, 1 + kTiles, ints);
  std::vector<float> b = inputs((size_t)k * 32 + 1, 7 + kTiles, ints);
  float *da, *db, *dc;
  cudaMalloc((void **)&da, a.size() * 4);
  cudaMalloc((void **)&db, b.size() * 4);
  cudaMalloc((void **)&dc, 32 * 32 * 4);
  cudaMemcpy(da, a.data(), a.size() * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(db, b.data(), b.size() * 4, cudaMemcpyHostToDevice);
  cudaError_t err = launchGrid(matmul, {1}, 128, 1,
                               {&da, &db, &dc, &kTiles});
  std::vector<float> c(32 * 32);
  cudaMemcpy(c.data(), dc, c.size() * 4, cudaMemcpyDeviceToHost);
  cudaFree(da), cudaFree(db), cudaFree(dc);
  if (err != cudaSuccess) {
    ++failures;
    printf("FAIL matmul k_tiles %d: launch: %s\n", kTiles, cudaGetErrorString(err));
    return;
  }
  int bad = 0, first = 0;
  float want0 = 0;
  for (int m = 0; m < 32; ++m)
    for (int n = 0; n < 32; ++n) {
      float acc = 0;
      for (int kk = 0; kk < k; ++kk)
        acc = fmaf(a[(size_t)m * k + kk], b[(size_t)kk * 32 + n], acc);
      if (memcmp(&acc, &c[m * 32 + n], 4) != 0 && bad++ == 0)
        first = m * 32 + n, want0 = acc;
    }
  if (bad == 0) {
    printf("PASS matmul k_tiles %d %s\n", kTiles, ints ? "ints" : "random");
    return;
  }
  ++failures;
  printf("FAIL matmul k_tiles %d %s: %d wrong elements, first %d: got %.9g, want %.9g\n",
         kTiles, ints ? "ints" : "random", bad, first, (double)c[first], (double)want0);
}

int main() {
  for (bool ints : {true, false})
    for (int kTiles : {0, 1, 5})
      checkMatmul(kTiles, ints);
  printf("dot_check: %d cases, %d failures\n", cases, failures);
  return failures != 0;
}
