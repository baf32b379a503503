// The launch ABI of the emitted kernels (tt.func's description; each kernel's
// `// Launch:` comment): a launch grid of g0 x g1 x g2 program instances, P =
// programs_per_cta of them per CUDA block, runs as
//   blockDim = (threads, P, 1), gridDim = (ceil(g0 / P) * g1, g2, 1),
// and the kernel takes g0 and g1 as two trailing int arguments.
#ifndef MYTRITON_GPU_LAUNCH_ABI_H
#define MYTRITON_GPU_LAUNCH_ABI_H

#include <vector>

struct Grid {
  int g0, g1 = 1, g2 = 1;
};

// Launches `fn` over `grid` with the kernel's own arguments `args` (the two
// grid sizes are appended here) and waits for it.
template <class Kernel>
cudaError_t launchGrid(Kernel fn, Grid grid, int threads, int programs,
                       std::vector<void *> args) {
  int g0 = grid.g0, g1 = grid.g1;
  args.push_back(&g0);
  args.push_back(&g1);
  dim3 blocks((unsigned)((g0 + programs - 1) / programs * g1), (unsigned)grid.g2);
  dim3 block((unsigned)threads, (unsigned)programs);
  cudaError_t err = cudaLaunchKernel(fn, blocks, block, args.data(), 0, 0);
  if (err == cudaSuccess) err = cudaDeviceSynchronize();
  return err;
}

#endif // MYTRITON_GPU_LAUNCH_ABI_H
