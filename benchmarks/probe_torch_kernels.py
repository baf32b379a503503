"""Which kernels PyTorch launches for issue 14's peers (the 8192x8192 fp32
add and the 32768x256 softmax), with their grid, block, registers and
achieved occupancy from a torch.profiler (CUPTI) trace.
Run on the GPU host: python3 benchmarks/probe_torch_kernels.py"""
import json
import os
import tempfile


def main():
    import torch
    from torch.profiler import ProfilerActivity, profile
    x = torch.randn(8192, 8192, device="cuda")
    y = torch.randn_like(x)
    s = torch.randn(32768, 256, device="cuda")
    for _ in range(3):
        x + y
        torch.softmax(s, 1)
    torch.cuda.synchronize()
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        x + y
        torch.softmax(s, 1)
        torch.cuda.synchronize()
    trace = os.path.join(tempfile.mkdtemp(), "trace.json")
    prof.export_chrome_trace(trace)
    keys = ("grid", "block", "registers per thread", "shared memory",
            "est. achieved occupancy %")
    for event in json.load(open(trace))["traceEvents"]:
        if event.get("cat") == "kernel":
            args = event.get("args", {})
            print(event["name"][:150], event.get("dur"),
                  {k: args.get(k) for k in keys})


if __name__ == "__main__":
    main()
