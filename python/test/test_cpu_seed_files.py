"""The seed kernels exactly as test/Dialect/TT/kernels/*.mlir spell them (fixed
block sizes: 256 elementwise, 8 per row, 4 for matmul and long-row sum), run
on the CPU backend after tt-optimize and checked against numpy."""

import pathlib
import sys

import numpy as np
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "python"))
from mytriton.backends.cpu import run_on_cpu  # noqa: E402

KERNELS = ROOT / "test" / "Dialect" / "TT" / "kernels"
RNG = np.random.default_rng(7)


def source(name):
    return (KERNELS / f"{name}.mlir").read_text()


def rand(*shape):
    x = RNG.standard_normal(shape).astype(np.float32)
    flat = x.reshape(-1)
    flat[:3] = [np.nan, np.inf, -np.inf][: flat.size]
    return x


def cdiv(a, b):
    return (a + b - 1) // b


ELEMENTWISE = {
    "copy": ("copy_kernel", lambda x: x),
    "relu": ("relu_kernel", lambda x: np.fmax(x, np.float32(0))),
    "leaky_relu": ("leaky_relu_kernel",
                   lambda x: np.where(x > 0, x, np.float32(0.01) * x)),
    "sigmoid": ("sigmoid_kernel", lambda x: 1 / (1 + np.exp(-x))),
}


@pytest.mark.parametrize("file", sorted(ELEMENTWISE))
@pytest.mark.parametrize("n", [1, 255, 256, 700])
def test_elementwise_file(file, n):
    kernel, ref = ELEMENTWISE[file]
    x = rand(n)
    out = np.full(n + 1, 5.0, dtype=np.float32)
    run_on_cpu(source(file), kernel, (cdiv(n, 256),), [x, out, n])
    with np.errstate(all="ignore"):
        expected = ref(x).astype(np.float32)
    np.testing.assert_allclose(out[:n], expected, rtol=1e-5, equal_nan=True)
    assert out[n] == 5.0


@pytest.mark.parametrize("n", [1, 256, 1000])
def test_vector_add_file(n):
    x, y = rand(n), rand(n)
    out = np.zeros(n, dtype=np.float32)
    run_on_cpu(source("vector_add"), "add_kernel", (cdiv(n, 256),),
               [x, y, out, n])
    with np.errstate(invalid="ignore"):
        np.testing.assert_allclose(out, x + y, equal_nan=True)


@pytest.mark.parametrize("shape", [(1, 1), (3, 256), (5, 300)])
def test_matrix_add_file(shape):
    x, y = rand(*shape), rand(*shape)
    out = np.zeros(shape, dtype=np.float32)
    run_on_cpu(source("matrix_add"), "matrix_add_kernel",
               (shape[0], cdiv(shape[1], 256)), [x, y, out, shape[1]])
    with np.errstate(invalid="ignore"):
        np.testing.assert_allclose(out, x + y, equal_nan=True)


@pytest.mark.parametrize("kind,fill,op", [
    ("sum", 0.0, np.add), ("max", -np.inf, np.fmax), ("min", np.inf, np.fmin)])
@pytest.mark.parametrize("n_cols", [1, 5, 8])
def test_row_reduction_files(kind, fill, op, n_cols):
    x = RNG.standard_normal((6, n_cols)).astype(np.float32)
    x[1, 0] = np.nan
    x[2, :] = np.nan
    x[3, -1] = np.inf
    out = np.zeros(6, dtype=np.float32)
    run_on_cpu(source(f"row_{kind}"), f"row_{kind}_kernel", (6,),
               [x, out, n_cols])
    padded = np.full((6, 8), fill, dtype=np.float32)
    padded[:, :n_cols] = x
    with np.errstate(invalid="ignore"):
        expected = op.reduce(padded, axis=1)
    np.testing.assert_allclose(out, expected, rtol=1e-5, equal_nan=True)


@pytest.mark.parametrize("n_cols", [1, 3, 8])
def test_softmax_file(n_cols):
    x = RNG.standard_normal((4, n_cols)).astype(np.float32)
    x[0, :min(3, n_cols)] = [1000, 1001, 999][:n_cols]
    out = np.zeros_like(x)
    run_on_cpu(source("softmax"), "softmax_kernel", (4,), [x, out, n_cols])
    e = np.exp(x - x.max(axis=1, keepdims=True))
    np.testing.assert_allclose(out, e / e.sum(axis=1, keepdims=True),
                               rtol=1e-5, atol=1e-7)


def test_long_row_sum_file():
    """N_COLS = 10 > BLOCK = 4: three unrolled chunks per row."""
    x = RNG.standard_normal((5, 10)).astype(np.float32)
    out = np.zeros(5, dtype=np.float32)
    run_on_cpu(source("long_row_sum"), "long_row_sum_kernel", (5,), [x, out])
    np.testing.assert_allclose(out, x.sum(axis=1), rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("n", [1, 4, 9])
def test_naive_matmul_file(n):
    """K = 3 unrolled, BLOCK = 4 columns per program, 2-D grid."""
    a = RNG.standard_normal((3, 3)).astype(np.float32)
    b = RNG.standard_normal((3, n)).astype(np.float32)
    c = np.zeros((3, n), dtype=np.float32)
    run_on_cpu(source("naive_matmul"), "naive_matmul_kernel",
               (3, cdiv(n, 4)), [a, b, c, n])
    np.testing.assert_allclose(c, a @ b, rtol=1e-5, atol=1e-6)
