//===- ScratchBarriers.cpp - guards before shared-memory writes ----------===//
//
// Every op that writes shared memory (a layout exchange, a reduction's
// partial results, a tile for the tensor cores) first waits at a barrier,
// so that no thread overwrites what another still reads of an earlier
// use. Before a kernel's first shared-memory access there is no earlier
// use: Triton's membar analysis puts no barrier there, and neither do we.
//
//===----------------------------------------------------------------------===//

#include "TTToGPUInternal.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::mytriton;

void mytriton::createScratchGuardBarrier(OpBuilder &b, Location loc) {
  auto barrier = gpu::BarrierOp::create(b, loc);
  barrier->setAttr(kScratchGuardAttr, b.getUnitAttr());
}

/// Whether `type` addresses memory that is not shared: global memory
/// (LLVM address space 1, a memref without a memory space or in the
/// global one) or a thread's private memory.
static bool isOffSharedMemory(Type type) {
  if (auto pointer = dyn_cast<LLVM::LLVMPointerType>(type))
    return pointer.getAddressSpace() == 1 || pointer.getAddressSpace() == 5;
  auto memref = dyn_cast<BaseMemRefType>(type);
  if (!memref)
    return false;
  if (!memref.getMemorySpace())
    return true;
  auto space = dyn_cast<gpu::AddressSpaceAttr>(memref.getMemorySpace());
  return space && space.getValue() != gpu::AddressSpace::Workgroup;
}

/// Inline PTX that touches global memory only: the predicated loads and
/// stores of tiled accesses (`@p ld.global…`, `@p st.global…`).
static bool isGlobalAccessAsm(LLVM::InlineAsmOp asmOp) {
  StringRef text = asmOp.getAsmString();
  return (text.contains("ld.global") || text.contains("st.global")) &&
         !text.contains("shared") && !text.contains("atom") &&
         !text.contains("red.");
}

/// Whether `op` (or an op inside it) may access shared memory. Anything
/// whose effects are not all placed off shared memory counts.
static bool mayAccessSharedMemory(Operation *root) {
  WalkResult result = root->walk([](Operation *op) {
    if (isa<gpu::BarrierOp>(op))
      return WalkResult::advance();
    if (auto asmOp = dyn_cast<LLVM::InlineAsmOp>(op))
      return !asmOp.getHasSideEffects() || isGlobalAccessAsm(asmOp)
                 ? WalkResult::advance()
                 : WalkResult::interrupt();
    if (op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return WalkResult::advance(); // The walk visits what is inside.
    auto interface = dyn_cast<MemoryEffectOpInterface>(op);
    if (!interface)
      return WalkResult::interrupt();
    SmallVector<MemoryEffects::EffectInstance> effects;
    interface.getEffects(effects);
    for (const MemoryEffects::EffectInstance &effect : effects) {
      if (isa<MemoryEffects::Allocate, MemoryEffects::Free>(
              effect.getEffect()))
        continue;
      Value value = effect.getValue();
      if (!value || !isOffSharedMemory(value.getType()))
        return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return result.wasInterrupted();
}

void mytriton::elideUnneededScratchGuards(gpu::GPUFuncOp kernel) {
  if (kernel.getBody().empty())
    return;
  // Only the entry block's own ops: a guard in a loop or a branch may
  // follow the accesses of an earlier iteration or of the code before.
  for (Operation &op :
       llvm::make_early_inc_range(kernel.getBody().front())) {
    if (isa<gpu::BarrierOp>(op) && op.hasAttr(kScratchGuardAttr)) {
      op.erase();
      continue;
    }
    if (mayAccessSharedMemory(&op))
      break;
  }
  kernel.walk([](gpu::BarrierOp barrier) {
    barrier->removeAttr(kScratchGuardAttr);
  });
}
