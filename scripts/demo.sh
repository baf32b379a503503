#!/usr/bin/env bash
# The main job: the seed's softmax from tt IR through MyTriton's pipeline.
# Prints the IR as written and after tt-optimize.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
kernel=test/Dialect/TT/kernels/softmax.mlir
echo "== tt IR as written ($kernel)"
grep -v '^//' "$kernel" | sed '/^$/d'
echo
echo "== tt IR after --tt-optimize"
"$BUILD_DIR/bin/mytriton-opt" --tt-optimize "$kernel"
