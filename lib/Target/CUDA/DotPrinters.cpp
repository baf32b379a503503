//===- DotPrinters.cpp - tt.dot of tiled kernels as CUDA FMAs -------------===//
//
// The FMA path, as the gpu/nvvm route lowers it (DotToGPU.cpp): the
// operands arrive in #tt.dot_operand layouts (their tt.convert_layouts go
// through __shared__ memory, TiledPrinters.cpp), and accumulator register
// r (element (m, n)) is, with the registers of tt::getDotRegisterPlan,
//   d_r = c_r; d_r = fmaf(a[m][0], b[0][n], d_r); ... k ascending
// fmaf is one correctly rounded fused multiply-add, so the CUDA, nvvm and
// CPU routes round alike.
//
//===----------------------------------------------------------------------===//

#include "KernelEmitter.h"

#include "MyTriton/Dialect/TT/IR/DotLayouts.h"

using namespace mlir;
using namespace mlir::mytriton;
using namespace mlir::mytriton::cuda;

LogicalResult mlir::mytriton::cuda::printTiledDot(KernelEmitter &e,
                                                  tt::DotOp op) {
  auto aType = cast<RankedTensorType>(op.getA().getType());
  auto bType = cast<RankedTensorType>(op.getB().getType());
  auto cType = cast<RankedTensorType>(op.getC().getType());
  if (!cType.getElementType().isF32())
    return op.emitOpError() << "cannot be emitted as CUDA: the FMA path "
                               "multiplies f32 tiles only, not "
                            << cType.getElementType();
  FailureOr<tt::DotRegisterPlan> plan =
      tt::getDotRegisterPlan(aType, bType, cType);
  if (failed(plan))
    return op.emitOpError()
           << "cannot be emitted as CUDA: its operands are not in "
              "#tt.dot_operand layouts of the accumulator's layout "
              "(tt-assign-layouts gives them so)";
  unsigned count = plan->aRegisters.size();
  SmallVector<std::string> inits;
  for (unsigned r = 0; r < count; ++r)
    inits.push_back(e.expr(op.getC(), r));
  raw_indented_ostream &os = e.body();
  os << "// " << e.nameOf(op.getD()) << ": tt.dot, " << plan->k
     << " FMAs per register, k ascending\n";
  FailureOr<SmallVector<std::string>> names =
      e.declareVariables(op.getD(), count, inits);
  if (failed(names))
    return failure();
  for (unsigned r = 0; r < count; ++r)
    for (auto [ar, br] :
         llvm::zip_equal(plan->aRegisters[r], plan->bRegisters[r]))
      os << (*names)[r] << " = fmaf(" << e.expr(op.getA(), ar) << ", "
         << e.expr(op.getB(), br) << ", " << (*names)[r] << ");\n";
  e.setRegisters(op.getD(), *names);
  return success();
}
