"""Launch options cannot collide with kernel parameters."""

import pytest

import mytriton as triton
import mytriton.language as tl
from mytriton.jit import RESERVED_PARAMETER_NAMES

EXPECTED_RESERVED = {"grid", "warmup", "backend", "num_warps",
                     "programs_per_cta", "num_stages", "num_ctas",
                     "enable_fp_fusion", "maxnreg"}


def test_reserved_names_are_the_launch_keywords():
    assert set(RESERVED_PARAMETER_NAMES) == EXPECTED_RESERVED


@pytest.mark.parametrize("name", sorted(EXPECTED_RESERVED))
def test_parameter_named_like_a_launch_option_is_refused(name):
    namespace = {"tl": tl}
    exec(f"def k(out, {name}=3):\n    tl.store(out, 1.0)\n", namespace)
    with pytest.raises(triton.CompilationError) as info:
        triton.jit(namespace["k"])
    message = str(info.value)
    assert f"parameter '{name}' has the name of a launch option" in message
    assert "in kernel 'k'" in message
    for reserved in EXPECTED_RESERVED:  # the whole list is shown
        assert reserved in message


def test_refusal_points_at_the_def_line():
    with pytest.raises(triton.CompilationError) as info:
        @triton.jit
        def k(out, warmup: tl.constexpr = 3):
            tl.store(out, 1.0)
    assert info.value.source_line.strip().startswith("def k(out, warmup")

