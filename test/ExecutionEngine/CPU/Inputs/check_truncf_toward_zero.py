"""Checks truncf-toward-zero.mlir's output (one printed i16 memref: the f16
and bf16 toward-zero and the f16 nearest-even truncations of the test's f32
patterns) against references computed independently of the lowering."""
import re
import sys

import numpy as np

n = int(sys.argv[1])
lists = re.findall(r"data =\s*\[([^\]]*)\]", sys.stdin.read())
if len(lists) != 1:
    sys.exit(f"expected 1 printed memref, got {len(lists)}")
got = np.array([int(v) for v in lists[0].split(",")], dtype=np.int64)
got = (got % 65536).astype(np.uint16).reshape(3, n)

i = np.arange(n, dtype=np.uint64)
bits = ((i * 2654435761 + 12345) % 2**32).astype(np.uint32)
cleared = bits & np.uint32(0x8FFFFFFF)
bits = np.where(i % 3 == 0, bits,
                np.where(i % 3 == 1, cleared | np.uint32(0x30000000),
                         cleared | np.uint32(0x40000000)))
x = bits.view(np.float32)
nan = np.isnan(x)

# f16 toward zero: the largest non-negative f16 (inf included) not above |x|.
magnitudes = np.arange(0x7C01, dtype=np.uint16).view(np.float16).astype(np.float64)
with np.errstate(all="ignore"):
    index = np.searchsorted(magnitudes, np.abs(x.astype(np.float64)), side="right") - 1
    rne_f16 = x.astype(np.float16).view(np.uint16)
sign = ((bits >> 16) & 0x8000).astype(np.uint16)
rtz_f16 = np.where(nan, 0x7E00, index.astype(np.uint16) | sign).astype(np.uint16)
rtz_bf16 = (bits >> 16).astype(np.uint16)
# Where the two roundings differ, so that a nearest-even lowering would fail.
differ = int(np.count_nonzero((rtz_f16 != rne_f16) & ~nan))
bad = []
for name, k, want, is_nan in [
        ("f16 toward zero", 0, rtz_f16, lambda b: np.isnan(b.view(np.float16))),
        ("bf16 toward zero", 1, rtz_bf16,
         lambda b: np.isnan((b.astype(np.uint32) << 16).view(np.float32))),
        ("f16 to nearest even", 2, rne_f16, lambda b: np.isnan(b.view(np.float16)))]:
    both_nan = is_nan(got[k]) & nan
    for j in np.nonzero((got[k] != want) & ~both_nan)[0][:5]:
        bad.append(f"{name}: x=0x{bits[j]:08x} ({x[j]!r}): got 0x{got[k][j]:04x}, "
                   f"expected 0x{want[j]:04x}")
if bad:
    print("MISMATCH")
    print("\n".join(bad))
else:
    print(f"{differ} of them rounded differently to nearest even")
    print(f"{n} values: f16 toward zero, bf16 toward zero, f16 to nearest even all equal")
