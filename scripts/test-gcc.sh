#!/usr/bin/env bash
# The build must not depend on the host compiler: builds with Debian's GCC 12
# into build-gcc/ (ccache makes a rebuild cheap) and runs the whole lit suite
# there. Catches, e.g., IR built inside call arguments, whose op order then
# follows the compiler's argument-evaluation order.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${GCC_BUILD_DIR:-build-gcc}
BUILD_DIR=$BUILD_DIR MYTRITON_COMPILER=gcc scripts/setup.sh
/usr/lib/llvm-22/bin/lit -sv "$BUILD_DIR/test"
