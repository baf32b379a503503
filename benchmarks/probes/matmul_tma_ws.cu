// Tutorial 03's fp16 matmul (128x256x64 tiles, GROUP_SIZE_M 8, its grouped
// program order, c = a @ b in fp32 stored as fp16) written by hand in the
// structure cuBLAS and CUTLASS use on sm_90, to measure what that structure
// is worth against Triton's (and MyTriton's) cp.async + wgmma loop before
// the compiler is taught it (docs/performance.md, twenty-second session):
//   - one producer thread issues TMA tile copies (cp.async.bulk.tensor) that
//     complete on an mbarrier a stage ("full"), so no thread waits on
//     copies and no K step has a block-wide barrier;
//   - two consumer warpgroups (64 rows each) wait on "full", run four
//     m64n256k16 wgmmas from shared memory and release the stage with an
//     arrive on "empty" once its wgmmas have retired.
// NOWS=1 keeps Triton's loop instead (256 threads, a block barrier each K
// step, thread 0 issuing the TMA copies). Knobs (-D): STAGES (buffers),
// CLUSTER=2 (the CTAs of a pair, programs 2q and 2q + 1 with the same
// pid_n, each load half of the common b tile and multicast it to both),
// MAP_PARAM, CP_ASYNC, PERSISTENT, EPI_TMA, BK, BF16, PREFETCH, NOWS
// (below).
// Not a MyTriton kernel: a probe. build_matmul_tma_ws.sh OUTDIR builds the
// measured variants under the names benchmarks/probe_cubins_matmul.py reads
// (...tma...: 384 threads and tensor maps; ...nows...: 256 threads;
// ...tmap...: maps by value; ...persist: a block an SM). Launch contract:
// 384 threads (NOWS: 256), the tutorial's
// arguments (a, b, c, M, N, K, six strides, the two grid sizes), then the
// tensor maps of a (128x64 boxes), b and c (64x64 boxes), 128-byte swizzle,
// zero fill; N even. Checked against torch by the harness before timing.
#include <cuda_fp16.h>
#include <stdint.h>

#ifndef STAGES
#define STAGES 4
#endif
#ifndef CLUSTER
#define CLUSTER 2
#endif
#ifndef MAP_PARAM  // 1: the tensor maps are kernel parameters, not pointers
#define MAP_PARAM 0
#endif
#ifndef CP_ASYNC  // 1: the producer warpgroup copies with cp.async, not TMA
#define CP_ASYNC 0
#endif
#ifndef CP_ASYNC_FENCE  // 0: the consumers skip fence.proxy.async (probe only)
#define CP_ASYNC_FENCE 1
#endif
#ifndef NOWS  // 1: no producer warpgroup (256 threads): Triton's loop with TMA,
              // thread 0 issuing step k + STAGES - 1 after each K step's
              // block barrier, running ahead into the next tile
#define NOWS 0
#endif
#ifndef PERSISTENT  // 1: a block an SM, looping over tiles
#define PERSISTENT 0
#endif
#ifndef BK  // 64 (the tutorial's BLOCK_SIZE_K) or 32: half stages, a's rows
            // 64 bytes (64-byte swizzle), the same bytes in 2 x STAGES
#define BK 64
#endif
#ifndef BF16  // 1: a and b are bfloat16 (c stays float16, as the tutorial's)
#define BF16 0
#endif
#ifndef PREFETCH  // N > 0: the producer also prefetches step + STAGES + N - 1
                  // into L2 (cp.async.bulk.prefetch.tensor) each step
#define PREFETCH 0
#endif
#ifndef EPI_TMA  // 0: the accumulator fragments are stored straight to c,
                 // 1: c goes through a swizzled 64 KiB buffer and TMA stores,
                 // 2: through 32 KiB in two rounds, 3: as 2 but read
                 // back and stored with 16-byte st.global (no c map)
#define EPI_TMA 0
#endif

#if BF16
#define IN_TYPE ".bf16"
#else
#define IN_TYPE ".f16"
#endif

static_assert(!CP_ASYNC || BK == 64, "the cp.async producer copies BK 64");
static_assert(!NOWS || (CLUSTER == 1 && !CP_ASYNC), "NOWS: TMA, no cluster");

namespace {
constexpr int BM = 128, BN = 256, GROUP_M = 8;
constexpr int A_ROW = BK * 2;  // bytes of a row of a's tile: 128 or 64
constexpr int A_BYTES = BM * A_ROW;  // 16 KiB at BK 64
constexpr int B_BOX_BYTES = BK * 64 * 2;  // one 64-column box of b: 8 KiB
constexpr int B_BYTES = 4 * B_BOX_BYTES;  // 32 KiB
constexpr int STAGE_BYTES = A_BYTES + B_BYTES;

// A CUtensorMap passed by value (MAP_PARAM=1), as CUTLASS passes them.
struct alignas(64) TensorMap {
  unsigned char bytes[128];
};

__device__ inline uint32_t smem_addr(const void *p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

__device__ inline void mbar_init(uint32_t bar, uint32_t count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(bar), "r"(count)
               : "memory");
}

__device__ inline void mbar_expect_tx(uint32_t bar, uint32_t bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(bar),
               "r"(bytes)
               : "memory");
}

__device__ inline void mbar_wait(uint32_t bar, uint32_t parity) {
  uint32_t done;
  do {
    asm volatile("{\n.reg .pred p;\n"
                 "mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n"
                 "selp.u32 %0, 1, 0, p;\n}\n"
                 : "=r"(done)
                 : "r"(bar), "r"(parity)
                 : "memory");
  } while (!done);
}

// Arrives on the barrier at the same offset in CTA `rank` of the cluster.
// What it releases was read by wgmma (async proxy, retired by
// wgmma.wait_group), so it needs no release fence: an explicit
// .release.cluster costs a MEMBAR.ALL.GPU each K step.
__device__ inline void mbar_arrive_cluster(uint32_t bar, uint32_t rank) {
  if (CLUSTER == 1) {
    asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(bar)
                 : "memory");
    return;
  }
  uint32_t remote;
  asm volatile("mapa.shared::cluster.u32 %0, %1, %2;"
               : "=r"(remote)
               : "r"(bar), "r"(rank));
  asm volatile("mbarrier.arrive.shared::cluster.b64 _, [%0];" ::"r"(remote)
               : "memory");
}

__device__ inline void tma_load(uint32_t dst, const void *map, uint32_t bar,
                                int x, int y) {
  asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::"
               "complete_tx::bytes [%0], [%1, {%2, %3}], [%4];" ::"r"(dst),
               "l"(map), "r"(x), "r"(y), "r"(bar)
               : "memory");
}

__device__ inline void tma_prefetch(const void *map, int x, int y) {
  asm volatile("cp.async.bulk.prefetch.tensor.2d.L2.global [%0, {%1, %2}];" ::"l"(
                   map),
               "r"(x), "r"(y)
               : "memory");
}

__device__ inline void tma_load_multicast(uint32_t dst, const void *map,
                                          uint32_t bar, int x, int y,
                                          uint16_t mask) {
  asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::"
               "complete_tx::bytes.multicast::cluster [%0], [%1, {%2, %3}], "
               "[%4], %5;" ::"r"(dst),
               "l"(map), "r"(x), "r"(y), "r"(bar), "h"(mask)
               : "memory");
}

__device__ inline void cluster_sync() {
  asm volatile("barrier.cluster.arrive.release;\n"
               "barrier.cluster.wait.acquire;" ::
                   : "memory");
}

__device__ inline uint32_t cluster_rank() {
  uint32_t r;
  asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(r));
  return r;
}

// Shared-memory matrix descriptors: a is K-major, rows of A_ROW bytes with
// that swizzle (mode 1 in bits 62-63: 128 bytes, 2: 64), 8 rows between
// 8-row groups (SBO); b is N-major, 128-byte swizzle, 1024 bytes between
// 8-row groups, its 64-column boxes B_BOX_BYTES apart (LBO).
__device__ inline uint64_t desc_a(uint32_t addr) {
  return ((addr & 0x3FFFF) >> 4) | ((8ull * A_ROW / 16) << 32) |
         ((A_ROW == 128 ? 1ull : 2ull) << 62);
}
__device__ inline uint64_t desc_b(uint32_t addr) {
  return ((addr & 0x3FFFF) >> 4) | ((uint64_t)(B_BOX_BYTES / 16) << 16) |
         (64ull << 32) | (1ull << 62);
}
__device__ static inline void wgmma_m64n256k16(float *d, uint64_t da, uint64_t db) {
  asm volatile(
      "{\n.reg .pred p;\nsetp.ne.b32 p, 1, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n256k16.f32" IN_TYPE IN_TYPE " "
      "{%0,%1,%2,%3,%4,%5,%6,%7,%8,%9,%10,%11,%12,%13,%14,%15,%16,%17,%18,%19,%20,%21,%22,%23,%24,%25,%26,%27,%28,%29,%30,%31,%32,%33,%34,%35,%36,%37,%38,%39,%40,%41,%42,%43,%44,%45,%46,%47,%48,%49,%50,%51,%52,%53,%54,%55,%56,%57,%58,%59,%60,%61,%62,%63,%64,%65,%66,%67,%68,%69,%70,%71,%72,%73,%74,%75,%76,%77,%78,%79,%80,%81,%82,%83,%84,%85,%86,%87,%88,%89,%90,%91,%92,%93,%94,%95,%96,%97,%98,%99,%100,%101,%102,%103,%104,%105,%106,%107,%108,%109,%110,%111,%112,%113,%114,%115,%116,%117,%118,%119,%120,%121,%122,%123,%124,%125,%126,%127}, %128, %129, p, 1, 1, 0, 1;\n}\n"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63]), "+f"(d[64]), "+f"(d[65]), "+f"(d[66]), "+f"(d[67]), "+f"(d[68]), "+f"(d[69]), "+f"(d[70]), "+f"(d[71]), "+f"(d[72]), "+f"(d[73]), "+f"(d[74]), "+f"(d[75]), "+f"(d[76]), "+f"(d[77]), "+f"(d[78]), "+f"(d[79]), "+f"(d[80]), "+f"(d[81]), "+f"(d[82]), "+f"(d[83]), "+f"(d[84]), "+f"(d[85]), "+f"(d[86]), "+f"(d[87]), "+f"(d[88]), "+f"(d[89]), "+f"(d[90]), "+f"(d[91]), "+f"(d[92]), "+f"(d[93]), "+f"(d[94]), "+f"(d[95]), "+f"(d[96]), "+f"(d[97]), "+f"(d[98]), "+f"(d[99]), "+f"(d[100]), "+f"(d[101]), "+f"(d[102]), "+f"(d[103]), "+f"(d[104]), "+f"(d[105]), "+f"(d[106]), "+f"(d[107]), "+f"(d[108]), "+f"(d[109]), "+f"(d[110]), "+f"(d[111]), "+f"(d[112]), "+f"(d[113]), "+f"(d[114]), "+f"(d[115]), "+f"(d[116]), "+f"(d[117]), "+f"(d[118]), "+f"(d[119]), "+f"(d[120]), "+f"(d[121]), "+f"(d[122]), "+f"(d[123]), "+f"(d[124]), "+f"(d[125]), "+f"(d[126]), "+f"(d[127])
      : "l"(da), "l"(db));
}

__device__ inline void fence_operands(float *d) {
#pragma unroll
  for (int i = 0; i < 128; ++i)
    asm volatile("" : "+f"(d[i])::"memory");
}
} // namespace

extern "C" __global__ void __launch_bounds__(NOWS ? 256 : 384, 1)
#if CLUSTER > 1
    __cluster_dims__(CLUSTER, 1, 1)
#endif
    matmul_kernel(const __half *a, const __half *b, __half *c, int M, int N,
                  int K, int stride_am, int stride_ak, int stride_bk,
                  int stride_bn, int stride_cm, int stride_cn, int g0, int g1,
#if MAP_PARAM
                  const __grid_constant__ TensorMap map_a_param,
                  const __grid_constant__ TensorMap map_b_param,
                  const __grid_constant__ TensorMap map_c_param) {
  const void *map_a = &map_a_param, *map_b = &map_b_param,
             *map_c = &map_c_param;
#else
                  const void *map_a, const void *map_b, const void *map_c) {
#endif
  extern __shared__ __align__(16) unsigned char dynamic_shared[];
  // TMA's 128-byte swizzle repeats every 1024 bytes: align the stages to it.
  uint32_t base = (smem_addr(dynamic_shared) + 1023) & ~1023u;
  // c's buffer (EPI_TMA): 32 KiB a consumer warpgroup, four 64x64 boxes.
  uint32_t c_buffer = base + STAGES * STAGE_BYTES;
  uint32_t bars = c_buffer + (EPI_TMA == 1 ? 65536 : EPI_TMA ? 32768 : 0);
  auto stage_a = [&](int s) { return base + s * STAGE_BYTES; };
  auto stage_b = [&](int s) { return base + s * STAGE_BYTES + A_BYTES; };
  auto full = [&](int s) { return bars + 8 * s; };
  auto empty = [&](int s) { return bars + 8 * (STAGES + s); };

  int num_pid_m = (M + BM - 1) / BM, num_pid_n = (N + BN - 1) / BN;
  int tiles = num_pid_m * num_pid_n;
  int steps = (K + BK - 1) / BK;
  uint32_t rank = CLUSTER > 1 ? cluster_rank() : 0;
  // The tutorial's grouped program order: tile pid's first row and column.
  auto origin = [&](int pid, int &m0, int &n0) {
    int in_group = GROUP_M * num_pid_n;
    int first_m = pid / in_group * GROUP_M;
    int group_m = min(num_pid_m - first_m, GROUP_M);
    m0 = (first_m + (pid % in_group) % group_m) * BM;
    n0 = (pid % in_group) / group_m * BN;
  };
  // PERSISTENT: a block an SM loops over tiles (gridDim.x even, so the
  // pairs of a cluster stay the programs 2q, 2q + 1); the producer runs
  // ahead into the next tile while the consumers store this one.
  int first = blockIdx.x, stride = PERSISTENT ? gridDim.x : tiles;

  if (threadIdx.x == 0) {
    for (int s = 0; s < STAGES; ++s) {
      mbar_init(full(s), CP_ASYNC ? 128 : 1);
      mbar_init(empty(s), 2 * CLUSTER);  // each consumer warpgroup, each CTA
    }
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  if (CLUSTER > 1)
    cluster_sync();
  else
    __syncthreads();

  int wg = threadIdx.x / 128 + NOWS;  // NOWS: both warpgroups consume
  if (wg == 0 && CP_ASYNC) {
    // The producer warpgroup: 128 threads, 16-byte cp.async copies into the
    // layout TMA writes (rows of 128 bytes, chunk q at q ^ row % 8), each
    // thread's copies arriving on "full" when they land (.noinc: "full"
    // counts 128 arrivals).
    int t = threadIdx.x;
    int it = 0;
    for (int pid = first; pid < tiles; pid += stride) {
      int m0, n0;
      origin(pid, m0, n0);
      for (int k = 0; k < steps; ++k, ++it) {
        int s = it % STAGES;
        mbar_wait(empty(s), ((it / STAGES) & 1) ^ 1);
#pragma unroll
        for (int i = 0; i < 8; ++i) {  // a: 128 rows x 8 chunks
          int q = t + 128 * i, row = q / 8, chunk = q % 8;
          int kc = k * BK + chunk * 8;
          const __half *src = a + (size_t)(m0 + row) * stride_am + kc;
          uint32_t bytes = (m0 + row < M && kc < K) ? 16 : 0;
          uint32_t dst = stage_a(s) + row * 128 + ((chunk ^ (row % 8)) * 16);
          asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" ::"r"(dst),
                       "l"(bytes ? src : a), "r"(bytes)
                       : "memory");
        }
#pragma unroll
        for (int i = 0; i < 16; ++i) {  // b: 4 boxes x 64 rows x 8 chunks
          int q = t + 128 * i, box = q / 512, row = q / 8 % 64, chunk = q % 8;
          int kr = k * BK + row, nc = n0 + 64 * box + chunk * 8;
          const __half *src = b + (size_t)kr * stride_bk + nc;
          uint32_t bytes = (kr < K && nc < N) ? 16 : 0;
          uint32_t dst = stage_b(s) + box * B_BOX_BYTES + row * 128 +
                         ((chunk ^ (row % 8)) * 16);
          asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" ::"r"(dst),
                       "l"(bytes ? src : b), "r"(bytes)
                       : "memory");
        }
        asm volatile("cp.async.mbarrier.arrive.noinc.shared::cta.b64 [%0];" ::"r"(
                         full(s))
                     : "memory");
      }
    }
  } else if (wg == 0) {
    if (threadIdx.x == 0) {  // the producer
      int it = 0;  // K steps over all of this block's tiles: stage, phase
      for (int pid = first; pid < tiles; pid += stride) {
        int m0, n0;
        origin(pid, m0, n0);
        for (int k = 0; k < steps; ++k, ++it) {
          int s = it % STAGES;
          // Warm L2 with a step the stages cannot hold yet (this tile's
          // only: the next tile's origin is not computed here).
          int ahead = k + STAGES + PREFETCH - 1;
          if (PREFETCH > 0 && ahead < steps) {
            tma_prefetch(map_a, ahead * BK, m0);
            for (int j = 0; j < 4; ++j)
              if (j % CLUSTER == (int)rank)
                tma_prefetch(map_b, n0 + 64 * j, ahead * BK);
          }
          mbar_wait(empty(s), ((it / STAGES) & 1) ^ 1);
          mbar_expect_tx(full(s), STAGE_BYTES);
          tma_load(stage_a(s), map_a, full(s), k * BK, m0);
          for (int j = 0; j < 4; ++j) {
            if (CLUSTER == 1)
              tma_load(stage_b(s) + j * B_BOX_BYTES, map_b, full(s),
                       n0 + 64 * j, k * BK);
            else if (j % CLUSTER == (int)rank)
              tma_load_multicast(stage_b(s) + j * B_BOX_BYTES, map_b,
                                 full(s), n0 + 64 * j, k * BK,
                                 (1u << CLUSTER) - 1);
          }
        }
      }
    }
  } else {  // consumer warpgroup wg - 1: rows 64 (wg - 1) .. + 63
    int t = threadIdx.x % 128;
    int it = 0;
    // NOWS: thread 0's copy cursor, STAGES - 1 steps ahead of `it`.
    int load_it = 0, load_pid = first, load_k = 0, load_m0 = 0, load_n0 = 0;
    auto issue_next = [&]() {
      if (load_pid >= tiles)
        return;
      if (load_k == 0)
        origin(load_pid, load_m0, load_n0);
      int s = load_it % STAGES;
      mbar_expect_tx(full(s), STAGE_BYTES);
      tma_load(stage_a(s), map_a, full(s), load_k * BK, load_m0);
      for (int j = 0; j < 4; ++j)
        tma_load(stage_b(s) + j * B_BOX_BYTES, map_b, full(s),
                 load_n0 + 64 * j, load_k * BK);
      ++load_it;
      if (++load_k == steps) {
        load_k = 0;
        load_pid += stride;
      }
    };
    if (NOWS && threadIdx.x == 0)
      for (int i = 0; i < STAGES - 1; ++i)
        issue_next();
    for (int pid = first; pid < tiles; pid += stride) {
      int m0, n0;
      origin(pid, m0, n0);
      float d[128];
#pragma unroll
      for (int i = 0; i < 128; ++i)
        d[i] = 0.f;
      for (int k = 0; k < steps; ++k, ++it) {
        int s = it % STAGES;
        mbar_wait(full(s), (it / STAGES) & 1);
        if (CP_ASYNC && CP_ASYNC_FENCE)  // cp.async wrote through the generic proxy
          asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
        uint32_t a_tile = stage_a(s) + (wg - 1) * 64 * A_ROW;
        asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
#pragma unroll
        for (int kk = 0; kk < BK / 16; ++kk)
          wgmma_m64n256k16(d, desc_a(a_tile + 32 * kk),
                           desc_b(stage_b(s) + 2048 * kk));
        asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
        asm volatile("wgmma.wait_group.sync.aligned 1;" ::: "memory");
        fence_operands(d);
        // Step it - 1's wgmmas have retired: its stage may be refilled.
        if (NOWS) {  // in both warpgroups, once the block meets
          asm volatile("bar.sync 0, 256;" ::: "memory");
          if (threadIdx.x == 0)
            issue_next();
        } else if (k > 0 && t < CLUSTER) {
          mbar_arrive_cluster(empty((it - 1) % STAGES), t);
        }
      }
      asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
      fence_operands(d);
      if (!NOWS && steps > 0 && t < CLUSTER)
        mbar_arrive_cluster(empty((it - 1) % STAGES), t);
      int warp = t / 32, lane = t % 32;
      // EPI_TMA == 2: half the buffer, c's columns in two rounds.
#pragma unroll
      for (int half = 0; half < (EPI_TMA >= 2 ? 2 : EPI_TMA); ++half) {
        constexpr int boxes = EPI_TMA >= 2 ? 2 : 4;
        uint32_t buffer = c_buffer + (wg - 1) * boxes * 8192;
        // The last stores have read the buffer.
        if (t == 0)
          asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
        asm volatile("bar.sync %0, 128;" ::"r"(wg) : "memory");
        // Row r of box j: 128 bytes at r * 128, 16-byte chunk q at
        // (q ^ r % 8) * 16 (TMA's 128-byte swizzle): conflict free.
        int r = warp * 16 + lane / 4;
#pragma unroll
        for (int i = half * 8 * boxes; i < (half + 1) * 8 * boxes; ++i) {
          uint32_t box = buffer + (i / 8 % boxes) * 8192 + (lane % 4) * 4;
          __half2 lo = __floats2half2_rn(d[4 * i], d[4 * i + 1]);
          __half2 hi = __floats2half2_rn(d[4 * i + 2], d[4 * i + 3]);
          uint32_t at = box + r * 128 + (((i % 8) ^ (r % 8)) * 16);
          uint32_t at8 = box + (r + 8) * 128 + (((i % 8) ^ ((r + 8) % 8)) * 16);
          asm volatile("st.shared.b32 [%0], %1;" ::"r"(at),
                       "r"(*reinterpret_cast<uint32_t *>(&lo))
                       : "memory");
          asm volatile("st.shared.b32 [%0], %1;" ::"r"(at8),
                       "r"(*reinterpret_cast<uint32_t *>(&hi))
                       : "memory");
        }
        if (EPI_TMA == 3) {  // no TMA: 16-byte loads back, 16-byte stores
          asm volatile("bar.sync %0, 128;" ::"r"(wg) : "memory");
#pragma unroll
          for (int i = 0; i < 8; ++i) {
            int q = t + 128 * i, box = q / 512, row = q / 8 % 64,
                chunk = q % 8;
            uint32_t at = buffer + box * 8192 + row * 128 +
                          ((chunk ^ (row % 8)) * 16);
            uint4 v;
            asm volatile("ld.shared.v4.b32 {%0, %1, %2, %3}, [%4];"
                         : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
                         : "r"(at)
                         : "memory");
            int gr = m0 + (wg - 1) * 64 + row;
            int gc = n0 + 64 * (half * boxes + box) + chunk * 8;
            if (gr < M && gc < N)
              *reinterpret_cast<uint4 *>(c + (size_t)gr * stride_cm + gc) = v;
          }
          continue;
        }
        // Generic-proxy writes, read by the async proxy's TMA store.
        asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
        asm volatile("bar.sync %0, 128;" ::"r"(wg) : "memory");
        if (t == 0) {
          for (int j = 0; j < boxes; ++j)
            asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.bulk_group"
                         " [%0, {%1, %2}], [%3];" ::"l"(map_c),
                         "r"(n0 + 64 * (half * boxes + j)),
                         "r"(m0 + (wg - 1) * 64), "r"(buffer + j * 8192)
                         : "memory");
          asm volatile("cp.async.bulk.commit_group;" ::: "memory");
        }
      }
      if (EPI_TMA)
        continue;
      int row = m0 + (wg - 1) * 64 + warp * 16 + lane / 4;
      int col0 = n0 + (lane % 4) * 2;
#pragma unroll
      for (int i = 0; i < 32; ++i) {
        int col = col0 + 8 * i;
        if (col < N) {  // N even (the probe's shapes): col + 1 < N too
          if (row < M) {
            __half2 v = __floats2half2_rn(d[4 * i], d[4 * i + 1]);
            *reinterpret_cast<__half2 *>(c + (size_t)row * stride_cm + col) =
                v;
          }
          if (row + 8 < M) {
            __half2 v = __floats2half2_rn(d[4 * i + 2], d[4 * i + 3]);
            *reinterpret_cast<__half2 *>(c + (size_t)(row + 8) * stride_cm +
                                         col) = v;
          }
        }
      }
    }
  }
  if (EPI_TMA && threadIdx.x % 128 == 0 && wg > 0)
    asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
  // No CTA leaves while its pair may still multicast into it or arrive on
  // its barriers.
  if (CLUSTER > 1)
    cluster_sync();
}
