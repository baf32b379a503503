//===- Runtime.cpp - the C API over the CUDA Driver API --------------------===//
//
// Every entry point validates its arguments (-> MTR_ERROR_INVALID_ARGUMENT),
// makes the right context current on the calling thread, calls the driver,
// and turns a failing CUresult into a status plus a message that names the
// CUDA call and the CUDA error.
//
//===----------------------------------------------------------------------===//

// The C API is the library's only exported surface (built with
// -fvisibility=hidden).
#pragma GCC visibility push(default)
#include "MyTriton/Runtime/Runtime.h"
#pragma GCC visibility pop

#include "Driver.h"

#include <algorithm>
#include <atomic>
#include <climits>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

using namespace mytriton::runtime;

struct mtr_function_s {
  CUfunction function = nullptr;
  mtr_module_s *module = nullptr;
  std::string name;
  // -1 when the driver cannot say (no cuFuncGetParamInfo); then
  // paramCountProblem explains why and launches skip the count check.
  long paramCount = -1;
  std::string paramCountProblem;
  // Dynamic shared memory every launch gets (mtr_function_set_shared).
  unsigned dynamicShared = 0;
};

struct mtr_module_s {
  CUmodule module = nullptr;
  CUcontext context = nullptr;
  int ordinal = 0; // the device whose primary context `context` is
  std::mutex mutex; // guards `functions`
  std::map<std::string, std::unique_ptr<mtr_function_s>> functions;
};

namespace {

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

thread_local std::string lastError;

int fail(mtr_status status, std::string message) {
  lastError = std::move(message);
  return status;
}

std::string format(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
std::string format(const char *fmt, ...) {
  char buffer[512];
  va_list args;
  va_start(args, fmt);
  std::vsnprintf(buffer, sizeof(buffer), fmt, args);
  va_end(args);
  return buffer;
}

mtr_status statusFor(CUresult result) {
  switch (result) {
  case CUDA_ERROR_NO_DEVICE:
    return MTR_ERROR_NO_DEVICE;
  case CUDA_ERROR_STUB_LIBRARY:
  case CUDA_ERROR_SYSTEM_DRIVER_MISMATCH:
    return MTR_ERROR_NO_DRIVER;
  default:
    return MTR_ERROR_CUDA;
  }
}

//===----------------------------------------------------------------------===//
// Process-wide state: the driver, and one primary context per device
//===----------------------------------------------------------------------===//

struct State {
  std::mutex mutex;
  std::atomic<bool> loaded{false};      // driver dlopen'ed and resolved
  std::atomic<bool> initialized{false}; // cuInit succeeded
  DriverLibrary driver;
  std::vector<CUdevice> devices;   // by ordinal
  std::vector<CUcontext> contexts; // retained primary contexts, by ordinal
  int defaultOrdinal = -1;         // the first one initialized
};

// Never destroyed: kernels may still be in flight on other threads at exit.
State &state() {
  static State *s = new State;
  return *s;
}

const DriverApi &api() { return state().driver.api; }

// The device and context the calling thread works with (see mtr_init).
thread_local CUcontext threadContext = nullptr;
thread_local CUdevice threadDevice = 0;
thread_local int threadOrdinal = 0;

// "<call> failed[ <what>]: CUDA_ERROR_X (text)", with a plain "no CUDA
// device" in front when that is what the driver said.
int cudaFail(CUresult result, const char *call, const std::string &what = "") {
  std::string message = call;
  message += " failed";
  if (!what.empty())
    message += " " + what;
  message += ": " + describeCudaError(api(), result);
  if (result == CUDA_ERROR_NO_DEVICE)
    message = "no CUDA device: " + message;
  return fail(statusFor(result), std::move(message));
}

#define MTR_CHECK_CUDA(call, args, ...)                                        \
  do {                                                                         \
    CUresult mtrResult = api().call args;                                      \
    if (mtrResult != CUDA_SUCCESS)                                             \
      return cudaFail(mtrResult, #call, ##__VA_ARGS__);                        \
  } while (false)

#define MTR_CHECK(expr)                                                        \
  do {                                                                         \
    if (int mtrStatus = (expr))                                                \
      return mtrStatus;                                                        \
  } while (false)

#define MTR_REQUIRE(cond, ...)                                                 \
  do {                                                                         \
    if (!(cond))                                                               \
      return fail(MTR_ERROR_INVALID_ARGUMENT, format(__VA_ARGS__));            \
  } while (false)

int ensureLoaded() {
  State &s = state();
  if (s.loaded.load(std::memory_order_acquire))
    return MTR_SUCCESS;
  std::lock_guard<std::mutex> lock(s.mutex);
  if (s.loaded.load(std::memory_order_relaxed))
    return MTR_SUCCESS;
  std::string error;
  if (!loadDriverLibrary(s.driver, error))
    return fail(MTR_ERROR_NO_DRIVER, std::move(error));
  s.loaded.store(true, std::memory_order_release);
  return MTR_SUCCESS;
}

int ensureInitialized() {
  MTR_CHECK(ensureLoaded());
  State &s = state();
  if (s.initialized.load(std::memory_order_acquire))
    return MTR_SUCCESS;
  std::lock_guard<std::mutex> lock(s.mutex);
  if (s.initialized.load(std::memory_order_relaxed))
    return MTR_SUCCESS;
  MTR_CHECK_CUDA(cuInit, (0));
  s.initialized.store(true, std::memory_order_release);
  return MTR_SUCCESS;
}

int makeCurrent(CUcontext context) {
  CUcontext current = nullptr;
  MTR_CHECK_CUDA(cuCtxGetCurrent, (&current));
  if (current != context)
    MTR_CHECK_CUDA(cuCtxSetCurrent, (context));
  return MTR_SUCCESS;
}

// Retains device `ordinal`'s primary context once per process; the first
// device retained with makeDefault becomes the process default.
int retainPrimaryContext(int ordinal, bool makeDefault, CUcontext &context,
                         CUdevice &device) {
  MTR_CHECK(ensureInitialized());
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  int count = 0;
  MTR_CHECK_CUDA(cuDeviceGetCount, (&count));
  if (count == 0)
    return fail(MTR_ERROR_NO_DEVICE,
                "no CUDA device: the driver reports 0 devices");
  MTR_REQUIRE(ordinal >= 0 && ordinal < count,
              "device ordinal %d is out of range: there are %d CUDA "
              "device(s)",
              ordinal, count);
  if (s.contexts.size() < static_cast<size_t>(count)) {
    s.contexts.resize(count, nullptr);
    s.devices.resize(count, 0);
  }
  if (!s.contexts[ordinal]) {
    MTR_CHECK_CUDA(cuDeviceGet, (&device, ordinal),
                   format("for device %d", ordinal));
    MTR_CHECK_CUDA(cuDevicePrimaryCtxRetain, (&context, device),
                   format("for device %d", ordinal));
    s.devices[ordinal] = device;
    s.contexts[ordinal] = context;
  }
  if (makeDefault && s.defaultOrdinal < 0)
    s.defaultOrdinal = ordinal;
  context = s.contexts[ordinal];
  device = s.devices[ordinal];
  return MTR_SUCCESS;
}

// Makes `context` current for a scope and puts the caller's context back
// (when there was one), so work on one device leaves e.g. torch's current
// device alone.
class ScopedContext {
public:
  int enter(CUcontext context) {
    MTR_CHECK_CUDA(cuCtxGetCurrent, (&previous));
    if (previous != context) {
      MTR_CHECK_CUDA(cuCtxSetCurrent, (context));
      switched = true;
    }
    return MTR_SUCCESS;
  }
  ~ScopedContext() {
    if (switched && previous)
      api().cuCtxSetCurrent(previous);
  }

private:
  CUcontext previous = nullptr;
  bool switched = false;
};

// Makes the calling thread's context current, initializing the process's
// default device (device 0 unless mtr_init chose another) on first use.
int useThreadContext() {
  if (!threadContext) {
    int ordinal;
    {
      State &s = state();
      std::lock_guard<std::mutex> lock(s.mutex);
      ordinal = s.defaultOrdinal >= 0 ? s.defaultOrdinal : 0;
    }
    return mtr_init(ordinal);
  }
  return makeCurrent(threadContext);
}

// PTX must reach the driver NUL-terminated; callers (Python bytes) often pass
// the text without the terminator.
bool isBinaryImage(const unsigned char *image, size_t size) {
  static const unsigned char elf[] = {0x7f, 'E', 'L', 'F'};
  static const unsigned char fatbin[] = {0x50, 0xed, 0x55, 0xba};
  static const unsigned char fatbinWrapper[] = {0xb1, 0x43, 0x62, 0x46};
  return size >= 4 && (!std::memcmp(image, elf, 4) ||
                       !std::memcmp(image, fatbin, 4) ||
                       !std::memcmp(image, fatbinWrapper, 4));
}

// Counts parameters with cuFuncGetParamInfo, which answers
// CUDA_ERROR_INVALID_VALUE for the first index past the last parameter.
void countParams(mtr_function_s &fn) {
  if (!api().cuFuncGetParamInfo) {
    fn.paramCountProblem = "the CUDA driver lacks cuFuncGetParamInfo (CUDA "
                           "12.4 or newer has it)";
    return;
  }
  const size_t kMaxParams = 1 << 16;
  for (size_t index = 0; index < kMaxParams; ++index) {
    size_t offset = 0, size = 0;
    CUresult result =
        api().cuFuncGetParamInfo(fn.function, index, &offset, &size);
    if (result == CUDA_SUCCESS)
      continue;
    if (result == CUDA_ERROR_INVALID_VALUE) {
      fn.paramCount = static_cast<long>(index);
      return;
    }
    fn.paramCountProblem =
        "cuFuncGetParamInfo failed: " + describeCudaError(api(), result);
    return;
  }
  fn.paramCountProblem = "cuFuncGetParamInfo never reported the end";
}

} // namespace

//===----------------------------------------------------------------------===//
// C API
//===----------------------------------------------------------------------===//

extern "C" {

const char *mtr_last_error(void) { return lastError.c_str(); }

const char *mtr_status_name(int status) {
  switch (status) {
  case MTR_SUCCESS:
    return "MTR_SUCCESS";
  case MTR_ERROR_NO_DRIVER:
    return "MTR_ERROR_NO_DRIVER";
  case MTR_ERROR_NO_DEVICE:
    return "MTR_ERROR_NO_DEVICE";
  case MTR_ERROR_INVALID_ARGUMENT:
    return "MTR_ERROR_INVALID_ARGUMENT";
  case MTR_ERROR_CUDA:
    return "MTR_ERROR_CUDA";
  default:
    return "MTR_UNKNOWN_STATUS";
  }
}

const char *mtr_driver_library(void) {
  State &s = state();
  return s.loaded.load(std::memory_order_acquire) ? s.driver.path.c_str() : "";
}

int mtr_init(int ordinal) {
  CUcontext context;
  CUdevice device;
  MTR_CHECK(retainPrimaryContext(ordinal, /*makeDefault=*/true, context,
                                 device));
  threadContext = context;
  threadDevice = device;
  threadOrdinal = ordinal;
  return makeCurrent(context);
}

int mtr_device_attribute(int ordinal, int attribute, int *value) {
  MTR_REQUIRE(value, "mtr_device_attribute: value is null");
  *value = 0;
  MTR_CHECK(ensureInitialized());
  int count = 0;
  MTR_CHECK_CUDA(cuDeviceGetCount, (&count));
  MTR_REQUIRE(ordinal >= 0 && ordinal < count,
              "device ordinal %d is out of range: there are %d CUDA "
              "device(s)",
              ordinal, count);
  CUdevice device;
  MTR_CHECK_CUDA(cuDeviceGet, (&device, ordinal),
                 format("for device %d", ordinal));
  MTR_CHECK_CUDA(cuDeviceGetAttribute,
                 (value, static_cast<CUdevice_attribute>(attribute), device),
                 format("for attribute %d of device %d", attribute, ordinal));
  return MTR_SUCCESS;
}

int mtr_current_device(int *ordinal) {
  MTR_REQUIRE(ordinal, "mtr_current_device: ordinal is null");
  *ordinal = -1;
  MTR_CHECK(ensureInitialized());
  CUcontext current = nullptr;
  MTR_CHECK_CUDA(cuCtxGetCurrent, (&current));
  if (!current)
    return MTR_SUCCESS;
  CUdevice device;
  MTR_CHECK_CUDA(cuCtxGetDevice, (&device));
  // A CUdevice is its ordinal in every driver so far; check against the
  // handles retained here when there are any.
  State &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  *ordinal = static_cast<int>(device);
  for (size_t i = 0; i < s.contexts.size(); ++i)
    if (s.contexts[i] && s.devices[i] == device)
      *ordinal = static_cast<int>(i);
  return MTR_SUCCESS;
}

int mtr_pointer_device(uint64_t device_ptr, int *ordinal) {
  MTR_REQUIRE(ordinal, "mtr_pointer_device: ordinal is null");
  *ordinal = -1;
  MTR_CHECK(ensureInitialized());
  int value = -1;
  MTR_CHECK_CUDA(cuPointerGetAttribute,
                 (&value, CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL,
                  static_cast<CUdeviceptr>(device_ptr)),
                 format("for address 0x%llx",
                        static_cast<unsigned long long>(device_ptr)));
  *ordinal = value;
  return MTR_SUCCESS;
}

int mtr_device_count(int *count) {
  MTR_REQUIRE(count, "mtr_device_count: count is null");
  *count = 0;
  int status = ensureInitialized();
  if (status == MTR_ERROR_NO_DEVICE)
    return MTR_SUCCESS; // "how many devices?" -- none.
  MTR_CHECK(status);
  MTR_CHECK_CUDA(cuDeviceGetCount, (count));
  return MTR_SUCCESS;
}

int mtr_device_name(char *buf, size_t size) {
  MTR_REQUIRE(buf && size, "mtr_device_name: buffer is null or empty");
  buf[0] = '\0';
  MTR_CHECK(useThreadContext());
  int length = size > INT_MAX ? INT_MAX : static_cast<int>(size);
  MTR_CHECK_CUDA(cuDeviceGetName, (buf, length, threadDevice));
  buf[size - 1] = '\0';
  return MTR_SUCCESS;
}

int mtr_device_compute_capability(int *major, int *minor) {
  MTR_REQUIRE(major && minor,
              "mtr_device_compute_capability: major or minor is null");
  MTR_CHECK(useThreadContext());
  MTR_CHECK_CUDA(cuDeviceGetAttribute,
                 (major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR,
                  threadDevice));
  MTR_CHECK_CUDA(cuDeviceGetAttribute,
                 (minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR,
                  threadDevice));
  return MTR_SUCCESS;
}

int mtr_driver_version(int *version) {
  MTR_REQUIRE(version, "mtr_driver_version: version is null");
  *version = 0;
  MTR_CHECK(ensureLoaded());
  MTR_CHECK_CUDA(cuDriverGetVersion, (version));
  return MTR_SUCCESS;
}

namespace {
int loadModule(CUcontext context, int ordinal, const void *image, size_t size,
               mtr_module *out) {
  auto module = std::make_unique<mtr_module_s>();
  module->context = context;
  module->ordinal = ordinal;
  const auto *bytes = static_cast<const unsigned char *>(image);
  if (isBinaryImage(bytes, size)) {
    MTR_CHECK_CUDA(cuModuleLoadData, (&module->module, image),
                   format("for a %zu-byte cubin", size));
  } else {
    // PTX: JIT-compiled by the driver, whose log says what is wrong.
    std::string text(static_cast<const char *>(image), size);
    char log[4096] = "";
    CUjit_option options[] = {CU_JIT_ERROR_LOG_BUFFER,
                              CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
    void *values[] = {log, reinterpret_cast<void *>(sizeof(log))};
    CUresult result = api().cuModuleLoadDataEx(&module->module, text.c_str(),
                                               2, options, values);
    if (result != CUDA_SUCCESS) {
      log[sizeof(log) - 1] = '\0';
      int status = cudaFail(result, "cuModuleLoadDataEx",
                            format("for a %zu-byte PTX image", size));
      if (log[0])
        lastError += std::string("; JIT log: ") + log;
      return status;
    }
  }
  *out = module.release();
  return MTR_SUCCESS;
}
} // namespace

int mtr_module_load(const void *image, size_t size, mtr_module *out) {
  MTR_REQUIRE(out, "mtr_module_load: out is null");
  *out = nullptr;
  MTR_REQUIRE(image && size, "mtr_module_load: the image is null or empty");
  MTR_CHECK(useThreadContext());
  return loadModule(threadContext, threadOrdinal, image, size, out);
}

int mtr_module_load_on(int ordinal, const void *image, size_t size,
                       mtr_module *out) {
  MTR_REQUIRE(out, "mtr_module_load_on: out is null");
  *out = nullptr;
  MTR_REQUIRE(image && size, "mtr_module_load_on: the image is null or empty");
  CUcontext context;
  CUdevice device;
  MTR_CHECK(retainPrimaryContext(ordinal, /*makeDefault=*/false, context,
                                 device));
  ScopedContext scope;
  MTR_CHECK(scope.enter(context));
  return loadModule(context, ordinal, image, size, out);
}

int mtr_module_unload(mtr_module module) {
  MTR_REQUIRE(module, "mtr_module_unload: module is null");
  std::unique_ptr<mtr_module_s> owned(module); // invalid after this call
  MTR_CHECK(makeCurrent(owned->context));
  MTR_CHECK_CUDA(cuModuleUnload, (owned->module));
  return MTR_SUCCESS;
}

int mtr_module_get_function(mtr_module module, const char *name,
                            mtr_function *out) {
  MTR_REQUIRE(out, "mtr_module_get_function: out is null");
  *out = nullptr;
  MTR_REQUIRE(module && name,
              "mtr_module_get_function: module or kernel name is null");
  std::lock_guard<std::mutex> lock(module->mutex);
  auto &slot = module->functions[name];
  if (!slot) {
    auto fn = std::make_unique<mtr_function_s>();
    fn->module = module;
    fn->name = name;
    ScopedContext scope;
    int status = scope.enter(module->context);
    if (!status) {
      CUresult result =
          api().cuModuleGetFunction(&fn->function, module->module, name);
      if (result != CUDA_SUCCESS)
        status = cudaFail(result, "cuModuleGetFunction",
                          format("for kernel '%s'", name));
    }
    if (status) {
      module->functions.erase(name);
      return status;
    }
    countParams(*fn);
    slot = std::move(fn);
  }
  *out = slot.get();
  return MTR_SUCCESS;
}

int mtr_function_param_count(mtr_function fn, size_t *count) {
  MTR_REQUIRE(fn && count, "mtr_function_param_count: fn or count is null");
  if (fn->paramCount < 0)
    return fail(MTR_ERROR_CUDA,
                "cannot count the parameters of kernel '" + fn->name +
                    "': " + fn->paramCountProblem);
  *count = static_cast<size_t>(fn->paramCount);
  return MTR_SUCCESS;
}

int mtr_function_attribute(mtr_function fn, int attribute, int *value) {
  MTR_REQUIRE(fn && value, "mtr_function_attribute: fn or value is null");
  *value = 0;
  ScopedContext scope;
  MTR_CHECK(scope.enter(fn->module->context));
  MTR_CHECK_CUDA(cuFuncGetAttribute,
                 (value, static_cast<CUfunction_attribute>(attribute),
                  fn->function),
                 format("for attribute %d of kernel '%s'", attribute,
                        fn->name.c_str()));
  return MTR_SUCCESS;
}

int mtr_function_set_shared(mtr_function fn, unsigned bytes) {
  MTR_REQUIRE(fn, "mtr_function_set_shared: fn is null");
  // A block gets 48 KiB without asking; more needs the function's opt-in,
  // up to the device's MAX_SHARED_MEMORY_PER_BLOCK_OPTIN.
  constexpr unsigned kDefaultLimit = 48 * 1024;
  if (bytes > kDefaultLimit) {
    ScopedContext scope;
    MTR_CHECK(scope.enter(fn->module->context));
    MTR_REQUIRE(api().cuFuncSetAttribute,
                "kernel '%s' needs %u bytes of shared memory, more than the "
                "%u a block gets by default, and this driver has no "
                "cuFuncSetAttribute to ask for more",
                fn->name.c_str(), bytes, kDefaultLimit);
    CUresult result = api().cuFuncSetAttribute(
        fn->function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
        static_cast<int>(bytes));
    if (result != CUDA_SUCCESS)
      return cudaFail(result, "cuFuncSetAttribute",
                      format("asking %u bytes of dynamic shared memory for "
                             "kernel '%s' (more than the device allows "
                             "a block?)",
                             bytes, fn->name.c_str()));
  }
  fn->dynamicShared = bytes;
  return MTR_SUCCESS;
}

int mtr_function_limit_loads_in_flight(mtr_function fn, unsigned threads,
                                       unsigned load_bytes,
                                       unsigned *reserved_bytes) {
  MTR_REQUIRE(fn, "mtr_function_limit_loads_in_flight: fn is null");
  MTR_REQUIRE(threads, "mtr_function_limit_loads_in_flight: kernel '%s' "
              "given 0 threads", fn->name.c_str());
  if (reserved_bytes)
    *reserved_bytes = 0;
  // Drivers without these keep the occupancy the registers give.
  if (!load_bytes || fn->dynamicShared || !api().cuFuncSetAttribute ||
      !api().cuOccupancyMaxActiveBlocksPerMultiprocessor)
    return MTR_SUCCESS;
  ScopedContext scope;
  MTR_CHECK(scope.enter(fn->module->context));
  int staticShared = 0;
  MTR_CHECK_CUDA(cuFuncGetAttribute,
                 (&staticShared, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES,
                  fn->function),
                 format("for the shared memory of kernel '%s'",
                        fn->name.c_str()));
  if (staticShared)
    return MTR_SUCCESS;
  CUdevice device;
  MTR_CHECK_CUDA(cuDeviceGet, (&device, fn->module->ordinal));
  int sharedPerSM = 0, reservedPerBlock = 0, blocks = 0;
  MTR_CHECK_CUDA(cuDeviceGetAttribute,
                 (&sharedPerSM,
                  CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR,
                  device));
  MTR_CHECK_CUDA(cuDeviceGetAttribute,
                 (&reservedPerBlock,
                  CU_DEVICE_ATTRIBUTE_RESERVED_SHARED_MEMORY_PER_BLOCK,
                  device));
  MTR_CHECK_CUDA(cuOccupancyMaxActiveBlocksPerMultiprocessor,
                 (&blocks, fn->function, static_cast<int>(threads), 0),
                 format("for kernel '%s'", fn->name.c_str()));
  unsigned shared = 0, carveout = 0;
  if (!mtr_plan_load_cap(load_bytes, blocks, static_cast<unsigned>(sharedPerSM),
                         static_cast<unsigned>(reservedPerBlock), &shared,
                         &carveout))
    return MTR_SUCCESS;
  MTR_CHECK_CUDA(cuFuncSetAttribute,
                 (fn->function,
                  CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT,
                  static_cast<int>(carveout)),
                 format("for the carveout of kernel '%s'", fn->name.c_str()));
  MTR_CHECK(mtr_function_set_shared(fn, shared));
  if (reserved_bytes)
    *reserved_bytes = shared;
  return MTR_SUCCESS;
}

int mtr_function_device(mtr_function fn, int *ordinal) {
  MTR_REQUIRE(fn && ordinal, "mtr_function_device: fn or ordinal is null");
  *ordinal = fn->module->ordinal;
  return MTR_SUCCESS;
}

int mtr_launch(mtr_function fn, const unsigned grid[3], const unsigned block[3],
               unsigned shared_bytes, void *stream, void **args,
               size_t num_args) {
  MTR_REQUIRE(fn, "mtr_launch: fn is null");
  const char *kernel = fn->name.c_str();
  MTR_REQUIRE(grid && block, "mtr_launch: grid or block of kernel '%s' is null",
              kernel);
  static const char axes[] = "xyz";
  for (int i = 0; i < 3; ++i) {
    MTR_REQUIRE(grid[i], "mtr_launch: grid dimension %c of kernel '%s' is 0",
                axes[i], kernel);
    MTR_REQUIRE(block[i], "mtr_launch: block dimension %c of kernel '%s' is 0",
                axes[i], kernel);
  }
  MTR_REQUIRE(args || !num_args,
              "mtr_launch: kernel '%s' gets %zu arguments but args is null",
              kernel, num_args);
  for (size_t i = 0; i < num_args; ++i)
    MTR_REQUIRE(args[i],
                "mtr_launch: argument %zu of kernel '%s' is null (args holds "
                "pointers to the argument values)",
                i, kernel);
  if (fn->paramCount >= 0)
    MTR_REQUIRE(static_cast<size_t>(fn->paramCount) == num_args,
                "mtr_launch: kernel '%s' takes %ld arguments but %zu were "
                "given",
                kernel, fn->paramCount, num_args);

  // The module's device's primary context for the launch, and the caller's
  // context (torch's current device, say) back afterwards.
  // The kernel's own dynamic shared memory (its tiles), whatever the
  // caller passes.
  shared_bytes = std::max(shared_bytes, fn->dynamicShared);
  ScopedContext scope;
  MTR_CHECK(scope.enter(fn->module->context));
  CUresult result = api().cuLaunchKernel(
      fn->function, grid[0], grid[1], grid[2], block[0], block[1], block[2],
      shared_bytes, static_cast<CUstream>(stream), num_args ? args : nullptr,
      nullptr);
  if (result != CUDA_SUCCESS)
    return cudaFail(result, "cuLaunchKernel",
                    format("for kernel '%s' (grid %ux%ux%u, block %ux%ux%u, "
                           "%u shared bytes)",
                           kernel, grid[0], grid[1], grid[2], block[0],
                           block[1], block[2], shared_bytes));
  return MTR_SUCCESS;
}

int mtr_synchronize(void) {
  MTR_CHECK(useThreadContext());
  MTR_CHECK_CUDA(cuCtxSynchronize, ());
  return MTR_SUCCESS;
}

int mtr_malloc(uint64_t *device_ptr, size_t bytes) {
  MTR_REQUIRE(device_ptr, "mtr_malloc: device_ptr is null");
  *device_ptr = 0;
  if (!bytes)
    return MTR_SUCCESS; // an empty buffer: address 0, nothing to free
  MTR_CHECK(useThreadContext());
  CUdeviceptr pointer = 0;
  MTR_CHECK_CUDA(cuMemAlloc, (&pointer, bytes),
                 format("for %zu bytes", bytes));
  *device_ptr = static_cast<uint64_t>(pointer);
  return MTR_SUCCESS;
}

int mtr_free(uint64_t device_ptr) {
  if (!device_ptr)
    return MTR_SUCCESS;
  MTR_CHECK(useThreadContext());
  MTR_CHECK_CUDA(cuMemFree, (static_cast<CUdeviceptr>(device_ptr)),
                 format("for address 0x%llx",
                        static_cast<unsigned long long>(device_ptr)));
  return MTR_SUCCESS;
}

int mtr_memcpy_htod(uint64_t dst, const void *src, size_t bytes) {
  if (!bytes)
    return MTR_SUCCESS;
  MTR_REQUIRE(dst && src, "mtr_memcpy_htod: dst or src is null");
  MTR_CHECK(useThreadContext());
  MTR_CHECK_CUDA(cuMemcpyHtoD, (static_cast<CUdeviceptr>(dst), src, bytes),
                 format("for %zu bytes", bytes));
  return MTR_SUCCESS;
}

int mtr_memcpy_dtoh(void *dst, uint64_t src, size_t bytes) {
  if (!bytes)
    return MTR_SUCCESS;
  MTR_REQUIRE(dst && src, "mtr_memcpy_dtoh: dst or src is null");
  MTR_CHECK(useThreadContext());
  MTR_CHECK_CUDA(cuMemcpyDtoH, (dst, static_cast<CUdeviceptr>(src), bytes),
                 format("for %zu bytes", bytes));
  return MTR_SUCCESS;
}

int mtr_memset(uint64_t dst, unsigned char value, size_t bytes) {
  if (!bytes)
    return MTR_SUCCESS;
  MTR_REQUIRE(dst, "mtr_memset: dst is null");
  MTR_CHECK(useThreadContext());
  MTR_CHECK_CUDA(cuMemsetD8, (static_cast<CUdeviceptr>(dst), value, bytes),
                 format("for %zu bytes", bytes));
  return MTR_SUCCESS;
}

int mtr_tensor_map_encode(void *out, unsigned rank, uint64_t base,
                          unsigned element_bytes, const uint64_t *sizes,
                          const uint64_t *strides, const unsigned *box,
                          unsigned swizzle) {
  MTR_REQUIRE(out && sizes && box && (rank < 2 || strides),
              "mtr_tensor_map_encode: a null argument");
  MTR_REQUIRE(reinterpret_cast<uintptr_t>(out) % 64 == 0,
              "mtr_tensor_map_encode: the map's storage is not 64-byte "
              "aligned");
  MTR_REQUIRE(rank >= 1 && rank <= 5,
              "mtr_tensor_map_encode: rank %u is not 1 to 5", rank);
  MTR_REQUIRE(base % 16 == 0,
              "mtr_tensor_map_encode: base 0x%llx is not 16-byte aligned",
              static_cast<unsigned long long>(base));
  CUtensorMapDataType type;
  switch (element_bytes) {
  case 1: type = CU_TENSOR_MAP_DATA_TYPE_UINT8; break;
  case 2: type = CU_TENSOR_MAP_DATA_TYPE_UINT16; break;
  case 4: type = CU_TENSOR_MAP_DATA_TYPE_UINT32; break;
  case 8: type = CU_TENSOR_MAP_DATA_TYPE_UINT64; break;
  default:
    return fail(MTR_ERROR_INVALID_ARGUMENT,
                format("mtr_tensor_map_encode: elements of %u bytes (TMA "
                       "copies 1, 2, 4 or 8)",
                       element_bytes));
  }
  CUtensorMapSwizzle mode;
  switch (swizzle) {
  case 0: mode = CU_TENSOR_MAP_SWIZZLE_NONE; break;
  case 32: mode = CU_TENSOR_MAP_SWIZZLE_32B; break;
  case 64: mode = CU_TENSOR_MAP_SWIZZLE_64B; break;
  case 128: mode = CU_TENSOR_MAP_SWIZZLE_128B; break;
  default:
    return fail(MTR_ERROR_INVALID_ARGUMENT,
                format("mtr_tensor_map_encode: swizzle %u is not 0, 32, 64 "
                       "or 128 bytes",
                       swizzle));
  }
  for (unsigned i = 0; i < rank; ++i) {
    MTR_REQUIRE(sizes[i] >= 1 && sizes[i] <= (uint64_t(1) << 32),
                "mtr_tensor_map_encode: size %llu along dimension %u is not "
                "1 to 2**32",
                static_cast<unsigned long long>(sizes[i]), i);
    MTR_REQUIRE(box[i] >= 1 && box[i] <= 256,
                "mtr_tensor_map_encode: box extent %u along dimension %u is "
                "not 1 to 256",
                box[i], i);
  }
  for (unsigned i = 0; i + 1 < rank; ++i)
    MTR_REQUIRE(strides[i] % 16 == 0 && strides[i] < (uint64_t(1) << 40),
                "mtr_tensor_map_encode: stride %llu bytes along dimension %u "
                "is not a multiple of 16 below 2**40",
                static_cast<unsigned long long>(strides[i]), i + 1);
  MTR_REQUIRE(box[0] * element_bytes % 16 == 0,
              "mtr_tensor_map_encode: the box's innermost extent, %u bytes, "
              "is not a multiple of 16",
              box[0] * element_bytes);
  MTR_REQUIRE(!swizzle || box[0] * element_bytes <= swizzle,
              "mtr_tensor_map_encode: the box's innermost extent, %u bytes, "
              "is wider than its %u-byte swizzle",
              box[0] * element_bytes, swizzle);
  MTR_CHECK(ensureLoaded());
  MTR_REQUIRE(api().cuTensorMapEncodeTiled,
              "this driver has no cuTensorMapEncodeTiled (TMA needs CUDA "
              "12.0 or newer)");
  cuuint64_t globalDim[5], globalStrides[4];
  cuuint32_t boxDim[5], elementStrides[5];
  for (unsigned i = 0; i < rank; ++i) {
    globalDim[i] = sizes[i];
    boxDim[i] = box[i];
    elementStrides[i] = 1;
    if (i + 1 < rank)
      globalStrides[i] = strides[i];
  }
  MTR_CHECK_CUDA(cuTensorMapEncodeTiled,
                 (static_cast<CUtensorMap *>(out), type, rank,
                  reinterpret_cast<void *>(base), globalDim, globalStrides,
                  boxDim, elementStrides, CU_TENSOR_MAP_INTERLEAVE_NONE, mode,
                  CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
                  CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE),
                 format("for a rank-%u map of %u-byte elements", rank,
                        element_bytes));
  return MTR_SUCCESS;
}

int mtr_stream_create(void **stream) {
  MTR_REQUIRE(stream, "mtr_stream_create: stream is null");
  *stream = nullptr;
  MTR_CHECK(useThreadContext());
  CUstream created = nullptr;
  MTR_CHECK_CUDA(cuStreamCreate, (&created, CU_STREAM_DEFAULT));
  *stream = created;
  return MTR_SUCCESS;
}

int mtr_stream_destroy(void *stream) {
  MTR_REQUIRE(stream, "mtr_stream_destroy: stream is null (the default "
                      "stream cannot be destroyed)");
  MTR_CHECK(useThreadContext());
  MTR_CHECK_CUDA(cuStreamDestroy, (static_cast<CUstream>(stream)));
  return MTR_SUCCESS;
}

int mtr_stream_synchronize(void *stream) {
  MTR_CHECK(useThreadContext());
  MTR_CHECK_CUDA(cuStreamSynchronize, (static_cast<CUstream>(stream)));
  return MTR_SUCCESS;
}

} // extern "C"
