"""Host time per launch without a GPU: the launch-overhead kernel of
bench_gpu.py (args8_kernel: 3 tensors, an int, 4 floats) against the fake
libcuda (test/Runtime/FakeCuda.c, quiet) with a stand-in torch whose tensors
live in the fake's "device" memory (python/test/test_gpu_devices.py's), so
the whole Python launch path runs: after the first launches of a key, the
launch fast path (mytriton/_fast_path.py: binding, specialization key,
device, torch's stream, launcher); with MYTRITON_LAUNCHER=ctypes the full
path (JITFunction._run) every time. Prints the process CPU time per launch
of the best of 5 rounds of 10000 launches (CPU time: steadier than wall
time on a shared machine).

    python3 benchmarks/launch_overhead_fake.py [PYTHON_PACKAGE_DIR]

PYTHON_PACKAGE_DIR (default: this checkout's python/) picks the mytriton to
time, e.g. another checkout's for a before/after comparison; it must find
libMyTritonRuntime.so through MYTRITON_LIB_DIR or its build/lib."""

import os
import subprocess
import sys
import tempfile
import textwrap

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(REPO, "python", "test"))

BODY = textwrap.dedent("""
    import ctypes, sys, time
    sys.path.insert(0, {tests!r})
    import torch
    import mytriton
    from mytriton import runtime
    import kernels as K
    lib = runtime._load()

    class Memory:
        def __init__(self, n):
            ptr = ctypes.c_uint64()
            assert lib.mtr_init(0) == 0
            assert lib.mtr_malloc(ctypes.byref(ptr), 4 * n) == 0
            self.ptr = ptr.value

    torch.streams[0] = 0
    x, y, out = (torch.Tensor(Memory(1024), 0) for _ in range(3))

    def launch():
        K.args8_kernel[(1,)](x, y, out, 1024, 1.5, 2.5, 0.5, 3.0, BLOCK=1024)

    launch()
    best = min(
        (lambda t0: ([launch() for _ in range(10000)],
                     (time.process_time() - t0) / 10000 * 1e6)[1])(
            time.process_time()) for _ in range(5))
    launcher = getattr(runtime, "_launcher", None)
    print(f"{{best:.2f}} us per launch",
          f"({{launcher.status()}})" if launcher else "(ctypes)")
""")


def main():
    package = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else \
        os.path.join(REPO, "python")
    import test_gpu_devices
    fake = test_gpu_devices.FAKE
    with tempfile.TemporaryDirectory() as tmp:
        os.makedirs(os.path.join(tmp, "torch"))
        with open(os.path.join(tmp, "torch", "__init__.py"), "w") as f:
            f.write(test_gpu_devices.FAKE_TORCH)
        env = dict(os.environ, MYTRITON_LIBCUDA=fake, FAKE_CUDA_QUIET="1",
                   MYTRITON_CACHE_DIR=os.path.join(tmp, "cache"),
                   PYTHONPATH=os.pathsep.join([tmp, package]))
        env.setdefault("MYTRITON_LIB_DIR", os.path.join(REPO, "build", "lib"))
        code = BODY.format(tests=os.path.join(REPO, "python", "test"))
        sys.exit(subprocess.call([sys.executable, "-c", code], env=env))


if __name__ == "__main__":
    main()
