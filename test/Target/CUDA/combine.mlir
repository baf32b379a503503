// --emit-cuda prints tt.combine_reduce and tt.scan (CombinePrinters.cpp)
// from tt::getAxisCombinePlan, the plan convert-tt-to-gpu lowers from: the
// combine region once, as a lambda (an argument it does not read unnamed),
// called at every step; __shfl_xor_sync over the lane bits along the axis,
// the earlier half on the left; warps through the scratch buffer. Every
// kernel of Inputs/combine-kernels.mlir compiles with nvcc for sm_90 with
// warnings as errors (and runs right under host_emulation.h:
// gpu-checks-on-host.test).
// RUN: mytriton-translate --emit-cuda -split-input-file %s | FileCheck %s
// RUN: %if nvcc %{ mytriton-opt --tt-prepare-gpu %S/Inputs/combine-kernels.mlir | mytriton-translate --emit-cuda -o %t.cu %}
// RUN: %if nvcc %{ %cuda_toolkit/bin/nvcc -arch=sm_90 -c -Werror all-warnings %t.cu -o %t.o %}

// argmax over 64 threads in 2 warps: (value, index) pairs shuffled and
// combined together, then through 2 slots per operand of the scratch buffer.
// CHECK-LABEL: uniform_argmax(
// CHECK-NEXT:    __shared__ float4 scratch[1];
// CHECK-NEXT:    const int axis_warp = (int)((threadIdx.x >> 5) & 1u);
// CHECK:         const int [[V:v[0-9]+]] = arg0[[[I:v[0-9]+]]];
// CHECK:         const bool [[UP:.*]] = (threadIdx.x & 1u) != 0u;
// CHECK-NEXT:    const int [[OV:.*]] = __shfl_xor_sync(0xffffffffu, [[V]], 1);
// CHECK-NEXT:    const int [[OI:.*]] = __shfl_xor_sync(0xffffffffu, [[I]], 1);
// CHECK-NEXT:    const int [[LV:.*]] = [[UP]] ? [[OV]] : [[V]];
// CHECK-NEXT:    const int [[LI:.*]] = [[UP]] ? [[OI]] : [[I]];
// CHECK-NEXT:    const int [[RV:.*]] = [[UP]] ? [[V]] : [[OV]];
// CHECK-NEXT:    const int [[RI:.*]] = [[UP]] ? [[I]] : [[OI]];
// CHECK-NEXT:    // [[R:.*]]'s combine region, applied at every step
// CHECK-NEXT:    auto [[FN:.*]] = [](const int [[A0:.*]], const int [[A1:.*]], const int [[B0:.*]], const int [[B1:.*]], int &[[OUT0:.*]], int &[[OUT1:.*]]) {
// CHECK-NEXT:      const bool [[GT:.*]] = [[A0]] > [[B0]];
// CHECK-NEXT:      const int [[MV:.*]] = [[GT]] ? [[A0]] : [[B0]];
// CHECK-NEXT:      const int [[MI:.*]] = [[GT]] ? [[A1]] : [[B1]];
// CHECK-NEXT:      [[OUT0]] = [[MV]];
// CHECK-NEXT:      [[OUT1]] = [[MI]];
// CHECK-NEXT:    };
// CHECK-NEXT:    int [[C0:.*]];
// CHECK-NEXT:    int [[C1:.*]];
// CHECK-NEXT:    [[FN]]([[LV]], [[LI]], [[RV]], [[RI]], [[C0]], [[C1]]);
// CHECK:         __shfl_xor_sync(0xffffffffu, {{.*}}, 16);
// CHECK:         [[FN]]({{.*}}, [[W0V:.*]], [[W0I:.*]]);
// CHECK-NEXT:    const int [[SLOT:.*]] = (0) * 2 + 0;
// CHECK-NEXT:    reinterpret_cast<int*>(reinterpret_cast<char*>(scratch))[[[SLOT]] + axis_warp] = [[W0V]];
// CHECK-NEXT:    reinterpret_cast<int*>(reinterpret_cast<char*>(scratch) + 8)[[[SLOT]] + axis_warp] = [[W0I]];
// CHECK-NEXT:    __syncthreads();
// CHECK-NEXT:    const int [[X0V:.*]] = reinterpret_cast<int*>(reinterpret_cast<char*>(scratch))[[[SLOT]] + 0];
// CHECK-NEXT:    const int [[X0I:.*]] = reinterpret_cast<int*>(reinterpret_cast<char*>(scratch) + 8)[[[SLOT]] + 0];
// CHECK-NEXT:    const int [[X1V:.*]] = reinterpret_cast<int*>(reinterpret_cast<char*>(scratch))[[[SLOT]] + 1];
// CHECK-NEXT:    const int [[X1I:.*]] = reinterpret_cast<int*>(reinterpret_cast<char*>(scratch) + 8)[[[SLOT]] + 1];
// CHECK-NEXT:    int [[F0:.*]];
// CHECK-NEXT:    int [[F1:.*]];
// CHECK-NEXT:    [[FN]]([[X0V]], [[X0I]], [[X1V]], [[X1I]], [[F0]], [[F1]]);
// CHECK-NEXT:    const int [[RES:.*]] = [[F1]];
// CHECK:         arg1[0] = [[RES]];
tt.func @uniform_argmax(%p: !tt.ptr<i32>, %out: !tt.ptr<i32>) attributes {block_size = 64 : i32} {
  %idx = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %ps = tt.splat %p : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>>
  %ptrs = tt.addptr %ps, %idx : tensor<64x!tt.ptr<i32>>, tensor<64xi32>
  %x = tt.load %ptrs : tensor<64x!tt.ptr<i32>>
  %v, %i = tt.combine_reduce(%x, %idx) axis = 0 : (tensor<64xi32>, tensor<64xi32>) -> (i32, i32) {
  ^bb0(%lv: i32, %li: i32, %rv: i32, %ri: i32):
    %gt = arith.cmpi sgt, %lv, %rv : i32
    %mv = arith.select %gt, %lv, %rv : i32
    %mi = arith.select %gt, %li, %ri : i32
    tt.combine_return %mv, %mi : i32, i32
  }
  tt.store %out, %i : !tt.ptr<i32>
  tt.return
}

// -----

// A scan that keeps its first element, over 256 lanes, 4 per thread, on 2
// warps: the region does not read its right argument (unnamed); each
// thread's registers in sequence, then lanes, then warp 0's total for warp
// 1 (the total of both warps would only carry into a next chunk: warp 1's
// is not even read).
// CHECK-LABEL: first_of_each_row(
// CHECK:         auto [[FN:.*]] = [](const float [[A:.*]], float, float &[[OUT:.*]]) {
// CHECK-NEXT:      [[OUT]] = [[A]];
// CHECK-NEXT:    };
// CHECK-NEXT:    float [[S1:.*]];
// CHECK-NEXT:    [[FN]]([[R0:v[0-9]+_0]], [[R1:v[0-9]+_1]], [[S1]]);
// CHECK-NEXT:    float [[S2:.*]];
// CHECK-NEXT:    [[FN]]([[S1]], [[R2:v[0-9]+_2]], [[S2]]);
// CHECK-NEXT:    float [[S3:.*]];
// CHECK-NEXT:    [[FN]]([[S2]], [[R3:v[0-9]+_3]], [[S3]]);
// CHECK:         __syncthreads();
// CHECK-NEXT:    const float [[W0:.*]] = {{.*}}[[[SLOT:.*]] + 0];
// CHECK-NEXT:    const bool [[LATER:.*]] = axis_warp != 0;
// CHECK-NEXT:    float [[P:.*]];
// CHECK-NEXT:    [[FN]]([[W0]], {{.*}}, [[P]]);
// CHECK-NOT:     [[SLOT]] + 1]
// CHECK:         const float [[SEL0:.*]] = {{.*}} ? {{.*}} : [[R0]];
// CHECK:         const float [[RES0:v[0-9]+_0]] = [[SEL0]];
// CHECK:         *reinterpret_cast<float4*>(&arg1[{{.*}}]) = make_float4([[RES0]],
tt.func @first_of_each_row(%p: !tt.ptr<f32>, %out: !tt.ptr<f32>) attributes {block_size = 256 : i32, num_warps = 2 : i32} {
  %idx = tt.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %ptrs = tt.addptr %ps, %idx : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  %x = tt.load %ptrs : tensor<256x!tt.ptr<f32>>
  %c = tt.scan(%x) axis = 0 : (tensor<256xf32>) -> tensor<256xf32> {
  ^bb0(%a: f32, %b: f32):
    tt.combine_return %a : f32
  }
  %ops = tt.splat %out : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %optrs = tt.addptr %ops, %idx : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  tt.store %optrs, %c : tensor<256x!tt.ptr<f32>>
  tt.return
}
