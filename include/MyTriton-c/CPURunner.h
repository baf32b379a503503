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

/* Kinds of kernel parameters and arguments (values of MyTritonCPUArg.kind). */
enum {
  MYTRITON_CPU_ARG_PTR_F32 = 0, /* !tt.ptr<f32>: pointer = float buffer */
  MYTRITON_CPU_ARG_PTR_I32 = 1, /* !tt.ptr<i32>: pointer = int32 buffer */
  MYTRITON_CPU_ARG_I32 = 2,     /* intValue (also accepted by f32, i1) */
  MYTRITON_CPU_ARG_F32 = 3,     /* floatValue */
  MYTRITON_CPU_ARG_I1 = 4       /* intValue != 0 */
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

/* Parses tt IR text (`length` bytes), lowers and JIT-compiles every kernel.
 * Returns NULL on error; mytritonCPULastError() then has the diagnostics. */
MyTritonCPUModule *mytritonCPUModuleCompile(const char *source, size_t length,
                                            int optLevel);

void mytritonCPUModuleDestroy(MyTritonCPUModule *module);

/* Runs `kernel` once per program id of the grid (`gridRank` sizes, 1 to 3:
 * x, y, z). Returns 0 on success, nonzero on a bad launch (unknown kernel,
 * argument kinds or count that do not match the kernel, bad grid). */
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

#ifdef __cplusplus
}
#endif

#endif /* MYTRITON_C_CPURUNNER_H */
