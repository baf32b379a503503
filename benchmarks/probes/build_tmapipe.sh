#!/usr/bin/env bash
# Builds tutorial 03's fp16 kernel (128x256x64, 8 warps, 3 stages, traced IR
# in test/Analysis/tensor-map-access-tutorial-03.mlir) twice through the
# gpu/nvvm pipeline, with tt-pipeline's cp.async copies (matmul__main__*)
# and with tt-pipeline{tma} (matmul__tmapipe__*), for
# benchmarks/probe_cubins_matmul.py, which passes the tmapipe kernel's hidden
# tensor maps itself.
# An IR file as the second argument builds that one instead (bf16:
# dump_tutorial03_ttir.py bfloat16 FILE, then PROBE_DTYPE=bfloat16).
#   benchmarks/probes/build_tmapipe.sh OUTDIR [TTIR]
set -euo pipefail
out=${1:?usage: build_tmapipe.sh OUTDIR [TTIR]}
root=$(cd "$(dirname "$0")/../.." && pwd)
input=${2:-$root/test/Analysis/tensor-map-access-tutorial-03.mlir}
opt=$root/build/bin/mytriton-opt
mkdir -p "$out"
pipeline=$("$opt" --tt-to-ptx="chip=sm_90a" --dump-pass-pipeline /dev/null 2>&1 |
  tail -n +2 | tr -d '\n' | sed 's/  */ /g; s/module {}$//; s/, gpu-module-to-binary{[^}]*})$/)/')
for variant in ${VARIANTS:-main tmapipe}; do
  tma=false
  [ "$variant" = tmapipe ] && tma=true
  passes=$(echo "$pipeline" | sed "s/tt-pipeline{num-stages=3 tma=[a-z]*}/tt-pipeline{num-stages=3 tma=$tma}/")
  "$opt" --pass-pipeline="$passes" "$input" \
    -o "$out/$variant.gpu.mlir"
  shared=$(grep -o 'matmul_kernel = [0-9]*' "$out/$variant.gpu.mlir" | grep -o '[0-9]*$')
  "$opt" --pass-pipeline="builtin.module(gpu-module-to-binary{format=isa})" "$out/$variant.gpu.mlir" |
    /usr/bin/python3 "$root/test/Target/PTX/Inputs/extract_gpu_object.py" -o "$out/$variant.ptx"
  "${CUDA_HOME:-/usr/local/cuda}/bin/ptxas" -arch=sm_90a "$out/$variant.ptx" \
    -o "$out/matmul__${variant}__${shared}.cubin"
  rm "$out/$variant.gpu.mlir"
done
ls "$out"
