//===- TTAttrs.td - tt dialect attributes ------------------*- tablegen -*-===//

#ifndef MYTRITON_DIALECT_TT_IR_TTATTRS_TD
#define MYTRITON_DIALECT_TT_IR_TTATTRS_TD

include "mlir/IR/EnumAttr.td"

// The combine operation of a block reduction. max and min ignore NaN unless
// every lane is NaN (fmaxf/fminf, Triton's default `propagate_nan=NONE`).
def TT_ReduceKind : I32EnumAttr<"ReduceKind", "combine operation of tt.reduce", [
    I32EnumAttrCase<"Sum", 0, "sum">,
    I32EnumAttrCase<"Max", 1, "max">,
    I32EnumAttrCase<"Min", 2, "min">
  ]> {
  let cppNamespace = "::mlir::mytriton::tt";
}

// The read-modify-write of tt.atomic_rmw. Integer kinds act on the bits
// (max/min signed, umax/umin unsigned); fmax/fmin on f32 are Triton's:
// a value with its sign bit clear takes a signed-integer max (min) of the
// bits, one with it set an unsigned min (max), so negative values, -0.0
// and NaN order as Triton's tl.atomic_max/atomic_min order them.
def TT_RMWOp : I32EnumAttr<"RMWOp", "read-modify-write of tt.atomic_rmw", [
    I32EnumAttrCase<"Add", 0, "add">,
    I32EnumAttrCase<"FAdd", 1, "fadd">,
    I32EnumAttrCase<"Max", 2, "max">,
    I32EnumAttrCase<"Min", 3, "min">,
    I32EnumAttrCase<"UMax", 4, "umax">,
    I32EnumAttrCase<"UMin", 5, "umin">,
    I32EnumAttrCase<"FMax", 6, "fmax">,
    I32EnumAttrCase<"FMin", 7, "fmin">,
    I32EnumAttrCase<"And", 8, "and">,
    I32EnumAttrCase<"Or", 9, "or">,
    I32EnumAttrCase<"Xor", 10, "xor">,
    I32EnumAttrCase<"Xchg", 11, "xchg">
  ]> {
  let cppNamespace = "::mlir::mytriton::tt";
}

// The memory ordering of an atomic (Triton's `sem=`).
def TT_MemSemantic : I32EnumAttr<"MemSemantic", "memory ordering of an atomic", [
    I32EnumAttrCase<"Relaxed", 0, "relaxed">,
    I32EnumAttrCase<"Acquire", 1, "acquire">,
    I32EnumAttrCase<"Release", 2, "release">,
    I32EnumAttrCase<"AcqRel", 3, "acq_rel">
  ]> {
  let cppNamespace = "::mlir::mytriton::tt";
}

// The threads an atomic orders against (Triton's `scope=`): the program's
// CUDA block, the GPU, or the whole system (host and other GPUs).
def TT_MemSyncScope : I32EnumAttr<"MemSyncScope", "scope of an atomic", [
    I32EnumAttrCase<"GPU", 0, "gpu">,
    I32EnumAttrCase<"CTA", 1, "cta">,
    I32EnumAttrCase<"System", 2, "sys">
  ]> {
  let cppNamespace = "::mlir::mytriton::tt";
}

// How tt.dot multiplies f32 operands (Triton's `input_precision=`): `tf32`
// rounds each operand to tf32 (10-bit mantissa) on tensor cores, `tf32x3`
// splits each into a tf32 high and low part and sums three tf32 products
// (close to f32), `ieee` multiplies in full f32. Other element types ignore
// it. The FMA lowering every backend has today computes in full f32 for
// all three, which is within Triton's tolerances for tf32 and tf32x3.
def TT_InputPrecision : I32EnumAttr<"InputPrecision",
    "operand precision of an f32 tt.dot", [
    I32EnumAttrCase<"TF32", 0, "tf32">,
    I32EnumAttrCase<"TF32x3", 1, "tf32x3">,
    I32EnumAttrCase<"IEEE", 2, "ieee">
  ]> {
  let cppNamespace = "::mlir::mytriton::tt";
}

#endif // MYTRITON_DIALECT_TT_IR_TTATTRS_TD
