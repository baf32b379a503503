"""Issue 14's 2-D rows (softmax over 4x256 tiles, the 64x64 transpose, the
32x128-tile add, with torch's add beside it) as
cubins beside Triton 3.6, one process: Triton's own launch of the same
source, Triton's cubin launched through CuPy (what its code costs without
its launcher), and MyTriton variants assembled on the build machine from
PTX (CUBIN_DIR/<case>__<variant>__<shared bytes>.cubin, <case> one of
softmax_rows, transpose, add_2d, add_2d_8x128; the shared bytes, used or
not, also cap the blocks an SM holds; a variant named ...c<percent> asks
for that L1/shared carveout), each launched through CuPy with MyTriton's
argument list (the kernel's, then the grid sizes g0 and g1). Checked
against torch first. Isolates what a layout or a barrier costs.
Run on the GPU host: python3 benchmarks/probe_cubins_2d.py CUBIN_DIR
[DUMP_DIR] (DUMP_DIR: where Triton's PTX and TTGIR of each case go)"""
import glob
import os
import re
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "python", "test"))

CASES = {
    # name: (kernel, shapes (the inputs', then the output's), grid,
    # scalar args, constexprs, bytes)
    "softmax_rows": ("softmax_rows_kernel", [(32768, 256), (32768, 256)],
                     (32768 // 4, 1), (32768, 256),
                     dict(ROWS=4, BLOCK=256), 2 * 4 * 32768 * 256),
    "transpose": ("transpose_kernel", [(8192, 8192), (8192, 8192)],
                  (8192 // 64, 8192 // 64), (8192, 8192),
                  dict(BM=64, BN=64), 2 * 4 * 8192 * 8192),
    "add_2d": ("add_2d_kernel", [(8192, 8192)] * 3, (8192 // 32, 8192 // 128),
               (8192, 8192, 8192), dict(BM=32, BN=128), 3 * 4 * 8192 * 8192),
    # The same add at 8 elements a thread, PyTorch's share.
    "add_2d_8x128": ("add_2d_kernel", [(8192, 8192)] * 3,
                     (8192 // 8, 8192 // 128), (8192, 8192, 8192),
                     dict(BM=8, BN=128), 3 * 4 * 8192 * 8192),
}


def reference(case, torch, *inputs):
    if case == "softmax_rows":
        return torch.softmax(inputs[0], dim=1)
    if case.startswith("add_2d"):
        return inputs[0] + inputs[1]
    return inputs[0].t().contiguous()


def set_shared_attributes(cp, fn, name, shared):
    """Opts in to more than 48 KiB of dynamic shared memory where a variant
    asks for it, and sets the L1/shared carveout (percent of the most
    shared memory) where its name ends in c<percent>."""
    if shared > 48 * 1024:
        fn.max_dynamic_shared_size_bytes = shared
    carveout = re.search(r"c(\d+)$", name)
    if carveout:
        fn.preferred_shared_memory_carveout = int(carveout.group(1))


def main(directory, dump=None):
    import cupy as cp
    import numpy as np
    import torch
    import triton
    import bench_gpu as B
    import kernels_2d as K2
    from probe_occupancy_hint import check_and_time
    variants = {}
    for path in sorted(glob.glob(os.path.join(directory, "*.cubin"))):
        match = re.match(r"(\w+?)__(\w+)__(\d+)\.cubin", os.path.basename(path))
        if match:
            case, name, shared = match.groups()
            variants.setdefault(case, []).append((name, path, int(shared)))
    for case, (kname, shapes, grid, scalars, const, nbytes) in CASES.items():
        inputs = [torch.randn(shape, device="cuda") for shape in shapes[:-1]]
        y = torch.empty(shapes[-1], device="cuda")
        tensors = (*inputs, y)
        ref = reference(case, torch, *inputs)
        peer = B.triton_kernel({"kernel": getattr(K2, kname)}, triton)
        tk = peer.warmup(*tensors, *scalars, **const, num_warps=4,
                         grid=(1,))
        tk._init_handles()
        for key in ("ptx", "ttgir") if dump else ():
            with open(os.path.join(dump, f"{case}_triton.{key}"), "w") as f:
                f.write(tk.asm[key])

        def triton_run():
            peer[grid](*tensors, *scalars, **const, num_warps=4)
        runs = [("triton", triton_run)]
        if case.startswith("add_2d"):
            runs.append(("torch", lambda: torch.add(*inputs, out=y)))
        cubin = os.path.join(tempfile.mkdtemp(), "triton.cubin")
        with open(cubin, "wb") as f:
            f.write(tk.asm["cubin"])
        tfn = cp.RawModule(path=cubin).get_function(kname)
        targs = (*(cp.uint64(t.data_ptr()) for t in tensors),
                 *(np.int32(s) for s in scalars), cp.uint64(0), cp.uint64(0))
        print(f"{case} triton: {tk.n_regs} registers, "
              f"{tk.metadata.shared} B shared", flush=True)

        def triton_cupy(fn=tfn, args=targs, shared=tk.metadata.shared):
            fn((grid[0], grid[1]), (128,), args, shared_mem=shared)
        runs.append(("tr-cupy", triton_cupy))
        for name, path, shared in variants.get(case, []):
            fn = cp.RawModule(path=path).get_function(kname)
            set_shared_attributes(cp, fn, name, shared)
            blocks = cp.cuda.driver.occupancyMaxActiveBlocksPerMultiprocessor(
                fn.kernel.ptr, 128, shared)
            print(f"{case} {name}: {fn.num_regs} registers, {shared} B shared, "
                  f"{blocks} blocks an SM", flush=True)
            args = (*(cp.uint64(t.data_ptr()) for t in tensors),
                    *(np.int32(s) for s in scalars), np.int32(grid[0]),
                    np.int32(grid[1]))

            def run(fn=fn, args=args, shared=shared):
                fn((grid[0] * grid[1],), (128,), args, shared_mem=shared)
            runs.append((name, run))
        check_and_time(case, runs, y, ref, 1e-5, nbytes)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".",
         sys.argv[2] if len(sys.argv) > 2 else None)
