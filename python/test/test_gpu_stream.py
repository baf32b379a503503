"""On a GPU with torch: launches go to torch's current stream (a side
stream, not the default one), on the tensors' device, and the kernel's
registers come from the driver. Needs the kernels in the cache on a GPU host
without the compiler (see docs/GPU.md):

    python3 python/test/test_gpu_stream.py --warm DIR      # compiler host
    MYTRITON_PREBUILT_CACHE=DIR MYTRITON_LIB_DIR=<runtime dir> \\
        python3 -m pytest -q python/test/test_gpu_stream.py  # GPU host
"""

import os
import sys

import numpy as np
import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.path.insert(0, HERE)

import kernels as K  # noqa: E402
from mytriton import _cubin, runtime  # noqa: E402

try:
    import torch
    HAS_GPU = torch.cuda.is_available()
except ImportError:  # pragma: no cover - CPU hosts
    torch, HAS_GPU = None, False

N = 1 << 20

pytestmark = [
    pytest.mark.skipif(not HAS_GPU, reason="no CUDA GPU with torch"),
    pytest.mark.skipif(not runtime.available(),
                       reason="no libMyTritonRuntime.so"),
]


@pytest.fixture(autouse=True)
def prebuilt(monkeypatch):
    if os.environ.get("MYTRITON_PREBUILT_CACHE"):
        monkeypatch.setenv("MYTRITON_CACHE_DIR",
                           os.environ["MYTRITON_PREBUILT_CACHE"])


@pytest.mark.parametrize("backend", ["nvvm", "cuda"])
def test_launch_runs_on_torchs_current_side_stream(backend):
    src = torch.randn(N, device="cuda")
    x = torch.zeros(N, device="cuda")
    out = torch.zeros(N, device="cuda")
    K.copy_kernel[(N // 1024,)](x, out, N, BLOCK=1024, backend=backend)
    torch.cuda.synchronize()
    side = torch.cuda.Stream()
    with torch.cuda.stream(side):
        torch.cuda._sleep(200_000_000)  # ~0.1 s of spinning on `side`
        x.copy_(src)                     # then the data the kernel reads
        K.copy_kernel[(N // 1024,)](x, out, N, BLOCK=1024, backend=backend)
    # The default stream has nothing queued: a launch there (the legacy
    # default stream waits for `side`) would keep it busy until `side` ends.
    assert torch.cuda.default_stream().query()
    assert not side.query()
    side.synchronize()
    assert torch.equal(out, src)


def test_registers_come_from_the_driver():
    x = torch.zeros(N, device="cuda")
    k = K.copy_kernel.warmup(x, x, N, BLOCK=1024, backend="nvvm", grid=(1,))
    in_cubin = _cubin.kernel_facts(k.asm["cubin"], k.name)
    k._init_handles()
    print(f"n_regs: cubin {in_cubin['n_regs']}, driver {k.n_regs}; "
          f"n_spills {k.n_spills}; shared {k.metadata.shared}")
    # Rounded up to the SM's allocation unit of 8 registers a thread.
    assert k.n_regs == -(-in_cubin["n_regs"] // 8) * 8 > 0
    assert k.n_regs % 8 == 0
    assert k.n_spills == in_cubin["n_spills"]
    assert k.metadata.shared == in_cubin["shared"]


def test_device_properties_match_torch():
    props = runtime.driver.active.utils.get_device_properties(0)
    t = torch.cuda.get_device_properties(0)
    assert props["multiprocessor_count"] == t.multi_processor_count
    assert props["warpSize"] == 32
    major, minor = runtime.driver.active.get_device_capability()
    assert (major, minor) == (t.major, t.minor)
    stream = torch.cuda.Stream()
    with torch.cuda.stream(stream):
        assert runtime.driver.active.get_current_stream() == \
            stream.cuda_stream


def warm(cache_dir):
    os.environ["MYTRITON_CACHE_DIR"] = cache_dir
    x = np.zeros(N, np.float32)
    for backend in ("nvvm", "cuda"):
        K.copy_kernel.warmup(x, x, N, BLOCK=1024, backend=backend)
    print("warmed test_gpu_stream.py's kernels into", cache_dir)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--warm"] and len(sys.argv) == 3:
        warm(sys.argv[2])
    else:
        sys.exit(__doc__)
