//===- mytriton-opt.cpp - MyTriton's optimizer driver ---------------------===//
//
// mlir-opt with the tt dialect, its pipelines and the dialects it lowers to.
//
//===----------------------------------------------------------------------===//

#include "MyTriton/Conversion/TTToVector/Passes.h"
#include "MyTriton/Dialect/TT/IR/TTDialect.h"
#include "MyTriton/Dialect/TT/Transforms/Pipelines.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"

int main(int argc, char **argv) {
  mlir::registerTransformsPasses();
  mlir::mytriton::tt::registerTTPipelines();
  mlir::mytriton::registerTTToLLVMCPUPipeline();

  mlir::DialectRegistry registry;
  registry.insert<mlir::mytriton::tt::TTDialect, mlir::arith::ArithDialect,
                  mlir::math::MathDialect>();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "MyTriton optimizer driver\n", registry));
}
