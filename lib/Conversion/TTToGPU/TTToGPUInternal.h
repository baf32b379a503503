//===- TTToGPUInternal.h - shared pieces of convert-tt-to-gpu ----*- C++ -*-===//
//
// A thread owns E lanes of every tensor (E = lanes per thread of its
// tt.func), in groups of G consecutive lanes (tt.func's getLanesPerGroup,
// kept as kLanesPerGroupAttr: E up to 16 bytes of the narrowest accessed
// element, at least 4, else the largest power of two below that dividing E). With E == 1 a
// tensor value is the thread's scalar; with E > 1 it is a vector<E x T>
// whose element r is lane (r / G) * threads * G + thread * G + r % G.
// A CUDA block runs P = programs_per_cta programs (threadIdx.y), and the
// kernel takes the grid sizes g0, g1 as two trailing i32 arguments (the
// launch ABI is in tt.func's description).
//
//===----------------------------------------------------------------------===//

#ifndef MYTRITON_LIB_CONVERSION_TTTOGPU_TTTOGPUINTERNAL_H
#define MYTRITON_LIB_CONVERSION_TTTOGPU_TTTOGPUINTERNAL_H

#include "MyTriton/Dialect/TT/IR/Layouts.h"
#include "MyTriton/Dialect/TT/IR/TTDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

namespace mlir {
class TypeConverter;
namespace gpu {
class GPUFuncOp;
} // namespace gpu
namespace mytriton {

/// Threads per warp on every NVIDIA GPU.
constexpr int64_t kWarpSize = 32;

/// Discardable attribute the kernel pattern puts on each tt.reduce of a block
/// wider than a warp: the index of its workgroup buffer among the gpu.func's
/// workgroup attributions.
constexpr llvm::StringLiteral kReduceBufferAttr = "mytriton.workgroup_buffer";

/// Discardable unit attribute the kernel pattern puts on each tt.reduce that
/// must wait at a barrier before writing its buffer, whose earlier reads
/// (of a reduction on another path, or of itself an iteration ago) no
/// barrier has finished (ReductionBuffers.cpp).
constexpr llvm::StringLiteral kReduceBarrierBeforeAttr =
    "mytriton.barrier_before";

/// The workgroup buffers of a uniform kernel's block reductions wider than
/// a warp, one slot per warp each, and which one each reduction uses.
struct ReductionBufferPlan {
  struct Use {
    unsigned buffer;
    bool barrierBefore;
  };
  SmallVector<Type> bufferTypes;
  llvm::DenseMap<Operation *, Use> reductions;
};

/// Plans the reduction buffers of uniform `func` through its control flow
/// (ReductionBuffers.cpp): no two reductions that can follow each other
/// without a barrier in between share a buffer, up to two buffers per
/// element type, a leading barrier where both are still being read.
ReductionBufferPlan planReductionBuffers(tt::FuncOp func);

/// Discardable unit attribute the pass puts on each tt.load/tt.store whose
/// pointer tensor addresses consecutive elements (ContiguityAnalysis), so a
/// thread's lanes may be accessed with vector loads and stores.
constexpr llvm::StringLiteral kContiguousAttr = "mytriton.contiguous";

/// Discardable i64 attributes the pass puts next to kContiguousAttr: the
/// divisibility in bytes of the access's lane-0 address and the constancy of
/// its mask (ContiguityAnalysis). A vector access whose first address is a
/// multiple of its size by the former needs no run-time alignment test; one
/// whose mask is uniform over its lanes by the latter tests one mask bit.
/// On tiled accesses (next to kTiledContiguityAttr) they are TiledAxisInfo's
/// facts along the fastest dimension: the divisibility of the first address
/// of every aligned contiguous group and the mask's constancy.
constexpr llvm::StringLiteral kDivisibilityAttr = "mytriton.divisibility";
constexpr llvm::StringLiteral kMaskConstancyAttr = "mytriton.mask_constancy";

/// What the pass proved (kDivisibilityAttr, kMaskConstancyAttr on `op`) of
/// every chunk of `width` consecutive elements of `bytes` each that a load
/// or store accesses as one vector.
struct ChunkFacts {
  /// Its first address is a multiple of its size.
  bool aligned;
  /// Its mask bits are equal (or there is no mask).
  bool uniformMask;
};
ChunkFacts getChunkFacts(Operation *op, int64_t width, int64_t bytes,
                         bool hasMask);

/// Discardable unit attribute the pass puts on tt.get_program_id and tt.store
/// ops of kernels whose neighbouring blocks should follow grid axis 0
/// (isGridAxis0Fastest); without it axis 1 varies fastest. Either order is
/// correct under the launch ABI; the attribute only changes speed.
constexpr llvm::StringLiteral kGridAxis0FastestAttr =
    "mytriton.grid_axis0_fastest";

/// Lanes a thread holds in a value of the converted type `type`: the length
/// of a vector, 1 for a scalar.
int64_t getLanesPerThread(Type type);

/// Lane `lane` of a thread's value (the value itself when it is a scalar).
Value extractLane(OpBuilder &b, Location loc, Value value, int64_t lane);

/// A thread's value of converted type `type` from its lanes.
Value fromLanes(OpBuilder &b, Location loc, Type type, ValueRange lanes);

/// threadIdx.x as i32.
Value createThreadIdX(OpBuilder &b, Location loc);

/// Threads per program of the gpu.func holding `op` (blockDim.x of its
/// known_block_size).
int64_t getThreadsPerProgram(Operation *op);

/// Discardable i64 attribute of the gpu.func of a uniform kernel: G, its
/// tt.func's getLanesPerGroup (which depends on the element types the kernel
/// accesses, not only on E), where it is not tt::getLanesPerGroup(E).
constexpr llvm::StringLiteral kLanesPerGroupAttr = "mytriton.lanes_per_group";

/// G of the gpu.func holding `op`, for a thread owning `lanes` lanes.
int64_t getLanesPerGroup(Operation *op, int64_t lanes);

/// Program instances per CUDA block of the gpu.func holding `op`
/// (blockDim.y of its known_block_size).
int64_t getProgramsPerCTA(Operation *op);

/// The i32 kernel argument with the launch grid's size along `axis` (0, 1).
Value getGridSize(gpu::GPUFuncOp kernel, unsigned axis);

/// The unclamped axis-0 program index, as i32: blockIdx.x's axis-0 part
/// (blockIdx.x / g1, or blockIdx.x % ceil(g0 / P) when axis 0 varies
/// fastest) times P plus threadIdx.y.
Value createPackedProgramIndex(OpBuilder &b, Location loc,
                               gpu::GPUFuncOp kernel, bool axis0Fastest);

/// The axis-1 program index: blockIdx.x % g1, or blockIdx.x / ceil(g0 / P)
/// when axis 0 varies fastest.
Value createProgramIndex1(OpBuilder &b, Location loc, gpu::GPUFuncOp kernel,
                          bool axis0Fastest);

/// Whether this program lies inside the launch grid (P > 1 only: the last
/// block may hold programs past g0).
Value createProgramLive(OpBuilder &b, Location loc, gpu::GPUFuncOp kernel,
                        bool axis0Fastest);

/// tt.get_num_programs, tt.debug_barrier, tt.print and tt.assert, for
/// uniform and tiled kernels alike (DebugToGPU.cpp).
void populateTTDebugToGPUPatterns(const TypeConverter &typeConverter,
                                  RewritePatternSet &patterns);

/// 32-bit words of a chunk of `chunkBytes` that one predicated PTX access
/// moves (ld/st.global.b32, .v2.b32, .v4.b32); 0 for other sizes
/// (PredicatedAccesses.cpp).
int64_t getPredicatedWords(int64_t chunkBytes);

/// `@bit ld.global.v<words>.b32` of the chunk at `ptr` into registers first
/// set to `others` (a `chunkType` vector), in one inline PTX block with no
/// branch; has side effects, so nothing moves it across a store.
Value createPredicatedLoad(OpBuilder &b, Location loc, VectorType chunkType,
                           Value ptr, Value bit, Value others, int64_t words);

/// `@bit st.global.v<words>.b32 [ptr]` of the vector `part`.
void createPredicatedStore(OpBuilder &b, Location loc, Value ptr, Value bit,
                           Value part, int64_t words);

/// The load and store patterns (MemoryToGPU.cpp).
void populateTTMemoryToGPUPatterns(const TypeConverter &typeConverter,
                                   RewritePatternSet &patterns);

/// tt.atomic_rmw and tt.atomic_cas as PTX `atom` (AtomicsToGPU.cpp).
void populateTTAtomicsToGPUPatterns(const TypeConverter &typeConverter,
                                    RewritePatternSet &patterns);

/// Bytes of scratch a tiled tensor atomic needs to hand its old values to
/// the threads that replicate its elements (0: none, or the result unused).
int64_t getAtomicScratchBytes(Operation *op);

/// arith.truncf with a rounding mode, as PTX cvt with its modifier
/// (CastsToGPU.cpp), for uniform and tiled kernels alike.
void populateCastsToGPUPatterns(const TypeConverter &typeConverter,
                                RewritePatternSet &patterns);

/// Whether `op` is an arith.truncf naming a rounding mode: such an op is
/// illegal whatever its types, so that the pattern above sees it.
bool hasExplicitRounding(Operation *op);

/// Refuses, at the op, a truncation whose rounding mode has no cvt
/// modifier (to_nearest_away).
LogicalResult checkCastsLowerable(tt::FuncOp kernel);

/// The block reduction pattern (ReduceToGPU.cpp).
void populateTTReduceToGPUPatterns(const TypeConverter &typeConverter,
                                   RewritePatternSet &patterns);

/// `value` (any integer or float of up to 64 bits) of the lane whose index
/// is this lane's xor `offset`, among the first `width` lanes of the warp
/// (WarpShuffles.cpp: 16- and 8-bit values travel as the low bits of an
/// i32, 64-bit ones as two 32-bit halves).
Value createXorShuffle(OpBuilder &b, Location loc, Value value, int32_t offset,
                       int32_t width);

/// The reduction's combine step in the element type; max/min on floats
/// ignore NaN (fmaxf/fminf), on integers compare signed (the frontend flips
/// the sign bit of unsigned ones).
Value createReduceCombine(OpBuilder &b, Location loc, tt::ReduceKind kind,
                          Value lhs, Value rhs);

//===----------------------------------------------------------------------===//
// Tiled kernels (tt::hasImplicitLayout false): every tensor carries a layout
// encoding, a thread holds tt::getTotalElemsPerThread registers of it as a
// vector, register r being the element tt::getElementIndex(layout, shape,
// thread, r). Every index below is emitted from tt::getLayoutBases.
//===----------------------------------------------------------------------===//

/// Discardable i64 attribute the pass puts on tiled tt.load/tt.store ops:
/// how many consecutive elements along the fastest dimension (order[0]) of
/// the pointer tensor's layout address consecutive memory, in aligned runs
/// (TiledContiguity.cpp). Absent means 1.
constexpr llvm::StringLiteral kTiledContiguityAttr =
    "mytriton.tiled_contiguity";

/// Discardable i64 array attribute the pass puts on tiled mask ops
/// (arith.cmpi/cmpf, i1 andi/ori/xori) whose result TiledAxisInfo proves
/// constant over aligned groups along some dimensions: the class of each of
/// a thread's registers, registers of one class holding one value, so the op
/// is computed once per class (a mask `cols < N` of 8 registers per thread
/// is one predicate, not 8; `rows < M` over a thread's rows r, r + 4, ...
/// one per aligned group of rows).
constexpr llvm::StringLiteral kRegisterClassesAttr =
    "mytriton.register_classes";

/// The dimension of `layout` along which a thread's consecutive registers
/// run: order[0] of a blocked layout, its parent's first other than the
/// sliced one for a slice (renumbered without it).
unsigned getFastestDim(Attribute layout);

/// Marks the tiled kernel's loads, stores and asynchronous copies with
/// kTiledContiguityAttr and, on those, kDivisibilityAttr and
/// kMaskConstancyAttr (TiledAxisInfo's facts); its mask ops with
/// kRegisterClassesAttr.
void markTiledContiguity(tt::FuncOp kernel);

/// The thread's part of its elements' coordinates along every dimension of
/// a tensor with `bases`, as i32: the sum over the bits k of threadIdx.x of
/// bit k times its base (lane bits 0-4, warp bits from 5), which the
/// register offsets complete. Bases are distinct powers of two per
/// dimension, so the sum is a bitwise or of shifted bits.
SmallVector<Value> createThreadCoords(OpBuilder &b, Location loc,
                                      const tt::LayoutBases &bases);

/// The overflow flags of index arithmetic on element coordinates: indices
/// are below 2^20 times a few slots, so neither signed nor unsigned i32
/// arithmetic wraps. They let LLVM fold constant register offsets into the
/// address of a shared-memory access instead of keeping each 64-bit address
/// live (a tile's exchange otherwise spills under ptxas).
constexpr arith::IntegerOverflowFlags kIndexFlags =
    arith::IntegerOverflowFlags::nuw | arith::IntegerOverflowFlags::nsw;

/// sum_d coords[d] * strides[d] as i32.
Value createDot(OpBuilder &b, Location loc, ArrayRef<Value> coords,
                ArrayRef<int64_t> strides);

/// Row-major strides of `shape`.
SmallVector<int64_t> getRowMajorStrides(ArrayRef<int64_t> shape);

/// The mask of threadIdx.x bits that only replicate a tensor of `bases`
/// (lane and warp bits whose base is 0 along every dimension): the owner of
/// an element is the thread with these bits clear.
int64_t getReplicaThreadBits(const tt::LayoutBases &bases);

/// For each register, whether an earlier register of the same thread holds
/// the same element (a tensor smaller than its layout's tile).
SmallVector<bool> getDuplicateRegisters(const tt::LayoutBases &bases);

/// Bytes of the kernel's workgroup scratch buffer that tiled `op` needs
/// (0 when it needs none): layout conversions, reshapes and moves that are
/// not register moves hold their operand there (tt::getScratchSlots, padding
/// included), reductions and scans across warps their partial values, tensor
/// atomics the old values their replicated elements share.
int64_t getTiledScratchBytes(Operation *op);

/// The most shared memory a tiled kernel may use: what a block of an
/// H100/H200 can opt into (227 KiB; an A100 allows 163 KiB, and the
/// runtime reports a kernel its device cannot give enough).
constexpr int64_t kMaxTiledScratchBytes = 232448;

/// A tiled kernel's dynamic shared memory (SharedMemoryToGPU.cpp): the
/// scratch buffer of its layout conversions and reductions at offset 0,
/// then each tt.local_alloc tile at the 1024-byte aligned offset the pass
/// records on it (kSharedOffsetAttr), from a base the kernel aligns to 1024
/// bytes at run time (wgmma's swizzle reads address bits 4 to 9).
struct SharedMemoryPlan {
  int64_t scratchBytes = 0;
  /// Bytes the launch must give the block (0: none).
  int64_t totalBytes = 0;
};

/// Discardable i64 attribute on each tt.local_alloc of a tiled kernel: its
/// offset from the aligned base of the kernel's dynamic shared memory.
constexpr llvm::StringLiteral kSharedOffsetAttr = "mytriton.shared_offset";

/// Dense i32 array attribute of a kernel (gpu.func, then llvm.func): its
/// !tt.tensor_map arguments, which AttachTensorMapParams makes byval.
constexpr llvm::StringLiteral kTensorMapArgsAttr = "mytriton.tensor_maps";

/// Attribute of the top-level module after convert-tt-to-gpu: a dictionary
/// from each kernel's name to the bytes of dynamic shared memory it needs
/// (kernels that need none are absent). The C API reports it, and the
/// runtime passes it at every launch (mtr_function_set_shared).
constexpr llvm::StringLiteral kDynamicSharedBytesAttr =
    "mytriton.dynamic_shared_bytes";

/// Attribute of the top-level module after convert-tt-to-gpu: a dictionary
/// from the name of each kernel that takes tensor maps to an array of its
/// hidden !tt.tensor_map arguments' `tt.tensor_map` attributes, each with
/// "argument" (its index) added. The C API reports it ("tensor-maps"), and
/// the launcher encodes the maps at every launch.
constexpr llvm::StringLiteral kTensorMapLaunchAttr =
    "mytriton.kernel_tensor_maps";

/// Plans the dynamic shared memory of tiled `kernel`, marking its
/// tt.local_allocs; an error at the op whose memory does not fit.
FailureOr<SharedMemoryPlan> planSharedMemory(tt::FuncOp kernel);

/// The scratch buffer of the gpu.func holding `op`, as a memref of `count`
/// elements of `storage` from byte `byteShift` on: a tiled kernel's is its
/// dynamic shared memory (planSharedMemory), a uniform kernel's the
/// workgroup attribution kScratchBufferAttr names; null if it has none.
Value getTiledScratchView(OpBuilder &b, Location loc, Operation *op,
                          Type storage, int64_t count, int64_t byteShift = 0);

/// Discardable i64 attribute of the gpu.func of a uniform kernel whose
/// tt.combine_reduce / tt.scan ops exchange values between warps: the index
/// of its scratch buffer among the workgroup attributions (after the
/// reduction buffers). Tiled kernels' scratch buffer is the first.
constexpr llvm::StringLiteral kScratchBufferAttr = "mytriton.scratch_buffer";

/// The type a tensor element of converted type `element` is kept as in the
/// scratch buffer, and the conversions to and from it (i1 as i8, pointers
/// as i64).
Type getScratchStorageType(Type element);
Value toScratchStorage(OpBuilder &b, Location loc, Value value);
Value fromScratchStorage(OpBuilder &b, Location loc, Value stored,
                         Type element);

/// Moves `op`'s tiled operand (`src`, converted) to its result's
/// distribution (`dstConverted`) through the scratch buffer: after a
/// barrier every thread writes its registers at the slots of their
/// operand row-major indices, then after a second barrier reads each
/// result register at the slot of the operand element it copies (a
/// reshape's row-major order, a move's element map). Slots and access
/// widths follow tt::getScratchPlan. Fails when the kernel has no scratch
/// buffer.
FailureOr<Value> exchangeThroughScratch(OpBuilder &b, Location loc,
                                        Operation *op, Value src,
                                        Type dstConverted);

/// The type mapping of tiled kernels: an encoded tensor<...xT> becomes
/// vector<R x T'> with R = tt::getTotalElemsPerThread and T' the converted
/// element (!tt.ptr -> !llvm.ptr<1>); a tensor without encoding has none.
void populateTiledTypeConversions(TypeConverter &typeConverter);

/// make_range, and expand_dims, broadcast, trans and convert_layout as
/// register moves where the layouts allow, else through the scratch buffer
/// (TiledToGPU.cpp).
void populateTiledToGPUPatterns(const TypeConverter &typeConverter,
                                RewritePatternSet &patterns);
/// tt.reshape through the scratch buffer (ReshapeToGPU.cpp).
void populateReshapeToGPUPatterns(const TypeConverter &typeConverter,
                                  RewritePatternSet &patterns);

/// tt.dot of tiled kernels as per-thread FMAs over #tt.dot_operand
/// registers (DotToGPU.cpp).
void populateTiledDotToGPUPatterns(const TypeConverter &typeConverter,
                                   RewritePatternSet &patterns);
/// tt.dot with an #tt.mma version 2 accumulator as nvvm.mma.sync over its
/// register fragments (MmaToGPU.cpp).
void populateMmaToGPUPatterns(const TypeConverter &typeConverter,
                              RewritePatternSet &patterns);
/// !tt.memdesc as a pointer into shared memory, and the shared-memory ops
/// of the tensor-core path: tt.local_alloc/local_load/local_store,
/// tt.memdesc_index, tt.warp_group_dot (wgmma) and its wait, and the
/// asynchronous copies (cp.async) (SharedMemoryToGPU.cpp).
/// The kernel's dynamic shared memory, aligned up to 1024 bytes (the base
/// of planSharedMemory's offsets), and a byte offset from a shared pointer.
Value createSharedMemoryBase(OpBuilder &b, Location loc, Operation *op);
Value createSharedGEP(OpBuilder &b, Location loc, Value base,
                      Value byteOffset);

/// TMA copies, mbarriers and tensor-map arguments (TMAToGPU.cpp).
void populateTMATypeConversions(TypeConverter &typeConverter);
void populateTMAToGPUPatterns(const TypeConverter &typeConverter,
                              RewritePatternSet &patterns);

void populateSharedMemoryTypeConversions(TypeConverter &typeConverter);
void populateSharedMemoryToGPUPatterns(const TypeConverter &typeConverter,
                                       RewritePatternSet &patterns);
/// tt.load and tt.store of tiled kernels (TiledMemoryToGPU.cpp).
void populateTiledMemoryToGPUPatterns(const TypeConverter &typeConverter,
                                      RewritePatternSet &patterns);
/// tt.reduce of tiled kernels (TiledReduceToGPU.cpp).
void populateTiledReduceToGPUPatterns(const TypeConverter &typeConverter,
                                      RewritePatternSet &patterns);

//===----------------------------------------------------------------------===//
// tt.combine_reduce and tt.scan, uniform and tiled (CombineToGPU.cpp)
//===----------------------------------------------------------------------===//

/// Bytes of scratch a tt.combine_reduce / tt.scan `op` whose operands have
/// `bases` needs to exchange values between warps (0 within one warp).
int64_t getCombineScratchBytes(Operation *op, const tt::LayoutBases &bases);

/// The scratch bytes of uniform `kernel`'s combine ops (the most any needs).
int64_t getUniformCombineScratchBytes(tt::FuncOp kernel);

/// Refuses, at the op, a combine op whose layout no plan covers
/// (tt::getAxisCombinePlan).
LogicalResult checkCombineLowerable(tt::FuncOp kernel);

/// tt.combine_reduce and tt.scan, the combine region cloned per step.
void populateCombineToGPUPatterns(const TypeConverter &typeConverter,
                                  RewritePatternSet &patterns);

} // namespace mytriton
} // namespace mlir

#endif // MYTRITON_LIB_CONVERSION_TTTOGPU_TTTOGPUINTERNAL_H
