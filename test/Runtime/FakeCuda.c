/*===- FakeCuda.c - a libcuda stand-in for testing the runtime on the CPU -===*\
|*                                                                            *|
|* Built as libmytriton-fake-cuda*.so and loaded through MYTRITON_LIBCUDA.     *|
|* Definitions go through cuda.h, so they match the real prototypes and get   *|
|* the real (versioned, e.g. cuMemAlloc_v2) symbol names.                     *|
|*                                                                            *|
|* Behaviour:                                                                 *|
|*  - FAKE_CUDA_FAIL="cuInit=100,cuModuleLoadData=200": that call returns     *|
|*    that CUresult (names as written in cuda.h, without _v2).                *|
|*  - FAKE_CUDA_DEVICES=N: number of devices (default 1). Device 0 looks like *|
|*    an H200 (sm_90, 132 SMs), device 1 like an A100 (sm_80, 108 SMs), the   *|
|*    others like device 0. Context i is the address 0x1000 + i.             *|
|*  - Modules and streams belong to the context current when they were made; *|
|*    a launch outside that context fails (CUDA_ERROR_INVALID_HANDLE /      *|
|*    INVALID_CONTEXT), as on a real driver. Each launch logs its kernel,    *|
|*    shape, stream handle and context on stderr (FAKE_CUDA_QUIET=1: not).   *|
|*  - cuPointerGetAttribute(DEVICE_ORDINAL) knows cuMemAlloc's allocations   *|
|*    and answers CUDA_ERROR_INVALID_VALUE for any other address.           *|
|*  - cuFuncGetAttribute gives each kernel's registers, local (spill) bytes  *|
|*    and static shared bytes from the table below.                          *|
|*  - "Device" memory is host memory; modules know three kernels:            *|
|*      vadd(float *x, float *y, float *out, int n): out = x + y, run here;   *|
|*      vadd_grid(x, y, out, n, int g0, int g1): vadd under the compiler's    *|
|*      launch ABI (grid sizes appended), logging g0 and g1;                  *|
|*      noargs(): does nothing;                                               *|
|*      args8_kernel(8 arguments, g0, g1): nothing (launch-overhead benchmark); *|
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

/* Streams remember their context; the handles 1 and 2 are CUDA's
 * CU_STREAM_LEGACY and CU_STREAM_PER_THREAD, valid in every context. */
enum { kStreamMagic = 0x57ea4 };
typedef struct FakeStream {
  int magic;
  CUcontext context;
} FakeStream;

__attribute__((unused)) static int streamUsableIn(CUstream stream,
                                                 CUcontext context) {
  uintptr_t handle = (uintptr_t)stream;
  if (handle == 0 || handle == 1 || handle == 2)
    return 1;
  const FakeStream *s = (const FakeStream *)stream;
  return s->magic == kStreamMagic && s->context == context;
}

/* "default", "legacy", "per-thread" or "user:0x<handle>". */
__attribute__((unused)) static const char *streamName(CUstream stream) {
  static __thread char name[32];
  uintptr_t handle = (uintptr_t)stream;
  if (handle == 0)
    return "default";
  if (handle == 1)
    return "legacy";
  if (handle == 2)
    return "per-thread";
  snprintf(name, sizeof(name), "user:0x%llx", (unsigned long long)handle);
  return name;
}

static int deviceCount(void) {
  const char *count = getenv("FAKE_CUDA_DEVICES");
  return count ? atoi(count) : 1;
}

/* Per-device attributes: an H200 and an A100 (others repeat the H200). */
typedef struct FakeDevice {
  int major, minor, multiprocessors, sharedOptin, registersPerBlock,
      clockKHz, memoryClockKHz, busWidth;
} FakeDevice;
static const FakeDevice fakeDevices[] = {
    {9, 0, 132, 232448, 65536, 1980000, 3201000, 6144},
    {8, 0, 108, 166912, 65536, 1410000, 1215000, 5120},
};

static const FakeDevice *fakeDevice(CUdevice device) {
  return &fakeDevices[device == 1 ? 1 : 0];
}

static CUcontext contextOf(CUdevice device) {
  return (CUcontext)(uintptr_t)(0x1000 + device);
}

__attribute__((unused)) static int quiet(void) {
  const char *value = getenv("FAKE_CUDA_QUIET");
  return value && *value && strcmp(value, "0");
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
  REQUIRE_INIT();
  INJECT("cuDeviceGetAttribute");
  if (device < 0 || device >= deviceCount())
    return CUDA_ERROR_INVALID_DEVICE;
  const FakeDevice *d = fakeDevice(device);
  switch (attribute) {
  case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR:
    *value = d->major;
    break;
  case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR:
    *value = d->minor;
    break;
  case CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT:
    *value = d->multiprocessors;
    break;
  case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN:
    *value = d->sharedOptin;
    break;
  case CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK:
  case CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR:
    *value = d->registersPerBlock;
    break;
  case CU_DEVICE_ATTRIBUTE_WARP_SIZE:
    *value = 32;
    break;
  case CU_DEVICE_ATTRIBUTE_CLOCK_RATE:
    *value = d->clockKHz;
    break;
  case CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE:
    *value = d->memoryClockKHz;
    break;
  case CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH:
    *value = d->busWidth;
    break;
  case CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR:
    *value = 2048;
    break;
  default:
    return CUDA_ERROR_INVALID_VALUE;
  }
  return CUDA_SUCCESS;
}

/* Context i is the address 0x1000 + i: never dereferenced. */
EXPORT CUresult cuDevicePrimaryCtxRetain(CUcontext *context, CUdevice device) {
  REQUIRE_INIT();
  INJECT("cuDevicePrimaryCtxRetain");
  *context = contextOf(device);
  return CUDA_SUCCESS;
}

EXPORT CUresult cuCtxGetDevice(CUdevice *device) {
  REQUIRE_CONTEXT();
  *device = (CUdevice)((uintptr_t)currentContext - 0x1000);
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

/* A module remembers its context; kernels are static descriptors, and a
 * function handle pairs one with its module's context. */
typedef struct FakeKernel {
  const char *name;
  size_t params;
  int registers, localBytes, sharedBytes;
} FakeKernel;
static FakeKernel kernels[] = {
    {"vadd", 4, 16, 0, 0},   {"vadd_grid", 6, 22, 8, 0}, {"noargs", 0, 2, 0, 0},
    {"crash", 1, 4, 0, 0},   {"coords", 1, 8, 0, 0},     {"args8_kernel", 10, 12, 0, 0},
    /* python/test/test_tma_launch.py: 12 arguments, 2 tensor maps (the
       launch that TMA cannot describe runs the variant without them). */
    {"tma_mm", 16, 154, 0, 0},
    {"tma_mm_pointers", 14, 199, 0, 0}};

typedef struct FakeModule {
  CUcontext context;
} FakeModule;
typedef struct FakeFunction {
  const FakeKernel *kernel;
  CUcontext context;
} FakeFunction;

static CUmodule newModule(void) {
  FakeModule *module = (FakeModule *)malloc(sizeof(FakeModule));
  module->context = currentContext;
  return (CUmodule)module;
}

EXPORT CUresult cuModuleLoadData(CUmodule *module, const void *image) {
  REQUIRE_CONTEXT();
  INJECT("cuModuleLoadData");
  if (memcmp(image, "\177ELF\2", 5))
    return CUDA_ERROR_INVALID_IMAGE;
  *module = newModule();
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
  *module = newModule();
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
  REQUIRE_CONTEXT();
  INJECT("cuModuleGetFunction");
  for (size_t i = 0; i < sizeof(kernels) / sizeof(kernels[0]); ++i) {
    if (!strcmp(kernels[i].name, name)) {
      FakeFunction *fn = (FakeFunction *)malloc(sizeof(FakeFunction));
      fn->kernel = &kernels[i];
      fn->context = ((FakeModule *)module)->context;
      *function = (CUfunction)fn;
      return CUDA_SUCCESS;
    }
  }
  return CUDA_ERROR_NOT_FOUND;
}

EXPORT CUresult cuFuncGetAttribute(int *value, CUfunction_attribute attribute,
                                   CUfunction function) {
  REQUIRE_CONTEXT();
  INJECT("cuFuncGetAttribute");
  const FakeKernel *kernel = ((const FakeFunction *)function)->kernel;
  switch (attribute) {
  case CU_FUNC_ATTRIBUTE_NUM_REGS:
    *value = kernel->registers;
    break;
  case CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES:
    *value = kernel->localBytes;
    break;
  case CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES:
    *value = kernel->sharedBytes;
    break;
  default:
    return CUDA_ERROR_INVALID_VALUE;
  }
  return CUDA_SUCCESS;
}

#ifndef FAKE_OLD_DRIVER
EXPORT CUresult cuFuncGetParamInfo(CUfunction function, size_t index,
                                   size_t *offset, size_t *size) {
  INJECT("cuFuncGetParamInfo");
  const FakeKernel *kernel = ((const FakeFunction *)function)->kernel;
  if (index >= kernel->params)
    return CUDA_ERROR_INVALID_VALUE;
  *offset = 8 * index;
  if (size)
    *size = 8;
  return CUDA_SUCCESS;
}
#endif

#ifndef FAKE_OLD_DRIVER
/* Writes nothing a GPU could use: says what it was asked and marks the map. */
EXPORT CUresult cuTensorMapEncodeTiled(
    CUtensorMap *map, CUtensorMapDataType type, cuuint32_t rank, void *base,
    const cuuint64_t *dims, const cuuint64_t *strides, const cuuint32_t *box,
    const cuuint32_t *elementStrides, CUtensorMapInterleave interleave,
    CUtensorMapSwizzle swizzle, CUtensorMapL2promotion promotion,
    CUtensorMapFloatOOBfill fill) {
  INJECT("cuTensorMapEncodeTiled");
  fprintf(stderr, "fake: cuTensorMapEncodeTiled type=%d rank=%u base=%p",
          (int)type, rank, base);
  for (cuuint32_t i = 0; i < rank; ++i)
    fprintf(stderr, " dim%u=%llu box%u=%u step%u=%u", i,
            (unsigned long long)dims[i], i, box[i], i, elementStrides[i]);
  for (cuuint32_t i = 0; i + 1 < rank; ++i)
    fprintf(stderr, " stride%u=%llu", i + 1, (unsigned long long)strides[i]);
  fprintf(stderr, " interleave=%d swizzle=%d l2=%d fill=%d\n", (int)interleave,
          (int)swizzle, (int)promotion, (int)fill);
  memset(map, 0xab, sizeof(*map));
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
  const FakeFunction *fn = (const FakeFunction *)function;
  const FakeKernel *kernel = fn->kernel;
  if (fn->context != currentContext)
    return CUDA_ERROR_INVALID_HANDLE; /* the module lives in another context */
  if (!streamUsableIn(stream, currentContext))
    return CUDA_ERROR_INVALID_HANDLE;
  if (!quiet())
    fprintf(stderr,
            "fake: cuLaunchKernel %s grid=%ux%ux%u block=%ux%ux%u shared=%u "
            "stream=%s ctx=0x%llx\n",
            kernel->name, gridX, gridY, gridZ, blockX, blockY, blockZ,
            sharedBytes, streamName(stream),
            (unsigned long long)(uintptr_t)currentContext);
  if (!strcmp(kernel->name, "vadd_grid") && !quiet())
    fprintf(stderr, "fake: vadd_grid g0=%d g1=%d\n", *(int *)params[4],
            *(int *)params[5]);
  if (!strcmp(kernel->name, "tma_mm") && !quiet()) {
    /* The maps (the encoder's mark) between the arguments and the grid. */
    const unsigned char *a = params[12], *b = params[13];
    fprintf(stderr, "fake: tma_mm K=%d maps=%02x%02x,%02x%02x g0=%d g1=%d\n",
            *(int *)params[5], a[0], a[127], b[0], b[127], *(int *)params[14],
            *(int *)params[15]);
  }
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

/* cuMemAlloc's allocations, for cuPointerGetAttribute. */
typedef struct FakeAllocation {
  uintptr_t begin, end;
  CUcontext context;
} FakeAllocation;
#define FAKE_MAX_ALLOCATIONS 4096
static FakeAllocation allocations[FAKE_MAX_ALLOCATIONS];

EXPORT CUresult cuMemAlloc(CUdeviceptr *pointer, size_t bytes) {
  REQUIRE_CONTEXT();
  INJECT("cuMemAlloc");
  void *memory = malloc(bytes);
  for (size_t i = 0; i < FAKE_MAX_ALLOCATIONS; ++i) {
    if (!allocations[i].begin) {
      allocations[i].begin = (uintptr_t)memory;
      allocations[i].end = (uintptr_t)memory + bytes;
      allocations[i].context = currentContext;
      break;
    }
  }
  *pointer = (CUdeviceptr)(uintptr_t)memory;
  return CUDA_SUCCESS;
}

EXPORT CUresult cuMemFree(CUdeviceptr pointer) {
  REQUIRE_CONTEXT();
  INJECT("cuMemFree");
  for (size_t i = 0; i < FAKE_MAX_ALLOCATIONS; ++i)
    if (allocations[i].begin == (uintptr_t)pointer)
      allocations[i].begin = allocations[i].end = 0;
  free((void *)(uintptr_t)pointer);
  return CUDA_SUCCESS;
}

EXPORT CUresult cuPointerGetAttribute(void *data,
                                      CUpointer_attribute attribute,
                                      CUdeviceptr pointer) {
  REQUIRE_INIT();
  INJECT("cuPointerGetAttribute");
  if (attribute != CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL)
    return CUDA_ERROR_INVALID_VALUE;
  for (size_t i = 0; i < FAKE_MAX_ALLOCATIONS; ++i) {
    if (allocations[i].begin && allocations[i].begin <= (uintptr_t)pointer &&
        (uintptr_t)pointer < allocations[i].end) {
      *(int *)data = (int)((uintptr_t)allocations[i].context - 0x1000);
      return CUDA_SUCCESS;
    }
  }
  return CUDA_ERROR_INVALID_VALUE; /* not memory the driver allocated */
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
  FakeStream *created = (FakeStream *)malloc(sizeof(FakeStream));
  created->magic = kStreamMagic;
  created->context = currentContext;
  *stream = (CUstream)created;
  return CUDA_SUCCESS;
}

EXPORT CUresult cuStreamDestroy(CUstream stream) {
  REQUIRE_CONTEXT();
  INJECT("cuStreamDestroy");
  ((FakeStream *)stream)->magic = 0;
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
