//===- mytriton-translate.cpp - MyTriton's translation driver -------------===//
//
// mlir-translate with MyTriton's translations: --emit-cuda writes tt kernels
// as CUDA C++; --emit-ptx and --emit-cubin run the gpu/nvvm route.
//
//===----------------------------------------------------------------------===//

#include "MyTriton/Target/CUDA/CUDAEmitter.h"

#include "MyTriton/Target/PTX/Pipelines.h"
#include "MyTriton/Version.h"

#include "mlir/Support/LogicalResult.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

int main(int argc, char **argv) {
  mlir::mytriton::registerToCUDATranslation();
  mlir::mytriton::registerToPTXTranslations();
  llvm::cl::AddExtraVersionPrinter([](llvm::raw_ostream &os) {
    os << "MyTriton version " MYTRITON_VERSION "\n";
  });
  return mlir::failed(
      mlir::mlirTranslateMain(argc, argv, "MyTriton translation driver"));
}
