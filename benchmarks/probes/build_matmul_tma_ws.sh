#!/usr/bin/env bash
# Builds the variants of matmul_tma_ws.cu that docs/performance.md's
# twenty-second session measured, as OUTDIR/matmul__tmaws_<name>__<shared
# bytes>.cubin for benchmarks/probe_cubins_matmul.py and probe_matmul_ncu.py,
# with a and b in DTYPE (float16, the default, or bfloat16: run the probe
# with PROBE_DTYPE=bfloat16 then).
#   benchmarks/probes/build_matmul_tma_ws.sh OUTDIR [DTYPE]
set -euo pipefail
out=${1:?usage: build_matmul_tma_ws.sh OUTDIR [float16|bfloat16]}
case ${2:-float16} in
  float16) bf16=0 ;;
  bfloat16) bf16=1 ;;
  *) echo "build_matmul_tma_ws.sh: DTYPE is float16 or bfloat16" >&2; exit 2 ;;
esac
here=$(cd "$(dirname "$0")" && pwd)
nvcc=${CUDA_HOME:-/usr/local/cuda}/bin/nvcc
mkdir -p "$out"
# name STAGES BK CLUSTER MAP_PARAM PERSISTENT EPI_TMA CP_ASYNC PREFETCH NOWS
while read -r name stages bk cluster param persistent epi cpasync prefetch nows; do
  case $epi in 0) c=0 ;; 1) c=65536 ;; *) c=32768 ;; esac
  shared=$((stages * bk * 768 + 1024 + 16 * stages + c))
  "$nvcc" -arch=sm_90a -cubin -O3 -DSTAGES="$stages" -DBK="$bk" \
    -DCLUSTER="$cluster" -DMAP_PARAM="$param" -DPERSISTENT="$persistent" \
    -DEPI_TMA="$epi" -DCP_ASYNC="$cpasync" -DPREFETCH="$prefetch" -DNOWS="$nows" \
    -DBF16="$bf16" \
    -o "$out/matmul__tmaws_${name}__${shared}.cubin" "$here/matmul_tma_ws.cu"
done <<'VARIANTS'
s4x1 4 64 1 0 0 0 0 0 0
s4x1tmap 4 64 1 1 0 0 0 0 0
s4x2tmap 4 64 2 1 0 0 0 0 0
s3x1tmapepi 3 64 1 1 0 1 0 0 0
s3x1tmapepipersist 3 64 1 1 1 1 0 0 0
s3x1tmapepi2persist 3 64 1 1 1 2 0 0 0
s3x2tmapepi2persist 3 64 2 1 1 2 0 0 0
s4x1tmapepi2persist 4 64 1 1 1 2 0 0 0
s4x2tmapepi2persist 4 64 2 1 1 2 0 0 0
s4x1tmapepi3persist 4 64 1 1 1 3 0 0 0
s6bk32x1tmapepi2persist 6 32 1 1 1 2 0 0 0
s6bk32x2tmapepi2persist 6 32 2 1 1 2 0 0 0
s6bk32x1tmapepi3persist 6 32 1 1 1 3 0 0 0
s4x1tmapcpasyncepi2persist 4 64 1 1 1 2 1 0 0
s4x1tmapcpasyncepi3persist 4 64 1 1 1 3 1 0 0
s3x1tmapepi2persistpf1 3 64 1 1 1 2 0 1 0
s3x1tmapepi2persistpf2 3 64 1 1 1 2 0 2 0
s4x1tmapepi2persistpf1 4 64 1 1 1 2 0 1 0
s3x1tmapepi3persist 3 64 1 1 1 3 0 0 0
s3x1tmapnowsepi3 3 64 1 1 0 3 0 0 1
s3x1tmapnowsepi3persist 3 64 1 1 1 3 0 0 1
s4x1tmapnowsepi3persist 4 64 1 1 1 3 0 0 1
VARIANTS
ls "$out"
