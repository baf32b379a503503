"""Writes the tt IR that MyTriton traces for Triton's tutorial 03 kernel
(python/test/tutorial_kernels.py: 128x256x64 tiles, GROUP_SIZE_M 8, 8 warps,
3 stages) with a and b in DTYPE (float16 or bfloat16), for
benchmarks/probes/build_tmapipe.sh:

    MYTRITON_LIB_DIR=$PWD/build/lib PYTHONPATH=$PWD/python \\
      /usr/bin/python3 benchmarks/probes/dump_tutorial03_ttir.py bfloat16 out.mlir
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..",
                                "python", "test"))
import test_dot  # noqa: E402
import tutorial_kernels  # noqa: E402


def main(dtype, path):
    a, b = np.random.rand(512, 512), np.random.rand(512, 512)
    _, args, _ = test_dot.tutorial_matmul(a, b, dtype)
    kernel = tutorial_kernels.matmul_kernel.fn.warmup(
        *args, grid=(4,), backend="nvvm", ACTIVATION="", BLOCK_SIZE_M=128,
        BLOCK_SIZE_N=256, BLOCK_SIZE_K=64, GROUP_SIZE_M=8, num_warps=8,
        num_stages=3)
    with open(path, "w") as f:
        f.write(kernel.asm["ttir"])


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
