//===- Passes.h - tt to host vector code conversion -------------*- C++ -*-===//

#ifndef MYTRITON_CONVERSION_TTTOVECTOR_PASSES_H
#define MYTRITON_CONVERSION_TTTOVECTOR_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir {
class ModuleOp;
class OpPassManager;
class RewritePatternSet;
class TypeConverter;

namespace mytriton {

#define GEN_PASS_DECL
#include "MyTriton/Conversion/TTToVector/Passes.h.inc"

/// Suffix of the generated function that runs a kernel over its whole grid:
/// `@<kernel>_grid`.
inline constexpr const char kCPUGridFunctionSuffix[] = "_grid";

/// Bounds checks (convert-tt-to-vector's `bounds-check`): the discardable
/// attribute that numbers a kernel's tt.load/tt.store ops, the grid
/// function's table of them (one dictionary per id: `op`, `arg`, `file`,
/// `line`, `col`), and the marker of the scf.if that reports a bad access
/// (turned into an early return once the kernel is converted).
inline constexpr const char kCPUAccessIdAttrName[] = "mytriton.access_id";
inline constexpr const char kCPUAccessTableAttrName[] = "mytriton.accesses";
inline constexpr const char kCPUBoundsFailAttrName[] = "mytriton.bounds_fail";

/// How a tiled kernel's tensor tt.load/tt.store runs (a string attribute
/// the pass sets before the conversion; uniform kernels have none): one
/// vector access per row of unit-stride offsets, or a loop over the lanes.
inline constexpr const char kCPUAccessFormAttrName[] = "mytriton.cpu_access";
inline constexpr const char kCPUAccessRows[] = "rows";
inline constexpr const char kCPUAccessLanes[] = "lanes";

/// The error record, the grid function's last argument (memref<?xi32>):
/// the access id of the first out-of-bounds access (untouched when every
/// access was in bounds), the program id and the offending element offset.
enum CPUErrorRecordField : int {
  kCPUErrorAccessId = 0,
  kCPUErrorProgramIdX = 1,
  kCPUErrorProgramIdY = 2,
  kCPUErrorProgramIdZ = 3,
  kCPUErrorElement = 4,
  kCPUErrorRecordSize = 5,
};

/// The width of pointer offsets on the CPU for `module`: 64 when any of its
/// tt.addptr ops adds an i64 offset, else 32 (i32 vectors gather and check
/// at twice the lanes per instruction of i64 ones).
unsigned getCPUOffsetBits(ModuleOp module);

/// Fills `converter` with the tt -> host types: tensor<NxT> -> vector<NxT>,
/// !tt.ptr<T> -> (memref<?xT>, iB offset), tensor<Nx!tt.ptr<T>> ->
/// (memref<?xT>, vector<NxiB> offsets), B = `offsetBits` (32 or 64).
void populateTTToVectorTypeConversions(TypeConverter &converter,
                                       unsigned offsetBits = 32);

/// The patterns that lower tt ops (and arith/math ops on tensors) to
/// vector/memref/scf/arith/func. With `boundsCheck`, every tt.load/tt.store
/// must carry kCPUAccessIdAttrName and gets the check (see the pass).
void populateTTToVectorConversionPatterns(const TypeConverter &converter,
                                          RewritePatternSet &patterns,
                                          bool boundsCheck = false);

/// convert-tt-to-vector, then the vector/scf/arith/math/memref/func -> llvm
/// lowering: the module that MLIR's ExecutionEngine runs.
void buildTTToLLVMCPUPipeline(OpPassManager &pm, bool boundsCheck = true);

/// Registers convert-tt-to-vector and the `tt-to-llvm-cpu` pipeline.
void registerTTToLLVMCPUPipeline();

#define GEN_PASS_REGISTRATION
#include "MyTriton/Conversion/TTToVector/Passes.h.inc"

} // namespace mytriton
} // namespace mlir

#endif // MYTRITON_CONVERSION_TTTOVECTOR_PASSES_H
