//===- DotLayouts.h - Which registers a laid-out tt.dot multiplies -*- C++ -*-===//
//
// The FMA path of tt.dot, one definition for both GPU routes: with its
// operands in #tt.dot_operand layouts of the accumulator's #tt.blocked
// layout, every thread holds, for each accumulator register (m, n), the
// registers of a's row m and b's column n over all K. The plan names them,
// from the layouts' LayoutBases (Layouts.h) only.
//
//===----------------------------------------------------------------------===//

#ifndef MYTRITON_DIALECT_TT_IR_DOTLAYOUTS_H
#define MYTRITON_DIALECT_TT_IR_DOTLAYOUTS_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::mytriton::tt {

/// For accumulator register r and k < K: aRegisters[r][k] is the register
/// of the a operand holding a[m][k], bRegisters[r][k] the register of b
/// holding b[k][n], where (m, n) is the element r holds. Every thread's
/// result register r is then fma over k ascending of those, starting from
/// its accumulator register r.
struct DotRegisterPlan {
  int64_t k = 0;
  SmallVector<SmallVector<int64_t>> aRegisters;
  SmallVector<SmallVector<int64_t>> bRegisters;
};

/// The plan for a dot of laid-out `a` (M x K), `b` (K x N) and accumulator
/// `c`; failure when the operand layouts do not give each thread the rows
/// and columns of its accumulator registers (not #tt.dot_operand layouts
/// of c's, which the verifier requires).
FailureOr<DotRegisterPlan> getDotRegisterPlan(RankedTensorType a,
                                              RankedTensorType b,
                                              RankedTensorType c);

} // namespace mlir::mytriton::tt

#endif // MYTRITON_DIALECT_TT_IR_DOTLAYOUTS_H
