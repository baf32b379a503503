#!/usr/bin/env bash
# The runtime's GPU smoke test, one command on a GPU host (needs nvcc and a
# C++17 compiler; no LLVM/MLIR, no CMake):
#
#   test/Runtime/gpu/run-smoke.sh [path/to/libMyTritonRuntime.so]
#
# Compiles kernels.cu to a cubin and to PTX with nvcc, builds smoke.cpp (and,
# when no library is given, libMyTritonRuntime.so from lib/Runtime), runs it
# and prints one PASS/FAIL line per check. Exit status: 0 when all pass.
#
# Environment: CUDA_HOME (default /usr/local/cuda), CXX (default c++),
# MYTRITON_GPU_ARCH (default: from nvidia-smi, else sm_90),
# MYTRITON_SMOKE_DIR (build directory; default a fresh temporary one),
# MYTRITON_LIBCUDA (driver library, see docs/Runtime.md).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
cuda=${CUDA_HOME:-/usr/local/cuda}
nvcc=$cuda/bin/nvcc
cxx=${CXX:-c++}
work=${MYTRITON_SMOKE_DIR:-$(mktemp -d)}
mkdir -p "$work"

arch=${MYTRITON_GPU_ARCH:-}
if [[ -z $arch ]] && command -v nvidia-smi > /dev/null; then
  cap=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2> /dev/null |
        head -n 1 | tr -d ' .' || true)
  [[ $cap =~ ^[0-9]+$ ]] && arch=sm_$cap
fi
arch=${arch:-sm_90}
echo "building in $work for $arch"

"$nvcc" -arch="$arch" -cubin -o "$work/kernels.cubin" "$here/kernels.cu"
"$nvcc" -arch="$arch" -ptx -o "$work/kernels.ptx" "$here/kernels.cu"

lib=${1:-}
if [[ -z $lib ]]; then
  lib=$work/libMyTritonRuntime.so
  "$cxx" -std=c++17 -O2 -fPIC -shared -fvisibility=hidden \
    -I"$root/include" -I"$cuda/include" \
    "$root/lib/Runtime/Driver.cpp" "$root/lib/Runtime/Runtime.cpp" \
    -Wl,--version-script="$root/lib/Runtime/exports.map" \
    -ldl -lpthread -o "$lib"
fi
lib=$(cd "$(dirname "$lib")" && pwd)/$(basename "$lib")
"$cxx" -std=c++17 -O2 -I"$root/include" "$here/smoke.cpp" "$lib" \
  -Wl,-rpath,"$(dirname "$lib")" -o "$work/smoke"

"$work/smoke" "$work/kernels.cubin" "$work/kernels.ptx"
