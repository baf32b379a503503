//===- Passes.td - passes of the PTX target ----------------*- tablegen -*-===//

#ifndef MYTRITON_TARGET_PTX_PASSES_TD
#define MYTRITON_TARGET_PTX_PASSES_TD

include "mlir/Pass/PassBase.td"

def CheckNVVMTarget : Pass<"mytriton-check-nvvm-chip", "::mlir::ModuleOp"> {
  let summary = "Reject target chips the pipeline cannot compile for";
  let description = [{
    Reports, at every gpu.module, a `chip` that is not of the form `sm_<N>`
    (optionally with an `a`/`f` suffix), is older than sm_70 (the kernels
    use `shfl.sync`, PTX 6.0; CUDA 13's ptxas starts at sm_75), or is unknown
    to LLVM's NVPTX backend. It runs before `nvvm-attach-target`: such chips
    otherwise abort inside LLVM's instruction selection, or trip the
    `#nvvm.target` verifier only some of the time.
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"sm_90\"",
           "Target GPU architecture">,
  ];
}

def ExternDynamicShared
    : Pass<"mytriton-extern-dynamic-shared", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Make dynamic shared memory an extern shared array";
  let description = [{
    convert-gpu-to-nvvm gives `gpu.dynamic_shared_memory` an internal
    zero-length `llvm.mlir.global` in address space 3, which the NVPTX
    backend prints as a zero-byte *static* shared variable
    (`.shared .b8 __dynamic_shmem__0;`), not as the `.extern .shared
    ... []` array whose address is the start of the launch's dynamic shared
    memory. This pass gives every zero-length shared global external
    linkage, so PTX declares it as CUDA does `extern __shared__`.
  }];
}

def AttachTensorMapParams
    : Pass<"mytriton-attach-tensor-map-params", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Pass a kernel's tensor maps by value, as __grid_constant__";
  let description = [{
    A `!tt.tensor_map` kernel argument is the 128-byte CUtensorMap itself,
    which TMA reads through the parameter's address (`cvta.param`), as
    CUDA passes a `const __grid_constant__ CUtensorMap` argument.
    convert-gpu-to-nvvm drops `llvm.byval` from gpu.func arguments, so
    this pass gives the arguments that a kernel's `mytriton.tensor_maps`
    attribute lists (64-byte aligned pointers after convert-tt-to-gpu)
    `llvm.byval = !llvm.array<128 x i8>` and `nvvm.grid_constant`, which
    the NVPTX backend prints as `.param .align 64 .b8 name[128]`.
  }];
}

def RequireBlockSize
    : Pass<"mytriton-require-block-size", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Declare a kernel's block size as required, not as a bound";
  let description = [{
    convert-gpu-to-nvvm turns a kernel's `known_block_size` into
    `nvvm.maxntid` (PTX `.maxntid`, an upper bound). MyTriton launches
    every kernel with exactly that block size, as Triton does, and Triton's
    PTX says so with `.reqntid`; this pass replaces `nvvm.maxntid` by
    `nvvm.reqntid` on every kernel that has a `gpu.known_block_size` equal
    to it, so ptxas may specialize for the one size. (On the H200 the 4x256
    softmax ran 2.5-3% faster with `.reqntid`; a launch with another block
    size fails with CUDA_ERROR_INVALID_VALUE instead of running.)
  }];
}

def ScalarizeLoopVectors
    : Pass<"mytriton-scalarize-loop-vectors", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Carry a thread's registers through loops one by one";
  let description = [{
    convert-tt-to-gpu holds a thread's registers of a tensor as one
    `vector<R x T>`, and a tensor carried by `scf.for`, `scf.while` or
    `scf.if` as one vector block argument. LLVM keeps a vector phi whole:
    every lane stays live around the loop even when only some are read (a
    loop-carried pointer tensor whose 16-byte accesses read every eighth
    pointer kept all of them, 64-bit each, and spilled). This pass carries
    each lane of `scf.for` and `scf.while` as a scalar instead (SCF's
    structural 1:N type conversion, `vector.from_elements` /
    `vector.extract` at the edges), and a lane extracted from a GEP over a
    vector of pointers becomes that lane's own GEP, so that the unused
    lanes' cycles die in LLVM's dead-code elimination (a vector GEP kept
    every lane live: tutorial 03's pipelined loop advanced 96 pointers a
    thread to copy from 12). `scf.if` keeps its vectors (no phi around a
    loop; the vector accesses' fast and slow paths stay as they are).
  }];
  let dependentDialects = ["::mlir::vector::VectorDialect"];
}

def ApproximateMathToNVVM
    : Pass<"mytriton-approximate-math-to-nvvm", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Lower Triton's approximate f32 division and square root";
  let description = [{
    Triton's `/` on float32 is PTX's `div.full.f32` (2 ulp over the whole
    range) and its `tl.sqrt` is `sqrt.approx`; `tl.div_rn` and
    `tl.sqrt_rn` are the IEEE ones. The frontend marks the approximate ones
    `fastmath<afn>`. This pass rewrites an f32 (or vector of f32)
    `arith.divf` and `math.sqrt` carrying `afn` into the NVVM intrinsics
    `llvm.nvvm.div.full` and `llvm.nvvm.sqrt.approx.f`, one lane at a time:
    LLVM's NVPTX backend would make `fdiv afn` the narrower-range
    `div.approx.f32`, and libdevice's `__nv_sqrtf` is correctly rounded here
    (`__CUDA_PREC_SQRT=1`). `math.exp` with `afn` needs nothing:
    convert-gpu-to-nvvm already calls libdevice's `__nv_fast_expf`, Triton's
    `ex2.approx.f32` of `x * log2(e)`. Ops without `afn`, and every other
    type, are left to the standard lowerings (IEEE).
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::vector::VectorDialect"];
}

def AllowFPContraction
    : Pass<"mytriton-allow-fp-contraction", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Let float multiplies and adds fuse (Triton's enable_fp_fusion)";
  let description = [{
    Triton compiles with `enable_fp_fusion` on unless a launch turns it off:
    its NVPTX target may contract a multiply and an add into one `fma` (one
    rounding instead of two). This pass gives every `llvm.fmul`,
    `llvm.fadd` and `llvm.fsub` of the gpu.module the `contract` fast-math
    flag, so that LLVM forms `fma.rn` from such pairs and prints the other
    ones without `.rn` (ptxas may still fuse those), on every float type:
    the same PTX as Triton's. Run after the arith ops are LLVM ops, so that
    the ops the lowering itself makes (a reduction's adds) are marked too.
    The tt-to-nvvm pipeline runs it unless its `fp-fusion` option is off;
    the CPU route never contracts.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

#endif // MYTRITON_TARGET_PTX_PASSES_TD
