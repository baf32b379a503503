//===- TestLayoutMap.cpp - print the layout index map of every value ------===//
//
// test-tt-layout-map: for every value whose type has a tt layout encoding
// (block arguments, then op results, in IR order), prints to stdout which
// element each register of each thread holds, as tt::getElementIndices
// computes it:
//
//   %arg0: 64x64, 128 threads x 32 registers
//     thread 0: [0, 0] [0, 1] [0, 2] [0, 3] [0, 16] ...
//
// For a slice it then prints thread 0's elements as indices of the parent
// tensor. With `owners`, it also prints, per row of a 1-D or 2-D tensor, the lowest
// thread that holds each element, and how many (thread, register) pairs
// hold each element (more than one under replication).
//
//===----------------------------------------------------------------------===//

#include "MyTriton/Dialect/TT/IR/Layouts.h"
#include "MyTriton/Dialect/TT/IR/TTDialect.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/raw_ostream.h"

#include <map>

using namespace mlir;
using namespace mlir::mytriton;

namespace {
struct TestLayoutMapPass
    : PassWrapper<TestLayoutMapPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestLayoutMapPass)

  TestLayoutMapPass() = default;
  TestLayoutMapPass(const TestLayoutMapPass &other) : PassWrapper(other) {}

  StringRef getArgument() const final { return "test-tt-layout-map"; }
  StringRef getDescription() const final {
    return "Print which element each register of each thread holds, for "
           "every value with a tt layout encoding";
  }

  Option<bool> owners{*this, "owners",
                      llvm::cl::desc("Also print each element's owning thread"),
                      llvm::cl::init(false)};

  void print(Value value, AsmState &state, raw_ostream &os) {
    Attribute layout = tt::getLayoutEncoding(value.getType());
    if (!layout)
      return;
    ArrayRef<int64_t> shape = cast<RankedTensorType>(value.getType()).getShape();
    unsigned threads = tt::getThreadsPerCTA(layout);
    int64_t registers = tt::getTotalElemsPerThread(layout, shape);
    value.printAsOperand(os, state);
    os << ": ";
    llvm::interleave(shape, os, "x");
    os << ", " << threads << " threads x " << registers << " registers\n";
    // The linear form lowerings emit from must agree with the map itself.
    tt::LayoutBases bases = tt::getLayoutBases(layout, shape);
    for (unsigned t = 0; t < threads; ++t)
      for (int64_t r = 0; r < registers; ++r) {
        SmallVector<int64_t> sum(bases.registerOffsets[r]);
        auto add = [&](ArrayRef<SmallVector<int64_t>> bits, unsigned id) {
          for (unsigned b = 0; b < bits.size(); ++b)
            if (id >> b & 1)
              for (unsigned d = 0; d < sum.size(); ++d)
                sum[d] += bits[b][d];
        };
        add(bases.laneBases, t % tt::kThreadsPerWarp);
        add(bases.warpBases, t / tt::kThreadsPerWarp);
        if (sum != tt::getElementIndex(layout, shape, t, r)) {
          os << "error: the linear bases disagree with the map at thread "
             << t << ", register " << r << "\n";
          return signalPassFailure();
        }
      }
    // Element -> (lowest thread, number of holders).
    std::map<SmallVector<int64_t>, std::pair<unsigned, int64_t>> holders;
    for (unsigned t = 0; t < threads; ++t) {
      os << "  thread " << t << ":";
      for (const SmallVector<int64_t> &index :
           tt::getElementIndices(layout, shape, t)) {
        os << " [";
        llvm::interleaveComma(index, os);
        os << "]";
        auto [it, inserted] = holders.try_emplace(index, t, 0);
        ++it->second.second;
      }
      os << "\n";
    }
    // A slice's elements name the parent's, a 1 inserted at `dim`.
    if (isa<tt::SliceEncodingAttr>(layout)) {
      os << "  thread 0 in the parent:";
      for (const SmallVector<int64_t> &index :
           tt::getElementIndices(layout, shape, 0)) {
        os << " [";
        llvm::interleaveComma(tt::getSliceParentIndex(layout, index), os);
        os << "]";
      }
      os << "\n";
    }
    if (!owners || shape.size() > 2)
      return;
    int64_t rows = shape.size() == 2 ? shape[0] : 1;
    int64_t cols = shape.back();
    for (int64_t i = 0; i < rows; ++i) {
      os << "  owners row " << i << ":";
      for (int64_t j = 0; j < cols; ++j) {
        SmallVector<int64_t> index =
            shape.size() == 2 ? SmallVector<int64_t>{i, j}
                              : SmallVector<int64_t>{j};
        auto it = holders.find(index);
        os << " ";
        if (it == holders.end())
          os << "-";
        else
          os << it->second.first;
      }
      os << "\n";
    }
    int64_t elements = rows * cols;
    int64_t minCopies = INT64_MAX, maxCopies = 0;
    for (auto &[index, holder] : holders) {
      minCopies = std::min(minCopies, holder.second);
      maxCopies = std::max(maxCopies, holder.second);
    }
    os << "  " << holders.size() << " of " << elements
       << " elements held, each by " << minCopies;
    if (maxCopies != minCopies)
      os << " to " << maxCopies;
    os << " (thread, register) pairs\n";
  }

  void runOnOperation() override {
    AsmState state(getOperation());
    raw_ostream &os = llvm::outs();
    getOperation().walk<WalkOrder::PreOrder>([&](Operation *op) {
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (BlockArgument arg : block.getArguments())
            print(arg, state, os);
      for (Value result : op->getResults())
        print(result, state, os);
    });
    os.flush();
  }
};
} // namespace

namespace mlir::mytriton {
void registerTestLayoutMapPass() { PassRegistration<TestLayoutMapPass>(); }
} // namespace mlir::mytriton
