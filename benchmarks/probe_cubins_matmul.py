"""Tutorial 03's matmul kernel (fp16, the config both compilers autotune to
on the H200: 128x256x64 tiles, GROUP_SIZE_M 8, 8 warps, 3 stages) as
MyTriton cubin variants beside Triton 3.6's own launch of the same source,
one process. Variants are assembled on the build machine from PTX
(CUBIN_DIR/matmul__<variant>__<shared bytes>.cubin; a variant named
...c<percent> asks for that L1/shared carveout; one named ...persist, a
tt-persistent kernel, gets a block an SM, ...persistfull a block a tile)
and launched through
CuPy with MyTriton's argument list (the kernel's, then the grid sizes g0
and g1). Checked against torch first. Isolates what a change to the K loop
costs at 4096^3 and 8192^3, where the whole benchmark's noise hides 1-2%.
Run on the GPU host: python3 benchmarks/probe_cubins_matmul.py CUBIN_DIR
[DUMP_DIR] (DUMP_DIR: where Triton's PTX and TTGIR of the kernel go).
PROBE_SHAPES=MxNxK,... times other shapes than 4096^3 and 8192^3 (a K
sweep at fixed M and N separates what a tile costs once, its prologue and
epilogue, from what each K step costs); PROBE_ROUNDS=R times R rounds
(5); PROBE_DTYPE=bfloat16 makes a and b bf16 (cubins built for it).
Variants named ...tma... are the hand-written warp-specialized kernel of
probes/matmul_tma_ws.cu (probes/build_matmul_tma_ws.sh): 384 threads and
the a, b and c tensor maps after the arguments (in device memory, or by
value through cuLaunchKernel for ...tmap...; ...bk32...: BK 32 boxes)."""
import glob
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

CONFIG = dict(BLOCK_SIZE_M=128, BLOCK_SIZE_N=256, BLOCK_SIZE_K=64,
              GROUP_SIZE_M=8)


def tensor_map(t, rows, by_value=False, cols=64):
    """A CUtensorMap (in device memory, or its bytes if by_value) of 2-D
    fp16 or bf16 torch tensor t, boxes of `rows` rows by `cols` columns,
    swizzled by the box's row (128 or 64 bytes), zero fill, as
    probes/matmul_tma_ws.cu reads it."""
    import ctypes
    import cupy as cp
    cuda = ctypes.CDLL("libcuda.so.1")
    out = (ctypes.c_uint8 * 128)()
    u64, u32 = ctypes.c_uint64, ctypes.c_uint32
    dims = (u64 * 2)(t.shape[1], t.shape[0])
    strides = (u64 * 1)(t.stride(0) * t.element_size())
    box = (u32 * 2)(cols, rows)
    unit = (u32 * 2)(1, 1)
    import torch
    dtype = {torch.float16: 6, torch.bfloat16: 9}[t.dtype]  # CUtensorMapDataType
    swizzle = {128: 3, 64: 2}[cols * t.element_size()]  # CU_TENSOR_MAP_SWIZZLE_*
    # rank 2, no interleave, 256-byte L2 promotion, zero fill
    rc = cuda.cuTensorMapEncodeTiled(out, dtype, 2,
                                     ctypes.c_void_p(t.data_ptr()), dims,
                                     strides, box, unit, 0, swizzle, 3, 0)
    if rc != 0:
        raise RuntimeError(f"cuTensorMapEncodeTiled: CUresult {rc}")
    if by_value:
        return out
    import numpy as np
    return cp.asarray(np.frombuffer(bytes(out), dtype=np.uint8))


def tile_maps(name, a, b, c, by_value=False):
    """The a, b and c tensor maps of probes/matmul_tma_ws.cu variant `name`
    (...bk32...: BK 32, boxes of 32 columns of a and 32 rows of b)."""
    bk = 32 if "bk32" in name else 64
    return [tensor_map(a, 128, by_value, cols=bk), tensor_map(b, bk, by_value),
            tensor_map(c, 64, by_value)]


def launch_by_value(name, fn, blocks, threads, shared, a, b, c, ints):
    """A launch of a ...tmap... cubin, whose tensor maps are kernel
    parameters (128 bytes each, by value): CuPy cannot pass those, so the
    driver's cuLaunchKernel is called directly (default stream)."""
    import ctypes
    cuda = ctypes.CDLL("libcuda.so.1")
    values = [ctypes.c_uint64(t.data_ptr()) for t in (a, b, c)]
    if "tmapipe" in name:
        # MyTriton's kernel with tt-pipeline{tma}: the user's integers, the
        # hidden maps of a (boxes of 128 rows x 64) and b (64 x 64), then
        # the grid sizes.
        values += [ctypes.c_int32(v) for v in ints[:-2]]
        values += [tensor_map(a, 128, True, cols=64),
                   tensor_map(b, 64, True, cols=64)]
        values += [ctypes.c_int32(v) for v in ints[-2:]]
    else:
        values += [ctypes.c_int32(v) for v in ints]
        values += tile_maps(name, a, b, c, by_value=True)
    params = (ctypes.c_void_p * len(values))(
        *[ctypes.cast(ctypes.pointer(v), ctypes.c_void_p) for v in values])

    def run():
        rc = cuda.cuLaunchKernel(ctypes.c_void_p(fn.kernel.ptr), blocks, 1, 1,
                                 threads, 1, 1, shared, None, params, None)
        if rc != 0:
            raise RuntimeError(f"cuLaunchKernel: CUresult {rc}")
    run.keep = (values, params)
    return run


def main(directory, dump=None):
    import cupy as cp
    import numpy as np
    import torch
    from bench_matmul import triton_tutorial
    from probe_occupancy_hint import time_rounds
    kernel = triton_tutorial().matmul_kernel.fn
    variants = []
    for path in sorted(glob.glob(os.path.join(directory, "matmul__*.cubin"))):
        match = re.match(r"matmul__(\w+)__(\d+)\.cubin", os.path.basename(path))
        if match:
            variants.append((match.group(1), path, int(match.group(2))))
    shapes = [tuple(int(v) for v in s.split("x"))
              for s in os.environ.get("PROBE_SHAPES", "").split(",") if s]
    shapes = shapes or [(4096,) * 3, (8192,) * 3]
    # PROBE_DTYPE=bfloat16: a and b in bf16 (c stays fp16, as the
    # tutorial's); the cubins must be built for it.
    in_type = getattr(torch, os.environ.get("PROBE_DTYPE", "float16"))
    for m, n, k in shapes:
        size = f"{m}x{n}x{k}"
        a = torch.randn((m, k), device="cuda", dtype=in_type)
        b = torch.randn((k, n), device="cuda", dtype=in_type)
        c = torch.empty((m, n), device="cuda", dtype=torch.float16)
        ref = torch.matmul(a, b)
        tiles = (m // 128) * (n // 256)
        strides = (a.stride(0), a.stride(1), b.stride(0), b.stride(1),
                   c.stride(0), c.stride(1))

        def triton_run():
            return kernel[(tiles,)](a, b, c, m, n, k, *strides,
                                    ACTIVATION="", **CONFIG, num_warps=8,
                                    num_stages=3)
        compiled = triton_run()
        if (m, n, k) == shapes[0]:
            print(f"triton: {compiled.n_regs} registers, "
                  f"{compiled.metadata.shared} B shared", flush=True)
            for key in ("ptx", "ttgir", "cubin") if dump else ():
                text = compiled.asm[key]
                with open(os.path.join(dump, f"t03_{in_type}_triton.{key}".replace("torch.", "")),
                          "wb" if isinstance(text, bytes) else "w") as f:
                    f.write(text)
        runs = [("triton", triton_run)]
        keep = []  # tensor maps live as long as their launches
        for name, path, shared in variants:
            fn = cp.RawModule(path=path).get_function("matmul_kernel")
            fn.max_dynamic_shared_size_bytes = shared
            carveout = re.search(r"c(\d+)$", name)
            if carveout:  # a variant named ...c<percent>: that carveout
                fn.preferred_shared_memory_carveout = int(carveout.group(1))
            args = (cp.uint64(a.data_ptr()), cp.uint64(b.data_ptr()),
                    cp.uint64(c.data_ptr()),
                    *(np.int32(v) for v in (m, n, k, *strides)),
                    np.int32(tiles), np.int32(1))
            threads = 256
            if "tma" in name:  # probes/matmul_tma_ws.cu: 384 threads, maps
                threads = 256 if "nows" in name or "pipe" in name else 384
            if "tma" in name and "tmap" not in name:
                maps = tile_maps(name, a, b, c)
                args += tuple(cp.uint64(t.data.ptr) for t in maps)
                keep.append(maps)
            if (m, n, k) == shapes[0]:
                print(f"{name}: {fn.num_regs} registers, {shared} B shared",
                      flush=True)

            # A persistent variant (named ...persist, not ...persistfull)
            # gets one block an SM, as the runtime launches it; its blocks
            # loop over the tiles.
            blocks = tiles
            if "persist" in name and not name.endswith("full"):
                blocks = min(tiles, cp.cuda.Device().attributes[
                    "MultiProcessorCount"])

            def run(fn=fn, args=args, shared=shared, blocks=blocks,
                    threads=threads):
                fn((blocks,), (threads,), args, shared_mem=shared)
            if "tmap" in name:
                run = launch_by_value(name, fn, blocks, threads, shared, a, b, c,
                                      (m, n, k, *strides, tiles, 1))
            runs.append((name, run))
        for label, run in runs:
            c.zero_()
            run()
            torch.cuda.synchronize()
            err = ((c.float() - ref.float()).abs().max() /
                   ref.float().abs().max()).item()
            print(f"check {size} {label}: rel err {err:.3g} "
                  f"{'ok' if err < 1e-2 else 'WRONG'}", flush=True)
        times = time_rounds(runs, rounds=int(os.environ.get("PROBE_ROUNDS", 5)),
                            rep=200)
        base = np.median(times["triton"])
        for label, _ in runs:
            ms = np.median(times[label])
            spread = (max(times[label]) - min(times[label])) / ms
            print(f"{size} {label:14} {2 * m * n * k / ms / 1e9:7.1f} "
                  f"TFLOP/s {ms * 1e3:8.2f} us {base / ms:.3f} of Triton's (spread "
                  f"{spread:.3f})", flush=True)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".",
         sys.argv[2] if len(sys.argv) > 2 else None)
