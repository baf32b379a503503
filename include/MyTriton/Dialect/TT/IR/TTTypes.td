//===- TTTypes.td - tt dialect types -----------------------*- tablegen -*-===//

#ifndef MYTRITON_DIALECT_TT_IR_TTTYPES_TD
#define MYTRITON_DIALECT_TT_IR_TTTYPES_TD

include "MyTriton/Dialect/TT/IR/TTDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"

def TT_PtrType : TypeDef<TT_Dialect, "Pointer"> {
  let mnemonic = "ptr";
  let summary = "pointer to global memory";
  let description = [{
    `!tt.ptr<f32>` is a pointer into the GPU's global memory. The pointee is
    f32 or i32 (i1 pointers are rejected: there is no byte-sized bool in
    global memory that the seed's kernels use).
  }];
  let parameters = (ins "::mlir::Type":$pointeeType);
  let assemblyFormat = "`<` $pointeeType `>`";
  let genVerifyDecl = 1;
  let builders = [
    TypeBuilderWithInferredContext<(ins "::mlir::Type":$pointeeType), [{
      return $_get(pointeeType.getContext(), pointeeType);
    }]>
  ];
}

// Element types a kernel computes with.
def TT_Float : AnyTypeOf<[F32], "f32">;
def TT_Int : AnyTypeOf<[I1, I32], "i1 or i32">;
def TT_Scalar : AnyTypeOf<[F32, I1, I32, TT_PtrType], "f32, i1, i32 or !tt.ptr">;
def TT_Tensor : RankedTensorOf<[F32, I1, I32, TT_PtrType]>;
def TT_Value : AnyTypeOf<[TT_Scalar, TT_Tensor], "tt scalar or tensor">;

def TT_PtrLike : AnyTypeOf<[TT_PtrType, RankedTensorOf<[TT_PtrType]>],
                           "!tt.ptr or tensor of !tt.ptr">;
def TT_IntLike : AnyTypeOf<[I32, RankedTensorOf<[I32]>], "i32 or tensor of i32">;
def TT_BoolLike : AnyTypeOf<[I1, RankedTensorOf<[I1]>], "i1 or tensor of i1">;
def TT_Numeric : AnyTypeOf<[F32, I32, RankedTensorOf<[F32, I32]>],
                           "f32, i32 or a tensor of them">;
def TT_ReducibleTensor : RankedTensorOf<[F32, I32]>;

#endif // MYTRITON_DIALECT_TT_IR_TTTYPES_TD
