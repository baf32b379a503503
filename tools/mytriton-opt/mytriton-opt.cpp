//===- mytriton-opt.cpp - MyTriton's optimizer driver ---------------------===//
//
// mlir-opt with the tt dialect, its pipelines and the dialects it lowers to.
//
//===----------------------------------------------------------------------===//

#include "MyTriton/Conversion/TTToGPU/Passes.h"
#include "MyTriton/Conversion/TTToVector/Passes.h"
#include "MyTriton/Dialect/TT/IR/TTDialect.h"
#include "MyTriton/Dialect/TT/Transforms/Passes.h"
#include "MyTriton/Dialect/TT/Transforms/Pipelines.h"
#include "MyTriton/Target/PTX/Pipelines.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"

namespace mlir::mytriton {
void registerTestContiguityPass(); // test/lib/Analysis
void registerTestLayoutMapPass();   // test/lib/Dialect/TT
} // namespace mlir::mytriton

int main(int argc, char **argv) {
  mlir::registerTransformsPasses();
  mlir::mytriton::registerTestContiguityPass();
  mlir::mytriton::registerTestLayoutMapPass();
  mlir::mytriton::tt::registerTTPipelines();
  mlir::mytriton::tt::registerTTTransformsPasses();
  mlir::mytriton::registerTTToGPUPasses();
  mlir::mytriton::registerTTToPTXPipelines();
  mlir::mytriton::registerTTToLLVMCPUPipeline();

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
