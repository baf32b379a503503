#!/usr/bin/env bash
# Runs every test: the lit suite (dialect, lowerings, emitter, runtime),
# the Python suite, a consumer project built against the installed tree, the
# installed tools and the pip-installed package; then (not with
# MYTRITON_QUICK=1) the GCC build with its lit run and the sanitizer build.
# Expects scripts/setup.sh to have built build/.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
status=0

echo "== lit"
/usr/lib/llvm-22/bin/lit -v --time-tests "$BUILD_DIR/test" || status=1

if [ -d python/test ]; then
  echo "== pytest"
  MYTRITON_LIB_DIR="$PWD/$BUILD_DIR/lib" MYTRITON_CACHE_DIR="$(mktemp -d)" \
    PYTHONPATH="$PWD/python" /usr/bin/python3 -m pytest -q python/test || status=1
fi

echo "== consumer project (find_package(MyTriton) on the installed tree)"
scripts/test-consumer.sh || status=1

echo "== installs: cmake --install, pip install . and -e . (scripts/test-install.sh)"
scripts/test-install.sh || status=1

# The GCC build and its lit run; the sanitizer build (ASan + UBSan), its lit
# run and a bounded fuzzing run. MYTRITON_QUICK=1 skips them for a fast local
# loop; CI always runs them.
if [ "${MYTRITON_QUICK:-0}" != "1" ]; then
  echo "== GCC 12 build and lit (scripts/test-gcc.sh)"
  scripts/test-gcc.sh || status=1
  echo "== sanitizers and fuzzing (scripts/fuzz.sh)"
  scripts/fuzz.sh || status=1
fi

exit $status
