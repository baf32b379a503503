"""The row softmax over [4x256] tiles at 1 warp (Triton's best shape in
probe_tile_shapes.py) as cubins beside Triton 3.6, one process: Triton's
and MyTriton's own launches, Triton's cubin through CuPy, then every cubin
in DIR named <abi>_<name>.cubin (abi mt: MyTriton's argument list plus the
grid sizes g0, g1; abi tr: Triton's plus its two scratch pointers, null),
checked against torch.softmax, then timed in interleaved rounds. Variants
are PTX edits of MyTriton's nvvm PTX assembled on the build machine
(ptxas -arch=sm_90a), each removing one of the three differences from
Triton's PTX that docs/performance.md (sixteenth session) lists: the row
bound tested once per four rows (mt_rowmask), no grid-fold check
(mt_nofold), both (mt_both), `mul` without `.rn` (mt_norn); and Triton's
own PTX through CUDA 13.0's ptxas (tr_own).

    python3 benchmarks/probe_softmax_rows_warps.py --make DIR  # build machine
    python3 benchmarks/probe_softmax_rows_warps.py DIR         # GPU host

--make writes the mt_* cubins; tr_own.cubin is Triton's PTX (asm["ptx"] of
its launch on the GPU host) assembled with `ptxas -arch=sm_90a`.
"""
import glob
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "python", "test"))

R, C, ROWS, WARPS = 32768, 256, 4, 1


def main(directory):
    import cupy as cp
    import numpy as np
    import torch
    import triton
    import bench_gpu as B
    import kernels_2d as K2
    from probe_occupancy_hint import check_and_time
    prebuilt = os.environ.get("MYTRITON_PREBUILT_CACHE")
    if prebuilt:
        os.environ["MYTRITON_CACHE_DIR"] = prebuilt
    x = torch.randn(R, C, device="cuda")
    y = torch.empty_like(x)
    ref = torch.softmax(x, dim=1)
    grid = (R // ROWS,)
    const = dict(ROWS=ROWS, BLOCK=C, num_warps=WARPS)
    peer = B.triton_kernel({"kernel": K2.softmax_rows_kernel}, triton)
    tk = peer.warmup(x, y, R, C, **const, grid=(1,))
    tk._init_handles()
    runs = [("triton", lambda: peer[grid](x, y, R, C, **const)),
            ("mytriton", lambda: K2.softmax_rows_kernel[grid](
                x, y, R, C, **const, backend="nvvm"))]
    cubin = os.path.join(tempfile.mkdtemp(), "triton.cubin")
    with open(cubin, "wb") as f:
        f.write(tk.asm["cubin"])
    threads = 32 * WARPS
    tr_args = (cp.uint64(x.data_ptr()), cp.uint64(y.data_ptr()), np.int32(R),
               np.int32(C), cp.uint64(0), cp.uint64(0))
    mt_args = (*tr_args[:4], np.int32(grid[0]), np.int32(1))

    def launcher(path, args, shared=0):
        fn = cp.RawModule(path=path).get_function("softmax_rows_kernel")
        print(f"{os.path.basename(path)}: {fn.num_regs} registers", flush=True)
        return lambda: fn(grid, (threads,), args, shared_mem=shared)
    runs.append(("tr-cupy", launcher(cubin, tr_args, tk.metadata.shared)))
    for path in sorted(glob.glob(os.path.join(directory, "*.cubin"))):
        name = os.path.basename(path)[:-len(".cubin")]
        runs.append((name, launcher(path, tr_args if name.startswith("tr_")
                                    else mt_args)))
    for _ in range(2):
        check_and_time("softmax_rows_4x256_w1", runs, y, ref, 1e-5,
                       2 * 4 * R * C)


def make(directory):
    """MyTriton's nvvm PTX of the kernel and its edits, assembled."""
    import re
    import subprocess
    import numpy as np
    import kernels_2d as K2
    os.makedirs(directory, exist_ok=True)
    z = np.zeros((64, 64), np.float32)
    ptx = K2.softmax_rows_kernel.warmup(
        z, z, R, C, ROWS=ROWS, BLOCK=C, num_warps=WARPS, backend="nvvm",
        grid=(R // ROWS,)).asm["ptx"]
    fold = re.compile(r"\tsetp\.eq\.b32 \t%p1, %r\d+, 1;\n\t@%p1 bra \t"
                      r"(\$L__BB0_\d+);\n\tdiv\.u32 [^\n]*\n")

    def rowmask(text):
        # Rows 1-3 take row 0's bound: n_rows is a multiple of 16 and each
        # program's rows start at a multiple of 4.
        ands = re.findall(r"and\.pred \t(%p\d+), %p\d+, %p\d+;", text)
        assert len(ands) == 2 * ROWS, ands
        for k, pred in enumerate(ands[2:]):
            text = re.sub(r"and\.pred \t" + pred + r", %p\d+, %p\d+;",
                          f"mov.pred \t{pred}, {ands[k % 2]};", text)
        return text

    def nofold(text):
        text, n = fold.subn("", text)
        assert n == 1
        return text
    variants = {"mt_base": ptx, "mt_rowmask": rowmask(ptx),
                "mt_nofold": nofold(ptx), "mt_both": nofold(rowmask(ptx)),
                "mt_norn": ptx.replace("mul.rn.f32", "mul.f32")}
    ptxas = os.path.join(os.environ.get("CUDA_HOME", "/usr/local/cuda"),
                         "bin", "ptxas")
    for name, text in variants.items():
        path = os.path.join(directory, name + ".ptx")
        with open(path, "w") as f:
            f.write(text)
        subprocess.run([ptxas, "-arch=sm_90a", path, "-o",
                        path[:-len(".ptx")] + ".cubin"], check=True)
        print("wrote", path[:-len(".ptx")] + ".cubin")


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--make":
        make(sys.argv[2])
    else:
        main(sys.argv[1] if len(sys.argv) > 1 else ".")
