"""Triton's surface: helpers, launching, warmup, grids, asm, backends, the
CPU hook, and the compiler C API seen from Python."""

import sys
import warnings

import numpy as np
import pytest

import kernels as K
import mytriton as triton
import mytriton.language as tl
from mytriton import cache, compiler
from mytriton.jit import JITFunction
from conftest import requires_compiler

try:
    from mytriton.backends.cpu import run_on_cpu  # noqa: F401
    HAS_CPU_BACKEND = True
except ImportError:
    HAS_CPU_BACKEND = False


def f32(*shape):
    return np.zeros(shape, np.float32)


def test_helpers():
    assert triton.cdiv(10, 4) == 3 and triton.cdiv(8, 4) == 2
    assert [triton.next_power_of_2(n) for n in (0, 1, 2, 3, 5, 1000, 1024)] \
        == [1, 1, 2, 4, 8, 1024, 1024]


def test_constexpr_annotations():
    @triton.jit
    def k(x, A: tl.constexpr, B: "tl.constexpr", c=3):
        tl.store(x, A + B + c)

    assert k.constexprs == {"A", "B"}
    ir = k.trace(("ptr<i32>", "i32"), {"A": 1, "B": 2})[0]
    # A + B is Python arithmetic on constants: one i32 constant 3 in the IR.
    assert "arith.constant 3 : i32" in ir and "%c: i32" in ir


@requires_compiler
def test_asm_holds_every_stage_or_says_why():
    kernel = JITFunction(K.softmax_kernel.fn).warmup(f32(4, 6), f32(4, 6), 6,
                                                    BLOCK=8)
    assert kernel.asm["ttir-traced"].startswith("tt.func @softmax_kernel")
    assert "loc(" in kernel.asm["ttir-traced"]
    assert "tt.reduce" in kernel.asm["ttir"]
    for stage in ("cuda", "ptx", "cubin"):
        assert stage in kernel.asm or "backend not built" in \
            kernel.backend_errors[stage], kernel.backend_errors
    if "cubin" in kernel.asm:
        assert kernel.asm["cubin"][:4] == b"\x7fELF"
        # The LLVM IR the cubin was made from, after the NVPTX optimization.
        assert "define ptx_kernel void @softmax_kernel(" in kernel.asm["llir"]
        assert 'target triple = "nvptx64-nvidia-cuda"' in kernel.asm["llir"]
    if "ptx" in kernel.asm:
        assert ".entry softmax_kernel" in kernel.asm["ptx"]


@requires_compiler
def test_backend_choice(monkeypatch):
    monkeypatch.setenv("MYTRITON_BACKEND", "cuda")
    kernel = JITFunction(K.copy_kernel.fn).warmup(f32(8), f32(8), 8, BLOCK=8)
    assert kernel.backend == "cuda"
    assert "ptx" not in kernel.backend_errors or "cuda" in kernel.asm
    if "cuda" not in kernel.asm:
        assert "no CUDA source" in kernel.backend_errors["cubin"]
    monkeypatch.delenv("MYTRITON_BACKEND")
    nvvm = JITFunction(K.copy_kernel.fn).warmup(f32(8), f32(8), 8, BLOCK=8)
    assert nvvm.backend == "nvvm" and nvvm.cache_key != kernel.cache_key
    explicit = JITFunction(K.copy_kernel.fn).warmup(f32(8), f32(8), 8, BLOCK=8,
                                                    backend="cuda")
    assert explicit.backend == "cuda"
    with pytest.raises(triton.LaunchError, match="unknown backend 'ptx'"):
        K.copy_kernel.warmup(f32(8), f32(8), 8, BLOCK=8, backend="ptx")


@requires_compiler
def test_jit_backend_option():
    kernel = triton.jit(backend="cuda")(K.copy_kernel.fn)
    assert kernel.warmup(f32(8), f32(8), 8, BLOCK=8).backend == "cuda"


@requires_compiler
@pytest.mark.skipif(HAS_CPU_BACKEND, reason="the CPU path exists")
def test_numpy_launch_compiles_and_says_it_did_not_run():
    x = np.arange(8, dtype=np.float32)
    out = f32(8)
    with pytest.warns(triton.MyTritonWarning,
                      match="CPU execution path not built yet"):
        kernel = K.copy_kernel[(1,)](x, out, 8, BLOCK=8)
    assert isinstance(kernel, triton.CompiledKernel)
    assert not out.any()


@requires_compiler
def test_grid_forms_and_meta():
    seen = []

    def grid(meta):
        seen.append(meta)
        return (triton.cdiv(meta["n_elements"], meta["BLOCK_SIZE"]),)

    kernel = JITFunction(K.add_kernel.fn)
    x = f32(100)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", triton.MyTritonWarning)
        for g in (grid, 4, (4,), [4, 1], (4, 1, 1)):
            kernel[g](x, x, x, 100, BLOCK_SIZE=32, num_warps=4)
        # An empty grid launches nothing (as in Triton) and does not warn.
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            kernel[(0,)](x, x, x, 100, BLOCK_SIZE=32, num_warps=4)
    assert seen[0]["BLOCK_SIZE"] == 32 and seen[0]["n_elements"] == 100
    assert cache.stats["compiles"] == 1 and cache.stats["memory_hits"] == 5


@requires_compiler
def test_tutorial_softmax_launch_signature():
    x = f32(4, 6)
    y = f32(4, 6)
    kernel = K.tutorial_softmax_kernel.warmup(
        y, x, x.strides[0] // 4, y.strides[0] // 4, 6, num_warps=4,
        BLOCK_SIZE=triton.next_power_of_2(6), grid=(4,))
    assert kernel.signature == ["*fp32", "*fp32", "i32", "i32", "i32"]
    assert kernel.param_names == ["output_ptr", "input_ptr",
                                  "input_row_stride", "output_row_stride",
                                  "n_cols"]


@requires_compiler
def test_compiler_c_api_diagnostics():
    result = compiler.compile_ir(
        'tt.func @k() attributes {block_size = 3000 : i32} {\n'
        '  tt.return\n} loc("user.py":7:5)\n', "artifacts=")
    assert result.status == compiler.STATUS_IR
    (diag,) = [d for d in result.diagnostics if d.severity == "error"]
    assert (diag.filename, diag.line, diag.col) == ("user.py", 7, 5)
    assert "block size 3000" in diag.message

    result = compiler.compile_ir("tt.func @k(", "artifacts=")
    assert result.status == compiler.STATUS_IR and result.diagnostics

    result = compiler.compile_ir("", "bogus=1")
    assert result.status == compiler.STATUS_ARGUMENT
    assert "unknown option 'bogus'" in result.diagnostics[0].message

    result = compiler.compile_ir("", "fp-fusion=yes")
    assert result.status == compiler.STATUS_ARGUMENT
    assert "fp-fusion must be 0 or 1, got 'yes'" in \
        result.diagnostics[0].message

    result = compiler.compile_ir(
        'tt.func @k() attributes {block_size = 1 : i32} {\n  tt.return\n}\n',
        "artifacts=")
    assert result.status == compiler.STATUS_OK
    assert result.artifacts["kernel-name"] == "k"
    assert "cuda" not in result.errors  # not requested, so not an error


@requires_compiler
def test_compiler_c_api_refuses_stray_kernels_and_ops():
    # A kernel in a nested module and a tt op outside a kernel used to
    # compile to nothing with status OK; both are IR errors at the op.
    nested = ('module {\n  module @inner {\n'
              '    tt.func @k() attributes {block_size = 1 : i32} {\n'
              '      tt.return\n    } loc("user.py":3:5)\n  }\n}\n')
    result = compiler.compile_ir(nested, "artifacts=cuda,ptx,cubin")
    assert result.status == compiler.STATUS_IR
    (diag,) = [d for d in result.diagnostics if d.severity == "error"]
    assert (diag.filename, diag.line) == ("user.py", 3)
    assert "nested in the top-level module" in diag.message
    assert "kernel-name" not in result.artifacts

    outside = '%0 = tt.get_program_id 0 : i32 loc("user.py":9:1)\n'
    result = compiler.compile_ir(outside, "artifacts=cuda")
    assert result.status == compiler.STATUS_IR
    (diag,) = [d for d in result.diagnostics if d.severity == "error"]
    assert (diag.filename, diag.line) == ("user.py", 9)
    assert "outside a tt.func" in diag.message


@requires_compiler
def test_compiler_version_names_backends():
    version = compiler.version()
    assert version.startswith(triton.__version__)
    assert "cuda-emitter=" in version and "ptx-target=" in version


@requires_compiler
def test_settings_are_read_at_every_launch(monkeypatch):
    # The launch path reads MYTRITON_* through jit._getenv, which skips
    # os.environ.get's machinery; a change between two launches of one
    # kernel must still take effect.
    kernel = JITFunction(K.copy_kernel.fn)
    monkeypatch.setenv("MYTRITON_BACKEND", "cuda")
    assert kernel.warmup(f32(8), f32(8), 8, BLOCK=8).backend == "cuda"
    monkeypatch.setenv("MYTRITON_BACKEND", "nvvm")
    assert kernel.warmup(f32(8), f32(8), 8, BLOCK=8).backend == "nvvm"
    monkeypatch.delenv("MYTRITON_BACKEND")
    assert kernel.warmup(f32(8), f32(8), 8, BLOCK=8).backend == "nvvm"
    monkeypatch.setenv("MYTRITON_NUM_WARPS", "0")
    with pytest.raises(triton.LaunchError, match="num_warps=0"):
        kernel.warmup(f32(8), f32(8), 8, BLOCK=8)


def test_getenv_follows_os_environ(monkeypatch):
    # mytriton.jit the module (the package's `jit` attribute is the
    # decorator).
    getenv = sys.modules[JITFunction.__module__]._getenv
    monkeypatch.setenv("MYTRITON_TEST_SETTING", "caf\u00e9")
    assert getenv("MYTRITON_TEST_SETTING") == "caf\u00e9"
    monkeypatch.delenv("MYTRITON_TEST_SETTING")
    assert getenv("MYTRITON_TEST_SETTING", "unset") == "unset"
