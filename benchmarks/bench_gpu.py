"""GPU benchmark: every seed kernel through MyTriton (both backends) next to
PyTorch and Triton, in one process on one GPU.

On a host with the compiler (no GPU needed), fill a cache and time cold
compiles:
    python3 benchmarks/bench_gpu.py --warm DIR
On the GPU host (driver, torch, triton; no LLVM needed):
    MYTRITON_PREBUILT_CACHE=DIR MYTRITON_LIB_DIR=<dir of libMyTritonRuntime.so> \\
        python3 benchmarks/bench_gpu.py --out RESULTS_DIR
It prints time, GB/s (TFLOP/s for matmul), the ratio to the best peer and to
device-copy bandwidth, and writes bench.json and bench.png to RESULTS_DIR.
"""

import argparse
import json
import os
import re
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "python"))
sys.path.insert(0, os.path.join(HERE, "..", "python", "test"))

import numpy as np  # noqa: E402

import mytriton as mt  # noqa: E402
import kernels as K  # noqa: E402
import kernels_2d as K2  # noqa: E402

# (name, kernel, shape builder, constexprs, mytriton launch options)
# Sizes from issue 8. BLOCK choices follow the seed: one row per program for
# the row kernels; 1024-wide blocks for the elementwise ones.


def cases():
    out = []
    n = 1 << 28
    out.append(dict(name="vector_add 2^28", kernel=K.vector_add_kernel,
                    shapes=[(n,), (n,), (n,)], scalars=[n],
                    const=dict(BLOCK=1024), grid=(n // 1024,),
                    bytes=3 * 4 * n, peer="add"))
    out.append(dict(name="matrix_add 8192x8192", kernel=K.matrix_add_kernel,
                    shapes=[(8192, 8192)] * 3, scalars=[8192],
                    const=dict(BLOCK=1024), grid=(8192, 8),
                    bytes=3 * 4 * 8192 * 8192, peer="add"))
    for cols in (256, 1024):
        for op, k, tk in (
                ("row_sum", K.row_sum_kernel, K.row_sum_axis0_kernel),
                ("row_max", K.row_max_kernel, K.row_max_axis0_kernel),
                ("row_min", K.row_min_kernel, K.row_min_axis0_kernel)):
            # Triton rejects the seed's masked scalar store; it runs the
            # same reduction written as Triton users write it.
            out.append(dict(name=f"{op} 32768x{cols}", kernel=k,
                            triton_kernel=tk,
                            shapes=[(32768, cols), (32768,)], scalars=[cols],
                            const=dict(BLOCK=cols), grid=(32768,),
                            bytes=4 * 32768 * (cols + 1), peer=op))
        out.append(dict(name=f"softmax 32768x{cols}", kernel=K.softmax_kernel,
                        shapes=[(32768, cols), (32768, cols)], scalars=[cols],
                        const=dict(BLOCK=cols), grid=(32768,),
                        bytes=2 * 4 * 32768 * cols, peer="softmax"))
    for cols in (8192, 16384):
        out.append(dict(name=f"long_row_sum 8192x{cols}",
                        kernel=K.long_row_sum_kernel,
                        triton_kernel=K.long_row_sum_axis0_kernel,
                        shapes=[(8192, cols), (8192,)], scalars=[],
                        const=dict(N_COLS=cols, BLOCK=1024), grid=(8192,),
                        bytes=4 * 8192 * (cols + 1), peer="row_sum"))
    for k in (64, 256):
        out.append(dict(name=f"naive_matmul 4096x4096x{k}",
                        kernel=K.naive_matmul_kernel,
                        shapes=[(4096, k), (k, 4096), (4096, 4096)],
                        scalars=[4096], const=dict(K=k, BLOCK=1024),
                        grid=(4096, 4), flops=2 * 4096 * 4096 * k,
                        bytes=4 * (4096 * k + k * 4096 + 4096 * 4096),
                        peer="matmul"))
    out += cases_2d()
    return out


def cases_2d():
    """Issue 14's 2-D tile kernels (kernels_2d.py). Each case's `steps`
    gives the launches of one run as (kernel, grid, args, constexprs) from
    the case's tensors, so a case may take several kernels (column sums:
    partial sums, then their sum)."""
    M = N = 8192
    out = [dict(name="add_2d 8192x8192 [32x128]", peer="add",
                shapes=[(M, N)] * 3, bytes=3 * 4 * M * N,
                steps=lambda t: [(K2.add_2d_kernel, (M // 32, N // 128),
                                  (*t, M, N, N),
                                  dict(BM=32, BN=128, num_warps=4))]),
           # The same kernel at 8 elements a thread (PyTorch's kernel's
           # work per thread) where [32x128] on 4 warps gives each 32.
           dict(name="add_2d 8192x8192 [4x256]", peer="add",
                shapes=[(M, N)] * 3, bytes=3 * 4 * M * N,
                steps=lambda t: [(K2.add_2d_kernel, (M // 4, N // 256),
                                  (*t, M, N, N),
                                  dict(BM=4, BN=256, num_warps=4))]),
           dict(name="transpose 8192x8192 [64x64]", peer="transpose",
                shapes=[(M, N), (N, M)], bytes=2 * 4 * M * N,
                steps=lambda t: [(K2.transpose_kernel, (M // 64, N // 64),
                                  (*t, M, N), dict(BM=64, BN=64,
                                                   num_warps=4))])]
    split, rows = 32, M // 32

    def column_sum_steps(t):
        x, partial, total = t
        return [(K2.column_sum_partial_kernel, (N // 128, split),
                 (x, partial, M, N),
                 dict(ROWS_PER_PROGRAM=rows, BM=32, BN=128, num_warps=4)),
                (K2.column_sum_partial_kernel, (N // 128, 1),
                 (partial, total, split, N),
                 dict(ROWS_PER_PROGRAM=split, BM=split, BN=128,
                      num_warps=4))]
    out.append(dict(name="column_sum 8192x8192 [32x128]", peer="column_sum",
                    shapes=[(M, N), (split, N), (1, N)],
                    bytes=4 * M * N, steps=column_sum_steps))
    R, C = 32768, 256
    out.append(dict(name="softmax_rows 32768x256 [4x256]", peer="softmax",
                    shapes=[(R, C), (R, C)], bytes=2 * 4 * R * C,
                    steps=lambda t: [(K2.softmax_rows_kernel, (R // 4,),
                                      (*t, R, C),
                                      dict(ROWS=4, BLOCK=C, num_warps=4))]))
    # Not C: the softmax_rows steps above read R and C when they run, and a
    # loop rebinding C launched them with 4096 columns on 256-column rows
    # (WRONG, and once an illegal address, from the sixth session on).
    for cols in (256, 1024, 4096):
        out.append(_tutorial02_case(32768, cols))
    return out + cases_dtypes()


def cases_dtypes():
    """Issue 16's rows: the seed's vector add and softmax in fp16 and bf16,
    and tutorial 05's layer-norm forward kernel in fp16 (M = 4096), each
    with the tutorial's or the seed's own launch choices. `dtypes` names
    each tensor's dtype (float32 when absent)."""
    out = []
    n = 1 << 28
    for dt in ("float16", "bfloat16"):
        out.append(dict(name=f"vector_add {dt} 2^28", peer="add",
                        dtypes=[dt] * 3, shapes=[(n,)] * 3, bytes=3 * 2 * n,
                        steps=lambda t: [(K.vector_add_kernel, (n // 1024,),
                                          (*t, n), dict(BLOCK=1024))]))
        R, C = 32768, 1024
        out.append(dict(name=f"softmax {dt} 32768x1024", peer="softmax",
                        dtypes=[dt] * 2, shapes=[(R, C)] * 2,
                        bytes=2 * 2 * R * C,
                        steps=lambda t: [(K.softmax_kernel, (R,), (*t, C),
                                          dict(BLOCK=C))]))
    for N in (1024, 4096, 8192):
        out.append(_tutorial05_case(4096, N, "float16"))
    return out


def _tutorial05_case(M, N, dt):
    """Tutorial 05's forward kernel with the tutorial's host logic:
    BLOCK_SIZE the next power of two of N (at most 64 KiB of elements),
    num_warps = min(max(BLOCK_SIZE // 256, 1), 8), one program per row;
    the tutorial counts 2 * x.numel() * x.element_size() bytes."""
    import tutorial_kernels as TK
    size = 2 if dt in ("float16", "bfloat16") else 4
    block = min(65536 // size, 1 << (N - 1).bit_length())
    nw = min(max(block // 256, 1), 8)
    return dict(name=f"tutorial05 layer_norm fwd {dt} {M}x{N}",
                peer="layer_norm", dtypes=[dt] * 4 + ["float32"] * 2,
                shapes=[(M, N), (M, N), (N,), (N,), (M,), (M,)],
                bytes=2 * M * N * size,
                steps=lambda t: [(TK._layer_norm_fwd_fused, (M,),
                                  (*t, N, N, 1e-5),
                                  dict(BLOCK_SIZE=block, num_warps=nw))])


def _host_array(shape, dtype):
    """A zero numpy array of `dtype` for warming the cache (bfloat16, which
    numpy lacks, as reinterpreted uint16, as Triton's triton.reinterpret)."""
    if dtype == "bfloat16":
        return mt.reinterpret(np.zeros(shape, np.uint16), mt.language.bfloat16)
    return np.zeros(shape, dtype)


def _case_dtypes(case):
    return case.get("dtypes", ["float32"] * len(case["shapes"]))


def _tutorial02_case(R, C):
    """Triton's tutorial 02 (fused softmax, persistent programs looping over
    rows with tl.range), with the tutorial's own host logic: 8 warps,
    num_stages from shared memory, and as many programs as the compiled
    kernel's registers and shared memory let stay resident."""
    import tutorial_kernels as TK
    block = 1 << (C - 1).bit_length()
    const = dict(BLOCK_SIZE=block, num_stages=4, num_warps=8)
    return dict(name=f"tutorial02 softmax 32768x{C}", peer="softmax",
                shapes=[(R, C), (R, C)], bytes=2 * 4 * R * C,
                steps=lambda t: [(TK.softmax_kernel, _persistent_grid(R),
                                  (t[1], t[0], C, C, R, C), const)])


_GRIDS = {}


def _persistent_grid(n_rows):
    """The tutorial's occupancy rule, for whichever compiler's kernel it is
    given (both expose warmup(), n_regs and metadata.shared)."""
    def grid(kernel, args, const, **kw):
        key = (id(kernel), tuple(sorted(kw.items())), n_rows)
        if key not in _GRIDS:
            import torch
            props = torch.cuda.get_device_properties(0)
            compiled = kernel.warmup(*args, **const, **kw, grid=(1,))
            compiled._init_handles()
            regs = getattr(props, "regs_per_multiprocessor", 65536)
            smem = getattr(props, "shared_memory_per_multiprocessor", 232448)
            occupancy = regs // (max(compiled.n_regs, 1) * 32 *
                                 const["num_warps"])
            shared = compiled.metadata.shared
            if shared:
                occupancy = min(occupancy, smem // shared)
            _GRIDS[key] = (min(props.multi_processor_count * max(occupancy, 1),
                               n_rows),)
        return _GRIDS[key]
    return grid


def run_steps(case, t, **kw):
    for kernel, grid, args, const in case["steps"](t):
        if callable(grid):
            grid = grid(kernel, args, const, **kw)
        kernel[grid](*args, **const, **kw)


def triton_steps(case, t, triton):
    for kernel, grid, args, const in case["steps"](t):
        peer = triton_kernel({"kernel": kernel}, triton)
        if callable(grid):
            grid = grid(peer, args, const)
        peer[grid](*args, **const)


def variants():
    """(label, backend, num_warps, programs_per_cta); None means the default
    ("auto"). BENCH_VARIANTS=a,b selects."""
    # Default launches, then one thread per lane, one program per block.
    all_ = [("mytriton-nvvm", "nvvm", None, None),
            ("mytriton-cuda", "cuda", None, None),
            ("mytriton-nvvm-1lane", "nvvm", 32, 1),
            ("mytriton-cuda-1lane", "cuda", 32, 1)]
    # Sweeps of num_warps and of programs per block (at one warp per
    # program), to choose the "auto" heuristics by measurement.
    for nw in (1, 2, 4, 8, 16):
        all_ += [(f"mytriton-nvvm-nw{nw}", "nvvm", nw, 1),
                 (f"mytriton-cuda-nw{nw}", "cuda", nw, 1)]
    for ppc in (2, 4, 8):
        all_ += [(f"mytriton-nvvm-nw1-ppc{ppc}", "nvvm", 1, ppc),
                 (f"mytriton-cuda-nw1-ppc{ppc}", "cuda", 1, ppc)]
    chosen = os.environ.get("BENCH_VARIANTS")
    if chosen:
        all_ = [v for v in all_ if v[0] in chosen.split(",")]
    return all_


def launch_options(case, nw, ppc):
    """The variant's launch keywords for this case, or None when it is not
    run here. Sweeps run on the row and add kernels; packing sweeps on
    rows that one warp covers."""
    if "steps" in case:  # 2-D cases: each route's default launch
        return {} if nw is None and ppc is None else None
    block = case["const"].get("BLOCK")
    kw = {}
    if nw is not None:
        kw["num_warps"] = nw
    if ppc is not None:
        kw["programs_per_cta"] = ppc
    if nw is None or nw == 32:
        return kw
    if case["peer"] not in ("row_sum", "row_max", "row_min", "softmax",
                            "add") or 32 * nw > block:
        return None
    if ppc > 1 and (case["peer"] == "add" or block > 256):
        return None
    return kw


# -- compiler host ------------------------------------------------------------
def warm(cache_dir):
    os.environ["MYTRITON_CACHE_DIR"] = cache_dir
    timings = {}
    for case in selected(cases()):
        args = [_host_array((1,) * len(s), dt)
                for s, dt in zip(case["shapes"], _case_dtypes(case))]
        if "steps" in case:
            for label, backend, nw, ppc in variants():
                if launch_options(case, nw, ppc) is None:
                    continue
                t0 = time.perf_counter()
                try:
                    for kernel, _, kargs, const in case["steps"](args):
                        kernel.warmup(*kargs, **const, backend=backend)
                    ms = (time.perf_counter() - t0) * 1e3
                except Exception as e:
                    print(f"{label:18} {case['name']:28} FAILED: {e}"
                          .splitlines()[0])
                    ms = None
                timings[f"{label}|{case['name']}"] = ms
            continue
        for label, backend, nw, ppc in variants():
            options = launch_options(case, nw, ppc)
            if options is None:
                continue
            kw = dict(case["const"], **options)
            fresh = mt.JITFunction(case["kernel"].fn)  # cold: empty memory cache
            os.environ["MYTRITON_DISABLE_DISK_CACHE"] = "1"
            t0 = time.perf_counter()
            try:
                fresh.warmup(*args, *case["scalars"], backend=backend, **kw)
                ms = (time.perf_counter() - t0) * 1e3
            except Exception as e:  # report, keep going
                print(f"{label:18} {case['name']:28} FAILED: {e}".splitlines()[0])
                ms = None
            os.environ.pop("MYTRITON_DISABLE_DISK_CACHE")
            timings[f"{label}|{case['name']}"] = ms
            try:
                case["kernel"].warmup(*args, *case["scalars"], backend=backend,
                                      **kw)
            except Exception:
                pass
    for backend in ("nvvm", "cuda"):  # the launch-overhead kernels
        K.copy_kernel.warmup(np.zeros(1, np.float32), np.zeros(1, np.float32),
                             1024, BLOCK=1024, backend=backend)
        z = np.zeros(1024, np.float32)
        K.args8_kernel.warmup(z, z, z, 1024, 1.5, 2.5, 0.5, 3.0, BLOCK=1024,
                              backend=backend)
    with open(os.path.join(cache_dir, "compile_times.json"), "w") as f:
        json.dump(timings, f, indent=1)
    print(f"warmed {len(timings)} variants into {cache_dir}")


# -- GPU host -----------------------------------------------------------------
_L2_FLUSH = None


def bench(fn, torch, iters=20, warmup=3):
    """Median device time of one launch, in ms, with a cold L2 (a 256 MiB
    write before each run) and the host's launch latency hidden: a sleep
    kernel holds the stream while the host enqueues, so every peer is timed
    on the GPU alone. Host launch overhead is measured separately."""
    for _ in range(warmup):
        fn()  # let a failing fn raise here, not be left out below
    return bench_interleaved([("fn", fn)], torch, iters, warmup=0)["fn"]


def bench_interleaved(runs, torch, iters=30, warmup=3):
    """bench() for several (label, fn) at once, round-robin: iteration i
    times every fn once before iteration i+1 starts, so clock and thermal
    drift over the run reaches every variant alike. Returns {label: median
    ms}; a fn that raises is reported and left out."""
    global _L2_FLUSH
    if _L2_FLUSH is None:
        _L2_FLUSH = torch.empty(64 << 20, dtype=torch.int32, device="cuda")
    live = []
    for label, fn in runs:
        try:
            for _ in range(warmup):
                fn()
            torch.cuda.synchronize()
            live.append((label, fn))
        except Exception as e:
            print(f"  {label} failed: {str(e).splitlines()[0][:200]}")
    times = {label: [] for label, _ in live}
    for _ in range(iters):
        for label, fn in live:
            _L2_FLUSH.zero_()
            torch.cuda._sleep(1_000_000)
            start = torch.cuda.Event(enable_timing=True)
            end = torch.cuda.Event(enable_timing=True)
            start.record()
            fn()
            end.record()
            end.synchronize()
            times[label].append(start.elapsed_time(end))
    return {label: float(np.median(t)) for label, t in times.items()}


_TRITON_MODULES = {}


def triton_kernel(case, triton):
    """The same kernel source, compiled by Triton: the kernel's module
    (kernels.py, kernels_2d.py) imported with Triton's own modules in place
    of mytriton's."""
    import importlib.util
    import tempfile
    kernel = case.get("triton_kernel", case["kernel"])
    module = sys.modules[kernel.fn.__module__]
    if module.__name__ not in _TRITON_MODULES:
        # Every import of mytriton, as the tutorials import triton.
        src = re.sub(r"^(from|import) mytriton\b", r"\1 triton",
                     open(module.__file__).read(), flags=re.M)
        name = "triton_" + module.__name__
        path = os.path.join(tempfile.mkdtemp(), name + ".py")
        with open(path, "w") as f:
            f.write(src)
        spec = importlib.util.spec_from_file_location(name, path)
        _TRITON_MODULES[module.__name__] = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(_TRITON_MODULES[module.__name__])
    return getattr(_TRITON_MODULES[module.__name__], kernel.__name__)


def torch_peer(case, t, torch):
    peer = case["peer"]
    if peer == "add":
        return lambda: torch.add(t[0], t[1], out=t[2])
    if peer == "row_sum":
        return lambda: torch.sum(t[0], dim=1, out=t[1])
    if peer == "row_max":
        return lambda: torch.amax(t[0], dim=1, out=t[1])
    if peer == "row_min":
        return lambda: torch.amin(t[0], dim=1, out=t[1])
    if peer == "softmax":
        return lambda: torch.softmax(t[0], dim=1, out=t[1])
    if peer == "transpose":
        return lambda: t[1].copy_(t[0].t())
    if peer == "column_sum":
        return lambda: torch.sum(t[0], dim=0, out=t[2][0])
    if peer == "matmul":
        return lambda: torch.mm(t[0], t[1], out=t[2])
    if peer == "layer_norm":
        return lambda: t[1].copy_(torch.nn.functional.layer_norm(
            t[0], (t[0].shape[1],), t[2], t[3], 1e-5))
    raise KeyError(peer)


def run(out_dir):
    import torch
    try:
        import triton
    except ImportError:
        triton = None
    prebuilt = os.environ.get("MYTRITON_PREBUILT_CACHE")
    if prebuilt:
        os.environ["MYTRITON_CACHE_DIR"] = prebuilt
    dev = torch.cuda.get_device_name()
    results = {"device": dev, "driver": torch.version.cuda,
               "torch": torch.__version__,
               "triton": getattr(triton, "__version__", None), "cases": []}
    cold = triton_cold_compile(torch, triton)
    # Device copy: the bandwidth ceiling.
    src = torch.empty(1 << 28, device="cuda")
    dst = torch.empty_like(src)
    copy_ms = bench(lambda: dst.copy_(src), torch)
    copy_gbs = 2 * 4 * src.numel() / copy_ms / 1e6
    results["copy_gbs"] = copy_gbs
    print(f"{dev}; device copy 1 GiB: {copy_gbs:.0f} GB/s")
    del src, dst
    for case in selected(cases()):
        t = [torch.randn(s, device="cuda", dtype=getattr(torch, dt))
             for s, dt in zip(case["shapes"], _case_dtypes(case))]
        row = {"case": case["name"], "ms": {}}
        runs = []
        if "steps" in case:
            check_2d(case, t, torch, triton)
            for label, backend, nw, ppc in variants():
                if launch_options(case, nw, ppc) is not None:
                    runs.append((label, lambda b=backend: run_steps(
                        case, t, backend=b)))
            runs.append(("torch", torch_peer(case, t, torch)))
            if triton is not None:
                runs.append(("triton", lambda: triton_steps(case, t, triton)))
            report(case, row, runs, torch, copy_gbs, results)
            del t
            torch.cuda.empty_cache()
            continue
        for label, backend, nw, ppc in variants():
            options = launch_options(case, nw, ppc)
            if options is None:
                continue
            kw = dict(case["const"], **options)
            kw["backend"] = backend
            # Bind this variant's arguments now (a bare closure would see
            # the loop's last kw).
            def fn(kernel=case["kernel"], grid=case["grid"], kw=kw,
                   args=(*t, *case["scalars"])):
                kernel[grid](*args, **kw)
            runs.append((label, fn))
        torch_fn = torch_peer(case, t, torch)
        runs.append(("torch", torch_fn))
        if triton is not None:
            tk = triton_kernel(case, triton)
            tkw = dict(case["const"])
            def tfn(tk=tk, grid=case["grid"], kw=tkw,
                    args=(*t, *case["scalars"])):
                tk[grid](*args, **kw)
            runs.append(("triton", tfn))
        report(case, row, runs, torch, copy_gbs, results)
        del t
        torch.cuda.empty_cache()
    results["launch_overhead_us"] = launch_overhead(torch, triton)
    results["launch_overhead_8_args_us"] = launch_overhead_8_args(torch, triton)
    results["triton_cold_compile_ms"] = cold
    if prebuilt and os.path.exists(os.path.join(prebuilt, "compile_times.json")):
        with open(os.path.join(prebuilt, "compile_times.json")) as f:
            results["mytriton_cold_compile_ms_compiler_host"] = json.load(f)
    print("launch overhead (us per launch, host side):",
          results["launch_overhead_us"])
    print("launch overhead, 8 arguments, 10000 launches (us per launch, "
          "median of 5 rounds):", results["launch_overhead_8_args_us"])
    cold = results.get("mytriton_cold_compile_ms_compiler_host", {})
    for key in sorted(cold):
        if "softmax 32768x1024" in key and cold[key] is not None:
            print(f"MyTriton cold compile (trace -> cubin, on the compiler "
                  f"host) {key}: {cold[key]:.0f} ms")
    print("Triton cold compile + first launch of softmax (ms):",
          results["triton_cold_compile_ms"])
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "bench.json"), "w") as f:
        json.dump(results, f, indent=1)
    plot(results, os.path.join(out_dir, "bench.png"))


def report(case, row, runs, torch, copy_gbs, results):
    """Times `runs` side by side and prints and records the case's row."""
    print(f"{case['name']}:", flush=True)
    row["ms"] = bench_interleaved(runs, torch)
    peers = [row["ms"][p] for p in ("torch", "triton") if p in row["ms"]]
    best_peer = min(peers) if peers else None
    line = f"{case['name']:28}"
    for label, ms in row["ms"].items():
        if "flops" in case:
            rate = f"{case['flops'] / ms / 1e9:7.2f} TF/s"
        else:
            rate = f"{case['bytes'] / ms / 1e6:6.0f} GB/s"
        vs = f" x{best_peer / ms:4.2f}" if best_peer else ""
        line += f"\n    {label:18} {ms:8.3f} ms {rate}{vs} peer" \
                f" {case['bytes'] / ms / 1e6 / copy_gbs:5.1%} of copy"
    print(line, flush=True)
    row["bytes"] = case["bytes"]
    row["flops"] = case.get("flops")
    results["cases"].append(row)


def selected(all_cases):
    """BENCH_CASES=substr,substr picks cases by name (all by default)."""
    chosen = os.environ.get("BENCH_CASES")
    if not chosen:
        return all_cases
    return [c for c in all_cases
            if any(part in c["name"] for part in chosen.split(","))]


def check_2d(case, t, torch, triton):
    """Each route's (and Triton's) result of a 2-D case against PyTorch's,
    so a fast wrong kernel is never reported."""
    peer = case["peer"]
    for label, backend, nw, ppc in variants() + [("triton", None, None, None)]:
        if label == "triton":
            if triton is None:
                continue
            go = lambda: triton_steps(case, t, triton)
        elif launch_options(case, nw, ppc) is None:
            continue
        else:
            go = lambda b=backend: run_steps(case, t, backend=b)
        for out in t[1:]:
            out.zero_()
        try:
            go()
        except Exception as e:
            print(f"  {label} {case['name']} failed: {str(e).splitlines()[0][:200]}")
            continue
        torch.cuda.synchronize()
        if peer == "add":
            want, got = t[0] + t[1], t[2]
        elif peer == "transpose":
            want, got = t[0].t(), t[1]
        elif peer == "column_sum":
            want, got = t[0].sum(0), t[2][0]
        elif peer == "layer_norm":
            want = torch.nn.functional.layer_norm(
                t[0].float(), (t[0].shape[1],), t[2].float(), t[3].float(),
                1e-5)
            got = t[1]
        else:
            want, got = torch.softmax(t[0].float(), dim=1), t[1]
        # Halves hold 3 (bf16: 2) significant digits: their tolerance.
        tol = {torch.float16: 2e-2, torch.bfloat16: 5e-2}.get(got.dtype, 1e-4)
        ok = torch.allclose(got.float(), want.float(), rtol=tol,
                            atol=max(tol, 1e-3))
        print(f"  check {label:14} {case['name']}: {'ok' if ok else 'WRONG'}")
        if not ok:
            raise SystemExit(f"{label} computed wrong values for {case['name']}")


def launch_overhead(torch, triton, n=2000):
    x = torch.randn(1024, device="cuda")
    y = torch.empty_like(x)
    out = {}
    for backend in ("nvvm", "cuda"):
        def fn(backend=backend):
            K.copy_kernel[(1,)](x, y, 1024, BLOCK=1024, backend=backend)
        try:
            fn()
        except Exception as e:
            print(f"launch overhead, {backend}: {str(e).splitlines()[0][:160]}")
            continue
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        for _ in range(n):
            fn()
        torch.cuda.synchronize()
        out[f"mytriton-{backend}"] = (time.perf_counter() - t0) / n * 1e6
    if triton is not None:
        tk = triton_kernel({"kernel": K.copy_kernel}, triton)
        tk[(1,)](x, y, 1024, BLOCK=1024)
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        for _ in range(n):
            tk[(1,)](x, y, 1024, BLOCK=1024)
        torch.cuda.synchronize()
        out["triton"] = (time.perf_counter() - t0) / n * 1e6
    return out


def launch_overhead_8_args(torch, triton, n=10000, rounds=5):
    """Host time per launch of args8_kernel (8 runtime arguments: 3 tensors,
    an int, 4 floats; one 1024-wide program) through MyTriton's compiled
    launcher, MyTriton's ctypes fallback and Triton, in this process: each
    round times n back-to-back launches of each in turn (then one
    synchronize), and the median round is reported, in us per launch."""
    x = torch.randn(1024, device="cuda")
    y = torch.randn(1024, device="cuda")
    out = torch.empty_like(x)
    launchers = {}
    for label, mode in (("mytriton", "auto"), ("mytriton-ctypes", "ctypes")):
        # A fresh JITFunction per mode: a kernel keeps the launcher it
        # first launched with.
        os.environ["MYTRITON_LAUNCHER"] = mode
        kernel = mt.JITFunction(K.args8_kernel.fn)
        launchers[label] = lambda kernel=kernel: kernel[(1,)](
            x, y, out, 1024, 1.5, 2.5, 0.5, 3.0, BLOCK=1024)
        try:
            launchers[label]()
        except Exception as e:
            print(f"launch overhead, {label}: {str(e).splitlines()[0][:160]}")
            del launchers[label]
    os.environ.pop("MYTRITON_LAUNCHER")
    if "mytriton" in launchers:
        from mytriton import _launcher
        print("MyTriton launcher:", _launcher.status())
    if triton is not None:
        tk = triton_kernel({"kernel": K.args8_kernel}, triton)
        launchers["triton"] = lambda: tk[(1,)](x, y, out, 1024, 1.5, 2.5, 0.5,
                                               3.0, BLOCK=1024)
        launchers["triton"]()
    times = {label: [] for label in launchers}
    torch.cuda.synchronize()
    for _ in range(rounds):
        for label, fn in launchers.items():
            t0 = time.perf_counter()
            for _ in range(n):
                fn()
            torch.cuda.synchronize()
            times[label].append((time.perf_counter() - t0) / n * 1e6)
    expected = x * 1.5 + y * 2.5 + 0.5 * 3.0
    # FMA contraction differs from torch by an ulp: compare with an atol.
    assert torch.allclose(out, expected, atol=1e-5), \
        "args8_kernel computed wrong values"
    return {label: round(float(np.median(t)), 2) for label, t in times.items()}


def triton_cold_compile(torch, triton):
    """Triton's cold compile + first launch of softmax. Run first, before
    anything has compiled softmax for Triton in this process."""
    if triton is None:
        return None
    import tempfile
    os.environ["TRITON_CACHE_DIR"] = tempfile.mkdtemp()
    x = torch.randn(64, 1024, device="cuda")
    y = torch.empty_like(x)
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    tk = triton_kernel({"kernel": K.softmax_kernel}, triton)
    tk[(64,)](x, y, 1024, BLOCK=1024)
    torch.cuda.synchronize()
    return (time.perf_counter() - t0) * 1e3


HEADLINE = ("mytriton-nvvm", "mytriton-cuda", "torch", "triton")
COLORS = {"mytriton-nvvm": "tab:blue", "mytriton-cuda": "tab:cyan",
          "torch": "tab:orange", "triton": "tab:green"}


def plot(results, path):
    """Two figures: the headline series (MyTriton's default launch on each
    route, PyTorch, Triton) as a fraction of device-copy bandwidth, and the
    tuning sweeps (every variant, GB/s) beside it as *-sweeps.png."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("WARNING: matplotlib is not installed (Debian: python3-matplotlib);"
              f" {path} was not drawn", file=sys.stderr)
        return
    rows = [r for r in results["cases"] if not r.get("flops")]
    copy = results["copy_gbs"]

    def draw(labels, out, fraction, title):
        fig, ax = plt.subplots(figsize=(15, 6))
        width = 0.8 / max(len(labels), 1)
        cmap = plt.get_cmap("tab20")
        for i, label in enumerate(labels):
            vals = [r["bytes"] / r["ms"][label] / 1e6 if label in r["ms"]
                    else 0 for r in rows]
            if fraction:
                vals = [v / copy for v in vals]
            ax.bar([j + i * width for j in range(len(rows))], vals, width,
                   label=label, color=COLORS.get(label, cmap(i % 20)))
        ax.axhline(1.0 if fraction else copy, color="k", linestyle="--",
                   label="device copy")
        ax.set_xticks([j + 0.4 - width / 2 for j in range(len(rows))])
        ax.set_xticklabels([r["case"] for r in rows], rotation=30, ha="right")
        ax.set_ylabel("fraction of device-copy bandwidth" if fraction
                      else "GB/s")
        ax.set_title(title)
        ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0))
        fig.tight_layout()
        fig.savefig(out, dpi=110)
        plt.close(fig)

    present = {k for r in rows for k in r["ms"]}
    draw([l for l in HEADLINE if l in present], path, True,
         f"MyTriton vs PyTorch vs Triton on {results['device']} (fp32), "
         f"copy = {copy:.0f} GB/s")
    root, ext = os.path.splitext(path)
    draw(sorted(present), root + "-sweeps" + ext, False,
         f"MyTriton launch variants on {results['device']} (fp32)")


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--warm", metavar="DIR")
    p.add_argument("--out", metavar="DIR", default="bench-results")
    p.add_argument("--overhead-only", action="store_true",
                   help="only the host launch overhead")
    a = p.parse_args()
    if a.warm:
        warm(a.warm)
    elif a.overhead_only:
        import torch
        try:
            import triton
        except ImportError:
            triton = None
        if os.environ.get("MYTRITON_PREBUILT_CACHE"):
            os.environ["MYTRITON_CACHE_DIR"] = os.environ["MYTRITON_PREBUILT_CACHE"]
        print("launch overhead (us per launch, host side):",
              launch_overhead(torch, triton))
        print("launch overhead, 8 arguments, 10000 launches (us per launch, "
              "median of 5 rounds):", launch_overhead_8_args(torch, triton))
    else:
        run(a.out)
