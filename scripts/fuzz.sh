#!/usr/bin/env bash
# Sanitizer build (ASan + UBSan + libFuzzer coverage) into build-asan/, then:
#  1. the lit suite on the sanitized tools,
#  2. the pytest suite on the sanitized libraries (ASan preloaded into python),
#  3. the regression inputs the fuzzer once crashed on (test/Fuzz/regressions),
#  4. a bounded fuzzing run (FUZZ_SECONDS, default 120) seeded with every lit
#     input, through parse, verify, tt-optimize and every lowering.
# A crash leaves its input in build-asan/fuzz-artifacts/ and fails the script.
set -euo pipefail
cd "$(dirname "$0")/.."
export BUILD_DIR=build-asan
MYTRITON_CMAKE_ARGS="-DMYTRITON_ENABLE_SANITIZERS=ON -DMYTRITON_ENABLE_FUZZER=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo" \
  scripts/setup.sh
ninja -C "$BUILD_DIR" mytriton-fuzz
# allow_user_poisoning=0: LLVM's BumpPtrAllocator poisons the rest of a slab
# when its inline code is compiled with ASan (ours) and unpoisons on each
# allocation, but libMLIR's copy of that code is not instrumented: an
# attribute of ours that opens a slab makes MLIR's next allocation in it
# look like a use-after-poison (seen in TiledLayouts' constant re-typing).
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1:allow_user_poisoning=0 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

echo "== lit under ASan+UBSan"
/usr/lib/llvm-22/bin/lit -sv "$BUILD_DIR/test"

echo "== pytest under ASan+UBSan (the sanitized compiler and runtime libraries)"
asan_rt=$(clang-22 -print-file-name=libclang_rt.asan-x86_64.so)
LD_PRELOAD="$asan_rt" MYTRITON_LIB_DIR="$PWD/$BUILD_DIR/lib" \
  MYTRITON_CACHE_DIR="$(mktemp -d)" PYTHONPATH="$PWD/python" \
  /usr/bin/python3 -m pytest -q -p no:cacheprovider python/test

echo "== fuzzer regressions"
"$BUILD_DIR/bin/mytriton-fuzz" test/Fuzz/regressions/*

echo "== fuzzing for ${FUZZ_SECONDS:-120}s"
corpus="$BUILD_DIR/fuzz-corpus"; artifacts="$BUILD_DIR/fuzz-artifacts"
rm -rf "$corpus"; mkdir -p "$corpus" "$artifacts"
# Seed with every lit input, split at `// -----` like -split-input-file.
/usr/bin/python3 - "$corpus" <<'PY'
import pathlib, sys
out = pathlib.Path(sys.argv[1]); n = 0
for f in pathlib.Path("test").rglob("*.mlir"):
    for chunk in f.read_text().split("// -----"):
        n += 1; (out / f"seed{n}.mlir").write_text(chunk)
print(f"{n} seed inputs")
PY
"$BUILD_DIR/bin/mytriton-fuzz" "$corpus" -max_total_time="${FUZZ_SECONDS:-120}" \
  -seed="${FUZZ_SEED:-1}" -timeout=20 -rss_limit_mb=4096 -artifact_prefix="$artifacts/" -print_final_stats=1
echo "fuzz: 1 passed, 0 failed"
