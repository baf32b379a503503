"""Where tutorial 05's backward time goes, MyTriton against Triton on the
H200: per size, the GPU time of each kernel (torch.profiler, CUPTI), the
host time of one whole backward (the two launches and the buffers), how
many of MyTriton's launches took the full launch path rather than the fast
path, and each compiler's largest error against torch autograd.
Uses bench_layer_norm_bwd's kernels and launches (warm it the same way).
Run on the GPU host: python3 benchmarks/probe_layer_norm_bwd.py"""
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import bench_layer_norm_bwd as B  # noqa: E402


def diagnose_fast_path(B, x, w, dy, mean, rstd, zeros, empty):
    """Calls each kernel's generated fast-path function directly with the
    arguments of bench_layer_norm_bwd.backward and prints what it returns
    (a kernel, a key the table lacks, None) or raises."""
    import traceback
    for name in ("_layer_norm_bwd_dx_fused", "_layer_norm_bwd_dwdb"):
        k = getattr(B.T, name)
        fast = k._fast
        calls = []
        original = type(k).__getitem__

        def capture(self, grid, _k=k):
            def launcher(*a, **kw):
                if self is _k:
                    calls.append((grid, a, kw))
                return original(self, grid)(*a, **kw)
            return launcher
        type(k).__getitem__ = capture
        try:
            B.backward(B.T, x.detach(), w.detach(), dy, mean, rstd, zeros, empty)
        finally:
            type(k).__getitem__ = original
        grid, a, kw = calls[0]
        print(f"  {name}: fast {fast is not None}, table {list(k._fast_table)}")
        if fast is None:
            continue
        try:
            r = fast(grid, *a, **kw)
            print(f"  {name}: fast returned {type(r).__name__}: {r!r:.300}")
        except Exception:
            print(f"  {name}: fast raised:\n{traceback.format_exc()}")
        try:
            spec = sys.modules["mytriton.jit"]._FAST_SPECIALIZE
            rt = tuple(a[i] for i in range(len(a)))
            print(f"  {name}: specialize(args) -> {spec(rt, None)!r:.200}")
        except Exception:
            print(f"  specialize raised:\n{traceback.format_exc()}")


def dump_triton(module, x, w, dy, mean, rstd, zeros, empty, out):
    """Writes Triton's TTGIR and PTX of the dx kernel, for this size, to
    `out` (a Triton launch returns its CompiledKernel)."""
    m, n = x.shape
    cls = type(module._layer_norm_bwd_dx_fused)
    original = cls.__getitem__
    calls = {}

    def grab(self, grid):
        def launcher(*a, **kw):
            compiled = original(self, grid)(*a, **kw)
            calls.setdefault(self.fn.__name__, compiled)
            return compiled
        return launcher
    cls.__getitem__ = grab
    try:
        B.backward(module, x.detach(), w.detach(), dy, mean, rstd, zeros, empty)
    finally:
        cls.__getitem__ = original
    os.makedirs(out, exist_ok=True)
    for name, compiled in calls.items():
        if name != "_layer_norm_bwd_dx_fused":
            continue
        asm = getattr(compiled, "asm", {}) or {}
        for kind in ("ttgir", "ptx"):
            if kind in asm:
                with open(os.path.join(out, f"triton-{name}-{m}x{n}.{kind}"),
                          "w") as f:
                    f.write(asm[kind])
        print(f"  triton {name}: regs {getattr(compiled, 'n_regs', '?')}, "
              f"spills {getattr(compiled, 'n_spills', '?')}")


def main():
    dump = sys.argv[1] if len(sys.argv) > 1 else None
    import torch
    from torch.profiler import ProfilerActivity, profile
    jitmod = sys.modules["mytriton.jit"]
    full = {"n": 0}
    original = jitmod.JITFunction._run

    def counting(self, *a, **k):
        full["n"] += 1
        return original(self, *a, **k)
    jitmod.JITFunction._run = counting
    TR = B.triton_tutorial()
    torch.manual_seed(0)
    zeros, empty = B.allocators(torch)
    for m, n in B.SIZES:
        x, w, b, dy, mean, rstd = B.problem(torch, m, n)
        for label, module in (("mytriton", B.T), ("triton", TR)):
            def run():
                return B.backward(module, x.detach(), w.detach(), dy, mean,
                                  rstd, zeros, empty)
            dx, dw, db = run()
            if label == "triton" and dump and n == 8192:
                dump_triton(module, x, w, dy, mean, rstd, zeros, empty, dump)
            if label == "mytriton":
                diagnose_fast_path(B, x, w, dy, mean, rstd, zeros, empty)
            errs = [(r.float() - g.float()).abs().max().item()
                    for r, g in ((dx, x.grad), (dw, w.grad), (db, b.grad))]
            scale = [g.float().abs().max().item() for g in (x.grad, w.grad, b.grad)]
            for _ in range(10):
                run()
            torch.cuda.synchronize()
            full["n"] = 0
            reps = 200
            t0 = time.perf_counter()
            for _ in range(reps):
                run()
            host = (time.perf_counter() - t0) / reps * 1e6
            torch.cuda.synchronize()
            wall = (time.perf_counter() - t0) / reps * 1e6
            full_launches = full["n"]
            with profile(activities=[ProfilerActivity.CUDA]) as prof:
                for _ in range(20):
                    run()
                torch.cuda.synchronize()
            kernels = {}
            for e in prof.key_averages():
                if e.device_type.name == "CUDA" or "CUDA" in str(e.device_type):
                    t = getattr(e, "device_time", None) or getattr(e, "cuda_time", 0)
                    kernels[e.key[:40]] = round(t, 1)
            print(f"{m}x{n} {label}: host {host:.1f} us/backward, wall {wall:.1f}, "
                  f"full-path launches {full_launches}/{2 * reps}; "
                  f"max err dx {errs[0]:.3g} dw {errs[1]:.3g} db {errs[2]:.3g} "
                  f"(|grad| max {scale[0]:.3g} {scale[1]:.3g} {scale[2]:.3g}); "
                  f"GPU us per call: {kernels}", flush=True)


if __name__ == "__main__":
    main()
