// Exact literals of the new element types: f16 and bf16 by their bits with
// the value in a comment (NaN and the infinities named, never a nested
// comment), f64 decimal when it reads back, else hex, NaN by its bits;
// i64 with the ll suffix and INT64_MIN without overflow; i8/i16 as ints.
// RUN: mytriton-translate --emit-cuda %s | FileCheck %s
// RUN: mytriton-translate --emit-cuda %s -o %t.cu
// RUN: %if nvcc %{ %cuda_toolkit/bin/nvcc -arch=sm_90 -c -Werror all-warnings %t.cu -o %t.o %}

// CHECK-LABEL: void __launch_bounds__(1) literals(
// CHECK-SAME: __half* [[H:arg[0-9]+]], __nv_bfloat16* [[B:arg[0-9]+]], double* [[D:arg[0-9]+]], long long* [[Q:arg[0-9]+]], short* [[S:arg[0-9]+]],
// CHECK: [[H]]{{\[}}0] = __ushort_as_half((unsigned short)0x7e00u) /* nan */;
// CHECK: [[H]]{{\[}}0] = __ushort_as_half((unsigned short)0xfc00u) /* -inf */;
// CHECK: [[H]]{{\[}}0] = __ushort_as_half((unsigned short)0x0001u) /* 5.960464477539063e-08 */;
// CHECK: [[B]]{{\[}}0] = __ushort_as_bfloat16((unsigned short)0x7f80u) /* inf */;
// CHECK: [[B]]{{\[}}0] = __ushort_as_bfloat16((unsigned short)0x3dcdu) /* 0.10009765625 */;
// CHECK: [[D]]{{\[}}0] = 0.1;
// CHECK: [[D]]{{\[}}0] = __longlong_as_double(0xfff0000000000000ll) /* -inf */;
// CHECK: [[Q]]{{\[}}0] = (-9223372036854775807ll - 1ll);
// CHECK: [[Q]]{{\[}}0] = 4294967296ll;
// CHECK: [[S]]{{\[}}0] = -32768;
tt.func @literals(%h: !tt.ptr<f16>, %b: !tt.ptr<bf16>, %d: !tt.ptr<f64>, %q: !tt.ptr<i64>, %s: !tt.ptr<i16>) attributes {block_size = 1 : i32} {
  %h0 = arith.constant 0x7E00 : f16
  tt.store %h, %h0 : !tt.ptr<f16>
  %h1 = arith.constant 0xFC00 : f16
  tt.store %h, %h1 : !tt.ptr<f16>
  %h2 = arith.constant 0x0001 : f16
  tt.store %h, %h2 : !tt.ptr<f16>
  %b0 = arith.constant 0x7F80 : bf16
  tt.store %b, %b0 : !tt.ptr<bf16>
  %b1 = arith.constant 0.1 : bf16
  tt.store %b, %b1 : !tt.ptr<bf16>
  %d0 = arith.constant 0.1 : f64
  tt.store %d, %d0 : !tt.ptr<f64>
  %d1 = arith.constant 0xFFF0000000000000 : f64
  tt.store %d, %d1 : !tt.ptr<f64>
  %q0 = arith.constant -9223372036854775808 : i64
  tt.store %q, %q0 : !tt.ptr<i64>
  %q1 = arith.constant 4294967296 : i64
  tt.store %q, %q1 : !tt.ptr<i64>
  %s0 = arith.constant -32768 : i16
  tt.store %s, %s0 : !tt.ptr<i16>
  tt.return
}
