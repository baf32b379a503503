#!/usr/bin/env bash
# On the build machine: compiles every kernel that scripts/gpu-run.sh launches
# into one cache and packs it with libMyTritonRuntime.so as
# .device/bundle.tar.xz, for a GPU host that has no compiler (docs/GPU.md).
# Each test file's --warm runs its GPU tests up to their launch and compiles
# that very launch; each benchmark's --warm compiles what it will time.
#   scripts/gpu-bundle.sh            warm everything gpu-run.sh runs
#   scripts/gpu-bundle.sh FILE...    only these test files or benchmarks
#                                    (paths as below), added to the cache
#   BUNDLE_DIR=dir                   work there instead of .device/bundle
set -euo pipefail
cd "$(dirname "$0")/.."

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(python/test/test_execution.py python/test/test_edge_numerics.py
           python/test/test_specialization.py python/test/test_language_ops.py
           python/test/test_gpu_stream.py python/test/test_gpu_dtypes.py
           python/test/test_random.py python/test/test_libdevice.py
           python/test/test_standard.py
           python/test/test_tiled.py python/test/test_control_flow.py
           python/test/test_reduce_scan.py python/test/test_tensor_descriptor.py
           python/test/test_atomics.py
           python/test/test_layer_norm_backward.py python/test/test_dot.py
           benchmarks/bench_gpu.py benchmarks/bench_matmul.py
           benchmarks/bench_layer_norm_bwd.py)
fi

bundle=${BUNDLE_DIR:-.device/bundle}
mkdir -p "$bundle/lib" "$bundle/cache"
bundle=$(cd "$bundle" && pwd)
cp build/lib/libMyTritonRuntime.so "$bundle/lib/"
export MYTRITON_LIB_DIR=$PWD/build/lib PYTHONPATH=$PWD/python

for target in "${targets[@]}"; do
  extra=()
  # bench_matmul warms fp16 and bf16 unless told; gpu-run.sh times fp32 too.
  [ "$(basename "$target")" = bench_matmul.py ] && extra=(--dtypes float16,bfloat16,float32)
  echo "== warming $target"
  start=$SECONDS
  /usr/bin/python3 "$target" --warm "$bundle/cache" "${extra[@]}" > "$bundle/warm-$(basename "$target" .py).log" 2>&1 ||
    { tail -20 "$bundle/warm-$(basename "$target" .py).log"; echo "gpu-bundle: warming $target failed" >&2; exit 1; }
  tail -1 "$bundle/warm-$(basename "$target" .py).log"
  echo "   ($((SECONDS - start)) s)"
done

tar cJf "$bundle.tar.xz" -C "$bundle" lib cache
echo "== $bundle.tar.xz: $(du -h "$bundle.tar.xz" | cut -f1) (cache $(du -sh "$bundle/cache" | cut -f1))"
