# Writes tt kernels that reduce rows of 1..1024 lanes (f32 and i32) four ways
# (sum, max, min, sum(v - max)) and store each result from every lane, so a
# GPU run checks both the value and that every thread received it.
# usage: gen_reduce_kernels.py <suffix> [--lanes | --packed] [--table]
#   kernel names end in _<suffix>; --lanes: the num_warps variants instead,
#   E = 2, 4, 8 lanes per thread wherever that leaves at least one warp
#   (red_f32_w1024_e4_<suffix> has 256 threads); --packed: programs of at
#   most one warp packed programs_per_cta = P = 2, 4 to a CUDA block: widths
#   1..32 (one lane per thread) and 64, 256, 1024 with num_warps = 1 (32
#   threads, E = 2, 8, 32; red_f32_w256_e8_p4_<suffix>); --table: C
#   initializers {name, width, threads, programs per block, is_float, f32
#   kernel, i32 kernel} of those kernels (reduce_check.cu's K) instead of tt.
import sys
suffix = sys.argv[1]
lanes = "--lanes" in sys.argv
packed = "--packed" in sys.argv
def variants():
    for i in range(11):
        w = 1 << i
        for ty in ["f32", "i32"]:
            if packed:
                if w <= 32 or w in (64, 256, 1024):
                    for p in [2, 4]:
                        yield w, ty, (w // 32 if w > 32 else None), p
                continue
            if not lanes:
                yield w, ty, None, 1
                continue
            for e in [2, 4, 8]:
                if w // e >= 32:
                    yield w, ty, e, 1
def name(w, ty, e, p):
    return (f"red_{ty}_w{w}" + (f"_e{e}" if e else "") + (f"_p{p}" if p > 1 else "")
            + f"_{suffix}")
def kernel(w, ty, e, p):
    ptr = f"!tt.ptr<{ty}>"
    T = f"tensor<{w}x{ty}>"; I = f"tensor<{w}xi32>"; P = f"tensor<{w}x{ptr}>"
    sub = "arith.subf" if ty == "f32" else "arith.subi"
    attrs = (f"block_size = {w} : i32" + (f", num_warps = {w // e // 32} : i32" if e else "")
             + (f", programs_per_cta = {p} : i32" if p > 1 else ""))
    L = [f"tt.func @{name(w, ty, e, p)}(%x: {ptr}, %out: {ptr}) attributes {{{attrs}}} {{",
         "  %pid = tt.get_program_id 0 : i32",
         f"  %w = arith.constant {w} : i32",
         f"  %w4 = arith.constant {4*w} : i32",
         "  %start = arith.muli %pid, %w : i32",
         "  %ostart = arith.muli %pid, %w4 : i32",
         f"  %lanes = tt.make_range {{start = 0 : i32, end = {w} : i32}} : {I}",
         f"  %start_v = tt.splat %start : i32 -> {I}",
         f"  %offs = arith.addi %start_v, %lanes : {I}",
         f"  %xs = tt.splat %x : {ptr} -> {P}",
         f"  %p = tt.addptr %xs, %offs : {P}, {I}",
         f"  %v = tt.load %p : {P}",
         f"  %rsum = tt.reduce sum %v : {T} -> {ty}",
         f"  %rmax = tt.reduce max %v : {T} -> {ty}",
         f"  %rmin = tt.reduce min %v : {T} -> {ty}",
         f"  %max_v = tt.splat %rmax : {ty} -> {T}",
         f"  %d = {sub} %v, %max_v : {T}",
         f"  %rdsum = tt.reduce sum %d : {T} -> {ty}"]
    for k, r in enumerate(["rsum", "rmax", "rmin", "rdsum"]):
        L += [f"  %k{k} = arith.constant {k*w} : i32",
              f"  %b{k} = arith.addi %ostart, %k{k} : i32",
              f"  %bv{k} = tt.splat %b{k} : i32 -> {I}",
              f"  %o{k} = arith.addi %bv{k}, %lanes : {I}",
              f"  %os{k} = tt.splat %out : {ptr} -> {P}",
              f"  %q{k} = tt.addptr %os{k}, %o{k} : {P}, {I}",
              f"  %s{k} = tt.splat %{r} : {ty} -> {T}",
              f"  tt.store %q{k}, %s{k} : {P}"]
    L += ["  tt.return", "}"]
    return "\n".join(L)
if "--table" in sys.argv:
    for w, ty, e, p in variants():
        n = name(w, ty, e, p)
        fns = f"{n}, nullptr" if ty == "f32" else f"nullptr, {n}"
        print(f'{{"{n}", {w}, {w // (e or 1)}, {p}, {int(ty == "f32")}, {fns}}},')
else:
    print("\n\n".join(kernel(w, ty, e, p) for w, ty, e, p in variants()))
