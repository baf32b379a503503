"""GPU check of the TMA ops' lowering (test/Conversion/TTToGPU/tiled/tma.mlir):
the kernel there copies a 64x128 box of a tensor map with
tt.async_tma_copy_global_to_local (two 64x64 pieces, 128-byte swizzled),
waits on its mbarrier, reads the tile back through the #tt.shared layout and
stores it. Against torch, at coordinates inside the tensor, across its end
(TMA's zero fill) and at negative coordinates (zeros too).

    # build machine
    benchmarks/probes/build_tma_tile.sh .device/tma-tile
    # GPU host (torch, cupy)
    PYTHONPATH=$PWD/python python3 benchmarks/probes/tma_tile_check.py .device/tma-tile
    # the same with the runtime's mtr_tensor_map_encode
    TMA_RUNTIME=$PWD/build/lib/libMyTritonRuntime.so PYTHONPATH=... (as above)
"""
import ctypes
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))


def main(directory):
    import cupy as cp
    import torch
    from probe_cubins_matmul import tensor_map
    cuda = ctypes.CDLL("libcuda.so.1")
    module = cp.RawModule(path=os.path.join(directory, "tma_tile.cubin"))
    fn = module.get_function("tma_tile")
    shared = int(open(os.path.join(directory, "shared_bytes")).read())
    src = torch.randn(256, 512, device="cuda").to(torch.float16)
    failures = 0
    # The innermost coordinate is a multiple of 16 bytes: at column 500
    # (1000 bytes) the copy is an illegal instruction (found here, on the
    # H200), so TensorMapAccess requires that start to be proven aligned.
    runtime = os.environ.get("TMA_RUNTIME")  # libMyTritonRuntime.so's path

    def encode():
        if not runtime:
            return tensor_map(src, 64, by_value=True, cols=64)
        # The runtime's encoder: innermost first, the row stride in bytes.
        lib = ctypes.CDLL(runtime)
        storage = (ctypes.c_uint8 * 192)()
        address = (ctypes.addressof(storage) + 63) // 64 * 64
        u64, u32 = ctypes.c_uint64, ctypes.c_uint32
        status = lib.mtr_tensor_map_encode(
            ctypes.c_void_p(address), 2, u64(src.data_ptr()), 2,
            (u64 * 2)(512, 256), (u64 * 1)(1024), (u32 * 2)(64, 64), 128)
        assert status == 0, lib.mtr_last_error
        return (ctypes.c_uint8 * 128).from_buffer_copy(
            ctypes.string_at(address, 128))

    print("tensor maps from", runtime or "cuTensorMapEncodeTiled directly")
    for row, col in [(0, 0), (100, 200), (224, 448), (250, 504), (-8, -16),
                     (300, 0), (3, 8), (255, -56)]:
        out = torch.full((64, 128), -1.0, device="cuda", dtype=torch.float16)
        values = [encode(),
                  ctypes.c_uint64(out.data_ptr()), ctypes.c_int32(row),
                  ctypes.c_int32(col), ctypes.c_int32(1), ctypes.c_int32(1),
                  ctypes.c_int32(1)]
        params = (ctypes.c_void_p * len(values))(
            *[ctypes.cast(ctypes.pointer(v), ctypes.c_void_p) for v in values])
        rc = cuda.cuLaunchKernel(ctypes.c_void_p(fn.kernel.ptr), 1, 1, 1, 128, 1, 1,
                                 shared, None, params, None)
        assert rc == 0, f"cuLaunchKernel: CUresult {rc}"
        torch.cuda.synchronize()
        want = torch.zeros(64, 128, device="cuda", dtype=torch.float16)
        r0, r1 = max(row, 0), min(row + 64, 256)
        c0, c1 = max(col, 0), min(col + 128, 512)
        if r0 < r1 and c0 < c1:
            want[r0 - row:r1 - row, c0 - col:c1 - col] = src[r0:r1, c0:c1]
        ok = torch.equal(out, want)
        failures += not ok
        print(f"box at ({row}, {col}): {'ok' if ok else 'WRONG'}"
              + ("" if ok else f" ({(out != want).sum().item()} elements differ)"))
    print("tma_tile: all ok" if not failures else f"tma_tile: {failures} wrong")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
