// tt atomics in the CUDA C++ emitter: one PTX atom per lane as inline asm
// with its ordering and scope, on the global address of the element; float
// max/min as two integer atoms behind a sign test; a used scalar atomic's
// old value through a __shared__ slot between barriers; unused old values
// stay in PTX registers (nvcc warns about C variables nothing reads).
// RUN: mytriton-translate --emit-cuda %s | FileCheck %s
// RUN: mytriton-translate --emit-cuda %s > %t.cu
// RUN: %if nvcc %{ %cuda_toolkit/bin/nvcc -arch=sm_90 -c -Werror all-warnings %t.cu -o %t.o %}

// Pointers an atomic writes through are not const.
// CHECK-LABEL: void __launch_bounds__(32) tensor_fadd(float* arg0, int arg1,
// CHECK:         const bool [[MASK:v[0-9]+]] = [[T:v[0-9]+]] < arg1;
// CHECK:         const float [[VAL:v[0-9]+]] = (float)[[T]];
// CHECK:         float [[OLD:v[0-9]+]];
// CHECK-NEXT:    [[OLD]] = 0.0f;
// CHECK-NEXT:    if ([[MASK]]) {
// CHECK-NEXT:      asm volatile("atom.acq_rel.gpu.global.add.f32 %0, [%1], %2;" : "=f"([[OLD]]) : "l"(__cvta_generic_to_global(&arg0[[[T]]])), "f"([[VAL]]) : "memory");
// CHECK-NEXT:    }
// CHECK-NEXT:    arg0[[[T]]] = [[OLD]];

// CHECK-LABEL: void __launch_bounds__(32) lanes_fmax(float* arg0, const float* arg1,
// CHECK:         = arg1[v0_3];
// CHECK-NEXT:    }
// CHECK-NEXT:    {
// CHECK-NEXT:      const int [[BITS:bits]] = __float_as_int([[V0:v[0-9]+_0]]);
// CHECK-NEXT:      if ([[BITS]] < 0) {
// CHECK-NEXT:        asm volatile("{ .reg .b32 old; atom.relaxed.cta.global.min.u32 old, [%0], %1; }" : : "l"(__cvta_generic_to_global(&arg0[{{.*}}])), "r"([[BITS]]) : "memory");
// CHECK-NEXT:      } else {
// CHECK-NEXT:        asm volatile("{ .reg .b32 old; atom.relaxed.cta.global.max.s32 old, [%0], %1; }" : : "l"(__cvta_generic_to_global(&arg0[{{.*}}])), "r"([[BITS]]) : "memory");
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-COUNT-3: const int bits_{{[0-9]}} = __float_as_int(

// CHECK-LABEL: void __launch_bounds__(64) scalar_cas(int* arg0, int* arg1,
// CHECK-NEXT:    __shared__ int [[SLOTS:v[0-9]+_slots]][1];
// CHECK-NEXT:    __syncthreads();
// CHECK-NEXT:    if (threadIdx.x == 0u) {
// CHECK-NEXT:      int [[O:old]];
// CHECK-NEXT:      asm volatile("atom.acq_rel.gpu.global.cas.b32 %0, [%1], %2, %3;" : "=r"([[O]]) : "l"(__cvta_generic_to_global(&arg0[0])), "r"(0), "r"(1) : "memory");
// CHECK-NEXT:      [[SLOTS]][0] = [[O]];
// CHECK-NEXT:    }
// CHECK-NEXT:    __syncthreads();
// CHECK-NEXT:    const int [[OLDV:v[0-9]+]] = [[SLOTS]][0];
// CHECK:         const bool [[FREE:v[0-9]+]] = [[OLDV]] == 0;
// CHECK-NEXT:    __syncthreads();
// CHECK-NEXT:    if (threadIdx.x == 0u && [[FREE]]) {
// CHECK-NEXT:      asm volatile("{ .reg .b32 old; atom.release.sys.global.exch.b32 old, [%0], %1; }" : : "l"(__cvta_generic_to_global(&arg0[0])), "r"(0) : "memory");
// CHECK-NEXT:    }
// CHECK-NEXT:    if (threadIdx.x == 0u) {
// CHECK-NEXT:      asm volatile("{ .reg .b32 old; atom.relaxed.gpu.global.add.u32 old, [%0], %1; }" : : "l"(__cvta_generic_to_global(&arg1[0])), "r"(1) : "memory");
// CHECK-NEXT:    }
// CHECK-NEXT:  }

// Packed programs: a slot per program, and programs past the grid's end
// perform no atomic.
// CHECK-LABEL: void __launch_bounds__(32) packed(int* arg0,
// CHECK-NEXT:    __shared__ int [[SLOTS:v[0-9]+_slots]][2];
// CHECK:         const bool [[LIVE:program_live]] = packed_program < num_programs_0;
// CHECK-NEXT:    __syncthreads();
// CHECK-NEXT:    if (threadIdx.x == 0u && [[LIVE]]) {
// CHECK:           [[SLOTS]][threadIdx.y] = old;
// CHECK:         const int [[OLDV:v[0-9]+]] = [[SLOTS]][threadIdx.y];
// CHECK:         if ([[LIVE]]) {
// CHECK-NEXT:      asm volatile("{ .reg .b32 old; atom.acq_rel.gpu.global.max.s32 old, [%0], %1; }" : : "l"(__cvta_generic_to_global(&arg0[{{.*}}])), "r"([[OLDV]]) : "memory");

// f32 compare-and-swap compares the bits.
// CHECK-LABEL: void __launch_bounds__(32) float_cas(
// CHECK:         int [[OB:old_bits]];
// CHECK-NEXT:    asm volatile("atom.acquire.cta.global.cas.b32 %0, [%1], %2, %3;" : "=r"([[OB]]) : "l"(__cvta_generic_to_global(&arg0[{{.*}}])), "r"(__float_as_int(arg1)), "r"(__float_as_int(arg2)) : "memory");
// CHECK-NEXT:    [[OLD:v[0-9]+]] = __int_as_float([[OB]]);
tt.func @tensor_fadd(%p: !tt.ptr<f32>, %n: i32) attributes {block_size = 32 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %ns = tt.splat %n : i32 -> tensor<32xi32>
  %mask = arith.cmpi slt, %r, %ns : tensor<32xi32>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
  %ptrs = tt.addptr %ps, %r : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
  %vals = arith.sitofp %r : tensor<32xi32> to tensor<32xf32>
  %old = tt.atomic_rmw fadd, acq_rel, gpu, %ptrs, %vals, %mask : tensor<32x!tt.ptr<f32>>
  tt.store %ptrs, %old : tensor<32x!tt.ptr<f32>>
  tt.return
}
tt.func @lanes_fmax(%p: !tt.ptr<f32>, %q: !tt.ptr<f32>) attributes {block_size = 128 : i32, num_warps = 1 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %ptrs = tt.addptr %ps, %r : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %qs = tt.splat %q : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %qptrs = tt.addptr %qs, %r : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %vals = tt.load %qptrs : tensor<128x!tt.ptr<f32>>
  %old = tt.atomic_rmw fmax, relaxed, cta, %ptrs, %vals : tensor<128x!tt.ptr<f32>>
  tt.return
}
tt.func @scalar_cas(%lock: !tt.ptr<i32>, %out: !tt.ptr<i32>) attributes {block_size = 64 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %old = tt.atomic_cas acq_rel, gpu, %lock, %c0, %c1 : !tt.ptr<i32>
  %r = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %olds = tt.splat %old : i32 -> tensor<64xi32>
  %v = arith.addi %r, %olds : tensor<64xi32>
  %os = tt.splat %out : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>>
  %optrs = tt.addptr %os, %r : tensor<64x!tt.ptr<i32>>, tensor<64xi32>
  tt.store %optrs, %v : tensor<64x!tt.ptr<i32>>
  %c = arith.cmpi eq, %old, %c0 : i32
  %x = tt.atomic_rmw xchg, release, sys, %lock, %c0, %c : !tt.ptr<i32>
  %y = tt.atomic_rmw add, relaxed, gpu, %out, %c1 : !tt.ptr<i32>
  tt.return
}
tt.func @packed(%p: !tt.ptr<i32>) attributes {block_size = 16 : i32, programs_per_cta = 2 : i32} {
  %c1 = arith.constant 1 : i32
  %old = tt.atomic_rmw add, acq_rel, gpu, %p, %c1 : !tt.ptr<i32>
  %r = tt.make_range {start = 0 : i32, end = 16 : i32} : tensor<16xi32>
  %ps = tt.splat %p : !tt.ptr<i32> -> tensor<16x!tt.ptr<i32>>
  %ptrs = tt.addptr %ps, %r : tensor<16x!tt.ptr<i32>>, tensor<16xi32>
  %olds = tt.splat %old : i32 -> tensor<16xi32>
  %a = tt.atomic_rmw max, acq_rel, gpu, %ptrs, %olds : tensor<16x!tt.ptr<i32>>
  tt.return
}
tt.func @float_cas(%p: !tt.ptr<f32>, %c: f32, %v: f32) attributes {block_size = 32 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
  %ptrs = tt.addptr %ps, %r : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
  %cs = tt.splat %c : f32 -> tensor<32xf32>
  %vs = tt.splat %v : f32 -> tensor<32xf32>
  %old = tt.atomic_cas acquire, cta, %ptrs, %cs, %vs : tensor<32x!tt.ptr<f32>>
  tt.store %ptrs, %old : tensor<32x!tt.ptr<f32>>
  tt.return
}

// 16- and 64-bit elements: a 16-bit float through its bits ("h"), f64 max
// on its long long bits, 16- and 64-bit compare-and-swap, u64 max, slots
// of the element type.
// CHECK-LABEL: void __launch_bounds__(32) widths(__half* arg0, double* arg1, short* arg2, long long* arg3, __half arg4, double arg5, short arg6,
// CHECK:         __shared__ double [[SLOTS:v[0-9]+_slots]][1];
// CHECK:         __shared__ short {{v[0-9]+_slots}}[1];
// CHECK:         asm volatile("{ .reg .b16 old; atom.relaxed.gpu.global.add.noftz.f16 old, [%0], %1; }" : : "l"(__cvta_generic_to_global(&arg0[0])), "h"(__half_as_ushort(arg4)) : "memory");
// CHECK:         const long long [[BITS:bits[_0-9]*]] = __double_as_longlong(arg5);
// CHECK-NEXT:    long long [[OB:old_bits[_0-9]*]];
// CHECK-NEXT:    if ([[BITS]] < 0) {
// CHECK-NEXT:      asm volatile("atom.acq_rel.gpu.global.min.u64 %0, [%1], %2;" : "=l"([[OB]]) : "l"(__cvta_generic_to_global(&arg1[0])), "l"([[BITS]]) : "memory");
// CHECK-NEXT:    } else {
// CHECK-NEXT:      asm volatile("atom.acq_rel.gpu.global.max.s64 %0, [%1], %2;" : "=l"([[OB]]) : "l"(__cvta_generic_to_global(&arg1[0])), "l"([[BITS]]) : "memory");
// CHECK-NEXT:    }
// CHECK-NEXT:    [[OLD:old[_0-9]*]] = __longlong_as_double([[OB]]);
// CHECK-NEXT:    [[SLOTS]][0] = [[OLD]];
// CHECK:         asm volatile("atom.acq_rel.gpu.global.cas.b16 %0, [%1], %2, %3;" : "=h"({{old[_0-9]*}}) : "l"(__cvta_generic_to_global(&arg2[0])), "h"(arg6), "h"(arg6) : "memory");
// CHECK:         asm volatile("atom.acq_rel.gpu.global.cas.b64 %0, [%1], %2, %3;" : "=l"({{old_bits[_0-9]*}}) : "l"(__cvta_generic_to_global(&arg1[0])), "l"(__double_as_longlong({{v[0-9]+}})), "l"(__double_as_longlong(arg5)) : "memory");
// CHECK:         asm volatile("atom.relaxed.gpu.global.max.u64 %0, [%1], %2;" : "=l"({{v[0-9]+}}) : "l"(__cvta_generic_to_global(&arg3[{{v[0-9]+}}])), "l"({{v[0-9]+}}) : "memory");
// CHECK:         unsigned short [[HB:old_bits[_0-9]*]];
// CHECK-NEXT:    asm volatile("atom.acq_rel.gpu.global.add.noftz.f16 %0, [%1], %2;" : "=h"([[HB]]) : "l"(__cvta_generic_to_global(&arg0[{{v[0-9]+}}])), "h"(__half_as_ushort({{v[0-9]+}})) : "memory");
// CHECK-NEXT:    [[H:v[0-9]+]] = __ushort_as_half([[HB]]);
tt.func @widths(%p: !tt.ptr<f16>, %q: !tt.ptr<f64>, %s: !tt.ptr<i16>, %l: !tt.ptr<i64>, %x: f16, %y: f64, %z: i16) attributes {block_size = 32 : i32} {
  %a = tt.atomic_rmw fadd, relaxed, gpu, %p, %x : !tt.ptr<f16>
  %b = tt.atomic_rmw fmax, acq_rel, gpu, %q, %y : !tt.ptr<f64>
  %c = tt.atomic_cas acq_rel, gpu, %s, %z, %z : !tt.ptr<i16>
  %d = tt.atomic_cas acq_rel, gpu, %q, %b, %y : !tt.ptr<f64>
  %r = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %ls = tt.splat %l : !tt.ptr<i64> -> tensor<32x!tt.ptr<i64>>
  %lp = tt.addptr %ls, %r : tensor<32x!tt.ptr<i64>>, tensor<32xi32>
  %rl = arith.extsi %r : tensor<32xi32> to tensor<32xi64>
  %e = tt.atomic_rmw umax, relaxed, gpu, %lp, %rl : tensor<32x!tt.ptr<i64>>
  tt.store %lp, %e : tensor<32x!tt.ptr<i64>>
  tt.store %s, %c : !tt.ptr<i16>
  tt.store %q, %d : !tt.ptr<f64>
  %ps = tt.splat %p : !tt.ptr<f16> -> tensor<32x!tt.ptr<f16>>
  %pp = tt.addptr %ps, %r : tensor<32x!tt.ptr<f16>>, tensor<32xi32>
  %hv = arith.sitofp %r : tensor<32xi32> to tensor<32xf16>
  %h = tt.atomic_rmw fadd, acq_rel, gpu, %pp, %hv : tensor<32x!tt.ptr<f16>>
  tt.store %pp, %h : tensor<32x!tt.ptr<f16>>
  tt.return
}

// bf16 add is sm_90's atom.add.noftz.bf16: an older target stops at an
// #error naming it rather than at ptxas.
// CHECK-LABEL: bf16_fadd(__nv_bfloat16* arg0, __nv_bfloat16 arg1,
// CHECK:         #if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 900
// CHECK-NEXT:    #error "tl.atomic_add on bfloat16 needs sm_90 or newer (atom.add.noftz.bf16)"
// CHECK-NEXT:    #endif
// CHECK:         unsigned short [[B:old_bits[_0-9]*]];
// CHECK-NEXT:    asm volatile("atom.acq_rel.gpu.global.add.noftz.bf16 %0, [%1], %2;" : "=h"([[B]]) : "l"(__cvta_generic_to_global(&arg0[0])), "h"(__bfloat16_as_ushort(arg1)) : "memory");
// CHECK-NEXT:    {{old[_0-9]*}} = __ushort_as_bfloat16([[B]]);
tt.func @bf16_fadd(%p: !tt.ptr<bf16>, %x: bf16) attributes {block_size = 32 : i32} {
  %a = tt.atomic_rmw fadd, acq_rel, gpu, %p, %x : !tt.ptr<bf16>
  %b = arith.addf %a, %x : bf16
  tt.store %p, %b : !tt.ptr<bf16>
  tt.return
}
