//===- TTSharedMemoryOps.td - tiles in shared memory -------*- tablegen -*-===//
//
// The ops of Hopper's tensor-core path (docs/GPULowering.md#tensor-cores):
// tiles staged in shared memory (!tt.memdesc), the warpgroup MMA that reads
// them, and the asynchronous copies of a software-pipelined loop. They are
// Triton's TritonGPU/TritonNvidiaGPU memory ops under tt; tt-assign-layouts
// and tt-pipeline create them on the gpu/nvvm route, so kernels and the
// frontend never write them.
//
//===----------------------------------------------------------------------===//

#ifndef MYTRITON_DIALECT_TT_IR_TTSHAREDMEMORYOPS_TD
#define MYTRITON_DIALECT_TT_IR_TTSHAREDMEMORYOPS_TD

include "MyTriton/Dialect/TT/IR/TTDialect.td"
include "MyTriton/Dialect/TT/IR/TTTypes.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// The program's shared memory, as a side-effect resource: ops on memdescs
// are ordered among themselves, apart from global memory's effects.
def TT_SharedMemory : Resource<"::mlir::mytriton::tt::SharedMemory">;

def TT_LocalAllocOp : TT_KernelOp<"local_alloc", [
    MemoryEffects<[MemAlloc<TT_SharedMemory>, MemWrite<TT_SharedMemory>]>]> {
  let summary = "a tile of shared memory, optionally holding a tensor";
  let description = [{
    ```mlir
    %a = tt.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !tt.memdesc<128x64xf16, #shared>
    %bufs = tt.local_alloc : () -> !tt.memdesc<3x128x64xf16, #shared, mutable>
    ```

    With an operand: an immutable tile holding that tensor (each thread
    stores its registers; the tile is then visible to the whole program and
    to the tensor cores). Without: a mutable buffer (a stack of tiles for a
    pipelined loop) that `tt.local_store` and
    `tt.async_copy_global_to_local` fill. The tile lives as long as the
    kernel: the gpu/nvvm lowering gives every allocation its own 1024-byte
    aligned range of the program's dynamic shared memory.
  }];
  let arguments = (ins Optional<TT_Tensor>:$src);
  let results = (outs TT_MemDescType:$result);
  let assemblyFormat = "($src^)? attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def TT_LocalLoadOp : TT_KernelOp<"local_load", [
    MemoryEffects<[MemRead<TT_SharedMemory>]>]> {
  let summary = "a shared-memory tile read into registers";
  let description = [{
    `%x = tt.local_load %a : !tt.memdesc<64x64xf16, #shared> -> tensor<64x64xf16, #blocked>`
    reads the 2-D tile into a tensor of the same shape and element type, in
    the result's layout.
  }];
  let arguments = (ins TT_MemDescType:$src);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` qualified(type($src)) `->` type($result)";
  let hasVerifier = 1;
}

def TT_LocalStoreOp : TT_KernelOp<"local_store", [
    MemoryEffects<[MemWrite<TT_SharedMemory>]>]> {
  let summary = "a tensor written into a mutable shared-memory tile";
  let description = [{
    `tt.local_store %x, %buf : tensor<64x64xf16, #blocked> -> !tt.memdesc<64x64xf16, #shared, mutable>`
    writes every element of the 2-D tensor into the tile of the same shape.
  }];
  let arguments = (ins TT_Tensor:$src, TT_MemDescType:$dst);
  let assemblyFormat = "$src `,` $dst attr-dict `:` type($src) `->` qualified(type($dst))";
  let hasVerifier = 1;
}

def TT_MemDescIndexOp : TT_KernelOp<"memdesc_index", [Pure]> {
  let summary = "one tile of a stack of shared-memory tiles";
  let description = [{
    `%t = tt.memdesc_index %bufs[%i] : !tt.memdesc<3x128x64xf16, #shared, mutable> -> !tt.memdesc<128x64xf16, #shared, mutable>`
    is tile `%i` (0 <= %i < 3, an i32 of the program) of the stack: a view,
    with the stack's encoding and mutability. An index outside the stack
    is undefined behavior, as Triton's is.
  }];
  let arguments = (ins TT_MemDescType:$src, I32:$index);
  let results = (outs TT_MemDescType:$result);
  let assemblyFormat = [{
    $src `[` $index `]` attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TT_AsyncCopyGlobalToLocalOp : TT_KernelOp<"async_copy_global_to_local", [
    AttrSizedOperandSegments, TT_MaskFromPtr,
    TT_TypeDerivedFrom<"ptr", "other", "::mlir::mytriton::tt::getPointeeLike($_self)">,
    MemoryEffects<[MemRead<DefaultResource>, MemWrite<TT_SharedMemory>]>]> {
  let summary = "start copying a tile from global to shared memory (cp.async)";
  let description = [{
    ```mlir
    tt.async_copy_global_to_local %ptrs, %buf mask %m other %zeros
        : tensor<128x64x!tt.ptr<f16>, #blocked> -> !tt.memdesc<128x64xf16, #shared, mutable>
    ```

    Starts copying the element at each pointer (where `mask` is true;
    `other`, or 0, where it is false) to the same coordinates of the
    mutable tile, asynchronously: the copies of one thread form a group at
    the next `tt.async_commit_group`, and the tile may be read only after a
    `tt.async_wait` that leaves no group started before it pending. Each
    thread copies the elements its layout gives it, up to 16 contiguous
    bytes at once (cp.async.cg); the pointer tensor's contiguity must allow
    what the lowering proves.
  }];
  let arguments = (ins TT_Tensor:$ptr, TT_MemDescType:$dst,
                       Optional<TT_Tensor>:$mask, Optional<TT_Tensor>:$other);
  let assemblyFormat = [{
    $ptr `,` $dst (`mask` $mask^)? (`other` $other^)? attr-dict `:`
    type($ptr) `->` qualified(type($dst))
  }];
  let hasVerifier = 1;
}

def TT_AsyncCommitGroupOp : TT_KernelOp<"async_commit_group", [
    MemoryEffects<[MemWrite<TT_SharedMemory>]>]> {
  let summary = "close the thread's group of asynchronous copies";
  let description = [{
    `tt.async_commit_group` makes the copies started since the last commit
    one group (cp.async.commit_group), which `tt.async_wait` counts.
  }];
  let assemblyFormat = "attr-dict";
}

def TT_AsyncWaitOp : TT_KernelOp<"async_wait", [
    MemoryEffects<[MemRead<TT_SharedMemory>, MemWrite<TT_SharedMemory>]>]> {
  let summary = "wait for all but the newest groups of copies, then sync";
  let description = [{
    `tt.async_wait {num = 2 : i32}` waits until at most `num` of the
    program's committed copy groups are still in flight
    (cp.async.wait_group), then synchronizes the program's threads, so
    every tile those groups wrote is visible to all of them and to the
    tensor cores.
  }];
  let arguments = (ins I32Attr:$num);
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

def TT_WarpGroupDotOp : TT_KernelOp<"warp_group_dot", [
    MemoryEffects<[MemRead<TT_SharedMemory>]>, AllTypesMatch<["c", "d"]>]> {
  let summary = "tile matrix product on Hopper's tensor cores (wgmma)";
  let description = [{
    ```mlir
    %d = tt.warp_group_dot %a, %b, %c {isAsync = true}
        : !tt.memdesc<128x64xf16, #shared> * !tt.memdesc<64x128xf16, #shared1>
          -> tensor<128x128xf32, #mma>
    ```

    `d = a * b + c` as `tt.dot` says, with a (M x K) and b (K x N) in
    shared memory and the accumulator in an `#tt.mma` version 3 layout:
    each warpgroup issues `wgmma.mma_async` for its 64-row slabs, one per
    16 (bf16/f16), 8 (tf32) or 32 (i8) elements of K. With `isAsync`, the
    result is not ready before a `tt.warp_group_dot_wait` (the operands'
    tiles must not be overwritten before then either); without it the
    product is complete when the op returns. tf32 and i8 operands must be
    K-contiguous in shared memory (a's order [1, 0], b's [0, 1]), as wgmma
    transposes only 16-bit tiles.
  }];
  let arguments = (ins TT_MemDescType:$a, TT_MemDescType:$b, TT_Tensor:$c,
      DefaultValuedAttr<TT_InputPrecision, "::mlir::mytriton::tt::InputPrecision::TF32">:$inputPrecision,
      DefaultValuedAttr<BoolAttr, "false">:$isAsync);
  let results = (outs TT_Tensor:$d);
  let assemblyFormat = [{
    $a `,` $b `,` $c attr-dict `:` qualified(type($a)) `*` qualified(type($b))
    `->` type($d)
  }];
  let hasVerifier = 1;
}

def TT_WarpGroupDotWaitOp : TT_KernelOp<"warp_group_dot_wait", [
    MemoryEffects<[MemRead<TT_SharedMemory>]>, AllTypesMatch<["input", "output"]>]> {
  let summary = "wait until at most `pendings` warpgroup MMA groups are in flight";
  let description = [{
    `%acc = tt.warp_group_dot_wait %d {pendings = 1 : i32} : tensor<128x128xf32, #mma>`
    waits (wgmma.wait_group) until at most `pendings` of the warpgroup's
    asynchronous `tt.warp_group_dot` groups are still running, and returns
    its operand: with `pendings` 0 it is the finished accumulator; with 1
    the newest product may still run, but every older one is done, so the
    tiles they read may be reused.
  }];
  let arguments = (ins TT_Tensor:$input, I32Attr:$pendings);
  let results = (outs TT_Tensor:$output);
  let assemblyFormat = "$input attr-dict `:` type($input)";
}

//===----------------------------------------------------------------------===//
// TMA copies onto mbarriers (created by tt-pipeline{tma}:
// docs/GPULowering.md#tma-copies)
//===----------------------------------------------------------------------===//

def TT_InitBarriersOp : TT_KernelOp<"init_barriers", [
    MemoryEffects<[MemAlloc<TT_SharedMemory>, MemWrite<TT_SharedMemory>]>]> {
  let summary = "allocate and initialize a stack of mbarriers";
  let description = [{
    `%bars = tt.init_barriers {count = 1 : i32} : !tt.mbarriers<3>`
    allocates three mbarriers in shared memory, each completing a phase
    once `count` arrivals (and the transaction bytes they expect) have
    arrived, starting in phase 0. Thread 0 initializes them; the program
    synchronizes before any thread or the TMA engine uses them.
  }];
  let arguments = (ins ConfinedAttr<I32Attr, [IntPositive]>:$count);
  let results = (outs TT_MBarriersType:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
}

def TT_BarrierExpectOp : TT_KernelOp<"barrier_expect", [
    MemoryEffects<[MemWrite<TT_SharedMemory>]>]> {
  let summary = "arrive on an mbarrier, expecting transaction bytes";
  let description = [{
    `tt.barrier_expect %bars[%i], 32768, %pred : !tt.mbarriers<3>`:
    where `%pred` (the same in every thread) is true, one arrival on
    barrier `%i` by one thread of the program, which also makes the
    barrier's current phase wait for 32768 bytes of TMA copies
    (mbarrier.arrive.expect_tx).
  }];
  let arguments = (ins TT_MBarriersType:$barriers, I32:$index,
                       ConfinedAttr<I32Attr, [IntPositive]>:$bytes, I1:$pred);
  let assemblyFormat = [{
    $barriers `[` $index `]` `,` $bytes `,` $pred attr-dict `:`
    qualified(type($barriers))
  }];
}

def TT_AsyncTMACopyGlobalToLocalOp : TT_KernelOp<"async_tma_copy_global_to_local", [
    MemoryEffects<[MemRead<DefaultResource>, MemWrite<TT_SharedMemory>]>]> {
  let summary = "start a TMA copy of a box of a tensor into a tile";
  let description = [{
    ```mlir
    tt.async_tma_copy_global_to_local %map[%row, %col], %tile, %bars[%i], %pred
        : !tt.memdesc<128x64xf16, #shared, mutable>, !tt.mbarriers<3>
    ```

    Where `%pred` (the same in every thread) is true, one thread of the
    program starts copying the box of the
    tensor map `%map` whose first element is at (`%row`, `%col`), outermost
    coordinate first, into the mutable tile, and counts its bytes as
    transactions of barrier `%i`. Elements of the box outside the tensor
    (past its sizes, or at negative coordinates) read 0. The tile's
    contiguous dimension is the tensor's last; a tile wider than its
    swizzle is copied one swizzled piece at a time, each a box of the map.
  }];
  let arguments = (ins TT_TensorMapType:$map, Variadic<I32>:$coords,
                       TT_MemDescType:$dst, TT_MBarriersType:$barriers,
                       I32:$index, I1:$pred);
  let assemblyFormat = [{
    $map `[` $coords `]` `,` $dst `,` $barriers `[` $index `]` `,` $pred
    attr-dict `:` qualified(type($dst)) `,` qualified(type($barriers))
  }];
  let hasVerifier = 1;
}

def TT_WaitBarrierOp : TT_KernelOp<"wait_barrier", [
    MemoryEffects<[MemRead<TT_SharedMemory>, MemWrite<TT_SharedMemory>]>]> {
  let summary = "wait for an mbarrier's phase to complete";
  let description = [{
    `tt.wait_barrier %bars[%i], %phase : !tt.mbarriers<3>` waits until
    barrier `%i` has completed the phase of parity `%phase` (0 or 1): every
    tile that TMA copied onto that phase is then visible to the thread and
    to the tensor cores.
  }];
  let arguments = (ins TT_MBarriersType:$barriers, I32:$index, I32:$phase);
  let assemblyFormat = [{
    $barriers `[` $index `]` `,` $phase attr-dict `:` qualified(type($barriers))
  }];
}

#endif // MYTRITON_DIALECT_TT_IR_TTSHAREDMEMORYOPS_TD
