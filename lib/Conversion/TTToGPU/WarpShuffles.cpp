//===- WarpShuffles.cpp - xor shuffles of every element type --------------===//
//
// A warp shuffle (shfl.sync) moves 32 bits. A 32-bit value is shuffled as
// it is; a 64-bit one too, since convert-gpu-to-nvvm splits a 64-bit
// gpu.shuffle into two 32-bit ones (its low and high halves, MLIR's
// populateGpuShufflePatterns). A narrower value (i8, i16, f16, bf16) travels
// as the low bits of an i32: its bits zero-extended, shuffled, truncated.
//
//===----------------------------------------------------------------------===//

#include "TTToGPUInternal.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"

using namespace mlir;
using namespace mlir::mytriton;

Value mytriton::createXorShuffle(OpBuilder &b, Location loc, Value value,
                                 int32_t offset, int32_t width) {
  auto shuffle = [&](Value v) -> Value {
    return gpu::ShuffleOp::create(b, loc, v, offset, width,
                                  gpu::ShuffleMode::XOR)
        .getShuffleResult();
  };
  Type type = value.getType();
  unsigned bits = type.getIntOrFloatBitWidth();
  if (bits == 32 || bits == 64)
    return shuffle(value);
  Type narrow = b.getIntegerType(bits);
  Value raw = isa<FloatType>(type)
                  ? Value(arith::BitcastOp::create(b, loc, narrow, value))
                  : value;
  Value wide = arith::ExtUIOp::create(b, loc, b.getI32Type(), raw);
  Value back = arith::TruncIOp::create(b, loc, narrow, shuffle(wide));
  return isa<FloatType>(type)
             ? Value(arith::BitcastOp::create(b, loc, type, back))
             : back;
}
