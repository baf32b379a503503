"""Runs every seed kernel once per GPU path with device memory from
MyTriton's own runtime (no torch/cupy, so compute-sanitizer sees only our
kernels), and checks each result against numpy. Meant to run under
compute-sanitizer on a GPU host with a cache warmed by test_execution.py:

    MYTRITON_PREBUILT_CACHE=DIR MYTRITON_LIB_DIR=<runtime dir> \\
      compute-sanitizer --tool memcheck --report-api-errors no \\
      --error-exitcode 1 python3 python/test/gpu_sanitize.py
    (and --tool racecheck)

`--report-api-errors no`: the runtime counts a kernel's parameters by asking
cuFuncGetParamInfo for indices until it answers CUDA_ERROR_INVALID_VALUE (the
driver has no other way to tell); compute-sanitizer would list each of those
expected answers as an API error.
"""

import ctypes
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.path.insert(0, HERE)

import numpy as np  # noqa: E402

from mytriton import runtime  # noqa: E402
import test_execution as T  # noqa: E402


class DeviceArray:
    """A float32/int32 device buffer from libMyTritonRuntime.so."""

    def __init__(self, host):
        self.lib = runtime._runtime({})
        self.host = np.ascontiguousarray(host)
        self.ptr = ctypes.c_uint64()
        u64, vp, sz = ctypes.c_uint64, ctypes.c_void_p, ctypes.c_size_t
        self.lib.mtr_malloc.argtypes = [ctypes.POINTER(u64), sz]
        self.lib.mtr_memcpy_htod.argtypes = [u64, vp, sz]
        self.lib.mtr_memcpy_dtoh.argtypes = [vp, u64, sz]
        self.lib.mtr_free.argtypes = [u64]
        assert self.lib.mtr_malloc(ctypes.byref(self.ptr), self.host.nbytes) == 0
        assert self.lib.mtr_memcpy_htod(self.ptr.value, self.host.ctypes.data,
                                        self.host.nbytes) == 0
        self.__cuda_array_interface__ = {
            "shape": self.host.shape, "typestr": self.host.dtype.str,
            "data": (self.ptr.value, False), "version": 3, "strides": None}

    def numpy(self):
        assert self.lib.mtr_synchronize() == 0, self.lib.mtr_last_error()
        out = np.empty_like(self.host)
        assert self.lib.mtr_memcpy_dtoh(out.ctypes.data, self.ptr.value,
                                        out.nbytes) == 0
        return out

    def free(self):
        self.lib.mtr_free(self.ptr.value)


def main():
    prebuilt = os.environ.get("MYTRITON_PREBUILT_CACHE")
    if prebuilt:
        os.environ["MYTRITON_CACHE_DIR"] = prebuilt
    failures = 0
    # The nvvm path is warmed with the default reduction option ("warp").
    paths = [(b, r, nw) for nw in ("32", "auto")
             for b, r in (("nvvm", "warp"), ("cuda", "warp"), ("cuda", "shared"))]
    for backend, reduction, num_warps in paths:
        os.environ["MYTRITON_BACKEND"] = backend
        os.environ["MYTRITON_NUM_WARPS"] = num_warps
        if reduction:
            os.environ["MYTRITON_CUDA_REDUCTION"] = reduction
        for name in sorted(T.CASES):
            kernel, grid, args, constexprs, expected = T.CASES[name]()
            dev = [DeviceArray(a) if isinstance(a, np.ndarray) else a
                   for a in args]
            label = (f"{backend}{'-' + reduction if backend == 'cuda' else ''}"
                     f"{'-nw' if num_warps == 'auto' else ''} {name}")
            try:
                kernel[grid](*dev, **constexprs)
                for i, want in expected.items():
                    np.testing.assert_allclose(dev[i].numpy(), want,
                                               rtol=2e-5, atol=2e-5)
                print(f"PASS {label}", flush=True)
            except Exception as e:
                failures += 1
                print(f"FAIL {label}: {str(e).splitlines()[0][:200]}",
                      flush=True)
            for d in dev:
                if isinstance(d, DeviceArray):
                    d.free()
    print(f"{failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
