//===- Pipelines.cpp - tt -> gpu -> nvvm -> PTX/cubin pipelines -----------===//

#include "MyTriton/Target/PTX/Pipelines.h"
#include "MyTriton/Target/PTX/CompileToGPU.h"
#include "MyTriton/Target/PTX/Passes.h"

#include "MyTriton/Conversion/TTToGPU/Passes.h"
#include "MyTriton/Dialect/TT/Transforms/Pipelines.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/NVVMToLLVM/NVVMToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVM.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/LLVM/NVVM/Target.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/GPU/GPUToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/CommandLine.h"

#include <mutex>

using namespace mlir;
using namespace mlir::mytriton;

/// 90 for sm_90 and sm_90a, 80 for sm_80: what tt-assign-layouts needs to
/// know of the chip to put dots on its tensor cores; 0 if it is no sm_ name
/// (CheckNVVMTarget reports that).
static unsigned getComputeCapability(StringRef chip) {
  unsigned capability = 0;
  if (!chip.consume_front("sm_"))
    return 0;
  chip = chip.take_while([](char c) { return c >= '0' && c <= '9'; });
  if (chip.getAsInteger(10, capability))
    return 0;
  return capability;
}

void mytriton::buildTTToNVVMPipeline(OpPassManager &pm,
                                     const GPUCompileOptions &options) {
  // wgmma is one of sm_90a's arch-specific instructions: a target of plain
  // sm_90 keeps dots on mma.sync (and its loads on cp.async).
  bool sm90a = options.chip == "sm_90a";
  tt::buildGPUPreparePipeline(pm, getComputeCapability(options.chip),
                              /*useWgmma=*/sm90a,
                              /*useTMA=*/sm90a && options.tma);
  pm.addPass(createConvertTTToGPU());

  CheckNVVMTargetOptions check;
  check.chip = options.chip;
  pm.addPass(createCheckNVVMTarget(check));
  GpuNVVMAttachTargetOptions target;
  target.chip = options.chip;
  target.optLevel = options.optLevel;
  pm.addPass(createGpuNVVMAttachTarget(target));

  OpPassManager &kernels = pm.nest<gpu::GPUModuleOp>();
  kernels.addPass(createScalarizeLoopVectors());
  kernels.addPass(createCanonicalizerPass());
  kernels.addPass(createCSEPass());
  kernels.addPass(createSCFToControlFlowPass());
  kernels.addPass(createApproximateMathToNVVM());
  kernels.addPass(createConvertGpuOpsToNVVMOps());
  if (options.fpFusion)
    kernels.addPass(createAllowFPContraction());
  kernels.addPass(createExternDynamicShared());
  kernels.addPass(createAttachTensorMapParams());
  kernels.addPass(createRequireBlockSize());
  kernels.addPass(createCanonicalizerPass());
  kernels.addPass(createCSEPass());
  kernels.addPass(createReconcileUnrealizedCastsPass());
}

void mytriton::configureNVPTXCodeGen() {
  static std::once_flag once;
  std::call_once(once, [] {
    auto &options =
        llvm::cl::getRegisteredOptions();
    auto it = options.find("disable-machine-sink");
    if (it != options.end() && it->second->getNumOccurrences() == 0)
      *static_cast<llvm::cl::opt<bool> *>(it->second) = true;
    // libdevice's __nv_sqrtf (what convert-gpu-to-nvvm makes of math.sqrt)
    // asks NVVMReflect for __CUDA_PREC_SQRT, which is 0 unless set: that
    // gives sqrt.approx.f32. CUDA's sqrtf, the CPU path and tl.sqrt_rn are
    // correctly rounded, so the gpu/nvvm route is too (sqrt.rn.f32).
    auto reflect = options.find("nvvm-reflect-add");
    if (reflect != options.end() && reflect->second->getNumOccurrences() == 0)
      static_cast<llvm::cl::list<std::string> *>(reflect->second)
          ->push_back("__CUDA_PREC_SQRT=1");
  });
}

void mytriton::buildTTToPTXPipeline(OpPassManager &pm,
                                    const GPUCompileOptions &options,
                                    StringRef format) {
  configureNVPTXCodeGen();
  buildTTToNVVMPipeline(pm, options);
  GpuModuleToBinaryPassOptions binary;
  binary.toolkitPath = options.toolkitPath;
  binary.compilationTarget = format.str();
  pm.addPass(createGpuModuleToBinaryPass(binary));
}

namespace {
struct TTToNVVMPipelineOptions
    : PassPipelineOptions<TTToNVVMPipelineOptions> {
  Option<std::string> chip{*this, "chip",
                           llvm::cl::desc("Target GPU architecture"),
                           llvm::cl::init("sm_90")};
  Option<int> optLevel{*this, "opt-level",
                       llvm::cl::desc("LLVM optimization level (0-3)"),
                       llvm::cl::init(3)};
  Option<bool> fpFusion{
      *this, "fp-fusion",
      llvm::cl::desc("Let float multiplies and adds fuse into fmas "
                     "(Triton's enable_fp_fusion)"),
      llvm::cl::init(true)};
  Option<bool> tma{
      *this, "tma",
      llvm::cl::desc("sm_90a: pipelined tiles that TMA may copy become TMA "
                     "copies, whose tensor maps the launcher passes"),
      llvm::cl::init(true)};

  GPUCompileOptions toCompileOptions() const {
    GPUCompileOptions options;
    options.chip = chip;
    options.optLevel = optLevel;
    options.fpFusion = fpFusion;
    options.tma = tma;
    return options;
  }
};

struct TTToPTXPipelineOptions : PassPipelineOptions<TTToPTXPipelineOptions> {
  Option<std::string> chip{*this, "chip",
                           llvm::cl::desc("Target GPU architecture"),
                           llvm::cl::init("sm_90")};
  Option<int> optLevel{*this, "opt-level",
                       llvm::cl::desc("LLVM optimization level (0-3)"),
                       llvm::cl::init(3)};
  Option<bool> fpFusion{
      *this, "fp-fusion",
      llvm::cl::desc("Let float multiplies and adds fuse into fmas "
                     "(Triton's enable_fp_fusion)"),
      llvm::cl::init(true)};
  Option<bool> tma{
      *this, "tma",
      llvm::cl::desc("sm_90a: pipelined tiles that TMA may copy become TMA "
                     "copies, whose tensor maps the launcher passes"),
      llvm::cl::init(true)};
  Option<std::string> format{
      *this, "format",
      llvm::cl::desc("What the gpu.binary holds: isa (PTX), bin (cubin), "
                     "fatbin or llvm"),
      llvm::cl::init("isa")};
  Option<std::string> toolkit{
      *this, "toolkit",
      llvm::cl::desc("CUDA toolkit whose ptxas builds the cubin"),
      llvm::cl::init("/usr/local/cuda")};

  GPUCompileOptions toCompileOptions() const {
    GPUCompileOptions options;
    options.chip = chip;
    options.optLevel = optLevel;
    options.fpFusion = fpFusion;
    options.tma = tma;
    options.toolkitPath = toolkit;
    return options;
  }
};
} // namespace

void mytriton::registerTTToPTXPipelines() {
  registerPTXTargetPasses();
  PassPipelineRegistration<TTToNVVMPipelineOptions>(
      "tt-to-nvvm",
      "Lower tt kernels to a gpu.module of llvm/nvvm ops for an NVIDIA chip",
      [](OpPassManager &pm, const TTToNVVMPipelineOptions &options) {
        buildTTToNVVMPipeline(pm, options.toCompileOptions());
      });
  PassPipelineRegistration<TTToPTXPipelineOptions>(
      "tt-to-ptx",
      "Compile tt kernels to a gpu.binary holding PTX (format=isa) or a "
      "cubin (format=bin)",
      [](OpPassManager &pm, const TTToPTXPipelineOptions &options) {
        buildTTToPTXPipeline(pm, options.toCompileOptions(), options.format);
      });
}

void mytriton::registerGPUCompileDependencies(DialectRegistry &registry) {
  registry.insert<arith::ArithDialect, cf::ControlFlowDialect,
                  gpu::GPUDialect, LLVM::LLVMDialect, math::MathDialect,
                  memref::MemRefDialect, NVVM::NVVMDialect, scf::SCFDialect,
                  vector::VectorDialect>();
  NVVM::registerNVVMTargetInterfaceExternalModels(registry);
  registerBuiltinDialectTranslation(registry);
  registerGPUDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerNVVMDialectTranslation(registry);
  arith::registerConvertArithToLLVMInterface(registry);
  cf::registerConvertControlFlowToLLVMInterface(registry);
  index::registerConvertIndexToLLVMInterface(registry);
  registerConvertFuncToLLVMInterface(registry);
  registerConvertMathToLLVMInterface(registry);
  registerConvertMemRefToLLVMInterface(registry);
  registerConvertNVVMToLLVMInterface(registry);
  ub::registerConvertUBToLLVMInterface(registry);
  vector::registerConvertVectorToLLVMInterface(registry);
}
