//===- TTLayouts.td - tt tensor layout encodings -----------*- tablegen -*-===//
//
// Layouts say which thread of a CUDA block holds which element of a tensor.
// They are encodings of builtin ranked tensors (`tensor<64x64xf32, #blocked>`)
// so that every pass after layout assignment reads the distribution from the
// type instead of re-deriving it (docs/IR.md#layouts). The model is Triton's
// TritonGPU #blocked / #slice, restricted to one CTA per program.
//
//===----------------------------------------------------------------------===//

#ifndef MYTRITON_DIALECT_TT_IR_TTLAYOUTS_TD
#define MYTRITON_DIALECT_TT_IR_TTLAYOUTS_TD

include "MyTriton/Dialect/TT/IR/TTDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/IR/TensorEncoding.td"

class TT_LayoutAttr<string name, string attrMnemonic>
    : AttrDef<TT_Dialect, name,
              [DeclareAttrInterfaceMethods<VerifiableTensorEncoding>]> {
  let mnemonic = attrMnemonic;
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def TT_BlockedEncodingAttr : TT_LayoutAttr<"BlockedEncoding", "blocked"> {
  let summary = "a tensor tiled over the registers, lanes and warps of a block";
  let description = [{
    ```mlir
    #blocked = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4],
                            warpsPerCTA = [4, 1], order = [1, 0]}>
    %x : tensor<64x64xf32, #blocked>
    ```

    Every array has one entry per tensor dimension; every entry is a
    positive power of two. Along dimension d, a thread holds
    `sizePerThread[d]` consecutive elements, `threadsPerWarp[d]` lanes of a
    warp and `warpsPerCTA[d]` warps of the block sit side by side, so one
    CTA tile covers `sizePerThread[d] * threadsPerWarp[d] * warpsPerCTA[d]`
    elements. `order` is a permutation of the dimensions, fastest-varying
    first: lane ids, warp ids and a thread's registers are linearized
    along `order[0]` first.

    Rules: the product of `threadsPerWarp` is 32; the block has
    `32 * product(warpsPerCTA)` threads, which must be the kernel's warp
    count times 32. The tensor's dimensions must be powers of two. A shape
    larger than the tile wraps: the tile repeats and each thread holds
    `sizePerThread[d] * shape[d] / tile[d]` registers along d. A shape
    smaller than the tile replicates: several threads (or registers) hold
    the same element, element coordinates being taken modulo the shape,
    as in Triton.

    Thread t is lane `t % 32` of warp `t / 32`. Its register r holds the
    element whose coordinate along d is
    `(rep[d] * tile[d] + warp[d] * threadsPerWarp[d] * sizePerThread[d] +
    lane[d] * sizePerThread[d] + elem[d]) mod shape[d]`, where `lane[d]` and
    `warp[d]` delinearize the lane and warp ids over `threadsPerWarp` and
    `warpsPerCTA` in `order`, and r = `e + product(sizePerThread) * p`
    with `elem` the delinearization of `e` over `sizePerThread` and `rep`
    that of `p` over the repetitions `max(1, shape[d] / tile[d])`, both in
    `order`. `tt::getElementIndices` (Layouts.h) is this map; see
    docs/IR.md#layouts for a 64x64 tile on 4 warps.
  }];
  let parameters = (ins
    ArrayRefParameter<"unsigned", "consecutive elements per thread, per dimension">:$sizePerThread,
    ArrayRefParameter<"unsigned", "lanes of a warp per dimension (product 32)">:$threadsPerWarp,
    ArrayRefParameter<"unsigned", "warps of the block per dimension">:$warpsPerCTA,
    ArrayRefParameter<"unsigned", "dimensions, fastest-varying first">:$order
  );
  let extraClassDeclaration = [{
    unsigned getRank() const { return getOrder().size(); }
    /// Elements one CTA tile covers along each dimension.
    ::llvm::SmallVector<int64_t> getTileShape() const;
  }];
}

def TT_SliceEncodingAttr : TT_LayoutAttr<"SliceEncoding", "slice"> {
  let summary = "a parent layout with one dimension removed";
  let description = [{
    ```mlir
    #slice = #tt.slice<{dim = 1, parent = #blocked}>
    %rowsum : tensor<64xf32, #slice>
    ```

    The layout of a tensor that lost dimension `dim` of a tensor with layout
    `parent` (a reduction's result along `dim`, the operand of
    `expand_dims` at `dim`). The tensor's rank is the parent's rank minus
    one, and `dim` is less than the parent's rank. A thread holds the
    elements its parent layout gives it over the parent shape with a 1
    inserted at `dim`, with that dimension dropped: the threads that differ
    only along `dim` hold the same elements, and a thread's registers along
    `dim` collapse to one.
  }];
  let parameters = (ins
    AttrParameter<"unsigned", "the removed dimension of the parent">:$dim,
    AttrParameter<"::mlir::Attribute", "the #tt.blocked layout of the parent tensor">:$parent
  );
  let extraClassDeclaration = [{
    /// The parent's shape for a tensor of `shape`: a 1 inserted at `dim`.
    ::llvm::SmallVector<int64_t> getParentShape(::llvm::ArrayRef<int64_t> shape) const;
  }];
}

def TT_MmaEncodingAttr : TT_LayoutAttr<"MmaEncoding", "mma"> {
  let summary = "the accumulator of tensor-core matrix instructions";
  let description = [{
    ```mlir
    #mma = #tt.mma<{versionMajor = 2, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
    %acc : tensor<64x64xf32, #mma>
    ```

    The layout in which NVIDIA's tensor-core instructions leave their
    accumulator, as Triton's NvidiaMmaEncodingAttr: `versionMajor = 2` is
    `mma.sync.m16n8k*` (sm_80 and later, one warp per 16 x 8 tile),
    `versionMajor = 3` is Hopper's warpgroup `wgmma.mma_async.m64nNk*`
    (sm_90a, four consecutive warps per 64 x N tile, N =
    `instrShape[1]`).

    A warp holds a 16 x `instrShape[1]` tile: lane l holds rows `l / 4` and
    `l / 4 + 8`, columns `2 * (l % 4) + {0, 1}` of each 8-column part;
    register r = `e + 4 * (j + instrShape[1] / 8 * p)` holds row
    `+ 8 * (e / 2)`, column `+ e % 2 + 8 * j` of repetition p. Warps go
    along M first: warp w covers rows `16 * (w % warpsPerCTA[0])` and
    columns `instrShape[1] * (w / warpsPerCTA[0])` of each CTA tile of
    `16 * warpsPerCTA[0]` x `instrShape[1] * warpsPerCTA[1]` elements
    (for version 3, warps 4g..4g+3 are warpgroup g and cover 64 rows).
    The tile repeats over the tensor, along N first (p = `rn + repsN *
    rm`). Every dimension of the tensor must be a multiple of the CTA tile
    (no replication).

    Rules: `instrShape[0]` is 16; version 2 has `instrShape[1] = 8`,
    version 3 a power of two from 8 to 256 and `warpsPerCTA[0]` a multiple
    of 4; warp counts are powers of two, at most 32 in all.
  }];
  let parameters = (ins
    AttrParameter<"unsigned", "2: mma.sync (sm_80), 3: wgmma (sm_90a)">:$versionMajor,
    ArrayRefParameter<"unsigned", "warps along M and N">:$warpsPerCTA,
    ArrayRefParameter<"unsigned", "one warp's tile: [16, N]">:$instrShape
  );
  let extraClassDeclaration = [{
    unsigned getRank() const { return 2; }
    /// Elements one CTA tile covers along M and N.
    ::llvm::SmallVector<int64_t> getTileShape() const;
    bool isHopper() const { return getVersionMajor() == 3; }
  }];
}

def TT_DotOperandEncodingAttr : TT_LayoutAttr<"DotOperandEncoding", "dot_operand"> {
  let summary = "an operand of tt.dot laid out for the threads of its result";
  let description = [{
    ```mlir
    #blocked = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16],
                            warpsPerCTA = [4, 1], order = [1, 0]}>
    %a : tensor<64x32xf32, #tt.dot_operand<{opIdx = 0, parent = #blocked}>>
    %b : tensor<32x64xf32, #tt.dot_operand<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a, %b, %c : ... -> tensor<64x64xf32, #blocked>
    ```

    The layout of operand `opIdx` (0: the M x K `a`, 1: the K x N `b`) of
    a tt.dot whose accumulator has layout `parent`, as Triton's
    DotOperandEncodingAttr. With a `#tt.blocked` parent (the FMA path) a
    thread holds every element its accumulator registers need: for
    opIdx 0, the rows that `#tt.slice<{dim = 1, parent}>` gives it over
    [M], each with all K columns; for opIdx 1, the columns that
    `#tt.slice<{dim = 0, parent}>` gives it over [N], each with all K
    rows. Register `r` holds k = `r % K` of row (column) register
    `r / K` of that slice. The K dimension is replicated over the lanes
    and warps, so a `tt.convert_layout` into this layout goes through
    shared memory, and the dot itself is then register FMAs only.

    With an `#tt.mma` parent of version 2 the operand is in the register
    fragments of `mma.sync` (`#tt.dot_operand<{opIdx = 0, parent = #mma,
    kWidth = 2}>`): `kWidth` = 32 / element bits consecutive K elements
    share a 32-bit register (2 halves, 1 tf32, 4 bytes) and one
    instruction covers K = 8 * kWidth. For a (16 rows per warp along M,
    warps along N holding copies): lane l holds row `l / 4` (and `+ 8`)
    and K elements `kWidth * (l % 4) + e` (and `+ 4 * kWidth`); register
    r = `e + kWidth * (h + 2 * (q + 2 * p))` is row `+ 8 h`, K `+ 4 kWidth
    q`, repetition p over K first, then M. For b (8 columns per warp along
    N, warps along M holding copies): lane l holds column `l / 4`, K as
    for a; register r = `e + kWidth * (q + 2 * p)`.
  }];
  let parameters = (ins
    AttrParameter<"unsigned", "0: the dot's a (M x K), 1: its b (K x N)">:$opIdx,
    AttrParameter<"::mlir::Attribute", "the layout of the dot's accumulator (#tt.blocked or #tt.mma)">:$parent,
    DefaultValuedParameter<"unsigned", "0", "consecutive K elements per thread and 32-bit register of an #tt.mma parent (0 with #tt.blocked)">:$kWidth
  );
  let builders = [
    AttrBuilder<(ins "unsigned":$opIdx, "::mlir::Attribute":$parent), [{
      return $_get($_ctxt, opIdx, parent, 0);
    }]>,
  ];
  let extraClassDeclaration = [{
    /// The dimension of the operand that is not K (0 for a, 1 for b).
    unsigned getNonKDim() const { return getOpIdx() == 0 ? 0 : 1; }
    /// The dimension that is K (1 for a, 0 for b).
    unsigned getKDim() const { return getOpIdx() == 0 ? 1 : 0; }
    /// The 1-D layout the thread's rows (a) or columns (b) follow: the
    /// parent sliced along K.
    ::mlir::Attribute getNonKLayout() const;
  }];
}


def TT_SharedEncodingAttr : AttrDef<TT_Dialect, "SharedEncoding"> {
  let mnemonic = "shared";
  let summary = "a tile in shared memory, swizzled for the tensor cores";
  let description = [{
    ```mlir
    #shared = #tt.shared<{swizzle = 128, order = [1, 0]}>
    %a = tt.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !tt.memdesc<128x64xf16, #shared>
    ```

    The encoding of a `!tt.memdesc`: how a 2-D tile (or each tile of a
    3-D stack of them, the buffers of a pipelined loop) is laid out in
    shared memory, as NVIDIA's wgmma descriptors read it (Triton's
    NVMMASharedEncodingAttr). `order[0]` is the contiguous dimension; a
    row (a line along it) is cut into pieces of `swizzle` bytes (32, 64
    or 128), and piece p of every row is stored together: all rows of
    piece 0, then all rows of piece 1. Within a piece, row r's 16-byte
    chunk c is stored at chunk c xor ((r * swizzle / 128) mod (swizzle /
    16)) -- CUTLASS's Swizzle<log2(swizzle / 16), 4, 3> on the byte
    offset, with every tile 1024-byte aligned -- so the eight rows an
    instruction reads at once fall in different banks.

    Byte offset of element (r, c) (r along order[1], c along order[0]) of
    a tile of R rows, with e-byte elements and S = swizzle, before the
    swizzle: `(c / (S / e)) * R * S + r * S + (c mod (S / e)) * e`.
  }];
  let parameters = (ins
    AttrParameter<"unsigned", "bytes of a swizzled row piece: 32, 64 or 128">:$swizzle,
    ArrayRefParameter<"unsigned", "the tile's dimensions, contiguous first">:$order
  );
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The tile's contiguous dimension and the other (of a 2-D tile).
    unsigned getContiguousDim() const { return getOrder()[0]; }
    unsigned getStridedDim() const { return getOrder()[1]; }
  }];
}

#endif // MYTRITON_DIALECT_TT_IR_TTLAYOUTS_TD
