//===- CPURunner.cpp - Run tt kernels on the host CPU ---------------------===//

#include "MyTriton/ExecutionEngine/CPURunner.h"
#include "MyTriton/Conversion/TTToVector/Passes.h"
#include "MyTriton/Dialect/TT/IR/Layouts.h"
#include "MyTriton/Dialect/TT/IR/TTDialect.h"
#include "MyTriton/Dialect/TT/Transforms/Pipelines.h"
#include "MyTriton/Support/IRDump.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/OptimizationLevel.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"

#include <cstdlib>
#include <limits>
#include <mutex>

using namespace mlir;
using namespace mlir::mytriton;

llvm::StringRef mytriton::stringifyCPUArgKind(CPUArgKind kind) {
  switch (kind) {
  case CPUArgKind::PointerF32:
    return "!tt.ptr<f32>";
  case CPUArgKind::PointerI32:
    return "!tt.ptr<i32>";
  case CPUArgKind::I32:
    return "i32";
  case CPUArgKind::F32:
    return "f32";
  case CPUArgKind::I1:
    return "i1";
  }
  return "<unknown kind>";
}

CPUKernelArg CPUKernelArg::buffer(float *data, int64_t numElements) {
  CPUKernelArg arg;
  arg.kind = CPUArgKind::PointerF32;
  arg.pointer = data;
  arg.numElements = numElements;
  return arg;
}

CPUKernelArg CPUKernelArg::buffer(int32_t *data, int64_t numElements) {
  CPUKernelArg arg = buffer(static_cast<float *>(nullptr), numElements);
  arg.kind = CPUArgKind::PointerI32;
  arg.pointer = data;
  return arg;
}

CPUKernelArg CPUKernelArg::i32(int32_t value) {
  CPUKernelArg arg;
  arg.kind = CPUArgKind::I32;
  arg.intValue = value;
  return arg;
}

CPUKernelArg CPUKernelArg::f32(float value) {
  CPUKernelArg arg;
  arg.kind = CPUArgKind::F32;
  arg.floatValue = value;
  return arg;
}

char CPUOutOfBoundsError::ID = 0;

void CPUOutOfBoundsError::log(llvm::raw_ostream &os) const {
  os << "kernel '" << kernel << "': ";
  if (!access.file.empty() || access.line)
    os << access.file << ":" << access.line << ":" << access.col << ": ";
  if (access.isAssert) {
    os << "device assertion failed: " << access.message << " (element "
       << element << " of program id (" << programId[0] << ", "
       << programId[1] << ", " << programId[2] << "))";
    return;
  }
  os << (access.isStore ? "store" : "load") << " outside its buffer: ";
  if (access.argIndex >= 0)
    os << "argument " << access.argIndex << " ";
  os << "has " << numElements << " elements, the access reaches element "
     << element << " (program id (" << programId[0] << ", " << programId[1]
     << ", " << programId[2] << "))";
}

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

/// The parameter kind of a kernel argument type, or nothing if the CPU path
/// cannot pass it.
static std::optional<CPUArgKind> getArgKind(Type type) {
  if (auto ptr = dyn_cast<tt::PointerType>(type)) {
    if (ptr.getPointeeType().isF32())
      return CPUArgKind::PointerF32;
    if (ptr.getPointeeType().isInteger(32))
      return CPUArgKind::PointerI32;
    return std::nullopt;
  }
  if (type.isF32())
    return CPUArgKind::F32;
  if (type.isInteger(32))
    return CPUArgKind::I32;
  if (type.isInteger(1))
    return CPUArgKind::I1;
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Compilation
//===----------------------------------------------------------------------===//

struct CPUModule::Impl {
  std::vector<CPUKernelSignature> kernels;
  std::vector<void (*)(void **)> entries; // one packed grid function each
  std::string loweredIR;
  std::unique_ptr<ExecutionEngine> engine;
};

CPUModule::CPUModule(std::unique_ptr<Impl> impl) : impl(std::move(impl)) {}
CPUModule::~CPUModule() = default;

llvm::ArrayRef<CPUKernelSignature> CPUModule::getKernels() const {
  return impl->kernels;
}

llvm::StringRef CPUModule::getLoweredIR() const { return impl->loweredIR; }

const CPUKernelSignature *CPUModule::lookupKernel(llvm::StringRef name) const {
  for (const CPUKernelSignature &kernel : impl->kernels)
    if (kernel.name == name)
      return &kernel;
  return nullptr;
}

static void initializeNativeTargetOnce() {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });
}

/// Moves the table of `kernel`'s loads and stores that convert-tt-to-vector
/// left on its grid function into `kernel.accesses`.
static llvm::Error readAccessTable(ModuleOp module,
                                   CPUKernelSignature &kernel) {
  std::string gridName = kernel.name + kCPUGridFunctionSuffix;
  auto grid = module.lookupSymbol<LLVM::LLVMFuncOp>(gridName);
  auto table =
      grid ? grid->getAttrOfType<ArrayAttr>(kCPUAccessTableAttrName) : nullptr;
  if (!table)
    return makeError("the lowered module has no access table for '" +
                     gridName + "'");
  for (Attribute entry : table) {
    auto fields = dyn_cast<DictionaryAttr>(entry);
    auto op = fields ? fields.getAs<StringAttr>("op") : nullptr;
    auto arg = fields ? fields.getAs<IntegerAttr>("arg") : nullptr;
    auto file = fields ? fields.getAs<StringAttr>("file") : nullptr;
    auto line = fields ? fields.getAs<IntegerAttr>("line") : nullptr;
    auto col = fields ? fields.getAs<IntegerAttr>("col") : nullptr;
    if (!op || !arg || !file || !line || !col)
      return makeError("malformed access table entry in '" + gridName + "'");
    CPUAccess access;
    access.isStore = op.getValue() == tt::StoreOp::getOperationName();
    access.isAssert = op.getValue() == tt::AssertOp::getOperationName();
    if (auto message = fields.getAs<StringAttr>("message"))
      access.message = message.str();
    access.argIndex = static_cast<int32_t>(arg.getInt());
    access.file = file.str();
    access.line = static_cast<unsigned>(line.getInt());
    access.col = static_cast<unsigned>(col.getInt());
    kernel.accesses.push_back(std::move(access));
  }
  // Not for LLVM IR: the table stays on the host side.
  grid->removeAttr(kCPUAccessTableAttrName);
  return llvm::Error::success();
}

/// The LLVM IR optimizer for a module with tiled kernels: the default
/// pipeline at `optLevel`, as makeOptimizingTransformer runs it, without the
/// SLP vectorizer. A tiled kernel is vector code already, every value one
/// vector of its whole tile, and the SLP vectorizer's work on those grows so
/// fast with the tile (host target, 64x64 add: 6.4 s; 128x128: over 300 s)
/// that it was most of the compile time. Uniform-only modules keep the
/// default pipeline.
static std::function<llvm::Error(llvm::Module *)>
makeTiledTransformer(unsigned optLevel, llvm::TargetMachine *targetMachine) {
  return [optLevel, targetMachine](llvm::Module *module) -> llvm::Error {
    llvm::LoopAnalysisManager loopAnalyses;
    llvm::FunctionAnalysisManager functionAnalyses;
    llvm::CGSCCAnalysisManager cgsccAnalyses;
    llvm::ModuleAnalysisManager moduleAnalyses;
    // The defaults unroll, interleave and loop-vectorize, as
    // makeOptimizingTransformer asks for; only SLP stays off.
    llvm::PipelineTuningOptions tuning;
    tuning.SLPVectorization = false;
    llvm::PassBuilder builder(targetMachine, tuning);
    builder.registerModuleAnalyses(moduleAnalyses);
    builder.registerCGSCCAnalyses(cgsccAnalyses);
    builder.registerFunctionAnalyses(functionAnalyses);
    builder.registerLoopAnalyses(loopAnalyses);
    builder.crossRegisterProxies(loopAnalyses, functionAnalyses,
                                 cgsccAnalyses, moduleAnalyses);
    llvm::OptimizationLevel level;
    switch (optLevel) {
    case 0:
      level = llvm::OptimizationLevel::O0;
      break;
    case 1:
      level = llvm::OptimizationLevel::O1;
      break;
    case 2:
      level = llvm::OptimizationLevel::O2;
      break;
    default:
      level = llvm::OptimizationLevel::O3;
      break;
    }
    llvm::ModulePassManager passes =
        optLevel == 0 ? builder.buildO0DefaultPipeline(level)
                      : builder.buildPerModuleDefaultPipeline(level);
    passes.run(*module, moduleAnalyses);
    return llvm::Error::success();
  };
}

llvm::Expected<std::unique_ptr<CPUModule>>
CPUModule::compile(llvm::StringRef source, const CPUCompileOptions &options,
                   llvm::StringRef bufferName) {
  initializeNativeTargetOnce();
  DialectRegistry registry;
  // scf: kernels with runtime loops and branches (docs/IR.md).
  registry.insert<tt::TTDialect, arith::ArithDialect, math::MathDialect,
                  scf::SCFDialect>();
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  MLIRContext context(registry, MLIRContext::Threading::DISABLED);

  // Diagnostics of every stage, located in the source text.
  std::string diagnostics;
  llvm::raw_string_ostream diagOS(diagnostics);
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(source, bufferName), llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(sourceMgr, &context, diagOS);

  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr,
                                                           &context);
  if (!module)
    return makeError("cannot parse the tt module:\n" + diagnostics);

  auto impl = std::make_unique<Impl>();
  bool unsupported = false;
  bool anyTiled = false;
  module->walk([&](tt::FuncOp kernel) {
    anyTiled |= !tt::hasImplicitLayout(kernel);
    CPUKernelSignature signature;
    signature.name = kernel.getName().str();
    signature.blockSize = kernel.getBlockSize();
    for (Type input : kernel.getFunctionType().getInputs()) {
      std::optional<CPUArgKind> kind = getArgKind(input);
      if (!kind) {
        kernel.emitOpError("has a parameter of type ")
            << input << " that the CPU runner cannot pass";
        unsupported = true;
        return;
      }
      signature.params.push_back(*kind);
    }
    impl->kernels.push_back(std::move(signature));
  });
  if (unsupported)
    return makeError(diagnostics);

  PassManager pm(&context);
  enableIRDumpFromEnvironment(pm);
  if (options.optimize)
    tt::buildOptimizePipeline(pm);
  buildTTToLLVMCPUPipeline(pm, options.boundsCheck);
  if (failed(pm.run(*module)))
    return makeError("cannot lower the tt module for the CPU:\n" +
                     diagnostics);
  if (options.boundsCheck)
    for (CPUKernelSignature &kernel : impl->kernels)
      if (llvm::Error error = readAccessTable(*module, kernel))
        return error;
  {
    llvm::raw_string_ostream os(impl->loweredIR);
    module->print(os);
  }

  auto hostBuilder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!hostBuilder)
    return hostBuilder.takeError();
  llvm::CodeGenOptLevel codeGenLevel = options.optLevel == 0
                                           ? llvm::CodeGenOptLevel::None
                                           : llvm::CodeGenOptLevel::Aggressive;
  hostBuilder->setCodeGenOptLevel(codeGenLevel);
  auto targetMachine = hostBuilder->createTargetMachine();
  if (!targetMachine)
    return targetMachine.takeError();

  auto transformer =
      anyTiled ? makeTiledTransformer(options.optLevel, targetMachine->get())
               : makeOptimizingTransformer(options.optLevel,
                                           /*sizeLevel=*/0,
                                           targetMachine->get());
  ExecutionEngineOptions engineOptions;
  engineOptions.transformer = transformer;
  engineOptions.jitCodeGenOptLevel = codeGenLevel;
  engineOptions.enableGDBNotificationListener = false;
  engineOptions.enablePerfNotificationListener = false;
  // MYTRITON_CPU_OBJECT_DUMP=<file.o> keeps the generated machine code for
  // inspection (objdump -d).
  const char *objectDump = std::getenv("MYTRITON_CPU_OBJECT_DUMP");
  engineOptions.enableObjectDump = objectDump && *objectDump;
  auto engine = ExecutionEngine::create(*module, engineOptions,
                                        std::move(*targetMachine));
  if (!engine)
    return engine.takeError();
  impl->engine = std::move(*engine);
  impl->engine->initialize();

  for (const CPUKernelSignature &kernel : impl->kernels) {
    auto entry = impl->engine->lookupPacked(kernel.name +
                                            kCPUGridFunctionSuffix);
    if (!entry)
      return entry.takeError();
    impl->entries.push_back(*entry);
  }
  if (engineOptions.enableObjectDump)
    impl->engine->dumpToObjectFile(objectDump);
  return std::unique_ptr<CPUModule>(new CPUModule(std::move(impl)));
}

//===----------------------------------------------------------------------===//
// Launch
//===----------------------------------------------------------------------===//

namespace {
/// Storage for one scalar of the lowered grid function's argument list; the
/// packed calling convention passes a pointer to each.
union ArgSlot {
  void *pointer;
  int64_t i64;
  int32_t i32;
  float f32;
  bool i1;
};
} // namespace

/// Checks `arg` against a parameter of kind `param` and appends the lowered
/// arguments: a memref<?xT> descriptor (allocated, aligned, offset, size,
/// stride) for a buffer, one scalar otherwise.
static llvm::Error appendArgument(const CPUKernelSignature &kernel,
                                  unsigned index, CPUArgKind param,
                                  const CPUKernelArg &arg,
                                  std::vector<ArgSlot> &slots) {
  auto mismatch = [&] {
    return makeError("argument " + llvm::Twine(index) + " of kernel '" +
                     kernel.name + "': expected " +
                     stringifyCPUArgKind(param) + ", got " +
                     stringifyCPUArgKind(arg.kind));
  };
  ArgSlot slot;
  switch (param) {
  case CPUArgKind::PointerF32:
  case CPUArgKind::PointerI32:
    if (arg.kind != param)
      return mismatch();
    if (!arg.pointer && arg.numElements > 0)
      return makeError("argument " + llvm::Twine(index) + " of kernel '" +
                       kernel.name + "' is a null buffer");
    if (arg.numElements < 0 ||
        arg.numElements > std::numeric_limits<int32_t>::max())
      return makeError("argument " + llvm::Twine(index) + " of kernel '" +
                       kernel.name + "' has " + llvm::Twine(arg.numElements) +
                       " elements; kernels address buffers with i32 element "
                       "offsets, so at most 2147483647");
    slot.pointer = arg.pointer;
    slots.push_back(slot); // allocated
    slots.push_back(slot); // aligned
    slot.i64 = 0;
    slots.push_back(slot); // offset
    slot.i64 = arg.numElements;
    slots.push_back(slot); // size
    slot.i64 = 1;
    slots.push_back(slot); // stride
    return llvm::Error::success();
  case CPUArgKind::I32:
    if (arg.kind != CPUArgKind::I32 && arg.kind != CPUArgKind::I1)
      return mismatch();
    if (arg.intValue < std::numeric_limits<int32_t>::min() ||
        arg.intValue > std::numeric_limits<int32_t>::max())
      return makeError("argument " + llvm::Twine(index) + " of kernel '" +
                       kernel.name + "': " + llvm::Twine(arg.intValue) +
                       " does not fit in i32");
    slot.i64 = 0;
    slot.i32 = static_cast<int32_t>(arg.intValue);
    slots.push_back(slot);
    return llvm::Error::success();
  case CPUArgKind::I1:
    if (arg.kind != CPUArgKind::I32 && arg.kind != CPUArgKind::I1)
      return mismatch();
    slot.i64 = 0;
    slot.i1 = arg.intValue != 0;
    slots.push_back(slot);
    return llvm::Error::success();
  case CPUArgKind::F32:
    slot.i64 = 0;
    if (arg.kind == CPUArgKind::F32)
      slot.f32 = static_cast<float>(arg.floatValue);
    else if (arg.kind == CPUArgKind::I32 || arg.kind == CPUArgKind::I1)
      slot.f32 = static_cast<float>(arg.intValue);
    else
      return mismatch();
    slots.push_back(slot);
    return llvm::Error::success();
  }
  return mismatch();
}

llvm::Error CPUModule::run(llvm::StringRef name, llvm::ArrayRef<int64_t> grid,
                           llvm::ArrayRef<CPUKernelArg> args) {
  const CPUKernelSignature *kernel = lookupKernel(name);
  if (!kernel)
    return makeError("no kernel named '" + name + "' in the module");
  if (grid.empty() || grid.size() > 3)
    return makeError("a launch grid has 1 to 3 sizes, got " +
                     llvm::Twine(grid.size()));
  if (args.size() != kernel->params.size())
    return makeError("kernel '" + name + "' takes " +
                     llvm::Twine(kernel->params.size()) + " arguments, got " +
                     llvm::Twine(args.size()));

  std::vector<ArgSlot> slots;
  slots.reserve(5 * args.size() + 3);
  for (auto [index, param] : llvm::enumerate(kernel->params))
    if (llvm::Error error =
            appendArgument(*kernel, index, param, args[index], slots))
      return error;
  for (unsigned axis = 0; axis < 3; ++axis) {
    int64_t size = axis < grid.size() ? grid[axis] : 1;
    if (size < 0 || size > std::numeric_limits<int32_t>::max())
      return makeError("grid size " + llvm::Twine(size) + " on axis " +
                       llvm::Twine(axis) + " is out of range");
    if (size == 0)
      return llvm::Error::success();
    ArgSlot slot;
    slot.i64 = 0;
    slot.i32 = static_cast<int32_t>(size);
    slots.push_back(slot);
  }
  // The error record (memref<?xi32>): an access id < 0 means none failed.
  std::array<int32_t, kCPUErrorRecordSize> record = {-1, 0, 0, 0, 0};
  ArgSlot slot;
  slot.pointer = record.data();
  slots.push_back(slot); // allocated
  slots.push_back(slot); // aligned
  slot.i64 = 0;
  slots.push_back(slot); // offset
  slot.i64 = record.size();
  slots.push_back(slot); // size
  slot.i64 = 1;
  slots.push_back(slot); // stride

  std::vector<void *> packed;
  packed.reserve(slots.size());
  for (ArgSlot &slot : slots)
    packed.push_back(&slot);
  size_t index = kernel - impl->kernels.data();
  impl->entries[index](packed.data());

  int32_t accessId = record[kCPUErrorAccessId];
  if (accessId < 0)
    return llvm::Error::success();
  auto error = std::make_unique<CPUOutOfBoundsError>();
  error->kernel = kernel->name;
  error->accessId = accessId;
  if (static_cast<size_t>(accessId) < kernel->accesses.size())
    error->access = kernel->accesses[accessId];
  error->programId = {record[kCPUErrorProgramIdX], record[kCPUErrorProgramIdY],
                      record[kCPUErrorProgramIdZ]};
  error->element = record[kCPUErrorElement];
  int32_t arg = error->access.argIndex;
  if (arg >= 0 && static_cast<size_t>(arg) < args.size())
    error->numElements = args[arg].numElements;
  return llvm::Error(std::move(error));
}
