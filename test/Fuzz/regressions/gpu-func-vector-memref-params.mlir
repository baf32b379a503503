gpu.module @kernels {
  gpu.func @k(%v: vector<4xf32>, %m: memref<8xf32>) kernel {
    gpu.return
  }
}
