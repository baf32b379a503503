/*===- CPURunner.h - C API: run tt kernels on the host CPU --------*- C -*-===*\
|*                                                                            *|
|* Compile a tt module once, then run its kernels over a launch grid on raw   *|
|* host buffers (updated in place). Meant for ctypes/cffi: plain structs,     *|
|* integer status codes, and a thread-local last error message.              *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef MYTRITON_C_CPURUNNER_H
#define MYTRITON_C_CPURUNNER_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Kinds of kernel parameters and arguments (values of MyTritonCPUArg.kind).
 * Pointers are buffers of their element type (integers are signless: a
 * uint8 or bool array is an i8 buffer); numElements counts elements. An
 * integer argument (intValue; I1 to I64) goes to any integer parameter its
 * value fits (signed or unsigned range of the width; i64 takes any) and to
 * float parameters; a float argument (floatValue, a double; F16 to F64)
 * goes to any float parameter, rounded to its type. */
enum {
  MYTRITON_CPU_ARG_PTR_F32 = 0,  /* !tt.ptr<f32> */
  MYTRITON_CPU_ARG_PTR_I32 = 1,  /* !tt.ptr<i32> */
  MYTRITON_CPU_ARG_I32 = 2,
  MYTRITON_CPU_ARG_F32 = 3,
  MYTRITON_CPU_ARG_I1 = 4,       /* intValue != 0 */
  MYTRITON_CPU_ARG_PTR_F16 = 5,  /* !tt.ptr<f16> */
  MYTRITON_CPU_ARG_PTR_BF16 = 6, /* !tt.ptr<bf16> */
  MYTRITON_CPU_ARG_PTR_F64 = 7,  /* !tt.ptr<f64> */
  MYTRITON_CPU_ARG_PTR_I8 = 8,   /* !tt.ptr<i8> */
  MYTRITON_CPU_ARG_PTR_I16 = 9,  /* !tt.ptr<i16> */
  MYTRITON_CPU_ARG_PTR_I64 = 10, /* !tt.ptr<i64> */
  MYTRITON_CPU_ARG_I8 = 11,
  MYTRITON_CPU_ARG_I16 = 12,
  MYTRITON_CPU_ARG_I64 = 13,
  MYTRITON_CPU_ARG_F16 = 14,
  MYTRITON_CPU_ARG_BF16 = 15,
  MYTRITON_CPU_ARG_F64 = 16
};

typedef struct MyTritonCPUArg {
  int32_t kind;
  int32_t reserved; /* 0 */
  void *pointer;
  int64_t numElements; /* buffer length, for pointer kinds */
  int64_t intValue;
  double floatValue;
} MyTritonCPUArg;

/* A compiled module; opaque. */
typedef struct MyTritonCPUModule MyTritonCPUModule;

/* Flags of mytritonCPUModuleCompileWithFlags. */
enum {
  /* No bounds checks: an access outside its buffer is undefined behaviour
   * (as on the GPU) instead of MYTRITON_CPU_OUT_OF_BOUNDS. */
  MYTRITON_CPU_NO_BOUNDS_CHECK = 1
};

/* Parses tt IR text (`length` bytes), lowers and JIT-compiles every kernel,
 * with bounds checks. Returns NULL on error; mytritonCPULastError() then has
 * the diagnostics. */
MyTritonCPUModule *mytritonCPUModuleCompile(const char *source, size_t length,
                                            int optLevel);
/* The same with MYTRITON_CPU_* flags (0: as mytritonCPUModuleCompile). */
MyTritonCPUModule *mytritonCPUModuleCompileWithFlags(const char *source,
                                                     size_t length,
                                                     int optLevel,
                                                     unsigned flags);

void mytritonCPUModuleDestroy(MyTritonCPUModule *module);

/* Status codes of mytritonCPUModuleRun. */
enum {
  MYTRITON_CPU_OK = 0,
  MYTRITON_CPU_ERROR = 1,         /* a bad launch; nothing ran */
  MYTRITON_CPU_OUT_OF_BOUNDS = 2  /* stopped at a bad access; see below */
};

/* Runs `kernel` once per program id of the grid (`gridRank` sizes, 1 to 3:
 * x, y, z). Returns MYTRITON_CPU_OK, MYTRITON_CPU_ERROR on a bad launch
 * (unknown kernel, argument kinds or count that do not match the kernel,
 * a scalar that does not fit its parameter, bad grid), or
 * MYTRITON_CPU_OUT_OF_BOUNDS when a load or store reached outside its
 * buffer: the launch stopped there without touching that memory (earlier
 * programs have had their effects; the stopped program's earlier stores
 * may or may not have). */
int mytritonCPUModuleRun(MyTritonCPUModule *module, const char *kernel,
                         const int64_t *grid, int gridRank,
                         const MyTritonCPUArg *args, size_t numArgs);

/* Number of kernels, and the parameters of kernel `index`: its name, block
 * size, and up to `capacity` parameter kinds written to `kinds`. Returns the
 * number of parameters, or -1 when `index` is out of range. */
int mytritonCPUModuleNumKernels(const MyTritonCPUModule *module);
int mytritonCPUModuleGetKernel(const MyTritonCPUModule *module, int index,
                               const char **name, int32_t *blockSize,
                               int32_t *kinds, int capacity);

/* The LLVM dialect module that was compiled (owned by the module). */
const char *mytritonCPUModuleGetLoweredIR(const MyTritonCPUModule *module);

/* The message of the last failed call on this thread ("" if none). */
const char *mytritonCPULastError(void);

/* The access that stopped the last MYTRITON_CPU_OUT_OF_BOUNDS run. */
typedef struct MyTritonCPUOutOfBounds {
  int32_t accessId;    /* the kernel's loads and stores, numbered in order */
  int32_t isStore;     /* 1: tt.store, 0: tt.load */
  int32_t argIndex;    /* the kernel parameter its pointer came from, or -1 */
  int32_t line;        /* the op's source location (0 if none) */
  int32_t col;
  int32_t programId[3];
  int64_t element;     /* the first enabled lane's element offset outside */
  int64_t numElements; /* the buffer's length */
  const char *file;    /* valid until the next call on this thread */
} MyTritonCPUOutOfBounds;

/* Fills `out` and returns 1 if this thread's last mytritonCPUModuleRun
 * returned MYTRITON_CPU_OUT_OF_BOUNDS, else returns 0. */
int mytritonCPULastOutOfBounds(MyTritonCPUOutOfBounds *out);

#ifdef __cplusplus
}
#endif

#endif /* MYTRITON_C_CPURUNNER_H */
