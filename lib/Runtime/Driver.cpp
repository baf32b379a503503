//===- Driver.cpp - dlopen libcuda and name its errors ---------------------===//

#include "Driver.h"

#include <dlfcn.h>

#include <cstdlib>

namespace mytriton::runtime {

#define MTR_STRINGIFY_EXPANDED(x) MTR_STRINGIFY(x)
#define MTR_STRINGIFY(x) #x

namespace {

// Resolves one entry point by the (possibly versioned) symbol name.
template <typename Fn>
bool resolve(void *handle, const char *symbol, Fn &out) {
  out = reinterpret_cast<Fn>(dlsym(handle, symbol));
  return out != nullptr;
}

// Names for when the driver cannot name its own errors (a stub libcuda
// returns CUDA_ERROR_STUB_LIBRARY from cuGetErrorName too).
const char *fallbackErrorName(CUresult result) {
  switch (result) {
#define MTR_CASE(name)                                                         \
  case name:                                                                   \
    return #name;
    MTR_CASE(CUDA_SUCCESS)
    MTR_CASE(CUDA_ERROR_INVALID_VALUE)
    MTR_CASE(CUDA_ERROR_OUT_OF_MEMORY)
    MTR_CASE(CUDA_ERROR_NOT_INITIALIZED)
    MTR_CASE(CUDA_ERROR_DEINITIALIZED)
    MTR_CASE(CUDA_ERROR_STUB_LIBRARY)
    MTR_CASE(CUDA_ERROR_CALL_REQUIRES_NEWER_DRIVER)
    MTR_CASE(CUDA_ERROR_DEVICE_UNAVAILABLE)
    MTR_CASE(CUDA_ERROR_NO_DEVICE)
    MTR_CASE(CUDA_ERROR_INVALID_DEVICE)
    MTR_CASE(CUDA_ERROR_INVALID_IMAGE)
    MTR_CASE(CUDA_ERROR_INVALID_CONTEXT)
    MTR_CASE(CUDA_ERROR_NO_BINARY_FOR_GPU)
    MTR_CASE(CUDA_ERROR_INVALID_PTX)
    MTR_CASE(CUDA_ERROR_UNSUPPORTED_PTX_VERSION)
    MTR_CASE(CUDA_ERROR_JIT_COMPILER_NOT_FOUND)
    MTR_CASE(CUDA_ERROR_INVALID_HANDLE)
    MTR_CASE(CUDA_ERROR_NOT_FOUND)
    MTR_CASE(CUDA_ERROR_NOT_READY)
    MTR_CASE(CUDA_ERROR_ILLEGAL_ADDRESS)
    MTR_CASE(CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES)
    MTR_CASE(CUDA_ERROR_LAUNCH_TIMEOUT)
    MTR_CASE(CUDA_ERROR_ILLEGAL_INSTRUCTION)
    MTR_CASE(CUDA_ERROR_MISALIGNED_ADDRESS)
    MTR_CASE(CUDA_ERROR_LAUNCH_FAILED)
    MTR_CASE(CUDA_ERROR_NOT_PERMITTED)
    MTR_CASE(CUDA_ERROR_NOT_SUPPORTED)
    MTR_CASE(CUDA_ERROR_SYSTEM_DRIVER_MISMATCH)
    MTR_CASE(CUDA_ERROR_UNKNOWN)
#undef MTR_CASE
  default:
    return nullptr;
  }
}

} // namespace

bool loadDriverLibrary(DriverLibrary &library, std::string &error) {
  const char *overridePath = std::getenv("MYTRITON_LIBCUDA");
  const char *candidates[] = {"libcuda.so.1", "libcuda.so"};
  std::string dlopenErrors;
  void *handle = nullptr;
  std::string path;
  if (overridePath && *overridePath) {
    path = overridePath;
    handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle)
      dlopenErrors = dlerror();
  } else {
    for (const char *candidate : candidates) {
      path = candidate;
      handle = dlopen(candidate, RTLD_NOW | RTLD_LOCAL);
      if (handle)
        break;
      if (!dlopenErrors.empty())
        dlopenErrors += "; ";
      dlopenErrors += dlerror();
    }
    path = handle ? path : candidates[0];
  }
  if (!handle) {
    error = "cannot load the CUDA driver library '" + path + "': " +
            dlopenErrors +
            " (is the NVIDIA driver installed? MYTRITON_LIBCUDA overrides "
            "the path)";
    return false;
  }

  DriverApi api;
  const char *missing = nullptr;
#define MTR_RESOLVE_REQUIRED(name)                                             \
  if (!missing && !resolve(handle, MTR_STRINGIFY_EXPANDED(name), api.name))   \
    missing = MTR_STRINGIFY_EXPANDED(name);
  MTR_REQUIRED_DRIVER_FUNCTIONS(MTR_RESOLVE_REQUIRED)
#undef MTR_RESOLVE_REQUIRED
  if (missing) {
    error = "the CUDA driver library '" + path + "' lacks the entry point " +
            missing + " (driver too old, or not libcuda)";
    dlclose(handle);
    return false;
  }
#define MTR_RESOLVE_OPTIONAL(name)                                             \
  resolve(handle, MTR_STRINGIFY_EXPANDED(name), api.name);
  MTR_OPTIONAL_DRIVER_FUNCTIONS(MTR_RESOLVE_OPTIONAL)
#undef MTR_RESOLVE_OPTIONAL

  library.handle = handle;
  library.path = path;
  library.api = api;
  return true;
}

std::string describeCudaError(const DriverApi &api, CUresult result) {
  const char *name = nullptr;
  const char *text = nullptr;
  if (api.cuGetErrorName && api.cuGetErrorName(result, &name) != CUDA_SUCCESS)
    name = nullptr;
  if (api.cuGetErrorString &&
      api.cuGetErrorString(result, &text) != CUDA_SUCCESS)
    text = nullptr;
  if (!name)
    name = fallbackErrorName(result);
  std::string description =
      name ? std::string(name)
           : "CUDA error " + std::to_string(static_cast<int>(result));
  if (text && *text)
    description += std::string(" (") + text + ")";
  else if (result == CUDA_ERROR_STUB_LIBRARY)
    description += " (this is the CUDA toolkit's stub libcuda, not the "
                   "driver's; point MYTRITON_LIBCUDA at the real libcuda.so.1)";
  return description;
}

} // namespace mytriton::runtime
