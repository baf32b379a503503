//===- CPURunner.cpp - C API: run tt kernels on the host CPU --------------===//

#include "MyTriton-c/CPURunner.h"
#include "MyTriton/ExecutionEngine/CPURunner.h"

#include <optional>
#include <string>
#include <vector>

using namespace mlir::mytriton;

struct MyTritonCPUModule {
  std::unique_ptr<CPUModule> module;
};

static thread_local std::string lastError;
static thread_local std::optional<CPUOutOfBoundsError> lastOutOfBounds;

/// Records `error` as this thread's last error; true when there was one.
static bool failed(llvm::Error error) {
  if (!error)
    return false;
  error = llvm::handleErrors(
      std::move(error), [](const CPUOutOfBoundsError &outOfBounds) {
        lastOutOfBounds = outOfBounds;
        lastError = outOfBounds.message();
      });
  if (error)
    lastError = llvm::toString(std::move(error));
  return true;
}

static void clearLastError() {
  lastError.clear();
  lastOutOfBounds.reset();
}

extern "C" MyTritonCPUModule *
mytritonCPUModuleCompile(const char *source, size_t length, int optLevel) {
  return mytritonCPUModuleCompileWithFlags(source, length, optLevel, 0);
}

extern "C" MyTritonCPUModule *
mytritonCPUModuleCompileWithFlags(const char *source, size_t length,
                                  int optLevel, unsigned flags) {
  clearLastError();
  if (!source) {
    lastError = "no tt module source";
    return nullptr;
  }
  CPUCompileOptions options;
  options.optLevel = optLevel < 0 ? 0 : (optLevel > 3 ? 3 : optLevel);
  options.boundsCheck = !(flags & MYTRITON_CPU_NO_BOUNDS_CHECK);
  auto module = CPUModule::compile(llvm::StringRef(source, length), options);
  if (failed(module.takeError()))
    return nullptr;
  return new MyTritonCPUModule{std::move(*module)};
}

extern "C" void mytritonCPUModuleDestroy(MyTritonCPUModule *module) {
  delete module;
}

extern "C" int mytritonCPUModuleRun(MyTritonCPUModule *module,
                                    const char *kernel, const int64_t *grid,
                                    int gridRank, const MyTritonCPUArg *args,
                                    size_t numArgs) {
  clearLastError();
  if (!module || !kernel || (!grid && gridRank > 0) ||
      (!args && numArgs > 0)) {
    lastError = "null module, kernel name, grid or arguments";
    return MYTRITON_CPU_ERROR;
  }
  std::vector<CPUKernelArg> cppArgs;
  for (size_t i = 0; i < numArgs; ++i) {
    const MyTritonCPUArg &arg = args[i];
    if (arg.kind < MYTRITON_CPU_ARG_PTR_F32 || arg.kind > MYTRITON_CPU_ARG_F64) {
      lastError = "argument " + std::to_string(i) + " has an unknown kind " +
                  std::to_string(arg.kind);
      return MYTRITON_CPU_ERROR;
    }
    CPUKernelArg cppArg;
    cppArg.kind = static_cast<CPUArgKind>(arg.kind);
    cppArg.pointer = arg.pointer;
    cppArg.numElements = arg.numElements;
    cppArg.intValue = arg.intValue;
    cppArg.floatValue = arg.floatValue;
    cppArgs.push_back(cppArg);
  }
  llvm::ArrayRef<int64_t> gridSizes(grid, gridRank < 0 ? 0 : gridRank);
  if (!failed(module->module->run(kernel, gridSizes, cppArgs)))
    return MYTRITON_CPU_OK;
  return lastOutOfBounds ? MYTRITON_CPU_OUT_OF_BOUNDS : MYTRITON_CPU_ERROR;
}

extern "C" int mytritonCPUModuleNumKernels(const MyTritonCPUModule *module) {
  return module ? static_cast<int>(module->module->getKernels().size()) : 0;
}

extern "C" int mytritonCPUModuleGetKernel(const MyTritonCPUModule *module,
                                          int index, const char **name,
                                          int32_t *blockSize, int32_t *kinds,
                                          int capacity) {
  if (!module || index < 0 ||
      index >= static_cast<int>(module->module->getKernels().size()))
    return -1;
  const CPUKernelSignature &kernel = module->module->getKernels()[index];
  if (name)
    *name = kernel.name.c_str();
  if (blockSize)
    *blockSize = kernel.blockSize;
  int numParams = static_cast<int>(kernel.params.size());
  for (int i = 0; kinds && i < numParams && i < capacity; ++i)
    kinds[i] = static_cast<int32_t>(kernel.params[i]);
  return numParams;
}

extern "C" const char *
mytritonCPUModuleGetLoweredIR(const MyTritonCPUModule *module) {
  return module ? module->module->getLoweredIR().data() : "";
}

extern "C" const char *mytritonCPULastError(void) {
  return lastError.c_str();
}

extern "C" int mytritonCPULastOutOfBounds(MyTritonCPUOutOfBounds *out) {
  if (!lastOutOfBounds)
    return 0;
  if (out) {
    const CPUOutOfBoundsError &error = *lastOutOfBounds;
    out->accessId = error.accessId;
    // 2: a failed tl.device_assert (the struct keeps its layout).
    out->isStore = error.access.isAssert ? 2 : error.access.isStore ? 1 : 0;
    out->argIndex = error.access.argIndex;
    out->line = static_cast<int32_t>(error.access.line);
    out->col = static_cast<int32_t>(error.access.col);
    for (int axis = 0; axis < 3; ++axis)
      out->programId[axis] = error.programId[axis];
    out->element = error.element;
    out->numElements = error.numElements;
    out->file = error.access.file.c_str();
  }
  return 1;
}
