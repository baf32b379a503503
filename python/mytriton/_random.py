"""`tl.random` (also `tl.rand`, `tl.randn`, `tl.randint`, ...): Triton's
counter-based Philox generator, written in the kernel language as Triton's
own `triton/language/random.py` is, so that every backend runs it as
ordinary integer code and a seed and offset give Triton's numbers.

Philox-4x32 (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3",
SC 2011) for 32-bit offsets, Philox-4x64 for 64-bit ones, 10 rounds by
default: the offset is the counter's first word, the seed the key. Each
function is a @jit helper that a kernel calls; nothing here launches.
"""

from .jit import jit
from . import language as tl

N_ROUNDS_DEFAULT = 10  # Philox rounds, as Triton's

# The Weyl constants that raise the key and the round multipliers, 32-bit
# (the Philox paper's) and 64-bit (numpy's Philox).
_PHILOX_32 = (0x9E3779B9, 0xBB67AE85, 0xD2511F53, 0xCD9E8D57)
_PHILOX_64 = (0x9E3779B97F4A7C15, 0xBB67AE8584CAA73B, 0xD2E7470EE14C6C93,
              0xCA5A826395121157)


@jit
def philox_impl(c0, c1, c2, c3, k0, k1,
                n_rounds: tl.constexpr = N_ROUNDS_DEFAULT):
    """`n_rounds` Philox rounds over the counter (c0, c1, c2, c3), all
    uint32 or all uint64, with the key (k0, k1)."""
    if c0.dtype == tl.uint32:
        KEY_A: tl.constexpr = _PHILOX_32[0]
        KEY_B: tl.constexpr = _PHILOX_32[1]
        ROUND_A: tl.constexpr = _PHILOX_32[2]
        ROUND_B: tl.constexpr = _PHILOX_32[3]
    else:
        tl.static_assert(c0.dtype == tl.uint64,
                         "philox_impl: counters are uint32 or uint64")
        KEY_A: tl.constexpr = _PHILOX_64[0]
        KEY_B: tl.constexpr = _PHILOX_64[1]
        ROUND_A: tl.constexpr = _PHILOX_64[2]
        ROUND_B: tl.constexpr = _PHILOX_64[3]
    for _ in tl.static_range(n_rounds):
        _c0, _c2 = c0, c2
        c0 = tl.umulhi(ROUND_B, _c2) ^ c1 ^ k0
        c2 = tl.umulhi(ROUND_A, _c0) ^ c3 ^ k1
        c1 = ROUND_B * _c2
        c3 = ROUND_A * _c0
        k0 = k0 + KEY_A
        k1 = k1 + KEY_B
    return c0, c1, c2, c3


@jit
def philox(seed, c0, c1, c2, c3, n_rounds: tl.constexpr = N_ROUNDS_DEFAULT):
    """Philox of the counter (c0, c1, c2, c3) keyed by the integer `seed`:
    32-bit counters take the seed's low and high words as the key, 64-bit
    ones the whole seed and 0."""
    seed = tl.to_tensor(seed)
    tl.static_assert(seed.dtype.is_int(),
                     "the seed of Triton's random functions is an integer")
    c0, c1 = tl.to_tensor(c0), tl.to_tensor(c1)
    c2, c3 = tl.to_tensor(c2), tl.to_tensor(c3)
    seed = seed.to(tl.uint64)
    if c0.dtype.primitive_bitwidth == 32:
        int_dtype = tl.uint32
        seed_hi = ((seed >> 32) & 0xffffffff).to(tl.uint32)
        seed_lo = (seed & 0xffffffff).to(tl.uint32)
    else:
        tl.static_assert(c0.dtype.primitive_bitwidth == 64,
                         "philox: offsets are 32- or 64-bit integers")
        int_dtype = tl.uint64
        seed_hi = seed * 0  # Triton's is a [1] block of zeros: same values
        seed_lo = seed
    c0 = c0.to(int_dtype, bitcast=True)
    c1 = c1.to(int_dtype, bitcast=True)
    c2 = c2.to(int_dtype, bitcast=True)
    c3 = c3.to(int_dtype, bitcast=True)
    return philox_impl(c0, c1, c2, c3, seed_lo, seed_hi, n_rounds)


@jit
def randint(seed, offset, n_rounds: tl.constexpr = N_ROUNDS_DEFAULT):
    """One block of random uint32 (uint64 for 64-bit offsets), one per
    offset, for the scalar `seed`. randint4x gives four for the work of
    one."""
    ret, _, _, _ = randint4x(seed, offset, n_rounds)
    return ret


@jit
def randint4x(seed, offset, n_rounds: tl.constexpr = N_ROUNDS_DEFAULT):
    """Four blocks of random unsigned integers: the four words of Philox of
    (offset, 0, 0, 0)."""
    offset = tl.to_tensor(offset)
    _0 = offset * 0
    return philox(seed, offset, _0, _0, _0, n_rounds)


@jit
def uint_to_uniform_float(x):
    """A random 32- or 64-bit integer as a float32 in [0, 1): its magnitude
    (x or -x - 1 as a signed value) times a scale that keeps the largest
    below 1.0 after rounding."""
    if x.dtype == tl.uint32 or x.dtype == tl.int32:
        x = x.to(tl.int32, bitcast=True)
        scale = 4.6566127342e-10
    else:
        tl.static_assert(x.dtype == tl.uint64 or x.dtype == tl.int64,
                         "uint_to_uniform_float takes 32- or 64-bit integers")
        x = x.to(tl.int64, bitcast=True)
        scale = 1.0842020432385337e-19
    x = tl.where(x < 0, -x - 1, x)
    return x * scale


@jit
def rand(seed, offset, n_rounds: tl.constexpr = N_ROUNDS_DEFAULT):
    """One block of random float32 in [0, 1), one per offset."""
    source = randint(seed, offset, n_rounds)
    return uint_to_uniform_float(source)


@jit
def rand4x(seed, offsets, n_rounds: tl.constexpr = N_ROUNDS_DEFAULT):
    """Four blocks of random float32 in [0, 1)."""
    i1, i2, i3, i4 = randint4x(seed, offsets, n_rounds)
    u1 = uint_to_uniform_float(i1)
    u2 = uint_to_uniform_float(i2)
    u3 = uint_to_uniform_float(i3)
    u4 = uint_to_uniform_float(i4)
    return u1, u2, u3, u4


@jit
def pair_uniform_to_normal(u1, u2):
    """Two independent N(0, 1) blocks from two U(0, 1) ones (Box-Muller)."""
    u1 = tl.maximum(1.0e-7, u1)
    th = 6.283185307179586 * u2
    r = tl.sqrt(-2.0 * tl.log(u1))
    return r * tl.cos(th), r * tl.sin(th)


@jit
def randn(seed, offset, n_rounds: tl.constexpr = N_ROUNDS_DEFAULT):
    """One block of random float32 from N(0, 1), one per offset."""
    i1, i2, _, _ = randint4x(seed, offset, n_rounds)
    u1 = uint_to_uniform_float(i1)
    u2 = uint_to_uniform_float(i2)
    n1, _ = pair_uniform_to_normal(u1, u2)
    return n1


@jit
def randn4x(seed, offset, n_rounds: tl.constexpr = N_ROUNDS_DEFAULT):
    """Four blocks of random float32 from N(0, 1)."""
    u1, u2, u3, u4 = rand4x(seed, offset, n_rounds)
    n1, n2 = pair_uniform_to_normal(u1, u2)
    n3, n4 = pair_uniform_to_normal(u3, u4)
    return n1, n2, n3, n4
