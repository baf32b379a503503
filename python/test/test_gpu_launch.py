"""The GPU launch path (runtime.py over libMyTritonRuntime.so) without a GPU:
the runtime's fake libcuda (test/Runtime/FakeCuda.c, target
mytriton-fake-cuda) plays the driver. Its kernel "vadd" adds two float arrays
in host memory, so a mytriton kernel of that name runs end to end: argument
marshalling, module load, parameter count check, grid and block."""

import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

from conftest import FAKE_CUDA as FAKE, requires_fake_cuda

HERE = os.path.dirname(os.path.abspath(__file__))

pytestmark = requires_fake_cuda

SCRIPT = textwrap.dedent("""
    import warnings
    import numpy as np
    import mytriton as triton
    import mytriton.language as tl
    from mytriton import compiler

    @triton.jit
    def vadd_grid(x, y, out, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        mask = offs < n
        tl.store(out + offs, tl.load(x + offs, mask=mask) +
                 tl.load(y + offs, mask=mask), mask=mask)

    class HostBackedGPUArray:
        # The fake driver dereferences "device" pointers on the host.
        def __init__(self, a):
            self.a = a
            self.__cuda_array_interface__ = {
                "shape": a.shape, "typestr": "<f4", "strides": None,
                "data": (a.ctypes.data, False), "version": 3}

    x = np.arange(100, dtype=np.float32)
    y = np.full(100, 0.5, np.float32)
    out = np.zeros(100, np.float32)
    args = [HostBackedGPUArray(a) for a in (x, y, out)]
    grid = lambda m: (triton.cdiv(100, m["BLOCK"]),)
    compiled = vadd_grid.warmup(*args, 100, BLOCK=32, grid=grid)
    if "cubin" not in compiled.asm:
        print("SKIP no GPU binary:", compiled.backend_errors)
    else:
        kernel = vadd_grid[grid](*args, 100, BLOCK=32)
        assert kernel is compiled
        assert np.array_equal(out, x + y), out
        print("OK", kernel.block_size)
""")


@pytest.mark.parametrize("backend", ["nvvm", "cuda"])
def test_launch_through_the_runtime_with_a_fake_driver(tmp_path, backend):
    env = dict(os.environ, MYTRITON_LIBCUDA=FAKE, MYTRITON_BACKEND=backend,
               MYTRITON_CACHE_DIR=str(tmp_path),
               PYTHONPATH=os.path.dirname(HERE))
    proc = subprocess.run([sys.executable, "-c", SCRIPT], env=env,
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    if proc.stdout.startswith("SKIP"):
        pytest.skip(proc.stdout)
    assert proc.stdout.strip() == "OK 32"
    # grid = cdiv(100, 32) = 4 programs of 32 threads; the launch ABI packs
    # them into one block of 32 x 4 threads and appends g0 = 4, g1 = 1.
    assert "cuLaunchKernel vadd_grid grid=1x1x1 block=32x4x1 shared=0 " \
        "stream=default" in proc.stderr
    assert "vadd_grid g0=4 g1=1" in proc.stderr


def test_no_runtime_library_is_a_clear_error(tmp_path):
    script = textwrap.dedent("""
        import mytriton as triton, mytriton.language as tl
        @triton.jit
        def k(x):
            tl.store(x, 1.0)
        class G:
            __cuda_array_interface__ = {"shape": (1,), "typestr": "<f4",
                                        "data": (4096, False), "version": 3}
        try:
            k[(1,)](G())
        except triton.MyTritonError as e:
            print(type(e).__name__, e)
    """)
    env = dict(os.environ, MYTRITON_CACHE_DIR=str(tmp_path),
               MYTRITON_LIB_DIR=str(tmp_path / "nothing"),
               PYTHONPATH=os.path.dirname(HERE))
    proc = subprocess.run([sys.executable, "-c", script], env=env,
                          capture_output=True, text=True)
    # Without libraries it cannot even compile: it says so, naming the kernel.
    assert "CompilerNotFoundError" in proc.stdout, proc.stdout + proc.stderr
    assert "kernel 'k'" in proc.stdout


THREADS_SCRIPT = SCRIPT.split("x = np.arange")[0] + textwrap.dedent("""
    import threading
    # Launches of one compiled kernel from several threads at once: each
    # thread packs its parameters into its own buffers (runtime.launch), so
    # every launch adds its own arrays.
    def worker(seed, failures):
        rng = np.random.default_rng(seed)
        for _ in range(50):
            x = rng.standard_normal(100).astype(np.float32)
            y = rng.standard_normal(100).astype(np.float32)
            out = np.zeros(100, np.float32)
            vadd_grid[(4,)](*[HostBackedGPUArray(a) for a in (x, y, out)],
                            100, BLOCK=32)
            if not np.array_equal(out, x + y):
                failures.append(seed)
    failures = []
    threads = [threading.Thread(target=worker, args=(s, failures))
               for s in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    print("FAILED" if failures else "OK", len(failures))
""")


def test_concurrent_launches_from_threads(tmp_path):
    env = dict(os.environ, MYTRITON_LIBCUDA=FAKE, MYTRITON_BACKEND="nvvm",
               MYTRITON_CACHE_DIR=str(tmp_path),
               PYTHONPATH=os.path.dirname(HERE))
    proc = subprocess.run([sys.executable, "-c", THREADS_SCRIPT], env=env,
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.strip() == "OK 0", proc.stdout
