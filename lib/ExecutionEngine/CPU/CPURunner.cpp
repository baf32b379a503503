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
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/bit.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/OptimizationLevel.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"

#include <cstdlib>
#include <iterator>
#include <limits>
#include <mutex>

using namespace mlir;
using namespace mlir::mytriton;

namespace {
/// What each kind is: its tt type, and for a pointer its element type.
struct KindInfo {
  CPUArgKind kind;
  llvm::StringRef name;
  bool isPointer;
};
} // namespace

static constexpr KindInfo kKinds[] = {
    {CPUArgKind::PointerF32, "!tt.ptr<f32>", true},
    {CPUArgKind::PointerI32, "!tt.ptr<i32>", true},
    {CPUArgKind::I32, "i32", false},
    {CPUArgKind::F32, "f32", false},
    {CPUArgKind::I1, "i1", false},
    {CPUArgKind::PointerF16, "!tt.ptr<f16>", true},
    {CPUArgKind::PointerBF16, "!tt.ptr<bf16>", true},
    {CPUArgKind::PointerF64, "!tt.ptr<f64>", true},
    {CPUArgKind::PointerI8, "!tt.ptr<i8>", true},
    {CPUArgKind::PointerI16, "!tt.ptr<i16>", true},
    {CPUArgKind::PointerI64, "!tt.ptr<i64>", true},
    {CPUArgKind::I8, "i8", false},
    {CPUArgKind::I16, "i16", false},
    {CPUArgKind::I64, "i64", false},
    {CPUArgKind::F16, "f16", false},
    {CPUArgKind::BF16, "bf16", false},
    {CPUArgKind::F64, "f64", false},
};
static_assert(std::size(kKinds) == size_t(CPUArgKind::Last) + 1,
              "one entry per CPUArgKind, in order");

static const KindInfo *lookupKind(CPUArgKind kind) {
  auto index = static_cast<size_t>(kind);
  return index < std::size(kKinds) ? &kKinds[index] : nullptr;
}

llvm::StringRef mytriton::stringifyCPUArgKind(CPUArgKind kind) {
  const KindInfo *info = lookupKind(kind);
  return info ? info->name : "<unknown kind>";
}

bool mytriton::isPointerKind(CPUArgKind kind) {
  const KindInfo *info = lookupKind(kind);
  return info && info->isPointer;
}

bool mytriton::isFloatKind(CPUArgKind kind) {
  switch (kind) {
  case CPUArgKind::F16:
  case CPUArgKind::BF16:
  case CPUArgKind::F32:
  case CPUArgKind::F64:
    return true;
  default:
    return false;
  }
}

bool mytriton::isIntegerKind(CPUArgKind kind) {
  return lookupKind(kind) && !isPointerKind(kind) && !isFloatKind(kind);
}

CPUKernelArg CPUKernelArg::buffer(CPUArgKind kind, void *data,
                                  int64_t numElements) {
  CPUKernelArg arg;
  arg.kind = kind;
  arg.pointer = data;
  arg.numElements = numElements;
  return arg;
}

CPUKernelArg CPUKernelArg::buffer(float *data, int64_t numElements) {
  return buffer(CPUArgKind::PointerF32, data, numElements);
}

CPUKernelArg CPUKernelArg::buffer(int32_t *data, int64_t numElements) {
  return buffer(CPUArgKind::PointerI32, data, numElements);
}

CPUKernelArg CPUKernelArg::i32(int32_t value) {
  CPUKernelArg arg;
  arg.kind = CPUArgKind::I32;
  arg.intValue = value;
  return arg;
}

CPUKernelArg CPUKernelArg::i64(int64_t value) {
  CPUKernelArg arg;
  arg.kind = CPUArgKind::I64;
  arg.intValue = value;
  return arg;
}

CPUKernelArg CPUKernelArg::f32(float value) {
  CPUKernelArg arg;
  arg.kind = CPUArgKind::F32;
  arg.floatValue = value;
  return arg;
}

CPUKernelArg CPUKernelArg::f64(double value) {
  CPUKernelArg arg;
  arg.kind = CPUArgKind::F64;
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
  // A pointer that loops or branches chose from several arguments has no
  // one argument, and so no known length.
  if (access.argIndex >= 0)
    os << "argument " << access.argIndex << " has " << numElements
       << " elements, ";
  os << "the access reaches element " << element << " (program id ("
     << programId[0] << ", " << programId[1] << ", " << programId[2] << "))";
}

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

/// The parameter kind of a kernel argument type, or nothing if the CPU path
/// cannot pass it.
static std::optional<CPUArgKind> getArgKind(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  type.print(os);
  for (const KindInfo &info : kKinds)
    if (info.name == text)
      return info.kind;
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

//===----------------------------------------------------------------------===//
// bfloat16 libcalls
//===----------------------------------------------------------------------===//

// LLVM lowers a float or double to bfloat conversion on targets without a
// native one to the compiler-rt/libgcc calls __truncsfbf2/__truncdfbf2,
// which the libgcc of GCC 12 (Debian 12) lacks: a kernel storing bf16
// failed to link in the JIT. The runner provides them, rounding to nearest
// even as compiler-rt does (NaN stays a quiet NaN).

/// `bits` (an IEEE value of `semantics`) rounded to a bfloat's bits.
static uint16_t toBFloatBits(const llvm::APInt &bits,
                             const llvm::fltSemantics &semantics) {
  llvm::APFloat value(semantics, bits);
  bool losesInfo = false;
  value.convert(llvm::APFloat::BFloat(), llvm::APFloat::rmNearestTiesToEven,
                &losesInfo);
  return static_cast<uint16_t>(value.bitcastToAPInt().getZExtValue());
}

/// A 16-bit float result as the libcall ABI returns it: in the low 16 bits
/// of the first float register (xmm0 on x86-64), where a float holding those
/// bits as its low half puts them. GCC 12 has no C++ __bf16 or _Float16 to
/// spell the return type with; every compiler can return a float.
static float asHalfRegister(uint16_t bits) {
  return llvm::bit_cast<float>(static_cast<uint32_t>(bits));
}

extern "C" float mytritonTruncSFBF2(float value) {
  return asHalfRegister(
      toBFloatBits(llvm::APInt(32, llvm::bit_cast<uint32_t>(value)),
                   llvm::APFloat::IEEEsingle()));
}

extern "C" float mytritonTruncDFBF2(double value) {
  return asHalfRegister(
      toBFloatBits(llvm::APInt(64, llvm::bit_cast<uint64_t>(value)),
                   llvm::APFloat::IEEEdouble()));
}

// A double to half conversion is the libgcc call __truncdfhf2 too; libgcc_s
// exports it, but not to the JIT's lookup here, so the runner provides it
// (the single rounding of compiler-rt: nearest even, a quiet NaN kept).
extern "C" float mytritonTruncDFHF2(double value) {
  llvm::APFloat half(llvm::APFloat::IEEEdouble(),
                     llvm::APInt(64, llvm::bit_cast<uint64_t>(value)));
  bool losesInfo = false;
  half.convert(llvm::APFloat::IEEEhalf(), llvm::APFloat::rmNearestTiesToEven,
               &losesInfo);
  return asHalfRegister(
      static_cast<uint16_t>(half.bitcastToAPInt().getZExtValue()));
}

static llvm::orc::SymbolMap
bfloatLibcalls(llvm::orc::MangleAndInterner interner) {
  llvm::orc::SymbolMap symbols;
  auto add = [&](llvm::StringRef name, auto *function) {
    symbols[interner(name)] = {llvm::orc::ExecutorAddr::fromPtr(function),
                               llvm::JITSymbolFlags::Exported};
  };
  add("__truncsfbf2", &mytritonTruncSFBF2);
  add("__truncdfbf2", &mytritonTruncDFBF2);
  add("__truncdfhf2", &mytritonTruncDFHF2);
  return symbols;
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
    access.isAssert = op.getValue() == tt::AssertOp::getOperationName();
    // An atomic writes its element: reported as a store.
    access.isStore = !access.isAssert &&
                     op.getValue() != tt::LoadOp::getOperationName();
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
  // AVX512-BF16 and AVX-NE-CONVERT round f32 to bf16 with vcvtneps2bf16,
  // which flushes subnormal results to zero: bf16 products that numpy (and
  // the GPU) keep as subnormals would read 0. Without them LLVM rounds in
  // integer arithmetic, exactly.
  for (const char *feature : {"avx512bf16", "avxneconvert"})
    hostBuilder->getFeatures().AddFeature(feature, /*IsEnabled=*/false);
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
  impl->engine->registerSymbols(bfloatLibcalls);
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
  int16_t i16;
  int8_t i8;
  uint16_t bits16; // f16, bf16
  float f32;
  double f64;
  bool i1;
};
} // namespace

/// The bits of `value` rounded to nearest even in `semantics` (IEEE half or
/// bfloat).
static uint16_t roundToHalfBits(double value,
                                const llvm::fltSemantics &semantics) {
  llvm::APFloat converted(value);
  bool losesInfo = false;
  converted.convert(semantics, llvm::APFloat::rmNearestTiesToEven,
                    &losesInfo);
  return static_cast<uint16_t>(
      converted.bitcastToAPInt().getZExtValue());
}

/// The bit width of an integer parameter kind.
static unsigned getIntegerWidth(CPUArgKind kind) {
  switch (kind) {
  case CPUArgKind::I1:
    return 1;
  case CPUArgKind::I8:
    return 8;
  case CPUArgKind::I16:
    return 16;
  case CPUArgKind::I32:
    return 32;
  default:
    return 64;
  }
}

/// Checks `arg` against a parameter of kind `param` and appends the lowered
/// arguments: a memref<?xT> descriptor (allocated, aligned, offset, size,
/// stride) for a buffer, one scalar otherwise.
static llvm::Error appendArgument(const CPUKernelSignature &kernel,
                                  unsigned index, CPUArgKind param,
                                  const CPUKernelArg &arg,
                                  std::vector<ArgSlot> &slots) {
  auto where = [&]() -> std::string {
    return ("argument " + llvm::Twine(index) + " of kernel '" + kernel.name +
            "'")
        .str();
  };
  auto mismatch = [&] {
    return makeError(where() + ": expected " + stringifyCPUArgKind(param) +
                     ", got " + stringifyCPUArgKind(arg.kind));
  };
  ArgSlot slot;
  slot.i64 = 0;
  if (isPointerKind(param)) {
    if (arg.kind != param)
      return mismatch();
    if (!arg.pointer && arg.numElements > 0)
      return makeError(where() + " is a null buffer");
    if (arg.numElements < 0)
      return makeError(where() + " has a negative length " +
                       llvm::Twine(arg.numElements));
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
  }
  if (!isIntegerKind(arg.kind) && !isFloatKind(arg.kind))
    return mismatch();
  if (isFloatKind(param)) {
    double value = isFloatKind(arg.kind) ? arg.floatValue
                                         : static_cast<double>(arg.intValue);
    switch (param) {
    case CPUArgKind::F16:
      slot.bits16 = roundToHalfBits(value, llvm::APFloat::IEEEhalf());
      break;
    case CPUArgKind::BF16:
      slot.bits16 = roundToHalfBits(value, llvm::APFloat::BFloat());
      break;
    case CPUArgKind::F32:
      slot.f32 = static_cast<float>(value);
      break;
    default:
      slot.f64 = value;
      break;
    }
    slots.push_back(slot);
    return llvm::Error::success();
  }
  // An integer parameter: an integer argument whose value fits its width,
  // signed or unsigned (integers are signless; i64 takes every value).
  if (!isIntegerKind(arg.kind))
    return mismatch();
  unsigned width = getIntegerWidth(param);
  int64_t value = arg.intValue;
  if (width == 1) {
    slot.i1 = value != 0;
  } else {
    if (width < 64) {
      int64_t low = -(int64_t(1) << (width - 1));
      int64_t high = (int64_t(1) << width) - 1;
      if (value < low || value > high)
        return makeError(where() + ": " + llvm::Twine(value) +
                         " does not fit in " + stringifyCPUArgKind(param));
    }
    switch (width) {
    case 8:
      slot.i8 = static_cast<int8_t>(value);
      break;
    case 16:
      slot.i16 = static_cast<int16_t>(value);
      break;
    case 32:
      slot.i32 = static_cast<int32_t>(value);
      break;
    default:
      slot.i64 = value;
      break;
    }
  }
  slots.push_back(slot);
  return llvm::Error::success();
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
