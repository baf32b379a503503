// Runs the emitted CUDA on the host, for machines without a GPU: included
// first (`-include host_emulation.h`) when a host C++20 compiler builds a
// GPU check program, it defines the CUDA keywords, vector types, intrinsics
// and runtime calls that the emitter and the checks use.
//
// Blocks run one after another; the threads of a block (blockDim.x *
// blockDim.y of them, x fastest, warps of 32 consecutive ones) are fibers
// (started with ucontext, switched with _setjmp/_longjmp, which unlike
// swapcontext make no system call) on one OS thread, switched only at
// __syncthreads and
// __shfl_xor_sync, which are barriers over the block and over the lanes in
// the shuffle's mask. So `static` is shared memory, a barrier that some
// thread never reaches is reported as a deadlock, and a shuffle that reads
// a lane outside its mask is reported too. Host libm (expf, ...) may differ
// from CUDA's by an ulp or two; the checks' tolerances allow that.
#ifndef MYTRITON_HOST_EMULATION_H
#define MYTRITON_HOST_EMULATION_H

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <utility>
#include <vector>
#include <csetjmp>
#include <ucontext.h>

#define __global__
#define __device__
#define __host__
#define __launch_bounds__(threads)
#define __shared__ static

struct uint3 { unsigned x, y, z; };
struct dim3 {
  unsigned x, y, z;
  dim3(unsigned x = 1, unsigned y = 1, unsigned z = 1) : x(x), y(y), z(z) {}
};
struct alignas(8) float2 { float x, y; };
struct alignas(16) float4 { float x, y, z, w; };
struct alignas(8) int2 { int x, y; };
struct alignas(16) int4 { int x, y, z, w; };
inline float2 make_float2(float x, float y) { return {x, y}; }
inline float4 make_float4(float x, float y, float z, float w) { return {x, y, z, w}; }
inline int2 make_int2(int x, int y) { return {x, y}; }
inline int4 make_int4(int x, int y, int z, int w) { return {x, y, z, w}; }
struct alignas(8) uint2 { unsigned x, y; };
struct alignas(16) uint4 { unsigned x, y, z, w; };
inline uint2 make_uint2(unsigned x, unsigned y) { return {x, y}; }
inline uint4 make_uint4(unsigned x, unsigned y, unsigned z, unsigned w) { return {x, y, z, w}; }
struct alignas(16) longlong2 { long long x, y; };
struct alignas(16) double2 { double x, y; };
inline longlong2 make_longlong2(long long x, long long y) { return {x, y}; }
inline double2 make_double2(double x, double y) { return {x, y}; }

// CUDA's fmaxf/fminf order -0 below +0 whichever operand comes first (host
// libm may return either zero), which the lanes of a butterfly rely on.
namespace emu {
inline float fmaxf(float a, float b) {
  if (a == 0.0f && b == 0.0f) return std::signbit(a) ? b : a;
  return std::fmax(a, b);
}
inline float fminf(float a, float b) {
  if (a == 0.0f && b == 0.0f) return std::signbit(a) ? a : b;
  return std::fmin(a, b);
}
} // namespace emu
#define fmaxf emu::fmaxf
#define fminf emu::fminf

// CUDA's integer min, which the packed programs' axis-0 clamp calls.
inline int min(int a, int b) { return a < b ? a : b; }

inline float __uint_as_float(unsigned u) { float f; std::memcpy(&f, &u, 4); return f; }
inline float __int_as_float(int i) { float f; std::memcpy(&f, &i, 4); return f; }
inline int __float_as_int(float f) { int i; std::memcpy(&i, &f, 4); return i; }

namespace emu {

struct Barrier {
  unsigned expected = 0, arrived = 0, generation = 0;
};

struct Fiber {
  ucontext_t context;
  jmp_buf resume;
  bool started = false;
  uint3 thread;
  bool done = false;
  Barrier *waiting = nullptr;
  unsigned waitGeneration = 0;
};

inline uint3 block;
inline dim3 blockDims;
inline Fiber *current = nullptr;
inline jmp_buf scheduler;
inline std::function<void()> body;
inline Barrier blockBarrier;
inline Barrier warpBarriers[32];
inline uint32_t warpSlots[32][32];
inline const char *fatal = nullptr;

inline void wait(Barrier &b) {
  if (++b.arrived == b.expected) {
    b.arrived = 0;
    ++b.generation;
    return;
  }
  current->waiting = &b;
  current->waitGeneration = b.generation;
  Fiber *self = current;
  if (_setjmp(self->resume) == 0)
    _longjmp(scheduler, 1);
  self->waiting = nullptr;
}

// Leaves the current fiber for good (it finished, or failed).
[[noreturn]] inline void exitFiber() {
  current->done = true;
  _longjmp(scheduler, 1);
}

inline void start() {
  body();
  exitFiber();
}

// Runs one block of dims.x * dims.y fibers to completion; false on a
// deadlock.
inline bool runBlock(dim3 dims) {
  unsigned threads = dims.x * dims.y;
  static std::vector<Fiber> fibers;
  static std::vector<std::vector<char>> stacks;
  const size_t stackSize = 256 * 1024;
  fibers.assign(threads, Fiber());
  while (stacks.size() < threads) stacks.emplace_back(stackSize);
  blockBarrier = Barrier();
  blockBarrier.expected = threads;
  for (Barrier &w : warpBarriers) w = Barrier();
  for (unsigned t = 0; t < threads; ++t) {
    Fiber &f = fibers[t];
    f.thread = {t % dims.x, t / dims.x, 0};
    getcontext(&f.context);
    f.context.uc_stack.ss_sp = stacks[t].data();
    f.context.uc_stack.ss_size = stackSize;
    f.context.uc_link = nullptr;
    makecontext(&f.context, start, 0);
  }
  for (;;) {
    bool allDone = true, progress = false;
    for (Fiber &f : fibers) {
      if (f.done) continue;
      allDone = false;
      if (f.waiting && f.waiting->generation == f.waitGeneration) continue;
      current = &f;
      if (_setjmp(scheduler) == 0) {
        if (!f.started) {
          f.started = true;
          setcontext(&f.context);
        }
        _longjmp(f.resume, 1);
      }
      progress = true;
      if (fatal) return false;
    }
    if (allDone) return true;
    if (!progress) {
      fatal = "deadlock: a barrier some threads never reach";
      return false;
    }
  }
}

template <class T> T shuffleXor(unsigned mask, T value, int offset) {
  unsigned linear = current->thread.y * blockDims.x + current->thread.x;
  unsigned lane = linear % 32, warp = linear / 32;
  unsigned other = lane ^ (unsigned)offset;
  if (!(mask >> lane & 1u) || other >= 32 || !(mask >> other & 1u)) {
    fatal = "__shfl_xor_sync outside its mask";
    exitFiber();
  }
  Barrier &b = warpBarriers[warp];
  b.expected = (unsigned)__builtin_popcount(mask);
  std::memcpy(&warpSlots[warp][lane], &value, 4);
  wait(b);
  T result;
  std::memcpy(&result, &warpSlots[warp][other], 4);
  wait(b);
  return result;
}

} // namespace emu

#define threadIdx (emu::current->thread)
#define blockIdx (emu::block)
inline void __syncthreads() { emu::wait(emu::blockBarrier); }
inline float __shfl_xor_sync(unsigned mask, float v, int offset) { return emu::shuffleXor(mask, v, offset); }
inline int __shfl_xor_sync(unsigned mask, int v, int offset) { return emu::shuffleXor(mask, v, offset); }
// 64 bits as two 32-bit shuffles, as the hardware does.
template <class T> T shuffleXor64(unsigned mask, T v, int offset) {
  uint32_t half[2];
  std::memcpy(half, &v, 8);
  for (uint32_t &h : half) h = emu::shuffleXor(mask, h, offset);
  std::memcpy(&v, half, 8);
  return v;
}
inline long long __shfl_xor_sync(unsigned mask, long long v, int offset) { return shuffleXor64(mask, v, offset); }
inline double __shfl_xor_sync(unsigned mask, double v, int offset) { return shuffleXor64(mask, v, offset); }

// The runtime calls the checks make.
enum cudaError_t { cudaSuccess = 0, cudaErrorLaunchFailure = 4 };
enum cudaMemcpyKind { cudaMemcpyHostToDevice, cudaMemcpyDeviceToHost };
typedef void *cudaStream_t;
inline const char *cudaGetErrorString(cudaError_t e) {
  return e == cudaSuccess ? "no error" : emu::fatal ? emu::fatal : "launch failure";
}
template <class T> cudaError_t cudaMalloc(T **p, size_t bytes) {
  *p = static_cast<T *>(std::aligned_alloc(256, (bytes + 255) / 256 * 256));
  return cudaSuccess;
}
inline cudaError_t cudaFree(void *p) { std::free(p); return cudaSuccess; }
inline cudaError_t cudaMemcpy(void *d, const void *s, size_t n, cudaMemcpyKind) { std::memcpy(d, s, n); return cudaSuccess; }
inline cudaError_t cudaMemset(void *d, int v, size_t n) { std::memset(d, v, n); return cudaSuccess; }
inline cudaError_t cudaDeviceSynchronize() { return emu::fatal ? cudaErrorLaunchFailure : cudaSuccess; }

namespace emu {
template <class... A, size_t... I>
void invoke(void (*fn)(A...), void **args, std::index_sequence<I...>) {
  fn(*static_cast<std::remove_cv_t<std::remove_reference_t<A>> *>(args[I])...);
}
} // namespace emu

template <class... A>
cudaError_t cudaLaunchKernel(void (*fn)(A...), dim3 grid, dim3 block, void **args, size_t = 0, cudaStream_t = nullptr) {
  if (block.z != 1 || block.x < 1 || block.y < 1 || block.x * block.y > 1024) return cudaErrorLaunchFailure;
  emu::fatal = nullptr;
  emu::body = [&] { emu::invoke(fn, args, std::index_sequence_for<A...>{}); };
  for (unsigned z = 0; z < grid.z; ++z)
    for (unsigned y = 0; y < grid.y; ++y)
      for (unsigned x = 0; x < grid.x; ++x) {
        emu::block = {x, y, z};
        emu::blockDims = block;
        if (!emu::runBlock(block)) return cudaErrorLaunchFailure;
      }
  return cudaSuccess;
}

#endif // MYTRITON_HOST_EMULATION_H
