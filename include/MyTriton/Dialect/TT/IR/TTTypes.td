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
    one of Triton's memory element types: f16, bf16, f32, f64, i8, i16, i32
    or i64. There is no `!tt.ptr<i1>`: a bool in memory is a byte, so the
    frontend reads a bool array through `!tt.ptr<i8>` and compares with 0,
    as Triton does.
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

// Element types a kernel computes with: Triton's dtypes. The IR's integers
// are signless, as in Triton: whether an i32 is int32 or uint32 is the
// frontend's choice of ops (arith.divsi or arith.divui, ...). i1 is a mask or
// bool in registers; in memory a bool is a byte (!tt.ptr<i8>).
def TT_FloatElem : AnyTypeOf<[F16, BF16, F32, F64], "f16, bf16, f32 or f64">;
def TT_IntElem : AnyTypeOf<[I1, I8, I16, I32, I64], "i1, i8, i16, i32 or i64">;
def TT_Scalar : AnyTypeOf<[TT_FloatElem, TT_IntElem, TT_PtrType],
                          "a float, an integer or !tt.ptr">;
def TT_Tensor : RankedTensorOf<[F16, BF16, F32, F64, I1, I8, I16, I32, I64,
                                TT_PtrType]>;
def TT_Value : AnyTypeOf<[TT_Scalar, TT_Tensor], "tt scalar or tensor">;

def TT_PtrLike : AnyTypeOf<[TT_PtrType, RankedTensorOf<[TT_PtrType]>],
                           "!tt.ptr or tensor of !tt.ptr">;
// Pointer offsets: i32, or i64 for tensors of more than 2**31 elements.
def TT_IntLike : AnyTypeOf<[I32, I64, RankedTensorOf<[I32, I64]>],
                           "i32, i64 or a tensor of them">;
def TT_BoolLike : AnyTypeOf<[I1, RankedTensorOf<[I1]>], "i1 or tensor of i1">;
def TT_Numeric : AnyTypeOf<[F16, BF16, F32, F64, I8, I16, I32, I64,
                            RankedTensorOf<[F16, BF16, F32, F64, I8, I16, I32,
                                            I64]>],
                           "a float, an integer wider than i1, or a tensor of "
                           "them">;
def TT_ReducibleTensor : RankedTensorOf<[F16, BF16, F32, F64, I8, I16, I32,
                                         I64]>;


def TT_MemDescType : TypeDef<TT_Dialect, "MemDesc"> {
  let mnemonic = "memdesc";
  let summary = "a tile in the program's shared memory";
  let description = [{
    `!tt.memdesc<128x64xf16, #tt.shared<{swizzle = 128, order = [1, 0]}>>`
    is a 128 x 64 tile of f16 in shared memory, laid out as its
    `#tt.shared` encoding says; `mutable` marks a buffer that
    `tt.local_store` and `tt.async_copy_global_to_local` may write (a 3-D
    memdesc is a stack of such tiles, one per pipeline stage, indexed by
    `tt.memdesc_index`). An immutable memdesc holds the value it was
    allocated with. It is Triton's `!ttg.memdesc`: the operands of
    Hopper's warpgroup MMA (`tt.warp_group_dot`) live in shared memory,
    not in registers.
  }];
  let parameters = (ins
    ArrayRefParameter<"int64_t">:$shape,
    "::mlir::Type":$elementType,
    "::mlir::Attribute":$encoding,
    "bool":$mutableMemory
  );
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    int64_t getRank() const { return getShape().size(); }
    /// Elements of the whole memdesc.
    int64_t getNumElements() const;
    /// The memdesc of one tile of a stack (shape without its first
    /// dimension), with the same encoding and mutability.
    MemDescType getTileType() const;
  }];
}

def TT_MBarriersType : TypeDef<TT_Dialect, "MBarriers"> {
  let mnemonic = "mbarriers";
  let summary = "a stack of mbarriers in the program's shared memory";
  let description = [{
    `!tt.mbarriers<3>` is three of Hopper's shared-memory barriers (8
    bytes each, `mbarrier` in PTX), one per stage of a pipelined loop whose
    tiles TMA copies: a stage's barrier completes a phase when its expected
    arrivals and transaction bytes have all arrived (`tt.barrier_expect`,
    `tt.async_tma_copy_global_to_local`), and `tt.wait_barrier` waits for
    that phase. `tt.init_barriers` allocates and initializes them.
  }];
  let parameters = (ins "int64_t":$count);
  let assemblyFormat = "`<` $count `>`";
  let genVerifyDecl = 1;
}

def TT_TensorMapType : TypeDef<TT_Dialect, "TensorMap"> {
  let mnemonic = "tensor_map";
  let summary = "a TMA tensor map (CUtensorMap), a kernel argument by value";
  let description = [{
    `!tt.tensor_map` is the 128-byte descriptor of a tensor in global
    memory (base, sizes, strides, the box a copy reads, its swizzle) that
    Hopper's TMA engine reads; the host encodes it with
    cuTensorMapEncodeTiled and passes it by value. Only a kernel argument
    has this type; the gpu/nvvm route passes it as a 64-byte aligned
    `__grid_constant__` parameter.
  }];
}

#endif // MYTRITON_DIALECT_TT_IR_TTTYPES_TD
