// Every element size through the gpu/nvvm route to PTX that ptxas accepts for
// sm_90a: vector accesses of a thread's group of consecutive lanes (in a
// uniform kernel 16 bytes of its narrowest accessed element, tt.func's
// getLanesPerGroup: 8 halves as b32 x 4, 16 bytes as one b32 x 4), 2
// doubles; f16 arithmetic on packed pairs (f16x2); cvt.rn for default
// truncations and cvt.rz for toward_zero; a 64-bit value crossing lanes as
// two 32-bit shuffles, a 16-bit one widened to 32 bits; i64 offsets
// (extsi of the lane index) keep the accesses vectorized.
// REQUIRES: ptxas
// RUN: mytriton-translate --emit-ptx %s | FileCheck %s
// RUN: mytriton-translate --emit-ptx %s -o %t.ptx
// RUN: sed -e 's/^\.target sm_90$/.target sm_90a/' -e 's/^\.version 7\.8$/.version 8.0/' %t.ptx > %t.sm90a.ptx
// RUN: %cuda_toolkit/bin/ptxas -arch=sm_90a -v %t.sm90a.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS

// ptxas reports the kernels last to first.
// PTXAS-LABEL: Function properties for max_f16_rz
// PTXAS-NEXT:    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// PTXAS-NEXT:    used 1 barriers, 8 bytes smem
// PTXAS-LABEL: Function properties for sum_f64
// PTXAS-NEXT:    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// PTXAS-NEXT:    used 1 barriers, 32 bytes smem
// PTXAS-LABEL: Function properties for add_f16
// PTXAS-NEXT:    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads

// 8 halves a thread: one 16-byte access per tensor.
// CHECK-LABEL: .entry add_f16(
// CHECK-COUNT-2: ld.global.v4.b32
// CHECK-NOT:     ld.global
// CHECK:         add.f16x2
// CHECK:         st.global.v4.b32
// CHECK-NOT:     st.global
// CHECK:         ret;
tt.func @add_f16(%x: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %out: !tt.ptr<f16> {tt.divisibility = 16 : i32}) attributes {block_size = 1024 : i32, num_warps = 4 : i32} {
  %pid = tt.get_program_id 0 : i32
  %c = arith.constant 1024 : i32
  %start = arith.muli %pid, %c : i32
  %range = tt.make_range {start = 0 : i32, end = 1024 : i32} : tensor<1024xi32>
  %sv = tt.splat %start : i32 -> tensor<1024xi32>
  %offs = arith.addi %sv, %range : tensor<1024xi32>
  %xp = tt.splat %x : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>>
  %xs = tt.addptr %xp, %offs : tensor<1024x!tt.ptr<f16>>, tensor<1024xi32>
  %xv = tt.load %xs : tensor<1024x!tt.ptr<f16>>
  %yp = tt.splat %y : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>>
  %ys = tt.addptr %yp, %offs : tensor<1024x!tt.ptr<f16>>, tensor<1024xi32>
  %yv = tt.load %ys : tensor<1024x!tt.ptr<f16>>
  %s = arith.addf %xv, %yv : tensor<1024xf16>
  %op = tt.splat %out : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>>
  %os = tt.addptr %op, %offs : tensor<1024x!tt.ptr<f16>>, tensor<1024xi32>
  tt.store %os, %s : tensor<1024x!tt.ptr<f16>>
  tt.return
}

// 16 bytes a thread in one group, addressed through i64 offsets.
// CHECK-LABEL: .entry copy_i8_i64(
// CHECK:         ld.global.v4.b32
// CHECK-NOT:     ld.global
// CHECK:         st.global.v4.b32
// CHECK-NOT:     st.global
// CHECK:         ret;
tt.func @copy_i8_i64(%x: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %out: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %base: i64) attributes {block_size = 1024 : i32, num_warps = 2 : i32} {
  %range = tt.make_range {start = 0 : i32, end = 1024 : i32} : tensor<1024xi32>
  %wide = arith.extsi %range : tensor<1024xi32> to tensor<1024xi64>
  %c16 = arith.constant 16 : i64
  %b16 = arith.muli %base, %c16 : i64
  %bv = tt.splat %b16 : i64 -> tensor<1024xi64>
  %offs = arith.addi %bv, %wide : tensor<1024xi64>
  %xp = tt.splat %x : !tt.ptr<i8> -> tensor<1024x!tt.ptr<i8>>
  %xs = tt.addptr %xp, %offs : tensor<1024x!tt.ptr<i8>>, tensor<1024xi64>
  %v = tt.load %xs : tensor<1024x!tt.ptr<i8>>
  %op = tt.splat %out : !tt.ptr<i8> -> tensor<1024x!tt.ptr<i8>>
  %os = tt.addptr %op, %offs : tensor<1024x!tt.ptr<i8>>, tensor<1024xi64>
  tt.store %os, %v : tensor<1024x!tt.ptr<i8>>
  tt.return
}

// CHECK-LABEL: .entry sum_f64(
// CHECK:         ld.global.v2.b64
// CHECK:         shfl.sync.bfly.b32 {{.*}}, 16, 31, -1;
// CHECK-NEXT:    shfl.sync.bfly.b32 {{.*}}, 16, 31, -1;
// CHECK:         add.f64
// CHECK:         st.shared.b64
tt.func @sum_f64(%x: !tt.ptr<f64> {tt.divisibility = 16 : i32}, %out: !tt.ptr<f64>) attributes {block_size = 256 : i32, num_warps = 4 : i32} {
  %range = tt.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %xp = tt.splat %x : !tt.ptr<f64> -> tensor<256x!tt.ptr<f64>>
  %xs = tt.addptr %xp, %range : tensor<256x!tt.ptr<f64>>, tensor<256xi32>
  %v = tt.load %xs : tensor<256x!tt.ptr<f64>>
  %s = tt.reduce sum %v : tensor<256xf64> -> f64
  tt.store %out, %s : !tt.ptr<f64>
  tt.return
}

// CHECK-LABEL: .entry max_f16_rz(
// CHECK:         cvt.rn.f16.f32
// CHECK:         cvt.u32.u16 [[W:%r[0-9]+]], %rs{{[0-9]+}};
// CHECK-NEXT:    shfl.sync.bfly.b32 {{%r[0-9]+}}, [[W]], 16, 31, -1;
// CHECK:         max.f16
// CHECK:         st.shared.b16
// CHECK:         cvt.rz.f16.f32
tt.func @max_f16_rz(%x: !tt.ptr<f32>, %out: !tt.ptr<f16>, %low: !tt.ptr<f16>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %range = tt.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %xp = tt.splat %x : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %xs = tt.addptr %xp, %range : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %v = tt.load %xs : tensor<128x!tt.ptr<f32>>
  %h = arith.truncf %v : tensor<128xf32> to tensor<128xf16>
  %m = tt.reduce max %h : tensor<128xf16> -> f16
  tt.store %out, %m : !tt.ptr<f16>
  %z = arith.truncf %v toward_zero : tensor<128xf32> to tensor<128xf16>
  %lp = tt.splat %low : !tt.ptr<f16> -> tensor<128x!tt.ptr<f16>>
  %ls = tt.addptr %lp, %range : tensor<128x!tt.ptr<f16>>, tensor<128xi32>
  tt.store %ls, %z : tensor<128x!tt.ptr<f16>>
  tt.return
}
