//===- CompileToGPU.cpp - tt kernels to PTX and cubin, in process ---------===//
//
// Lowers a clone to nvvm once, then serializes the gpu.module once with
// gpu-module-to-binary: LLVM makes the PTX, which is kept, and ptxas the
// cubin.
//
//===----------------------------------------------------------------------===//

#include "MyTriton/Target/PTX/CompileToGPU.h"
#include "CompileToGPUInternal.h"
#include "MyTriton/Support/IRDump.h"
#include "MyTriton/Target/PTX/Pipelines.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"

#include "mlir/IR/BuiltinAttributes.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

using namespace mlir;
using namespace mlir::mytriton;

void mytriton::prepareContextForGPUCompile(MLIRContext *context) {
  DialectRegistry registry;
  registerGPUCompileDependencies(registry);
  context->appendDialectRegistry(registry);
}

FailureOr<OwningOpRef<ModuleOp>>
mytriton::lowerToNVVM(ModuleOp module, const GPUCompileOptions &options) {
  MLIRContext *context = module.getContext();
  prepareContextForGPUCompile(context);
  OwningOpRef<ModuleOp> lowered(module.clone());
  PassManager pm(context);
  enableIRDumpFromEnvironment(pm);
  buildTTToNVVMPipeline(pm, options);
  if (failed(pm.run(*lowered)))
    return failure();
  if (lowered->getOps<gpu::GPUModuleOp>().empty())
    return emitError(module.getLoc()) << "module has no tt kernel to compile";
  return lowered;
}

LogicalResult mytriton::serializeGPUModule(ModuleOp lowered,
                                           const GPUCompileOptions &options,
                                           StringRef format,
                                           std::string &result,
                                           std::string *llvmIR,
                                           std::string *isa) {
  configureNVPTXCodeGen();
  // What gpu-module-to-binary does, called directly so that the optimized
  // LLVM IR can be kept (asm["llir"]).
  std::optional<gpu::CompilationTarget> target =
      llvm::StringSwitch<std::optional<gpu::CompilationTarget>>(format)
          .Cases({"offloading", "llvm"}, gpu::CompilationTarget::Offload)
          .Cases({"assembly", "isa"}, gpu::CompilationTarget::Assembly)
          .Cases({"binary", "bin"}, gpu::CompilationTarget::Binary)
          .Cases({"fatbinary", "fatbin"}, gpu::CompilationTarget::Fatbin)
          .Default(std::nullopt);
  if (!target)
    return emitError(lowered.getLoc()) << "unknown binary format " << format;
  std::optional<SymbolTable> symbols;
  auto symbolTable = [&]() -> SymbolTable * {
    if (!symbols)
      symbols.emplace(lowered);
    return &*symbols;
  };
  auto keepIR = [&](llvm::Module &module) {
    llvmIR->clear();
    llvm::raw_string_ostream os(*llvmIR);
    module.print(os, nullptr);
  };
  auto keepISA = [&](StringRef text) { *isa = text.str(); };
  gpu::TargetOptions targetOptions(
      options.toolkitPath, {}, "", "", *target, symbolTable, {}, {},
      llvmIR ? llvm::function_ref<void(llvm::Module &)>(keepIR)
             : llvm::function_ref<void(llvm::Module &)>(),
      isa ? llvm::function_ref<void(StringRef)>(keepISA)
          : llvm::function_ref<void(StringRef)>());
  if (failed(gpu::transformGpuModulesToBinaries(lowered, nullptr,
                                                targetOptions)))
    return failure();

  // One gpu.module of kernels, one target: one object.
  auto binaries = lowered.getOps<gpu::BinaryOp>();
  if (!llvm::hasSingleElement(binaries))
    return emitError(lowered.getLoc()) << "expected one gpu.binary";
  ArrayAttr objects = (*binaries.begin()).getObjects();
  if (objects.size() != 1)
    return emitError(lowered.getLoc()) << "expected one gpu.object";
  result = cast<gpu::ObjectAttr>(objects[0]).getObject().getValue().str();
  return success();
}

/// convert-tt-to-gpu's description of a kernel's tensor maps (integers,
/// integer arrays, arrays and dictionaries of them) as JSON.
static llvm::json::Value toJSON(Attribute attr) {
  if (auto integer = dyn_cast<IntegerAttr>(attr))
    return integer.getInt();
  if (auto values = dyn_cast<DenseI64ArrayAttr>(attr))
    return llvm::json::Array(values.asArrayRef());
  if (auto values = dyn_cast<DenseI32ArrayAttr>(attr))
    return llvm::json::Array(values.asArrayRef());
  if (auto array = dyn_cast<ArrayAttr>(attr)) {
    llvm::json::Array out;
    for (Attribute element : array)
      out.push_back(toJSON(element));
    return out;
  }
  if (auto dictionary = dyn_cast<DictionaryAttr>(attr)) {
    llvm::json::Object out;
    for (NamedAttribute entry : dictionary)
      out[entry.getName().strref()] = toJSON(entry.getValue());
    return out;
  }
  return nullptr; // nothing convert-tt-to-gpu writes
}

LogicalResult mytriton::compileToGPUBinaries(ModuleOp module,
                                             const GPUCompileOptions &options,
                                             GPUBinaries &result) {
  FailureOr<OwningOpRef<ModuleOp>> lowered = lowerToNVVM(module, options);
  if (failed(lowered))
    return failure();
  // convert-tt-to-gpu's record (mytriton.dynamic_shared_bytes).
  if (auto bytes = (**lowered)->getAttrOfType<DictionaryAttr>(
          "mytriton.dynamic_shared_bytes"))
    for (NamedAttribute entry : bytes)
      result.dynamicSharedBytes[entry.getName().str()] =
          cast<IntegerAttr>(entry.getValue()).getInt();
  // And its record of the kernels that take tensor maps.
  if (auto maps = (**lowered)->getAttrOfType<DictionaryAttr>(
          "mytriton.kernel_tensor_maps"))
    for (NamedAttribute entry : maps) {
      std::string text;
      llvm::raw_string_ostream os(text);
      os << toJSON(entry.getValue());
      result.tensorMaps[entry.getName().str()] = std::move(text);
    }
  // The PTX that ptxas assembles is the PTX artifact: serializing twice
  // (once to "isa") ran LLVM's optimization and code generation twice.
  if (failed(serializeGPUModule(**lowered, options, "bin", result.cubin,
                                &result.llvmIR, &result.ptx)))
    return failure();
  return success();
}
