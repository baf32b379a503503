//===- Passes.td - passes of the tt dialect ----------------*- tablegen -*-===//

#ifndef MYTRITON_DIALECT_TT_TRANSFORMS_PASSES_TD
#define MYTRITON_DIALECT_TT_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def CheckKernelPlacement : Pass<"tt-check-kernel-placement", "::mlir::ModuleOp"> {
  let summary = "Reject tt.func kernels outside the top-level module";
  let description = [{
    Every pipeline compiles the `tt.func` ops of the module it runs on; a
    kernel in a module nested inside it would pass through untouched, and
    the tool would succeed without compiling it. This pass reports such a
    kernel at its `tt.func` and fails. It starts `tt-optimize` and the CPU
    pipeline. (The op verifiers already reject a `tt.func` whose parent is
    not a module and a tt op outside a `tt.func`; whether a module is the
    top-level one is only known to a pass that runs on it.)
  }];
}

def TTAssignLayouts : Pass<"tt-assign-layouts", "::mlir::mytriton::tt::FuncOp"> {
  let summary = "Give every tensor of a layout-free kernel its layout";
  let description = [{
    Sets a layout encoding (`#tt.blocked`, `#tt.slice`) on the type of
    every tensor value of a `tt.func` that has none: op results and the
    values of `arith.constant`s. Scalars and tensors that already carry a
    layout keep their types. Deterministic: one kernel always gets the same
    layouts.

    **Uniform kernels** (tt::hasImplicitLayout: every tensor 1-D of width
    block_size B) get the distribution that the GPU backends use
    implicitly (tt.func's description): with T = `min(32 * num_warps, B)`
    threads, each thread owns E = B / T lanes in groups of G lanes
    (tt.func's getLanesPerGroup: all E up to 16 bytes of the narrowest
    element a tensor load or store accesses, at least 4 lanes, else the
    largest power of two below that dividing E: 8 halves, 4 floats), so
    thread t's register r holds lane
    `(r / G) * T * G + t * G + r % G`. That is

    ```mlir
    #tt.blocked<{sizePerThread = [G], threadsPerWarp = [32],
                 warpsPerCTA = [W], order = [0]}>
    ```

    with W = `num_warps` (or ceil(B / 32) without it). When B < 32 * W the
    threads past B replicate lanes; the backends launch only the first T.
    With `only-tiled`, uniform kernels are left layout-free: the GPU
    pipelines run the pass so, and lower uniform kernels as before.

    **Tiled kernels** (any other; `num_warps` = W, `block_size` = 32 * W):

    * Every rank-2 tensor gets one kernel layout, from the largest rank-2
      tensor [M, N] (by elements, first wins): v = min(16 / bytes, N)
      consecutive elements per thread, bytes being the narrowest element
      that a load or store of a rank-2 pointer tensor accesses (4 if none):
      16-byte accesses of 8 halves, 4 floats, 2 doubles or 16 bytes,
      tN = min(32, N / v) lanes along N, tM = 32 / tN along M; warps go
      along N until a row is covered once (Triton's rule), then along M
      while rows remain, the rest along N: wM = min(W / min(W, max(1,
      N / (v tN))), max(1, M / tM)) and wN = W / wM:
      `#tt.blocked<{sizePerThread = [1, v], threadsPerWarp = [tM, tN],
      warpsPerCTA = [wM, wN], order = [1, 0]}>`. Smaller tensors replicate,
      larger ones wrap.
    * `tt.expand_dims`'s operand is in its result's layout sliced along the
      axis, `#tt.slice<{dim = axis, parent = ...}>`; a reduction along an
      axis gives its operand's layout sliced along it.
    * `tt.trans` gives its operand's layout with every array permuted
      (order [1, 0] becomes [0, 1]), so every register stays put; users
      that need the kernel layout (elementwise ops, loads, stores) get a
      `tt.convert_layout` of it, reductions and reshapes take it as is.
    * `tt.reshape` gives the layout of its result's shape.
    * `tt.dot` on tensor cores (`compute-capability` 80 or more, docs/
      GPULowering.md#tensor-cores): a dot that mma.sync takes (f16 or bf16
      operands, f32 operands with input precision tf32, i8 operands; M, N
      and K multiples of the instruction's 16 x 8 x (256 / element bits)
      over the warps) has its result, its accumulator and every tensor
      carried with it through a loop in `#tt.mma<{versionMajor = 2,
      warpsPerCTA = [wM, wN], instrShape = [16, 8]}>` (Triton's warp
      split: warps go along M while M / 16 / wM >= N / 16 / wN and rows
      remain, else along N), and its operands in the mma.sync fragments
      `#tt.dot_operand<{opIdx = 0|1, parent = #mma, kWidth = 32 / bits}>`.
      Users of the result that need a blocked layout (stores, elementwise
      ops on other tensors, reductions) get it converted.
    * `tt.dot` (the FMA path, every other dot): its result and accumulator
      are in the kernel layout P, its operands a and b in
      `#tt.dot_operand<{opIdx = 0|1, parent = P}>`, so each thread holds
      the rows of a and columns of b its accumulator registers need
      (converted through shared memory).
    * Elementwise ops (arith, math, `tt.addptr`, `tt.load`,
      `tt.atomic_rmw` and `tt.atomic_cas` on tensors; operands of one
      shape) and `tt.store` work in one layout: a rank-2 op's is the
      kernel layout; a 1-D op's is its first operand's that a producer
      above fixed (a reduction, a reshape), else the layout its first
      user asks for (an expand_dims its slice), else the 1-D layout of
      its width N: `sizePerThread = [min(16 / bytes, max(1, N / (32 * W)))],
      with bytes the narrowest element loaded or stored through 1-D pointer
      tensors of that width (4 if none),
      threadsPerWarp = [32], warpsPerCTA = [W], order = [0]`.
    * Where a use needs a value in another layout, cheap pure producers
      (make_range, splat, dense constants, and pure arith/math and
      `tt.addptr` on them) are recomputed in that layout next to the
      original; any other value is converted once with
      `tt.convert_layout`.

    * `scf.for`, `scf.while` and `scf.if` (docs/IR.md#control-flow): each
      carried tensor (the init, region argument, yield operand and result
      of one iter_arg; the yields and result of one branch result) gets one
      layout: a given encoding, else its init's forced layout, else the
      forced layout of what a region yields (a reduction's slice into a
      zero accumulator), else the first demand of its uses after the op,
      else the default 1-D layout of its width (rank-2 tensors: the kernel
      layout). Inits and yields in another layout are rematerialized or
      converted with `tt.convert_layout` (before the yield, inside the
      region), so scf's rule that they share one type holds.

    Kernels it cannot lay out are reported at the op: tensors of rank 3
    or more, ops with regions other than scf.for/scf.while/scf.if, ops
    with no layout rule, non-dense tensor constants, a warp count that is
    not a power of two.
  }];
  let options = [
    Option<"onlyTiled", "only-tiled", "bool", /*default=*/"false",
           "Lay out tiled kernels only; leave uniform kernels (every tensor "
           "1-D of the block's width) layout-free">,
    Option<"computeCapability", "compute-capability", "unsigned",
           /*default=*/"0",
           "The target's compute capability (80 for sm_80, 90 for sm_90): "
           "80 or more lays tt.dot out for mma.sync; 0 (no GPU target, the "
           "CUDA C++ route) keeps every dot on the FMA path">,
    Option<"useWgmma", "use-wgmma", "bool", /*default=*/"false",
           "With compute-capability 90, put dots on Hopper's warpgroup MMA "
           "(wgmma, operands in shared memory) where its tiles fit; without, "
           "Hopper uses mma.sync as sm_80 does">,
  ];
}

def TTHoistBranchLoads : Pass<"tt-hoist-branch-loads",
                               "::mlir::mytriton::tt::FuncOp"> {
  let summary = "Issue a branch's loads beside the load its condition waits "
                "on";
  let description = [{
    A read-modify-write under a lock, as in the backward pass of Triton's
    tutorial 05,

    ```python
    count = tl.load(Count)
    if count == 0:
        tl.atomic_xchg(Count, 1)
    else:
        partial += tl.load(DW, mask=mask)
    tl.store(DW, partial, mask=mask)
    ```

    waits for `Count`, then for `DW`: two memory round trips in a row,
    while the lock is held. This pass moves such a branch's loads in front
    of the `scf.if`, so that both are in flight at once; the branch keeps
    using their values. A `tt.load` at the top level of a branch moves when:

    * the `scf.if`'s condition is computed, in the `scf.if`'s block, from a
      value read from memory (`tt.load`, `tt.atomic_rmw`, `tt.atomic_cas`):
      there is a latency to hide;
    * its pointer, mask and `other` are defined outside the `scf.if`;
    * every op before it in its branch is free of memory effects or is
      another `tt.load` (no store, atomic or barrier is passed over);
    * the same pointer is accessed with the same mask (or with none) by a
      `tt.load` or `tt.store` that runs whenever the `scf.if` does: before
      it in its block, or after it with nothing in between that can stop
      the program (`tt.assert`, `scf.while`, or a region holding one),
      and neither branch holds such an op. So the moved load reads only
      addresses the program accesses anyway and cannot fault where the
      program would not.

    A load has no effect that another program can observe, so running it
    on the path that did not need it changes no result; a weak load (every
    `tt.load`) is not ordered with the one before it, so issuing them
    together is what the hardware may do anyway. The cost: the branch that
    did not need the value reads it too. GPU routes only
    (`tt-prepare-gpu`); the CPU runs programs without memory latency to
    hide.
  }];
}

def TTPipeline : Pass<"tt-pipeline", "::mlir::mytriton::tt::FuncOp"> {
  let summary = "Software-pipeline the loops that load Hopper tensor-core "
                "tiles over num_stages shared-memory buffers";
  let description = [{
    Runs after `tt-assign-layouts{use-wgmma}`. An `scf.for` whose
    `tt.warp_group_dot` operands are all tiles loaded in its body for them
    alone (`tt.load` whose `other` is absent or zero, then
    `tt.local_alloc`), and whose loads' addresses and masks are computed
    without reading memory, is pipelined over S stages, as Triton's
    pipeliner does for Hopper without TMA:

    * a stack of S tiles (`tt.local_alloc : !tt.memdesc<S x M x K ...,
      mutable>`) replaces each tile; iteration i copies its tiles into
      slot `i % S` with `tt.async_copy_global_to_local` (cp.async) and
      commits them as one group;
    * the copies run S - 1 iterations ahead of the dots (MLIR's
      `scf::pipelineForLoop`: a prologue issues iterations 0 .. S - 2;
      copies of iterations past the end are masked off, so they read no
      memory);
    * each iteration first waits until at most S - 2 groups are in flight
      (`tt.async_wait`, with a barrier), then reads its own slot;
    * a dot whose product is only the next iteration's accumulator runs
      asynchronously, as in Triton: `{isAsync = true}`, then
      `tt.warp_group_dot_wait {pendings = 1}` (the previous iteration's
      product is done, this one runs on), a `tt.debug_barrier` (no
      warpgroup reads the previous slot any more), then the copies S - 1
      iterations ahead, which overwrite that slot; after the loop,
      `tt.warp_group_dot_wait {pendings = 0}`. Any other dot stays
      synchronous and the copies go before it (the wait's barrier
      already freed the slot);
    * after the loop, `tt.async_wait {num = 0}`: no copy is in flight
      when the stacks' shared memory is reused.

    With `tma` (set by tt-to-nvvm for sm_90a unless `tma=false`), a loop whose every tile `matchTensorMapAccess` accepts copies
    them with TMA instead (docs/GPULowering.md#tma-copies): the kernel
    gains a hidden `!tt.tensor_map` argument per tile, whose `tt.tensor_map`
    attribute says how to encode it (base argument, element bytes, sizes
    and strides as linear forms over arguments, box, swizzle); a
    `tt.init_barriers` of S barriers replaces the groups; iteration i arms
    slot `i % S`'s barrier for the stage's bytes and copies each tile at
    its coordinates (`tt.async_tma_copy_global_to_local`, predicated off
    past the end); each iteration waits on its slot's barrier with parity
    `(i / S) & 1` (`tt.wait_barrier`). The pointer tiles that only fed the
    loads fold away. TMA reads zeros at negative coordinates, where the
    pointers read the memory before the base: the blocks only move forward,
    and a `tt.assert` before the loop stops the launch when a tile's first
    block starts at a negative index (none when the starts fold to
    constants that are not negative).

    S is the loop's `tt.num_stages` attribute (`tl.range(...,
    num_stages=)`), else the kernel's `num_stages` (the launch option),
    else `num-stages`; fewer when S stacks of the tiles would not fit in
    the 227 KiB of shared memory a block may use (Triton would fail
    with OutOfResources); a loop with S < 2 is left as it is.
  }];
  let options = [
    Option<"numStages", "num-stages", "unsigned", /*default=*/"3",
           "Stages of a loop when neither it nor its kernel says (Triton's "
           "default num_stages, 3)">,
    Option<"tma", "tma", "bool", /*default=*/"false",
           "Copy the tiles that TensorMapAccess accepts with TMA onto a "
           "barrier per stage; the kernel gains a hidden !tt.tensor_map "
           "argument per tile, which the launcher encodes (sm_90a, "
           "gpu/nvvm route)">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

#endif // MYTRITON_DIALECT_TT_TRANSFORMS_PASSES_TD
