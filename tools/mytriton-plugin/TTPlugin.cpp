//===- TTPlugin.cpp - The tt dialect as an mlir-opt plugin ----------------===//
//
// Lets a stock `mlir-opt --load-dialect-plugin=MyTritonTTPlugin.so` parse,
// verify and canonicalize tt IR, and `--load-pass-plugin` run tt-optimize.
//
//===----------------------------------------------------------------------===//

#include "MyTriton/Dialect/TT/IR/TTDialect.h"
#include "MyTriton/Dialect/TT/Transforms/Pipelines.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/Compiler.h"

using namespace mlir;

extern "C" LLVM_ATTRIBUTE_WEAK DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "MyTritonTT", LLVM_VERSION_STRING,
          [](DialectRegistry *registry) {
            registry->insert<mytriton::tt::TTDialect>();
          }};
}

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "MyTritonTTPasses", LLVM_VERSION_STRING,
          []() { mytriton::tt::registerTTPipelines(); }};
}
