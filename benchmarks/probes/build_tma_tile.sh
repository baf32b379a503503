#!/usr/bin/env bash
# Builds test/Conversion/TTToGPU/tiled/tma.mlir's kernel as OUTDIR/tma_tile.cubin
# (and its dynamic shared bytes) for benchmarks/probes/tma_tile_check.py.
#   benchmarks/probes/build_tma_tile.sh OUTDIR
set -euo pipefail
out=${1:?usage: build_tma_tile.sh OUTDIR}
root=$(cd "$(dirname "$0")/../.." && pwd)
opt=$root/build/bin/mytriton-opt
mkdir -p "$out"
"$opt" --convert-tt-to-gpu "$root/test/Conversion/TTToGPU/tiled/tma.mlir" > "$out/tma_tile.gpu.mlir"
grep -o 'tma_tile = [0-9]*' "$out/tma_tile.gpu.mlir" | grep -o '[0-9]*$' > "$out/shared_bytes"
"$opt" --pass-pipeline="builtin.module(nvvm-attach-target{chip=sm_90a}, gpu.module(convert-scf-to-cf, convert-gpu-to-nvvm, mytriton-extern-dynamic-shared, mytriton-attach-tensor-map-params, reconcile-unrealized-casts), gpu-module-to-binary{format=isa})" \
  "$out/tma_tile.gpu.mlir" | /usr/bin/python3 "$root/test/Target/PTX/Inputs/extract_gpu_object.py" -o "$out/tma_tile.ptx"
"${CUDA_HOME:-/usr/local/cuda}/bin/ptxas" -arch=sm_90a "$out/tma_tile.ptx" -o "$out/tma_tile.cubin"
ls "$out"
