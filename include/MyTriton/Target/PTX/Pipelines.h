//===- Pipelines.h - tt -> gpu -> nvvm -> PTX/cubin pipelines ----*- C++ -*-===//

#ifndef MYTRITON_TARGET_PTX_PIPELINES_H
#define MYTRITON_TARGET_PTX_PIPELINES_H

#include "llvm/ADT/StringRef.h"

namespace mlir {
class DialectRegistry;
class OpPassManager;
namespace mytriton {
struct GPUCompileOptions;

/// tt -> optimized tt (tt-optimize) -> gpu (convert-tt-to-gpu) -> nvvm: the
/// gpu.module carries `#nvvm.target<chip = options.chip, O = optLevel>` and
/// holds llvm/nvvm ops only.
void buildTTToNVVMPipeline(OpPassManager &pm, const GPUCompileOptions &options);

/// Sets the process-wide LLVM code generation options the NVPTX backend
/// needs for MyTriton kernels, once, unless the tool's command line set them:
/// -disable-machine-sink. MachineSink moves an unrolled loop's arithmetic
/// into the conditional blocks of its vector accesses, below all of their
/// loads (the naive matmul specialized on tt.divisibility: 253 registers at
/// K = 256 with it, 40 without); and -nvvm-reflect-add=__CUDA_PREC_SQRT=1,
/// so libdevice's sqrtf is correctly rounded (sqrt.rn.f32), as CUDA's is.
/// Called by every path that serializes to PTX or a cubin.
void configureNVPTXCodeGen();

/// The NVVM pipeline followed by gpu-module-to-binary: the gpu.module becomes
/// a gpu.binary holding `format` ("isa" = PTX text, "bin" = cubin via ptxas,
/// "fatbin", "llvm" = LLVM IR).
void buildTTToPTXPipeline(OpPassManager &pm, const GPUCompileOptions &options,
                          llvm::StringRef format);

/// Registers `tt-to-nvvm="chip=sm_90 opt-level=3"` and
/// `tt-to-ptx="chip=sm_90 format=isa|bin toolkit=/usr/local/cuda opt-level=3"`.
void registerTTToPTXPipelines();

/// What a context needs to run these pipelines: the dialects they produce,
/// the NVVM target's serialization model, the LLVM IR translations and the
/// convert-to-LLVM interfaces that convert-gpu-to-nvvm uses. Without the NVVM
/// target model gpu-module-to-binary crashes.
void registerGPUCompileDependencies(DialectRegistry &registry);

/// Registers the mlir-translate translations `--emit-ptx` and `--emit-cubin`
/// (tt module in, PTX text or cubin bytes out) with the options `--ptx-chip`
/// and `--ptx-toolkit`. Call once, before parsing the command line.
void registerToPTXTranslations();

} // namespace mytriton
} // namespace mlir

#endif // MYTRITON_TARGET_PTX_PIPELINES_H
