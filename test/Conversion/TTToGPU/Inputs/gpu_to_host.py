"""Turns the gpu.funcs that convert-tt-to-gpu lowers (with shuffles and
barriers) into host functions, so that the lowered IR itself runs on a CPU:
thread and block ids, gpu.shuffle and gpu.barrier become calls of
mytriton_emu_* functions (test/Target/CUDA/gpu/gpu_ir_host.h implements
them on host_emulation.h's fibers, one per GPU thread), workgroup buffers
and the dynamic shared memory of tiled kernels become module globals (fibers
share them as a block's threads share shared memory), and each kernel a func.func of the same arguments. It also writes
a C++ header declaring the kernels, so a check program launches them as it
launches the CUDA emitter's.

Usage: gpu_to_host.py lowered.mlir host.mlir kernels.h
(then stock mlir-opt --convert-scf-to-cf --convert-to-llvm, mlir-translate
--mlir-to-llvmir, and a host compiler)."""
import re
import sys

C_TYPES = {"!llvm.ptr<1>": "void*", "i32": "int", "i64": "long long",
           "f32": "float", "f64": "double", "i1": "bool"}
SHUFFLED = {"i32", "f32", "i64", "f64"}
# The dynamic shared memory a block may use (sm_90's 227 KiB).
DYNAMIC_BYTES = 232448


def main(src, dst, header):
    text = open(src).read().replace(", #gpu.address_space<workgroup>", "")
    out, globals_, decls, used = [], [], [], set()
    kernel = None
    for line in text.splitlines():
        s = line.strip()
        if s.startswith("gpu.module") or s.startswith("module"):
            continue
        m = re.match(r"(\s*)gpu\.func @(\w+)\((.*?)\)"
                     r"(?: workgroup\((.*?)\))? kernel.*\{$", line)
        if m:
            indent, name, args, workgroup = m.groups()
            kernel = name
            types = re.findall(r"%\w+: ([^,]+(?:<[^>]*>)?)", args)
            decls.append(f'extern "C" void {name}(' + ", ".join(
                C_TYPES[t.strip()] for t in types) + ");")
            out.append(f"{indent}func.func @{name}({args}) {{")
            for i, (arg, mtype) in enumerate(re.findall(
                    r"(%\w+) : (memref<[^>]*>)", workgroup or "")):
                sym = f"@wg_{name}_{i}"
                globals_.append(f'  memref.global "private" {sym} : {mtype} '
                                "= uninitialized {alignment = 16}")
                out.append(f"{indent}  {arg} = memref.get_global {sym} : "
                           f"{mtype}")
            continue
        m = re.match(r"(\s*)(%\w+) = gpu\.dynamic_shared_memory : "
                     r"memref<\?xi8>$", line)
        if m:
            # A tiled kernel's scratch: a global of the most a block may
            # use, seen through the dynamic memref the kernel takes.
            indent, res = m.groups()
            sym, static = f"@dyn_{kernel}", f"memref<{DYNAMIC_BYTES}xi8>"
            globals_.append(f'  memref.global "private" {sym} : {static} '
                            "= uninitialized {alignment = 1024}")
            out.append(f"{indent}%dyn_{kernel} = memref.get_global {sym} : "
                       f"{static}")
            out.append(f"{indent}{res} = memref.cast %dyn_{kernel} : {static} "
                       "to memref<?xi8>")
            continue
        m = re.match(r"(\s*)(%\w+) = gpu\.(thread_id|block_id)\s+(\w)$", line)
        if m:
            indent, res, what, dim = m.groups()
            fn = f"mytriton_emu_{what}_{dim}"
            used.add(f"func.func private @{fn}() -> index")
            out.append(f"{indent}{res} = func.call @{fn}() : () -> index")
            continue
        m = re.match(r"(\s*)(%\w+), (%\w+) = gpu\.shuffle\s+xor (%\w+), "
                     r"(%\w+), (%\w+) : (\w+)$", line)
        if m:
            indent, res, valid, value, offset, width, t = m.groups()
            if t not in SHUFFLED:
                sys.exit(f"gpu_to_host.py: a shuffle of {t}")
            fn = f"mytriton_emu_shfl_xor_{t}"
            used.add(f"func.func private @{fn}({t}, i32, i32) -> {t}")
            out.append(f"{indent}{res} = func.call @{fn}({value}, {offset}, "
                       f"{width}) : ({t}, i32, i32) -> {t}")
            out.append(f"{indent}{valid} = arith.constant true")
            continue
        if s == "gpu.barrier":
            used.add("func.func private @mytriton_emu_barrier()")
            out.append(line.replace("gpu.barrier",
                                    "func.call @mytriton_emu_barrier() : "
                                    "() -> ()"))
            continue
        if "gpu." in line.replace("gpu.return", ""):
            sys.exit(f"gpu_to_host.py: no host form for: {s}")
        out.append(line.replace("gpu.return", "return"))
    # The two closing braces of the gpu.module and the module.
    body = "\n".join(out).rstrip()
    for _ in range(2):
        assert body.endswith("}"), body[-40:]
        body = body[:-1].rstrip()
    with open(dst, "w") as f:
        f.write("module {\n" + "\n".join(globals_) + "\n" +
                "\n".join("  " + u for u in sorted(used)) + "\n" + body +
                "\n}\n")
    with open(header, "w") as f:
        f.write("// Written by gpu_to_host.py: the lowered kernels.\n")
        f.write("\n".join(decls) + "\n")


if __name__ == "__main__":
    main(*sys.argv[1:])
