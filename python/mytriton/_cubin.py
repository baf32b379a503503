"""A kernel's resource use read from its cubin, without a GPU: what
ptxas recorded in the ELF image. Registers and frame (local/spill) size come
from the .nv.info section's EIATTR_REGCOUNT and EIATTR_FRAME_SIZE records,
static shared memory from the size of the .nv.shared.<kernel> section. On
a GPU the driver's answers (cuFuncGetAttribute) replace these once the
kernel is loaded (runtime.load)."""

from __future__ import annotations

import struct

_EIFMT_SVAL = 4
_EIATTR_FRAME_SIZE = 0x11
_EIATTR_REGCOUNT = 0x2F


def _sections(image: bytes):
    if image[:5] != b"\x7fELF\x02":
        raise ValueError("not an ELF64 cubin")
    shoff = struct.unpack_from("<Q", image, 0x28)[0]
    entsize, count, names = struct.unpack_from("<HHH", image, 0x3A)
    headers = [struct.unpack_from("<IIQQQQIIQQ", image, shoff + i * entsize)
               for i in range(count)]
    strings = headers[names][4]

    def name(offset):
        end = image.index(b"\0", strings + offset)
        return image[strings + offset:end].decode()

    return [(name(h[0]), h) for h in headers]


def _symbol_index(image, sections, kernel: str):
    for name, header in sections:
        if header[1] != 2:  # SHT_SYMTAB
            continue
        strtab = sections[header[6]][1][4]
        for i in range(header[5] // 24):
            entry = header[4] + 24 * i
            offset = struct.unpack_from("<I", image, entry)[0]
            end = image.index(b"\0", strtab + offset)
            if image[strtab + offset:end].decode() == kernel:
                return i
    return None


def kernel_facts(image: bytes, kernel: str) -> dict:
    """{"n_regs", "n_spills", "shared"} for `kernel` in a cubin; a value
    the image does not record is None. n_spills counts 4-byte words of the
    thread's local frame, as Triton counts CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES."""
    facts = {"n_regs": None, "n_spills": None, "shared": 0}
    try:
        sections = _sections(bytes(image))
        symbol = _symbol_index(image, sections, kernel)
    except (ValueError, struct.error, IndexError, UnicodeDecodeError):
        return {"n_regs": None, "n_spills": None, "shared": None}
    for name, header in sections:
        if name == ".nv.shared." + kernel:
            facts["shared"] = header[5]
        if name != ".nv.info":
            continue
        data = image[header[4]:header[4] + header[5]]
        i = 0
        while i + 4 <= len(data):
            fmt, attr, size = data[i], data[i + 1], \
                struct.unpack_from("<H", data, i + 2)[0]
            if fmt != _EIFMT_SVAL:
                i += 4  # EIFMT_NVAL/BVAL/HVAL records are 4 bytes
                continue
            if size >= 8:
                owner, value = struct.unpack_from("<II", data, i + 4)
                if owner == symbol and attr == _EIATTR_REGCOUNT:
                    facts["n_regs"] = value
                elif owner == symbol and attr == _EIATTR_FRAME_SIZE:
                    facts["n_spills"] = value // 4
            i += 4 + size
    return facts
