//===- DotPrinters.cpp - tt.dot of tiled kernels as CUDA FMAs -------------===//
//
// The FMA path, as the gpu/nvvm route lowers it (DotToGPU.cpp): the
// operands arrive in #tt.dot_operand layouts (their tt.convert_layouts go
// through __shared__ memory, TiledPrinters.cpp), and accumulator register
// r (element (m, n)) is, with the registers of tt::getDotRegisterPlan,
//   d_r = c_r; d_r = fmaf(a[m][0], b[0][n], d_r); ... k ascending
// fmaf is one correctly rounded fused multiply-add, so the CUDA, nvvm and
// CPU routes round alike. Operands are read in the accumulator's type as
// the nvvm route extends them: __half2float / __bfloat162float into fmaf
// for an f32 accumulator, __hfma for an f16 one, fma for f64, and for i8
// operands (signed char, promoted to int) an int product added in unsigned
// (wrapping as the IR's addi; signed overflow is undefined in C).
//
//===----------------------------------------------------------------------===//

#include "CTypes.h"
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
  Type accType = cType.getElementType();
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
     << (accType.isInteger(32) ? " multiply-adds" : " FMAs")
     << " per register, k ascending\n";
  FailureOr<SmallVector<std::string>> names =
      e.declareVariables(op.getD(), count, inits);
  if (failed(names))
    return failure();
  Type operandType = aType.getElementType();
  auto read = [&](Value operand, unsigned reg) {
    std::string expr = e.expr(operand, reg);
    return accType.isF32() ? halfToFloat(operandType, expr) : expr;
  };
  for (unsigned r = 0; r < count; ++r) {
    const std::string &acc = (*names)[r];
    for (auto [ar, br] :
         llvm::zip_equal(plan->aRegisters[r], plan->bRegisters[r])) {
      std::string x = read(op.getA(), ar), y = read(op.getB(), br);
      if (accType.isInteger(32)) {
        os << acc << " = (int)((unsigned)" << acc << " + (unsigned)((int)" << x
           << " * (int)" << y << "));\n";
        continue;
      }
      StringRef fma = accType.isF16()   ? "__hfma"
                      : accType.isF64() ? "fma"
                                        : "fmaf";
      os << acc << " = " << fma << "(" << x << ", " << y << ", " << acc
         << ");\n";
    }
  }
  e.setRegisters(op.getD(), *names);
  return success();
}
