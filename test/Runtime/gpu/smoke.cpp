//===- smoke.cpp - the runtime on a real GPU: one PASS/FAIL line per check -===//
//
// usage: smoke <kernels.cubin> <kernels.ptx>   (run-smoke.sh builds both)
// Exit status: the number of failed checks.
//
//===----------------------------------------------------------------------===//

#include "MyTriton/Runtime/Runtime.h"

#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace {

int failures = 0;

bool check(bool ok, const std::string &name, const std::string &detail = "") {
  if (ok) {
    std::printf("PASS %s\n", name.c_str());
  } else {
    ++failures;
    std::printf("FAIL %s%s%s\n", name.c_str(), detail.empty() ? "" : ": ",
                detail.c_str());
  }
  std::fflush(stdout);
  return ok;
}

std::string lastError(int status) {
  return std::string(mtr_status_name(status)) + ": " + mtr_last_error();
}

bool checkCall(int status, const std::string &name) {
  return check(status == MTR_SUCCESS, name, status ? lastError(status) : "");
}

bool readFile(const char *path, std::string &contents) {
  std::ifstream file(path, std::ios::binary);
  if (!file)
    return false;
  contents.assign(std::istreambuf_iterator<char>(file), {});
  return true;
}

// Launches vadd on `grid` x `block` covering exactly n elements, checks out.
void vaddCheck(mtr_function vadd, const std::string &name,
               const unsigned grid[3], const unsigned block[3]) {
  int n = static_cast<int>(grid[0] * grid[1] * grid[2] * block[0] * block[1] *
                           block[2]);
  size_t bytes = n * sizeof(float);
  std::vector<float> x(n), y(n), out(n, 0.0f);
  for (int i = 0; i < n; ++i) {
    x[i] = static_cast<float>(i);
    y[i] = 1000.0f - 2.0f * static_cast<float>(i);
  }
  uint64_t dx = 0, dy = 0, dout = 0;
  int status = mtr_malloc(&dx, bytes);
  if (!status) status = mtr_malloc(&dy, bytes);
  if (!status) status = mtr_malloc(&dout, bytes);
  if (!status) status = mtr_memcpy_htod(dx, x.data(), bytes);
  if (!status) status = mtr_memcpy_htod(dy, y.data(), bytes);
  if (!status) status = mtr_memset(dout, 0xff, bytes); // NaN everywhere
  void *args[] = {&dx, &dy, &dout, &n};
  if (!status) status = mtr_launch(vadd, grid, block, 0, nullptr, args, 4);
  if (!status) status = mtr_synchronize();
  if (!status) status = mtr_memcpy_dtoh(out.data(), dout, bytes);
  if (status) {
    check(false, name, lastError(status));
  } else {
    int wrong = 0, first = -1;
    for (int i = 0; i < n; ++i)
      if (out[i] != x[i] + y[i] && wrong++ == 0)
        first = i;
    char detail[128];
    std::snprintf(detail, sizeof(detail), "%d of %d wrong, first at %d", wrong,
                  n, first);
    check(wrong == 0, name, detail);
  }
  mtr_free(dx);
  mtr_free(dy);
  mtr_free(dout);
}

// Runs every check on one loaded image ("cubin" or "ptx").
void checkImage(const std::string &kind, const std::string &image) {
  mtr_module module = nullptr;
  if (!checkCall(mtr_module_load(image.data(), image.size(), &module),
                 kind + " load"))
    return;
  mtr_function vadd = nullptr, coords = nullptr, missing = nullptr;
  if (!checkCall(mtr_module_get_function(module, "vadd", &vadd),
                 kind + " get vadd"))
    return;
  size_t params = 0;
  int status = mtr_function_param_count(vadd, &params);
  check(status == MTR_SUCCESS && params == 4, kind + " vadd has 4 parameters",
        status ? lastError(status) : "got " + std::to_string(params));

  unsigned grid1[3] = {40, 1, 1}, block1[3] = {256, 1, 1};
  unsigned grid2[3] = {5, 3, 1}, block2[3] = {16, 8, 1};
  unsigned grid3[3] = {3, 2, 4}, block3[3] = {8, 4, 2};
  vaddCheck(vadd, kind + " vadd 1-D grid 40 x block 256", grid1, block1);
  vaddCheck(vadd, kind + " vadd 2-D grid 5x3 x block 16x8", grid2, block2);
  vaddCheck(vadd, kind + " vadd 3-D grid 3x2x4 x block 8x4x2", grid3, block3);

  // Block indices land on the right axes.
  if (checkCall(mtr_module_get_function(module, "coords", &coords),
                kind + " get coords")) {
    const int blocks = 3 * 2 * 4;
    std::vector<int> out(3 * blocks, -1);
    uint64_t dout = 0;
    void *args[] = {&dout};
    status = mtr_malloc(&dout, out.size() * sizeof(int));
    if (!status)
      status = mtr_launch(coords, grid3, block3, 0, nullptr, args, 1);
    if (!status)
      status = mtr_synchronize();
    if (!status)
      status = mtr_memcpy_dtoh(out.data(), dout, out.size() * sizeof(int));
    bool ok = status == MTR_SUCCESS;
    for (int z = 0; ok && z < 4; ++z)
      for (int y = 0; y < 2; ++y)
        for (int x = 0; x < 3; ++x) {
          int b = x + 3 * (y + 2 * z);
          ok &= out[3 * b] == x && out[3 * b + 1] == y && out[3 * b + 2] == z;
        }
    check(ok, kind + " coords 3-D block indices",
          status ? lastError(status) : "wrong block indices");
    mtr_free(dout);
  }

  // Wrong argument count: refused before the driver sees it.
  uint64_t zero = 0;
  void *threeArgs[] = {&zero, &zero, &zero};
  status = mtr_launch(vadd, grid1, block1, 0, nullptr, threeArgs, 3);
  check(status == MTR_ERROR_INVALID_ARGUMENT &&
            std::strstr(mtr_last_error(),
                        "kernel 'vadd' takes 4 arguments but 3 were given"),
        kind + " wrong argument count is refused", lastError(status));

  // Unknown kernel: named, with the CUDA error.
  status = mtr_module_get_function(module, "no_such_kernel", &missing);
  check(status == MTR_ERROR_CUDA && !missing &&
            std::strstr(mtr_last_error(),
                        "cuModuleGetFunction failed for kernel "
                        "'no_such_kernel': CUDA_ERROR_NOT_FOUND"),
        kind + " unknown kernel is an error", lastError(status));

  checkCall(mtr_module_unload(module), kind + " unload");
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s <kernels.cubin> <kernels.ptx>\n", argv[0]);
    return 2;
  }
  if (!checkCall(mtr_init(0), "init device 0"))
    return failures;
  char name[256] = "";
  int major = 0, minor = 0, version = 0;
  mtr_device_name(name, sizeof(name));
  mtr_device_compute_capability(&major, &minor);
  mtr_driver_version(&version);
  std::printf("device: %s (sm_%d%d), driver %d, library %s\n", name, major,
              minor, version, mtr_driver_library());

  std::string cubin, ptx;
  if (check(readFile(argv[1], cubin), "read cubin", argv[1]))
    checkImage("cubin", cubin);
  if (check(readFile(argv[2], ptx), "read ptx", argv[2]))
    checkImage("ptx", ptx);

  // A corrupt cubin (an ELF magic number, then zeros): the driver's error,
  // named.
  std::string corrupt(cubin.size() < 64 ? 64 : cubin.size(), '\0');
  std::memcpy(&corrupt[0], "\177ELF", 4);
  mtr_module module = nullptr;
  int status = mtr_module_load(corrupt.data(), corrupt.size(), &module);
  check(status == MTR_ERROR_CUDA &&
            std::strstr(mtr_last_error(), "cuModuleLoadData failed"),
        "corrupt cubin is an error", lastError(status));

  // Last, since it spoils the context: a fault surfaces at synchronize.
  mtr_function vadd = nullptr;
  if (!mtr_module_load(cubin.data(), cubin.size(), &module) &&
      !mtr_module_get_function(module, "vadd", &vadd)) {
    uint64_t bad = 0x10; // not device memory
    int n = 1 << 20;
    void *args[] = {&bad, &bad, &bad, &n};
    unsigned grid[3] = {4096, 1, 1}, block[3] = {256, 1, 1};
    status = mtr_launch(vadd, grid, block, 0, nullptr, args, 4);
    if (!status)
      status = mtr_synchronize();
    check(status == MTR_ERROR_CUDA &&
              std::strstr(mtr_last_error(), "CUDA_ERROR_ILLEGAL_ADDRESS"),
          "illegal address is reported at synchronize", lastError(status));
    mtr_module_unload(module); // fails in the spoiled context; frees ours
  } else {
    check(false, "illegal address is reported at synchronize",
          mtr_last_error());
  }

  std::printf("%s: %d check(s) failed\n", failures ? "FAIL" : "PASS",
              failures);
  return failures;
}
