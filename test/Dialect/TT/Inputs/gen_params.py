#!/usr/bin/env python3
"""Prints a kernel whose parameters are the given types in order, e.g.
`gen_params.py i32 ptr*4094`: `ptr` is !tt.ptr<f32>, `i32` is i32, and
`T*N` repeats T N times. The kernel stores through its last pointer."""
import sys

TYPES = {"ptr": "!tt.ptr<f32>", "i32": "i32"}
params = []
for spec in sys.argv[1:]:
    name, _, count = spec.partition("*")
    params += [TYPES[name]] * int(count or 1)
args = ", ".join(f"%a{i}: {t}" for i, t in enumerate(params))
last = max(i for i, t in enumerate(params) if t == TYPES["ptr"])
print(f"tt.func @many_params({args}) attributes {{block_size = 1 : i32}} {{")
print("  %v = arith.constant 1.0 : f32")
print(f"  tt.store %a{last}, %v : !tt.ptr<f32>")
print("  tt.return")
print("}")
