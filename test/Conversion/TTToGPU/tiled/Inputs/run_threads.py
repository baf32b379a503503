"""Turns the lowered gpu.func of a tiled kernel without cross-thread
operations (no gpu.shuffle, no gpu.barrier) into a func.func that takes
threadIdx.x and blockIdx.x as its last arguments, so that a CPU can run
every thread of a block one after another: what each thread loads and
stores follows from the emitted index math alone.

Usage: run_threads.py < lowered.mlir > runnable.mlir (the caller appends a
@main that calls the kernel for each thread)."""
import re
import sys

text = sys.stdin.read()
if "gpu.shuffle" in text or "gpu.barrier" in text:
    sys.exit("run_threads.py: the kernel exchanges data between threads")
out = []
for line in text.splitlines():
    if line.strip().startswith("gpu.module") or line.strip() == "}" and not out:
        continue
    m = re.match(r"(\s*)gpu\.func @(\w+)\((.*)\) kernel.*\{$", line)
    if m:
        out.append(f"{m.group(1)}func.func @{m.group(2)}({m.group(3)}, "
                   "%tid.x: index, %bid.x: index) {")
        continue
    line = re.sub(r"= gpu\.thread_id\s+x", "= arith.maxui %tid.x, %tid.x : index", line)
    line = re.sub(r"= gpu\.block_id\s+x", "= arith.maxui %bid.x, %bid.x : index", line)
    line = line.replace("gpu.return", "return")
    out.append(line)
text = "\n".join(out)
# Drop the gpu.module's closing brace (the last one before the module's).
head, _, tail = text.rpartition("}")
head, _, _ = head.rpartition("}")
print(head + "\n", end="")
