"""Issue 19's run on a host with two GPUs (docs/GPU.md, "Two GPUs"):

    python3 python/test/two_gpus.py devices       # every seed kernel on cuda:0 and cuda:1
    python3 python/test/two_gpus.py distributed   # two NCCL ranks, a softmax each, all-reduced

`devices`: every seed kernel of test_execution.py (both routes) launched
with its tensors on cuda:0, then cuda:1, then cuda:0 and cuda:1 again in one
process, the current device left at cuda:0 throughout, each result checked
against the kernel's reference and required to stay on its device; then a
launch whose tensors are on both devices must be refused with a message
naming them. `distributed`: two processes (torch.multiprocessing, NCCL with
NVLink multicast off), each runs test_execution.py's softmax with its own
data on its own GPU, the ranks all-reduce the results, and the sum must
equal the all-reduced torch.softmax of the same data.

Kernels come from the cache as on any GPU host without the compiler
(MYTRITON_PREBUILT_CACHE; scripts/gpu-bundle.sh warms test_execution.py,
whose launches these are). Exit status 0 when every check passes; 2, with a
plain message, on a host without two GPUs.
"""

import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, ".."))

from mytriton import ArgumentError  # noqa: E402
import test_execution as E  # noqa: E402


def _torch_with_two_gpus():
    try:
        import torch
    except ImportError:
        print("two_gpus.py needs torch with CUDA; torch is not installed",
              file=sys.stderr)
        sys.exit(2)
    count = torch.cuda.device_count() if torch.cuda.is_available() else 0
    if count < 2:
        print(f"two_gpus.py needs two CUDA devices; this host has {count}",
              file=sys.stderr)
        sys.exit(2)
    return torch


def _use_prebuilt_cache():
    prebuilt = os.environ.get("MYTRITON_PREBUILT_CACHE")
    if prebuilt:
        os.environ["MYTRITON_CACHE_DIR"] = prebuilt


def _launch(torch, name, device, backend):
    """One seed kernel with its tensors on `device`: (ok, what happened)."""
    kernel, grid, args, constexprs, expected = E.CASES[name]()
    tensors = [torch.from_numpy(a).to(device) if isinstance(a, np.ndarray)
               else a for a in args]
    kernel[grid](*tensors, backend=backend, **constexprs)
    torch.cuda.synchronize(device)
    for index, want in expected.items():
        got = tensors[index]
        if got.device != torch.device(device):
            return False, f"output moved to {got.device}"
        error = float(np.max(np.abs(got.cpu().numpy() - want)))
        if not np.allclose(got.cpu().numpy(), want, rtol=2e-5, atol=2e-5):
            return False, f"max error {error:.3g}"
    return True, "ok"


def devices():
    torch = _torch_with_two_gpus()
    _use_prebuilt_cache()
    torch.cuda.set_device(0)
    failures = 0
    for backend in ("nvvm", "cuda"):
        for name in sorted(E.CASES):
            for device in ("cuda:0", "cuda:1", "cuda:0", "cuda:1"):
                ok, what = _launch(torch, name, device, backend)
                failures += not ok
                current = torch.cuda.current_device()
                if current != 0:
                    failures += 1
                    what += f"; the current device changed to {current}"
                print(f"{backend:5} {name:20} {device}: {what}")
    # One launch, tensors on two devices: refused before anything runs.
    kernel, grid, args, constexprs, _ = E.CASES["vector_add"]()
    x = torch.from_numpy(args[0]).to("cuda:0")
    y = torch.from_numpy(args[1]).to("cuda:1")
    out = torch.zeros_like(x)
    try:
        kernel[grid](x, y, out, *args[3:], **constexprs)
        print("mixed devices: launched, not refused")
        failures += 1
    except ArgumentError as e:
        print(f"mixed devices: refused: {e}")
    print(f"{failures} failed")
    return 1 if failures else 0


def _rank(rank, world, port, results):
    import torch
    import torch.distributed as dist
    os.environ["NCCL_NVLS_ENABLE"] = "0"
    _use_prebuilt_cache()
    torch.cuda.set_device(rank)
    dist.init_process_group("nccl", init_method=f"tcp://127.0.0.1:{port}",
                            rank=rank, world_size=world)
    kernel, grid, args, constexprs, _ = E.CASES["softmax"]()
    device = f"cuda:{rank}"
    # Each rank its own data, of the one shape the cache holds.
    x = torch.from_numpy(args[0]).to(device) * (rank + 1)
    out = torch.zeros_like(x)
    kernel[grid](x, out, *args[2:], **constexprs)
    want = torch.softmax(x, dim=1)
    dist.all_reduce(out)
    dist.all_reduce(want)
    torch.cuda.synchronize(device)
    error = (out - want).abs().max().item()
    results[rank] = error
    dist.destroy_process_group()


def distributed():
    _torch_with_two_gpus()
    import socket
    import torch.multiprocessing as mp
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    results = mp.Manager().dict()
    mp.spawn(_rank, args=(2, port, results), nprocs=2, join=True)
    failures = 0
    for rank in range(2):
        error = results.get(rank)
        ok = error is not None and error <= 2e-6
        failures += not ok
        print(f"rank {rank}: all-reduced MyTriton softmax against all-reduced "
              f"torch.softmax: max error {error} ({'ok' if ok else 'FAILED'})")
    print(f"{failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    modes = {"devices": devices, "distributed": distributed}
    if len(sys.argv) != 2 or sys.argv[1] not in modes:
        sys.exit(__doc__)
    sys.exit(modes[sys.argv[1]]())
