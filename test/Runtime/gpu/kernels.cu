// Kernels for the runtime's GPU smoke test (run-smoke.sh compiles this file
// to a cubin and to PTX with nvcc; smoke.cpp loads both through the runtime).

// out = x + y over a grid of any shape: each thread takes the element at its
// linear position, so a grid or block dimension lost on the way to the
// driver leaves elements unwritten.
extern "C" __global__ void vadd(const float *x, const float *y, float *out,
                                int n) {
  unsigned block = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
  unsigned threadsPerBlock = blockDim.x * blockDim.y * blockDim.z;
  unsigned thread =
      threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  unsigned i = block * threadsPerBlock + thread;
  if (i < static_cast<unsigned>(n))
    out[i] = x[i] + y[i];
}

// Each block writes its (x, y, z) block index: swapped axes show up.
extern "C" __global__ void coords(int *out) {
  if (threadIdx.x || threadIdx.y || threadIdx.z)
    return;
  unsigned block = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
  out[3 * block + 0] = blockIdx.x;
  out[3 * block + 1] = blockIdx.y;
  out[3 * block + 2] = blockIdx.z;
}
