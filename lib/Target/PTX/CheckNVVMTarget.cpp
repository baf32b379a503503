//===- CheckNVVMTarget.cpp - reject chips LLVM would abort on -------------===//

#include "MyTriton/Target/PTX/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/Regex.h"
#include "llvm/TargetParser/Triple.h"

#include <memory>
#include <mutex>

extern "C" void LLVMInitializeNVPTXTargetInfo();
extern "C" void LLVMInitializeNVPTXTarget();
extern "C" void LLVMInitializeNVPTXTargetMC();

namespace mlir::mytriton {
#define GEN_PASS_DEF_CHECKNVVMTARGET
#include "MyTriton/Target/PTX/Passes.h.inc"
} // namespace mlir::mytriton

using namespace mlir;

namespace {
/// The oldest architecture the lowering supports: shfl.sync needs PTX 6.0.
constexpr unsigned kOldestSM = 70;

/// Why `chip` cannot be compiled for, or an empty string when it can; sets
/// `sm` to its number (90 for sm_90a).
std::string checkChip(StringRef chip, StringRef triple, unsigned &sm) {
  SmallVector<StringRef> parts;
  if (!llvm::Regex("^sm_([0-9]+)[af]?$").match(chip, &parts))
    return "is not of the form sm_<N>";
  sm = 0;
  if (parts[1].getAsInteger(10, sm) || sm < kOldestSM)
    return "is older than sm_70 (warp shuffles need shfl.sync)";

  static std::once_flag initialized;
  std::call_once(initialized, [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
  });
  llvm::Triple parsedTriple(triple);
  std::string error;
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(parsedTriple, error);
  if (!target)
    return "cannot be checked: " + error;
  // The generic subtarget: built for `chip` itself, LLVM would print a
  // warning for an unknown one before we can report it.
  std::unique_ptr<llvm::MCSubtargetInfo> subtarget(
      target->createMCSubtargetInfo(parsedTriple, "", ""));
  if (!subtarget || !subtarget->isCPUStringValid(chip))
    return "is not a processor LLVM's NVPTX backend knows";
  return "";
}

/// ptxas limits a kernel's parameters to 4352 bytes below PTX ISA 8.1 and to
/// 32764 bytes from 8.1 on. The pipeline asks for no PTX feature, so LLVM
/// writes the oldest PTX ISA the chip has: below 8.1 up to sm_90a (7.8 for
/// sm_90), 8.6 or newer from sm_100 on.
int64_t getParamLimit(unsigned sm) { return sm >= 100 ? 32764 : 4352; }

/// The bytes one parameter of `type` takes, or 0 for a type with no fixed
/// parameter form here (the lowering rejects those later, if at all).
int64_t getParamBytes(Type type) {
  if (isa<LLVM::LLVMPointerType, IndexType>(type))
    return 8;
  if (type.isIntOrFloat())
    return llvm::divideCeil(type.getIntOrFloatBitWidth(), 8);
  if (auto vector = dyn_cast<VectorType>(type))
    if (!vector.isScalable())
      return vector.getNumElements() * getParamBytes(vector.getElementType());
  // A memref becomes its descriptor: two pointers, the offset, then a size
  // and a stride per dimension.
  if (auto memref = dyn_cast<MemRefType>(type))
    return 8 * (3 + 2 * memref.getRank());
  return 0;
}

/// The bytes of a gpu.func kernel's parameters, each aligned to its size (at
/// most 8: descriptors are structs of 8-byte fields).
int64_t getParamBytes(gpu::GPUFuncOp kernel) {
  int64_t bytes = 0;
  for (Type type : kernel.getArgumentTypes()) {
    int64_t size = getParamBytes(type);
    if (size == 0)
      continue;
    int64_t align = isa<MemRefType>(type) ? 8 : llvm::PowerOf2Ceil(size);
    bytes = llvm::alignTo(bytes, align) + size;
  }
  return bytes;
}

struct CheckNVVMTargetPass
    : mytriton::impl::CheckNVVMTargetBase<CheckNVVMTargetPass> {
  using Base::Base;

  void runOnOperation() override {
    unsigned sm = 0;
    std::string problem = checkChip(chip, "nvptx64-nvidia-cuda", sm);
    auto modules = getOperation().getOps<gpu::GPUModuleOp>();
    if (!problem.empty()) {
      auto report = [&](Operation *op) {
        op->emitError() << "target chip '" << chip << "' " << problem;
      };
      if (modules.empty())
        report(getOperation());
      for (gpu::GPUModuleOp module : modules)
        report(module);
      return signalPassFailure();
    }
    // ptxas would fail on these much later, naming a PTX file.
    int64_t limit = getParamLimit(sm);
    bool tooLarge = false;
    for (gpu::GPUModuleOp module : modules)
      module.walk([&](gpu::GPUFuncOp kernel) {
        int64_t bytes = getParamBytes(kernel);
        if (!kernel.isKernel() || bytes <= limit)
          return;
        emitError(kernel.getLoc())
            << "kernel '" << kernel.getName() << "' has parameters of "
            << bytes << " bytes (with the launch's two i32 grid sizes), more "
            << "than the " << limit << " bytes ptxas allows in the PTX ISA "
            << "LLVM writes for " << chip
            << (limit < 32764 ? " (below 8.1; from sm_100 on it is 8.6+, "
                                "which allows 32764)"
                              : " (8.1 or newer)")
            << "; pass fewer arguments";
        tooLarge = true;
      });
    // atom.add.noftz.bf16 (tl.atomic_add on bfloat16) is sm_90's.
    bool tooNew = false;
    if (sm < 90)
      for (gpu::GPUModuleOp module : modules)
        module.walk([&](LLVM::InlineAsmOp asmOp) {
          StringRef text = asmOp.getAsmString();
          if (!text.starts_with("atom") || !text.contains(".bf16"))
            return;
          emitError(asmOp.getLoc())
              << "an atomic add on bf16 elements needs sm_90 or newer "
              << "(atom.add.noftz.bf16); the target chip is " << chip;
          tooNew = true;
        });
    if (tooLarge || tooNew)
      signalPassFailure();
  }
};
} // namespace
