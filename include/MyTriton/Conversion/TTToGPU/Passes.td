//===- Passes.td - tt to gpu conversion pass ---------------*- tablegen -*-===//

#ifndef MYTRITON_CONVERSION_TTTOGPU_PASSES_TD
#define MYTRITON_CONVERSION_TTTOGPU_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertTTToGPU : Pass<"convert-tt-to-gpu", "::mlir::ModuleOp"> {
  let summary = "Lower tt kernels to gpu.func kernels, one thread per tensor element";
  let description = [{
    Moves every `tt.func` into a `gpu.module` as a `gpu.func` kernel with
    `known_block_size = [block_size, 1, 1]`, keeping the argument order.
    Pointer arguments become `!llvm.ptr<1>`, scalars stay `i32`/`f32`.

    A tensor lives one element per thread, so `tensor<NxT>` becomes the
    thread's scalar of type T: `tt.make_range` is `gpu.thread_id x` (+start),
    `tt.splat` disappears, `tt.get_program_id` is `gpu.block_id`,
    `tt.addptr` is `llvm.getelementptr`, masked loads and stores become
    `scf.if` around `llvm.load`/`llvm.store`, a scalar store is done by
    thread 0 only, and arith/math ops on tensors become the same ops on
    scalars. `tt.reduce` becomes a block reduction: a butterfly of warp
    shuffles, and above 32 threads one workgroup-memory exchange behind a
    `gpu.barrier` followed by a second butterfly, so every thread ends up with
    the result. Reductions alternate between two workgroup buffers per
    element type, so consecutive reductions need no extra barrier.
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
    "::mlir::scf::SCFDialect",
  ];
}

#endif // MYTRITON_CONVERSION_TTTOGPU_PASSES_TD
