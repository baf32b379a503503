//===- CPURunner.h - Run tt kernels on the host CPU -------------*- C++ -*-===//
//
// Compiles a tt module once (tt-to-llvm-cpu, then MLIR's ExecutionEngine JIT)
// and runs its kernels over a launch grid on raw host buffers, with the GPU's
// block semantics: every program id of the grid runs, lanes are vector lanes.
//
//===----------------------------------------------------------------------===//

#ifndef MYTRITON_EXECUTIONENGINE_CPURUNNER_H
#define MYTRITON_EXECUTIONENGINE_CPURUNNER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace mlir::mytriton {

/// The kind of a kernel parameter or of an argument passed to it: a buffer
/// of one memory element type, or a scalar of one value type (the values of
/// MYTRITON_CPU_ARG_*, include/MyTriton-c/CPURunner.h).
enum class CPUArgKind : int32_t {
  PointerF32 = 0, ///< !tt.ptr<f32>: a float32 buffer
  PointerI32 = 1, ///< !tt.ptr<i32>: an int32 buffer
  I32 = 2,
  F32 = 3,
  I1 = 4,
  PointerF16 = 5,
  PointerBF16 = 6,
  PointerF64 = 7,
  PointerI8 = 8,
  PointerI16 = 9,
  PointerI64 = 10,
  I8 = 11,
  I16 = 12,
  I64 = 13,
  F16 = 14,
  BF16 = 15,
  F64 = 16,
  Last = F64,
};

/// Spells `kind` as tt IR does (`!tt.ptr<f32>`, `i32`, ...).
llvm::StringRef stringifyCPUArgKind(CPUArgKind kind);

/// Whether `kind` is a buffer, an integer scalar or a float scalar.
bool isPointerKind(CPUArgKind kind);
bool isIntegerKind(CPUArgKind kind);
bool isFloatKind(CPUArgKind kind);

/// One argument of a launch. Pointers are the buffers themselves (the kernel
/// writes through them, in place). An integer argument may be passed to any
/// integer parameter its value fits (the signed or unsigned range of its
/// width: integers are signless) and to a float parameter; a float argument
/// to any float parameter, rounded to its type (to nearest even).
struct CPUKernelArg {
  CPUArgKind kind = CPUArgKind::I32;
  void *pointer = nullptr;  ///< pointer kinds
  int64_t numElements = 0;  ///< pointer kinds: the buffer's length
  int64_t intValue = 0;     ///< integer kinds
  double floatValue = 0.0;  ///< float kinds

  static CPUKernelArg buffer(float *data, int64_t numElements);
  static CPUKernelArg buffer(int32_t *data, int64_t numElements);
  /// A buffer of any kind (`kind` a pointer kind).
  static CPUKernelArg buffer(CPUArgKind kind, void *data, int64_t numElements);
  static CPUKernelArg i32(int32_t value);
  static CPUKernelArg i64(int64_t value);
  static CPUKernelArg f32(float value);
  static CPUKernelArg f64(double value);
};

/// A load or store of a kernel, as a bounds-check failure names it.
struct CPUAccess {
  bool isStore = false;
  /// A failed tt.assert (tl.device_assert) rather than an access; `message`
  /// is its text and `argIndex` is -1.
  bool isAssert = false;
  std::string message;
  /// The kernel parameter its pointer came from (-1 if unknown).
  int32_t argIndex = -1;
  /// The op's source location (empty file and 0s when it has none).
  std::string file;
  unsigned line = 0;
  unsigned col = 0;
};

/// What a kernel of the compiled module expects.
struct CPUKernelSignature {
  std::string name;
  int32_t blockSize = 0;
  std::vector<CPUArgKind> params;
  /// Its loads and stores by access id; empty without bounds checks.
  std::vector<CPUAccess> accesses;
};

struct CPUCompileOptions {
  /// Run tt-optimize before lowering (harmless on an optimized module).
  bool optimize = true;
  /// LLVM optimization level of the JIT (0-3).
  unsigned optLevel = 3;
  /// Check every enabled load/store lane against its buffer: `run` then
  /// stops at the first access outside and returns a CPUOutOfBoundsError.
  /// Without it such an access is undefined behaviour (as on the GPU).
  bool boundsCheck = true;
};

/// A launch that stopped at a load or store outside its buffer. Programs
/// that ran before it have had their effects, the bad access touched no
/// memory, and the stopped program's earlier stores may or may not have
/// happened (checks run as early as their operands allow).
class CPUOutOfBoundsError : public llvm::ErrorInfo<CPUOutOfBoundsError> {
public:
  static char ID;

  std::string kernel;
  int32_t accessId = 0;
  CPUAccess access;
  std::array<int32_t, 3> programId = {0, 0, 0};
  /// The element offset of the first enabled lane outside the buffer.
  int64_t element = 0;
  /// The buffer's length in elements.
  int64_t numElements = 0;

  void log(llvm::raw_ostream &os) const override;
  std::error_code convertToErrorCode() const override {
    return llvm::inconvertibleErrorCode();
  }
};

/// A tt module lowered and JIT-compiled for the host, ready to run.
class CPUModule {
public:
  /// Parses tt IR text, lowers every kernel and compiles it. Errors carry the
  /// located diagnostics (file name `bufferName`).
  static llvm::Expected<std::unique_ptr<CPUModule>>
  compile(llvm::StringRef source, const CPUCompileOptions &options = {},
          llvm::StringRef bufferName = "<tt module>");
  ~CPUModule();

  llvm::ArrayRef<CPUKernelSignature> getKernels() const;
  const CPUKernelSignature *lookupKernel(llvm::StringRef name) const;

  /// The LLVM dialect module that was compiled.
  llvm::StringRef getLoweredIR() const;

  /// Runs `kernel` once per program id of `grid` (1 to 3 sizes: x, y, z;
  /// missing sizes are 1, a size of 0 runs nothing). Arguments must match
  /// the kernel's parameters (buffers of any length: offsets the kernel
  /// computes in i32 wrap as its program says). With bounds checks, an
  /// access outside its buffer stops the launch with a CPUOutOfBoundsError.
  llvm::Error run(llvm::StringRef kernel, llvm::ArrayRef<int64_t> grid,
                  llvm::ArrayRef<CPUKernelArg> args);

private:
  struct Impl;
  explicit CPUModule(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl;
};

} // namespace mlir::mytriton

#endif // MYTRITON_EXECUTIONENGINE_CPURUNNER_H
