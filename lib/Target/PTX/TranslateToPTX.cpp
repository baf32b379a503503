//===- TranslateToPTX.cpp - --emit-ptx / --emit-cubin translations --------===//

#include "CompileToGPUInternal.h"
#include "MyTriton/Target/PTX/CompileToGPU.h"
#include "MyTriton/Target/PTX/Pipelines.h"

#include "MyTriton/Dialect/TT/IR/TTDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/CommandLine.h"

using namespace mlir;
using namespace mlir::mytriton;

namespace {
/// Compiles the tt kernels of `module` and prints one object of `format`.
LogicalResult emitObject(ModuleOp module, const GPUCompileOptions &options,
                         StringRef format, raw_ostream &os) {
  FailureOr<OwningOpRef<ModuleOp>> lowered = lowerToNVVM(module, options);
  if (failed(lowered))
    return failure();
  std::string object;
  if (failed(serializeGPUModule(**lowered, options, format, object)))
    return failure();
  os << object;
  return success();
}

void registerInputDialects(DialectRegistry &registry) {
  registry.insert<tt::TTDialect, arith::ArithDialect, math::MathDialect>();
  registerGPUCompileDependencies(registry);
}
} // namespace

void mytriton::registerToPTXTranslations() {
  static llvm::cl::opt<std::string> chip(
      "ptx-chip", llvm::cl::desc("GPU architecture for --emit-ptx/--emit-cubin"),
      llvm::cl::init("sm_90"));
  static llvm::cl::opt<std::string> toolkit(
      "ptx-toolkit",
      llvm::cl::desc("CUDA toolkit whose ptxas --emit-cubin uses"),
      llvm::cl::init("/usr/local/cuda"));
  static llvm::cl::opt<bool> fpFusion(
      "ptx-fp-fusion",
      llvm::cl::desc("Let float multiplies and adds fuse into fmas "
                     "(Triton's enable_fp_fusion)"),
      llvm::cl::init(true));
  auto options = [] {
    GPUCompileOptions options;
    options.chip = chip;
    options.toolkitPath = toolkit;
    options.fpFusion = fpFusion;
    return options;
  };

  TranslateFromMLIRRegistration(
      "emit-ptx", "Compile tt kernels to PTX text",
      [options](ModuleOp module, raw_ostream &os) {
        return emitObject(module, options(), "isa", os);
      },
      registerInputDialects);
  TranslateFromMLIRRegistration(
      "emit-cubin", "Compile tt kernels to a cubin (ELF) with ptxas",
      [options](ModuleOp module, raw_ostream &os) {
        return emitObject(module, options(), "bin", os);
      },
      registerInputDialects);
}
