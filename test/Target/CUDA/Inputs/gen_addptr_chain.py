#!/usr/bin/env python3
"""Prints a kernel that advances a pointer N times by its i32 argument
(`tt.addptr` of `tt.addptr` ... N deep) and stores through the result:
the input that once made --emit-cuda's memory grow quadratically.
Usage: gen_addptr_chain.py N [tensor]; `tensor` chains 64-lane pointer
tensors owned 2 lanes per thread (num_warps = 1) instead of scalars."""
import sys

n = int(sys.argv[1])
tensor = len(sys.argv) > 2 and sys.argv[2] == "tensor"
if tensor:
    ptr, off = "tensor<64x!tt.ptr<f32>>", "tensor<64xi32>"
    print("tt.func @chain(%p: !tt.ptr<f32>, %i: i32) attributes "
          "{block_size = 64 : i32, num_warps = 1 : i32} {")
    print("  %r = tt.make_range {start = 0 : i32, end = 64 : i32} : "
          "tensor<64xi32>")
    print("  %s = tt.splat %i : i32 -> tensor<64xi32>")
    print("  %o = arith.addi %r, %s : tensor<64xi32>")
    print("  %q0 = tt.splat %p : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>")
    value = "  %v = arith.constant dense<1.0> : tensor<64xf32>"
else:
    ptr, off = "!tt.ptr<f32>", "i32"
    print("tt.func @chain(%p: !tt.ptr<f32>, %i: i32) attributes "
          "{block_size = 1 : i32} {")
    print("  %o = arith.addi %i, %i : i32")
    print("  %q0 = tt.addptr %p, %i : !tt.ptr<f32>, i32")
    value = "  %v = arith.constant 1.0 : f32"
for k in range(1, n + 1):
    print(f"  %q{k} = tt.addptr %q{k - 1}, %o : {ptr}, {off}")
print(value)
print(f"  tt.store %q{n}, %v : {ptr}")
print("  tt.return")
print("}")
