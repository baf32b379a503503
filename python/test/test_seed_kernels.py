"""Tracing and IR of every seed kernel and the tutorial kernels: the traced tt
IR has the expected ops, a location on every op pointing at the right source
line, and it verifies and optimizes through the in-process compiler."""

import inspect
import re

import numpy as np
import pytest

import kernels as K
from conftest import requires_compiler
from mytriton.jit import divisibility

f32 = lambda *shape: np.zeros(shape, np.float32)  # noqa: E731

# kernel, args, constexprs, expected block size, regexes the traced IR matches
CASES = {
    "vector_add": (K.vector_add_kernel, lambda: (f32(10), f32(10), f32(10), 10),
                   dict(BLOCK=8), 8,
                   [r"tt.make_range \{end = 8 : i32, start = 0 : i32\} : tensor<8xi32>",
                    r"arith.cmpi slt, %\d+, %\d+ : tensor<8xi32>",
                    r"tt.load %\d+, %\d+ : tensor<8x!tt.ptr<f32>>",
                    r"arith.addf %\d+, %\d+ : tensor<8xf32>",
                    r"tt.store %\d+, %\d+, %\d+ : tensor<8x!tt.ptr<f32>>"]),
    "copy": (K.copy_kernel, lambda: (f32(10), f32(10), 10), dict(BLOCK=16), 16,
             [r"tt.load %\d+, %\d+ : tensor<16x!tt.ptr<f32>>",
              r"tt.store"]),
    "relu": (K.relu_kernel, lambda: (f32(10), f32(10), 10), dict(BLOCK=8), 8,
             [r"arith.constant 0.0 : f32",
              r"tt.splat %\d+ : f32 -> tensor<8xf32>",
              r"arith.maxnumf %\d+, %\d+ : tensor<8xf32>"]),
    "leaky_relu": (K.leaky_relu_kernel, lambda: (f32(10), f32(10), 10),
                   dict(BLOCK=8), 8,
                   [r"arith.cmpf ogt, %\d+, %\d+ : tensor<8xf32>",
                    r"arith.constant 0.01 : f32",
                    r"arith.mulf",
                    r"arith.select %\d+, %\d+, %\d+ : tensor<8xi1>, tensor<8xf32>"]),
    "sigmoid": (K.sigmoid_kernel, lambda: (f32(10), f32(10), 10), dict(BLOCK=8),
                8, [r"arith.negf %\d+ : tensor<8xf32>",
                    r"math.exp %\d+ fastmath<afn> : tensor<8xf32>",
                    r"arith.divf %\d+, %\d+ fastmath<afn> : tensor<8xf32>"]),
    "matrix_add": (K.matrix_add_kernel, lambda: (f32(3, 10), f32(3, 10),
                                                 f32(3, 10), 10),
                   dict(BLOCK=4), 4,
                   [r"tt.get_program_id 0 : i32", r"tt.get_program_id 1 : i32",
                    r"arith.constant 4 : i32",
                    r"tt.load %\d+, %\d+, %\d+ : tensor<4x!tt.ptr<f32>>"]),
    "row_sum": (K.row_sum_kernel, lambda: (f32(3, 6), f32(3), 6), dict(BLOCK=8),
                8, [r"tt.reduce sum %\d+ : tensor<8xf32> -> f32",
                    # scalar pointer and value broadcast to the mask's shape
                    r"tt.addptr %out, %0 : !tt.ptr<f32>, i32",
                    r"tt.splat %\d+ : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>",
                    r"tt.splat %\d+ : f32 -> tensor<8xf32>",
                    r"tt.store %\d+, %\d+, %\d+ : tensor<8x!tt.ptr<f32>>"]),
    "row_max": (K.row_max_kernel, lambda: (f32(3, 6), f32(3), 6), dict(BLOCK=8),
                8, [r"arith.constant 0xFF800000 : f32",
                    r"tt.reduce max %\d+ : tensor<8xf32> -> f32"]),
    "row_min": (K.row_min_kernel, lambda: (f32(3, 6), f32(3), 6), dict(BLOCK=8),
                8, [r"arith.constant 0x7F800000 : f32",
                    r"tt.reduce min %\d+ : tensor<8xf32> -> f32"]),
    "softmax": (K.softmax_kernel, lambda: (f32(3, 6), f32(3, 6), 6),
                dict(BLOCK=8), 8,
                [r"tt.reduce max", r"arith.subf", r"math.exp", r"tt.reduce sum",
                 r"arith.divf %\d+, %\d+ fastmath<afn> : tensor<8xf32>"]),
    "naive_matmul": (K.naive_matmul_kernel,
                     lambda: (f32(2, 3), f32(3, 5), f32(2, 5), 5),
                     dict(K=3, BLOCK=4), 4,
                     # three unrolled scalar loads of A
                     [r"(?s)(tt.load %\d+ : !tt.ptr<f32>.*){3}",
                      r"arith.muli %0, %\d+ : i32",
                      r"arith.constant 0.0 : f32"]),
    "long_row_sum": (K.long_row_sum_kernel, lambda: (f32(2, 10), f32(2)),
                     dict(N_COLS=10, BLOCK=4), 4,
                     [r"(?s)(tt.load %\d+, %\d+, %\d+ : tensor<4x!tt.ptr<f32>>.*){3}",
                      r"tt.reduce sum %\d+ : tensor<4xf32> -> f32"]),
    "tutorial_add": (K.add_kernel, lambda: (f32(100), f32(100), f32(100), 100),
                     dict(BLOCK_SIZE=1024), 1024, [r"tensor<1024xf32>"]),
    "tutorial_softmax": (K.tutorial_softmax_kernel,
                         lambda: (f32(3, 6), f32(3, 6), 6, 6, 6),
                         dict(BLOCK_SIZE=8), 8,
                         [r"tt.addptr %input_ptr, %\d+ : !tt.ptr<f32>, i32",
                          r"tt.reduce max", r"tt.reduce sum"]),
}

# Which tl call each op must point at in the user's source.
OP_SOURCE = {
    "tt.get_program_id": "tl.program_id", "tt.make_range": "tl.arange",
    "tt.load": "tl.load", "tt.store": "tl.store", "tt.reduce sum": "tl.sum",
    "tt.reduce max": "tl.max", "tt.reduce min": "tl.min",
    "math.exp": "tl.exp", "arith.select": "tl.where",
    "arith.maxnumf": "tl.maximum",
}


def trace(name, num_warps="auto"):
    """The kernel as a launch traces it (num_warps defaults to "auto",
    arguments specialized on divisibility by 16 as a launch does)."""
    kernel, args, constexprs, _, _ = CASES[name]
    types, constants, divisible = _specialize(kernel, args(), constexprs)
    return kernel.trace(types, constants, num_warps,
                        divisible=divisible)[:2]


def _specialize(kernel, args, constexprs):
    bound = kernel._bind(args, constexprs)
    runtime_args, constants = kernel._classify(bound)
    return (tuple(a.type for a in runtime_args), constants,
            divisibility(runtime_args))


@pytest.mark.parametrize("name", sorted(CASES))
def test_traced_ir(name):
    kernel, _, _, block, patterns = CASES[name]
    ir, block_size = trace(name)
    assert block_size == block
    # num_warps="auto": with a reduction, 8 // loads lanes per thread (at
    # least 2, at most 32 warps), else 4 (at most 8 warps); programs of at
    # most 32 threads share 128-thread blocks.
    if "tt.reduce" in ir:
        lanes = max(2, 8 // ir.count("tt.load "))
        warps = max(1, min(32, block // (32 * lanes)))
    else:
        warps = max(1, min(8, block // 128))
    threads = min(32 * warps, block)
    attrs = f"block_size = {block} : i32, num_warps = {warps} : i32"
    if threads <= 32 and 128 // threads > 1:
        attrs += f", programs_per_cta = {128 // threads} : i32"
    assert f"attributes {{{attrs}}}" in ir
    assert ir.startswith(f"tt.func @{kernel.__name__}(")
    for pattern in patterns:
        assert re.search(pattern, ir), f"{pattern!r} not in\n{ir}"


@pytest.mark.parametrize("name", sorted(CASES))
def test_every_op_located_at_its_source_line(name):
    kernel = CASES[name][0]
    ir, _ = trace(name)
    source_file = inspect.getsourcefile(kernel.fn)
    lines = open(source_file).read().splitlines()
    ops = [line for line in ir.splitlines() if line.startswith("    ")]
    assert ops
    for op in ops:
        m = re.search(r'loc\("([^"]+)":(\d+):(\d+)\)$', op)
        assert m, f"no location on: {op}"
        assert m[1] == source_file
        text = lines[int(m[2]) - 1]
        assert int(m[3]) <= len(text) + 1
        for op_name, call in OP_SOURCE.items():
            if re.search(r"= " + re.escape(op_name) + r"\b", op) or \
                    op.strip().startswith(op_name + " "):
                # multi-line calls (softmax's tl.load) start on an earlier line
                window = "\n".join(lines[max(0, int(m[2]) - 3):int(m[2])])
                assert call in window, f"{op} points at {text!r}"


@requires_compiler
@pytest.mark.parametrize("name", sorted(CASES))
def test_verifies_and_optimizes(name):
    kernel, args, constexprs, block, _ = CASES[name]
    compiled = kernel.warmup(*args(), **constexprs)
    assert compiled.block_size == block
    opt = compiled.asm["ttir"]
    assert f"tt.func @{kernel.__name__}(" in opt
    assert "loc(" not in opt
    assert compiled.asm["ttir-traced"] == trace(name)[0]


@requires_compiler
def test_long_row_sum_optimizer_folds_constants():
    compiled = K.long_row_sum_kernel.warmup(f32(2, 10), f32(2), N_COLS=10,
                                            BLOCK=4)
    traced, opt = compiled.asm["ttir-traced"], compiled.asm["ttir"]
    assert len(re.findall(r"tt.load", opt)) == 3
    # 0.0 + values stays (IEEE: -0.0 + 0.0 is +0.0); 0 + lanes folds away.
    assert len(re.findall(r"arith.addf", opt)) == 3
    assert len(re.findall(r"arith.addi", opt)) < \
        len(re.findall(r"arith.addi", traced))


def test_promotion_and_scalar_kernel():
    import mytriton as triton
    import mytriton.language as tl

    @triton.jit
    def scale(x, out, factor, n, BLOCK: tl.constexpr):
        offs = tl.arange(0, BLOCK)
        ints = offs * 2          # i32 tensor
        scaled = ints * factor   # i32 * f32 -> sitofp then mulf
        tl.store(out + offs, scaled / n, mask=offs < n)

    ir = scale.trace(("ptr<f32>", "ptr<f32>", "f32", "i32"), {"BLOCK": 4})[0]
    assert re.search(r"arith.sitofp %\d+ : tensor<4xi32> to tensor<4xf32>", ir)
    assert re.search(r"arith.sitofp %n : i32 to f32", ir)
    assert re.search(r"arith.divf", ir)

    @triton.jit
    def scalar_only(out, v):
        tl.store(out, v + 1)

    ir, block = scalar_only.trace(("ptr<i32>", "i32"), {})[:2]
    assert block == 1
    assert "block_size = 1 : i32" in ir
    assert re.search(r"tt.store %out, %\d+ : !tt.ptr<i32>", ir)
