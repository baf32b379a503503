"""``mytriton.reinterpret(array, dtype)``: Triton's ``triton.reinterpret``.

A kernel argument that is ``array``'s memory read as elements of ``dtype``
(of the same size): how a bfloat16 array reaches a kernel without torch
(numpy has no bfloat16: pass its bits as a uint16 array), or how a float32
array is passed as uint32 bits. The wrapper holds no copy; the kernel reads
and writes the array itself.
"""

from __future__ import annotations

from . import _dtypes


def _element_size(array):
    """Bytes per element of a numpy array, a torch tensor or a
    __cuda_array_interface__ array (by its typestr), or None."""
    iface = getattr(array, "__cuda_array_interface__", None)
    if isinstance(iface, dict) and isinstance(iface.get("typestr"), str):
        import numpy as np
        try:
            return np.dtype(iface["typestr"]).itemsize
        except TypeError:
            return None
    dtype = getattr(array, "dtype", None)
    size = getattr(dtype, "itemsize", None)  # numpy; torch >= 2.1
    if size is None and hasattr(array, "element_size"):
        size = array.element_size()
    return size if isinstance(size, int) else None


class TensorWrapper:
    """An array read as another element type (Triton's TensorWrapper):
    ``base`` the array, ``dtype`` the element type kernels see."""

    def __init__(self, base, dtype):
        if not isinstance(dtype, _dtypes.dtype) or \
                isinstance(dtype, _dtypes.pointer_type):
            raise TypeError(f"reinterpret takes an element dtype such as "
                            f"tl.bfloat16, not {dtype!r}")
        size = _element_size(base)
        if size is None:
            raise TypeError(f"reinterpret takes a numpy array, a torch "
                            f"tensor or a __cuda_array_interface__ array, "
                            f"not a {type(base).__name__}")
        if size != dtype.itemsize:
            raise ValueError(f"reinterpret as {dtype!r} needs elements of "
                             f"{dtype.itemsize} bytes; the array's "
                             f"{getattr(base, 'dtype', '')} elements have "
                             f"{size}")
        self.base = base
        self.dtype = dtype

    @property
    def shape(self):
        return self.base.shape

    @property
    def device(self):
        return getattr(self.base, "device", "cpu")

    def data_ptr(self) -> int:
        if hasattr(self.base, "data_ptr"):
            return self.base.data_ptr()
        return self.base.ctypes.data

    def numel(self) -> int:
        numel = getattr(self.base, "numel", None)  # torch's; numpy's .size
        return int(numel()) if callable(numel) else int(self.base.size)

    def element_size(self) -> int:
        return self.dtype.itemsize

    def __repr__(self):
        return f"TensorWrapper[{self.dtype!r}]({self.base!r})"


def reinterpret(tensor, dtype):
    """``tensor``'s memory as elements of ``dtype`` (tl.bfloat16, tl.uint32,
    ...), as Triton's ``triton.reinterpret``: a wrapper of an already
    wrapped array wraps its base, and reinterpreting as the base's own dtype
    gives the base back."""
    if isinstance(tensor, TensorWrapper):
        tensor = tensor.base
    own = getattr(tensor, "dtype", None)
    same = _dtypes.from_numpy(own) if hasattr(own, "isnative") else \
        _dtypes.from_torch(own)
    if same is not None and same == dtype:
        return tensor
    return TensorWrapper(tensor, dtype)
