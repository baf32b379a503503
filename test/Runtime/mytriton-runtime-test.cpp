//===- mytriton-runtime-test.cpp - drives the runtime C API for lit tests -===//
//
// Each subcommand runs one scenario and prints one line per runtime call:
//   "<call>: MTR_SUCCESS" or "<call>: <status>: <mtr_last_error()>".
// On the CPU the scenarios run against a fake libcuda (MYTRITON_LIBCUDA).
//
//===----------------------------------------------------------------------===//

#include "MyTriton/Runtime/Runtime.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

namespace {

int report(const char *call, int status) {
  if (status)
    std::printf("%s: %s: %s\n", call, mtr_status_name(status),
                mtr_last_error());
  else
    std::printf("%s: MTR_SUCCESS\n", call);
  return status;
}

// The fake driver takes any image that starts like an ELF64 file as a cubin.
const char kFakeCubin[] = "\177ELF\2 fake cubin";

int loadCubin(mtr_module *module) {
  return report("mtr_module_load",
                mtr_module_load(kFakeCubin, sizeof(kFakeCubin), module));
}

int info() {
  if (report("mtr_init", mtr_init(0)))
    return 1;
  int count = -1, major = -1, minor = -1, version = -1;
  char name[64];
  report("mtr_device_count", mtr_device_count(&count));
  report("mtr_device_name", mtr_device_name(name, sizeof(name)));
  report("mtr_device_compute_capability",
         mtr_device_compute_capability(&major, &minor));
  report("mtr_driver_version", mtr_driver_version(&version));
  std::printf("devices=%d name='%s' sm_%d%d driver=%d library=%s\n", count,
              name, major, minor, version, mtr_driver_library());
  return 0;
}

int count() {
  int devices = -1;
  int status = report("mtr_device_count", mtr_device_count(&devices));
  std::printf("devices=%d\n", devices);
  return status;
}

int version() {
  int driver = -1;
  int status = report("mtr_driver_version", mtr_driver_version(&driver));
  std::printf("driver=%d\n", driver);
  return status;
}

int loadPtx(const char *text) {
  mtr_module module = nullptr;
  // No terminating NUL, as Python bytes would pass it.
  if (report("mtr_module_load", mtr_module_load(text, std::strlen(text),
                                                &module)))
    return 1;
  return report("mtr_module_unload", mtr_module_unload(module));
}

int kernel(const char *name) {
  mtr_module module = nullptr;
  mtr_function fn = nullptr, again = nullptr;
  if (loadCubin(&module))
    return 1;
  if (!report("mtr_module_get_function",
              mtr_module_get_function(module, name, &fn))) {
    size_t params = 0;
    if (!report("mtr_function_param_count",
                mtr_function_param_count(fn, &params)))
      std::printf("params=%zu\n", params);
    mtr_module_get_function(module, name, &again);
    std::printf("same handle on second lookup: %s\n",
                fn == again ? "yes" : "no");
  }
  return report("mtr_module_unload", mtr_module_unload(module));
}

// launch <kernel> <num_args> <gx> <gy> <gz> [<bx> <by> <bz>]: every argument
// points to a zero 8-byte value.
int launch(int argc, char **argv) {
  if (argc < 5)
    return std::fprintf(stderr, "launch: missing operands\n"), 2;
  const char *name = argv[0];
  size_t numArgs = std::strtoul(argv[1], nullptr, 10);
  unsigned grid[3], block[3] = {32, 1, 1};
  for (int i = 0; i < 3; ++i)
    grid[i] = std::strtoul(argv[2 + i], nullptr, 10);
  for (int i = 0; i < 3 && 5 + i < argc; ++i)
    block[i] = std::strtoul(argv[5 + i], nullptr, 10);
  mtr_module module = nullptr;
  mtr_function fn = nullptr;
  if (loadCubin(&module) ||
      report("mtr_module_get_function",
             mtr_module_get_function(module, name, &fn)))
    return 1;
  std::vector<unsigned long long> values(numArgs, 0);
  std::vector<void *> args;
  for (auto &value : values)
    args.push_back(&value);
  int status = report("mtr_launch", mtr_launch(fn, grid, block, 0, nullptr,
                                               args.data(), numArgs));
  if (!status)
    status = report("mtr_synchronize", mtr_synchronize());
  report("mtr_module_unload", mtr_module_unload(module));
  return status;
}

// A full round trip: allocate, copy in, launch vadd, copy out, check, free.
int vadd(int n, void *stream, bool quiet) {
  auto check = [&](const char *call, int status) {
    return quiet ? status : report(call, status);
  };
  std::vector<float> x(n), y(n), out(n, -1.0f);
  for (int i = 0; i < n; ++i) {
    x[i] = static_cast<float>(i);
    y[i] = 0.5f * static_cast<float>(i);
  }
  size_t bytes = n * sizeof(float);
  uint64_t dx = 0, dy = 0, dout = 0;
  mtr_module module = nullptr;
  mtr_function fn = nullptr;
  if (check("mtr_malloc", mtr_malloc(&dx, bytes)) ||
      check("mtr_malloc", mtr_malloc(&dy, bytes)) ||
      check("mtr_malloc", mtr_malloc(&dout, bytes)) ||
      check("mtr_memcpy_htod", mtr_memcpy_htod(dx, x.data(), bytes)) ||
      check("mtr_memcpy_htod", mtr_memcpy_htod(dy, y.data(), bytes)) ||
      check("mtr_memset", mtr_memset(dout, 0, bytes)) ||
      check("mtr_module_load",
            mtr_module_load(kFakeCubin, sizeof(kFakeCubin), &module)) ||
      check("mtr_module_get_function",
            mtr_module_get_function(module, "vadd", &fn)))
    return 1;
  void *args[] = {&dx, &dy, &dout, &n};
  unsigned grid[3] = {static_cast<unsigned>((n + 127) / 128), 1, 1};
  unsigned block[3] = {128, 1, 1};
  if (check("mtr_launch", mtr_launch(fn, grid, block, 0, stream, args, 4)) ||
      check("mtr_synchronize", stream ? mtr_stream_synchronize(stream)
                                      : mtr_synchronize()) ||
      check("mtr_memcpy_dtoh", mtr_memcpy_dtoh(out.data(), dout, bytes)))
    return 1;
  int wrong = 0;
  for (int i = 0; i < n; ++i)
    wrong += out[i] != x[i] + y[i];
  check("mtr_free", mtr_free(dx));
  check("mtr_free", mtr_free(dy));
  check("mtr_free", mtr_free(dout));
  check("mtr_module_unload", mtr_module_unload(module));
  if (!quiet)
    std::printf("vadd n=%d: %d wrong, out[%d]=%g\n", n, wrong, n - 1,
                n ? out[n - 1] : 0.0f);
  return wrong != 0;
}

int stream() {
  void *s = nullptr;
  if (report("mtr_stream_create", mtr_stream_create(&s)))
    return 1;
  int status = vadd(16, s, false);
  report("mtr_stream_destroy", mtr_stream_destroy(s));
  return status;
}

// Threads that never call mtr_init still get the device's context.
int threads(int n) {
  std::vector<int> results(n, -1);
  std::vector<std::thread> pool;
  for (int t = 0; t < n; ++t)
    pool.emplace_back([&results, t] { results[t] = vadd(64 + t, nullptr, true); });
  for (auto &thread : pool)
    thread.join();
  int ok = 0;
  for (int result : results)
    ok += result == 0;
  std::printf("threads: %d of %d round trips correct\n", ok, n);
  return ok != n;
}

// The launch "faults"; the error surfaces at the next synchronize.
int crash() {
  mtr_module module = nullptr;
  mtr_function fn = nullptr;
  if (loadCubin(&module) ||
      report("mtr_module_get_function",
             mtr_module_get_function(module, "crash", &fn)))
    return 1;
  uint64_t pointer = 0;
  void *args[] = {&pointer};
  unsigned grid[3] = {1, 1, 1}, block[3] = {32, 1, 1};
  report("mtr_launch", mtr_launch(fn, grid, block, 0, nullptr, args, 1));
  report("mtr_synchronize", mtr_synchronize());
  mtr_module_unload(module);
  return 0;
}

// Every entry point with a null where it needs a value.
int nullArgs() {
  mtr_module module = nullptr;
  mtr_function fn = nullptr;
  size_t params = 0;
  unsigned dims[3] = {1, 1, 1}, zero[3] = {1, 0, 1};
  uint64_t pointer = 0;
  char byte = 0;
  report("mtr_device_count(null)", mtr_device_count(nullptr));
  report("mtr_device_name(null)", mtr_device_name(nullptr, 16));
  report("mtr_device_name(size 0)", mtr_device_name(&byte, 0));
  report("mtr_driver_version(null)", mtr_driver_version(nullptr));
  report("mtr_device_compute_capability(null)",
         mtr_device_compute_capability(nullptr, nullptr));
  report("mtr_module_load(null image)", mtr_module_load(nullptr, 8, &module));
  report("mtr_module_load(empty image)", mtr_module_load("", 0, &module));
  report("mtr_module_load(null out)", mtr_module_load(kFakeCubin, 4, nullptr));
  report("mtr_module_unload(null)", mtr_module_unload(nullptr));
  report("mtr_module_get_function(null module)",
         mtr_module_get_function(nullptr, "vadd", &fn));
  report("mtr_function_param_count(null)",
         mtr_function_param_count(nullptr, &params));
  report("mtr_launch(null fn)",
         mtr_launch(nullptr, dims, dims, 0, nullptr, nullptr, 0));
  report("mtr_malloc(null)", mtr_malloc(nullptr, 16));
  report("mtr_memcpy_htod(null src)", mtr_memcpy_htod(0x10, nullptr, 4));
  report("mtr_memcpy_dtoh(null dst)", mtr_memcpy_dtoh(nullptr, 0x10, 4));
  report("mtr_memset(null dst)", mtr_memset(0, 0, 4));
  report("mtr_stream_create(null)", mtr_stream_create(nullptr));
  report("mtr_stream_destroy(null)", mtr_stream_destroy(nullptr));
  // These need a real function handle.
  if (loadCubin(&module) ||
      report("mtr_module_get_function",
             mtr_module_get_function(module, "vadd", &fn)))
    return 1;
  mtr_function unused = nullptr;
  report("mtr_module_get_function(null name)",
         mtr_module_get_function(module, nullptr, &unused));
  report("mtr_function_param_count(null count)",
         mtr_function_param_count(fn, nullptr));
  report("mtr_launch(null grid)",
         mtr_launch(fn, nullptr, dims, 0, nullptr, nullptr, 0));
  report("mtr_launch(zero block)",
         mtr_launch(fn, dims, zero, 0, nullptr, nullptr, 0));
  report("mtr_launch(null args)",
         mtr_launch(fn, dims, dims, 0, nullptr, nullptr, 4));
  void *args[] = {&pointer, &pointer, nullptr, &pointer};
  report("mtr_launch(null arg 2)",
         mtr_launch(fn, dims, dims, 0, nullptr, args, 4));
  // Empty transfers and null frees are no-ops, not errors.
  report("mtr_malloc(0 bytes)", mtr_malloc(&pointer, 0));
  std::printf("pointer=%llu\n", static_cast<unsigned long long>(pointer));
  report("mtr_free(0)", mtr_free(0));
  report("mtr_memcpy_htod(0 bytes)", mtr_memcpy_htod(0, nullptr, 0));
  return report("mtr_module_unload", mtr_module_unload(module));
}

// Two devices: attributes per device, which device holds a pointer, a kernel
// loaded on device 1 launched on a device-1 stream while device 0's context
// is current (the launch switches to device 1's context and back), and the
// kernel's attributes.
int twoDevices() {
  int value = -1, ordinal = -1;
  const int attributes[] = {75 /* COMPUTE_CAPABILITY_MAJOR */,
                            16 /* MULTIPROCESSOR_COUNT */};
  for (int device = 0; device < 2; ++device)
    for (int attribute : attributes) {
      report("mtr_device_attribute",
             mtr_device_attribute(device, attribute, &value));
      std::printf("device %d attribute %d = %d\n", device, attribute, value);
    }
  report("mtr_device_attribute(2)", mtr_device_attribute(2, 16, &value));
  report("mtr_current_device", mtr_current_device(&ordinal));
  std::printf("current=%d\n", ordinal);

  report("mtr_init(1)", mtr_init(1));
  uint64_t pointer = 0;
  report("mtr_malloc", mtr_malloc(&pointer, 64));
  void *stream = nullptr;
  report("mtr_stream_create", mtr_stream_create(&stream));
  mtr_module module = nullptr;
  mtr_function fn = nullptr;
  loadCubin(&module);
  report("mtr_module_get_function",
         mtr_module_get_function(module, "noargs", &fn));
  report("mtr_function_device", mtr_function_device(fn, &ordinal));
  std::printf("function device=%d\n", ordinal);
  report("mtr_function_attribute",
         mtr_function_attribute(fn, 4 /* NUM_REGS */, &value));
  std::printf("registers=%d\n", value);

  report("mtr_init(0)", mtr_init(0));
  report("mtr_pointer_device", mtr_pointer_device(pointer, &ordinal));
  std::printf("pointer device=%d\n", ordinal);
  int onStack = 0;
  report("mtr_pointer_device(host)",
         mtr_pointer_device(reinterpret_cast<uintptr_t>(&onStack), &ordinal));
  const unsigned grid[3] = {1, 1, 1}, block[3] = {32, 1, 1};
  report("mtr_launch", mtr_launch(fn, grid, block, 0, stream, nullptr, 0));
  report("mtr_current_device", mtr_current_device(&ordinal));
  std::printf("current after launch=%d\n", ordinal);

  // Loading on device 1 leaves device 0 current.
  mtr_module other = nullptr;
  report("mtr_module_load_on(1)",
         mtr_module_load_on(1, kFakeCubin, sizeof(kFakeCubin), &other));
  report("mtr_module_get_function",
         mtr_module_get_function(other, "noargs", &fn));
  report("mtr_function_device", mtr_function_device(fn, &ordinal));
  std::printf("loaded on=%d\n", ordinal);
  report("mtr_current_device", mtr_current_device(&ordinal));
  std::printf("current after load=%d\n", ordinal);
  report("mtr_module_load_on(2)",
         mtr_module_load_on(2, kFakeCubin, sizeof(kFakeCubin), &other));
  return 0;
}

int usage();

// mtr_tensor_map_encode with `rank`, then per dimension (innermost first)
// its size and box, then the strides, the element bytes and the swizzle;
// prints the map's first byte.
int tensorMap(int argc, char **argv) {
  if (argc < 1)
    return usage();
  unsigned rank = std::strtoul(argv[0], nullptr, 10);
  if (rank > 5 || argc != static_cast<int>(1 + 2 * rank + (rank ? rank - 1 : 0) + 3))
    return usage();
  uint64_t sizes[5] = {}, strides[4] = {};
  unsigned box[5] = {};
  int next = 1;
  for (unsigned i = 0; i < rank; ++i) {
    sizes[i] = std::strtoull(argv[next++], nullptr, 10);
    box[i] = std::strtoul(argv[next++], nullptr, 10);
  }
  for (unsigned i = 0; i + 1 < rank; ++i)
    strides[i] = std::strtoull(argv[next++], nullptr, 10);
  uint64_t base = std::strtoull(argv[next++], nullptr, 0);
  unsigned elementBytes = std::strtoul(argv[next++], nullptr, 10);
  unsigned swizzle = std::strtoul(argv[next++], nullptr, 10);
  alignas(64) unsigned char map[128] = {};
  int status = mtr_tensor_map_encode(map, rank, base, elementBytes, sizes,
                                     strides, box, swizzle);
  if (!status)
    std::printf("map[0] = 0x%02x\n", map[0]);
  return report("mtr_tensor_map_encode", status);
}

int usage() {
  std::fprintf(stderr,
               "usage: mytriton-runtime-test info | init <ordinal> | count | "
               "version | load-cubin | load-ptx <text> | kernel <name> | "
               "launch <kernel> <num_args> <gx> <gy> <gz> [<bx> <by> <bz>] | "
               "vadd <n> | stream | threads <n> | crash | null-args | "
               "two-devices | tensor-map <rank> (<size> <box>)... <stride>... "
               "<base> <element_bytes> <swizzle>\n");
  return 2;
}

} // namespace

int main(int argc, char **argv) {
  // Keeps these lines in order with the fake driver's stderr lines.
  std::setvbuf(stdout, nullptr, _IOLBF, 0);
  if (argc < 2)
    return usage();
  std::string command = argv[1];
  if (command == "info")
    return info();
  if (command == "init" && argc == 3)
    return report("mtr_init", mtr_init(std::atoi(argv[2])));
  if (command == "count")
    return count();
  if (command == "version")
    return version();
  if (command == "load-cubin") {
    mtr_module module = nullptr;
    return loadCubin(&module) ||
           report("mtr_module_unload", mtr_module_unload(module));
  }
  if (command == "load-ptx" && argc == 3)
    return loadPtx(argv[2]);
  if (command == "kernel" && argc == 3)
    return kernel(argv[2]);
  if (command == "launch")
    return launch(argc - 2, argv + 2);
  if (command == "vadd" && argc == 3)
    return vadd(std::atoi(argv[2]), nullptr, false);
  if (command == "stream")
    return stream();
  if (command == "threads" && argc == 3)
    return threads(std::atoi(argv[2]));
  if (command == "crash")
    return crash();
  if (command == "null-args")
    return nullArgs();
  if (command == "two-devices")
    return twoDevices();
  if (command == "tensor-map")
    return tensorMap(argc - 2, argv + 2);
  return usage();
}
