#!/usr/bin/env bash
# On a GPU host without the compiler (Python with numpy, torch and Triton):
# unpacks the bundle that scripts/gpu-bundle.sh made and runs the named
# steps against it, one log per step in $OUT (else gpu-logs/), a summary line
# per step on stdout. Exit status: the number of failed steps.
#   scripts/gpu-run.sh STEP...
# Steps (docs/GPU.md):
#   smoke     the runtime's own smoke test (needs nvcc)
#   seed      the seed's kernels, language ops and tl.random, both routes, streams
#   tiled     2-D tiles, loops and branches, reductions and scans, dtypes,
#             tensor descriptors
#   dot       tl.dot, atomics, tutorial 05's backward pass
#   matmul    tutorial 03 against Triton and cuBLAS (fp16, bf16, tf32)
#   lnbwd     tutorial 05's backward pass against Triton
#   bench     benchmarks/bench_gpu.py: the bandwidth rows against Triton
#   twogpu    issue 19 on a host with two GPUs: python/test/two_gpus.py
#             devices, then distributed (NCCL, NVLink multicast off)
#   BUNDLE=file.tar.xz (default .device/bundle.tar.xz), PYTHON (default python3)
set -uo pipefail
cd "$(dirname "$0")/.."

bundle=${BUNDLE:-.device/bundle.tar.xz}
python=${PYTHON:-python3}
logs=${OUT:-gpu-logs}
work=$(mktemp -d)
mkdir -p "$logs"
tar xJf "$bundle" -C "$work" || { echo "gpu-run: cannot unpack $bundle" >&2; exit 100; }
# Tests read the bundle's cache as it is; benchmarks compile nothing but
# store their autotuning there.
export MYTRITON_PREBUILT_CACHE=$work/cache MYTRITON_CACHE_DIR=$work/cache
export MYTRITON_LIB_DIR=$work/lib PYTHONPATH=$PWD/python
export NCCL_NVLS_ENABLE=0  # NVLink multicast off (the device tool asks it)
GPU_FILTER="(nvvm or cuda or gpu or against_torch) and not cpu"

run_step() {
  local step=$1
  shift
  local start=$SECONDS
  "$@" > "$logs/$step.log" 2>&1
  local rc=$?
  echo "$step: rc $rc, $((SECONDS - start)) s: $(tail -1 "$logs/$step.log")"
  return $rc
}

failed=0
for step in "$@"; do
  case "$step" in
    smoke)  run_step smoke test/Runtime/gpu/run-smoke.sh "$work/lib/libMyTritonRuntime.so" ;;
    seed)   run_step seed "$python" -m pytest -q python/test/test_execution.py \
              python/test/test_edge_numerics.py python/test/test_specialization.py \
              python/test/test_api.py python/test/test_num_warps.py \
              python/test/test_language_ops.py python/test/test_gpu_stream.py \
              python/test/test_gpu_devices.py python/test/test_testing.py \
              python/test/test_random.py python/test/test_libdevice.py \
              python/test/test_standard.py ;;
    tiled)  run_step tiled "$python" -m pytest -q python/test/test_tiled.py \
              python/test/test_control_flow.py python/test/test_reduce_scan.py \
              python/test/test_gpu_dtypes.py python/test/test_tensor_descriptor.py \
              -k "$GPU_FILTER" ;;
    dot)    run_step dot "$python" -m pytest -q python/test/test_dot.py \
              python/test/test_atomics.py python/test/test_layer_norm_backward.py \
              -k "$GPU_FILTER" ;;
    matmul) run_step matmul "$python" benchmarks/bench_matmul.py \
              --dtypes float16,bfloat16,float32 ;;
    lnbwd)  run_step lnbwd "$python" benchmarks/bench_layer_norm_bwd.py ;;
    bench)  run_step bench "$python" benchmarks/bench_gpu.py --out "$logs/bench-results" ;;
    twogpu) run_step twogpu-devices "$python" python/test/two_gpus.py devices &&
            run_step twogpu-distributed "$python" python/test/two_gpus.py distributed ;;
    *)      echo "gpu-run: unknown step '$step'" >&2; false ;;
  esac || failed=$((failed + 1))
done
rm -rf "$work"
exit $failed
