"""PTX variants of tutorial 03's fp16 kernel (128x256x64, 8 warps, 3
stages) for probe_cubins_matmul.py, written from MyTriton's own PTX of that
config (asm["ptx"]) by text edits that assert the structure they edit:

  base        the PTX as it is
  noexch      no shared-memory exchange before the stores: each thread
              stores its accumulator pairs where its blocked registers go
              (WRONG results; times what the exchange costs)
  ldm         Triton's epilogue: 16 st.shared.v4 of four fp16x2 pairs of
              one row, read back with 16 ldmatrix.x4 (swizzled, conflict
              free on both sides) in place of 64 st.shared.b32 + 16
              ld.shared.v4
  nofence     the K loop without its fence.proxy.async (as Triton's PTX)
  lightfence  the K loop's fence as the release-only
              fence.proxy.async::generic.release.sync_restrict (PTX 8.6)
  ldmnofence, ldmlight   ldm with either

    python3 benchmarks/make_matmul_epilogue_variants.py KERNEL.ptx OUTDIR
writes OUTDIR/matmul__<variant>__149504.cubin with CUDA's ptxas."""
import os
import re
import subprocess
import sys

PTXAS = os.path.join(os.environ.get("CUDA_HOME", "/usr/local/cuda"),
                     "bin", "ptxas")
SHARED = 149504


def assemble(out, name, text):
    with open(os.path.join(out, f"{name}.ptx"), "w") as f:
        f.write(text)
    subprocess.check_call([PTXAS, "-arch=sm_90a", os.path.join(out, f"{name}.ptx"),
                           "-o", os.path.join(out, f"matmul__{name}__{SHARED}.cubin")])


def noexch(lines):
    first = next(i for i, l in enumerate(lines) if "st.shared.b32" in l)
    lds = [i for i, l in enumerate(lines) if "ld.shared.v4.b32" in l]
    cvts = [re.search(r"cvt.rn.f16x2.f32\s+(%r\d+)", l).group(1)
            for l in lines if "cvt.rn.f16x2.f32" in l]
    assert len(cvts) == 64 and len(lds) == 16
    out, k = lines[:first], 0
    for i in lds:
        for r in re.search(r"\{([^}]*)\}", lines[i]).group(1).split(", "):
            out.append(f"\tmov.b32 \t{r}, {cvts[k]};")
            k += 1
    return out + lines[lds[-1] + 1:]


WRITER = """mov.u32 %q0, %tid.x; and.b32 %q1, %q0, 31; shr.u32 %q2, %q0, 5;
shr.u32 %q3, %q1, 2; and.b32 %q4, %q1, 3; and.b32 %q5, %q3, 3;
xor.b32 %q6, %q4, %q5; and.b32 %q7, %q3, 1; shl.b32 %q8, %q7, 6;
shl.b32 %q9, %q2, 4; add.s32 %q10, %q3, %q9; shl.b32 %q11, %q10, 9;
shl.b32 %q12, %q6, 4; add.s32 %q13, %q11, %q12; add.s32 %q14, %q13, %q8;
sub.s32 %q15, %q13, %q8; cvt.u64.u32 %qd0, %q14; add.s64 %qd1, %rd31, %qd0;
cvt.u64.u32 %qd2, %q15; add.s64 %qd3, %rd31, %qd2;"""
READER = """and.b32 %q20, %q1, 7; shr.u32 %q21, %q20, 1; shl.b32 %q22, %q2, 2;
add.s32 %q23, %q22, %q21; shl.b32 %q24, %q23, 9; and.b32 %q25, %q1, 1;
shl.b32 %q26, %q25, 2; shr.u32 %q27, %q1, 3; add.s32 %q28, %q26, %q27;
and.b32 %q29, %q21, 1; shl.b32 %q30, %q29, 2; or.b32 %q31, %q21, %q30;
xor.b32 %q32, %q28, %q31; shl.b32 %q33, %q32, 4; add.s32 %q34, %q24, %q33;
cvt.u64.u32 %qd4, %q34; add.s64 %qd5, %rd31, %qd4;"""


def ldm(lines):
    """Row R, 32-column group q, pair index i (column 8j + 2i of n8 block
    j = 4q..4q+3) is the 16-byte chunk at R * 512 + 16 * ((4q + i) ^ s(R)),
    s(R) = (R & 3) | (R & 1) << 2: a writer's eight lanes (two rows, four
    i) and an ldmatrix's eight row addresses (four rows, two q) each fall
    in eight distinct 16-byte bank groups."""
    sts = [i for i, l in enumerate(lines) if "st.shared.b32" in l]
    lds = [i for i, l in enumerate(lines) if "ld.shared.v4.b32" in l]
    bars = [i for i, l in enumerate(lines) if l.strip() == "bar.sync \t0;"]
    assert bars[3] < sts[0] and sts[-1] < bars[4] < lds[0]
    assert len(sts) == 64 and len(lds) == 16
    pair = {}
    for i in sts:
        m = re.search(r"\[%rd120(?:\+(\d+))?\], (%r\d+);", lines[i])
        h, rest = divmod(int(m.group(1) or 0), 4224)  # 8 padded rows
        pair[(rest // 16, h)] = m.group(2)
    assert len(pair) == 64
    body = [f"\t{s.strip()};" for s in WRITER.replace("\n", " ").split(";")
            if s.strip()]
    for h in (0, 1):
        for q in range(8):
            regs = ", ".join(pair[(4 * q + j, h)] for j in range(4))
            base = "%qd1" if q % 2 == 0 else "%qd3"
            body.append(f"\tst.shared.v4.b32 \t[{base}+{h * 4096 + 64 * q}],"
                        f" {{{regs}}};")
    body.append(lines[bars[4]])
    body += [f"\t{s.strip()};" for s in READER.replace("\n", " ").split(";")
             if s.strip()]
    body += lines[bars[4] + 1:lds[0]]
    for n, i in enumerate(lds):
        k, m = divmod(n, 4)
        regs = re.search(r"\{([^}]*)\}", lines[i]).group(1)
        body.append("\tldmatrix.sync.aligned.m8n8.x4.shared.b16 "
                    f"\t{{{regs}}}, [%qd5+{k * 16384 + m * 128}];")
    out = lines[:sts[0]] + body + lines[lds[-1] + 1:]
    decl = "\t.reg .b64 \t%rd<137>;"
    assert decl in out
    out[out.index(decl)] = decl + "\n\t.reg .b32 \t%q<40>;\n\t.reg .b64 \t%qd<8>;"
    return out


def loop_fence(lines, replacement):
    fences = [i for i, l in enumerate(lines) if "fence.proxy.async" in l]
    assert len(fences) == 2  # the K loop's, then the drain's
    out = list(lines)
    if replacement is None:
        del out[fences[0]]
    else:
        out[fences[0]] = "\t" + replacement
    return out


def main(ptx, out):
    os.makedirs(out, exist_ok=True)
    lines = open(ptx).read().split("\n")
    light = "fence.proxy.async::generic.release.sync_restrict::shared::cta.cluster;"

    def text(ls, v86=False):
        t = "\n".join(ls)
        return t.replace(".version 8.0", ".version 8.6") if v86 else t
    assemble(out, "base", text(lines))
    assemble(out, "noexch", text(noexch(lines)))
    assemble(out, "ldm", text(ldm(lines)))
    assemble(out, "nofence", text(loop_fence(lines, None)))
    assemble(out, "lightfence", text(loop_fence(lines, light), True))
    assemble(out, "ldmnofence", text(loop_fence(ldm(lines), None)))
    assemble(out, "ldmlight", text(loop_fence(ldm(lines), light), True))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
