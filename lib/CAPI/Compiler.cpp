//===- Compiler.cpp - MyTriton's in-process compiler (C API) --------------===//
//
// One call compiles traced tt IR to every artifact the Python frontend shows
// in `kernel.asm`. Each call gets its own MLIRContext, so calls are
// independent and nothing leaks between kernels.
//
//===----------------------------------------------------------------------===//

#include "MyTriton-c/Compiler.h"
#include "MyTriton/Analysis/LoadsInFlight.h"

#include "MyTriton/Dialect/TT/IR/TTDialect.h"
#include "MyTriton/Dialect/TT/Transforms/Pipelines.h"
#include "MyTriton/Support/IRDump.h"
#include "MyTriton/Version.h"
#ifdef MYTRITON_HAVE_CUDA_EMITTER
#include "MyTriton/Target/CUDA/CUDAEmitter.h"
#endif
#ifdef MYTRITON_HAVE_PTX_TARGET
#include "MyTriton/Target/PTX/CompileToGPU.h"
#endif

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

using namespace mlir;

#ifdef MYTRITON_HAVE_CUDA_EMITTER
#define MYTRITON_CUDA_EMITTER_BUILT "1"
#else
#define MYTRITON_CUDA_EMITTER_BUILT "0"
#endif
#ifdef MYTRITON_HAVE_PTX_TARGET
#define MYTRITON_PTX_TARGET_BUILT "1"
#else
#define MYTRITON_PTX_TARGET_BUILT "0"
#endif

struct mytriton_result_s {
  llvm::StringMap<std::string> artifacts;
  llvm::StringMap<std::string> errors;
  std::string diagnostics;
};

namespace {

/// Options of one compile, parsed from "key=value;..." text.
struct CompileOptions {
  llvm::StringSet<> artifacts{"cuda", "ptx", "cubin"};
  std::string chip = "sm_90";
  std::string toolkit = "/usr/local/cuda";
  int optLevel = 3;
  bool sharedTreeReduction = false;
  bool fpFusion = true;
  bool tma = true;

  /// Returns an empty string on success, else what is wrong.
  std::string parse(llvm::StringRef text) {
    llvm::SmallVector<llvm::StringRef> pairs;
    text.split(pairs, ';', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
    for (llvm::StringRef pair : pairs) {
      auto [key, value] = pair.split('=');
      key = key.trim();
      value = value.trim();
      if (key == "artifacts") {
        artifacts.clear();
        llvm::SmallVector<llvm::StringRef> names;
        value.split(names, ',', -1, /*KeepEmpty=*/false);
        for (llvm::StringRef name : names) {
          name = name.trim();
          if (name != "cuda" && name != "ptx" && name != "cubin")
            return ("unknown artifact '" + name +
                    "' (expected cuda, ptx or cubin)")
                .str();
          artifacts.insert(name);
        }
      } else if (key == "chip") {
        chip = value.str();
      } else if (key == "toolkit") {
        toolkit = value.str();
      } else if (key == "opt-level") {
        if (value.getAsInteger(10, optLevel) || optLevel < 0 || optLevel > 3)
          return ("opt-level must be 0..3, got '" + value + "'").str();
      } else if (key == "reduction") {
        if (value != "warp" && value != "shared")
          return ("reduction must be warp or shared, got '" + value + "'")
              .str();
        sharedTreeReduction = value == "shared";
      } else if (key == "fp-fusion") {
        if (value != "0" && value != "1")
          return ("fp-fusion must be 0 or 1, got '" + value + "'").str();
        fpFusion = value == "1";
      } else if (key == "tma") {
        if (value != "0" && value != "1")
          return ("tma must be 0 or 1, got '" + value + "'").str();
        tma = value == "1";
      } else {
        return ("unknown option '" + key + "'").str();
      }
    }
    return "";
  }
};

/// The innermost file:line:col a location carries, if any.
FileLineColLoc findFileLineCol(Location loc) {
  if (auto flc = dyn_cast<FileLineColLoc>(loc))
    return flc;
  if (auto name = dyn_cast<NameLoc>(loc))
    return findFileLineCol(name.getChildLoc());
  if (auto callSite = dyn_cast<CallSiteLoc>(loc))
    return findFileLineCol(callSite.getCallee());
  if (auto fused = dyn_cast<FusedLoc>(loc))
    for (Location inner : fused.getLocations())
      if (FileLineColLoc flc = findFileLineCol(inner))
        return flc;
  if (auto opaque = dyn_cast<OpaqueLoc>(loc))
    return findFileLineCol(opaque.getFallbackLocation());
  return {};
}

llvm::StringRef severityName(DiagnosticSeverity severity) {
  switch (severity) {
  case DiagnosticSeverity::Error:
    return "error";
  case DiagnosticSeverity::Warning:
    return "warning";
  case DiagnosticSeverity::Note:
    return "note";
  case DiagnosticSeverity::Remark:
    return "remark";
  }
  return "error";
}

/// Appends one record "<file>:<line>:<col>: <severity>: <message>\n".
void appendRecord(std::string &out, Location loc, DiagnosticSeverity severity,
                  llvm::StringRef message) {
  llvm::raw_string_ostream os(out);
  if (FileLineColLoc flc = findFileLineCol(loc))
    os << flc.getFilename().getValue() << ':' << flc.getLine() << ':'
       << flc.getColumn();
  else
    os << "<unknown>:0:0";
  os << ": " << severityName(severity) << ": ";
  for (char c : message) {
    if (c == '\n')
      os << "\\n";
    else
      os << c;
  }
  os << '\n';
}

/// Collects every diagnostic of a context into the result's records.
class DiagnosticCollector {
public:
  DiagnosticCollector(MLIRContext &context, std::string &records)
      : records(records),
        handler(&context, [this](Diagnostic &diag) {
          appendRecord(this->records, diag.getLocation(), diag.getSeverity(),
                       diag.str());
          for (Diagnostic &note : diag.getNotes())
            appendRecord(this->records, note.getLocation(), note.getSeverity(),
                         note.str());
          return success();
        }) {}

  size_t mark() const { return records.size(); }
  /// The records written since `from`, or `fallback` if there are none.
  std::string since(size_t from, llvm::StringRef fallback) const {
    if (records.size() > from)
      return records.substr(from);
    return fallback.str();
  }

private:
  std::string &records;
  ScopedDiagnosticHandler handler;
};

void runCUDAEmitter(ModuleOp module, const CompileOptions &options,
                    DiagnosticCollector &diags, mytriton_result_s &result) {
#ifdef MYTRITON_HAVE_CUDA_EMITTER
  size_t mark = diags.mark();
  // The emitter reads the layouts of tiled kernels (uniform ones keep the
  // implicit distribution); on a copy, since the gpu/nvvm route assigns its
  // own.
  OwningOpRef<ModuleOp> laidOut(module.clone());
  PassManager pm(module.getContext(), ModuleOp::getOperationName());
  mytriton::enableIRDumpFromEnvironment(pm);
  mytriton::tt::addGPULayoutPasses(pm);
  if (failed(pm.run(*laidOut))) {
    result.errors["cuda"] =
        diags.since(mark, "tt-assign-layouts failed without a diagnostic");
    return;
  }
  std::string source;
  llvm::raw_string_ostream os(source);
  mytriton::CUDAEmitterOptions emitterOptions;
  emitterOptions.reduction = options.sharedTreeReduction
                                 ? mytriton::CUDAReduction::SharedTree
                                 : mytriton::CUDAReduction::WarpShuffle;
  emitterOptions.fpFusion = options.fpFusion;
  if (failed(mytriton::translateToCUDA(*laidOut, os, emitterOptions))) {
    result.errors["cuda"] =
        diags.since(mark, "the CUDA emitter failed without a diagnostic");
    return;
  }
  result.artifacts["cuda"] = std::move(source);
#else
  (void)module;
  (void)options;
  (void)diags;
  result.errors["cuda"] =
      "backend not built: this compiler library was built without the CUDA "
      "C++ emitter (MyTritonCUDAEmitter)";
#endif
}

void runGPUCompile(ModuleOp module, const CompileOptions &options,
                   DiagnosticCollector &diags, mytriton_result_s &result) {
  bool wantPTX = options.artifacts.contains("ptx");
  bool wantCubin = options.artifacts.contains("cubin");
#ifdef MYTRITON_HAVE_PTX_TARGET
  size_t mark = diags.mark();
  mytriton::GPUCompileOptions gpuOptions;
  gpuOptions.chip = options.chip;
  gpuOptions.toolkitPath = options.toolkit;
  gpuOptions.optLevel = options.optLevel;
  gpuOptions.fpFusion = options.fpFusion;
  gpuOptions.tma = options.tma;
  mytriton::GPUBinaries binaries;
  if (failed(mytriton::compileToGPUBinaries(module, gpuOptions, binaries))) {
    std::string why = diags.since(
        mark, "the gpu/nvvm route failed without a diagnostic");
    if (wantPTX)
      result.errors["ptx"] = why;
    if (wantCubin)
      result.errors["cubin"] = why;
    return;
  }
  if (wantPTX)
    result.artifacts["ptx"] = std::move(binaries.ptx);
  if (wantCubin) {
    result.artifacts["cubin"] = std::move(binaries.cubin);
    result.artifacts["llir"] = std::move(binaries.llvmIR);
  }
  // The first kernel's (the one the frontend launches) dynamic shared
  // memory, which every launch must pass.
  if (wantPTX || wantCubin) {
    auto it = binaries.dynamicSharedBytes.find(result.artifacts["kernel-name"]);
    result.artifacts["shared-bytes"] = std::to_string(
        it == binaries.dynamicSharedBytes.end() ? 0 : it->second);
    auto maps = binaries.tensorMaps.find(result.artifacts["kernel-name"]);
    if (maps != binaries.tensorMaps.end())
      result.artifacts["tensor-maps"] = maps->second;
  }
#else
  (void)module;
  (void)diags;
  const char *why = "backend not built: this compiler library was built "
                    "without the gpu/nvvm route (MyTritonPTXTarget)";
  if (wantPTX)
    result.errors["ptx"] = why;
  if (wantCubin)
    result.errors["cubin"] = why;
#endif
}

int compile(const char *ir, const char *optionsText, mytriton_result_s &result) {
  CompileOptions options;
  std::string badOption = options.parse(optionsText ? optionsText : "");
  if (!badOption.empty()) {
    result.diagnostics = "<options>:0:0: error: " + badOption + "\n";
    return MYTRITON_ERROR_INVALID_ARGUMENT;
  }

  DialectRegistry registry;
  registry.insert<mytriton::tt::TTDialect, arith::ArithDialect,
                  math::MathDialect, scf::SCFDialect>();
  // One kernel is small; a thread pool per call would cost more than it saves.
  MLIRContext context(registry, MLIRContext::Threading::DISABLED);
  // Diagnostics name the user's source line; a dump of the op would bury it.
  context.printOpOnDiagnostic(false);
  DiagnosticCollector diags(context, result.diagnostics);

  // The parser verifies the module after parsing it.
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(ir, ParserConfig(&context), "<tt-ir>");
  if (!module)
    return MYTRITON_ERROR_IR;

  PassManager pm(&context, ModuleOp::getOperationName());
  mytriton::enableIRDumpFromEnvironment(pm);
  mytriton::tt::buildOptimizePipeline(pm);
  if (failed(pm.run(*module)))
    return MYTRITON_ERROR_IR;

  std::string optimized;
  llvm::raw_string_ostream os(optimized);
  module->print(os);
  result.artifacts["ttir-opt"] = std::move(optimized);
  module->walk([&](mytriton::tt::FuncOp kernel) {
    if (result.artifacts.contains("kernel-name"))
      return;
    result.artifacts["kernel-name"] = kernel.getSymName().str();
    // What a block has in flight at once, for the runtime's occupancy cap.
    result.artifacts["load-bytes"] =
        std::to_string(mytriton::getStraightLineLoadBytesPerBlock(kernel));
  });

  if (options.artifacts.contains("cuda"))
    runCUDAEmitter(*module, options, diags, result);
  if (options.artifacts.contains("ptx") || options.artifacts.contains("cubin"))
    runGPUCompile(*module, options, diags, result);
  return result.errors.empty() ? MYTRITON_OK : MYTRITON_ERROR_BACKEND;
}

} // namespace

extern "C" {

int mytriton_compile(const char *ir, const char *options,
                     mytriton_result **out) {
  auto *result = new mytriton_result_s();
  int status;
  if (!ir) {
    result->diagnostics = "<arguments>:0:0: error: no IR given\n";
    status = MYTRITON_ERROR_INVALID_ARGUMENT;
  } else {
    status = compile(ir, options, *result);
  }
  if (out)
    *out = result;
  else
    delete result;
  return status;
}

const char *mytriton_result_get(const mytriton_result *result,
                                const char *artifact, size_t *size) {
  if (size)
    *size = 0;
  if (!result || !artifact)
    return nullptr;
  const std::string *text = nullptr;
  if (llvm::StringRef(artifact) == "diagnostics") {
    text = &result->diagnostics;
  } else {
    auto it = result->artifacts.find(artifact);
    if (it == result->artifacts.end())
      return nullptr;
    text = &it->second;
  }
  if (size)
    *size = text->size();
  return text->c_str();
}

const char *mytriton_result_error(const mytriton_result *result,
                                  const char *artifact) {
  if (!result || !artifact)
    return nullptr;
  auto it = result->errors.find(artifact);
  if (it != result->errors.end())
    return it->second.c_str();
  if (result->artifacts.contains(artifact) ||
      llvm::StringRef(artifact) == "diagnostics")
    return nullptr;
  return "not produced: not requested, or the IR failed to compile";
}

void mytriton_result_free(mytriton_result *result) { delete result; }

const char *mytriton_compiler_version(void) {
  return MYTRITON_VERSION ";cuda-emitter=" MYTRITON_CUDA_EMITTER_BUILT
         ";ptx-target=" MYTRITON_PTX_TARGET_BUILT;
}

} // extern "C"
