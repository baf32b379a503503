//===- mytriton-ptx-api-test.cpp - drives compileToGPUBinaries for lit ----===//
//
//   mytriton-ptx-api-test <input.mlir> <out.ptx> <out.cubin> [chip]
//
// Parses a tt module in a context holding only the tt, arith and math
// dialects (as the frontend's does), compiles it with compileToGPUBinaries,
// writes both objects and prints their sizes; exits 1 on failure.
//
//===----------------------------------------------------------------------===//

#include "MyTriton/Dialect/TT/IR/TTDialect.h"
#include "MyTriton/Target/PTX/CompileToGPU.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/raw_ostream.h"

#include <fstream>

using namespace mlir;

static bool writeFile(const char *path, const std::string &bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  return static_cast<bool>(out);
}

int main(int argc, char **argv) {
  if (argc < 4 || argc > 5) {
    llvm::errs() << "usage: " << argv[0]
                 << " <input.mlir> <out.ptx> <out.cubin> [chip]\n";
    return 2;
  }
  MLIRContext context;
  context.loadDialect<mytriton::tt::TTDialect, arith::ArithDialect,
                      math::MathDialect>();
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(argv[1], &context);
  if (!module)
    return 1;

  mytriton::GPUCompileOptions options;
  if (argc == 5)
    options.chip = argv[4];
  mytriton::GPUBinaries binaries;
  if (failed(mytriton::compileToGPUBinaries(*module, options, binaries)))
    return 1;
  if (!writeFile(argv[2], binaries.ptx) || !writeFile(argv[3], binaries.cubin))
    return 1;
  llvm::outs() << "ptx: " << binaries.ptx.size() << " bytes\n"
               << "cubin: " << binaries.cubin.size() << " bytes\n";
  // The input module is left as it was: compilation works on a clone.
  module->print(llvm::outs());
  return 0;
}
