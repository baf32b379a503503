#!/usr/bin/env bash
# Installs MyTriton into a scratch prefix, builds examples/consumer against it
# with find_package(MyTriton), and checks that its tool runs tt-optimize.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cmake --install "$BUILD_DIR" --prefix "$work/install" > "$work/install.log"
cmake -G Ninja -S examples/consumer -B "$work/build" \
  -DCMAKE_PREFIX_PATH="$work/install" -DCMAKE_CXX_COMPILER=clang++-22 \
  -DCMAKE_CXX_COMPILER_LAUNCHER=ccache > "$work/configure.log"
ninja -C "$work/build" > "$work/build.log"
"$work/build/tt-consumer" test/Dialect/TT/kernels/softmax.mlir | tee "$work/out.txt"
/usr/lib/llvm-22/bin/FileCheck --input-file "$work/out.txt" /dev/stdin <<'CHECK'
CHECK: kernel softmax_kernel block_size 8 reductions 2
CHECK
echo "consumer: 1 passed, 0 failed"
