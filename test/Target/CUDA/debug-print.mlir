// tt.print, tt.debug_barrier and tt.assert in the CUDA C++: printf per
// register with its lane (threadIdx.x * 2 and + 1 here), a scalar from thread
// 0 only, __syncthreads(), and __assertfail when any of the thread's elements
// is false. The module includes <cstdio> for nvcc (NVRTC declares printf).
// A tiled tensor prints both coordinates; with programs_per_cta > 1 the
// programs past the grid print nothing.
// RUN: mytriton-translate --emit-cuda %s | FileCheck %s

// CHECK:       #ifndef __CUDACC_RTC__
// CHECK-NEXT:  #include <cstdio>
// CHECK-NEXT:  #endif
// CHECK-LABEL: void __launch_bounds__(32) debug_ops(
// CHECK-SAME:      const float* [[X:arg[0-9]+]], int [[N:arg[0-9]+]],
// CHECK:       printf("pid (%d, %d, %d) idx (%d) v: (operand 0) %f\n", [[PID:.*]], (int)blockIdx.y, (int)threadIdx.x * 2, (double)([[V0:v[0-9]+_0]]));
// CHECK-NEXT:  printf("pid (%d, %d, %d) idx (%d) v: (operand 0) %f\n", [[PID]], (int)blockIdx.y, (int)threadIdx.x * 2 + 1, (double)([[V1:v[0-9]+_1]]));
// CHECK-NEXT:  if ((threadIdx.x == 0u)) {
// CHECK-NEXT:    printf("pid (%d, %d, %d) v: (operand 1) %d\n", [[PID]], (int)blockIdx.y, (int)([[N]]));
// CHECK-NEXT:  }
// CHECK-NEXT:  printf("pid (%d, %d, %d) idx (%d) bits: 0x%08x\n", [[PID]], (int)blockIdx.y, (int)threadIdx.x * 2, __float_as_uint([[V0]]));
// CHECK-NEXT:  printf("pid (%d, %d, %d) idx (%d) bits: 0x%08x\n", [[PID]], (int)blockIdx.y, (int)threadIdx.x * 2 + 1, __float_as_uint([[V1]]));
// CHECK-NEXT:  __syncthreads();
// CHECK-NEXT:  const bool [[OK0:v[0-9]+_0]] = {{.*}} < [[N]];
// CHECK-NEXT:  const bool [[OK1:v[0-9]+_1]] = {{.*}} < [[N]];
// CHECK-NEXT:  if ((![[OK0]] || ![[OK1]])) {
// CHECK-NEXT:    __assertfail("lane past n", "{{.*}}debug-print.mlir", [[#@LINE+12]]u, "debug_ops", 1);
// CHECK-NEXT:  }
tt.func @debug_ops(%x: !tt.ptr<f32>, %n: i32) attributes {block_size = 64 : i32, num_warps = 1 : i32} {
  %lanes = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %base = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %ptrs = tt.addptr %base, %lanes : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %v = tt.load %ptrs : tensor<64x!tt.ptr<f32>>
  tt.print " v: " %v, %n : tensor<64xf32>, i32
  tt.print " bits: " {hex} %v : tensor<64xf32>
  tt.debug_barrier
  %nv = tt.splat %n : i32 -> tensor<64xi32>
  %ok = arith.cmpi slt, %lanes, %nv : tensor<64xi32>
  tt.assert %ok, "lane past n" : tensor<64xi1>
  tt.return
}

// CHECK-LABEL: void __launch_bounds__(128) tiled_print(
// CHECK-COUNT-4: printf("pid (%d, %d, %d) idx (%d, %d) t: %d\n",
// CHECK-NOT:   printf

#b = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#br = #tt.slice<{dim = 1, parent = #b}>
#bc = #tt.slice<{dim = 0, parent = #b}>
tt.func @tiled_print(%x: !tt.ptr<i32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %rows = tt.make_range {start = 0 : i32, end = 8 : i32} : tensor<8xi32, #br>
  %cols = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32, #bc>
  %r2 = tt.expand_dims %rows {axis = 1 : i32} : tensor<8xi32, #br> -> tensor<8x1xi32, #b>
  %c2 = tt.expand_dims %cols {axis = 0 : i32} : tensor<64xi32, #bc> -> tensor<1x64xi32, #b>
  %rb = tt.broadcast %r2 : tensor<8x1xi32, #b> -> tensor<8x64xi32, #b>
  %cb = tt.broadcast %c2 : tensor<1x64xi32, #b> -> tensor<8x64xi32, #b>
  %v = arith.subi %cb, %rb : tensor<8x64xi32, #b>
  tt.print " t: " %v : tensor<8x64xi32, #b>
  tt.return
}

// CHECK-LABEL: void __launch_bounds__(128) packed_print(
// CHECK:       const bool [[LIVE:program_live[_0-9]*]] = packed_program < num_programs_0;
// CHECK:       if (([[LIVE]])) {
// CHECK-NEXT:    printf("pid (%d, %d, %d) idx (%d) p: %d\n", min(packed_program, num_programs_0 - 1),
// CHECK-NEXT:  }
tt.func @packed_print() attributes {block_size = 32 : i32, num_warps = 1 : i32, programs_per_cta = 4 : i32} {
  %lanes = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  tt.print " p: " %lanes : tensor<32xi32>
  tt.return
}
