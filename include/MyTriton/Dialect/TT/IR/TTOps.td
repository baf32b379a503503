//===- TTOps.td - tt dialect operations --------------------*- tablegen -*-===//
//
// The ops of a MyTriton kernel. Verifiers carry the rules that make a kernel
// legal for the block-per-program lowering (see docs/Dialect.md); messages
// speak the kernel writer's language.
//
//===----------------------------------------------------------------------===//

#ifndef MYTRITON_DIALECT_TT_IR_TTOPS_TD
#define MYTRITON_DIALECT_TT_IR_TTOPS_TD

include "MyTriton/Dialect/TT/IR/TTDialect.td"
include "MyTriton/Dialect/TT/IR/TTTypes.td"
include "MyTriton/Dialect/TT/IR/TTAttrs.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/IR/RegionKindInterface.td"
include "mlir/Interfaces/FunctionInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/InferIntRangeInterface.td"

// Lets the parser derive an operand's type from another's, while verify()
// checks the relation and reports it in the kernel writer's terms. The
// comparator short-circuits so that absent optional operands (a load without
// a mask) are never dereferenced.
class TT_TypeDerivedFrom<string from, string to, string transform>
    : TypesMatchWith<to # " type is derived from " # from, from, to, transform,
                     "true || std::equal_to<>()">;
def TT_MaskFromPtr : TT_TypeDerivedFrom<"ptr", "mask",
    "::mlir::mytriton::tt::getMaskTypeFor($_self)">;

//===----------------------------------------------------------------------===//
// Kernel structure
//===----------------------------------------------------------------------===//

def TT_FuncOp : TT_Op<"func", [
    AffineScope, AutomaticAllocationScope, FunctionOpInterface,
    IsolatedFromAbove]> {
  let summary = "a GPU kernel: one program instance per launch grid point";
  let description = [{
    A kernel. `block_size` is the number of threads in the CUDA block that
    runs one program instance, which is also the width of every tensor in the
    body (one element per thread). Arguments are pointers (`!tt.ptr<f32>`,
    `!tt.ptr<i32>`) and scalars (`i32`, `f32`); kernels return nothing.

    ```mlir
    tt.func @copy(%src: !tt.ptr<f32>, %dst: !tt.ptr<f32>) attributes {block_size = 256 : i32} {
      ...
      tt.return
    }
    ```

    Optional `num_warps` decouples the CUDA block's thread count from the
    tensor width, as Triton's launch option does: the block then has
    `min(32 * num_warps, block_size)` threads and each thread owns
    E = `block_size / threads` lanes (so wide rows can use vector loads).
    Without it, the block has `block_size` threads, one per lane. Lanes are
    dealt out in groups of G consecutive lanes, G = E up to 16 bytes of the
    narrowest element a tensor load or store of the kernel accesses (one
    128-bit access: 4 floats, 8 halves, 16 bytes; at least 4 lanes), else
    the largest power of two below that dividing E: thread
    t owns lanes `k * threads * G + t * G + j` for j < G, so every group a
    warp loads is one contiguous, coalesced span (Triton's blocked layout).

    Optional `programs_per_cta` (P, a power of two, default 1) runs P
    program instances of axis 0 in one CUDA block, `threadIdx.y` telling
    them apart. It is for programs of at most one warp, whose reductions
    are warp shuffles, so packed programs never wait on each other (the
    CUDA emitter's shared-tree form still syncs the whole block, which is
    correct since every thread of every program reaches every barrier).
    A kernel with control flow (any `scf` op in its body) cannot pack:
    programs whose uniform conditions differ would reach different
    barriers, so the verifier refuses P > 1 there.

    Launch ABI shared by both GPU backends: blockDim = (threads, P, 1);
    grid axes 0 and 1 are folded into gridDim.x = ceil(g0 / P) * g1, with
    axis 1 varying fastest (neighbouring blocks of a 2-D grid touch
    neighbouring columns), and axis 2 is gridDim.y; the kernel takes the
    launch grid's g0 and g1 as two trailing `i32` arguments. Programs past
    g0 in the last block compute as program g0 - 1 but store nothing.

    Optional `num_stages` (Triton's launch option) is how many shared-memory
    buffers `tt-pipeline` gives the tensor-core loops of the kernel (3 when
    absent, as in Triton).

    A kernel is an op of the top-level module, the unit every pipeline
    compiles; one nested in another module or op is an error, as is a tt op
    outside a kernel. Its name cannot be one CUDA reserves: a C++ keyword,
    `main`, PTX's `WARP_SZ`, or a name the CUDA and C headers that every
    CUDA file includes declare (`printf`, `abs`, `float4`, `threadIdx`;
    `scripts/gen_reserved_kernel_names.py` asks nvcc for the list). Its
    parameters, laid out as CUDA lays out a
    `__global__` function's (pointers 8 bytes, `i32`/`f32` 4, each aligned
    to its size, then the two grid sizes), take at most 32764 bytes: the
    parameter space of CUDA 12.1 and newer on sm_70 and newer, the chips
    MyTriton compiles for.
  }];
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<FunctionType>:$function_type,
                       I32Attr:$block_size,
                       OptionalAttr<I32Attr>:$num_warps,
                       OptionalAttr<I32Attr>:$programs_per_cta,
                       OptionalAttr<I32Attr>:$num_stages,
                       OptionalAttr<StrAttr>:$sym_visibility,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let regions = (region AnyRegion:$body);

  let builders = [OpBuilder<(ins "::llvm::StringRef":$name,
                                 "::mlir::FunctionType":$type,
                                 "int32_t":$blockSize)>];
  let extraClassDeclaration = [{
    ::mlir::Region *getCallableRegion() { return isExternal() ? nullptr : &getBody(); }
    ::llvm::ArrayRef<::mlir::Type> getArgumentTypes() { return getFunctionType().getInputs(); }
    ::llvm::ArrayRef<::mlir::Type> getResultTypes() { return getFunctionType().getResults(); }
    bool isDeclaration() { return isExternal(); }
    /// CUDA threads per program instance (the launch's blockDim.x).
    int64_t getNumThreads();
    /// Tensor lanes each thread owns: block_size / threads.
    int64_t getLanesPerThread() { return getBlockSize() / getNumThreads(); }
    /// Consecutive lanes per group a thread owns (tt::getLanesPerGroup, in
    /// groups of 16 bytes of the narrowest element a tensor access reads
    /// or writes, 4 lanes at least).
    int64_t getLanesPerGroup();
    /// Program instances per CUDA block (blockDim.y); 1 unless packed.
    int64_t getNumProgramsPerCTA() {
      std::optional<uint32_t> p = getProgramsPerCta();
      return p ? static_cast<int32_t>(*p) : 1;
    }
  }];
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def TT_ReturnOp : TT_Op<"return", [Pure, HasParent<"FuncOp">, ReturnLike,
                                   Terminator]> {
  let summary = "end of a kernel";
  let assemblyFormat = "attr-dict";
}

//===----------------------------------------------------------------------===//
// Indexing
//===----------------------------------------------------------------------===//

def TT_GetProgramIdOp : TT_KernelOp<"get_program_id", [Pure,
    DeclareOpInterfaceMethods<InferIntRangeInterface, ["inferResultRanges"]>]> {
  let summary = "index of this program instance along a grid axis";
  let description = [{
    `tt.get_program_id 1 : i32` is the position of this program instance
    in the launch grid along axis 1 (of 0, 1 and 2). On the GPU, axes 0 and
    1 are folded into `blockIdx.x` (see tt.func's launch ABI).
  }];
  let arguments = (ins I32Attr:$axis);
  let results = (outs I32:$result);
  let assemblyFormat = "$axis attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def TT_MakeRangeOp : TT_KernelOp<"make_range", [Pure,
    DeclareOpInterfaceMethods<InferIntRangeInterface, ["inferResultRanges"]>]> {
  let summary = "the lane indices [start, end) of the block";
  let description = [{
    `tt.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>` is
    `tl.arange(0, 256)`: lane `i` of the block holds `start + i`. The width
    `end - start` must be positive and equal the kernel's block size.
    Lanes are indices: `0 <= start < end <= 2**31 - 1` as signed i32, so no
    lane value wraps past INT32_MAX.
  }];
  let arguments = (ins I32Attr:$start, I32Attr:$end);
  let results = (outs RankedTensorOf<[I32]>:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def TT_SplatOp : TT_KernelOp<"splat", [Pure,
    DeclareOpInterfaceMethods<InferIntRangeInterface, ["inferResultRanges"]>,
    TypesMatchWith<"result element type matches the scalar",
                   "result", "src",
                   "::llvm::cast<::mlir::RankedTensorType>($_self).getElementType()">]> {
  let summary = "broadcast a scalar to every lane";
  let arguments = (ins TT_Scalar:$src);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasFolder = 1;
}

def TT_AddPtrOp : TT_KernelOp<"addptr", [Pure, SameOperandsAndResultShape,
                                   AllTypesMatch<["ptr", "result"]>]> {
  let summary = "pointer + element offset";
  let description = [{
    `%q = tt.addptr %p, %off` advances `%p` by `%off` elements of the
    pointee type, like `p + off` in C. Operands are both scalars or both
    tensors of one shape.
  }];
  let arguments = (ins TT_PtrLike:$ptr, TT_IntLike:$offset);
  let results = (outs TT_PtrLike:$result);
  let assemblyFormat = "$ptr `,` $offset attr-dict `:` type($result) `,` type($offset)";
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

def TT_LoadOp : TT_KernelOp<"load", [AttrSizedOperandSegments, TT_MaskFromPtr,
    TT_TypeDerivedFrom<"ptr", "other", "::mlir::mytriton::tt::getPointeeLike($_self)">,
    TT_TypeDerivedFrom<"ptr", "result", "::mlir::mytriton::tt::getPointeeLike($_self)">,
    MemoryEffects<[MemRead<DefaultResource>]>]> {
  let summary = "load from global memory, optionally masked";
  let description = [{
    Each lane loads from its pointer. With a mask, lanes whose mask is false
    read `other` instead (or 0 when there is no `other`) and touch no memory.
    The mask has the pointer's shape; `other` has the loaded type.

    ```mlir
    %v = tt.load %ptrs, %mask, %other : tensor<256x!tt.ptr<f32>>
    ```
  }];
  let arguments = (ins TT_PtrLike:$ptr, Optional<TT_BoolLike>:$mask,
                       Optional<TT_Value>:$other);
  let results = (outs TT_Value:$result);
  let assemblyFormat = [{
    $ptr (`,` $mask^)? (`,` $other^)? attr-dict `:` type($ptr)
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def TT_StoreOp : TT_KernelOp<"store", [TT_MaskFromPtr,
    TT_TypeDerivedFrom<"ptr", "value", "::mlir::mytriton::tt::getPointeeLike($_self)">,
    MemoryEffects<[MemWrite<DefaultResource>]>]> {
  let summary = "store to global memory, optionally masked";
  let description = [{
    Each lane whose mask is true (every lane, without a mask) stores its
    value. A store of scalars writes once per program instance.

    ```mlir
    tt.store %ptrs, %values, %mask : tensor<256x!tt.ptr<f32>>
    ```
  }];
  let arguments = (ins TT_PtrLike:$ptr, TT_Value:$value,
                       Optional<TT_BoolLike>:$mask);
  let assemblyFormat = "$ptr `,` $value (`,` $mask^)? attr-dict `:` type($ptr)";
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

def TT_ReduceOp : TT_KernelOp<"reduce", [Pure]> {
  let summary = "reduce a tensor along one axis, or a 1-D tensor to a scalar";
  let description = [{
    `%s = tt.reduce sum %v : tensor<256xf32> -> f32` combines every element
    of a 1-D `%v` into one scalar that every thread sees (`tl.sum`,
    `tl.max`, `tl.min`). With an `axis`, a tensor of rank 2 or more loses
    that dimension: `tt.reduce max %x {axis = 1 : i32} : tensor<64x32xf32>
    -> tensor<64xf32>` is `tl.max(x, axis=1)`; the result's layout is the
    operand's sliced along `axis` (`#tt.slice<{dim = 1, parent = ...}>`).
    A 1-D operand takes no axis (or axis 0) and gives a scalar. Elements are
    i32 or f32 and every dimension is a power of two. `max`/`min` on f32
    ignore NaN elements unless every combined element is NaN, as Triton's
    `tl.max`/`tl.min` do by default.

    Folds: a whole 1-D reduction of a constant folds by the halving tree
    every backend runs (so a folded f32 sum rounds as the kernel's would);
    of a splat, max and min are the scalar and a sum of N (a power of two)
    copies is x * N, which that tree computes exactly (each step doubles).
    Along an axis, the reduction of a splat is a splat: of x for max and
    min, of x * extent for an i32 sum (wrapping, as the lowering's adds
    do); an f32 sum folds only for an extent of at most 2, since the
    lowerings combine a thread's registers one after another and 8 copies
    of x added one at a time need not round to 8x.
  }];
  let arguments = (ins TT_ReduceKind:$kind, TT_Tensor:$operand,
                       OptionalAttr<I32Attr>:$axis);
  let results = (outs TT_Value:$result);
  let assemblyFormat = "$kind $operand attr-dict `:` type($operand) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

//===----------------------------------------------------------------------===//
// Shape manipulation
//===----------------------------------------------------------------------===//

def TT_ExpandDimsOp : TT_KernelOp<"expand_dims", [Pure,
    SameOperandsAndResultElementType]> {
  let summary = "insert a dimension of extent 1";
  let description = [{
    `%c = tt.expand_dims %x {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>`
    is `x[:, None]` (`tl.expand_dims(x, 1)`): the result has the operand's
    elements with a dimension of extent 1 inserted at `axis`
    (0 <= axis <= rank). With layouts, the operand's layout is the result's
    sliced along `axis` (`#tt.slice<{dim = axis, parent = <result layout>}>`),
    so no data moves between threads. The expand_dims of a splat is a splat,
    of a dense constant a constant.
  }];
  let arguments = (ins TT_Tensor:$src, I32Attr:$axis);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def TT_BroadcastOp : TT_KernelOp<"broadcast", [Pure,
    SameOperandsAndResultElementType]> {
  let summary = "repeat dimensions of extent 1";
  let description = [{
    `%t = tt.broadcast %c : tensor<64x1xf32> -> tensor<64x32xf32>` repeats
    each dimension of extent 1 to the result's extent (Triton's broadcasting
    of size-1 dimensions). Operand and result have one rank; every other
    dimension is equal. With layouts, both have one layout, so no data moves
    between threads. A broadcast to the operand's own type folds away, the
    broadcast of a splat is a splat, of a dense constant a constant, and a
    broadcast of a broadcast broadcasts the original once.
  }];
  let arguments = (ins TT_Tensor:$src);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def TT_TransOp : TT_KernelOp<"trans", [Pure,
    SameOperandsAndResultElementType]> {
  let summary = "transpose a 2-D tensor";
  let description = [{
    `%t = tt.trans %x : tensor<64x32xf32> -> tensor<32x64xf32>` is
    `tl.trans(x)` / `x.T`: element (i, j) of the result is element (j, i) of
    the operand. With layouts, the result's layout is the operand's with its
    dimensions swapped, so each thread keeps its registers; a
    `tt.convert_layout` after it moves the data when a consumer needs
    another distribution. The transpose of a transpose is the original
    (when the types agree), of a splat a splat, of a dense constant a
    constant.
  }];
  let arguments = (ins TT_Tensor:$src);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def TT_ReshapeOp : TT_KernelOp<"reshape", [Pure,
    SameOperandsAndResultElementType]> {
  let summary = "the same elements in row-major order under another shape";
  let description = [{
    `%r = tt.reshape %x : tensor<64xf32> -> tensor<8x8xf32>` is
    `tl.reshape(x, (8, 8))` / `x.view(8, 8)`: the elements of `%x` in
    row-major order fill the result in row-major order. Operand and result
    have the same number of elements. The reshape of a splat is a splat, of
    a dense constant a constant.
  }];
  let arguments = (ins TT_Tensor:$src);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

//===----------------------------------------------------------------------===//
// Matrix multiplication
//===----------------------------------------------------------------------===//

def TT_DotOp : TT_KernelOp<"dot", [Pure, AllTypesMatch<["c", "d"]>]> {
  let summary = "tile matrix product with an accumulator: d = a * b + c";
  let description = [{
    `%d = tt.dot %a, %b, %c : tensor<32x16xf32> * tensor<16x64xf32> ->
    tensor<32x64xf32>` is `tl.dot(a, b, acc=c)`: `a` is M x K, `b` K x N,
    the accumulator `c` and the result M x N, and
    `d[m][n] = c[m][n] + sum over k of a[m][k] * b[k][n]`. The accumulator
    is always present: `tl.dot(a, b)` passes zeros, as Triton does.

    Element types (operands -> accumulator), Triton's pairs, one table in
    TTDot.cpp (getDotTypeRules): f16 x f16 -> f32 or f16, bf16 x bf16 ->
    f32, f32 x f32 -> f32, f64 x f64 -> f64, i8 x i8 -> i32 (signed int8,
    products and sums wrapping in i32). `inputPrecision` (Triton's
    `input_precision`: `tf32`, the default, `tf32x3` or `ieee`) says how
    exactly f32 operands may be multiplied; other operands ignore it.
    `maxNumImpreciseAcc` (Triton's `max_num_imprecise_acc`, >= 0, 0 = none)
    is for 8-bit float operands and is carried only.

    Every lowering today is the FMA path (docs/GPULowering.md#tl-dot): the
    operands are extended to the accumulator's type (f16 and bf16 to f32
    exactly, i8 to i32 with their sign) and each result element is
    `fma(a[m][K-1], b[K-1][n], ... fma(a[m][0], b[0][n], c[m][n]))`, k
    ascending, one rounding per step in the accumulator's type (f16
    accumulators too: a correctly rounded f16 FMA per k; i32 as a multiply
    and a wrapping add). f16 and bf16 products are exact in f32, so those
    pairs round alike on every backend; f32 products are exact f32 FMAs,
    within Triton's tf32 tolerance for every precision. With layouts the
    accumulator and result have the kernel's `#tt.blocked` layout and the
    operands `#tt.dot_operand` layouts of it (opIdx 0 for `a`, 1 for `b`).

    No fold: `dot(0, b, c)` is not `c` (0 * inf is NaN), and
    `c + dot(a, b, 0)` is not `dot(a, b, c)` in f32 (the additions round
    in another order), so neither is rewritten.
  }];
  let arguments = (ins TT_Tensor:$a, TT_Tensor:$b, TT_Tensor:$c,
      DefaultValuedAttr<TT_InputPrecision, "::mlir::mytriton::tt::InputPrecision::TF32">:$inputPrecision,
      DefaultValuedAttr<I32Attr, "0">:$maxNumImpreciseAcc);
  let results = (outs TT_Tensor:$d);
  let assemblyFormat = [{
    $a `,` $b `,` $c (`,` `inputPrecision` `=` $inputPrecision^)? attr-dict
    `:` type($a) `*` type($b) `->` type($d)
  }];
  let hasVerifier = 1;
}

include "MyTriton/Dialect/TT/IR/TTSharedMemoryOps.td"

//===----------------------------------------------------------------------===//
// Layouts
//===----------------------------------------------------------------------===//

def TT_ConvertLayoutOp : TT_Op<"convert_layout", [Pure,
    SameOperandsAndResultShape, SameOperandsAndResultElementType]> {
  let summary = "move a tensor to another layout";
  let description = [{
    `%y = tt.convert_layout %x : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #blocked1>`
    is the same tensor, element for element, held by the threads and
    registers that the result's layout names (docs/IR.md#layouts). Operand
    and result have one shape and element type, and both carry a layout
    encoding (`#tt.blocked`, `#tt.slice`): a conversion from or to a
    layout-free tensor has no meaning. A conversion to the operand's own
    type folds away, and a conversion of a conversion converts the
    original value once.
  }];
  let arguments = (ins TT_Tensor:$src);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Grid size and debugging (tl.num_programs, tl.device_print, ...)
//===----------------------------------------------------------------------===//

def TT_GetNumProgramsOp : TT_KernelOp<"get_num_programs", [Pure,
    DeclareOpInterfaceMethods<InferIntRangeInterface, ["inferResultRanges"]>]> {
  let summary = "size of the launch grid along an axis";
  let description = [{
    `tt.get_num_programs 1 : i32` is `tl.num_programs(1)`: the number of
    program instances the launch grid has along axis 1 (of 0, 1 and 2), the
    size the user's launch gave, whatever CUDA blocks run them (with
    `programs_per_cta` P > 1, axis 0 of the grid is g0, not ceil(g0 / P)).
  }];
  let arguments = (ins I32Attr:$axis);
  let results = (outs I32:$result);
  let assemblyFormat = "$axis attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def TT_DebugBarrierOp : TT_KernelOp<"debug_barrier",
    [MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "synchronize the threads of a program";
  let description = [{
    `tt.debug_barrier` is `tl.debug_barrier()`: every thread of the CUDA
    block waits for the others (`gpu.barrier`, `__syncthreads()`). On the
    CPU a program is one thread, so it is a no-op there. Its memory effects
    keep loads and stores from moving across it.
  }];
  let assemblyFormat = "attr-dict";
}

def TT_PrintOp : TT_KernelOp<"print",
    [MemoryEffects<[MemWrite<DefaultResource>]>]> {
  let summary = "print values at run time (tl.device_print)";
  let description = [{
    `tt.print " x: " {hex} %a, %b : tensor<128xf32>, i32` prints, from every
    program, one line per element of each operand, as Triton does:
    `pid (x, y, z) idx (i) x: value`, with ` (operand k)` after the prefix
    when there are several operands, or the bare prefix when there are none.
    Floats print as `%f` of their value, integers as signed decimals (i1
    as 0 or 1); `hex` prints an element's bits in hexadecimal, as many
    digits as its width has nibbles. Operands are scalars and tensors of any
    element type but pointers, which have no printable value on the CPU and
    are refused. Output goes through printf (CUDA's device printf on the
    GPU, whose buffer is flushed when the launch is synchronized).
  }];
  let arguments = (ins StrAttr:$prefix, UnitAttr:$hex,
                       Variadic<TT_Value>:$args);
  let assemblyFormat = "$prefix attr-dict ($args^ `:` type($args))?";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The printf conversion of one element of `type`, which every backend
    /// prints with. C's default promotions apply to the argument: a float
    /// is passed as a double, an integer (or a float's bits, for `hex`)
    /// narrower than 32 bits as an int, 64 bits as a long long.
    static ::llvm::StringRef getElementConversion(::mlir::Type type,
                                                  bool hex);
    /// `text` (the prefix, a file name) with printf's `%` doubled.
    static std::string escapePercent(::llvm::StringRef text);
  }];
}

def TT_AssertOp : TT_KernelOp<"assert",
    [MemoryEffects<[MemWrite<DefaultResource>]>]> {
  let summary = "stop the launch when a condition is false (tl.device_assert)";
  let description = [{
    `tt.assert %ok, "n must be positive" : tensor<128xi1>` fails the launch
    when any element of `%ok` is false: on the GPU the thread prints the
    message with the op's source location and traps (`__assertfail`), on the
    CPU the launch stops and Python raises an error at that line. The
    frontend only emits it when debugging is on (`@jit(debug=True)` or
    `TRITON_DEBUG=1`), as Triton does.

    With `{trap}`, the compiler's own checks (tt-pipeline's TMA starts), a
    GPU thread traps without printing: a call (`__assertfail`) anywhere in
    a kernel makes ptxas serialize its wgmma instructions. The launch then
    fails with an unspecified launch failure, and the message stays in the
    IR and in docs/.
  }];
  let arguments = (ins TT_BoolLike:$condition, StrAttr:$message,
                   UnitAttr:$trap);
  let assemblyFormat = "$condition `,` $message attr-dict `:` type($condition)";
}

// Atomics
//===----------------------------------------------------------------------===//

def TT_AtomicRMWOp : TT_KernelOp<"atomic_rmw", [TT_MaskFromPtr,
    TT_TypeDerivedFrom<"ptr", "val", "::mlir::mytriton::tt::getPointeeLike($_self)">,
    TT_TypeDerivedFrom<"ptr", "result", "::mlir::mytriton::tt::getPointeeLike($_self)">,
    MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "atomic read-modify-write of global memory, returning the old values";
  let description = [{
    Each lane whose mask is true (every lane, without a mask) atomically
    replaces the element its pointer addresses with `old <op> val` and
    yields `old`; a masked-off lane touches no memory and yields an
    unspecified value. A scalar atomic happens once per program instance
    and every thread sees its old value (`tl.atomic_add(ptr, 1)`). Lanes
    of one op that address one element are applied one after another in
    some order, each seeing the previous one's result.

    ```mlir
    %old = tt.atomic_rmw fadd, acq_rel, gpu, %ptrs, %vals, %mask : tensor<256x!tt.ptr<f32>>
    ```

    Kinds by element type (Triton's): i32 and i64 take `add`, `max`, `min`
    (signed), `umax`, `umin` (unsigned), `and`, `or`, `xor` and `xchg`; f32
    and f64 take `fadd`, `fmax`, `fmin` and `xchg`; f16 and bf16 take
    `fadd` only (PTX has no 16-bit max, min or exchange); other element
    types none. `fmax`/`fmin` are Triton's float max/min: a
    value whose sign bit is clear combines with the element's bits as a
    signed-integer max (min), one whose sign bit is set as an unsigned
    min (max). That orders every non-NaN float as IEEE does (-0.0 below
    +0.0), lets a NaN with its sign bit clear win a max (lose a min), and
    one with it set lose a max (win a min), exactly as on Triton's GPUs.

    `sem` is the memory ordering (`relaxed`, `acquire`, `release`,
    `acq_rel`) and `scope` the threads it orders against (`cta`: the
    program's CUDA block, `gpu`, `sys`: the host and other GPUs too), as
    Triton's `sem=` and `scope=`. A tensor atomic orders each thread's own
    accesses; a scalar one, performed by one thread for the program, orders
    the whole program's: the GPU lowerings put a barrier before a release
    (acq_rel) one and after an acquire (acq_rel) one.

    Tensors of uniform kernels (1-D, the block's width) and of tiled ones
    (any layout: an element replicated over threads is updated once, by its
    owner) lower on every backend.
  }];
  let arguments = (ins TT_RMWOp:$atomic_rmw_op, TT_MemSemantic:$sem,
                       TT_MemSyncScope:$scope, TT_PtrLike:$ptr,
                       TT_Value:$val, Optional<TT_BoolLike>:$mask);
  let results = (outs TT_Value:$result);
  let assemblyFormat = [{
    $atomic_rmw_op `,` $sem `,` $scope `,` $ptr `,` $val (`,` $mask^)?
    attr-dict `:` type($ptr)
  }];
  let hasVerifier = 1;
}

def TT_AtomicCASOp : TT_KernelOp<"atomic_cas", [
    TT_TypeDerivedFrom<"ptr", "cmp", "::mlir::mytriton::tt::getPointeeLike($_self)">,
    TT_TypeDerivedFrom<"ptr", "val", "::mlir::mytriton::tt::getPointeeLike($_self)">,
    TT_TypeDerivedFrom<"ptr", "result", "::mlir::mytriton::tt::getPointeeLike($_self)">,
    MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "atomic compare-and-swap of global memory, returning the old values";
  let description = [{
    Each lane atomically reads the element its pointer addresses and, if
    its bits equal `cmp`'s, writes `val`; it yields the element it read
    (`tl.atomic_cas`, which has no mask). Elements are 16, 32 or 64 bits
    wide (PTX's `atom.cas.b16/.b32/.b64`); floats compare as bits, so a NaN
    `cmp` matches the same NaN and -0.0 does not match +0.0. A scalar
    compare-and-swap happens once per program instance and every thread
    sees its old value, which is what a spin lock needs:

    ```mlir
    %old = tt.atomic_cas acq_rel, gpu, %lock, %c0, %c1 : !tt.ptr<i32>
    ```

    `sem` and `scope` are as for tt.atomic_rmw.
  }];
  let arguments = (ins TT_MemSemantic:$sem, TT_MemSyncScope:$scope,
                       TT_PtrLike:$ptr, TT_Value:$cmp, TT_Value:$val);
  let results = (outs TT_Value:$result);
  let assemblyFormat = [{
    $sem `,` $scope `,` $ptr `,` $cmp `,` $val attr-dict `:` type($ptr)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Reductions and scans with a combine region (tl.reduce, tl.associative_scan)
//===----------------------------------------------------------------------===//

def TT_CombineReduceOp : TT_KernelOp<"combine_reduce", [Pure,
    IsolatedFromAbove, SingleBlock]> {
  let summary = "reduce tensors along one axis with a combine region";
  let description = [{
    `tl.reduce(x, axis, combine_fn)`: the N operands (one tensor or a tuple
    of tensors, all of one shape) are reduced together along `axis` by the
    combine region, whose block takes 2N scalars (the left accumulator's N
    elements, then the right's) and yields N, as Triton's `tt.reduce`:

    ```mlir
    %v, %i = tt.combine_reduce(%x, %idx) axis = 1 : (tensor<64x32xf32>,
        tensor<64x32xi32>) -> (tensor<64xf32>, tensor<64xi32>) {
    ^bb0(%lv: f32, %li: i32, %rv: f32, %ri: i32):
      ...
      tt.combine_return %mv, %mi : f32, i32
    }
    ```

    Result k has operand k's element type; along `axis` of a 1-D operand
    it is a scalar, else the operand's shape without `axis` (with layouts:
    the operand's sliced along `axis`, as tt.reduce). The combine function
    must be associative and commutative, as Triton assumes: the lowerings
    combine in halving steps (the CPU route) or per thread, then across
    lanes, then across warps (the GPU routes, tt::getAxisCombinePlan), not
    left to right; every combine's left operand holds an element before any
    of the right one's. It is a separate op from `tt.reduce <kind>`, which
    stays the fast path of tl.sum/max/min and whose folds know its kind.
    The region is isolated (a combine function sees only its arguments) and
    holds arith and math ops on scalars. Elements are the integer and float
    types a tt tensor holds (every dimension a power of two, as for
    tt.reduce). Every route lowers it (docs/GPULowering.md).
  }];
  let arguments = (ins Variadic<TT_Tensor>:$srcs, I32Attr:$axis);
  let results = (outs Variadic<TT_Value>:$results);
  let regions = (region SizedRegion<1>:$combine);
  let assemblyFormat = [{
    `(` $srcs `)` `axis` `=` $axis attr-dict `:` functional-type($srcs, $results)
    $combine
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def TT_ScanOp : TT_KernelOp<"scan", [Pure, IsolatedFromAbove, SingleBlock]> {
  let summary = "inclusive scan of tensors along one axis with a combine region";
  let description = [{
    `tl.associative_scan(x, axis, combine_fn, reverse)`, `tl.cumsum`,
    `tl.cumprod`: element i of result k is the combination of elements
    0..i (with `reverse`, i..extent-1) of the N operands along `axis`,
    through the combine region (2N scalars in, N out, as for
    tt.combine_reduce). Results have the operands' types (and layouts).

    ```mlir
    %c = tt.scan(%x) axis = 0 reverse : (tensor<128xi32>) -> tensor<128xi32> {
    ^bb0(%a: i32, %b: i32):
      %s = arith.addi %a, %b : i32
      tt.combine_return %s : i32
    }
    ```

    The combine function must be associative (not commutative): the left
    operand is always the earlier part of the sequence, in scan order. The
    CPU route combines strictly in sequence, so an f32 cumsum rounds as
    numpy's `cumsum` does; the GPU routes combine each thread's runs of
    registers in sequence, then across lanes and warps (Triton's three
    levels; tt::getAxisCombinePlan), in an order fixed by the layout.
  }];
  let arguments = (ins Variadic<TT_Tensor>:$srcs, I32Attr:$axis,
                       UnitAttr:$reverse);
  let results = (outs Variadic<TT_Tensor>:$results);
  let regions = (region SizedRegion<1>:$combine);
  let assemblyFormat = [{
    `(` $srcs `)` `axis` `=` $axis (`reverse` $reverse^)? attr-dict `:`
    functional-type($srcs, $results) $combine
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def TT_CombineReturnOp : TT_KernelOp<"combine_return", [Pure, ReturnLike,
    Terminator, ParentOneOf<["CombineReduceOp", "ScanOp"]>]> {
  let summary = "the combined values of a combine region";
  let description = [{
    Ends the combine region of tt.combine_reduce and tt.scan: one scalar
    per operand of the parent, of that operand's element type.
  }];
  let arguments = (ins Variadic<AnyType>:$results);
  let assemblyFormat = "attr-dict ($results^ `:` type($results))?";
}

#endif // MYTRITON_DIALECT_TT_IR_TTOPS_TD
