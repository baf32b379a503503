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

#endif // MYTRITON_DIALECT_TT_IR_TTATTRS_TD
