"""CompiledKernel.asm["sass"]: the cubin disassembled by the CUDA toolkit's
cuobjdump (-sass), else nvdisasm, as Triton's asm["sass"]. Looked up as
$MYTRITON_CUOBJDUMP / $MYTRITON_NVDISASM, then in $CUDA_HOME/bin and
/usr/local/cuda/bin, then on PATH."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile


def _tool(name: str) -> str | None:
    override = os.environ.get(f"MYTRITON_{name.upper()}")
    if override:
        return override
    for home in (os.environ.get("CUDA_HOME"), "/usr/local/cuda"):
        if home:
            path = os.path.join(home, "bin", name)
            if os.access(path, os.X_OK):
                return path
    return shutil.which(name)


def disassemble(cubin: bytes) -> str:
    """The SASS of `cubin`; KeyError("sass") naming what is missing when
    neither tool is installed, RuntimeError when the tool fails."""
    tools = [(t, args) for t, args in ((_tool("cuobjdump"), ["-sass"]),
                                       (_tool("nvdisasm"), []))
             if t is not None]
    if not tools:
        raise KeyError("sass: neither cuobjdump nor nvdisasm was found "
                       "(install the CUDA toolkit, or set MYTRITON_CUOBJDUMP)")
    tool, args = tools[0]
    with tempfile.NamedTemporaryFile(suffix=".cubin") as f:
        f.write(bytes(cubin))
        f.flush()
        proc = subprocess.run([tool, *args, f.name], capture_output=True,
                              text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"{tool} {' '.join(args)} failed: "
                           f"{proc.stderr.strip()[-1000:]}")
    return proc.stdout
