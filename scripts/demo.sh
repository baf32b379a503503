#!/usr/bin/env bash
# The main job: the seed's softmax written in Python, traced and compiled by
# MyTriton; prints the traced and optimized tt IR, the CUDA C++ and the PTX,
# runs it (on the GPU when torch sees one, else on the CPU path) and checks it
# against numpy.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
export MYTRITON_LIB_DIR="$PWD/$BUILD_DIR/lib" PYTHONPATH="$PWD/python${PYTHONPATH:+:$PYTHONPATH}"
exec /usr/bin/python3 examples/softmax.py "$@"
