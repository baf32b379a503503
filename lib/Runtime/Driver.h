//===- Driver.h - libcuda entry points resolved at run time -----*- C++ -*-===//
//
// The runtime never links libcuda: cuda.h only supplies types and prototypes,
// and every entry point is looked up with dlsym after dlopen. cuda.h #defines
// some API names to versioned symbols (cuMemAlloc -> cuMemAlloc_v2); the
// member names below go through the same macros, so each pointer is resolved
// from the symbol a program linked against this cuda.h would call.
//
//===----------------------------------------------------------------------===//

#ifndef MYTRITON_LIB_RUNTIME_DRIVER_H
#define MYTRITON_LIB_RUNTIME_DRIVER_H

#include <cuda.h>

#include <string>

namespace mytriton::runtime {

// Entry points the runtime cannot work without.
#define MTR_REQUIRED_DRIVER_FUNCTIONS(X)                                       \
  X(cuInit)                                                                    \
  X(cuDriverGetVersion)                                                        \
  X(cuDeviceGetCount)                                                          \
  X(cuDeviceGet)                                                               \
  X(cuDeviceGetName)                                                           \
  X(cuDeviceGetAttribute)                                                      \
  X(cuDevicePrimaryCtxRetain)                                                  \
  X(cuCtxGetCurrent)                                                           \
  X(cuCtxSetCurrent)                                                           \
  X(cuCtxSynchronize)                                                          \
  X(cuCtxGetDevice)                                                            \
  X(cuModuleLoadData)                                                          \
  X(cuModuleLoadDataEx)                                                        \
  X(cuModuleUnload)                                                            \
  X(cuModuleGetFunction)                                                       \
  X(cuFuncGetAttribute)                                                        \
  X(cuLaunchKernel)                                                            \
  X(cuMemAlloc)                                                                \
  X(cuMemFree)                                                                 \
  X(cuMemcpyHtoD)                                                              \
  X(cuMemcpyDtoH)                                                              \
  X(cuMemsetD8)                                                                \
  X(cuPointerGetAttribute)                                                     \
  X(cuStreamCreate)                                                            \
  X(cuStreamDestroy)                                                           \
  X(cuStreamSynchronize)

// Entry points the runtime uses when the driver has them: error texts (a stub
// libcuda lacks working ones), parameter counts (CUDA >= 12.4) and the
// opt-in to more than 48 KiB of dynamic shared memory (only kernels that
// need it fail without it), the occupancy that caps loads in flight and the
// TMA tensor maps (CUDA >= 12.0).
#define MTR_OPTIONAL_DRIVER_FUNCTIONS(X)                                       \
  X(cuGetErrorName)                                                            \
  X(cuGetErrorString)                                                          \
  X(cuFuncGetParamInfo)                                                        \
  X(cuFuncSetAttribute)                                                        \
  X(cuOccupancyMaxActiveBlocksPerMultiprocessor)                                \
  X(cuTensorMapEncodeTiled)

struct DriverApi {
#define MTR_DECLARE_DRIVER_FUNCTION(name) decltype(&::name) name = nullptr;
  MTR_REQUIRED_DRIVER_FUNCTIONS(MTR_DECLARE_DRIVER_FUNCTION)
  MTR_OPTIONAL_DRIVER_FUNCTIONS(MTR_DECLARE_DRIVER_FUNCTION)
#undef MTR_DECLARE_DRIVER_FUNCTION
};

// The library the runtime loads: $MYTRITON_LIBCUDA when set and non-empty,
// otherwise libcuda.so.1 (then libcuda.so) from the loader's search path.
struct DriverLibrary {
  void *handle = nullptr;
  std::string path;
  DriverApi api;
};

// dlopens the driver and resolves the entry points. On failure returns false
// and fills `error` with a message naming the library (and the symbol).
bool loadDriverLibrary(DriverLibrary &library, std::string &error);

// "CUDA_ERROR_INVALID_IMAGE (device kernel image is invalid)", from the driver
// when it can say, from a built-in table otherwise.
std::string describeCudaError(const DriverApi &api, CUresult result);

} // namespace mytriton::runtime

#endif // MYTRITON_LIB_RUNTIME_DRIVER_H
