//===- IRDump.h - MLIR_ENABLE_DUMP for in-process compiles -------*- C++ -*-===//
//
// Triton's debugging hook: with MLIR_ENABLE_DUMP=1 every pass manager of an
// in-process compile (the C API's tt-optimize, the gpu/nvvm lowering, the CPU
// route) prints the whole module to stderr after every pass;
// MLIR_ENABLE_DUMP=<kernel name> prints only compiles of that kernel (the
// tt.func, or the gpu/llvm function it was lowered to). Header-only, so each
// library that runs a pass manager needs no new link dependency.
//
//===----------------------------------------------------------------------===//

#ifndef MYTRITON_SUPPORT_IRDUMP_H
#define MYTRITON_SUPPORT_IRDUMP_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <string>

namespace mlir::mytriton {

/// The environment variable, named as in Triton.
inline constexpr const char *kIRDumpVariable = "MLIR_ENABLE_DUMP";

/// Whether the module around `op` holds a symbol named `kernel`.
inline bool moduleHasKernel(Operation *op, llvm::StringRef kernel) {
  Operation *top = op;
  while (Operation *parent = top->getParentOp())
    top = parent;
  bool found = false;
  top->walk([&](SymbolOpInterface symbol) {
    if (symbol.getName() == kernel) {
      found = true;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return found;
}

/// Makes `pm` print the module after every pass when MLIR_ENABLE_DUMP asks
/// for it; does nothing otherwise ("" and "0" mean off).
inline void enableIRDumpFromEnvironment(PassManager &pm) {
  const char *value = std::getenv(kIRDumpVariable);
  if (!value || !*value || llvm::StringRef(value) == "0")
    return;
  std::string kernel = llvm::StringRef(value) == "1" ? "" : value;
  // Module-scope printing needs a single-threaded context.
  pm.getContext()->disableMultithreading();
  auto never = [](Pass *, Operation *) { return false; };
  auto afterEachPass = [kernel](Pass *, Operation *op) {
    return kernel.empty() || moduleHasKernel(op, kernel);
  };
  pm.enableIRPrinting(never, afterEachPass, /*printModuleScope=*/true,
                      /*printAfterOnlyOnChange=*/false,
                      /*printAfterOnlyOnFailure=*/false, llvm::errs());
}

} // namespace mlir::mytriton

#endif // MYTRITON_SUPPORT_IRDUMP_H
