//===- mytriton-fuzz.cpp - libFuzzer entry for the tt pipeline ------------===//
//
// Feeds arbitrary bytes through parse -> verify -> tt-optimize -> every
// lowering MyTriton has: the CUDA C++ emitter (both reduction forms), the
// gpu/nvvm route down to NVVM IR (not ptxas: it is a separate program) and
// the CPU route down to the LLVM dialect. Any input may be rejected with a diagnostic; none
// may crash, hang or trip a sanitizer.
//
//===----------------------------------------------------------------------===//

#include "MyTriton/Conversion/TTToVector/Passes.h"
#include "MyTriton/Dialect/TT/IR/TTDialect.h"
#include "MyTriton/Dialect/TT/Transforms/Pipelines.h"
#include "MyTriton/Target/CUDA/CUDAEmitter.h"
#include "MyTriton/Target/PTX/CompileToGPU.h"
#include "MyTriton/Target/PTX/Pipelines.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <cstdint>

using namespace mlir;

static MLIRContext &getContext() {
  static MLIRContext *context = [] {
    DialectRegistry registry;
    registry.insert<mytriton::tt::TTDialect, arith::ArithDialect,
                    math::MathDialect>();
    mytriton::registerGPUCompileDependencies(registry);
    auto *ctx = new MLIRContext(registry);
    ctx->loadAllAvailableDialects();
    // Diagnostics are the expected outcome for most inputs: swallow them.
    ctx->getDiagEngine().registerHandler([](Diagnostic &) { return success(); });
    return ctx;
  }();
  return *context;
}

/// Whether `text` holds a resource blob (`"0x..."` in a dialect_resources
/// section) whose leading 32-bit alignment is 0. MLIR 22's blob parser
/// accepts it and allocates with alignment 0, which ASan reports as an
/// invalid allocation inside MLIR (test/Fuzz/regressions/
/// resource-blob-alignment-zero.mlir): not MyTriton's to fix, so such
/// inputs are skipped, and every other blob still goes through.
static bool hasZeroAlignedBlob(llvm::StringRef text) {
  if (!text.contains("dialect_resources"))
    return false;
  for (size_t at = text.find("\"0x"); at != llvm::StringRef::npos;
       at = text.find("\"0x", at + 3)) {
    llvm::StringRef digits = text.substr(at + 3, 8);
    if (digits.size() == 8 && digits.find_first_not_of("0") ==
                                  llvm::StringRef::npos)
      return true;
  }
  return false;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  MLIRContext &context = getContext();
  std::string text(reinterpret_cast<const char *>(data), size);
  if (hasZeroAlignedBlob(text))
    return 0;
  ParserConfig config(&context);
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, config);
  if (!module || failed(verify(*module)))
    return 0;
  PassManager pm(&context);
  mytriton::tt::buildOptimizePipeline(pm);
  if (failed(pm.run(*module)))
    return 0;

  // Each lowering works on its own copy of the optimized IR.
  for (auto reduction : {mytriton::CUDAReduction::WarpShuffle,
                         mytriton::CUDAReduction::SharedTree}) {
    std::string cuda;
    llvm::raw_string_ostream os(cuda);
    (void)mytriton::translateToCUDA(*module, os, {reduction});
  }
  {
    OwningOpRef<ModuleOp> gpu = module->clone();
    PassManager lower(&context);
    mytriton::buildTTToNVVMPipeline(lower, mytriton::GPUCompileOptions());
    (void)lower.run(*gpu);
  }
  {
    OwningOpRef<ModuleOp> cpu = module->clone();
    PassManager lower(&context);
    mytriton::buildTTToLLVMCPUPipeline(lower);
    (void)lower.run(*cpu);
  }
  return 0;
}
