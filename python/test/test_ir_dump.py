"""MLIR_ENABLE_DUMP (as in Triton): the in-process compiles print the module
after every pass to stderr; a kernel name limits it to that kernel."""

import os
import subprocess
import sys
import textwrap

import pytest

from conftest import requires_compiler

HERE = os.path.dirname(os.path.abspath(__file__))

# One launch on numpy arrays (the C API's tt-optimize and gpu/nvvm route, then
# the CPU route) and one PTX-only compile, with the disk cache off so that
# every run compiles.
SCRIPT = textwrap.dedent("""
    import numpy as np
    import mytriton as triton
    import mytriton.language as tl
    from mytriton import compiler

    @triton.jit
    def add_one(x, out, n, BLOCK: tl.constexpr):
        offs = tl.arange(0, BLOCK)
        mask = offs < n
        tl.store(out + offs, tl.load(x + offs, mask=mask) + 1.0, mask=mask)

    x = np.arange(8, dtype=np.float32)
    y = np.empty_like(x)
    add_one[(1,)](x, y, 8, BLOCK=8)
    assert (y == x + 1).all()
    ir = add_one.trace(("ptr<f32>", "ptr<f32>", "i32"), {"BLOCK": 8})[0]
    result = compiler.compile_ir(ir, "artifacts=ptx")
    assert "ptx" in result.artifacts, result
""")


def run(dump, tmp_path):
    env = dict(os.environ)
    env.pop("MLIR_ENABLE_DUMP", None)
    if dump is not None:
        env["MLIR_ENABLE_DUMP"] = dump
    env["MYTRITON_DISABLE_DISK_CACHE"] = "1"
    env["MYTRITON_CACHE_DIR"] = str(tmp_path / "cache")
    env["PYTHONPATH"] = os.pathsep.join(
        [os.path.dirname(HERE)] + env.get("PYTHONPATH", "").split(os.pathsep))
    done = subprocess.run([sys.executable, "-c", SCRIPT], env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stderr


def dumps_after(stderr, pass_name):
    return stderr.count(f"IR Dump After {pass_name}")


@requires_compiler
def test_dump_after_every_pass_of_every_route(tmp_path):
    stderr = run("1", tmp_path)
    # tt-optimize runs in the C API, on the CPU route and on the gpu route.
    assert dumps_after(stderr, "Canonicalizer (canonicalize)") >= 4
    assert dumps_after(stderr, "ArithIntRangeOpts (int-range-optimizations)") >= 3
    assert dumps_after(stderr, "ConvertTTToVector") == 1
    assert dumps_after(stderr, "ConvertFuncToLLVMPass") == 1
    assert dumps_after(stderr, "ConvertTTToGPU") >= 1
    assert dumps_after(stderr, "ConvertGpuOpsToNVVMOps") >= 1
    assert dumps_after(stderr, "ReconcileUnrealizedCastsPass") >= 2
    # Each dump is the whole module, so the kernel shows in every form.
    assert "tt.func @add_one" in stderr
    assert "gpu.func @add_one" in stderr or "llvm.func @add_one" in stderr


@requires_compiler
@pytest.mark.parametrize("dump", [None, "", "0", "some_other_kernel"])
def test_no_dump_unless_asked_for_this_kernel(dump, tmp_path):
    assert "IR Dump" not in run(dump, tmp_path)


@requires_compiler
def test_dump_of_one_kernel_by_name(tmp_path):
    stderr = run("add_one", tmp_path)
    assert dumps_after(stderr, "ConvertTTToGPU") >= 1
    assert dumps_after(stderr, "ConvertTTToVector") == 1
