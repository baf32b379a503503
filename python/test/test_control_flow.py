"""Runtime control flow (issue 15, points 1, 2 and 5): `for` over traced
bounds (Python `range` and `tl.range`) as scf.for with loop-carried scalars
and tensors, `while` as scf.while, `if`/`elif`/`else`, `a if c else b` and
early returns on traced scalars as scf.if, and @jit helpers holding loops,
run against numpy on the CPU and, where a GPU is present, through both GPU
backends; Triton's tutorial 02 and 05 kernels run unchanged; misuse is an
error at the user's line.

A GPU host without the compiler library runs the GPU tests from a cache
filled elsewhere:

    python3 python/test/test_control_flow.py --warm /path/to/cache
    MYTRITON_PREBUILT_CACHE=/path/to/cache MYTRITON_LIB_DIR=<runtime dir> \\
        python3 -m pytest python/test/test_control_flow.py
"""

import functools
import inspect
import os
import re
import subprocess
import sys
import textwrap

import numpy as np
import pytest

from conftest import requires_compiler, run_tool  # first: puts python/ on sys.path
import mytriton as triton
import mytriton.language as tl
from mytriton import CompilationError, compiler, runtime
from located import assert_at, line_of, trace_error
from test_execution import GPU, HAS_CPU, _to_host, launch_on_gpu
import tutorial_kernels as T

rng = np.random.default_rng(15)
HERE = os.path.dirname(os.path.abspath(__file__))


def rand(*shape):
    return rng.standard_normal(shape).astype(np.float32)


def zeros(*shape, dtype=np.float32):
    return np.zeros(shape, dtype)


def _scf_supported() -> bool:
    """Whether the compiler library parses scf (branch cf-ir)."""
    if not compiler.available():
        return False
    text = ("tt.func @probe(%n: i32) attributes {block_size = 1 : i32} {\n"
            "  %c0 = arith.constant 0 : i32\n  %c1 = arith.constant 1 : i32\n"
            "  scf.for %i = %c0 to %n step %c1 : i32 {\n  }\n  tt.return\n}\n")
    return compiler.compile_ir(text, "artifacts=").status == compiler.STATUS_OK


requires_scf = pytest.mark.skipif(
    not _scf_supported(), reason="the compiler library does not accept scf "
    "ops yet (needs the cf-ir branch)")
HAS_NUM_PROGRAMS = hasattr(tl, "num_programs")


# -- kernels ------------------------------------------------------------------
@triton.jit
def row_sums_kernel(x, sums, counts, n_cols, BLOCK: tl.constexpr):
    # A loop-carried 1-D tensor and a Python int carried as an int32.
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros((BLOCK,), tl.float32)
    count = 0
    for start in range(0, n_cols, BLOCK):
        cols = start + offs
        acc += tl.load(x + row * n_cols + cols, mask=cols < n_cols, other=0.0)
        count += 1
    tl.store(sums + row, tl.sum(acc))
    tl.store(counts + row, count)


@triton.jit
def advancing_copy_kernel(x, out, n, BLOCK: tl.constexpr):
    # Loop-carried tensors of pointers: `ptrs += BLOCK`.
    offs = tl.arange(0, BLOCK)
    src = x + offs
    dst = out + offs
    for i in range(0, n, BLOCK):
        mask = i + offs < n
        tl.store(dst, tl.load(src, mask=mask) * 2.0, mask=mask)
        src += BLOCK
        dst += BLOCK


@triton.jit
def nested_kernel(x, out, M, N, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    total = 0
    for i in range(M):
        acc = tl.zeros((BLOCK,), tl.float32)
        for j in range(0, N, BLOCK):
            acc += tl.load(x + i * N + j + offs, mask=j + offs < N, other=0.0)
        for k in range(i):
            total += k
        tl.store(out + i, tl.sum(acc))
    tl.store(out + M, total)


@triton.jit
def descending_kernel(x, out, n, STEP: tl.constexpr):
    # range(n - 1, -1, STEP) with a negative constexpr step: out[j] is the
    # j-th element visited.
    j = 0
    for i in range(n - 1, -1, STEP):
        tl.store(out + j, tl.load(x + i))
        j += 1
    tl.store(out + n, j)


@triton.jit
def strided_rows_kernel(x, out, n_rows, n_cols, PROGRAMS: tl.constexpr,
                        BLOCK: tl.constexpr, STAGES: tl.constexpr):
    cols = tl.arange(0, BLOCK)
    for row in tl.range(tl.program_id(0), n_rows, PROGRAMS, num_stages=STAGES,
                        loop_unroll_factor=2):
        v = tl.load(x + row * n_cols + cols, mask=cols < n_cols, other=0.0)
        tl.store(out + row, tl.max(v))


@triton.jit
def constant_trip_kernel(out, TRIPS: tl.constexpr):
    # tl.range over compile-time bounds is a loop too (Triton's meaning).
    total = 0.0
    for i in tl.range(0, TRIPS):
        total += i * 0.5
    tl.store(out, total)


@triton.jit
def tile_accumulate_kernel(x, out, M, N, BLOCK_M: tl.constexpr,
                           BLOCK_N: tl.constexpr):
    # A loop-carried 2-D accumulator in a tiled kernel.
    cols = tl.program_id(0) * BLOCK_N + tl.arange(0, BLOCK_N)
    acc = tl.zeros((BLOCK_M, BLOCK_N), tl.float32)
    for m in range(0, M, BLOCK_M):
        rows = m + tl.arange(0, BLOCK_M)
        mask = (rows[:, None] < M) & (cols[None, :] < N)
        acc += tl.load(x + rows[:, None] * N + cols[None, :], mask=mask,
                       other=0.0)
    tl.store(out + cols, tl.sum(acc, axis=0), mask=cols < N)


@triton.jit
def collatz_kernel(x, out):
    # while on a traced condition, with an if/else inside.
    i = tl.program_id(0)
    v = tl.load(x + i)
    steps = 0
    while v != 1:
        if v % 2 == 0:
            v = v // 2
        else:
            v = 3 * v + 1
        steps += 1
    tl.store(out + i, steps)


@triton.jit
def counted_condition_kernel(counter, out, n):
    # A condition with an effect runs once per test: n + 1 times, not once
    # more before the loop (a spin lock took its own lock that way).
    trips = 0
    while tl.atomic_add(counter, 1) < n:
        trips += 1
    tl.store(out, trips)


@triton.jit
def classify_kernel(x, out, BLOCK: tl.constexpr):
    # if/elif/else on a traced scalar; `code` (Python ints) and `scale`
    # (traced or a Python float) merge.
    pid = tl.program_id(0)
    s = tl.sum(tl.load(x + pid * BLOCK + tl.arange(0, BLOCK)))
    if s > 1.0:
        code = 2
        scale = s
    elif s < -1.0:
        code = 0
        scale = -s
    else:
        code = 1
        scale = 1.0
    tl.store(out + pid, code * 100.0 + scale)


@triton.jit
def early_exit_kernel(x, out, n_blocks, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    if pid >= n_blocks:
        return
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    tl.store(out + offs, tl.load(x + offs) + 1.0)


@triton.jit
def ternary_kernel(x, out, n):
    # The load runs only where pid < n (scf.if, not a select: the CPU's
    # bounds check would stop a load past the end).
    pid = tl.program_id(0)
    v = tl.load(x + pid) if pid < n else -1.0
    y = v * 2.0 if v > 0 else -v
    tl.store(out + pid, y)


@triton.jit
def logic_kernel(x, out, n, lo, hi):
    pid = tl.program_id(0)
    v = tl.load(x + pid)
    flag = 0
    if lo <= v < hi and not pid == 3:
        flag = 1
    elif v < lo or pid == 3:
        flag = 2
    tl.store(out + pid, flag)
    offs = tl.arange(0, 16)
    inside = lo <= offs < hi      # a chained comparison of tensors: a mask
    tl.store(out + n + offs, tl.where(inside, 1, 0))


@triton.jit
def _power(x, n):
    result = 1.0
    for _ in range(n):
        result = result * x
    return result


@triton.jit
def _safe_div(a, b):
    if b == 0.0:
        return 0.0
    return a / b


@triton.jit
def helper_loops_kernel(x, y, out, K):
    pid = tl.program_id(0)
    v = tl.load(x + pid)
    total = 0.0
    for k in range(K):
        total += _power(v, k)
    tl.store(out + pid, _safe_div(total, tl.load(y + pid)))


@triton.jit
def python_loops_kernel(out, N: tl.constexpr):
    # Python iterables and constexpr conditions still run while tracing.
    total = 0
    for i in range(N):
        if i % 2 == 0:
            total += i
    for a, b in ((1, 2), (3, 4)):
        total += a * b
    k = 0
    while k < 3:
        k += 1
    for i in range(10):
        if i == 4:
            break
        total += 1000
    tl.store(out, total + k)


# -- cases: (kernel, grid, args, options, expected outputs by argument) -------
def case_row_sums(rows, cols, block):
    x = rand(rows, cols)
    return lambda: (row_sums_kernel, (rows,),
                    [x, zeros(rows), zeros(rows, dtype=np.int32), cols],
                    dict(BLOCK=block),
                    {1: x.sum(axis=1), 2: np.full(rows, -(-cols // block),
                                                  np.int32)})


def case_advancing(n, block):
    x = rand(max(n, 1))
    want = np.zeros(max(n, 1), np.float32)
    want[:n] = x[:n] * 2
    return lambda: (advancing_copy_kernel, (1,), [x, zeros(max(n, 1)), n],
                    dict(BLOCK=block), {1: want})


def case_nested():
    m, n = 5, 70
    x = rand(m * n)
    want = np.concatenate([x.reshape(m, n).sum(axis=1),
                           [sum(k for i in range(m) for k in range(i))]])
    return (nested_kernel, (1,), [x, zeros(m + 1), m, n], dict(BLOCK=32),
            {1: want.astype(np.float32)})


def case_descending(n, step):
    x = rand(max(n, 1))
    visited = list(range(n - 1, -1, step))
    want = np.zeros(n + 1, np.float32)
    want[:len(visited)] = x[visited]
    want[n] = len(visited)
    return lambda: (descending_kernel, (1,), [x, zeros(n + 1), n],
                    dict(STEP=step), {1: want})


def case_strided_rows():
    x = rand(13, 40)
    return (strided_rows_kernel, (3,), [x, zeros(13), 13, 40],
            dict(PROGRAMS=3, BLOCK=64, STAGES=3), {1: x.max(axis=1)})


def case_constant_trip():
    return (constant_trip_kernel, (1,), [zeros(1)], dict(TRIPS=7),
            {0: np.float32([sum(i * 0.5 for i in range(7))])})


def case_tile(m, n, bm, bn):
    x = rand(m, n)
    return lambda: (tile_accumulate_kernel, (-(-n // bn),),
                    [x, zeros(n), m, n], dict(BLOCK_M=bm, BLOCK_N=bn),
                    {1: x.sum(axis=0)})


def _collatz(v):
    steps = 0
    while v != 1:
        v = v // 2 if v % 2 == 0 else 3 * v + 1
        steps += 1
    return steps


def case_collatz():
    x = np.arange(1, 41, dtype=np.int32)
    return (collatz_kernel, (40,), [x, zeros(40, dtype=np.int32)], {},
            {1: np.array([_collatz(int(v)) for v in x], np.int32)})


def case_counted_condition():
    return (counted_condition_kernel, (1,),
            [zeros(1, dtype=np.int32), zeros(1, dtype=np.int32), 5], {},
            {0: np.array([6], np.int32), 1: np.array([5], np.int32)})


def case_classify():
    x = rand(12, 8)
    x[0] = 1.0   # sum 8: > 1
    x[1] = -1.0  # sum -8: < -1
    x[2] = 0.0   # sum 0
    s = x.sum(axis=1)
    want = np.where(s > 1, 200 + s, np.where(s < -1, 0 - s, 100 + 1.0))
    return (classify_kernel, (12,), [x.reshape(-1), zeros(12)], dict(BLOCK=8),
            {1: want.astype(np.float32)})


def case_early_exit():
    x = rand(6 * 32)
    want = np.zeros(6 * 32, np.float32)
    want[:4 * 32] = x[:4 * 32] + 1
    return (early_exit_kernel, (6,), [x, zeros(6 * 32), 4], dict(BLOCK=32),
            {1: want})


def case_ternary():
    x = rand(7)
    v = np.concatenate([x, [-1.0]])
    want = np.where(v > 0, v * 2, -v).astype(np.float32)
    # 8 programs over 7 elements: program 7 must not load.
    return (ternary_kernel, (8,), [x, zeros(8), 7], {}, {1: want})


def case_logic():
    x = np.float32([0.5, 2.5, -3.0, 1.0, 1.5, 9.0])
    lo, hi = 1, 3
    want = []
    for pid, v in enumerate(x):
        if lo <= v < hi and not pid == 3:
            want.append(1)
        elif v < lo or pid == 3:
            want.append(2)
        else:
            want.append(0)
    offs = np.arange(16)
    want += list(((lo <= offs) & (offs < hi)).astype(int))
    return (logic_kernel, (6,), [x, zeros(6 + 16, dtype=np.int32), 6, lo, hi],
            {}, {1: np.array(want, np.int32)})


def case_helper_loops():
    x = rand(9)
    y = rand(9)
    y[4] = 0.0
    k = 4
    total = sum(x.astype(np.float64) ** i for i in range(k))
    want = np.where(y == 0, 0.0, total / np.where(y == 0, 1, y))
    return (helper_loops_kernel, (9,), [x, y, zeros(9), k], {},
            {2: want.astype(np.float32)})


def case_python_loops():
    want = sum(i for i in range(6) if i % 2 == 0) + 1 * 2 + 3 * 4 + 4000 + 3
    return (python_loops_kernel, (1,), [zeros(1, dtype=np.int32)], dict(N=6),
            {0: np.int32([want])})


def case_softmax_tutorial(rows, cols, programs):
    x = rand(rows, cols)
    e = np.exp(x - x.max(axis=1, keepdims=True))
    block = 1 << (cols - 1).bit_length()
    return lambda: (T.softmax_kernel, (programs,),
                    [zeros(rows, cols), x, cols, cols, rows, cols],
                    dict(BLOCK_SIZE=block, num_stages=4, num_warps=8),
                    {0: e / e.sum(axis=1, keepdims=True)})


def case_layer_norm_tutorial(rows, cols, block):
    x = (rng.standard_normal((rows, cols)) * 0.5 - 2.3).astype(np.float32)
    w, b = rand(cols), rand(cols)
    mean = x.mean(axis=1)
    var = ((x - mean[:, None]) ** 2).mean(axis=1)
    rstd = 1 / np.sqrt(var + 1e-5)
    y = (x - mean[:, None]) * rstd[:, None] * w + b
    return lambda: (T._layer_norm_fwd_fused, (rows,),
                    [x, zeros(rows, cols), w, b, zeros(rows), zeros(rows),
                     cols, cols, 1e-5], dict(BLOCK_SIZE=block, num_warps=4),
                    {1: y, 4: mean, 5: rstd})


CASES = {
    "row_sums": case_row_sums(5, 300, 128),
    "row_sums_zero_trip": case_row_sums(3, 0, 128),
    "row_sums_one_block": case_row_sums(2, 128, 128),
    "advancing_pointers": case_advancing(1000, 128),
    "advancing_pointers_zero_trip": case_advancing(0, 128),
    "nested_loops": case_nested,
    "negative_step": case_descending(9, -1),
    "negative_step_2": case_descending(10, -3),
    "negative_step_zero_trip": case_descending(0, -2),
    "tl_range_num_stages": case_strided_rows,
    "tl_range_constant_bounds": case_constant_trip,
    "tile_accumulator": case_tile(50, 70, 16, 32),
    "tile_accumulator_one_step": case_tile(8, 16, 16, 16),
    "while_collatz": case_collatz,
    "while_condition_with_effect": case_counted_condition,
    "if_elif_else": case_classify,
    "early_return": case_early_exit,
    "ternary": case_ternary,
    "and_or_not_chained": case_logic,
    "helper_with_loop_in_loop": case_helper_loops,
    "python_loops_unroll": case_python_loops,
    "tutorial_05_layer_norm": case_layer_norm_tutorial(7, 1000, 256),
    "tutorial_05_layer_norm_one_block": case_layer_norm_tutorial(3, 64, 64),
    # Tutorial 02 calls tl.num_programs (the cf-builtins branch): these
    # cases skip, saying so, until it is there.
    "tutorial_02_softmax": case_softmax_tutorial(37, 781, 8),
    "tutorial_02_softmax_more_programs_than_rows":
        case_softmax_tutorial(3, 100, 5),
}
_NEEDS_NUM_PROGRAMS = {n for n in CASES if n.startswith("tutorial_02")}
_NEEDS_SCF = {name for name in CASES if name != "python_loops_unroll"}


def _check(outputs, expected):
    for index, want in expected.items():
        np.testing.assert_allclose(outputs[index], want, rtol=2e-5,
                                   atol=2e-5)


def _launch(kernel, grid, args, options):
    return kernel[grid](*args, **dict(options))


def _types(args):
    out = []
    for a in args:
        if isinstance(a, np.ndarray):
            out.append("ptr<f32>" if a.dtype == np.float32 else "ptr<i32>")
        else:
            out.append("f32" if isinstance(a, float) else "i32")
    return out


def _case(name):
    if name in _NEEDS_NUM_PROGRAMS and not HAS_NUM_PROGRAMS:
        pytest.skip("tutorial 02 calls tl.num_programs, which comes with "
                    "the cf-builtins branch")
    return CASES[name]()


def _trace(name, **extra):
    kernel, _, args, options, _ = _case(name)
    options = dict(options)
    num_warps = options.pop("num_warps", "auto")
    return kernel.trace(_types(args), options, num_warps, **extra)


def _ops(text):
    return re.sub(r" loc\([^)]*\)", "", text)


def _opt():
    lib = os.environ.get("MYTRITON_LIB_DIR", "")
    for root in (os.path.join(HERE, "..", "..", "build"),
                 os.path.dirname(lib.rstrip("/")) if lib else ""):
        path = os.path.join(root, "bin", "mytriton-opt")
        if root and os.path.exists(path):
            return path
    return None


def _parses(text):
    """The IR parses and verifies: through the compiler library when it
    takes scf, else through mytriton-opt (which registers scf)."""
    if _scf_supported():
        result = compiler.compile_ir(text, "artifacts=")
        assert result.status == compiler.STATUS_OK, result.diagnostics
        return
    opt = _opt()
    if opt is None:
        pytest.skip("neither a compiler library with scf nor mytriton-opt")
    done = run_tool([opt, "-"], text)
    assert done.returncode == 0, done.stderr


# -- the IR -------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(CASES))
def test_ir_parses_and_verifies(name):
    text, _, _, programs = _trace(name)
    _parses(text)
    if name in _NEEDS_SCF:
        assert "scf." in text
        assert programs == 1
    else:
        assert "scf." not in text


def test_for_carries_a_tensor_and_an_int():
    ir = _ops(_trace("row_sums")[0])
    loop = re.search(r"(%\d+):2 = scf.for (%iv\d+) = %\d+ to %n_cols step "
                     r"%\d+ iter_args\((%cf\d+) = %\d+, (%cf\d+) = %\d+\) -> "
                     r"\(tensor<128xf32>, i32\) : i32 \{", ir)
    assert loop, ir
    acc, count = loop.group(3), loop.group(4)
    assert re.search(rf"arith.addf {acc}, %\d+ : tensor<128xf32>", ir)
    assert re.search(rf"arith.addi {count}, %\d+ : i32", ir)
    assert re.search(r"scf.yield %\d+, %\d+ : tensor<128xf32>, i32", ir)
    # After the loop, the results: the sum reduces the tensor result.
    assert re.search(rf"tt.reduce sum {loop.group(1)}#0", ir)


def test_negative_constexpr_step_swaps_the_bounds():
    ir = _ops(_trace("negative_step_2")[0])
    # for i in range(n - 1, -1, -3): j over [-1, n - 1) by 3,
    # i = (n - 1) - j + (-1).
    loop = re.search(r"scf.for (%iv\d+) = (%\d+) to (%\d+) step (%\d+)", ir)
    assert loop, ir
    iv, lb, ub, step = loop.groups()
    assert re.search(rf"{lb} = arith.constant -1 : i32", ir)
    assert re.search(rf"{step} = arith.constant 3 : i32", ir)
    assert re.search(rf"{ub} = arith.subi %n, %\d+ : i32", ir)
    sub = re.search(rf"(%\d+) = arith.subi {ub}, {iv} : i32", ir)
    assert sub and re.search(rf"arith.addi {sub.group(1)}, {lb} : i32", ir)


def test_tl_range_is_a_loop_and_python_range_unrolls():
    ir = _ops(_trace("tl_range_constant_bounds")[0])
    assert ir.count("scf.for") == 1
    assert re.search(r"scf.for %iv\d+ = (%\d+) to (%\d+) step", ir)
    ir = _ops(_trace("python_loops_unroll")[0])
    assert "scf" not in ir


def test_if_merges_names_into_results():
    ir = _ops(_trace("if_elif_else")[0])
    # The elif is a nested scf.if in the else region; `code` is an i32
    # result, `scale` an f32 one.
    outer = re.search(r"%\d+:2 = scf.if %\d+ -> \(i32, f32\) \{", ir)
    assert outer, ir
    assert len(re.findall(r"scf.if %\d+ -> \(i32, f32\)", ir)) == 2
    assert re.search(r"scf.yield %\d+, %\d+ : i32, f32", ir)


def test_early_return_moves_the_rest_into_the_else_branch():
    ir = _ops(_trace("early_return")[0])
    branch = re.search(r"scf.if %\d+ \{\n(.*?)\n    \} else \{\n(.*?)\n    \}",
                       ir, re.S)
    assert branch, ir
    assert "tt.store" not in branch.group(1)
    assert "tt.load" in branch.group(2) and "tt.store" in branch.group(2)
    assert ir.count("tt.store") == 1


def test_ternary_is_scf_if_not_select():
    ir = _ops(_trace("ternary")[0])
    first = re.search(r"scf.if %\d+ -> \(f32\) \{\n(.*?)\n    \} else", ir,
                      re.S)
    assert first and "tt.load" in first.group(1), ir
    assert "arith.select" not in ir


def test_while_condition_is_the_before_region():
    ir = _ops(_trace("while_collatz")[0])
    loop = re.search(r"scf.while \((%cf\d+) = %\d+, (%cf\d+) = %\d+\) : "
                     r"\(i32, i32\) -> \(i32, i32\) \{\n\s+(%\d+) = "
                     r"arith.constant 1 : i32\n\s+(%\d+) = arith.cmpi ne, "
                     r"\1, \3 : i32\n\s+scf.condition\(\4\) \1, \2 : i32, "
                     r"i32\n\s+\} do \{\n\s+\^bb0\(%cf\d+: i32, %cf\d+: i32\)",
                     ir)
    assert loop, ir


def test_helper_loop_is_inlined_inside_the_kernel_loop():
    ir = _ops(_trace("helper_with_loop_in_loop")[0])
    outer = ir.index("scf.for")
    inner = ir.index("scf.for", outer + 1)
    assert inner > outer
    # The helper's early return merges into one f32 result.
    assert re.search(r"= scf.if %\d+ -> \(f32\)", ir)


def test_programs_per_cta_is_one_with_control_flow():
    # A narrow kernel packs 4 programs per CTA without control flow...
    @triton.jit
    def narrow(x, n):
        tl.store(x + tl.program_id(0) + tl.arange(0, 32), 1.0)
    assert narrow.trace(["ptr<f32>", "i32"], {}, "auto")[3] == 4
    # ... and runs one per CTA with it; an explicit value > 1 is refused.
    assert _trace("ternary")[3] == 1
    with pytest.raises(CompilationError, match=r"programs_per_cta=2: a kernel "
                       r"with runtime control flow .*line \d+.* runs one "
                       "program per CUDA block"):
        _trace("ternary", programs_per_cta=2)


def test_hints_are_checked():
    @triton.jit
    def k(x, n):
        for i in tl.range(0, n, num_stages=-1):
            tl.store(x + i, 1.0)
    message = _error(k, ["ptr<f32>", "i32"])
    _assert_at(message, k.fn, "for i in tl.range(0, n, num_stages=-1):",
               "num_stages must be a compile-time int >= 0")


# -- running: CPU and both GPU backends ---------------------------------------
@requires_compiler
@requires_scf
@pytest.mark.skipif(not HAS_CPU, reason="CPU execution path not built yet")
@pytest.mark.parametrize("name", sorted(CASES))
def test_cpu(name):
    kernel, grid, args, options, expected = _case(name)
    _launch(kernel, grid, args, options)
    _check(args, expected)


@requires_compiler
@pytest.mark.skipif(not HAS_CPU, reason="CPU execution path not built yet")
def test_python_control_flow_runs_without_scf():
    kernel, grid, args, options, expected = CASES["python_loops_unroll"]()
    _launch(kernel, grid, args, options)
    _check(args, expected)


@pytest.mark.skipif(GPU is None, reason="no CUDA GPU (torch or cupy)")
@pytest.mark.skipif(not runtime.available(), reason="no libMyTritonRuntime.so")
@pytest.mark.parametrize("backend", ["nvvm", "cuda"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_gpu(name, backend, monkeypatch):
    kernel, grid, args, options, expected = _case(name)
    _, device_args = launch_on_gpu(kernel, grid, args, options, backend,
                                   monkeypatch)
    _check([_to_host(a) if i in expected else None
            for i, a in enumerate(device_args)], expected)


# -- errors point at the user's line ------------------------------------------
_error, _line_of = trace_error, line_of
_assert_at = functools.partial(assert_at, first_line=True, quotes_source=True)


def test_carried_type_change():
    @triton.jit
    def k(x, n):
        v = tl.program_id(0)
        for i in range(n):
            v = v * 0.5
        tl.store(x, v)
    message = _error(k, ["ptr<f32>", "i32"])
    _assert_at(message, k.fn, "v = v * 0.5",
               "Loop-carried variable 'v' has initial type int32 scalar but "
               "is re-assigned to float32 scalar in the loop at line "
               f"{_line_of(k.fn, 'for i in range(n):')}")


def test_carried_shape_change():
    @triton.jit
    def k(x, n):
        acc = tl.zeros((16,), tl.float32)
        for i in range(n):
            acc = acc[:, None] + tl.zeros((16, 16), tl.float32)
        tl.store(x, tl.sum(acc))
    message = _error(k, ["ptr<f32>", "i32"])
    _assert_at(message, k.fn, "acc = acc[:, None] + tl.zeros",
               "has initial type float32 tensor of 16 elements but is "
               "re-assigned to float32 tensor of shape [16, 16]")


def test_name_defined_in_one_branch_only():
    @triton.jit
    def k(x):
        if tl.program_id(0) > 0:
            y = 1.0
        tl.store(x, y)
    message = _error(k, ["ptr<f32>"])
    _assert_at(message, k.fn, "tl.store(x, y)",
               "'y' is defined only in the if branch of the if on a traced "
               f"value at line {_line_of(k.fn, 'if tl.program_id(0) > 0:')}")


def test_name_defined_only_inside_a_runtime_loop():
    @triton.jit
    def k(x, n):
        for i in range(n):
            last = tl.load(x + i)
        tl.store(x, last)
    message = _error(k, ["ptr<f32>", "i32"])
    _assert_at(message, k.fn, "tl.store(x, last)",
               "'last' is defined only inside the loop at line "
               f"{_line_of(k.fn, 'for i in range(n):')}")


def test_loop_variable_after_a_runtime_loop():
    @triton.jit
    def k(x, n):
        for i in range(n):
            tl.store(x + i, 1.0)
        tl.store(x, i)
    message = _error(k, ["ptr<f32>", "i32"])
    _assert_at(message, k.fn, "tl.store(x, i)",
               "'i' is the variable of the loop over runtime bounds")


def test_mismatched_branch_types():
    @triton.jit
    def k(x):
        if tl.program_id(0) > 0:
            y = tl.arange(0, 16)
        else:
            y = 1.5
        tl.store(x + tl.arange(0, 16), y)
    message = _error(k, ["ptr<f32>"])
    _assert_at(message, k.fn, "if tl.program_id(0) > 0:",
               "Mismatched type for 'y' between the then branch (int32 "
               "tensor of 16 elements) and the else branch (Python float 1.5)")


def test_continue_in_a_runtime_loop():
    @triton.jit
    def k(x, n):
        for i in range(n):
            if i == 2:
                continue
            tl.store(x + i, 1.0)
    message = _error(k, ["ptr<f32>", "i32"])
    _assert_at(message, k.fn, "for i in range(n):",
               "break/continue in a loop over runtime bounds is not "
               "supported, as in Triton")


def test_break_under_a_traced_condition_in_a_python_loop():
    @triton.jit
    def k(x, n):
        for i in range(4):
            if i == n:
                break
            tl.store(x + i, 1.0)
    message = _error(k, ["ptr<f32>", "i32"])
    _assert_at(message, k.fn, "if i == n:",
               "break/continue under a condition on a traced value is not "
               "supported")


def test_break_in_a_while_on_a_traced_condition():
    @triton.jit
    def k(x, n):
        i = 0
        while i < n:
            if i == 4:
                break
            i += 1
        tl.store(x, i)
    message = _error(k, ["ptr<f32>", "i32"])
    _assert_at(message, k.fn, "while i < n:",
               "a while loop with break/continue cannot have a condition on "
               "a traced value")


def test_return_in_a_runtime_loop():
    @triton.jit
    def k(x, n):
        for i in range(n):
            if i == 2:
                return
            tl.store(x + i, 1.0)
    message = _error(k, ["ptr<f32>", "i32"])
    _assert_at(message, k.fn, "for i in range(n):",
               "return in a loop over runtime bounds is not supported")


def test_tuple_changed_in_a_runtime_loop():
    @triton.jit
    def k(x, n):
        pair = (0, 0)
        for i in range(n):
            pair = (i, i)
        tl.store(x + pair[0], 1.0)
    message = _error(k, ["ptr<f32>", "i32"])
    _assert_at(message, k.fn, "pair = (i, i)",
               "'pair' is a Python tuple before the loop",
               "only traced values and Python numbers can change in a loop")


def test_value_escaping_a_loop_body():
    @triton.jit
    def k(x, n):
        seen = []
        for i in range(n):
            seen.append(i * 2)
        tl.store(x + seen[0], 1.0)
    message = _error(k, ["ptr<f32>", "i32"])
    _assert_at(message, k.fn, "tl.store(x + seen[0], 1.0)",
               "a value computed inside the loop at line "
               f"{_line_of(k.fn, 'for i in range(n):')} is used outside it")


def test_tensor_while_condition():
    @triton.jit
    def k(x):
        v = tl.arange(0, 16)
        while v < 4:
            v += 1
        tl.store(x + v, 1.0)
    message = _error(k, ["ptr<f32>"])
    _assert_at(message, k.fn, "while v < 4:",
               "the condition of a while loop is a boolean tensor of 16 "
               "elements; a condition must be a scalar")


def test_error_in_a_loop_body_points_at_its_line():
    @triton.jit
    def k(x, n):
        for i in range(n):
            tl.store(x + i, tl.arange(0, 3.5))
    message = _error(k, ["ptr<f32>", "i32"])
    _assert_at(message, k.fn, "tl.store(x + i, tl.arange(0, 3.5))",
               "tl.arange(start, end) needs compile-time int bounds")


def test_loop_ops_carry_the_body_lines():
    text = _trace("row_sums")[0]
    lines, start = inspect.getsourcelines(row_sums_kernel.fn)
    for_line = start + next(i for i, s in enumerate(lines) if "for start" in s)
    acc_line = for_line + 2
    assert re.search(rf"scf.for .*\n(.*\n)*?.*tt.load .*:{acc_line}:", text)
    assert re.search(rf"\}} loc\(\"[^\"]*\":{for_line}:5\)", text)


def test_a_helper_edit_changes_the_cache_key(tmp_path):
    # The rewrite keeps keying on the helper's source (_dependencies.py).
    module = tmp_path / "cf_helper_module.py"
    source = textwrap.dedent("""
        import mytriton as triton
        import mytriton.language as tl

        @triton.jit
        def helper(x, n):
            acc = 0.0
            for i in range(n):
                acc += tl.load(x + i)
            return acc

        @triton.jit
        def kernel(x, out, n):
            tl.store(out, helper(x, n))
    """)
    module.write_text(source)
    script = textwrap.dedent(f"""
        import importlib, sys
        sys.path.insert(0, {str(tmp_path)!r})
        import cf_helper_module as m
        first = m.kernel.dependencies_digest()
        ir1 = m.kernel.trace(["ptr<f32>", "ptr<f32>", "i32"], {{}})[0]
        text = open({str(module)!r}).read()
        open({str(module)!r}, "w").write(
            text.replace("acc += tl.load(x + i)", "acc += 2.0 * tl.load(x + i)"))
        importlib.invalidate_caches()
        m = importlib.reload(m)
        ir2 = m.kernel.trace(["ptr<f32>", "ptr<f32>", "i32"], {{}})[0]
        print(first != m.kernel.dependencies_digest(), "scf.for" in ir1,
              ir1.count("arith.mulf"), ir2.count("arith.mulf"))
    """)
    env = dict(os.environ, PYTHONPATH=os.path.join(HERE, ".."),
               PYTHONDONTWRITEBYTECODE="1")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True,
                          text=True, env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "True", "0", "1"], done.stdout


def warm(cache_dir):
    """Compiles every case for both GPU backends into `cache_dir`."""
    os.environ["MYTRITON_CACHE_DIR"] = cache_dir
    os.environ.pop("MYTRITON_NUM_WARPS", None)
    for backend in ("nvvm", "cuda"):
        for name in sorted(CASES):
            if name in _NEEDS_NUM_PROGRAMS and not HAS_NUM_PROGRAMS:
                continue
            kernel, _, args, options, _ = CASES[name]()
            try:
                compiled = kernel.warmup(*args, backend=backend, **options)
            except CompilationError as e:
                print(f"{backend:5} {name:28} FAILED: {str(e)[:200]}")
                continue
            missing = sorted(compiled.backend_errors)
            print(f"{backend:5} {name:28} {'ok' if not missing else missing}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--warm"] and len(sys.argv) == 3:
        warm(sys.argv[2])
    else:
        sys.exit(__doc__)
