//===- mytriton-opt.cpp - MyTriton's optimizer driver ---------------------===//
//
// mlir-opt with the tt dialect, its pipelines, the dialects it lowers to and
// every upstream pass those pipelines run, so that the textual pipeline
// --dump-pass-pipeline prints can be replayed with --pass-pipeline=...
//
// Built twice: mytriton-opt for users, and mytriton-test-opt (with
// MYTRITON_OPT_TEST_PASSES) that adds the test passes of test/lib for lit;
// the test tool is never installed.
//
//===----------------------------------------------------------------------===//

#include "MyTriton/Conversion/TTToGPU/Passes.h"
#include "MyTriton/Conversion/TTToVector/Passes.h"
#include "MyTriton/Dialect/TT/IR/TTDialect.h"
#include "MyTriton/Dialect/TT/Transforms/Passes.h"
#include "MyTriton/Dialect/TT/Transforms/Pipelines.h"
#include "MyTriton/Target/PTX/Pipelines.h"
#include "MyTriton/Version.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#ifdef MYTRITON_OPT_TEST_PASSES
namespace mlir::mytriton {
void registerTestContiguityPass(); // test/lib/Analysis
void registerTestTensorMapAccessPass(); // test/lib/Analysis
void registerTestLayoutMapPass();   // test/lib/Dialect/TT
} // namespace mlir::mytriton
#endif

/// The upstream passes that tt-optimize, tt-to-nvvm, tt-to-ptx and
/// tt-to-llvm-cpu add (test/Tools/mytriton-opt/replay-pipelines.mlir checks
/// that each dumped pipeline replays).
static void registerUpstreamPipelinePasses() {
  mlir::registerTransformsPasses(); // canonicalize, cse, ...
  mlir::arith::registerArithIntRangeOpts();
  mlir::registerGpuNVVMAttachTarget();
  mlir::registerGpuModuleToBinaryPass();
  mlir::registerSCFToControlFlowPass();
  mlir::registerConvertGpuOpsToNVVMOps();
  mlir::registerReconcileUnrealizedCastsPass();
  mlir::registerConvertVectorToLLVMPass();
  mlir::registerConvertMathToLLVMPass();
  mlir::registerArithToLLVMConversionPass();
  mlir::registerFinalizeMemRefToLLVMConversionPass();
  mlir::registerConvertFuncToLLVMPass();
  mlir::registerConvertControlFlowToLLVMPass();
}

int main(int argc, char **argv) {
  registerUpstreamPipelinePasses();
#ifdef MYTRITON_OPT_TEST_PASSES
  mlir::mytriton::registerTestContiguityPass();
  mlir::mytriton::registerTestTensorMapAccessPass();
  mlir::mytriton::registerTestLayoutMapPass();
#endif
  mlir::mytriton::tt::registerTTPipelines();
  mlir::mytriton::tt::registerTTTransformsPasses();
  mlir::mytriton::registerTTToGPUPasses();
  mlir::mytriton::registerTTToPTXPipelines();
  mlir::mytriton::registerTTToLLVMCPUPipeline();
  // The NVPTX code generation options every MyTriton route serializes with,
  // also for gpu-module-to-binary in a replayed --pass-pipeline (options given
  // on the command line still win: they are parsed after this).
  mlir::mytriton::configureNVPTXCodeGen();
  llvm::cl::AddExtraVersionPrinter([](llvm::raw_ostream &os) {
    os << "MyTriton version " MYTRITON_VERSION "\n";
  });

  mlir::DialectRegistry registry;
  registry.insert<mlir::mytriton::tt::TTDialect, mlir::arith::ArithDialect,
                  mlir::math::MathDialect>();
  mlir::mytriton::registerGPUCompileDependencies(registry);
  // What tt-to-llvm-cpu lowers to, so its output and host test drivers parse.
  registry.insert<mlir::func::FuncDialect, mlir::memref::MemRefDialect,
                  mlir::scf::SCFDialect, mlir::vector::VectorDialect,
                  mlir::LLVM::LLVMDialect>();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "MyTriton optimizer driver\n", registry));
}
