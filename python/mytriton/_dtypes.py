"""The one description of MyTriton's element types (Triton's dtypes).

Every part of the frontend, the cache and the launchers that needs a fact
about a dtype -- its MLIR spelling, its size, its numpy or torch name, its
C type for a kernel parameter -- reads it from the table here, so the lists
are not repeated. The ``dtype`` class is Triton's ``triton.language.dtype``:
the same names (``str(tl.float16) == "fp16"``), the same ``is_*`` queries and
the same ``pointer_type``. Integers are signless in the IR: ``uint32`` and
``int32`` are both ``i32``, and the frontend picks the unsigned ops.
"""

from __future__ import annotations

from typing import NamedTuple


class _Info(NamedTuple):
    name: str          # Triton's dtype name
    mlir: str          # the element type in tt IR
    bits: int
    kind: str          # "bool", "sint", "uint" or "float"
    numpy: str | None  # numpy's dtype name (bfloat16 has none)
    torch: str | None  # torch's dtype attribute name
    ctype: str         # ctypes type of a scalar kernel parameter


_TABLE = (
    _Info("int1", "i1", 1, "bool", "bool", "bool", "c_bool"),
    _Info("int8", "i8", 8, "sint", "int8", "int8", "c_int8"),
    _Info("int16", "i16", 16, "sint", "int16", "int16", "c_int16"),
    _Info("int32", "i32", 32, "sint", "int32", "int32", "c_int32"),
    _Info("int64", "i64", 64, "sint", "int64", "int64", "c_int64"),
    _Info("uint8", "i8", 8, "uint", "uint8", "uint8", "c_uint8"),
    _Info("uint16", "i16", 16, "uint", "uint16", "uint16", "c_uint16"),
    _Info("uint32", "i32", 32, "uint", "uint32", "uint32", "c_uint32"),
    _Info("uint64", "i64", 64, "uint", "uint64", "uint64", "c_uint64"),
    _Info("fp16", "f16", 16, "float", "float16", "float16", "c_uint16"),
    _Info("bf16", "bf16", 16, "float", None, "bfloat16", "c_uint16"),
    _Info("fp32", "f32", 32, "float", "float32", "float32", "c_float"),
    _Info("fp64", "f64", 64, "float", "float64", "float64", "c_double"),
)
_INFO = {info.name: info for info in _TABLE}
_MANTISSA = {"fp16": 10, "bf16": 7, "fp32": 23, "fp64": 52}


class dtype:
    """An element type, as Triton's ``triton.language.dtype``."""

    SINT_TYPES = [i.name for i in _TABLE if i.kind == "sint"]
    UINT_TYPES = [i.name for i in _TABLE if i.kind in ("bool", "uint")]
    FP_TYPES = [i.name for i in _TABLE if i.kind == "float"]
    STANDARD_FP_TYPES = FP_TYPES

    def __init__(self, name: str):
        if name not in _INFO:
            raise ValueError(f"unknown dtype {name!r}; MyTriton knows "
                             + ", ".join(_INFO))
        info = _INFO[name]
        self.name = name
        self.primitive_bitwidth = info.bits
        if info.kind != "float":
            self.int_bitwidth = info.bits
        else:
            self.fp_mantissa_width = _MANTISSA[name]

    # What the frontend and the launchers read.
    @property
    def mlir(self) -> str:
        """The element type in tt IR (``f16``, ``i32``; signless)."""
        return _INFO[self.name].mlir

    @property
    def itemsize(self) -> int:
        """Bytes per element in memory (a bool takes one byte)."""
        return max(1, self.primitive_bitwidth // 8)

    @property
    def numpy_name(self) -> str | None:
        return _INFO[self.name].numpy

    @property
    def torch_name(self) -> str | None:
        return _INFO[self.name].torch

    @property
    def ctype_name(self) -> str:
        return _INFO[self.name].ctype

    # Triton's queries.
    def is_fp8(self): return False
    def is_fp16(self): return self.name == "fp16"
    def is_bf16(self): return self.name == "bf16"
    def is_fp32(self): return self.name == "fp32"
    def is_fp64(self): return self.name == "fp64"
    def is_int1(self): return self.name == "int1"
    def is_int8(self): return self.name == "int8"
    def is_int16(self): return self.name == "int16"
    def is_int32(self): return self.name == "int32"
    def is_int64(self): return self.name == "int64"
    def is_uint8(self): return self.name == "uint8"
    def is_uint16(self): return self.name == "uint16"
    def is_uint32(self): return self.name == "uint32"
    def is_uint64(self): return self.name == "uint64"
    def is_floating(self): return self.name in dtype.FP_TYPES
    def is_standard_floating(self): return self.is_floating()
    def is_int_signed(self): return self.name in dtype.SINT_TYPES
    def is_int_unsigned(self): return self.name in dtype.UINT_TYPES
    def is_int(self): return self.is_int_signed() or self.is_int_unsigned()
    def is_bool(self): return self.name == "int1"
    @staticmethod
    def is_ptr(): return False
    @staticmethod
    def is_block(): return False

    @property
    def scalar(self):
        return self

    def __eq__(self, other):
        return isinstance(other, dtype) and not isinstance(
            other, pointer_type) and self.name == other.name

    def __hash__(self):
        return hash((self.name,))

    def __str__(self):
        return self.name

    def codegen_name(self) -> str:
        if self.name.startswith("fp"):
            return "float" + self.name[2:]
        if self.name.startswith("bf"):
            return "bfloat" + self.name[2:]
        return self.name

    @property
    def cache_key_part(self) -> str:
        return self.name

    def __repr__(self):
        return f"triton.language.{self.codegen_name()}"


class pointer_type(dtype):
    """A pointer to global memory of ``element_ty`` elements. A bool pointee
    is a byte in memory, so ``pointer_type(int1)`` is ``!tt.ptr<i8>`` in the
    IR, read as int8 and compared with 0, as Triton does."""

    def __init__(self, element_ty: dtype, address_space: int = 1):
        if not isinstance(element_ty, dtype) or isinstance(element_ty,
                                                           pointer_type):
            raise TypeError(f"pointer_type takes an element dtype, not "
                            f"{element_ty!r}")
        self.element_ty = element_ty
        self.address_space = address_space
        self.name = f"pointer<{element_ty}>"
        self.primitive_bitwidth = 64

    @property
    def mlir(self) -> str:
        memory = "i8" if self.element_ty.is_bool() else self.element_ty.mlir
        return f"!tt.ptr<{memory}>"

    @property
    def itemsize(self) -> int:
        return 8

    @property
    def ctype_name(self) -> str:
        return "c_void_p"

    def is_ptr(self):
        return True

    def is_floating(self):
        return False

    def is_int(self):
        return False

    def is_int_signed(self):
        return False

    def is_int_unsigned(self):
        return False

    def is_bool(self):
        return False

    def __eq__(self, other):
        return (isinstance(other, pointer_type)
                and self.element_ty == other.element_ty
                and self.address_space == other.address_space)

    def __hash__(self):
        return hash(("pointer", self.element_ty.name, self.address_space))

    def __repr__(self):
        return self.name


int1 = dtype("int1")
int8 = dtype("int8")
int16 = dtype("int16")
int32 = dtype("int32")
int64 = dtype("int64")
uint8 = dtype("uint8")
uint16 = dtype("uint16")
uint32 = dtype("uint32")
uint64 = dtype("uint64")
float16 = dtype("fp16")
bfloat16 = dtype("bf16")
float32 = dtype("fp32")
float64 = dtype("fp64")

ALL = (int1, int8, int16, int32, int64, uint8, uint16, uint32, uint64,
       float16, bfloat16, float32, float64)
BY_NAME = {d.name: d for d in ALL}
# numpy's and torch's names, and the aliases Triton accepts in signatures
# ("*fp16", "i32", "u8", "bf16").
BY_NUMPY = {d.numpy_name: d for d in ALL if d.numpy_name}
BY_TORCH = {f"torch.{d.torch_name}": d for d in ALL}
SIGNATURE_NAMES = {
    "i1": int1, "i8": int8, "i16": int16, "i32": int32, "i64": int64,
    "u1": int1, "u8": uint8, "u16": uint16, "u32": uint32, "u64": uint64,
    "fp16": float16, "bf16": bfloat16, "fp32": float32, "fp64": float64,
}


def from_numpy(np_dtype) -> dtype | None:
    """The dtype of a numpy dtype, or None when MyTriton has none for it."""
    return BY_NUMPY.get(getattr(np_dtype, "name", str(np_dtype)))


def from_torch(torch_dtype) -> dtype | None:
    """The dtype of a torch dtype (``torch.bfloat16`` ...), or None."""
    return BY_TORCH.get(str(torch_dtype))
