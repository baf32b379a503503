//===- tt-consumer.cpp - A tool outside MyTriton that uses its dialect ----===//
//
// Parses a tt file, verifies it, runs MyTriton's optimize pipeline and
// prints each kernel's name, block size and reduction count.
//
//===----------------------------------------------------------------------===//

#include "MyTriton/Dialect/TT/IR/TTDialect.h"
#include "MyTriton/Dialect/TT/Transforms/Pipelines.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

int main(int argc, char **argv) {
  if (argc != 2) {
    llvm::errs() << "usage: tt-consumer <file.mlir>\n";
    return 2;
  }
  DialectRegistry registry;
  registry.insert<mytriton::tt::TTDialect, arith::ArithDialect,
                  math::MathDialect>();
  MLIRContext context(registry);
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler handler(sourceMgr, &context);
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(argv[1], sourceMgr, &context);
  if (!module)
    return 1;
  PassManager pm(&context);
  mytriton::tt::buildOptimizePipeline(pm);
  if (failed(pm.run(*module)))
    return 1;
  module->walk([](mytriton::tt::FuncOp kernel) {
    int reductions = 0;
    kernel.walk([&](mytriton::tt::ReduceOp) { ++reductions; });
    llvm::outs() << "kernel " << kernel.getSymName() << " block_size "
                 << kernel.getBlockSize() << " reductions " << reductions
                 << "\n";
  });
  return 0;
}
