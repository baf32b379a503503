//===- TTToVector.cpp - tt ops to host vector code ------------------------===//
//
// One program instance of a kernel becomes straight-line host code over
// vectors: lane i of a vector is thread i of the CUDA block (uniform
// kernels), or element i in row-major order of a tile (tiled kernels, see
// ShapeOps.cpp and AccessForms.cpp). Pointers become
// a flat buffer plus element offsets (i32, or i64 in a module with an i64
// tt.addptr, see getCPUOffsetBits), so a tensor of pointers is one
// buffer and a vector of offsets, which is what vector.gather/scatter and
// vector.maskedload/maskedstore consume. With bounds checks, each access
// first compares its enabled lanes' offsets with its buffer's size.
//
//===----------------------------------------------------------------------===//

#include "MyTriton/Conversion/TTToVector/Passes.h"
#include "DebugOps.h"
#include "Atomics.h"
#include "ShapeOps.h"
#include "MyTriton/Dialect/TT/IR/TTDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/DialectConversion.h"

#include <limits>

using namespace mlir;
using namespace mlir::mytriton;

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

/// The flat buffer a pointer to `pointee` points into.
static MemRefType getBufferType(Type pointee) {
  return MemRefType::get({ShapedType::kDynamic}, pointee);
}

unsigned mytriton::getCPUOffsetBits(ModuleOp module) {
  bool wide = module
                  .walk([](tt::AddPtrOp op) {
                    return getElementTypeOrSelf(op.getOffset().getType())
                                   .isInteger(64)
                               ? WalkResult::interrupt()
                               : WalkResult::advance();
                  })
                  .wasInterrupted();
  return wide ? 64 : 32;
}

void mytriton::populateTTToVectorTypeConversions(TypeConverter &converter,
                                                 unsigned offsetBits) {
  // Scalars other than pointers (f32, i32, i1, index, ...) stay as they are.
  converter.addConversion([](Type type) { return type; });
  converter.addConversion(
      [offsetBits](tt::PointerType ptr, SmallVectorImpl<Type> &results)
          -> std::optional<LogicalResult> {
        results.push_back(getBufferType(ptr.getPointeeType()));
        results.push_back(IntegerType::get(ptr.getContext(), offsetBits));
        return success();
      });
  converter.addConversion(
      [offsetBits](RankedTensorType tensor,
         SmallVectorImpl<Type> &results) -> std::optional<LogicalResult> {
        // Any rank: the flat vector of the elements in row-major order (see
        // ShapeOps.cpp); an encoding, if any, means nothing on the host.
        if (tensor.getRank() < 1)
          return failure();
        int64_t numElements = tensor.getNumElements();
        Type element = tensor.getElementType();
        if (auto ptr = dyn_cast<tt::PointerType>(element)) {
          results.push_back(getBufferType(ptr.getPointeeType()));
          results.push_back(VectorType::get(
              {numElements},
              IntegerType::get(tensor.getContext(), offsetBits)));
          return success();
        }
        results.push_back(VectorType::get({numElements}, element));
        return success();
      });
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// An offset (i32 or i64 scalar) as a memref index; index_cast
/// sign-extends, as the GPU's `p + off` does.
static Value toIndex(OpBuilder &b, Location loc, Value offset) {
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), offset);
}

static Value allTrue(OpBuilder &b, Location loc, VectorType like) {
  auto maskType = VectorType::get(like.getShape(), b.getI1Type());
  return arith::ConstantOp::create(b, loc,
                                   DenseElementsAttr::get(maskType, true));
}

/// Lane offsets written as `sum(scalars) + constant + stride * lane`.
struct LaneAffine {
  SmallVector<Value> scalars;
  int64_t constant = 0;
  int64_t stride = 0;
};

/// Recognizes the offset vectors that address consecutive elements: sums of
/// broadcast scalars and constant arithmetic sequences, which is what
/// `splat(row * n) + make_range` lowers to (in i64, `make_range` is
/// sign-extended: extsi of a constant is exact; of anything else it is not
/// matched, since sext(a + b) differs from sext(a) + sext(b) on overflow).
static std::optional<LaneAffine> matchLaneAffine(Value offsets,
                                                 unsigned depth = 0) {
  if (depth > 8)
    return std::nullopt;
  Operation *def = offsets.getDefiningOp();
  if (!def)
    return std::nullopt;
  if (auto cst = dyn_cast<arith::ConstantOp>(def)) {
    auto dense = dyn_cast<DenseIntElementsAttr>(cst.getValue());
    if (!dense)
      return std::nullopt;
    SmallVector<int64_t> values;
    for (const APInt &v : dense.getValues<APInt>())
      values.push_back(v.getSExtValue());
    LaneAffine result;
    result.constant = values.front();
    result.stride = values.size() > 1 ? values[1] - values[0] : 0;
    for (auto [lane, v] : llvm::enumerate(values))
      if (v != result.constant + result.stride * int64_t(lane))
        return std::nullopt;
    return result;
  }
  if (auto ext = dyn_cast<arith::ExtSIOp>(def)) {
    if (!matchPattern(ext.getIn(), m_Constant()))
      return std::nullopt;
    return matchLaneAffine(ext.getIn(), depth + 1);
  }
  if (auto splat = dyn_cast<vector::BroadcastOp>(def)) {
    if (isa<VectorType>(splat.getSource().getType()))
      return std::nullopt;
    LaneAffine result;
    result.scalars.push_back(splat.getSource());
    return result;
  }
  if (auto add = dyn_cast<arith::AddIOp>(def)) {
    auto lhs = matchLaneAffine(add.getLhs(), depth + 1);
    if (!lhs)
      return std::nullopt;
    auto rhs = matchLaneAffine(add.getRhs(), depth + 1);
    if (!rhs)
      return std::nullopt;
    lhs->scalars.append(rhs->scalars);
    lhs->constant += rhs->constant;
    lhs->stride += rhs->stride;
    return lhs;
  }
  return std::nullopt;
}

/// When every lane's offset is `start + lane`, returns `start` as an index
/// (lane 0's element), so the access is one contiguous vector access.
static Value getContiguousStart(OpBuilder &b, Location loc, Value offsets) {
  auto type = cast<VectorType>(offsets.getType());
  if (type.getNumElements() == 1) {
    Value first = vector::ExtractOp::create(b, loc, offsets, int64_t(0));
    return toIndex(b, loc, first);
  }
  std::optional<LaneAffine> affine = matchLaneAffine(offsets);
  if (!affine || affine->stride != 1)
    return Value();
  Value start = arith::ConstantOp::create(
      b, loc, b.getIntegerAttr(type.getElementType(), affine->constant));
  for (Value scalar : affine->scalars)
    start = arith::AddIOp::create(b, loc, start, scalar);
  return toIndex(b, loc, start);
}

/// Converts `type` that must map to exactly one type.
static Type convertOne(const TypeConverter *converter, Type type) {
  SmallVector<Type> converted;
  if (failed(converter->convertType(type, converted)) || converted.size() != 1)
    return Type();
  return converted.front();
}

/// The single value of an optional operand of a 1:N adaptor, or null.
static Value optionalOperand(ValueRange values) {
  return values.empty() ? Value() : values.front();
}

//===----------------------------------------------------------------------===//
// Tiled accesses (see AccessForms.cpp)
//===----------------------------------------------------------------------===//

/// The access form markTiledAccessForms gave `op`, or "" (uniform kernels).
static StringRef getAccessForm(Operation *op) {
  auto form = op->getAttrOfType<StringAttr>(kCPUAccessFormAttrName);
  return form ? form.getValue() : StringRef();
}

/// The row length of the tensor of pointers `ptr`: its last extent.
static int64_t getRowLength(Value ptr) {
  return cast<RankedTensorType>(ptr.getType()).getShape().back();
}

/// Elements [first, first + length) of the flat vector `v`.
static Value slice(OpBuilder &b, Location loc, Value v, int64_t first,
                   int64_t length) {
  if (cast<VectorType>(v.getType()).getNumElements() == length)
    return v;
  return vector::ExtractStridedSliceOp::create(b, loc, v, {first}, {length},
                                               {1});
}

/// The concatenation of `parts` (1-D vectors of one element type), as a
/// balanced tree of shuffles: inserting each part into the whole vector
/// would make LLVM split one whole-width shuffle per part.
static Value concat(OpBuilder &b, Location loc, SmallVector<Value> parts) {
  while (parts.size() > 1) {
    SmallVector<Value> joined;
    for (size_t i = 0; i + 1 < parts.size(); i += 2) {
      int64_t n = cast<VectorType>(parts[i].getType()).getNumElements() +
                  cast<VectorType>(parts[i + 1].getType()).getNumElements();
      joined.push_back(vector::ShuffleOp::create(
          b, loc, parts[i], parts[i + 1],
          llvm::to_vector(llvm::seq<int64_t>(0, n))));
    }
    if (parts.size() % 2)
      joined.push_back(parts.back());
    parts = std::move(joined);
  }
  return parts.front();
}

/// The start of a row of unit-stride offsets: its first offset, as an index.
static Value rowStart(OpBuilder &b, Location loc, Value offsets,
                      int64_t first) {
  return toIndex(b, loc, vector::ExtractOp::create(b, loc, offsets, first));
}

/// Where a tensor access `op` through `ptr`, at `offsets`, starts when it is one vector
/// access (lane 0's element as an index; null otherwise), and the form of
/// the access otherwise ("" for a gather/scatter). Offsets the lowering sees
/// are contiguous (scalars plus [0..N)) and a single row of the "rows" form
/// (contiguous by the form analysis, e.g. carried through a loop) start at
/// their lane 0.
static std::pair<Value, StringRef>
getAccessStart(OpBuilder &b, Operation *op, Value ptr, Value offsets) {
  auto type = dyn_cast<VectorType>(offsets.getType());
  if (!type)
    return {Value(), StringRef()};
  Location loc = op->getLoc();
  if (Value start = getContiguousStart(b, loc, offsets))
    return {start, StringRef()};
  StringRef form = getAccessForm(op);
  if (form == kCPUAccessRows &&
      getRowLength(ptr) == type.getNumElements())
    return {rowStart(b, loc, offsets, 0), StringRef()};
  return {Value(), form};
}

/// A load whose offsets are unit-stride along rows of `rowLength`: one
/// (masked) vector load per row.
static Value loadRows(OpBuilder &b, Location loc, VectorType type,
                      Value buffer, Value offsets, Value mask, Value other,
                      int64_t rowLength) {
  auto rowType = VectorType::get({rowLength}, type.getElementType());
  SmallVector<Value> rows;
  for (int64_t first = 0, e = type.getNumElements(); first < e;
       first += rowLength) {
    Value start = rowStart(b, loc, offsets, first);
    if (mask)
      rows.push_back(vector::MaskedLoadOp::create(
          b, loc, rowType, buffer, ValueRange{start},
          slice(b, loc, mask, first, rowLength),
          slice(b, loc, other, first, rowLength)));
    else
      rows.push_back(
          vector::LoadOp::create(b, loc, rowType, buffer, ValueRange{start}));
  }
  return concat(b, loc, std::move(rows));
}

/// A store whose offsets are unit-stride along rows of `rowLength`.
static void storeRows(OpBuilder &b, Location loc, Value value, Value buffer,
                      Value offsets, Value mask, int64_t rowLength) {
  int64_t numElements = cast<VectorType>(value.getType()).getNumElements();
  for (int64_t first = 0; first < numElements; first += rowLength) {
    Value start = rowStart(b, loc, offsets, first);
    Value row = slice(b, loc, value, first, rowLength);
    if (mask)
      vector::MaskedStoreOp::create(b, loc, buffer, ValueRange{start},
                                    slice(b, loc, mask, first, rowLength),
                                    row);
    else
      vector::StoreOp::create(b, loc, row, buffer, ValueRange{start});
  }
}

/// A stack buffer holding `value` (a 1-D vector; i1 lanes as i8), allocated
/// at the kernel's entry so that it is one stack slot.
static Value spill(OpBuilder &b, Location loc, Value value) {
  auto type = cast<VectorType>(value.getType());
  if (type.getElementType().isInteger(1)) {
    type = VectorType::get(type.getShape(), b.getI8Type());
    value = arith::ExtUIOp::create(b, loc, type, value);
  }
  Value memory;
  {
    OpBuilder::InsertionGuard guard(b);
    auto kernel =
        b.getInsertionBlock()->getParent()->getParentOfType<func::FuncOp>();
    b.setInsertionPointToStart(&kernel.getBody().front());
    memory = memref::AllocaOp::create(
        b, loc, MemRefType::get(type.getShape(), type.getElementType()));
  }
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  vector::StoreOp::create(b, loc, value, memory, ValueRange{zero});
  return memory;
}

/// for (lane = 0; lane < numLanes; ++lane) if (mask[lane]) body(lane, offset
/// of the lane as an index): the lanes of an access one at a time, read
/// from stack buffers, so that the code does not grow with the tile.
static void forEachLane(
    OpBuilder &b, Location loc, int64_t numLanes, Value offsets, Value mask,
    function_ref<void(OpBuilder &, Location, Value, Value)> body) {
  Value offsetMemory = spill(b, loc, offsets);
  Value maskMemory = mask ? spill(b, loc, mask) : Value();
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value upper = arith::ConstantIndexOp::create(b, loc, numLanes);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  scf::ForOp::create(
      b, loc, zero, upper, one, ValueRange(),
      [&](OpBuilder &b, Location loc, Value lane, ValueRange) {
        auto access = [&](OpBuilder &b, Location loc) {
          Value offset = memref::LoadOp::create(b, loc, offsetMemory, lane);
          body(b, loc, lane, toIndex(b, loc, offset));
        };
        if (maskMemory) {
          Value flag = memref::LoadOp::create(b, loc, maskMemory, lane);
          Value off = arith::ConstantOp::create(b, loc, b.getI8IntegerAttr(0));
          Value on = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                           flag, off);
          scf::IfOp::create(b, loc, on, [&](OpBuilder &b, Location loc) {
            access(b, loc);
            scf::YieldOp::create(b, loc);
          });
        } else {
          access(b, loc);
        }
        scf::YieldOp::create(b, loc);
      });
}

/// A load of arbitrary offsets: lane by lane into a stack buffer that starts
/// as `other`.
static Value loadLanes(OpBuilder &b, Location loc, VectorType type,
                       Value buffer, Value offsets, Value mask, Value other) {
  if (!other)
    other = arith::ConstantOp::create(b, loc,
                                      cast<TypedAttr>(b.getZeroAttr(type)));
  Value result = spill(b, loc, other);
  forEachLane(b, loc, type.getNumElements(), offsets, mask,
              [&](OpBuilder &b, Location loc, Value lane, Value index) {
                Value v = memref::LoadOp::create(b, loc, buffer, index);
                memref::StoreOp::create(b, loc, v, result, lane);
              });
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  return vector::LoadOp::create(b, loc, type, result, ValueRange{zero});
}

/// A store to arbitrary offsets, lane by lane in lane order.
static void storeLanes(OpBuilder &b, Location loc, Value value, Value buffer,
                       Value offsets, Value mask) {
  Value values = spill(b, loc, value);
  int64_t numLanes = cast<VectorType>(value.getType()).getNumElements();
  forEachLane(b, loc, numLanes, offsets, mask,
              [&](OpBuilder &b, Location loc, Value lane, Value index) {
                Value v = memref::LoadOp::create(b, loc, values, lane);
                memref::StoreOp::create(b, loc, v, buffer, index);
              });
}

//===----------------------------------------------------------------------===//
// Bounds checks
//===----------------------------------------------------------------------===//

/// The converted kernel function around `op` while it is being lowered: its
/// last four arguments are the error record and the program ids x, y, z.
func::FuncOp mytriton::getCheckedKernel(Operation *op) {
  auto kernel = op->getParentOfType<func::FuncOp>();
  if (!kernel || kernel.getNumArguments() < 4 ||
      kernel.getFunctionType().getNumResults() != 1)
    return func::FuncOp();
  return kernel;
}

/// An integer vector constant of `type` (i32 or i64 lanes) with lane i =
/// `value(i)`.
static Value laneConstant(OpBuilder &b, Location loc, VectorType type,
                          function_ref<int64_t(int64_t)> value) {
  unsigned width = type.getElementTypeBitWidth();
  SmallVector<APInt> lanes;
  for (int64_t lane = 0, e = type.getNumElements(); lane < e; ++lane)
    lanes.push_back(APInt(width, value(lane), /*isSigned=*/true));
  return arith::ConstantOp::create(b, loc,
                                   DenseIntElementsAttr::get(type, lanes));
}

/// Whether a lane of `offsets` (vector<Nxi32> or <Nxi64>) that `mask`
/// enables (all when null) is at or past `bound` (of the offsets' type,
/// compared unsigned). Computed as the
/// largest enabled offset (masked-off lanes count as 0), a max reduction
/// over the offsets: x86 code generation scalarizes or-reductions of wide i1
/// vectors. An empty buffer (bound 0) makes every enabled lane bad, which
/// that maximum cannot tell from no enabled lane, so it asks the mask.
static Value anyLaneOutside(OpBuilder &b, Location loc, Value offsets,
                            Value mask, Value bound) {
  auto type = cast<VectorType>(offsets.getType());
  Value enabled = offsets;
  Value zeros = laneConstant(b, loc, type, [](int64_t) { return 0; });
  if (mask)
    enabled = arith::SelectOp::create(b, loc, mask, offsets, zeros);
  Value largest = vector::ReductionOp::create(
      b, loc, vector::CombiningKind::MAXUI, enabled);
  Value outside = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge,
                                        largest, bound);
  if (!mask)
    return outside;
  Value zero = arith::ConstantOp::create(
      b, loc, b.getIntegerAttr(type.getElementType(), 0));
  Value empty =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, bound, zero);
  auto ifEmpty = scf::IfOp::create(
      b, loc, empty,
      [&](OpBuilder &b, Location loc) {
        Value ones = laneConstant(b, loc, type, [](int64_t) { return 1; });
        Value flags = arith::SelectOp::create(b, loc, mask, ones, zeros);
        Value anyEnabled = vector::ReductionOp::create(
            b, loc, vector::CombiningKind::MAXUI, flags);
        Value result = arith::CmpIOp::create(
            b, loc, arith::CmpIPredicate::ne, anyEnabled, zero);
        scf::YieldOp::create(b, loc, result);
      },
      [&](OpBuilder &b, Location loc) {
        scf::YieldOp::create(b, loc, outside);
      });
  return ifEmpty.getResult(0);
}

/// The offset of the first lane (in lane order) of `offsets` that `mask`
/// enables and that is at or past `bound`, of the offsets' type.
static Value getFirstBadOffset(OpBuilder &b, Location loc, Value offsets,
                               Value mask, Value bound) {
  auto type = cast<VectorType>(offsets.getType());
  int64_t numLanes = type.getNumElements();
  Value bounds = vector::BroadcastOp::create(b, loc, type, bound);
  Value bad = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge,
                                    offsets, bounds);
  if (mask)
    bad = arith::AndIOp::create(b, loc, bad, mask);
  Value lanes = laneConstant(b, loc, type, [](int64_t lane) { return lane; });
  Value none = laneConstant(b, loc, type, [&](int64_t) { return numLanes; });
  Value candidates = arith::SelectOp::create(b, loc, bad, lanes, none);
  Value first = vector::ReductionOp::create(
      b, loc, vector::CombiningKind::MINUI, candidates);
  Value index = arith::IndexCastOp::create(b, loc, b.getIndexType(), first);
  return vector::ExtractOp::create(b, loc, offsets,
                                   ArrayRef<OpFoldResult>{index});
}

/// The per-lane form of the check, for tiled accesses whose vectors can be
/// thousands of lanes wide (a whole-vector select and reduction there makes
/// one basic block that LLVM's schedulers take minutes over): a loop over
/// the lanes, from stack buffers, that finds the first enabled lane at or
/// past `bound`. Returns (whether there is one, its offset).
static std::pair<Value, Value> findFirstLaneOutside(OpBuilder &b,
                                                    Location loc,
                                                    Value offsets, Value mask,
                                                    Value bound) {
  int64_t numLanes = cast<VectorType>(offsets.getType()).getNumElements();
  Value offsetMemory = spill(b, loc, offsets);
  Value maskMemory = mask ? spill(b, loc, mask) : Value();
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value none = arith::ConstantIndexOp::create(b, loc, numLanes);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  auto loop = scf::ForOp::create(
      b, loc, zero, none, one, ValueRange{none},
      [&](OpBuilder &b, Location loc, Value lane, ValueRange first) {
        Value offset = memref::LoadOp::create(b, loc, offsetMemory, lane);
        Value bad = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge,
                                          offset, bound);
        if (maskMemory) {
          Value flag = memref::LoadOp::create(b, loc, maskMemory, lane);
          Value off = arith::ConstantOp::create(b, loc, b.getI8IntegerAttr(0));
          Value on = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                           flag, off);
          bad = arith::AndIOp::create(b, loc, bad, on);
        }
        Value unset = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                            first[0], none);
        Value isFirst = arith::AndIOp::create(b, loc, bad, unset);
        Value next = arith::SelectOp::create(b, loc, isFirst, lane, first[0]);
        scf::YieldOp::create(b, loc, next);
      });
  Value first = loop.getResult(0);
  Value found = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, first,
                                      none);
  // Lane 0 when none is bad: the report that reads it does not run then.
  Value lane = arith::SelectOp::create(b, loc, found, first, zero);
  Value offset = memref::LoadOp::create(b, loc, offsetMemory, lane);
  return {found, offset};
}

/// The error record's element slot is i32: an i64 offset outside its range
/// is reported saturated (INT32_MIN or INT32_MAX).
static Value toRecordElement(OpBuilder &b, Location loc, Value offset) {
  if (offset.getType().isInteger(32))
    return offset;
  Type i64 = offset.getType();
  Value lowest = arith::ConstantOp::create(
      b, loc, b.getIntegerAttr(i64, std::numeric_limits<int32_t>::min()));
  Value highest = arith::ConstantOp::create(
      b, loc, b.getIntegerAttr(i64, std::numeric_limits<int32_t>::max()));
  Value clamped = arith::MaxSIOp::create(b, loc, offset, lowest);
  clamped = arith::MinSIOp::create(b, loc, clamped, highest);
  return arith::TruncIOp::create(b, loc, b.getI32Type(), clamped);
}

/// In front of the access `op` into `buffer` at `offsets` (i32 or i64,
/// scalar or vector): are any lanes enabled by `mask` (all when null)
/// outside the buffer? Offsets are signed, so an unsigned compare with the
/// size (for i32 offsets min(size, 2^31)) catches both negative offsets
/// and those at or past the end. A lane-contiguous access (`start`: lane 0's element as an index)
/// first asks whether its whole block lies inside, two scalar compares; only
/// a block that crosses an end of the buffer looks at its lanes. If any lane
/// is bad, an scf.if marked kCPUBoundsFailAttrName writes the access id, the
/// program id and the first bad lane's offset to the error record; the pass
/// turns it into an early return, so the access never runs. `perLane`
/// (tiled accesses) looks at the lanes in a loop instead.
LogicalResult mytriton::emitBoundsCheck(OpBuilder &b, Operation *op,
                                        Value buffer, Value offsets,
                                        Value mask, Value start,
                                        bool perLane) {
  auto id = op->getAttrOfType<IntegerAttr>(kCPUAccessIdAttrName);
  func::FuncOp kernel = getCheckedKernel(op);
  if (!id || !kernel)
    return failure();
  Location loc = op->getLoc();
  unsigned numArgs = kernel.getNumArguments();
  Value record = kernel.getArgument(numArgs - 4);

  Value size = memref::DimOp::create(b, loc, buffer, 0);
  Type offsetType = getElementTypeOrSelf(offsets.getType());
  Value limit = size;
  if (offsetType.isInteger(32)) {
    Value maxOffsets =
        arith::ConstantIndexOp::create(b, loc, int64_t(1) << 31);
    limit = arith::MinUIOp::create(b, loc, size, maxOffsets);
  }
  Value bound = arith::IndexCastUIOp::create(b, loc, offsetType, limit);
  auto vectorType = dyn_cast<VectorType>(offsets.getType());
  Value any, firstBad;
  if (!vectorType) {
    any = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, offsets,
                                bound);
    if (mask)
      any = arith::AndIOp::create(b, loc, any, mask);
  } else if (start) {
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value lastLane =
        arith::ConstantIndexOp::create(b, loc, vectorType.getNumElements() - 1);
    Value last = arith::AddIOp::create(b, loc, start, lastLane);
    Value fromStart =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, start, zero);
    Value toEnd =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, last, size);
    Value inside = arith::AndIOp::create(b, loc, fromStart, toEnd);
    auto ifInside = scf::IfOp::create(
        b, loc, inside,
        [&](OpBuilder &b, Location loc) {
          Value no = arith::ConstantOp::create(b, loc, b.getBoolAttr(false));
          scf::YieldOp::create(b, loc, no);
        },
        [&](OpBuilder &b, Location loc) {
          scf::YieldOp::create(
              b, loc, anyLaneOutside(b, loc, offsets, mask, bound));
        });
    any = ifInside.getResult(0);
  } else if (perLane) {
    std::tie(any, firstBad) =
        findFirstLaneOutside(b, loc, offsets, mask, bound);
  } else {
    any = anyLaneOutside(b, loc, offsets, mask, bound);
  }

  auto report = scf::IfOp::create(b, loc, any, [&](OpBuilder &b,
                                                   Location loc) {
    Value element = firstBad     ? firstBad
                    : vectorType ? getFirstBadOffset(b, loc, offsets, mask,
                                                     bound)
                                 : offsets;
    auto store = [&](Value value, int field) {
      Value index = arith::ConstantIndexOp::create(b, loc, field);
      memref::StoreOp::create(b, loc, value, record, index);
    };
    store(arith::ConstantOp::create(
              b, loc, b.getI32IntegerAttr(static_cast<int32_t>(id.getInt()))),
          kCPUErrorAccessId);
    store(kernel.getArgument(numArgs - 3), kCPUErrorProgramIdX);
    store(kernel.getArgument(numArgs - 2), kCPUErrorProgramIdY);
    store(kernel.getArgument(numArgs - 1), kCPUErrorProgramIdZ);
    store(toRecordElement(b, loc, element), kCPUErrorElement);
    scf::YieldOp::create(b, loc);
  });
  report->setAttr(kCPUBoundsFailAttrName, b.getUnitAttr());
  return success();
}


namespace {

/// A pattern that knows whether accesses are bounds-checked.
template <typename SourceOp>
struct CheckedOpConversionPattern : public OpConversionPattern<SourceOp> {
  CheckedOpConversionPattern(const TypeConverter &converter,
                             MLIRContext *context, bool boundsCheck)
      : OpConversionPattern<SourceOp>(converter, context),
        boundsCheck(boundsCheck) {}

  bool boundsCheck;
};

//===----------------------------------------------------------------------===//
// Kernel structure
//===----------------------------------------------------------------------===//

/// tt.func @k -> private func.func @k(converted args, pid x/y/z) that runs one
/// program, plus public func.func @k_grid(buffers and scalars, grid x/y/z,
/// error record) that runs every program of the grid. With bounds checks
/// the kernel also takes the error record (before the program ids) and
/// returns true when it stopped at a bad access, which ends the grid. A
/// kernel that reads tl.num_programs takes the grid sizes x/y/z before
/// those (kernelTakesGridSizes).
struct FuncOpLowering : public CheckedOpConversionPattern<tt::FuncOp> {
  using CheckedOpConversionPattern::CheckedOpConversionPattern;

  LogicalResult
  matchAndRewrite(tt::FuncOp func, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    const TypeConverter *converter = getTypeConverter();
    Location loc = func.getLoc();
    FunctionType type = func.getFunctionType();
    if (type.getNumResults() != 0)
      return rewriter.notifyMatchFailure(func, "kernels return nothing");
    if (func.isExternal())
      return func.emitOpError(
          "has no body; only defined kernels can run on the CPU");

    Type i32 = rewriter.getI32Type();
    TypeConverter::SignatureConversion signature(type.getNumInputs());
    SmallVector<Type> gridInputs;
    for (auto [index, input] : llvm::enumerate(type.getInputs())) {
      SmallVector<Type> converted;
      if (failed(converter->convertType(input, converted)) ||
          isa<RankedTensorType>(input))
        return func.emitOpError("cannot run an argument of type ")
               << input << " on the CPU";
      signature.addInputs(index, converted);
      gridInputs.push_back(converted.front());
    }
    auto recordType = MemRefType::get({ShapedType::kDynamic}, i32);
    bool gridSizes = kernelTakesGridSizes(func);
    if (gridSizes)
      signature.addInputs({i32, i32, i32}); // grid sizes x, y, z
    SmallVector<Type> results;
    if (boundsCheck) {
      signature.addInputs(recordType);
      results.push_back(rewriter.getI1Type()); // stopped at a bad access
    }
    signature.addInputs({i32, i32, i32}); // program ids x, y, z

    auto kernel = func::FuncOp::create(
        rewriter, loc, func.getName(),
        rewriter.getFunctionType(signature.getConvertedTypes(), results));
    kernel.setPrivate();
    rewriter.inlineRegionBefore(func.getBody(), kernel.getBody(),
                                kernel.end());
    rewriter.applySignatureConversion(&kernel.getBody().front(), signature,
                                      converter);

    gridInputs.append({i32, i32, i32}); // grid sizes x, y, z
    gridInputs.push_back(recordType);   // error record
    auto grid = func::FuncOp::create(
        rewriter, loc, (func.getName() + kCPUGridFunctionSuffix).str(),
        rewriter.getFunctionType(gridInputs, {}));
    buildGridBody(rewriter, loc, type, kernel, grid, boundsCheck, gridSizes);
    rewriter.eraseOp(func);
    return success();
  }

  /// for (i = 0; i < size && !stopped; ++i) stopped = body(i); returns
  /// whether the loop stopped early.
  static Value
  buildStoppableLoop(OpBuilder &b, Location loc, Value size,
                     function_ref<Value(OpBuilder &, Location, Value)> body) {
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value notStopped = arith::ConstantOp::create(b, loc, b.getBoolAttr(false));
    auto loop = scf::WhileOp::create(
        b, loc, TypeRange{b.getIndexType(), b.getI1Type()},
        ValueRange{zero, notStopped},
        [&](OpBuilder &b, Location loc, ValueRange state) {
          Value inRange = arith::CmpIOp::create(
              b, loc, arith::CmpIPredicate::ult, state[0], size);
          Value one = arith::ConstantOp::create(b, loc, b.getBoolAttr(true));
          Value running = arith::XOrIOp::create(b, loc, state[1], one);
          Value next = arith::AndIOp::create(b, loc, inRange, running);
          scf::ConditionOp::create(b, loc, next, state);
        },
        [&](OpBuilder &b, Location loc, ValueRange state) {
          Value stopped = body(b, loc, state[0]);
          Value one = arith::ConstantIndexOp::create(b, loc, 1);
          Value next = arith::AddIOp::create(b, loc, state[0], one);
          scf::YieldOp::create(b, loc, ValueRange{next, stopped});
        });
    return loop.getResult(1);
  }

  /// for x, y, z in grid: call @kernel(args, buffers at offset 0, x, y, z);
  /// with bounds checks the kernel also gets the error record, and the
  /// first program that stops at a bad access ends the walk.
  static void buildGridBody(ConversionPatternRewriter &rewriter, Location loc,
                            FunctionType kernelType, func::FuncOp kernel,
                            func::FuncOp grid, bool boundsCheck,
                            bool gridSizes) {
    OpBuilder::InsertionGuard guard(rewriter);
    Block *entry = grid.addEntryBlock();
    rewriter.setInsertionPointToStart(entry);
    unsigned numArgs = kernelType.getNumInputs();
    SmallVector<Value> callArgs;
    unsigned kernelArg = 0; // the kernel's argument for grid argument i
    for (unsigned i = 0; i < numArgs; ++i) {
      callArgs.push_back(entry->getArgument(i));
      ++kernelArg;
      if (isa<tt::PointerType>(kernelType.getInput(i))) {
        Type offsetType = kernel.getFunctionType().getInput(kernelArg++);
        callArgs.push_back(arith::ConstantOp::create(
            rewriter, loc, rewriter.getIntegerAttr(offsetType, 0)));
      }
    }
    if (gridSizes)
      for (unsigned axis : {0u, 1u, 2u})
        callArgs.push_back(entry->getArgument(numArgs + axis));
    if (boundsCheck)
      callArgs.push_back(entry->getArgument(numArgs + 3));
    Value lower = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value step = arith::ConstantIndexOp::create(rewriter, loc, 1);
    // x outermost: the seed's kernels put the row in program id 0 and the
    // column block in id 1, so x-outer walks row-major data sequentially.
    // (The GPU runs blocks in no defined order, so any order is correct.)
    SmallVector<Value> upper;
    for (unsigned axis : {0u, 1u, 2u})
      upper.push_back(arith::IndexCastOp::create(
          rewriter, loc, rewriter.getIndexType(),
          entry->getArgument(numArgs + axis)));
    auto callKernel = [&](OpBuilder &b, Location loc, ValueRange xyz) {
      SmallVector<Value> args = callArgs;
      for (Value id : xyz)
        args.push_back(arith::IndexCastOp::create(b, loc, b.getI32Type(), id));
      return func::CallOp::create(b, loc, kernel, args);
    };
    if (boundsCheck) {
      buildStoppableLoop(rewriter, loc, upper[0], [&](OpBuilder &b,
                                                      Location loc, Value x) {
        return buildStoppableLoop(b, loc, upper[1], [&](OpBuilder &b,
                                                        Location loc, Value y) {
          return buildStoppableLoop(
              b, loc, upper[2], [&](OpBuilder &b, Location loc, Value z) {
                return callKernel(b, loc, {x, y, z}).getResult(0);
              });
        });
      });
      func::ReturnOp::create(rewriter, loc);
      return;
    }
    scf::buildLoopNest(
        rewriter, loc, {lower, lower, lower}, upper, {step, step, step},
        [&](OpBuilder &b, Location loc, ValueRange xyz) {
          callKernel(b, loc, xyz);
        });
    func::ReturnOp::create(rewriter, loc);
  }
};

struct ReturnOpLowering : public OpConversionPattern<tt::ReturnOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tt::ReturnOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // A bounds-checked kernel returns whether it stopped early: not here.
    if (getCheckedKernel(op)) {
      Value completed = arith::ConstantOp::create(
          rewriter, op.getLoc(), rewriter.getBoolAttr(false));
      rewriter.replaceOpWithNewOp<func::ReturnOp>(op, completed);
      return success();
    }
    rewriter.replaceOpWithNewOp<func::ReturnOp>(op);
    return success();
  }
};

/// Program ids are the last three arguments of the converted kernel.
struct GetProgramIdOpLowering
    : public OpConversionPattern<tt::GetProgramIdOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tt::GetProgramIdOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto kernel = op->getParentOfType<func::FuncOp>();
    if (!kernel || kernel.getNumArguments() < 3)
      return rewriter.notifyMatchFailure(op, "kernel not converted yet");
    unsigned first = kernel.getNumArguments() - 3;
    rewriter.replaceOp(op, kernel.getArgument(first + op.getAxis()));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Values
//===----------------------------------------------------------------------===//

struct MakeRangeOpLowering : public OpConversionPattern<tt::MakeRangeOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tt::MakeRangeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast_or_null<VectorType>(
        convertOne(getTypeConverter(), op.getType()));
    if (!type)
      return failure();
    SmallVector<int32_t> lanes; // lane i holds start + i
    for (int64_t v = op.getStart(), e = op.getEnd(); v < e; ++v)
      lanes.push_back(v);
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(
        op, DenseIntElementsAttr::get(type, ArrayRef<int32_t>(lanes)));
    return success();
  }
};

/// Scalar -> every lane. A pointer splat keeps its buffer and broadcasts the
/// offset.
struct SplatOpLowering : public OpConversionPattern<tt::SplatOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tt::SplatOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> types;
    if (failed(getTypeConverter()->convertType(op.getType(), types)))
      return failure();
    ValueRange src = adaptor.getSrc();
    Location loc = op.getLoc();
    if (src.size() == 2) {
      Value offsets =
          vector::BroadcastOp::create(rewriter, loc, types[1], src[1]);
      SmallVector<SmallVector<Value>> replacement = {{src[0], offsets}};
      rewriter.replaceOpWithMultiple(op, std::move(replacement));
      return success();
    }
    rewriter.replaceOpWithNewOp<vector::BroadcastOp>(op, types[0], src[0]);
    return success();
  }
};

/// ptr + off: same buffer, offsets added in the module's offset type (i32
/// offsets wrap like the GPU's int; in an i64 module they are sign-extended
/// first, as the GPU's 64-bit `p + off` extends them).
struct AddPtrOpLowering : public OpConversionPattern<tt::AddPtrOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tt::AddPtrOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ValueRange ptr = adaptor.getPtr();
    Value offset = adaptor.getOffset().front();
    Type offsetType = ptr[1].getType();
    if (getElementTypeOrSelf(offset.getType()).getIntOrFloatBitWidth() >
        getElementTypeOrSelf(offsetType).getIntOrFloatBitWidth())
      return op.emitOpError("has an offset wider than the CPU lowering's "
                            "pointer offsets");
    if (offset.getType() != offsetType)
      offset = arith::ExtSIOp::create(rewriter, op.getLoc(), offsetType,
                                      offset);
    Value sum = arith::AddIOp::create(rewriter, op.getLoc(), ptr[1], offset);
    SmallVector<SmallVector<Value>> replacement = {{ptr[0], sum}};
    rewriter.replaceOpWithMultiple(op, std::move(replacement));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

struct LoadOpLowering : public CheckedOpConversionPattern<tt::LoadOp> {
  using CheckedOpConversionPattern::CheckedOpConversionPattern;

  LogicalResult
  matchAndRewrite(tt::LoadOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = convertOne(getTypeConverter(), op.getType());
    if (!type)
      return failure();
    Location loc = op.getLoc();
    Value buffer = adaptor.getPtr()[0], offset = adaptor.getPtr()[1];
    Value mask = optionalOperand(adaptor.getMask());
    Value other = optionalOperand(adaptor.getOther());
    auto vectorType = dyn_cast<VectorType>(type);
    if (boundsCheck && !getCheckedKernel(op))
      return rewriter.notifyMatchFailure(op, "kernel not converted yet");
    // Lane-contiguous offsets are one vector access in any kernel.
    auto [start, form] = getAccessStart(rewriter, op, op.getPtr(), offset);
    if (boundsCheck &&
        failed(emitBoundsCheck(rewriter, op, buffer, offset, mask, start,
                               /*perLane=*/!form.empty())))
      return op.emitOpError("has no access id for the CPU bounds check");
    if (!other && mask) // masked-off lanes read 0 without `other`
      other = arith::ConstantOp::create(
          rewriter, loc, cast<TypedAttr>(rewriter.getZeroAttr(type)));

    if (form == kCPUAccessRows) {
      rewriter.replaceOp(op, loadRows(rewriter, loc, vectorType, buffer,
                                      offset, mask, other,
                                      getRowLength(op.getPtr())));
      return success();
    }
    if (form == kCPUAccessLanes) {
      rewriter.replaceOp(op, loadLanes(rewriter, loc, vectorType, buffer,
                                       offset, mask, other));
      return success();
    }

    if (!vectorType) {
      rewriter.replaceOp(op, loadScalar(rewriter, loc, buffer, offset, mask,
                                        other));
      return success();
    }
    if (start) {
      if (mask)
        rewriter.replaceOpWithNewOp<vector::MaskedLoadOp>(
            op, vectorType, buffer, ValueRange{start}, mask, other);
      else
        rewriter.replaceOpWithNewOp<vector::LoadOp>(op, vectorType, buffer,
                                                    ValueRange{start});
      return success();
    }
    if (!mask) {
      mask = allTrue(rewriter, loc, vectorType);
      other = arith::ConstantOp::create(
          rewriter, loc, cast<TypedAttr>(rewriter.getZeroAttr(type)));
    }
    Value base = arith::ConstantIndexOp::create(rewriter, loc, 0);
    rewriter.replaceOpWithNewOp<vector::GatherOp>(
        op, vectorType, buffer, ValueRange{base}, offset, mask, other);
    return success();
  }

  /// A masked scalar load reads memory only when the mask is true.
  static Value loadScalar(OpBuilder &b, Location loc, Value buffer,
                          Value offset, Value mask, Value other) {
    Value index = toIndex(b, loc, offset);
    if (!mask)
      return memref::LoadOp::create(b, loc, buffer, index);
    auto ifOp = scf::IfOp::create(
        b, loc, mask,
        [&](OpBuilder &b, Location loc) {
          Value v = memref::LoadOp::create(b, loc, buffer, index);
          scf::YieldOp::create(b, loc, v);
        },
        [&](OpBuilder &b, Location loc) {
          scf::YieldOp::create(b, loc, other);
        });
    return ifOp.getResult(0);
  }
};

struct StoreOpLowering : public CheckedOpConversionPattern<tt::StoreOp> {
  using CheckedOpConversionPattern::CheckedOpConversionPattern;

  LogicalResult
  matchAndRewrite(tt::StoreOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value buffer = adaptor.getPtr()[0], offset = adaptor.getPtr()[1];
    Value value = adaptor.getValue().front();
    Value mask = optionalOperand(adaptor.getMask());
    auto vectorType = dyn_cast<VectorType>(value.getType());
    if (boundsCheck && !getCheckedKernel(op))
      return rewriter.notifyMatchFailure(op, "kernel not converted yet");
    // Lane-contiguous offsets are one vector access in any kernel.
    auto [start, form] = getAccessStart(rewriter, op, op.getPtr(), offset);
    if (boundsCheck &&
        failed(emitBoundsCheck(rewriter, op, buffer, offset, mask, start,
                               /*perLane=*/!form.empty())))
      return op.emitOpError("has no access id for the CPU bounds check");

    if (form == kCPUAccessRows) {
      storeRows(rewriter, loc, value, buffer, offset, mask,
                getRowLength(op.getPtr()));
      rewriter.eraseOp(op);
      return success();
    }
    if (form == kCPUAccessLanes) {
      storeLanes(rewriter, loc, value, buffer, offset, mask);
      rewriter.eraseOp(op);
      return success();
    }

    if (!vectorType) {
      // A scalar store happens once per program (thread 0 on the GPU).
      Value index = toIndex(rewriter, loc, offset);
      if (!mask) {
        memref::StoreOp::create(rewriter, loc, value, buffer, index);
      } else {
        scf::IfOp::create(rewriter, loc, mask, [&](OpBuilder &b, Location l) {
          memref::StoreOp::create(b, l, value, buffer, index);
          scf::YieldOp::create(b, l);
        });
      }
      rewriter.eraseOp(op);
      return success();
    }
    if (start) {
      if (mask)
        vector::MaskedStoreOp::create(rewriter, loc, buffer, ValueRange{start},
                                      mask, value);
      else
        vector::StoreOp::create(rewriter, loc, value, buffer,
                                ValueRange{start});
      rewriter.eraseOp(op);
      return success();
    }
    if (!mask)
      mask = allTrue(rewriter, loc, vectorType);
    Value base = arith::ConstantIndexOp::create(rewriter, loc, 0);
    vector::ScatterOp::create(rewriter, loc, /*result=*/Type(), buffer,
                              ValueRange{base}, offset, mask, value,
                              IntegerAttr());
    rewriter.eraseOp(op);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

/// tt.reduce -> vector.reduction. f32 max/min use maxnumf/minnumf, which
/// ignore NaN lanes unless all lanes are NaN (fmaxf/fminf); f32 sums may be
/// reassociated, as the GPU's tree reduction reassociates them.
struct ReduceOpLowering : public OpConversionPattern<tt::ReduceOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tt::ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value operand = adaptor.getOperand();
    bool isFloat = isa<FloatType>(op.getType());
    vector::CombiningKind kind;
    switch (op.getKind()) {
    case tt::ReduceKind::Sum:
      kind = vector::CombiningKind::ADD;
      break;
    case tt::ReduceKind::Max:
      kind = isFloat ? vector::CombiningKind::MAXNUMF
                     : vector::CombiningKind::MAXSI;
      break;
    case tt::ReduceKind::Min:
      kind = isFloat ? vector::CombiningKind::MINNUMF
                     : vector::CombiningKind::MINSI;
      break;
    }
    auto fastmath = (isFloat && kind == vector::CombiningKind::ADD)
                        ? arith::FastMathFlags::reassoc
                        : arith::FastMathFlags::none;
    rewriter.replaceOpWithNewOp<vector::ReductionOp>(op, kind, operand,
                                                     fastmath);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Elementwise arith/math on tensors
//===----------------------------------------------------------------------===//

/// A dense tensor constant becomes the same constant over a vector.
struct ConstantOpLowering : public OpConversionPattern<arith::ConstantOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(arith::ConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto dense = dyn_cast<DenseElementsAttr>(op.getValue());
    auto type = dyn_cast_or_null<VectorType>(
        convertOne(getTypeConverter(), op.getType()));
    if (!dense || !type)
      return rewriter.notifyMatchFailure(op, "not a dense tensor constant");
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, dense.reshape(type));
    return success();
  }
};

/// A select between pointers selects their offsets and, on a scalar
/// condition (what `a if c else b` and a folded scf.if on pointers give),
/// their buffers. Lanes of one tensor of pointers share one buffer on the
/// host, so a per-lane select between different buffers has no lowering.
struct PointerSelectOpLowering : public OpConversionPattern<arith::SelectOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(arith::SelectOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ValueRange lhs = adaptor.getTrueValue(), rhs = adaptor.getFalseValue();
    if (lhs.size() != 2)
      return rewriter.notifyMatchFailure(op, "not a pointer select");
    Value condition = adaptor.getCondition().front();
    Location loc = op.getLoc();
    Value buffer = lhs[0];
    if (lhs[0] != rhs[0]) {
      if (isa<VectorType>(condition.getType()))
        return op.emitOpError("selects lane by lane between pointers into "
                              "different buffers, which the CPU lowering "
                              "cannot express");
      buffer = arith::SelectOp::create(rewriter, loc, condition, lhs[0],
                                       rhs[0]);
    }
    Value offsets =
        arith::SelectOp::create(rewriter, loc, condition, lhs[1], rhs[1]);
    SmallVector<SmallVector<Value>> replacement = {{buffer, offsets}};
    rewriter.replaceOpWithMultiple(op, std::move(replacement));
    return success();
  }
};

/// Any other arith/math op on tensors: the same op on vectors.
struct ElementwiseOpLowering : public ConversionPattern {
  ElementwiseOpLowering(const TypeConverter &converter, MLIRContext *context)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/1,
                          context) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    Dialect *dialect = op->getDialect();
    if (!isa_and_nonnull<arith::ArithDialect, math::MathDialect>(dialect) ||
        op->getNumRegions() != 0 || isa<arith::ConstantOp>(op))
      return failure();
    SmallVector<Type> resultTypes;
    if (failed(getTypeConverter()->convertTypes(op->getResultTypes(),
                                                resultTypes)) ||
        resultTypes.size() != op->getNumResults())
      return rewriter.notifyMatchFailure(op, "pointer-typed arith op");
    OperationState state(op->getLoc(), op->getName(), operands, resultTypes,
                         op->getAttrs());
    rewriter.replaceOp(op, rewriter.create(state));
    return success();
  }
};

} // namespace

void mytriton::populateTTToVectorConversionPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns,
    bool boundsCheck) {
  MLIRContext *context = patterns.getContext();
  patterns.add<FuncOpLowering, LoadOpLowering, StoreOpLowering>(
      converter, context, boundsCheck);
  patterns.add<ReturnOpLowering, GetProgramIdOpLowering, MakeRangeOpLowering,
               SplatOpLowering, AddPtrOpLowering, ReduceOpLowering,
               ConstantOpLowering, ElementwiseOpLowering>(converter, context);
  patterns.add<PointerSelectOpLowering>(converter, context, /*benefit=*/2);
  populateTTToVectorShapePatterns(converter, patterns);
  populateTTToVectorDebugPatterns(converter, patterns);
  populateTTToVectorAtomicPatterns(converter, patterns, boundsCheck);
}
