#!/usr/bin/env python3
"""Writes the object of the one gpu.binary in MLIR text (mytriton-opt
--tt-to-ptx output) to a file: PTX text for format=isa, a cubin for
format=bin. Usage: extract_gpu_object.py [input.mlir] -o out"""
import argparse
import re
import sys

OBJECT = re.compile(r'\b(assembly|bin|fatbin|offload)\s*=\s*"((?:[^"\\]|\\.)*)"', re.S)


def unescape(text):
    """Inverse of llvm::printEscapedString: \\\\ and \\XX hex escapes."""
    out = bytearray()
    i = 0
    while i < len(text):
        c = text[i]
        if c != "\\":
            out += c.encode("utf-8")
            i += 1
        elif text[i + 1] == "\\":
            out.append(0x5C)
            i += 2
        else:
            out.append(int(text[i + 1:i + 3], 16))
            i += 3
    return bytes(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("input", nargs="?", default="-")
    parser.add_argument("-o", "--output", required=True)
    args = parser.parse_args()
    text = sys.stdin.read() if args.input == "-" else open(args.input).read()
    objects = OBJECT.findall(text)
    if len(objects) != 1:
        sys.exit(f"error: expected one gpu.object, found {len(objects)}")
    with open(args.output, "wb") as f:
        f.write(unescape(objects[0][1]))


if __name__ == "__main__":
    main()
