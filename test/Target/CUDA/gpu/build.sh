#!/bin/sh
# Builds the GPU checks of the CUDA emitter (not run by lit: CI has no GPU).
#   test/Target/CUDA/gpu/build.sh <build-dir> <out-dir>
# then, on a machine with an sm_90 GPU: <out-dir>/reduce_check && <out-dir>/ops_check
# reduce_check: 44 kernels (widths 1..1024, f32/i32, both reduction forms), every
#   lane's copy of sum/max/min/sum(v - max) against a CPU reference, NaN/inf rows.
# ops_check: every cmpf/cmpi predicate (NaN, signed zero), wrapping i32 ops, casts,
#   math functions, bit-exact literals, softmax (128 threads, masked tail) in both forms.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "$1" && pwd)
mkdir -p "$2"
out=$(cd "$2" && pwd)
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
tr="$build/bin/mytriton-translate --emit-cuda"
cd "$out"
python3 "$here/gen_reduce_kernels.py" warp > warp.mlir
python3 "$here/gen_reduce_kernels.py" tree > tree.mlir
$tr warp.mlir -o warp.cu
$tr --cuda-reduction=shared-tree tree.mlir -o tree.cu
$tr "$here/../arith-math-ops.mlir" -o ops.cu
$tr "$here/../literals.mlir" -o lits.cu
"$build/bin/mytriton-opt" --tt-optimize "$here/../tt-optimize-then-emit.mlir" | $tr -o smw.cu
"$build/bin/mytriton-opt" --tt-optimize "$here/../tt-optimize-then-emit.mlir" |
  sed 's/@softmax_kernel/@softmax_tree/' | $tr --cuda-reduction=shared-tree -o smt.cu
"$nvcc" -arch=sm_90 -O2 -Werror all-warnings -I. "$here/reduce_check.cu" -o reduce_check
"$nvcc" -arch=sm_90 -O2 -Werror all-warnings -I. "$here/ops_check.cu" -o ops_check
echo "built $out/reduce_check $out/ops_check"
