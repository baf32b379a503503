#!/usr/bin/env bash
# Checks both installs as a user gets them, outside the source tree and with
# no MYTRITON_* or PYTHONPATH in the environment:
#  1. `cmake --install` into a scratch prefix: the tools start and run real
#     pipelines from there, stock mlir-opt-22 loads the installed dialect
#     plugin, and nothing test-only is installed;
#  2. `pip install .` and `pip install -e .` (Debian's pip in a venv that sees
#     Debian's numpy and setuptools; no package index is used): `import
#     mytriton` works from another folder and runs a kernel on the CPU.
# Expects scripts/setup.sh to have built build/ (pip reuses it).
set -euo pipefail
cd "$(dirname "$0")/.."
src=$PWD
BUILD_DIR=$(cd "${BUILD_DIR:-build}" && pwd)
FILECHECK=/usr/lib/llvm-22/bin/FileCheck
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
unset MYTRITON_LIB_DIR PYTHONPATH MYTRITON_CACHE_DIR
passed=0

check() { # name, command...: runs it, counts it, stops on failure
  local name=$1; shift
  if "$@"; then passed=$((passed + 1)); echo "ok: $name"; else
    echo "FAIL: $name"; echo "install: $passed passed, 1 failed"; exit 1; fi
}

# --- 1. cmake --install -------------------------------------------------------
prefix=$work/prefix
cmake --install "$BUILD_DIR" --prefix "$prefix" > "$work/cmake-install.log"
cp test/Dialect/TT/kernels/softmax.mlir "$work/softmax.mlir"
cd "$work"

version=$(sed -n 's/^__version__ = "\(.*\)"$/\1/p' "$src/python/mytriton/_version.py")
checks=$src/scripts/test-install.checks
opt=$prefix/bin/mytriton-opt
translate=$prefix/bin/mytriton-translate

names_version() { "$opt" --version | grep -qx "MyTriton version $version"; }
check "installed mytriton-opt --version names MyTriton $version" names_version
runs_cpu() { "$opt" --tt-to-llvm-cpu softmax.mlir | $FILECHECK --check-prefix=CPU "$checks"; }
check "installed mytriton-opt runs tt-to-llvm-cpu" runs_cpu
emits_cuda() { "$opt" --tt-optimize softmax.mlir | "$translate" --emit-cuda | $FILECHECK --check-prefix=CUDA "$checks"; }
check "installed mytriton-opt | mytriton-translate --emit-cuda" emits_cuda
emits_ptx() { "$translate" --emit-ptx softmax.mlir | $FILECHECK --check-prefix=PTX "$checks"; }
check "installed mytriton-translate --emit-ptx" emits_ptx
loads_plugin() {
  /usr/lib/llvm-22/bin/mlir-opt --load-dialect-plugin="$prefix/lib/MyTritonTTPlugin.so" \
    softmax.mlir --canonicalize | $FILECHECK --check-prefix=PLUGIN "$checks"
}
check "stock mlir-opt-22 loads the installed dialect plugin" loads_plugin
test_only=$(cd "$prefix" && find . \( -iname '*test*' -o -iname '*fake*' -o -iname '*fuzz*' \) -print)
check "nothing test-only is installed${test_only:+ (found: $test_only)}" test -z "$test_only"
no_build_paths() { ! grep -rlF "$BUILD_DIR" "$prefix/bin" "$prefix"/lib/*.so; }
check "installed binaries name no build-tree path" no_build_paths

# --- 2. pip install . and pip install -e . ------------------------------------
cat > "$work/use.py" <<'PY'
import os, sys
import numpy as np
import mytriton as triton
import mytriton.language as tl
from mytriton import _libs

@triton.jit
def softmax(x, out, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    v = tl.load(x + row * n_cols + cols, mask=mask, other=float("-inf"))
    e = tl.exp(v - tl.max(v))
    tl.store(out + row * n_cols + cols, e / tl.sum(e), mask=mask)

x = np.random.default_rng(0).standard_normal((4, 100)).astype(np.float32)
y = np.empty_like(x)
softmax[(4,)](x, y, 100, BLOCK=128)
ref = np.exp(x - x.max(1, keepdims=True)); ref /= ref.sum(1, keepdims=True)
np.testing.assert_allclose(y, ref, rtol=1e-5, atol=1e-6)
expected = sys.argv[1]
assert os.path.dirname(triton.__file__) == expected, (triton.__file__, expected)
print(triton.__version__, _libs.find_library("libMyTritonCAPI.so"))
PY

pip_install() { # venv, pip arguments...
  local venv=$1; shift
  /usr/bin/python3 -m venv --system-site-packages "$venv"
  (cd "$src" && MYTRITON_BUILD_DIR="$BUILD_DIR" \
     "$venv/bin/pip" install --no-build-isolation --no-index "$@") > "$work/pip.log" 2>&1 \
    || { tail -40 "$work/pip.log"; return 1; }
}

check "pip install --no-build-isolation --no-index ." pip_install "$work/venv" .
site=$("$work/venv/bin/python" -c 'import sysconfig; print(sysconfig.get_path("platlib"))')
check "the wheel holds the libraries" \
  test -f "$site/mytriton/lib/libMyTritonCAPI.so" -a -f "$site/mytriton/lib/libMyTritonRuntime.so"
missing_files() { # every file of python/mytriton (launcher.c too) is installed
  local f missing=""
  while read -r f; do [ -f "$site/mytriton/$f" ] || missing+=" $f"; done < <(
    cd "$src/python/mytriton" && find . -type f ! -path '*__pycache__*' ! -path './lib/*' | sed 's|^\./||')
  [ -z "$missing" ] || { echo "not installed:$missing"; return 1; }
}
check "the wheel holds every file of the package" missing_files
runs_installed() {
  (cd "$work" && MYTRITON_CACHE_DIR="$work/cache" "$work/venv/bin/python" use.py "$site/mytriton") \
    | grep -q " $site/mytriton/lib/libMyTritonCAPI.so$"
}
check "pip-installed mytriton runs softmax on the CPU from $work" runs_installed

check "pip install --no-build-isolation --no-index -e ." pip_install "$work/venv-e" -e .
runs_editable() {
  (cd "$work" && MYTRITON_CACHE_DIR="$work/cache-e" "$work/venv-e/bin/python" use.py "$src/python/mytriton") \
    | grep -q " $BUILD_DIR/lib/libMyTritonCAPI.so$"
}
check "editable mytriton runs softmax on the CPU from $work" runs_editable

echo "install: $passed passed, 0 failed"
