//===- mytriton-translate.cpp - MyTriton's translation driver -------------===//
//
// mlir-translate with MyTriton's translations: --emit-cuda writes tt kernels
// as CUDA C++.
//
//===----------------------------------------------------------------------===//

#include "MyTriton/Target/CUDA/CUDAEmitter.h"

#include "mlir/Support/LogicalResult.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"

int main(int argc, char **argv) {
  mlir::mytriton::registerToCUDATranslation();
  return mlir::failed(
      mlir::mlirTranslateMain(argc, argv, "MyTriton translation driver"));
}
