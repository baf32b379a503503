"""Right device, right stream, right chip, and Triton's kernel facts, on the
CPU: the fake libcuda (test/Runtime/FakeCuda.c) plays a driver with two
devices, device 0 an sm_90 with 132 SMs and device 1 an sm_80 with 108. It
refuses launches outside the context a module or stream belongs to and logs
each launch's stream and context (0x1000 + device), which these tests read.
Each scenario runs in a fresh interpreter (the driver is chosen at load)."""

import os
import subprocess
import sys
import textwrap

import pytest

from conftest import FAKE_CUDA as FAKE, requires_fake_cuda

HERE = os.path.dirname(os.path.abspath(__file__))

pytestmark = requires_fake_cuda

# A kernel the fake driver knows by name (vadd_grid: it adds x and y into
# out in host memory), and arrays in fake "device" memory allocated on a
# chosen device through the runtime.
PRELUDE = textwrap.dedent("""
    import ctypes, sys
    import numpy as np
    import mytriton as triton
    import mytriton.language as tl
    from mytriton import runtime

    @triton.jit
    def vadd_grid(x, y, out, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        mask = offs < n
        tl.store(out + offs, tl.load(x + offs, mask=mask) +
                 tl.load(y + offs, mask=mask), mask=mask)

    lib = runtime._load()

    class DeviceArray:
        # float32 memory from cuMemAlloc on `device`, which the fake keeps
        # in host memory (so numpy can fill and read it).
        def __init__(self, values, device, stream=None):
            assert lib.mtr_init(device) == 0
            self.n = len(values)
            ptr = ctypes.c_uint64()
            assert lib.mtr_malloc(ctypes.byref(ptr), 4 * self.n) == 0
            self.ptr = ptr.value
            self.view()[:] = values
            self.__cuda_array_interface__ = {
                "shape": (self.n,), "typestr": "<f4", "strides": None,
                "data": (self.ptr, False), "version": 3, "stream": stream}
        def view(self):
            buf = (ctypes.c_float * self.n).from_address(self.ptr)
            return np.frombuffer(buf, np.float32)

    def stream_on(device):
        assert lib.mtr_init(device) == 0
        s = ctypes.c_void_p()
        assert lib.mtr_stream_create(ctypes.byref(s)) == 0
        return s.value

    def current():
        out = ctypes.c_int()
        assert lib.mtr_current_device(ctypes.byref(out)) == 0
        return out.value
""")


def run(tmp_path, body, launcher="auto", devices=2, extra_path=None,
        **env_extra):
    env = dict(os.environ, MYTRITON_LIBCUDA=FAKE, MYTRITON_BACKEND="nvvm",
               MYTRITON_CACHE_DIR=str(tmp_path / "cache"),
               FAKE_CUDA_DEVICES=str(devices), MYTRITON_LAUNCHER=launcher,
               PYTHONPATH=os.pathsep.join(
                   [p for p in (extra_path, os.path.dirname(HERE)) if p]))
    env.pop("MYTRITON_GPU_ARCH", None)
    env.update(env_extra)
    proc = subprocess.run([sys.executable, "-c",
                           PRELUDE + textwrap.dedent(body)],
                          env=env, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr[-3000:]
    return proc


def launches(stderr):
    return [line for line in stderr.splitlines()
            if line.startswith("fake: cuLaunchKernel")]


@pytest.mark.parametrize("launcher", ["c", "ctypes"])
def test_launch_runs_on_the_arrays_device_and_stream(tmp_path, launcher):
    proc = run(tmp_path, """
        stream = stream_on(1)
        x = DeviceArray(np.arange(100), 1, stream)
        y = DeviceArray(np.full(100, 0.5), 1, stream)
        out = DeviceArray(np.zeros(100), 1, stream)
        lib.mtr_init(0)  # device 0 current, as torch would leave it
        k = vadd_grid[(4,)](x, y, out, 100, BLOCK=32)
        assert np.array_equal(out.view(), np.arange(100) + 0.5), out.view()
        assert current() == 0, current()  # the caller's context is back
        # Compiled for device 1's chip (sm_80), not assumed sm_90.
        assert ".target sm_80" in k.asm["ptx"], k.asm["ptx"][:300]
        print("stream", hex(stream), runtime._launcher.status())
    """, launcher=launcher)
    stream = proc.stdout.split()[1]
    assert launches(proc.stderr) == [
        "fake: cuLaunchKernel vadd_grid grid=1x1x1 block=32x4x1 shared=0 "
        f"stream=user:{stream} ctx=0x1001"], proc.stderr
    assert proc.stdout.split()[2] == ("c" if launcher == "c" else "ctypes")


def test_one_module_per_device_and_chip_per_device(tmp_path):
    proc = run(tmp_path, """
        outs = []
        for device in (0, 1, 0):
            x = DeviceArray(np.arange(8), device)
            out = DeviceArray(np.zeros(8), device)
            k = vadd_grid[(1,)](x, x, out, 8, BLOCK=8)
            assert np.array_equal(out.view(), 2 * np.arange(8))
            outs.append(k)
        assert outs[0] is outs[2] and outs[0] is not outs[1]
        assert sorted(outs[0]._gpu_functions) == [0]
        assert sorted(outs[1]._gpu_functions) == [1]
        print(".target sm_90" in outs[0].asm["ptx"],
              ".target sm_80" in outs[1].asm["ptx"])
    """)
    assert proc.stdout.split() == ["True", "True"]
    contexts = [line.split()[-1] for line in launches(proc.stderr)]
    assert contexts == ["ctx=0x1000", "ctx=0x1001", "ctx=0x1000"]


def test_arrays_on_two_devices_are_refused(tmp_path):
    proc = run(tmp_path, """
        x = DeviceArray(np.arange(8), 0)
        y = DeviceArray(np.arange(8), 1)
        out = DeviceArray(np.zeros(8), 1)
        try:
            vadd_grid[(1,)](x, y, out, 8, BLOCK=8)
        except triton.ArgumentError as e:
            print(e)
    """)
    assert "GPU arrays on different devices (x on cuda:0; y, out on " \
        "cuda:1)" in proc.stdout, proc.stdout
    assert "kernel 'vadd_grid'" in proc.stdout
    assert not launches(proc.stderr)


# A stand-in for torch: tensors report their device with get_device(), and
# torch's current stream per device comes from _cuda_getCurrentRawStream,
# which records what it was asked.
FAKE_TORCH = textwrap.dedent("""
    asked = []
    streams = {}
    class _C:
        @staticmethod
        def _cuda_getCurrentRawStream(device):
            asked.append(device)
            return streams[device]
    class cuda:
        @staticmethod
        def is_available():
            return True
        @staticmethod
        def current_device():
            return 0
    class _DType:
        def __init__(self, name):
            self.name = name
        def __str__(self):
            return "torch." + self.name
    float32, int32 = _DType("float32"), _DType("int32")
    class Tensor:
        is_cuda = True
        def __init__(self, array, device):
            self.array, self.device_index = array, device
            self.dtype = float32
        def is_contiguous(self):
            return True
        def data_ptr(self):
            return self.array.ptr
        def get_device(self):
            return self.device_index
        def numel(self):
            return getattr(self, "elements", 1024)
""")


def test_torch_tensors_launch_on_torchs_current_stream(tmp_path):
    package = tmp_path / "faketorch" / "torch"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(FAKE_TORCH)
    proc = run(tmp_path, """
        import torch
        torch.streams[1] = stream_on(1)
        torch.streams[0] = 0
        x = torch.Tensor(DeviceArray(np.arange(64), 1), 1)
        out = torch.Tensor(DeviceArray(np.zeros(64), 1), 1)
        lib.mtr_init(0)
        vadd_grid[(2,)](x, x, out, 64, BLOCK=32)
        assert np.array_equal(out.array.view(), 2 * np.arange(64))
        print(hex(torch.streams[1]), torch.asked)
    """, extra_path=str(tmp_path / "faketorch"))
    stream, asked = proc.stdout.split(maxsplit=1)
    assert asked.strip() == "[1]"  # torch's stream of device 1, asked once
    assert launches(proc.stderr)[0].endswith(
        f"stream=user:{stream} ctx=0x1001"), proc.stderr


@pytest.mark.parametrize("launcher", ["c", "ctypes"])
def test_torch_tensor_of_2_31_elements_is_launched(tmp_path, launcher):
    """Arrays of 2**31 elements and more are taken, as Triton takes them
    (offsets computed in int32 wrap as the kernel says, DTYPES.md), by the
    compiled launcher's classification too."""
    package = tmp_path / "faketorch" / "torch"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(FAKE_TORCH)
    proc = run(tmp_path, """
        import torch
        torch.streams[0] = 0
        x = torch.Tensor(DeviceArray(np.arange(64), 0), 0)
        out = torch.Tensor(DeviceArray(np.zeros(64), 0), 0)
        lib.mtr_init(0)
        vadd_grid[(2,)](x, x, out, 64, BLOCK=32)  # loads the launcher
        out.elements = 2**31
        vadd_grid[(2,)](x, x, out, 64, BLOCK=32)
        print("ok")
    """, launcher=launcher, extra_path=str(tmp_path / "faketorch"))
    assert proc.stdout.split() == ["ok"], proc.stdout
    assert len(launches(proc.stderr)) == 2


def test_reinterpreted_gpu_array_launches_on_its_base_device(tmp_path):
    """mytriton.reinterpret of a __cuda_array_interface__ array: the launch
    finds the device and stream of the array it wraps."""
    proc = run(tmp_path, """
        from mytriton import _dtypes
        x = DeviceArray(np.arange(8), 1)
        out = DeviceArray(np.zeros(8), 1)
        wrapped = triton.reinterpret(x, _dtypes.float32)
        k = vadd_grid[(1,)](wrapped, x, out, 8, BLOCK=8)
        assert k.signature[:2] == ["*fp32", "*fp32"], k.signature
        assert np.array_equal(out.view(), 2 * np.arange(8))
        print("ok")
    """)
    assert proc.stdout.split() == ["ok"], proc.stdout + proc.stderr
    assert launches(proc.stderr)[0].endswith("ctx=0x1001"), proc.stderr


def test_interface_streams_default_and_invalid(tmp_path):
    proc = run(tmp_path, """
        a = DeviceArray(np.arange(8), 0)          # no stream: default
        vadd_grid[(1,)](a, a, a, 8, BLOCK=8)
        b = DeviceArray(np.arange(8), 0, 2)       # per-thread default stream
        vadd_grid[(1,)](b, b, b, 8, BLOCK=8)
        c = DeviceArray(np.arange(8), 0, 0)       # 0 is ambiguous: refused
        try:
            vadd_grid[(1,)](c, c, c, 8, BLOCK=8)
        except triton.ArgumentError as e:
            print(e)
    """)
    streams = [line.split()[-2] for line in launches(proc.stderr)]
    assert streams == ["stream=default", "stream=per-thread"]
    assert "argument 'x': __cuda_array_interface__ stream 0 is not valid" \
        in proc.stdout


def test_metadata_registers_and_spills(tmp_path):
    proc = run(tmp_path, """
        x = DeviceArray(np.arange(100), 0)
        out = DeviceArray(np.zeros(100), 0)
        k = vadd_grid.warmup(x, x, out, 100, BLOCK=128, grid=(1,))
        before = (k.n_regs, k.n_spills, k.metadata.shared)
        assert isinstance(before[0], int) and before[0] > 0, before
        k._init_handles()
        m = k.metadata
        print(before[0], k.n_regs, k.n_spills, m.shared, m.num_warps,
              m.num_stages, m.name)
    """)
    regs_in_cubin, regs, spills, shared, warps, stages, name = \
        proc.stdout.split()
    # After loading, the driver's cuFuncGetAttribute answers: the fake says
    # 22 registers and 8 local bytes (2 spilled words) for vadd_grid; n_regs
    # rounds the 22 up to the SM's allocation unit, 24.
    assert (regs, spills, shared) == ("24", "2", "0")
    assert int(regs_in_cubin) > 0
    # 128 lanes: 32 threads of 4 lanes, 4 programs per 128-thread block.
    # num_stages: Triton's default, 3, as no launch option gave one.
    assert (warps, stages, name) == ("4", "3", "vadd_grid")


def test_compiled_kernel_launch_takes_every_argument(tmp_path):
    # Tutorial 02's way: warmup, then compiled[grid](*all arguments),
    # constexprs included (and ignored, as Triton's launcher does).
    proc = run(tmp_path, """
        x = DeviceArray(np.arange(64), 1)
        out = DeviceArray(np.zeros(64), 1)
        k = vadd_grid.warmup(x, x, out, 64, BLOCK=32, grid=(1,))
        k[(2, 1, 1)](x, x, out, 64, 32)
        assert np.array_equal(out.view(), 2 * np.arange(64))
        try:
            k[(2,)](x, x, out, 1.5, 32)
        except triton.ArgumentError as e:
            print(e)
    """)
    assert "the compiled kernel takes (*fp32, *fp32, *fp32, i32), " \
        "not (*fp32, *fp32, *fp32, fp32)" in proc.stdout
    assert launches(proc.stderr)[0].endswith("ctx=0x1001")


def test_driver_active_is_tritons_api(tmp_path):
    proc = run(tmp_path, """
        from mytriton.runtime import driver
        active = triton.runtime.driver.active
        assert active is driver.active
        props = [active.utils.get_device_properties(d) for d in (0, 1)]
        assert props[0] == {"max_shared_mem": 232448, "max_num_regs": 65536,
                            "multiprocessor_count": 132, "warpSize": 32,
                            "sm_clock_rate": 1980000,
                            "mem_clock_rate": 3201000,
                            "mem_bus_width": 6144}, props[0]
        assert props[1]["multiprocessor_count"] == 108
        assert active.get_device_capability(1) == (8, 0)
        lib.mtr_init(1)
        assert active.get_current_device() == 1  # the current context's
        target = active.get_current_target()
        print(target.backend, target.arch, target.warp_size,
              active.get_current_stream())
    """)
    assert proc.stdout.split() == ["cuda", "80", "32", "0"]


def test_launcher_falls_back_to_ctypes_without_a_compiler(tmp_path):
    body = """
        x = DeviceArray(np.arange(8), 0)
        try:
            vadd_grid[(1,)](x, x, x, 8, BLOCK=8)
            assert np.array_equal(x.view(), 2 * np.arange(8))
            print("ran", runtime._launcher.status())
        except triton.LaunchError as e:
            print("error", e)
    """
    nothing = dict(CC="/nonexistent/cc", PATH=str(tmp_path))
    auto = run(tmp_path, body, **nothing)
    assert auto.stdout.startswith("ran ctypes (no C compiler"), auto.stdout
    assert "Warning" not in auto.stderr  # documented silent fallback
    forced = run(tmp_path, body, launcher="c", **nothing)
    assert forced.stdout.startswith("error ")
    assert "in kernel 'vadd_grid': MYTRITON_LAUNCHER=c: no C compiler" \
        in forced.stdout


def test_launcher_is_built_once_per_interpreter_and_source(tmp_path):
    body = """
        x = DeviceArray(np.arange(8), 0)
        vadd_grid[(1,)](x, x, x, 8, BLOCK=8)
        print(runtime._compiled.__file__)
    """
    first = run(tmp_path, body, launcher="c").stdout.strip()
    again = run(tmp_path, body, launcher="c").stdout.strip()
    assert first == again and os.path.exists(first)
    assert first.startswith(str(tmp_path / "cache" / "launcher"))
    assert len(os.listdir(os.path.dirname(first))) == 1  # no temporaries


def test_sass_is_disassembled_on_first_access(tmp_path):
    tool = tmp_path / "cuobjdump"
    tool.write_text("#!/bin/sh\necho \"SASS of $1 $2\"\necho call >> "
                    f"{tmp_path}/calls\n")
    tool.chmod(0o755)
    proc = run(tmp_path, """
        x = np.zeros(8, np.float32)
        k = vadd_grid.warmup(x, x, x, 8, BLOCK=8, grid=(1,))
        assert "sass" not in k.asm
        print(k.asm["sass"].split()[:3], k.asm["sass"] is k.asm["sass"])
    """, MYTRITON_CUOBJDUMP=str(tool))
    assert proc.stdout.split()[:3] == ["['SASS',", "'of',", "'-sass']"]
    assert (tmp_path / "calls").read_text() == "call\n"  # computed once


def test_fast_classify_makes_what_python_makes(tmp_path):
    # The compiled launcher's classify must give jit._classify_one's _Args
    # for the kinds it takes, and decline (None) everything else, so that
    # Python classifies it and reports its errors.
    package = tmp_path / "faketorch" / "torch"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(FAKE_TORCH)
    proc = run(tmp_path, """
        import torch
        from mytriton import jit as _  # noqa
        jit = sys.modules["mytriton.jit"]
        x = DeviceArray(np.arange(4), 0)
        vadd_grid[(1,)](x, x, x, 4, BLOCK=4)  # loads the compiled launcher
        fast = jit._FAST_CLASSIFY
        assert fast is not None
        t = torch.Tensor(x, 1)
        taken = [0, -2**31, 2**31 - 1, 1.5, -0.0, t]
        got = fast(list(taken))
        want = [vadd_grid._classify_one("a", v) for v in taken]
        assert [(a.type, a.device, a.value, a.obj) for a in got] == \\
            [(a.type, a.device, a.value, a.obj) for a in want]
        assert all(type(a) is jit._Arg for a in got)
        class Strided(torch.Tensor):
            __module__ = "torch"
            def is_contiguous(self):
                return False
        declined = [2**31, -2**31 - 1, True, np.float32(1), np.int32(3),
                    x, Strided(x, 0), "text", None]
        assert [fast([v]) for v in declined] == [None] * len(declined)
        t.dtype = torch.int32
        assert fast([t])[0].type == "*i32"
        print("ok")
    """, extra_path=str(tmp_path / "faketorch"))
    assert proc.stdout.strip() == "ok"


def test_gpu_arch_variable_overrides_the_devices_chip(tmp_path):
    proc = run(tmp_path, """
        x = DeviceArray(np.arange(8), 1)
        k = vadd_grid[(1,)](x, x, x, 8, BLOCK=8)
        print(".target sm_75" in k.asm["ptx"], ".target sm_80" in k.asm["ptx"])
    """, MYTRITON_GPU_ARCH="sm_75")
    assert proc.stdout.split() == ["True", "False"]
