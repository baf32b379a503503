//===- TTOpPrinters.cpp - tt ops as CUDA statements -----------------------===//
//
// A tensor is one element per thread (lane i == threadIdx.x), a scalar is
// the same in every thread, so most tt ops are one statement per thread.
//
//===----------------------------------------------------------------------===//

#include "KernelEmitter.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::mytriton;
using namespace mlir::mytriton::cuda;

static LogicalResult printOperation(KernelEmitter &e, tt::GetProgramIdOp op) {
  static const char *const axes[] = {"x", "y", "z"};
  int32_t axis = op.getAxis();
  if (axis < 0 || axis > 2)
    return op.emitOpError() << "axis " << axis << " has no blockIdx field";
  return e.declare(op.getResult(), std::string("(int)blockIdx.") + axes[axis]);
}

static LogicalResult printOperation(KernelEmitter &e, tt::MakeRangeOp op) {
  int64_t width = op.getEnd() - op.getStart();
  if (width != e.getBlockSize())
    return op.emitOpError() << "range width " << width
                            << " is not the block size " << e.getBlockSize()
                            << ", so lanes are not threads";
  // start + i < end fits in i32, so this cannot overflow.
  std::string init = "(int)threadIdx.x";
  if (op.getStart() != 0)
    init = std::to_string(op.getStart()) + " + " + init;
  return e.declare(op.getResult(), init);
}

// Every thread's element of splat(x) is x.
static LogicalResult printOperation(KernelEmitter &e, tt::SplatOp op) {
  e.splat(op.getResult(), op.getSrc());
  return success();
}

static LogicalResult printOperation(KernelEmitter &e, tt::AddPtrOp op) {
  e.setAddPtr(op.getResult(), op.getPtr(), op.getOffset());
  return success();
}

/// `0` of the loaded element type, what a masked-off lane reads without
/// `other`.
static FailureOr<std::string> zeroOf(KernelEmitter &e, Value result) {
  FailureOr<std::string> type = e.getCType(result.getType(), result.getLoc());
  if (failed(type))
    return failure();
  return std::string(*type == "float" ? "0.0f" : "0");
}

// A masked-off lane takes `other` and, through `?:`, touches no memory.
static LogicalResult printOperation(KernelEmitter &e, tt::LoadOp op) {
  std::string element = e.elementExpr(op.getPtr());
  if (!op.getMask())
    return e.declare(op.getResult(), element);
  std::string other;
  if (op.getOther()) {
    other = e.operand(op.getOther());
  } else {
    FailureOr<std::string> zero = zeroOf(e, op.getResult());
    if (failed(zero))
      return failure();
    other = *zero;
  }
  return e.declare(op.getResult(), e.operand(op.getMask()) + " ? " + element +
                                       " : " + other);
}

// A tensor store writes in the lanes whose mask is true; a scalar store
// writes once per program instance, from thread 0.
static LogicalResult printOperation(KernelEmitter &e, tt::StoreOp op) {
  SmallVector<std::string> conditions;
  if (!isa<RankedTensorType>(op.getPtr().getType()))
    conditions.push_back("threadIdx.x == 0u");
  if (op.getMask())
    conditions.push_back(e.operand(op.getMask()));
  std::string store = e.elementExpr(op.getPtr()) + " = " +
                      e.expr(op.getValue()) + ";\n";
  if (conditions.empty()) {
    e.body() << store;
    return success();
  }
  e.body() << "if (" << llvm::join(conditions, " && ") << ") {\n";
  e.body().indent() << store;
  e.body().unindent() << "}\n";
  return success();
}

std::optional<LogicalResult>
mlir::mytriton::cuda::printTTOperation(KernelEmitter &emitter, Operation &op) {
  return llvm::TypeSwitch<Operation *, std::optional<LogicalResult>>(&op)
      .Case<tt::GetProgramIdOp, tt::MakeRangeOp, tt::SplatOp, tt::AddPtrOp,
            tt::LoadOp, tt::StoreOp>(
          [&](auto op) { return printOperation(emitter, op); })
      .Default([](Operation *) { return std::nullopt; });
}
