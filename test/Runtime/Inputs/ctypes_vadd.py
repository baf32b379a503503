"""Drives libMyTritonRuntime.so through ctypes, as the Python frontend does.

usage: ctypes_vadd.py <libMyTritonRuntime.so>  (driver from MYTRITON_LIBCUDA)
"""
import array
import ctypes
import sys

lib = ctypes.CDLL(sys.argv[1])
c_u64 = ctypes.c_uint64
lib.mtr_last_error.restype = ctypes.c_char_p
lib.mtr_status_name.restype = ctypes.c_char_p
lib.mtr_module_load.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.POINTER(ctypes.c_void_p)]
lib.mtr_module_get_function.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p)]
lib.mtr_module_unload.argtypes = [ctypes.c_void_p]
lib.mtr_launch.argtypes = [ctypes.c_void_p, ctypes.c_uint * 3, ctypes.c_uint * 3, ctypes.c_uint,
                           ctypes.c_void_p, ctypes.POINTER(ctypes.c_void_p), ctypes.c_size_t]
lib.mtr_malloc.argtypes = [ctypes.POINTER(c_u64), ctypes.c_size_t]
lib.mtr_free.argtypes = [c_u64]
lib.mtr_memcpy_htod.argtypes = [c_u64, ctypes.c_void_p, ctypes.c_size_t]
lib.mtr_memcpy_dtoh.argtypes = [ctypes.c_void_p, c_u64, ctypes.c_size_t]


def call(name, *args):
    status = getattr(lib, name)(*args)
    if status:
        print(f"{name}: {lib.mtr_status_name(status).decode()}: {lib.mtr_last_error().decode()}")
    return status


if call("mtr_init", 0):
    sys.exit(1)
# A "cubin" for the fake driver; bytes without a NUL, as Python holds them.
image = b"\x7fELF\x02 fake cubin"
module = ctypes.c_void_p()
assert not call("mtr_module_load", image, len(image), ctypes.byref(module))
fn = ctypes.c_void_p()
call("mtr_module_get_function", module, b"not_a_kernel", ctypes.byref(fn))
assert not call("mtr_module_get_function", module, b"vadd", ctypes.byref(fn))

n = 256
x = array.array("f", [float(i) for i in range(n)])
y = array.array("f", [2.0] * n)
out = array.array("f", [0.0] * n)
ptrs = [c_u64() for _ in range(3)]
for p in ptrs:
    assert not call("mtr_malloc", ctypes.byref(p), n * 4)
for p, host in zip(ptrs, (x, y)):
    assert not call("mtr_memcpy_htod", p, host.buffer_info()[0], n * 4)
n_arg = ctypes.c_int32(n)
values = [ptrs[0], ptrs[1], ptrs[2], n_arg]
args = (ctypes.c_void_p * 4)(*[ctypes.cast(ctypes.byref(v), ctypes.c_void_p) for v in values])
grid = (ctypes.c_uint * 3)(2, 1, 1)
block = (ctypes.c_uint * 3)(128, 1, 1)
call("mtr_launch", fn, grid, block, 0, None, args, 3)
assert not call("mtr_launch", fn, grid, block, 0, None, args, 4)
assert not call("mtr_synchronize")
assert not call("mtr_memcpy_dtoh", out.buffer_info()[0], ptrs[2], n * 4)
wrong = sum(1 for i in range(n) if out[i] != x[i] + y[i])
print(f"vadd from Python: {wrong} wrong of {n}, out[{n - 1}]={out[n - 1]}")
for p in ptrs:
    call("mtr_free", p)
call("mtr_module_unload", module)
