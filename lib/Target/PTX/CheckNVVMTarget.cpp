//===- CheckNVVMTarget.cpp - reject chips LLVM would abort on -------------===//

#include "MyTriton/Target/PTX/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
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

/// Why `chip` cannot be compiled for, or an empty string when it can.
std::string checkChip(StringRef chip, StringRef triple) {
  SmallVector<StringRef> parts;
  if (!llvm::Regex("^sm_([0-9]+)[af]?$").match(chip, &parts))
    return "is not of the form sm_<N>";
  unsigned sm = 0;
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

struct CheckNVVMTargetPass
    : mytriton::impl::CheckNVVMTargetBase<CheckNVVMTargetPass> {
  using Base::Base;

  void runOnOperation() override {
    std::string problem = checkChip(chip, "nvptx64-nvidia-cuda");
    if (problem.empty())
      return;
    auto report = [&](Operation *op) {
      op->emitError() << "target chip '" << chip << "' " << problem;
    };
    auto modules = getOperation().getOps<gpu::GPUModuleOp>();
    if (modules.empty())
      report(getOperation());
    for (gpu::GPUModuleOp module : modules)
      report(module);
    signalPassFailure();
  }
};
} // namespace
