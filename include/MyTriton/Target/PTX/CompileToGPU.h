//===- CompileToGPU.h - tt kernels to PTX and cubin --------------*- C++ -*-===//
//
// The gpu/nvvm route: tt -> gpu + arith/scf/llvm -> nvvm -> PTX/cubin.
//
//===----------------------------------------------------------------------===//

#ifndef MYTRITON_TARGET_PTX_COMPILETOGPU_H
#define MYTRITON_TARGET_PTX_COMPILETOGPU_H

#include "llvm/Support/LogicalResult.h"

#include <map>
#include <string>

namespace mlir {
class ModuleOp;
namespace mytriton {

struct GPUCompileOptions {
  std::string chip = "sm_90";
  std::string toolkitPath = "/usr/local/cuda"; // ptxas for the cubin
  int optLevel = 3;
  /// Triton's enable_fp_fusion: multiplies and adds may fuse into fmas.
  bool fpFusion = true;
  /// sm_90a: a pipelined loop's tiles that TMA may copy become TMA copies
  /// (tt-pipeline{tma}; docs/GPULowering.md#tma-copies).
  bool tma = true;
};

struct GPUBinaries {
  std::string ptx;   // PTX text
  std::string cubin; // ELF image for `chip`
  std::string llvmIR; // the optimized LLVM IR the cubin was made from
  /// Per kernel name, the dynamic shared memory every launch must give it
  /// (its tiles and scratch; absent: none).
  std::map<std::string, int64_t> dynamicSharedBytes;
  /// Per kernel name that takes tensor maps, how the launcher encodes them:
  /// a JSON list, one object per hidden !tt.tensor_map argument (its
  /// `tt.tensor_map` attribute and "argument", its index).
  std::map<std::string, std::string> tensorMaps;
};

/// Lowers the (optimized) tt kernels of `module` to PTX and a cubin, working
/// on a clone. Diagnostics go to the module's context.
llvm::LogicalResult compileToGPUBinaries(ModuleOp module,
                                         const GPUCompileOptions &options,
                                         GPUBinaries &result);

} // namespace mytriton
} // namespace mlir

#endif // MYTRITON_TARGET_PTX_COMPILETOGPU_H
