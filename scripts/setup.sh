#!/usr/bin/env bash
# Installs what MyTriton needs on Debian 12 (LLVM/MLIR 22, clang, GCC, ninja,
# ccache, numpy, pytest, matplotlib, and pip/venv/setuptools/wheel for
# `pip install .`), then configures and builds it into build/.
# CUDA 13 is expected at /usr/local/cuda (nvcc, ptxas, cuda.h); no GPU needed.
#   BUILD_DIR=dir          build there instead of build/
#   MYTRITON_COMPILER=gcc  configure with Debian's GCC 12 instead of clang 22
#   MYTRITON_CMAKE_ARGS    more arguments for the first configure
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(libmlir-22-dev mlir-22-tools llvm-22-dev llvm-22-tools clang-22 lld-22
          libclang-rt-22-dev g++ ninja-build ccache cmake python3-numpy python3-pytest
          python3-matplotlib python3-dev python3-pip python3-venv python3-setuptools python3-wheel)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  echo "== Installing ${missing[*]}"
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q "${missing[@]}"
fi

BUILD_DIR=${BUILD_DIR:-build}
case "${MYTRITON_COMPILER:-clang}" in
  clang) compilers=(-DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 -DLLVM_USE_LINKER=lld) ;;
  gcc)   compilers=(-DCMAKE_C_COMPILER=gcc -DCMAKE_CXX_COMPILER=g++) ;;
  *)     echo "MYTRITON_COMPILER must be clang or gcc" >&2; exit 2 ;;
esac
if [ ! -f "$BUILD_DIR/build.ninja" ]; then
  cmake -G Ninja -S . -B "$BUILD_DIR" \
    -DCMAKE_BUILD_TYPE=Release \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DMLIR_LINK_MLIR_DYLIB=ON \
    -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit \
    -DPython3_EXECUTABLE=/usr/bin/python3 \
    "${compilers[@]}" \
    -DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache \
    ${MYTRITON_CMAKE_ARGS:-}
fi
echo "== Building"
ninja -C "$BUILD_DIR"
