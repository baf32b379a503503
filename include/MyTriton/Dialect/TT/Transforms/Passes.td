//===- Passes.td - tt dialect transformations --------------*- tablegen -*-===//

#ifndef MYTRITON_DIALECT_TT_TRANSFORMS_PASSES_TD
#define MYTRITON_DIALECT_TT_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TTAssignLayouts : Pass<"tt-assign-layouts", "::mlir::mytriton::tt::FuncOp"> {
  let summary = "Give every tensor of a layout-free kernel its #tt.blocked layout";
  let description = [{
    Sets a `#tt.blocked` encoding on the type of every tensor value of a
    `tt.func` that has none: op results, block arguments and the values of
    `arith.constant`s. Scalars and tensors that already carry a layout are
    left alone.

    Today's kernels are 1-D with one width, block_size B. The layout is
    the distribution that the GPU backends use implicitly (tt.func's
    description): with T = `min(32 * num_warps, B)` threads, each thread
    owns E = B / T lanes in groups of G = tt::getLanesPerGroup(E), so
    thread t's register r holds lane `(r / G) * T * G + t * G + r % G`.
    That is

    ```mlir
    #tt.blocked<{sizePerThread = [G], threadsPerWarp = [32],
                 warpsPerCTA = [W], order = [0]}>
    ```

    with W = `num_warps` (or ceil(B / 32) without it): the tile of
    G * 32 * W lanes repeats E / G times. When B < 32 * W the tile is
    larger than the tensor and the threads past B replicate lanes; the
    backends launch only the first T threads, which hold exactly the lanes
    they hold today. Tensors whose width is not a power of two have no
    blocked layout; the pass reports them.

    Not yet part of the default pipelines: the lowerings do not read
    layouts yet (issue 14's next step), and `programs_per_cta` stays a
    launch fact outside the layout.
  }];
}

#endif // MYTRITON_DIALECT_TT_TRANSFORMS_PASSES_TD
