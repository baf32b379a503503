"""Launch options cannot collide with kernel parameters, and GPU array
arguments (__cuda_array_interface__) are checked before any driver call."""

import numpy as np
import pytest

import mytriton as triton
import mytriton.language as tl
from mytriton.jit import RESERVED_PARAMETER_NAMES

EXPECTED_RESERVED = {"grid", "warmup"}
OPTIONS = ("backend", "num_warps", "programs_per_cta", "num_stages",
           "num_ctas", "enable_fp_fusion", "maxnreg")


def test_reserved_names_are_run_keywords():
    assert set(RESERVED_PARAMETER_NAMES) == EXPECTED_RESERVED


@pytest.mark.parametrize("name", sorted(EXPECTED_RESERVED))
def test_parameter_named_like_a_launch_keyword_is_refused(name):
    namespace = {"tl": tl}
    exec(f"def k(out, {name}=3):\n    tl.store(out, 1.0)\n", namespace)
    with pytest.raises(triton.CompilationError) as info:
        triton.jit(namespace["k"])
    message = str(info.value)
    assert f"parameter '{name}' has the name of a launch keyword" in message
    assert "in kernel 'k'" in message
    for reserved in EXPECTED_RESERVED:  # the whole list is shown
        assert reserved in message


@pytest.mark.parametrize("name", OPTIONS)
def test_a_parameter_named_like_an_option_gets_the_value(name):
    """Tutorial 02 declares `num_stages: tl.constexpr` and passes it: the
    value is the parameter's (the option is not taken from it), by position
    and by keyword."""
    namespace = {"tl": tl}
    exec(f"def k(out, {name}: tl.constexpr):\n"
         f"    tl.store(out, {name})\n", namespace)
    kernel = triton.jit(namespace["k"])
    out = np.zeros(1, np.int32)
    kernel[(1,)](out, 7)
    assert out[0] == 7
    kernel[(1,)](out, **{name: 5})
    assert out[0] == 5


def test_refusal_points_at_the_def_line():
    with pytest.raises(triton.CompilationError) as info:
        @triton.jit
        def k(out, warmup: tl.constexpr = 3):
            tl.store(out, 1.0)
    assert info.value.source_line.strip().startswith("def k(out, warmup")


# -- __cuda_array_interface__ --------------------------------------------------

@triton.jit
def _copy(x, out):
    tl.store(out, tl.load(x))


class _Fake:
    def __init__(self, **iface):
        self.__cuda_array_interface__ = iface


def _good(**changes):
    iface = {"shape": (4,), "typestr": "<f4", "data": (0x7F0000000000, False),
             "strides": None, "version": 3}
    iface.update(changes)
    return {k: v for k, v in iface.items() if v is not _DROP}


_DROP = object()


@pytest.mark.parametrize("iface,phrase", [
    (_good(data=(0, False)), "null data pointer for a non-empty array"),
    (_good(shape=_DROP), "no valid shape"),
    (_good(shape=None), "no valid shape"),
    (_good(shape=(4, -1)), "no valid shape"),
    (_good(shape=(4.0,)), "no valid shape"),
    (_good(shape="4"), "no valid shape"),
    (_good(typestr=_DROP), "no valid typestr"),
    (_good(typestr=4), "no valid typestr"),
    (_good(typestr="<c8"), "dtype <c8 is not supported"),
    (_good(data=_DROP), "no valid data entry"),
    (_good(data=0x7F0000000000), "no valid data entry"),
    (_good(data=(None, False)), "no valid data entry"),
    (_good(data=(-16, False)), "no valid data entry"),
    (_good(data=(2**64, False)), "no valid data entry"),
    (_good(data=(True, False)), "no valid data entry"),
    (_good(data=(0x7F0000000000, True)), "read-only"),
    (_good(strides=(4, 4)), "malformed strides"),
    (_good(strides="4"), "malformed strides"),
    (_good(strides=(4.0,)), "malformed strides"),
    (_good(strides=(8,)), "not contiguous"),
    (_good(mask=object()), "masked GPU arrays"),
])
def test_malformed_cuda_array_interface_is_refused(iface, phrase):
    out = _Fake(**_good())
    with pytest.raises(triton.ArgumentError) as info:
        _copy[(1,)](_Fake(**iface), out)
    assert info.value.reason.startswith("argument 'x': ")
    assert phrase in info.value.reason


def test_cuda_array_interface_that_is_not_a_dict():
    class NotADict:
        __cuda_array_interface__ = [("shape", (4,))]
    with pytest.raises(triton.ArgumentError, match="argument 'out': its "
                       "__cuda_array_interface__ is a list, not a dict"):
        _copy[(1,)](_Fake(**_good()), NotADict())


def test_cuda_array_interface_property_that_raises():
    class Raises:
        @property
        def __cuda_array_interface__(self):
            raise RuntimeError("device lost")
    with pytest.raises(triton.ArgumentError,
                       match="argument 'x': reading its "
                       "__cuda_array_interface__ raised RuntimeError: "
                       "device lost"):
        _copy[(1,)](Raises(), _Fake(**_good()))


def test_valid_interfaces_pass_the_checks():
    """A null pointer is allowed for an empty array (as the spec says), and
    C-contiguous strides spelled out are accepted."""
    for iface in (_good(shape=(0,), data=(0, False)),
                  _good(shape=(2, 2), strides=(8, 4)),
                  _good(shape=[4], data=[0x7F0000000010, False])):
        arg = _copy._classify_one("x", _Fake(**iface))
        assert arg.device == "gpu" and arg.type == "*fp32"
        assert arg.value == iface["data"][0]

