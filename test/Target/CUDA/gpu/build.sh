#!/bin/sh
# Builds the GPU checks of the CUDA emitter (not run by lit: CI has no GPU).
#   test/Target/CUDA/gpu/build.sh <build-dir> <out-dir>
# then, on a machine with an sm_90 GPU:
#   <out-dir>/reduce_check && <out-dir>/ops_check && <out-dir>/lanes_check && <out-dir>/tiled_check && <out-dir>/cf_check && <out-dir>/combine_check
# reduce_check: 44 kernels (widths 1..1024, f32/i32, both reduction forms),
#   their 48 num_warps variants (E = 2, 4, 8 lanes per thread, on aligned and
#   shifted rows) and 72 programs_per_cta variants (P = 2, 4 programs of at
#   most one warp per block, over 67 rows: the last block's programs past the
#   grid store nothing), every lane's copy of sum/max/min/sum(v - max) against
#   a CPU reference, NaN/inf rows.
# ops_check: every cmpf/cmpi predicate (NaN, signed zero), wrapping i32 ops, casts,
#   math functions, bit-exact literals, softmax (128 threads, masked tail) in both forms.
# lanes_check: the num_warps kernels of ../lanes-per-thread-*.mlir at E = 2, 4, 8
#   (softmax, row sum, long-row sum in both forms; vector/matrix add; the
#   contiguity cases) on tails of n % 4 != 0 and shifted (unaligned) buffers,
#   and their num_warps = 1 variants (32 threads) with programs_per_cta 1, 2,
#   4 over grids of no multiple of P.
# tiled_check: the tiled kernels of ../tiled-kernels.mlir (2-D add, 4x256-tile
#   softmax, column sums, transpose, outer-product matmul, whole-tile sums,
#   reshape) on matrices smaller and larger than the tiles, 1xN and Nx1;
#   tiled_auto_check the same with the layouts tt-prepare-gpu assigns.
# cf_check: the control-flow kernels of ../control-flow*.mlir (loops of zero
#   and more trips, whiles, branches, nested loops, reductions in loops,
#   tutorial 02's softmax rows, a loop-carried 2-D tile) at 1 and 4 lanes
#   per thread, in both reduction forms.
# dot_check: the tt.dot kernel of ../dot.mlir (a K loop accumulating a
#   32x32 tile), bit for bit against fmaf chains over k ascending.
# combine_check: the tt.combine_reduce / tt.scan kernels of
#   ../Inputs/combine-kernels.mlir (argmax/argmin with ties and NaN, cumsums,
#   a non-commutative recurrence both ways, (sum, count) pairs; uniform and
#   tiled), exactly against a CPU reference.
# Every kernel is launched per tt.func's launch ABI (launch_abi.h): blockDim
# (threads, P, 1), gridDim (ceil(g0 / P) * g1, g2, 1), g0 and g1 appended to
# the arguments.
#
#   test/Target/CUDA/gpu/build.sh --host <build-dir> <out-dir>
# builds reduce_check, lanes_check, tiled_check, cf_check, dot_check and combine_check for the host instead, with the CUDA
# emulated by host_emulation.h (no GPU needed; ${CXX:-clang++-22}), and runs
# them (test/Target/CUDA/gpu-checks-on-host.test).
set -eu
host=0
if [ "$1" = --host ]; then host=1; shift; fi
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "$1" && pwd)
mkdir -p "$2"
out=$(cd "$2" && pwd)
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
tr="$build/bin/mytriton-translate --emit-cuda"
cd "$out"
# Reduction kernels per form: one lane per thread (<form>.cu), several
# (<form>_lanes.cu + a table), and packed programs (<form>_packed.cu + table).
for pair in warp:warp-shuffle tree:shared-tree; do
  tag=${pair%%:*} form=${pair#*:}
  python3 "$here/gen_reduce_kernels.py" $tag > $tag.mlir
  $tr --cuda-reduction=$form $tag.mlir -o $tag.cu
  for variant in lanes packed; do
    python3 "$here/gen_reduce_kernels.py" $tag --$variant > ${tag}_$variant.mlir
    python3 "$here/gen_reduce_kernels.py" $tag --$variant --table > ${tag}_${variant}_table.inc
    $tr --cuda-reduction=$form ${tag}_$variant.mlir -o ${tag}_$variant.cu
  done
done
# The golden inputs of ../lanes-per-thread-*.mlir at every num_warps they
# document and at num_warps = 1, kernels renamed <name>_nw<num_warps>[_<form>];
# at num_warps = 1 also packed P = 2, 4 to a block: <name>_nw1_p<P>[_<form>].
: > lanes.cu
for pair in warp:warp-shuffle tree:shared-tree; do
  tag=${pair%%:*} form=${pair#*:}
  for nw in 16 8 4 1 1:2 1:4; do
    attrs="num_warps = ${nw%%:*} :" name=nw${nw%%:*}
    case $nw in *:*) attrs="num_warps = 1 : i32, programs_per_cta = ${nw#*:} :" name=nw1_p${nw#*:} ;; esac
    for f in softmax row-sum long-row-sum; do
      sed "s/num_warps = 8 :/$attrs/; s/tt.func @\([a-z_]*\)/tt.func @\1_${name}_$tag/" \
          "$here/../lanes-per-thread-$f.mlir" |
        "$build/bin/mytriton-opt" --tt-optimize | $tr --cuda-reduction=$form >> lanes.cu
    done
  done
done
for nw in 4 2 1 1:2 1:4; do
  attrs="num_warps = ${nw%%:*} :" name=nw${nw%%:*}
  case $nw in *:*) attrs="num_warps = 1 : i32, programs_per_cta = ${nw#*:} :" name=nw1_p${nw#*:} ;; esac
  sed "s/num_warps = 2 :/$attrs/; s/tt.func @\([a-z_]*\)/tt.func @\1_$name/" \
      "$here/../lanes-per-thread-elementwise.mlir" |
    "$build/bin/mytriton-opt" --tt-optimize | $tr >> lanes.cu
done
$tr "$here/../lanes-per-thread-access.mlir" >> lanes.cu
$tr "$here/../tiled-kernels.mlir" -o tiled.cu
# The same kernels without their layouts (and without the convert_layout
# that the layout pass inserts itself), laid out by the GPU routes' pipeline.
sed -e '/^#/d' -e 's/, #[a-z]*>/>/g' -e '/tt.convert_layout/d' -e 's/%tc\b/%t/g' \
    "$here/../tiled-kernels.mlir" | "$build/bin/mytriton-opt" --tt-prepare-gpu | $tr -o tiled_auto.cu
# The control-flow kernels: control-flow.mlir at E = 1 and 4 in both forms
# (<name>, <name>_tree, <name>_e4, <name>_e4_tree), control-flow-reduction.mlir
# in both forms (<name>, <name>_tree), control-flow-tiled.mlir.
cf="$here/../control-flow"
$tr --cuda-reduction=warp-shuffle "$cf.mlir" -o cf.cu
sed 's/tt.func @\([a-z_]*\)/tt.func @\1_tree/' "$cf.mlir" | $tr --cuda-reduction=shared-tree >> cf.cu
sed 's/num_warps = 4 :/num_warps = 1 :/; s/tt.func @\([a-z_]*\)/tt.func @\1_e4/' "$cf.mlir" |
  $tr --cuda-reduction=warp-shuffle >> cf.cu
sed 's/num_warps = 4 :/num_warps = 1 :/; s/tt.func @\([a-z_]*\)/tt.func @\1_e4_tree/' "$cf.mlir" |
  $tr --cuda-reduction=shared-tree >> cf.cu
$tr --cuda-reduction=warp-shuffle "$cf-reduction.mlir" >> cf.cu
sed 's/tt.func @\([a-z_]*\)/tt.func @\1_tree/' "$cf-reduction.mlir" | $tr --cuda-reduction=shared-tree >> cf.cu
$tr "$cf-tiled.mlir" >> cf.cu
# tt.dot, laid out by the GPU routes' pipeline (#tt.dot_operand operands).
"$build/bin/mytriton-opt" --tt-prepare-gpu "$here/../dot.mlir" | $tr -o dot.cu
# tl.reduce with a combine function and scans, laid out by the GPU routes'
# pipeline.
"$build/bin/mytriton-opt" --tt-prepare-gpu "$here/../Inputs/combine-kernels.mlir" | $tr -o combine.cu
$tr "$here/../arith-math-ops.mlir" -o ops.cu
$tr "$here/../literals.mlir" -o lits.cu
"$build/bin/mytriton-opt" --tt-optimize "$here/../tt-optimize-then-emit.mlir" | $tr -o smw.cu
"$build/bin/mytriton-opt" --tt-optimize "$here/../tt-optimize-then-emit.mlir" |
  sed 's/@softmax_kernel/@softmax_tree/' | $tr --cuda-reduction=shared-tree -o smt.cu
if [ $host = 1 ]; then
  cxx="${CXX:-clang++-22} -std=c++20 -O1 -fno-strict-aliasing -Werror -Wall -Wno-unused-function -I. -include $here/host_emulation.h -x c++"
  $cxx "$here/reduce_check.cu" -o reduce_check
  $cxx "$here/lanes_check.cu" -o lanes_check
  $cxx "$here/tiled_check.cu" -o tiled_check
  $cxx -DTILED_KERNELS='"tiled_auto.cu"' "$here/tiled_check.cu" -o tiled_auto_check
  $cxx "$here/cf_check.cu" -o cf_check
  $cxx "$here/dot_check.cu" -o dot_check
  $cxx "$here/combine_check.cu" -o combine_check
  ./reduce_check > reduce_check.log || { grep -v '^PASS' reduce_check.log; exit 1; }
  tail -1 reduce_check.log
  ./lanes_check > lanes_check.log || { grep -v '^PASS' lanes_check.log; exit 1; }
  tail -1 lanes_check.log
  ./tiled_check > tiled_check.log || { grep -v '^PASS' tiled_check.log; exit 1; }
  tail -1 tiled_check.log
  ./tiled_auto_check > tiled_auto_check.log || { grep -v '^PASS' tiled_auto_check.log; exit 1; }
  tail -1 tiled_auto_check.log
  ./cf_check > cf_check.log || { grep -v '^PASS' cf_check.log; exit 1; }
  tail -1 cf_check.log
  ./dot_check > dot_check.log || { grep -v '^PASS' dot_check.log; exit 1; }
  tail -1 dot_check.log
  ./combine_check > combine_check.log || { grep -v '^PASS' combine_check.log; exit 1; }
  tail -1 combine_check.log
  exit 0
fi
"$nvcc" -arch=sm_90 -O2 -Werror all-warnings -I. "$here/reduce_check.cu" -o reduce_check
"$nvcc" -arch=sm_90 -O2 -Werror all-warnings -I. "$here/ops_check.cu" -o ops_check
"$nvcc" -arch=sm_90 -O2 -Werror all-warnings -I. "$here/lanes_check.cu" -o lanes_check
"$nvcc" -arch=sm_90 -O2 -Werror all-warnings -I. "$here/tiled_check.cu" -o tiled_check
"$nvcc" -arch=sm_90 -O2 -Werror all-warnings -I. -DTILED_KERNELS='"tiled_auto.cu"' "$here/tiled_check.cu" -o tiled_auto_check
"$nvcc" -arch=sm_90 -O2 -Werror all-warnings -I. "$here/cf_check.cu" -o cf_check
"$nvcc" -arch=sm_90 -O2 -Werror all-warnings -I. "$here/dot_check.cu" -o dot_check
"$nvcc" -arch=sm_90 -O2 -Werror all-warnings -I. "$here/combine_check.cu" -o combine_check
echo "built $out/reduce_check $out/ops_check $out/lanes_check $out/tiled_check $out/tiled_auto_check $out/cf_check $out/dot_check $out/combine_check"
