"""Checks half-arithmetic.mlir's output: two printed i16 memrefs, the f16 and
the bf16 results of + - * / sqrt on the pairs of bit patterns the test makes,
against numpy. Prints one line per type; a mismatch prints the first few."""
import re
import sys

import numpy as np

n = int(sys.argv[1])
lists = re.findall(r"data =\s*\[([^\]]*)\]", sys.stdin.read())
if len(lists) != 2:
    sys.exit(f"expected 2 printed memrefs, got {len(lists)}")


def pattern(mul, add):
    return ((np.arange(n, dtype=np.int64) * mul + add) % 65536).astype(np.uint16)


a_bits, b_bits = pattern(40503, 17), pattern(30011, 12345)


def ops(x, y):
    with np.errstate(all="ignore"):
        return [x + y, x - y, x * y, x / y, np.sqrt(x)]


def from_bf16(bits):
    return (bits.astype(np.uint32) << 16).view(np.float32)


def to_bf16(f32):
    bits = f32.astype(np.float32).view(np.uint32)
    rounded = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16
    return rounded.astype(np.uint16)


def is_nan_f16(bits):
    return np.isnan(bits.view(np.float16))


def is_nan_bf16(bits):
    return np.isnan(from_bf16(bits))


checks = [
    ("f16", [r.astype(np.float16).view(np.uint16)
             for r in ops(a_bits.view(np.float16), b_bits.view(np.float16))],
     is_nan_f16),
    ("bf16", [to_bf16(r) for r in ops(from_bf16(a_bits), from_bf16(b_bits))],
     is_nan_bf16),
]
names = ["+", "-", "*", "/", "sqrt"]
for (name, expected, is_nan), printed in zip(checks, lists):
    got = np.array([int(v) for v in printed.split(",")], dtype=np.int64)
    got = (got % 65536).astype(np.uint16).reshape(len(names), n)
    bad = []
    for k, want in enumerate(expected):
        both_nan = is_nan(got[k]) & is_nan(want)
        for i in np.nonzero((got[k] != want) & ~both_nan)[0][:5]:
            bad.append(f"{names[k]} a=0x{a_bits[i]:04x} b=0x{b_bits[i]:04x}: "
                       f"got 0x{got[k][i]:04x}, numpy 0x{want[i]:04x}")
    if bad:
        print(f"{name}: MISMATCH")
        print("\n".join(bad))
    else:
        print(f"{name}: {n} pairs, {len(names)} ops, all equal")
