/*===- FakeCuda.c - a libcuda stand-in for testing the runtime on the CPU -===*\
|*                                                                            *|
|* Built as libmytriton-fake-cuda*.so and loaded through MYTRITON_LIBCUDA.     *|
|* Definitions go through cuda.h, so they match the real prototypes and get   *|
|* the real (versioned, e.g. cuMemAlloc_v2) symbol names.                     *|
|*                                                                            *|
|* Behaviour:                                                                 *|
|*  - FAKE_CUDA_FAIL="cuInit=100,cuModuleLoadData=200": that call returns     *|
|*    that CUresult (names as written in cuda.h, without _v2).                *|
|*  - FAKE_CUDA_DEVICES=N: number of devices (default 1).                     *|
|*  - "Device" memory is host memory; modules know three kernels:            *|
|*      vadd(float *x, float *y, float *out, int n): out = x + y, run here;   *|
|*      vadd_grid(x, y, out, n, int g0, int g1): vadd under the compiler's    *|
|*      launch ABI (grid sizes appended), logging g0 and g1;                  *|
|*      noargs(): does nothing;                                               *|
|*      coords(int *out): each block writes its (x, y, z) block index;        *|
|*      crash(float *p): the launch "faults": the next synchronize returns    *|
|*      CUDA_ERROR_ILLEGAL_ADDRESS (so does vadd given a pointer below 64K).  *|
|*  - A cubin is an image starting with the ELF magic and ELFCLASS64.         *|
|*  - PTX containing "syntax error" fails with CUDA_ERROR_INVALID_PTX and a   *|
|*    JIT log.                                                                *|
|*  - Every call that needs a context fails with CUDA_ERROR_INVALID_CONTEXT   *|
|*    unless one is current on the calling thread.                            *|
|*                                                                            *|
|* Variants: -DFAKE_OLD_DRIVER drops cuFuncGetParamInfo (CUDA < 12.4);        *|
|* -DFAKE_BROKEN_DRIVER drops cuLaunchKernel and the error-name functions.    *|
\*===----------------------------------------------------------------------===*/

#include <cuda.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EXPORT __attribute__((visibility("default")))

/* The CUresult FAKE_CUDA_FAIL assigns to `name`, CUDA_SUCCESS if none. */
static CUresult injected(const char *name) {
  const char *spec = getenv("FAKE_CUDA_FAIL");
  size_t length = strlen(name);
  while (spec && *spec) {
    if (!strncmp(spec, name, length) && spec[length] == '=')
      return (CUresult)atoi(spec + length + 1);
    spec = strchr(spec, ',');
    if (spec)
      ++spec;
  }
  return CUDA_SUCCESS;
}

#define INJECT(name)                                                           \
  do {                                                                         \
    CUresult fakeResult = injected(name);                                      \
    if (fakeResult != CUDA_SUCCESS)                                            \
      return fakeResult;                                                       \
  } while (0)

static __thread CUcontext currentContext;
static int initialized;
static int pendingFault;

#define REQUIRE_INIT()                                                         \
  do {                                                                         \
    if (!initialized)                                                          \
      return CUDA_ERROR_NOT_INITIALIZED;                                       \
  } while (0)
#define REQUIRE_CONTEXT()                                                      \
  do {                                                                         \
    REQUIRE_INIT();                                                            \
    if (!currentContext)                                                       \
      return CUDA_ERROR_INVALID_CONTEXT;                                       \
  } while (0)

static int deviceCount(void) {
  const char *count = getenv("FAKE_CUDA_DEVICES");
  return count ? atoi(count) : 1;
}

EXPORT CUresult cuInit(unsigned int flags) {
  (void)flags;
  INJECT("cuInit");
  initialized = 1;
  return CUDA_SUCCESS;
}

EXPORT CUresult cuDriverGetVersion(int *version) {
  INJECT("cuDriverGetVersion");
  *version = 13000;
  return CUDA_SUCCESS;
}

EXPORT CUresult cuDeviceGetCount(int *count) {
  REQUIRE_INIT();
  INJECT("cuDeviceGetCount");
  *count = deviceCount();
  return CUDA_SUCCESS;
}

EXPORT CUresult cuDeviceGet(CUdevice *device, int ordinal) {
  REQUIRE_INIT();
  INJECT("cuDeviceGet");
  if (ordinal < 0 || ordinal >= deviceCount())
    return CUDA_ERROR_INVALID_DEVICE;
  *device = ordinal;
  return CUDA_SUCCESS;
}

EXPORT CUresult cuDeviceGetName(char *name, int length, CUdevice device) {
  REQUIRE_INIT();
  INJECT("cuDeviceGetName");
  snprintf(name, (size_t)length, "Fake CUDA Device %d", device);
  return CUDA_SUCCESS;
}

EXPORT CUresult cuDeviceGetAttribute(int *value, CUdevice_attribute attribute,
                                     CUdevice device) {
  (void)device;
  REQUIRE_INIT();
  INJECT("cuDeviceGetAttribute");
  if (attribute == CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR)
    *value = 9;
  else if (attribute == CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR)
    *value = 0;
  else
    return CUDA_ERROR_INVALID_VALUE;
  return CUDA_SUCCESS;
}

/* Context i is the address 0x1000 + i: never dereferenced. */
EXPORT CUresult cuDevicePrimaryCtxRetain(CUcontext *context, CUdevice device) {
  REQUIRE_INIT();
  INJECT("cuDevicePrimaryCtxRetain");
  *context = (CUcontext)(uintptr_t)(0x1000 + device);
  return CUDA_SUCCESS;
}

EXPORT CUresult cuCtxGetCurrent(CUcontext *context) {
  REQUIRE_INIT();
  *context = currentContext;
  return CUDA_SUCCESS;
}

EXPORT CUresult cuCtxSetCurrent(CUcontext context) {
  REQUIRE_INIT();
  INJECT("cuCtxSetCurrent");
  currentContext = context;
  return CUDA_SUCCESS;
}

EXPORT CUresult cuCtxSynchronize(void) {
  REQUIRE_CONTEXT();
  INJECT("cuCtxSynchronize");
  if (pendingFault)
    return CUDA_ERROR_ILLEGAL_ADDRESS; /* sticky, as on a real GPU */
  return CUDA_SUCCESS;
}

/* A module is a malloc'ed int; kernels are static descriptors. */
typedef struct FakeKernel {
  const char *name;
  size_t params;
} FakeKernel;
static FakeKernel kernels[] = {{"vadd", 4},   {"vadd_grid", 6}, {"noargs", 0},
                               {"crash", 1},  {"coords", 1}};

EXPORT CUresult cuModuleLoadData(CUmodule *module, const void *image) {
  REQUIRE_CONTEXT();
  INJECT("cuModuleLoadData");
  if (memcmp(image, "\177ELF\2", 5))
    return CUDA_ERROR_INVALID_IMAGE;
  *module = (CUmodule)malloc(sizeof(int));
  return CUDA_SUCCESS;
}

EXPORT CUresult cuModuleLoadDataEx(CUmodule *module, const void *image,
                                   unsigned int numOptions,
                                   CUjit_option *options, void **values) {
  REQUIRE_CONTEXT();
  INJECT("cuModuleLoadDataEx");
  const char *text = (const char *)image;
  fprintf(stderr, "fake: cuModuleLoadDataEx got %zu characters of PTX\n",
          strlen(text));
  if (strstr(text, "syntax error")) {
    char *log = NULL;
    size_t logSize = 0;
    for (unsigned i = 0; i < numOptions; ++i) {
      if (options[i] == CU_JIT_ERROR_LOG_BUFFER)
        log = (char *)values[i];
      if (options[i] == CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES)
        logSize = (size_t)(uintptr_t)values[i];
    }
    if (log && logSize)
      snprintf(log, logSize, "ptxas application ptx input, line 1; fatal   : "
                             "Parsing error near 'syntax'");
    return CUDA_ERROR_INVALID_PTX;
  }
  *module = (CUmodule)malloc(sizeof(int));
  return CUDA_SUCCESS;
}

EXPORT CUresult cuModuleUnload(CUmodule module) {
  REQUIRE_CONTEXT();
  INJECT("cuModuleUnload");
  free(module);
  return CUDA_SUCCESS;
}

EXPORT CUresult cuModuleGetFunction(CUfunction *function, CUmodule module,
                                    const char *name) {
  (void)module;
  REQUIRE_CONTEXT();
  INJECT("cuModuleGetFunction");
  for (size_t i = 0; i < sizeof(kernels) / sizeof(kernels[0]); ++i) {
    if (!strcmp(kernels[i].name, name)) {
      *function = (CUfunction)&kernels[i];
      return CUDA_SUCCESS;
    }
  }
  return CUDA_ERROR_NOT_FOUND;
}

#ifndef FAKE_OLD_DRIVER
EXPORT CUresult cuFuncGetParamInfo(CUfunction function, size_t index,
                                   size_t *offset, size_t *size) {
  INJECT("cuFuncGetParamInfo");
  const FakeKernel *kernel = (const FakeKernel *)function;
  if (index >= kernel->params)
    return CUDA_ERROR_INVALID_VALUE;
  *offset = 8 * index;
  if (size)
    *size = 8;
  return CUDA_SUCCESS;
}
#endif

#ifndef FAKE_BROKEN_DRIVER
EXPORT CUresult cuLaunchKernel(CUfunction function, unsigned gridX,
                               unsigned gridY, unsigned gridZ, unsigned blockX,
                               unsigned blockY, unsigned blockZ,
                               unsigned sharedBytes, CUstream stream,
                               void **params, void **extra) {
  (void)extra;
  REQUIRE_CONTEXT();
  INJECT("cuLaunchKernel");
  const FakeKernel *kernel = (const FakeKernel *)function;
  fprintf(stderr,
          "fake: cuLaunchKernel %s grid=%ux%ux%u block=%ux%ux%u shared=%u "
          "stream=%s\n",
          kernel->name, gridX, gridY, gridZ, blockX, blockY, blockZ,
          sharedBytes, stream ? "user" : "default");
  if (!strcmp(kernel->name, "vadd_grid"))
    fprintf(stderr, "fake: vadd_grid g0=%d g1=%d\n", *(int *)params[4],
            *(int *)params[5]);
  if (!strncmp(kernel->name, "vadd", 4)) {
    float *x = *(float **)params[0], *y = *(float **)params[1];
    float *out = *(float **)params[2];
    int n = *(int *)params[3];
    if ((uintptr_t)x < 0x10000 || (uintptr_t)y < 0x10000 ||
        (uintptr_t)out < 0x10000)
      pendingFault = n > 0;
    else
      for (int i = 0; i < n; ++i)
        out[i] = x[i] + y[i];
  } else if (!strcmp(kernel->name, "coords")) {
    int *out = *(int **)params[0];
    for (unsigned z = 0; z < gridZ; ++z)
      for (unsigned y = 0; y < gridY; ++y)
        for (unsigned x = 0; x < gridX; ++x) {
          unsigned block = x + gridX * (y + gridY * z);
          out[3 * block] = (int)x;
          out[3 * block + 1] = (int)y;
          out[3 * block + 2] = (int)z;
        }
  } else if (!strcmp(kernel->name, "crash")) {
    pendingFault = 1;
  }
  return CUDA_SUCCESS;
}
#endif

EXPORT CUresult cuMemAlloc(CUdeviceptr *pointer, size_t bytes) {
  REQUIRE_CONTEXT();
  INJECT("cuMemAlloc");
  *pointer = (CUdeviceptr)(uintptr_t)malloc(bytes);
  return CUDA_SUCCESS;
}

EXPORT CUresult cuMemFree(CUdeviceptr pointer) {
  REQUIRE_CONTEXT();
  INJECT("cuMemFree");
  free((void *)(uintptr_t)pointer);
  return CUDA_SUCCESS;
}

EXPORT CUresult cuMemcpyHtoD(CUdeviceptr dst, const void *src, size_t bytes) {
  REQUIRE_CONTEXT();
  INJECT("cuMemcpyHtoD");
  memcpy((void *)(uintptr_t)dst, src, bytes);
  return CUDA_SUCCESS;
}

EXPORT CUresult cuMemcpyDtoH(void *dst, CUdeviceptr src, size_t bytes) {
  REQUIRE_CONTEXT();
  INJECT("cuMemcpyDtoH");
  memcpy(dst, (const void *)(uintptr_t)src, bytes);
  return CUDA_SUCCESS;
}

EXPORT CUresult cuMemsetD8(CUdeviceptr dst, unsigned char value, size_t n) {
  REQUIRE_CONTEXT();
  INJECT("cuMemsetD8");
  memset((void *)(uintptr_t)dst, value, n);
  return CUDA_SUCCESS;
}

EXPORT CUresult cuStreamCreate(CUstream *stream, unsigned int flags) {
  (void)flags;
  REQUIRE_CONTEXT();
  INJECT("cuStreamCreate");
  *stream = (CUstream)malloc(sizeof(int));
  return CUDA_SUCCESS;
}

EXPORT CUresult cuStreamDestroy(CUstream stream) {
  REQUIRE_CONTEXT();
  INJECT("cuStreamDestroy");
  free(stream);
  return CUDA_SUCCESS;
}

EXPORT CUresult cuStreamSynchronize(CUstream stream) {
  (void)stream;
  REQUIRE_CONTEXT();
  INJECT("cuStreamSynchronize");
  return pendingFault ? CUDA_ERROR_ILLEGAL_ADDRESS : CUDA_SUCCESS;
}

#ifndef FAKE_BROKEN_DRIVER
static const struct {
  CUresult code;
  const char *name, *text;
} errorTexts[] = {
    {CUDA_SUCCESS, "CUDA_SUCCESS", "no error"},
    {CUDA_ERROR_INVALID_VALUE, "CUDA_ERROR_INVALID_VALUE", "invalid argument"},
    {CUDA_ERROR_OUT_OF_MEMORY, "CUDA_ERROR_OUT_OF_MEMORY", "out of memory"},
    {CUDA_ERROR_NOT_INITIALIZED, "CUDA_ERROR_NOT_INITIALIZED",
     "initialization error"},
    {CUDA_ERROR_NO_DEVICE, "CUDA_ERROR_NO_DEVICE",
     "no CUDA-capable device is detected"},
    {CUDA_ERROR_INVALID_DEVICE, "CUDA_ERROR_INVALID_DEVICE",
     "invalid device ordinal"},
    {CUDA_ERROR_INVALID_IMAGE, "CUDA_ERROR_INVALID_IMAGE",
     "device kernel image is invalid"},
    {CUDA_ERROR_INVALID_CONTEXT, "CUDA_ERROR_INVALID_CONTEXT",
     "invalid device context"},
    {CUDA_ERROR_INVALID_PTX, "CUDA_ERROR_INVALID_PTX",
     "a PTX JIT compilation failed"},
    {CUDA_ERROR_NOT_FOUND, "CUDA_ERROR_NOT_FOUND", "named symbol not found"},
    {CUDA_ERROR_ILLEGAL_ADDRESS, "CUDA_ERROR_ILLEGAL_ADDRESS",
     "an illegal memory access was encountered"},
    {CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES, "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES",
     "too many resources requested for launch"},
    {CUDA_ERROR_LAUNCH_FAILED, "CUDA_ERROR_LAUNCH_FAILED",
     "unspecified launch failure"},
};

static int findError(CUresult code) {
  for (size_t i = 0; i < sizeof(errorTexts) / sizeof(errorTexts[0]); ++i)
    if (errorTexts[i].code == code)
      return (int)i;
  return -1;
}

EXPORT CUresult cuGetErrorName(CUresult error, const char **name) {
  int i = findError(error);
  if (i < 0)
    return CUDA_ERROR_INVALID_VALUE;
  *name = errorTexts[i].name;
  return CUDA_SUCCESS;
}

EXPORT CUresult cuGetErrorString(CUresult error, const char **text) {
  int i = findError(error);
  if (i < 0)
    return CUDA_ERROR_INVALID_VALUE;
  *text = errorTexts[i].text;
  return CUDA_SUCCESS;
}
#endif
