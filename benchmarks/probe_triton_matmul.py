"""Dumps Triton's own compile of tutorial 03's matmul kernel on the H200
(TTGIR, LLVM IR, PTX for the configs it autotunes to) and times it beside
cuBLAS: the reference the tensor-core lowering is written against.
Run on the GPU host: python3 benchmarks/probe_triton_matmul.py OUTDIR"""
import os, sys, time, json
import torch, triton, triton.language as tl

out = sys.argv[1] if len(sys.argv) > 1 else "."

@triton.jit
def leaky_relu(x):
    return tl.where(x >= 0, x, 0.01 * x)

@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_SIZE_M: tl.constexpr, BLOCK_SIZE_N: tl.constexpr, BLOCK_SIZE_K: tl.constexpr,
                  GROUP_SIZE_M: tl.constexpr, ACTIVATION: tl.constexpr):
    pid = tl.program_id(axis=0)
    num_pid_m = tl.cdiv(M, BLOCK_SIZE_M)
    num_pid_n = tl.cdiv(N, BLOCK_SIZE_N)
    num_pid_in_group = GROUP_SIZE_M * num_pid_n
    group_id = pid // num_pid_in_group
    first_pid_m = group_id * GROUP_SIZE_M
    group_size_m = min(num_pid_m - first_pid_m, GROUP_SIZE_M)
    pid_m = first_pid_m + ((pid % num_pid_in_group) % group_size_m)
    pid_n = (pid % num_pid_in_group) // group_size_m
    offs_am = (pid_m * BLOCK_SIZE_M + tl.arange(0, BLOCK_SIZE_M)) % M
    offs_bn = (pid_n * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)) % N
    offs_k = tl.arange(0, BLOCK_SIZE_K)
    a_ptrs = a_ptr + (offs_am[:, None] * stride_am + offs_k[None, :] * stride_ak)
    b_ptrs = b_ptr + (offs_k[:, None] * stride_bk + offs_bn[None, :] * stride_bn)
    accumulator = tl.zeros((BLOCK_SIZE_M, BLOCK_SIZE_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_SIZE_K)):
        a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BLOCK_SIZE_K, other=0.0)
        b = tl.load(b_ptrs, mask=offs_k[:, None] < K - k * BLOCK_SIZE_K, other=0.0)
        accumulator = tl.dot(a, b, accumulator)
        a_ptrs += BLOCK_SIZE_K * stride_ak
        b_ptrs += BLOCK_SIZE_K * stride_bk
    if ACTIVATION == "leaky_relu":
        accumulator = leaky_relu(accumulator)
    c = accumulator.to(tl.float16)
    offs_cm = pid_m * BLOCK_SIZE_M + tl.arange(0, BLOCK_SIZE_M)
    offs_cn = pid_n * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)
    c_ptrs = c_ptr + stride_cm * offs_cm[:, None] + stride_cn * offs_cn[None, :]
    c_mask = (offs_cm[:, None] < M) & (offs_cn[None, :] < N)
    tl.store(c_ptrs, c, mask=c_mask)

configs = [(128, 256, 64, 3, 8), (64, 256, 32, 4, 4), (128, 128, 32, 4, 4), (128, 64, 32, 4, 4),
           (64, 128, 32, 4, 4), (128, 128, 64, 4, 4), (128, 128, 128, 4, 4), (64, 128, 64, 4, 4),
           (128, 64, 64, 4, 4), (256, 128, 128, 3, 8), (64, 256, 128, 4, 4), (128, 256, 128, 3, 8)]

def run(a, b, c, cfg, compile_only=False):
    BM, BN, BK, ns, nw = cfg
    M, K = a.shape; N = b.shape[1]
    grid = (triton.cdiv(M, BM) * triton.cdiv(N, BN),)
    return matmul_kernel[grid](a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1),
                               c.stride(0), c.stride(1), BLOCK_SIZE_M=BM, BLOCK_SIZE_N=BN, BLOCK_SIZE_K=BK,
                               GROUP_SIZE_M=8, ACTIVATION="", num_stages=ns, num_warps=nw)

results = {}
for dt in (torch.float16, torch.bfloat16):
    for S in (4096, 8192):
        a = torch.randn((S, S), device="cuda", dtype=dt)
        b = torch.randn((S, S), device="cuda", dtype=dt)
        c = torch.empty((S, S), device="cuda", dtype=torch.float16)
        ref = torch.matmul(a, b)
        flops = 2 * S ** 3
        t_cublas = triton.testing.do_bench(lambda: torch.matmul(a, b), rep=200, return_mode="median")
        best = None
        for cfg in configs:
            try:
                k = run(a, b, c, cfg)
            except Exception as e:
                print(cfg, "skipped:", type(e).__name__); continue
            err = (c.float() - ref.float()).abs().max().item()
            t = triton.testing.do_bench(lambda: run(a, b, c, cfg), rep=200, return_mode="median")
            tf = flops / t * 1e-9
            print(f"{dt} {S} cfg={cfg} {tf:.1f} TFLOP/s err={err:.3g} regs={k.n_regs} spills={k.n_spills} shared={k.metadata.shared}", flush=True)
            if best is None or tf > best[1]:
                best = (cfg, tf, k)
        print(f"== {dt} {S}: cuBLAS {flops / t_cublas * 1e-9:.1f} TFLOP/s, Triton best {best[0]} {best[1]:.1f}", flush=True)
        if S == 4096:
            name = str(dt).split(".")[-1]
            for key in ("ttgir", "ptx", "llir"):
                with open(os.path.join(out, f"t03_{name}_{'x'.join(map(str, best[0]))}.{key}"), "w") as f:
                    f.write(best[2].asm[key])
# one 4-warp config's dumps too, for the single-warpgroup form
a = torch.randn((4096, 4096), device="cuda", dtype=torch.float16)
k = run(a, a, torch.empty_like(a), (128, 128, 64, 4, 4))
for key in ("ttgir", "ptx"):
    with open(os.path.join(out, f"t03_float16_128x128x64x4x4.{key}"), "w") as f:
        f.write(k.asm[key])
