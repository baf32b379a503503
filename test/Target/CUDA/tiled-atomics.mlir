// --emit-cuda prints tensor atomics of tiled kernels (AtomicPrinters.cpp)
// as the gpu/nvvm route lowers them: one inline PTX atom per element, from
// the element's owner ((threadIdx.x & M) == 0u for the replicating bits M),
// replicas reading used old values back through the scratch buffer. nvcc
// compiles them with warnings as errors.
// RUN: mytriton-opt --tt-prepare-gpu %s | mytriton-translate --emit-cuda | FileCheck %s
// RUN: %if nvcc %{ mytriton-opt --tt-prepare-gpu %s | mytriton-translate --emit-cuda -o %t.cu %}
// RUN: %if nvcc %{ %cuda_toolkit/bin/nvcc -arch=sm_90 -c -Werror all-warnings %t.cu -o %t.o %}

// CHECK-LABEL: tile_add(
// CHECK-NOT:     __syncthreads
// CHECK:         [[R0:v[0-9]+_0]] = 0;
// CHECK-NEXT:    if ([[M0:v[0-9]+_0]]) {
// CHECK-NEXT:      asm volatile("atom.relaxed.gpu.global.add.u32 %0, [%1], %2;" : "=r"([[R0]]) : "l"(__cvta_generic_to_global(&arg0[[[O0:v[0-9]+_0]]])), "r"([[O0]]) : "memory");
// CHECK-NEXT:    }
// CHECK-COUNT-15: asm volatile("atom.relaxed.gpu.global.add.u32
// CHECK-NOT:     __syncthreads
// CHECK:         }

// CHECK-LABEL: row_sums(
// CHECK:         [[OLD:v[0-9]+]] = 0.0f;
// CHECK-NEXT:    if ((threadIdx.x & 39u) == 0u) {
// CHECK-NEXT:      asm volatile("atom.acq_rel.gpu.global.add.f32 %0, [%1], %2;" : "=f"([[OLD]])
// CHECK-NEXT:    }
// CHECK-NEXT:    if ((threadIdx.x & 39u) == 0u) {
// CHECK-NEXT:      reinterpret_cast<float*>(scratch)[thread_dim0] = [[OLD]];
// CHECK-NEXT:    }
// CHECK-NEXT:    __syncthreads();
// CHECK-NEXT:    [[OLD]] = reinterpret_cast<float*>(scratch)[thread_dim0];

// CHECK-LABEL: cas64(
// CHECK-NOT:     scratch
// CHECK:         if ((threadIdx.x & 64u) == 0u) {
// CHECK-NEXT:      asm volatile("{ .reg .b32 old; atom.acq_rel.gpu.global.cas.b32 old, [%0], %1, %2; }"
// CHECK-NOT:     __syncthreads

// A 32 x 64 tile on 4 warps covers every element once: each register's atom
// behind its mask bit, no owner test, no exchange.
tt.func @tile_add(%z: !tt.ptr<i32>, %old: !tt.ptr<i32>, %n: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %c = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %r2 = tt.expand_dims %r {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %c2 = tt.expand_dims %c {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %k = arith.constant dense<64> : tensor<32x1xi32>
  %rk = arith.muli %r2, %k : tensor<32x1xi32>
  %rb = tt.broadcast %rk : tensor<32x1xi32> -> tensor<32x64xi32>
  %cb = tt.broadcast %c2 : tensor<1x64xi32> -> tensor<32x64xi32>
  %offs = arith.addi %rb, %cb : tensor<32x64xi32>
  %ns = tt.splat %n : i32 -> tensor<32x64xi32>
  %mask = arith.cmpi slt, %offs, %ns : tensor<32x64xi32>
  %zs = tt.splat %z : !tt.ptr<i32> -> tensor<32x64x!tt.ptr<i32>>
  %zp = tt.addptr %zs, %offs : tensor<32x64x!tt.ptr<i32>>, tensor<32x64xi32>
  %o = tt.atomic_rmw add, relaxed, gpu, %zp, %offs, %mask : tensor<32x64x!tt.ptr<i32>>
  %os = tt.splat %old : !tt.ptr<i32> -> tensor<32x64x!tt.ptr<i32>>
  %op = tt.addptr %os, %offs : tensor<32x64x!tt.ptr<i32>>, tensor<32x64xi32>
  tt.store %op, %o, %mask : tensor<32x64x!tt.ptr<i32>>
  tt.return
}



// Row sums of an 8 x 32 tile added to 8 floats (Triton's
// test_tensor_atomic_rmw): the rows' slice is held by 8 lanes and 2 warps
// each; only the owner adds, and the old values reach the replicas through
// the scratch buffer.
tt.func @row_sums(%z: !tt.ptr<f32>, %x: !tt.ptr<f32>, %oldp: !tt.ptr<f32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 8 : i32} : tensor<8xi32>
  %c = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %r2 = tt.expand_dims %r {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
  %c2 = tt.expand_dims %c {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %k = arith.constant dense<32> : tensor<8x1xi32>
  %rk = arith.muli %r2, %k : tensor<8x1xi32>
  %rb = tt.broadcast %rk : tensor<8x1xi32> -> tensor<8x32xi32>
  %cb = tt.broadcast %c2 : tensor<1x32xi32> -> tensor<8x32xi32>
  %offs = arith.addi %rb, %cb : tensor<8x32xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<8x32x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %offs : tensor<8x32x!tt.ptr<f32>>, tensor<8x32xi32>
  %v = tt.load %xp : tensor<8x32x!tt.ptr<f32>>
  %s = tt.reduce sum %v {axis = 1 : i32} : tensor<8x32xf32> -> tensor<8xf32>
  %zs = tt.splat %z : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %zp = tt.addptr %zs, %r : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  %old = tt.atomic_rmw fadd, acq_rel, gpu, %zp, %s : tensor<8x!tt.ptr<f32>>
  %os = tt.splat %oldp : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
  %op = tt.addptr %os, %r : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
  tt.store %op, %old : tensor<8x!tt.ptr<f32>>
  tt.return
}



// A 64-element compare-and-swap on 128 threads: warp 1 replicates warp 0;
// its old values unused, nothing is exchanged.
tt.func @cas64(%z: !tt.ptr<f32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %zs = tt.splat %z : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %zp = tt.addptr %zs, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %cmp = arith.constant dense<0.0> : tensor<64xf32>
  %v = arith.sitofp %r : tensor<64xi32> to tensor<64xf32>
  %o = tt.atomic_cas acq_rel, gpu, %zp, %cmp, %v : tensor<64x!tt.ptr<f32>>
  tt.return
}

