//===- Passes.td - tt to gpu conversion pass ---------------*- tablegen -*-===//

#ifndef MYTRITON_CONVERSION_TTTOGPU_PASSES_TD
#define MYTRITON_CONVERSION_TTTOGPU_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertTTToGPU : Pass<"convert-tt-to-gpu", "::mlir::ModuleOp"> {
  let summary = "Lower tt kernels to gpu.func kernels, E tensor lanes per thread (or per layout)";
  let description = [{
    Moves every `tt.func` into a `gpu.module` as a `gpu.func` kernel with
    `known_block_size = [threads, 1, 1]` (threads = `block_size`, or
    `min(32 * num_warps, block_size)` with `num_warps`), keeping the argument
    order. Pointer arguments become `!llvm.ptr<1>`, scalars stay `i32`/`f32`.

    Thread t owns E = block_size / threads lanes of every tensor, laid out
    as the `tt.func` description (the launch ABI) says: groups of G
    consecutive lanes (G = E up to 4, else the largest of 4, 2, 1 dividing
    E), group j of thread t starting at lane (j * threads + t) * G. With
    E == 1, `tensor<NxT>` becomes the thread's scalar of type T:
    `tt.make_range` is `gpu.thread_id x` (+start), `tt.splat` disappears.
    With E > 1 it becomes a `vector<E x T>` of the thread's lanes in that
    order, `tt.splat` a `vector.broadcast`, and arith/math ops work on the
    vectors.
    `tt.get_program_id` is `gpu.block_id`,
    `tt.addptr` is `llvm.getelementptr`, masked loads and stores become
    `scf.if` around `llvm.load`/`llvm.store` per lane, a scalar store is done
    by thread 0 only. With E > 1, a load or store whose pointer tensor is
    contiguous (ContiguityAnalysis: uniform pointer plus lane-contiguous
    offsets) moves each chunk of up to 16 bytes of a thread's lanes with one
    vector `llvm.load`/`llvm.store`, when at run time the chunk's first
    address is aligned to its size and all its mask bits are true; otherwise
    the chunk goes lane by lane. `tt.reduce` first combines a thread's E
    lanes, then becomes a block reduction: a butterfly of warp
    shuffles, and above 32 threads one workgroup-memory exchange behind a
    `gpu.barrier` followed by a second butterfly, so every thread ends up with
    the result. Reductions alternate between two workgroup buffers per
    element type, so consecutive reductions need no extra barrier.
    `tt.get_num_programs` is the trailing g0/g1 argument (axes 0, 1) or
    `gpu.grid_dim y` (axis 2), the user's grid whatever `programs_per_cta`
    is; `tt.debug_barrier` is `gpu.barrier`; `tt.print` is one `gpu.printf`
    per element a thread owns (a scalar from thread 0 of its program) and
    `tt.assert` calls `__assertfail` where an element is false, in both
    kinds of kernel, never in programs past g0.

    Tiled kernels (tensors of their own shapes, every one with a `#tt.blocked`
    or `#tt.slice` layout from `tt-assign-layouts`) run 32 * `num_warps`
    threads, and every distribution fact comes from the layouts'
    `tt::getLayoutBases`: a tensor becomes `vector<R x T>` with R =
    `tt::getTotalElemsPerThread`, register r holding
    `tt::getElementIndex(layout, shape, thread, r)`. `tt.make_range` is the
    thread's coordinate (an or of `threadIdx.x` bits shifted to their bases)
    plus constant register offsets; `tt.expand_dims`, `tt.broadcast`,
    `tt.trans` and `tt.convert_layout` are `vector.shuffle`s of the thread's
    registers where the two layouts' thread bases correspond (as
    `tt-assign-layouts` chooses them), else, like `tt.reshape`, an exchange
    through one workgroup scratch buffer per kernel (barrier, every register
    stored at its element's row-major index, barrier, loaded by the new
    layout; at most 48 KiB, or a located error). Loads and stores go
    register by register behind the mask, except runs of consecutive
    registers along the layout's fastest dimension where the pointer tensor
    is proven contiguous (splat + broadcast(expand_dims(make_range)) + ...):
    those are 16-byte vector accesses when at run time the address is
    aligned and the run's mask bits are set. Stores skip replicas: only
    threads whose replicating bits (bases 0) are 0 store, each element once.
    `tt.reduce` along an axis (or a 1-D tensor to a scalar) combines the
    thread's registers of equal other coordinates, xor-shuffles over the
    lane bits whose base along the axis is not 0, and exchanges across the
    warps whose bits move along the axis through the scratch buffer; every
    thread then holds the full value of each result element it holds.
  }];
  let options = [
    Option<"gpuModuleName", "gpu-module-name", "std::string",
           /*default=*/"\"kernels\"",
           "Name of the gpu.module that receives the kernels">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::math::MathDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::NVVM::NVVMDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
}

#endif // MYTRITON_CONVERSION_TTTOGPU_PASSES_TD
