//===- KernelEmitter.cpp - one tt kernel as one CUDA function -------------===//

#include "KernelEmitter.h"
#include "CTypes.h"

#include "MyTriton/Dialect/TT/IR/ElementTypes.h"
#include "MyTriton/Dialect/TT/IR/Layouts.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/bit.h"

using namespace mlir;
using namespace mlir::mytriton;
using namespace mlir::mytriton::cuda;

/// Words a value name must not be: C++ keywords and the CUDA builtins,
/// functions and types the generated code uses. (Kernel names are checked
/// against every name the CUDA headers declare by the tt.func verifier.)
static bool isReservedWord(StringRef name) {
  static const llvm::StringSet<> reserved = {
      // C++ keywords that can look like value names.
      "alignas", "alignof", "asm", "auto", "bool", "break", "case", "catch",
      "char", "class", "const", "constexpr", "continue", "decltype", "default",
      "delete", "do", "double", "else", "enum", "explicit", "export", "extern",
      "false", "float", "for", "friend", "goto", "if", "inline", "int", "long",
      "mutable", "namespace", "new", "noexcept", "nullptr", "operator",
      "private", "protected", "public", "register", "return", "short",
      "signed", "sizeof", "static", "struct", "switch", "template", "this",
      "throw", "true", "try", "typedef", "typeid", "typename", "union",
      "unsigned", "using", "virtual", "void", "volatile", "while", "wchar_t",
      "char8_t", "char16_t", "char32_t", "const_cast", "dynamic_cast",
      "reinterpret_cast", "static_cast", "static_assert", "thread_local",
      "concept", "requires", "co_await", "co_return", "co_yield", "consteval",
      "constinit",
      // Alternative operator spellings (valid Python names, C++ keywords).
      "and", "and_eq", "bitand", "bitor", "compl", "not", "not_eq", "or",
      "or_eq", "xor", "xor_eq",
      // CUDA names the generated code relies on (the "__" ones, like
      // __shfl_xor_sync, cannot come out of toIdentifier).
      "threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize", "expf",
      "exp2f", "expm1f", "logf", "log2f", "log10f", "log1pf", "sqrtf",
      "rsqrtf", "fabsf", "tanhf", "sinf", "cosf", "tanf", "erff", "floorf",
      "ceilf", "truncf", "roundf", "rintf", "fmaf", "fmodf", "powf", "fmaxf",
      "fminf", "min",
      // Their f64 forms.
      "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "sqrt",
      "rsqrt", "fabs", "tanh", "sin", "cos", "tan", "erf", "floor", "ceil",
      "trunc", "round", "rint", "fma", "fmod", "pow", "fmax", "fmin",
      // The vector types and constructors of vector loads and stores.
      "float2", "float4", "int2", "int4", "make_float2", "make_float4",
      "make_int2", "make_int4", "double2", "longlong2", "make_double2",
      "make_longlong2", "uint2", "uint4", "make_uint2", "make_uint4",
      // The approximate-math helpers (getApproximateMathHelpers).
      "mytriton_div_full", "mytriton_exp_approx", "mytriton_sqrt_approx"};
  return reserved.contains(name);
}

/// `raw` made a C identifier that C++ does not reserve: other characters
/// become '_', no leading '_' and no "__", a leading digit gets a 'v' (so %9
/// becomes v9).
static std::string toIdentifier(StringRef raw) {
  std::string id;
  for (char c : raw) {
    char out = llvm::isAlnum(c) ? c : '_';
    if (out == '_' && (id.empty() || id.back() == '_'))
      continue;
    id += out;
  }
  if (id.empty() || llvm::isDigit(id.front()))
    id = "v" + id;
  return id;
}

KernelEmitter::KernelEmitter(tt::FuncOp kernel,
                             const CUDAEmitterOptions &options)
    : kernel(kernel), options(options), blockSize(kernel.getBlockSize()),
      numThreads(kernel.getNumThreads()),
      programsPerCTA(kernel.getNumProgramsPerCTA()),
      lanesPerGroup(kernel.getLanesPerGroup()),
      tiled(!tt::hasImplicitLayout(kernel)),
      axis0Fastest(isGridAxis0Fastest(kernel)), contiguity(kernel) {}

int64_t KernelEmitter::getLaneOffset(unsigned reg) const {
  int64_t group = getLanesPerGroup();
  return (reg / group) * numThreads * group + reg % group;
}

// gridDim.x folds axes 0 and 1, axis 1 fastest unless GridOrder.h says
// otherwise; threadIdx.y picks one of the block's P programs of axis 0.
std::string KernelEmitter::programId(int32_t axis) {
  const std::string &rows = gridSizeParams[0], &cols = gridSizeParams[1];
  if (axis == 2)
    return "(int)blockIdx.y";
  // Axis 0 spans ceil(g0 / P) blocks.
  std::string rowBlocks =
      programsPerCTA == 1
          ? "(unsigned)" + rows
          : "(((unsigned)" + rows + " + " + std::to_string(programsPerCTA - 1) +
                "u) / " + std::to_string(programsPerCTA) + "u)";
  // A 1-D grid (g1 == 1) skips the division, a long integer sequence.
  std::string colsIsOne = "(unsigned)" + cols + " == 1u";
  if (axis == 1)
    return axis0Fastest ? "(int)(blockIdx.x / " + rowBlocks + ")"
                        : "(int)(" + colsIsOne +
                              " ? 0u : blockIdx.x % (unsigned)" + cols + ")";
  std::string block = axis0Fastest
                          ? "(int)(blockIdx.x % " + rowBlocks + ")"
                          : "(int)(" + colsIsOne +
                                " ? blockIdx.x : blockIdx.x / (unsigned)" +
                                cols + ")";
  if (programsPerCTA == 1)
    return block;
  if (packedProgramIndex.empty()) {
    packedProgramIndex = freshName("packed_program");
    bodyStream << "// " << programsPerCTA
               << " programs per block; those past the grid compute as the "
                  "last program and store nothing.\n";
    bodyStream << "const int " << packedProgramIndex << " = " << block
               << " * " << programsPerCTA << " + (int)threadIdx.y;\n";
  }
  return "min(" + packedProgramIndex + ", " + rows + " - 1)";
}

std::string KernelEmitter::programLive() {
  if (programsPerCTA == 1)
    return "";
  if (packedProgramLive.empty()) {
    programId(0);
    packedProgramLive = freshName("program_live");
    bodyStream << "const bool " << packedProgramLive << " = "
               << packedProgramIndex << " < " << gridSizeParams[0] << ";\n";
  }
  return packedProgramLive;
}

void KernelEmitter::dropUnreadRegisters() {
  if (registerDecls.empty())
    return;
  SmallVector<StringRef> lines;
  StringRef(bodyText).split(lines, '\n');
  std::vector<bool> dropped(lines.size(), false);
  // Identifiers are whole words of the body; a register read nowhere
  // appears once, in its declaration.
  auto countUses = [&] {
    llvm::StringMap<unsigned> uses;
    for (size_t i = 0; i < lines.size(); ++i) {
      if (dropped[i])
        continue;
      StringRef rest = lines[i];
      while (!rest.empty()) {
        size_t start = rest.find_if(
            [](char c) { return llvm::isAlpha(c) || c == '_'; });
        if (start == StringRef::npos)
          break;
        rest = rest.drop_front(start);
        size_t end = rest.find_if_not(
            [](char c) { return llvm::isAlnum(c) || c == '_'; });
        ++uses[rest.take_front(end)];
        rest = end == StringRef::npos ? StringRef() : rest.drop_front(end);
      }
    }
    return uses;
  };
  for (bool changed = true; changed;) {
    changed = false;
    llvm::StringMap<unsigned> uses = countUses();
    for (size_t i = 0; i < lines.size(); ++i) {
      if (dropped[i])
        continue;
      StringRef line = lines[i].ltrim();
      size_t equals = line.find(" = ");
      if (equals == StringRef::npos)
        continue;
      StringRef name = line.take_front(equals).rsplit(' ').second;
      auto decl = registerDecls.find(name);
      if (decl != registerDecls.end() && decl->second == line &&
          uses.lookup(name) == 1) {
        dropped[i] = true;
        changed = true;
      }
    }
  }
  std::string kept;
  for (size_t i = 0; i < lines.size(); ++i)
    if (!dropped[i])
      kept += lines[i].str() + (i + 1 < lines.size() ? "\n" : "");
  bodyText = std::move(kept);
}

std::string KernelEmitter::freshName(StringRef base) {
  std::string name = toIdentifier(base);
  if (isReservedWord(name))
    name += "_";
  std::string candidate = name;
  for (unsigned i = 1; usedNames.contains(candidate); ++i)
    candidate = name + "_" + std::to_string(i);
  usedNames.insert(candidate);
  return candidate;
}

// Names come from the IR as mytriton-opt prints it, so `v9` in the CUDA is
// `%9` in the optimized tt. A kernel argument whose location is a name
// (`loc("x")`, as a frontend may give it) keeps that name.
LogicalResult KernelEmitter::assignNames() {
  StringRef kernelName = kernel.getSymName();
  // One leading '_' before a lowercase letter or a digit stays: Triton's
  // kernels are often named so (`_layer_norm_fwd_fused`), C++ reserves such
  // names only at global scope for its library, and the tt.func verifier
  // keeps kernel names off every name the CUDA headers declare. "__" and
  // "_Upper" are reserved everywhere and stay refused.
  StringRef unprefixed = kernelName;
  if (unprefixed.size() > 1 && unprefixed[0] == '_' &&
      (llvm::isLower(unprefixed[1]) || llvm::isDigit(unprefixed[1])))
    unprefixed = unprefixed.drop_front();
  if (toIdentifier(unprefixed) != unprefixed || isReservedWord(kernelName))
    return kernel.emitOpError()
           << "name '" << kernelName
           << "' cannot name a CUDA kernel: it must be a C identifier that "
              "C++ does not reserve";
  usedNames.insert(kernelName);

  AsmState asmState(kernel);
  auto irName = [&](Value value) {
    std::string s;
    llvm::raw_string_ostream os(s);
    value.printAsOperand(os, asmState);
    return StringRef(s).drop_front().str(); // drop '%'
  };
  for (BlockArgument arg : kernel.getArguments()) {
    if (auto named = dyn_cast<NameLoc>(arg.getLoc()))
      names[arg] = freshName(named.getName().strref());
    else
      names[arg] = freshName(irName(arg));
  }
  kernel.getBody().walk([&](Operation *op) {
    for (Value result : op->getResults())
      names[result] = freshName(irName(result));
    // Region arguments of scf ops: the induction variable, loop-carried
    // values.
    for (Region &region : op->getRegions())
      for (BlockArgument arg : region.getArguments())
        names[arg] = freshName(irName(arg));
  });
  return success();
}

/// The values one C variable of an scf op holds along with `value`: a
/// loop's init, region argument, yielded value and result; a branch's
/// result and what each branch yields; a while's condition operands and
/// the after region's arguments. They share its type, constness included.
static SmallVector<Value> getTiedValues(Value value) {
  SmallVector<Value> tied;
  auto fromFor = [&](scf::ForOp loop, unsigned i) {
    tied.push_back(loop.getInitArgs()[i]);
    tied.push_back(loop.getRegionIterArgs()[i]);
    tied.push_back(loop.getYieldedValues()[i]);
    tied.push_back(loop.getResult(i));
  };
  auto fromWhileBefore = [&](scf::WhileOp loop, unsigned i) {
    tied.push_back(loop.getInits()[i]);
    tied.push_back(loop.getBeforeArguments()[i]);
    tied.push_back(loop.getYieldOp().getResults()[i]);
  };
  auto fromWhileAfter = [&](scf::WhileOp loop, unsigned i) {
    tied.push_back(loop.getConditionOp().getArgs()[i]);
    tied.push_back(loop.getAfterArguments()[i]);
    tied.push_back(loop.getResult(i));
  };
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    Operation *parent = arg.getOwner()->getParentOp();
    if (auto loop = dyn_cast<scf::ForOp>(parent)) {
      if (arg.getArgNumber() > 0)
        fromFor(loop, arg.getArgNumber() - 1);
    } else if (auto loop = dyn_cast<scf::WhileOp>(parent)) {
      if (arg.getOwner() == loop.getBeforeBody())
        fromWhileBefore(loop, arg.getArgNumber());
      else
        fromWhileAfter(loop, arg.getArgNumber());
    }
    return tied;
  }
  auto result = cast<OpResult>(value);
  unsigned i = result.getResultNumber();
  Operation *def = result.getOwner();
  if (auto loop = dyn_cast<scf::ForOp>(def))
    fromFor(loop, i);
  else if (auto loop = dyn_cast<scf::WhileOp>(def))
    fromWhileAfter(loop, i);
  else if (auto branch = dyn_cast<scf::IfOp>(def))
    for (Region *region : {&branch.getThenRegion(), &branch.getElseRegion()})
      if (!region->empty())
        tied.push_back(
            region->front().getTerminator()->getOperand(i));
  // What a loop yields is tied to the loop's variable too.
  for (OpOperand &use : value.getUses()) {
    Operation *user = use.getOwner();
    unsigned n = use.getOperandNumber();
    if (isa<scf::YieldOp>(user)) {
      Operation *parent = user->getParentOp();
      if (auto loop = dyn_cast<scf::ForOp>(parent))
        fromFor(loop, n);
      else if (auto loop = dyn_cast<scf::WhileOp>(parent))
        fromWhileBefore(loop, n);
      else if (isa<scf::IfOp>(parent))
        tied.push_back(parent->getResult(n));
    } else if (auto condition = dyn_cast<scf::ConditionOp>(user)) {
      if (n > 0)
        fromWhileAfter(cast<scf::WhileOp>(condition->getParentOp()), n - 1);
    } else if (auto loop = dyn_cast<scf::ForOp>(user)) {
      if (n >= loop.getNumControlOperands())
        fromFor(loop, n - loop.getNumControlOperands());
    } else if (auto loop = dyn_cast<scf::WhileOp>(user)) {
      fromWhileBefore(loop, n);
    }
  }
  return tied;
}

/// Pointer arguments the kernel stores through are `T*`, the rest `const
/// T*`: walk back from every store's (and atomic's) pointer to the
/// arguments it came from, through the variables of scf ops.
void KernelEmitter::findStoredPointers() {
  SmallVector<Value> worklist;
  kernel.walk([&](tt::StoreOp store) { worklist.push_back(store.getPtr()); });
  // Atomics write through their pointers too.
  kernel.walk([&](Operation *op) {
    if (isa<tt::AtomicRMWOp, tt::AtomicCASOp>(op))
      worklist.push_back(op->getOperand(0));
  });
  while (!worklist.empty()) {
    Value ptr = worklist.pop_back_val();
    if (!storedThrough.insert(ptr).second)
      continue;
    if (isa<BlockArgument>(ptr) ||
        isa<scf::ForOp, scf::WhileOp, scf::IfOp>(ptr.getDefiningOp()) ||
        llvm::any_of(ptr.getUsers(), [](Operation *user) {
          return isa<scf::YieldOp, scf::ConditionOp, scf::ForOp,
                     scf::WhileOp>(user);
        }))
      llvm::append_range(worklist, getTiedValues(ptr));
    Operation *def = ptr.getDefiningOp();
    if (!def || def->getNumRegions() > 0)
      continue;
    if (auto addptr = dyn_cast<tt::AddPtrOp>(def))
      worklist.push_back(addptr.getPtr());
    else if (auto splat = dyn_cast<tt::SplatOp>(def))
      worklist.push_back(splat.getSrc());
    else
      for (Value operand : def->getOperands())
        if (isa<tt::PointerType>(getElementTypeOrSelf(operand.getType())))
          worklist.push_back(operand);
  }
}

/// An op is emitted when it writes memory or feeds an op that is emitted;
/// anything else would be an unused variable, which nvcc warns about.
/// The slot of an scf op that `use` feeds (see isLiveSlot), if any: a
/// loop's init or yield, a branch's yield, a while's condition operand.
static std::optional<Value> getFedSlot(OpOperand &use) {
  Operation *owner = use.getOwner();
  unsigned n = use.getOperandNumber();
  if (isa<scf::YieldOp>(owner)) {
    Operation *parent = owner->getParentOp();
    if (auto loop = dyn_cast<scf::WhileOp>(parent))
      return Value(loop.getBeforeArguments()[n]);
    if (isa<scf::ForOp, scf::IfOp>(parent))
      return Value(parent->getResult(n));
    return std::nullopt;
  }
  if (auto condition = dyn_cast<scf::ConditionOp>(owner)) {
    if (n == 0)
      return std::nullopt;
    return Value(condition->getParentOp()->getResult(n - 1));
  }
  if (auto loop = dyn_cast<scf::ForOp>(owner)) {
    if (n < loop.getNumControlOperands())
      return std::nullopt;
    return Value(loop.getResult(n - loop.getNumControlOperands()));
  }
  if (auto loop = dyn_cast<scf::WhileOp>(owner))
    return Value(loop.getBeforeArguments()[n]);
  return std::nullopt;
}

/// The slots of `op` and, for each, the values whose reading makes it live.
static SmallVector<std::pair<Value, SmallVector<Value, 2>>>
getSlots(Operation *op) {
  SmallVector<std::pair<Value, SmallVector<Value, 2>>> slots;
  if (auto loop = dyn_cast<scf::ForOp>(op)) {
    for (auto [result, arg] :
         llvm::zip_equal(loop.getResults(), loop.getRegionIterArgs()))
      slots.push_back({result, {result, arg}});
  } else if (auto loop = dyn_cast<scf::WhileOp>(op)) {
    for (BlockArgument arg : loop.getBeforeArguments())
      slots.push_back({arg, {arg}});
    for (auto [result, arg] :
         llvm::zip_equal(loop.getResults(), loop.getAfterArguments()))
      slots.push_back({result, {result, arg}});
  } else if (auto branch = dyn_cast<scf::IfOp>(op)) {
    for (Value result : branch.getResults())
      slots.push_back({result, {result}});
  }
  return slots;
}

bool KernelEmitter::isLiveUse(OpOperand &use) const {
  if (!liveOps.contains(use.getOwner()))
    return false;
  std::optional<Value> slot = getFedSlot(use);
  return !slot || liveSlots.contains(*slot);
}

/// In a region, the terminator of a live op is live, but what it yields
/// only for the op's live slots; ops in regions are marked before the ops
/// above them whose values they use. A slot is live when a live op reads
/// its result or region argument, which may be found after the ops that
/// feed it: marking repeats until nothing changes.
void KernelEmitter::findLiveOps() {
  size_t marked;
  do {
    marked = liveOps.size() + liveSlots.size();
    findLiveOps(kernel.getBody().front());
    kernel.walk([&](Operation *op) {
      if (!liveOps.contains(op))
        return;
      for (auto &[slot, readers] : getSlots(op))
        if (llvm::any_of(readers, [&](Value reader) {
              return llvm::any_of(reader.getUses(), [&](OpOperand &use) {
                return isLiveUse(use);
              });
            }))
          liveSlots.insert(slot);
    });
  } while (liveOps.size() + liveSlots.size() != marked);
}

void KernelEmitter::findLiveOps(Block &block) {
  for (Operation &op : llvm::reverse(block)) {
    bool live = op.hasTrait<OpTrait::IsTerminator>() ||
                !wouldOpBeTriviallyDead(&op) ||
                llvm::any_of(op.getUses(),
                             [&](OpOperand &use) { return isLiveUse(use); });
    if (!live)
      continue;
    liveOps.insert(&op);
    for (Region &region : op.getRegions())
      for (Block &inner : region)
        findLiveOps(inner);
  }
}

/// Whether `op` orders memory or threads: a store, a reduction (shared
/// memory and a barrier), an op with regions (a loop or branch may hold
/// either), or anything else with side effects. Loads never move across
/// one.
static bool isSchedulingBarrier(Operation *op) {
  if (isa<tt::LoadOp>(op))
    return false;
  return isa<tt::StoreOp, tt::ReduceOp>(op) || op->getNumRegions() > 0 ||
         !isMemoryEffectFree(op);
}

// With E > 1 a load is a branch (vector or scalar path), and a GPU thread
// stalls at the first use of a loaded value; printed in IR order, a use
// between two loads (the long-row sum's running sum) would expose each
// load's latency in turn. So between two scheduling barriers, the loads and
// the pure ops that compute their operands come first, in IR order, then
// the other ops, in IR order. Every op still follows its operands' ops. At
// most 16 loads are hoisted together. At E == 1 the order is the IR's, as
// the seed printed it.
SmallVector<Operation *> KernelEmitter::getEmissionOrder(Block &block) {
  SmallVector<Operation *> order;
  if (getLanesPerThread() == 1) {
    for (Operation &op : block)
      order.push_back(&op);
    return order;
  }
  SmallVector<Operation *> region;
  auto flush = [&] {
    // The loads of the region and, transitively, their operands' ops.
    DenseSet<Operation *> early;
    for (Operation *op : llvm::reverse(region)) {
      bool feedsEarly = llvm::any_of(op->getUsers(), [&](Operation *user) {
        return early.contains(user);
      });
      if (isa<tt::LoadOp>(op) || feedsEarly)
        early.insert(op);
    }
    for (Operation *op : region)
      if (early.contains(op))
        order.push_back(op);
    for (Operation *op : region)
      if (!early.contains(op))
        order.push_back(op);
    region.clear();
  };
  // Hoisting every load of a long unrolled loop (the naive matmul's K loads)
  // keeps them all live at once and spills registers: hoist in groups.
  constexpr unsigned kMaxHoistedLoads = 16;
  unsigned loads = 0;
  for (Operation &op : block) {
    if (isSchedulingBarrier(&op)) {
      flush();
      loads = 0;
      order.push_back(&op);
      continue;
    }
    if (isa<tt::LoadOp>(op) && ++loads > kMaxHoistedLoads) {
      flush();
      loads = 1;
    }
    region.push_back(&op);
  }
  flush();
  return order;
}

FailureOr<std::string> KernelEmitter::getCType(Type type, Location loc) const {
  Type element = getElementTypeOrSelf(type);
  if (auto tensor = dyn_cast<RankedTensorType>(type)) {
    if (tiled && !tt::getLayoutEncoding(tensor))
      return emitError(loc) << "cannot emit " << type
                            << " as CUDA: in a kernel whose tensors have "
                               "shapes of their own every tensor needs a "
                               "layout encoding (run tt-assign-layouts)";
    if (!tiled && (tensor.getRank() != 1 || tensor.getDimSize(0) != blockSize))
      return emitError(loc) << "cannot emit " << type
                            << " as CUDA: tensors are 1-D with one element "
                               "per thread of the block ("
                            << blockSize << ")";
  }
  if (std::optional<std::string> scalar = getScalarCType(element))
    return *scalar;
  if (auto ptr = dyn_cast<tt::PointerType>(element)) {
    FailureOr<std::string> pointee = getCType(ptr.getPointeeType(), loc);
    if (failed(pointee))
      return failure();
    return *pointee + "*";
  }
  return emitError(loc) << "cannot emit values of type " << type
                        << " as CUDA: supported element types are f16, "
                           "bf16, f32, f64, i1, i8, i16, i32, i64 and "
                           "!tt.ptr";
}

unsigned KernelEmitter::numRegisters(Value value) const {
  auto it = spellings.find(value);
  assert(it != spellings.end() && "value used before it was emitted");
  return it->second.size();
}

std::string KernelEmitter::expr(Value value, unsigned reg) const {
  auto it = spellings.find(value);
  assert(it != spellings.end() && "value used before it was emitted");
  const SmallVector<std::string, 1> &registers = it->second;
  return registers.size() == 1 ? registers.front() : registers[reg];
}

/// Whether the identifier `word` occurs in `text` as a whole word.
static bool containsWord(StringRef text, StringRef word) {
  auto isIdChar = [](char c) { return llvm::isAlnum(c) || c == '_'; };
  for (size_t at = text.find(word); at != StringRef::npos;
       at = text.find(word, at + 1)) {
    size_t end = at + word.size();
    if ((at == 0 || !isIdChar(text[at - 1])) &&
        (end == text.size() || !isIdChar(text[end])))
      return true;
  }
  return false;
}

/// Whether `e` is one parenthesized group: "(a + b)" but not "(a) + (b)".
static bool isParenthesized(StringRef e) {
  if (!e.starts_with("(") || !e.ends_with(")"))
    return false;
  int depth = 0;
  for (size_t i = 0; i < e.size(); ++i) {
    depth += e[i] == '(' ? 1 : e[i] == ')' ? -1 : 0;
    if (depth == 0 && i + 1 < e.size())
      return false;
  }
  return true;
}

std::string KernelEmitter::operand(Value value, unsigned reg) const {
  std::string e = expr(value, reg);
  bool atomic = llvm::all_of(e, [](char c) {
    return llvm::isAlnum(c) || c == '_' || c == '.';
  });
  return atomic || isParenthesized(e) ? e : "(" + e + ")";
}

StringRef KernelEmitter::nameOf(Value result) const {
  return names.find(result)->second;
}

/// The C type of a declared `result`: pointers are `const T* const` unless
/// the kernel stores through them, other values `const T`, or without the
/// outer const when `isConst` is false.
static FailureOr<std::string> declaredType(const KernelEmitter &e,
                                           Value result, bool isConst) {
  FailureOr<std::string> type = e.getCType(result.getType(), result.getLoc());
  if (failed(type))
    return failure();
  if (isa<tt::PointerType>(getElementTypeOrSelf(result.getType()))) {
    if (!e.isStoredThrough(result))
      *type = "const " + *type;
    return isConst ? *type + " const" : *type;
  }
  return isConst ? "const " + *type : *type;
}

/// The names of `count` registers of `result`: its IR name when one, else
/// name_0, name_1, ...
static SmallVector<std::string> registerNames(KernelEmitter &e, Value result,
                                              unsigned count) {
  SmallVector<std::string> names;
  if (count == 1) {
    names.push_back(e.nameOf(result).str());
    return names;
  }
  for (unsigned r = 0; r < count; ++r)
    names.push_back(e.freshName(e.nameOf(result).str() + "_" +
                                std::to_string(r)));
  return names;
}

LogicalResult
KernelEmitter::declareRegisters(Value result, unsigned count,
                                llvm::function_ref<std::string(unsigned)> init) {
  FailureOr<std::string> type = declaredType(*this, result, /*isConst=*/true);
  if (failed(type))
    return failure();
  SmallVector<std::string> registers = registerNames(*this, result, count);
  // Spelled before the inits run, so a later register may use an earlier.
  spellings[result].assign(registers.begin(), registers.end());
  for (unsigned r = 0; r < count; ++r) {
    std::string decl = *type + " " + registers[r] + " = " + init(r) + ";";
    bodyStream << decl << "\n";
    if (count > 1)
      registerDecls[registers[r]] = std::move(decl);
  }
  return success();
}

LogicalResult
KernelEmitter::declare(Value result,
                       llvm::function_ref<std::string(unsigned)> init) {
  unsigned count = 1;
  Operation *def = result.getDefiningOp();
  auto tensor = dyn_cast<RankedTensorType>(result.getType());
  bool anyMultiRegister =
      def && llvm::any_of(def->getOperands(), [&](Value operand) {
        return numRegisters(operand) > 1;
      });
  if (tensor && tiled && anyMultiRegister) {
    Attribute layout = tt::getLayoutEncoding(tensor);
    count = tt::getTotalElemsPerThread(layout, tensor.getShape());
    // A mask one value over a class of registers is computed once per class
    // (as on the gpu/nvvm route): the others copy the class's first.
    if (isMaskOp(def)) {
      SmallVector<int64_t> classes = tt::getRegisterClasses(
          layout, tensor.getShape(), getTiledAxisInfo().get(result).constancy);
      if (classes.size() == count) {
        SmallVector<unsigned> firsts;
        return declareRegisters(result, count, [&](unsigned r) {
          if (static_cast<size_t>(classes[r]) == firsts.size()) {
            firsts.push_back(r);
            return init(r);
          }
          return spellings[result][firsts[classes[r]]];
        });
      }
    }
  } else if (tensor && getLanesPerThread() > 1 && anyMultiRegister) {
    count = getLanesPerThread();
  }
  return declareRegisters(result, count, init);
}

std::string KernelEmitter::declareTemporary(StringRef type, StringRef hint,
                                            StringRef init) {
  std::string name = freshName(hint);
  std::string decl = ("const " + type + " " + name + " = " + init + ";").str();
  bodyStream << decl << "\n";
  registerDecls[name] = std::move(decl);
  return name;
}

LogicalResult KernelEmitter::declare(Value result, StringRef init) {
  return declareRegisters(result, 1, [&](unsigned) { return init.str(); });
}

FailureOr<SmallVector<std::string>>
KernelEmitter::declareMutable(Value result, unsigned count) {
  FailureOr<std::string> type = declaredType(*this, result, /*isConst=*/false);
  if (failed(type))
    return failure();
  SmallVector<std::string> registers = registerNames(*this, result, count);
  bodyStream << *type << " ";
  llvm::interleaveComma(registers, bodyStream);
  bodyStream << ";\n";
  spellings[result].assign(registers.begin(), registers.end());
  return registers;
}

void KernelEmitter::alias(Value result, std::string expression) {
  spellings[result] = {std::move(expression)};
}

const TiledAxisInfo &KernelEmitter::getTiledAxisInfo() {
  if (!tiledAxisInfo)
    tiledAxisInfo = std::make_unique<TiledAxisInfo>(kernel, contiguity);
  return *tiledAxisInfo;
}

bool KernelEmitter::isUniform(Value value) {
  auto tensor = dyn_cast<RankedTensorType>(value.getType());
  if (!tensor)
    return true;
  if (numRegisters(value) > 1)
    return false;
  Attribute layout = tt::getLayoutEncoding(tensor);
  if (!layout || tt::getTotalElemsPerThread(layout, tensor.getShape()) > 1)
    return true; // one spelling stands for every register
  auto it = uniformTensors.find(value);
  if (it != uniformTensors.end())
    return it->second;
  // Region arguments and scf results may differ from iteration to iteration
  // or branch to branch: never uniform by their operands.
  Operation *def = value.getDefiningOp();
  bool uniform = def && def->getNumRegions() == 0 &&
                 !isa<tt::MakeRangeOp, tt::ReduceOp>(def) &&
                 llvm::all_of(def->getOperands(),
                              [&](Value operand) { return isUniform(operand); });
  uniformTensors[value] = uniform;
  return uniform;
}

void KernelEmitter::setRegisters(Value result,
                                 ArrayRef<std::string> registers) {
  spellings[result].assign(registers.begin(), registers.end());
}

// Bits whose weights are w, 2w, 4w, ... in a row are one shift and mask:
// ((threadIdx.x >> k) & (2^n - 1)) << log2(w), or * w when w is no power
// of two (padded indices). Layout bases are powers of two, so a layout's
// coordinate along one dimension is a few such terms.
std::string KernelEmitter::threadSum(ArrayRef<int64_t> weights,
                                     StringRef hint) {
  SmallVector<std::string> terms;
  for (size_t k = 0; k < weights.size();) {
    int64_t w = weights[k];
    if (w == 0) {
      ++k;
      continue;
    }
    size_t n = 1;
    bool pow2 = llvm::has_single_bit(uint64_t(w));
    while (k + n < weights.size() && weights[k + n] == w << n)
      ++n;
    std::string bits = "threadIdx.x";
    if (k > 0)
      bits = "(" + bits + " >> " + std::to_string(k) + ")";
    bits = "(" + bits + " & " + std::to_string((1u << n) - 1) + "u)";
    std::string term = "(int)" + bits;
    if (w != 1)
      term = pow2 ? "(int)(" + bits + " << " +
                        std::to_string(llvm::countr_zero(uint64_t(w))) + ")"
                  : term + " * " + std::to_string(w);
    terms.push_back(term);
    k += n;
  }
  if (terms.empty())
    return "0";
  std::string expression = llvm::join(terms, " + ");
  auto it = threadSums.find(expression);
  if (it != threadSums.end())
    return it->second;
  std::string name = freshName(hint);
  threadSums[expression] = name;
  threadSumDecls.push_back({name, expression});
  return name;
}

FailureOr<std::string> KernelEmitter::useScratch(Operation *op, StringRef type,
                                                 int64_t bytes,
                                                 StringRef what) {
  if (bytes > kStaticSharedLimitBytes)
    return op->emitOpError()
           << "needs " << bytes << " bytes of shared memory (" << what
           << "), more than the " << kStaticSharedLimitBytes
           << " bytes CUDA allows statically; use smaller tiles";
  // In a loop the first user follows its own readers of the last iteration.
  if (!scratchName.empty() || isInLoop(op))
    bodyStream << "__syncthreads(); // the scratch buffer's last readers are "
                  "done\n";
  if (scratchName.empty())
    scratchName = freshName("scratch");
  scratchBytes = std::max(scratchBytes, bytes);
  return "reinterpret_cast<" + type.str() + "*>(" + scratchName + ")";
}

/// Pointer additions one C expression inlines. A longer chain is declared
/// as a variable every kMaxInlinedAddPtrs steps, so every spelling stays
/// short and a chain of n addptrs costs O(n) to emit, not O(n^2).
static constexpr unsigned kMaxInlinedAddPtrs = 8;

LogicalResult KernelEmitter::setAddPtr(Value result, Value base,
                                       Value offset) {
  unsigned count = std::max(numRegisters(base), numRegisters(offset));
  auto sum = [&](unsigned r) {
    return operand(base, r) + " + " + operand(offset, r);
  };
  unsigned depth = addPtrDepths.lookup(base) + 1;
  if (depth >= kMaxInlinedAddPtrs)
    return declareRegisters(result, count, sum);
  addPtrs[result] = {base, offset};
  addPtrDepths[result] = depth;
  SmallVector<std::string, 1> &registers = spellings[result];
  registers.clear();
  for (unsigned r = 0; r < count; ++r)
    registers.push_back(sum(r));
  return success();
}

void KernelEmitter::splat(Value result, Value scalar) {
  SmallVector<std::string, 1> registers = spellings.find(scalar)->second;
  spellings[result] = std::move(registers);
  // A splat pointer indexes like its scalar: base[offset].
  auto it = addPtrs.find(scalar);
  if (it != addPtrs.end()) {
    addPtrs[result] = it->second;
    addPtrDepths[result] = addPtrDepths.lookup(scalar);
  }
}

std::string KernelEmitter::elementExpr(Value ptr, unsigned reg) const {
  auto it = addPtrs.find(ptr);
  if (it == addPtrs.end())
    return operand(ptr, reg) + "[0]";
  auto [base, offset] = it->second;
  return operand(base, reg) + "[" + expr(offset, reg) + "]";
}

LogicalResult KernelEmitter::declareShared(Operation *op, StringRef decl,
                                           int64_t bytes) {
  sharedBytes += bytes;
  if (sharedBytes > kStaticSharedLimitBytes)
    return op->emitOpError()
           << "needs " << sharedBytes
           << " bytes of shared memory for the kernel's reductions so far, "
              "more than the "
           << kStaticSharedLimitBytes
           << " bytes CUDA allows statically; use "
              "--cuda-reduction=warp-shuffle or fewer reductions";
  sharedDecls.push_back(decl.str());
  return success();
}

LogicalResult KernelEmitter::verifyTiledTypes() {
  WalkResult result = kernel.walk([&](Operation *op) {
    for (Value value : op->getResults())
      if (isa<RankedTensorType>(value.getType()) &&
          failed(getCType(value.getType(), op->getLoc())))
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  for (BlockArgument arg : kernel.getArguments())
    if (isa<RankedTensorType>(arg.getType()))
      return emitError(arg.getLoc()) << "cannot emit a tensor parameter as CUDA";
  return failure(result.wasInterrupted());
}

LogicalResult KernelEmitter::emitOperation(Operation &op) {
  if (isa<tt::ReturnOp>(op))
    return success();
  if (!liveOps.contains(&op))
    return success();
  // Before the tiled printers: an scf op's tensors may be of several
  // layouts.
  if (std::optional<LogicalResult> result =
          printControlFlowOperation(*this, op))
    return *result;
  // Before the tiled printers too: a reduction's results are in the slice
  // of its operands' layout.
  if (std::optional<LogicalResult> result = printCombineOperation(*this, op))
    return *result;
  if (tiled)
    if (std::optional<LogicalResult> result = printTiledOperation(*this, op))
      return *result;
  if (auto reduce = dyn_cast<tt::ReduceOp>(op))
    return printReduceOperation(*this, reduce);
  if (std::optional<LogicalResult> result = printAtomicOperation(*this, op))
    return *result;
  if (std::optional<LogicalResult> result = printTTOperation(*this, op))
    return *result;
  if (std::optional<LogicalResult> result = printDebugOperation(*this, op))
    return *result;
  if (std::optional<LogicalResult> result = printElementwiseOperation(*this, op))
    return *result;
  return op.emitOpError() << "cannot be emitted as CUDA by --emit-cuda";
}

LogicalResult KernelEmitter::emitBlock(Block &block) {
  for (Operation *op : getEmissionOrder(block))
    if (!op->hasTrait<OpTrait::IsTerminator>() || isa<tt::ReturnOp>(op))
      if (failed(emitOperation(*op)))
        return failure();
  return success();
}

bool KernelEmitter::isInLoop(Operation *op) const {
  for (Operation *parent = op->getParentOp(); parent && parent != kernel;
       parent = parent->getParentOp())
    if (isa<scf::ForOp, scf::WhileOp>(parent))
      return true;
  return false;
}

unsigned KernelEmitter::fullRegisterCount(Type type) const {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor)
    return 1;
  if (tiled)
    return tt::getTotalElemsPerThread(tt::getLayoutEncoding(tensor),
                                      tensor.getShape());
  return getLanesPerThread();
}

FailureOr<SmallVector<std::string>>
KernelEmitter::declareVariables(Value named, unsigned count,
                                ArrayRef<std::string> inits) {
  FailureOr<std::string> type = declaredType(*this, named, /*isConst=*/false);
  if (failed(type))
    return failure();
  SmallVector<std::string> registers = registerNames(*this, named, count);
  for (unsigned r = 0; r < count; ++r) {
    bodyStream << *type << " " << registers[r];
    if (!inits.empty())
      bodyStream << " = " << inits[r];
    bodyStream << ";\n";
  }
  return registers;
}

LogicalResult KernelEmitter::emit(raw_ostream &os) {
  if (kernel.isExternal())
    return kernel.emitOpError()
           << "has no body; only defined kernels can be emitted as CUDA";
  if (!kernel.getBody().hasOneBlock())
    return kernel.emitOpError()
           << "has more than one block; the CUDA emitter handles "
              "straight-line kernels only";
  if (failed(tt::checkElementTypes(kernel, isCUDAElementType,
                                   "the CUDA C++ route")))
    return failure();
  if (failed(assignNames()))
    return failure();
  if (tiled && failed(verifyTiledTypes()))
    return failure();
  findStoredPointers();
  findLiveOps();

  // Parameters.
  SmallVector<std::string> params;
  for (BlockArgument arg : kernel.getArguments()) {
    FailureOr<std::string> type = getCType(arg.getType(), arg.getLoc());
    if (failed(type))
      return failure();
    std::string param = *type;
    if (isa<tt::PointerType>(arg.getType())) {
      if (!isStoredThrough(arg))
        param = "const " + param;
      if (options.restrictPointers)
        param += " __restrict__";
    }
    spellings[arg] = {names[arg]};
    params.push_back(param + " " + names[arg]);
  }
  for (int axis = 0; axis < 2; ++axis) {
    gridSizeParams[axis] = freshName("num_programs_" + std::to_string(axis));
    params.push_back("const int " + gridSizeParams[axis]);
  }

  // Before anything is printed: the scf ops the emitter has no form for
  // (their operands, such as an index, may have none either), and control
  // flow in packed programs, which would diverge around the barriers of a
  // loop or branch (and the packed program ids, declared on first use,
  // would be scoped to a region).
  WalkResult scf = kernel.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (!isa<scf::SCFDialect>(op->getDialect()))
      return WalkResult::advance();
    if (!isa<scf::ForOp, scf::IfOp, scf::WhileOp, scf::YieldOp,
             scf::ConditionOp>(op)) {
      // Its default case is the diagnostic.
      (void)printControlFlowOperation(*this, *op);
      return WalkResult::interrupt();
    }
    if (programsPerCTA > 1) {
      op->emitOpError() << "cannot be emitted as CUDA in a kernel of "
                           "programs_per_cta = "
                        << programsPerCTA
                        << ": kernels with control flow run one program "
                           "per CTA";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (scf.wasInterrupted())
    return failure();

  bodyStream.indent();
  if (failed(emitBlock(kernel.getBody().front())))
    return failure();
  bodyStream.unindent();
  dropUnreadRegisters();

  if (tiled)
    os << "// " << numThreads << " threads in " << numThreads / 32
       << " warps; each tensor is distributed over them by its layout.\n";
  else if (getLanesPerThread() > 1)
    os << "// " << numThreads << " threads, each owning " << getLanesPerThread()
       << " lanes of the " << blockSize << "-lane tensors in groups of "
       << getLanesPerGroup() << ".\n";
  os << "// Launch: blockDim (" << numThreads << ", " << programsPerCTA
     << ", 1), gridDim (ceil(g0 / " << programsPerCTA
     << ") * g1, g2, 1); the last two parameters are g0 and g1.\n";
  os << "extern \"C\" __global__ void __launch_bounds__("
     << numThreads * programsPerCTA << ") "
     << kernel.getSymName() << "(";
  llvm::interleaveComma(params, os);
  os << ") {\n";
  for (const std::string &decl : sharedDecls)
    os << "  " << decl << "\n";
  if (!scratchName.empty())
    // float4 elements: 16-byte aligned for any element type read through it.
    os << "  __shared__ float4 " << scratchName << "["
       << llvm::divideCeil(scratchBytes, 16) << "];\n";
  // The thread's coordinates in the layouts, those the body still reads.
  for (auto &[name, expression] : threadSumDecls)
    if (containsWord(bodyText, name))
      os << "  const int " << name << " = " << expression << ";\n";
  os << bodyText << "}\n";
  return success();
}
