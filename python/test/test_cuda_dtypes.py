"""The CUDA C++ route's compile step for kernels of every element type:
the emitted source includes cuda_fp16.h / cuda_bf16.h, which NVRTC (no
search path of its own) must find. Needs no GPU: compiles to PTX and a
cubin for sm_90 only. The GPU runs of every dtype through both routes are
in test_gpu_dtypes.py."""

import os

import pytest

from conftest import run_tool  # first: puts python/ on sys.path
from mytriton import cuda_compile

KERNEL = """
tt.func @dtypes(%h: !tt.ptr<f16>, %b: !tt.ptr<bf16>, %d: !tt.ptr<f64>,
                %q: !tt.ptr<i64>, %c: !tt.ptr<i8>) attributes {block_size = 128 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %hs = tt.splat %h : !tt.ptr<f16> -> tensor<128x!tt.ptr<f16>>
  %hp = tt.addptr %hs, %r : tensor<128x!tt.ptr<f16>>, tensor<128xi32>
  %x = tt.load %hp : tensor<128x!tt.ptr<f16>>
  %x2 = arith.mulf %x, %x : tensor<128xf16>
  %xf = arith.extf %x2 : tensor<128xf16> to tensor<128xf32>
  %xb = arith.truncf %xf toward_zero : tensor<128xf32> to tensor<128xbf16>
  %bs = tt.splat %b : !tt.ptr<bf16> -> tensor<128x!tt.ptr<bf16>>
  %bp = tt.addptr %bs, %r : tensor<128x!tt.ptr<bf16>>, tensor<128xi32>
  tt.store %bp, %xb : tensor<128x!tt.ptr<bf16>>
  %s = tt.reduce sum %x2 : tensor<128xf16> -> f16
  tt.store %h, %s : !tt.ptr<f16>
  %sd = arith.extf %s : f16 to f64
  tt.store %d, %sd : !tt.ptr<f64>
  %i = arith.fptosi %sd : f64 to i64
  %m = tt.reduce max %r : tensor<128xi32> -> i32
  %m8 = arith.trunci %m : i32 to i8
  tt.store %c, %m8 : !tt.ptr<i8>
  tt.store %q, %i : !tt.ptr<i64>
  tt.return
}
"""


def _translate():
    lib = os.environ.get("MYTRITON_LIB_DIR", "")
    tool = os.path.join(lib, os.pardir, "bin", "mytriton-translate")
    if not lib or not os.path.exists(tool):
        pytest.skip("needs mytriton-translate next to $MYTRITON_LIB_DIR")
    done = run_tool([tool, "--emit-cuda"], KERNEL)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_half_kernels_include_the_cuda_headers():
    source = _translate()
    assert "#include <cuda_fp16.h>" in source
    assert "#include <cuda_bf16.h>" in source
    assert "long long" in source and "double" in source


def test_half_kernels_compile_for_sm90():
    if cuda_compile.available() is None:
        pytest.skip("needs NVRTC or nvcc")
    ptx, cubin = cuda_compile.compile_cuda(_translate(), "dtypes", "sm_90")
    assert ".visible .entry dtypes" in ptx
    assert len(cubin) > 0


def test_missing_headers_are_a_clear_error(monkeypatch):
    if cuda_compile._load_nvrtc() is None:
        pytest.skip("needs NVRTC")
    monkeypatch.setattr(cuda_compile, "_include_dirs", lambda: [])
    with pytest.raises(cuda_compile.CUDACompileError,
                       match="uses float16 or bfloat16.*set CUDA_HOME"):
        cuda_compile.compile_cuda(_translate(), "dtypes", "sm_90")


def test_kernels_without_halves_need_no_include_path(monkeypatch):
    if cuda_compile.available() is None:
        pytest.skip("needs NVRTC or nvcc")
    monkeypatch.setattr(cuda_compile, "_include_dirs", lambda: [])
    source = ('extern "C" __global__ void k(float* p) { p[0] = 1.0f; }\n')
    ptx, _ = cuda_compile.compile_cuda(source, "k", "sm_90")
    assert ".visible .entry k" in ptx


