//===- Casts.h - Element types and casts on the CPU route -------*- C++ -*-===//

#ifndef MYTRITON_CONVERSION_TTTOVECTOR_CASTS_H
#define MYTRITON_CONVERSION_TTTOVECTOR_CASTS_H

#include "mlir/IR/Types.h"
#include "mlir/Support/LLVM.h"

namespace mlir::mytriton {
namespace tt {
class FuncOp;
} // namespace tt

/// The element types the CPU route lowers: every value type of the tt
/// dialect (i1, i8..i64, f16, bf16, f32, f64), index, and pointers to the
/// memory types.
bool isCPUElementType(Type type);

/// Refuses, at the op, what the CPU route does not lower among ops whose
/// types it takes: arith.truncf with a rounding mode other than the
/// default and toward_zero.
LogicalResult checkCPUOps(tt::FuncOp kernel);

/// Replaces each `arith.truncf ... toward_zero` of `kernel` by the default
/// (round to nearest even) truncation, corrected by one ulp toward zero where
/// it rounded away from zero. MLIR lowers the rounding mode to LLVM's
/// constrained fptrunc, whose rounding argument only promises the mode the
/// FPU is in: x86 code would still round to nearest.
void lowerTruncFTowardZero(tt::FuncOp kernel);
} // namespace mlir::mytriton

#endif // MYTRITON_CONVERSION_TTTOVECTOR_CASTS_H
