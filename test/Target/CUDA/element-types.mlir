// The C spelling of every element type and of the arithmetic on it: f16
// and bf16 are cuda_fp16.h/cuda_bf16.h's classes (included only when used),
// add/sub/mul round once (_rn: never contracted), divf and the math
// functions compute on the exact float values and round back once,
// compares compare floats; integers are signless, so ops that read them as
// unsigned cast to the unsigned type of their width and wrapping ops
// compute in unsigned / unsigned long long.
// RUN: mytriton-translate --emit-cuda --split-input-file %s | FileCheck %s

// CHECK: #include <cuda_fp16.h>
// CHECK-NEXT: #include <cuda_bf16.h>

// CHECK-LABEL: void __launch_bounds__(128) half_ops(
// CHECK-SAME: const __half* [[X:arg[0-9]+]], const __nv_bfloat16* [[Y:arg[0-9]+]], __half* [[OUT:arg[0-9]+]], const __nv_bfloat16* [[OUTB:arg[0-9]+]], int [[N:arg[0-9]+]],
// CHECK: const bool [[M:v[0-9]+]] = [[R:v[0-9]+]] < [[N]];
// CHECK-NEXT: const __half [[A:v[0-9]+]] = [[M]] ? [[X]][[[R]]] : (__ushort_as_half((unsigned short)0x3e00u) /* 1.5 */);
// CHECK-NEXT: const __nv_bfloat16 [[B:v[0-9]+]] = [[M]] ? [[Y]][[[R]]] : __ushort_as_bfloat16((unsigned short)0u);
// CHECK-NEXT: const __half [[S:v[0-9]+]] = __hadd_rn([[A]], [[A]]);
// CHECK-NEXT: const __half [[P:v[0-9]+]] = __hmul_rn([[S]], [[A]]);
// CHECK-NEXT: const __half [[D:v[0-9]+]] = __float2half_rn(__half2float([[P]]) / __half2float([[A]]));
// CHECK-NEXT: const __half [[NG:v[0-9]+]] = __hneg([[D]]);
// CHECK-NEXT: const __half [[MX:v[0-9]+]] = __hmax_nan([[NG]], [[A]]);
// CHECK-NEXT: const bool [[LT:v[0-9]+]] = !(__half2float([[MX]]) >= __half2float([[A]]));
// CHECK-NEXT: const __half [[SEL:v[0-9]+]] = [[LT]] ? [[MX]] : [[A]];
// CHECK-NEXT: const __nv_bfloat16 [[BS:v[0-9]+]] = __hsub_rn([[B]], [[B]]);
// CHECK-NEXT: const float [[BF:v[0-9]+]] = __bfloat162float([[BS]]);
// CHECK-NEXT: const __half [[BT:v[0-9]+]] = __float2half_rz([[BF]]);
// CHECK-NEXT: const __half [[SQ:v[0-9]+]] = __float2half_rn(sqrtf(__half2float([[BT]])));
// CHECK-NEXT: const __half [[AB:v[0-9]+]] = __habs([[SQ]]);
// CHECK-NEXT: const __half [[FM:v[0-9]+]] = __hfma([[AB]], [[SEL]], [[A]]);
// CHECK-NEXT: const __half [[MN:v[0-9]+]] = __hmin([[FM]], [[A]]);
// CHECK-NEXT: if ([[M]]) {
// CHECK-NEXT: [[OUT]][[[R]]] = [[MN]];
tt.func @half_ops(%x: !tt.ptr<f16>, %y: !tt.ptr<bf16>, %out: !tt.ptr<f16>, %outb: !tt.ptr<bf16>, %n: i32) attributes {block_size = 128 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %ns = tt.splat %n : i32 -> tensor<128xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<128xi32>
  %xs = tt.splat %x : !tt.ptr<f16> -> tensor<128x!tt.ptr<f16>>
  %xp = tt.addptr %xs, %r : tensor<128x!tt.ptr<f16>>, tensor<128xi32>
  %c = arith.constant dense<1.5> : tensor<128xf16>
  %a = tt.load %xp, %m, %c : tensor<128x!tt.ptr<f16>>
  %ys = tt.splat %y : !tt.ptr<bf16> -> tensor<128x!tt.ptr<bf16>>
  %yp = tt.addptr %ys, %r : tensor<128x!tt.ptr<bf16>>, tensor<128xi32>
  %b = tt.load %yp, %m : tensor<128x!tt.ptr<bf16>>
  %s = arith.addf %a, %a : tensor<128xf16>
  %p = arith.mulf %s, %a : tensor<128xf16>
  %d = arith.divf %p, %a : tensor<128xf16>
  %ng = arith.negf %d : tensor<128xf16>
  %mx = arith.maximumf %ng, %a : tensor<128xf16>
  %lt = arith.cmpf ult, %mx, %a : tensor<128xf16>
  %sel = arith.select %lt, %mx, %a : tensor<128xi1>, tensor<128xf16>
  %bs = arith.subf %b, %b : tensor<128xbf16>
  %bf = arith.extf %bs : tensor<128xbf16> to tensor<128xf32>
  %bt = arith.truncf %bf toward_zero : tensor<128xf32> to tensor<128xf16>
  %sq = math.sqrt %bt : tensor<128xf16>
  %ab = math.absf %sq : tensor<128xf16>
  %fm = math.fma %ab, %sel, %a : tensor<128xf16>
  %mn = arith.minnumf %fm, %a : tensor<128xf16>
  %op = tt.splat %out : !tt.ptr<f16> -> tensor<128x!tt.ptr<f16>>
  %opp = tt.addptr %op, %r : tensor<128x!tt.ptr<f16>>, tensor<128xi32>
  tt.store %opp, %mn, %m : tensor<128x!tt.ptr<f16>>
  tt.return
}

// -----

// f64: C's operators and the double forms of the math functions; literals
// exact (decimal when it reads back, else hex, NaN by its bits).
// A kernel without halves includes nothing.
// CHECK-NOT: #include
// CHECK-LABEL: void __launch_bounds__(1) double_ops(
// CHECK-SAME: double* [[P:arg[0-9]+]], double [[A:arg[0-9]+]],
// CHECK-NEXT: const double [[S:v[0-9]+]] = [[A]] + 0.1;
// CHECK-NEXT: const double [[E:v[0-9]+]] = exp([[S]]);
// CHECK-NEXT: const double [[R:v[0-9]+]] = fmod([[E]], [[A]]);
// CHECK-NEXT: const double [[MX:v[0-9]+]] = (isnan([[R]]) || isnan([[A]])) ? __longlong_as_double(0x7ff8000000000000ll) : ([[R]] == [[A]] ? (signbit([[R]]) ? [[A]] : [[R]]) : fmax([[R]], [[A]]));
// CHECK-NEXT: const double [[F:v[0-9]+]] = fma([[MX]], [[A]], 1.0000000000000002);
// CHECK-NEXT: const double [[G:v[0-9]+]] = [[F]] * (__longlong_as_double(0x7ff8000000000000ll) /* nan */);
// CHECK-NEXT: const double [[H:v[0-9]+]] = [[G]] / (0x0.0000000000001p-1022 /* 5e-324 */);
// CHECK-NEXT: const bool [[C:v[0-9]+]] = [[H]] != [[A]];
tt.func @double_ops(%p: !tt.ptr<f64>, %a: f64) attributes {block_size = 1 : i32} {
  %c = arith.constant 0.1 : f64
  %s = arith.addf %a, %c : f64
  %e = math.exp %s : f64
  %r = arith.remf %e, %a : f64
  %mx = arith.maximumf %r, %a : f64
  %one = arith.constant 1.0000000000000002 : f64
  %f = math.fma %mx, %a, %one : f64
  %nan = arith.constant 0x7FF8000000000000 : f64
  %g = arith.mulf %f, %nan : f64
  %tiny = arith.constant 4.9406564584124654E-324 : f64
  %h = arith.divf %g, %tiny : f64
  %cmp = arith.cmpf une, %h, %a : f64
  %z = arith.constant 0.0 : f64
  %out = arith.select %cmp, %h, %z : f64
  tt.store %p, %out : !tt.ptr<f64>
  tt.return
}

// -----

// Integers of every width: wrapping ops in unsigned (unsigned long long for
// i64), unsigned reads by width, C's signed /, % and >>.
// CHECK-LABEL: void __launch_bounds__(1) int_ops(
// CHECK-SAME: signed char* [[P8:arg[0-9]+]], const short* [[P16:arg[0-9]+]], const long long* [[P64:arg[0-9]+]], long long [[B:arg[0-9]+]],
// CHECK-NEXT: const signed char [[X8:v[0-9]+]] = [[P8]][0];
// CHECK-NEXT: const short [[X16:v[0-9]+]] = [[P16]][0];
// CHECK-NEXT: const long long [[X64:v[0-9]+]] = [[P64]][0];
// CHECK-NEXT: const signed char [[ADD8:v[0-9]+]] = (signed char)((unsigned)[[X8]] + (unsigned)[[X8]]);
// CHECK-NEXT: const short [[MUL16:v[0-9]+]] = (short)((unsigned)[[X16]] * (unsigned)[[X16]]);
// CHECK-NEXT: const signed char [[DIV8:v[0-9]+]] = (signed char)((unsigned char)[[ADD8]] / (unsigned char)[[X8]]);
// CHECK-NEXT: const short [[SHR16:v[0-9]+]] = (short)((unsigned short)[[MUL16]] >> (unsigned short)[[X16]]);
// CHECK-NEXT: const long long [[REM64:v[0-9]+]] = [[X64]] % [[B]];
// CHECK-NEXT: const signed char [[MAX8:v[0-9]+]] = (unsigned char)[[DIV8]] > (unsigned char)[[X8]] ? [[DIV8]] : [[X8]];
// CHECK-NEXT: const bool [[C:v[0-9]+]] = (unsigned short)[[SHR16]] < (unsigned short)[[X16]];
// CHECK-NEXT: const long long [[SUB64:v[0-9]+]] = (long long)((unsigned long long)[[REM64]] - (unsigned long long)[[B]]);
// CHECK-NEXT: const long long [[SHL64:v[0-9]+]] = (long long)((unsigned long long)[[SUB64]] << (unsigned long long)3ll);
// CHECK-NEXT: const long long [[XOR:v[0-9]+]] = [[SHL64]] ^ (-9223372036854775807ll - 1ll);
// CHECK-NEXT: const long long [[SHRS:v[0-9]+]] = [[XOR]] >> [[B]];
// CHECK-NEXT: const signed char [[T:v[0-9]+]] = (signed char)[[SHRS]];
// CHECK-NEXT: const signed char [[S:v[0-9]+]] = [[C]] ? [[T]] : [[MAX8]];
tt.func @int_ops(%p8: !tt.ptr<i8>, %p16: !tt.ptr<i16>, %p64: !tt.ptr<i64>, %b: i64) attributes {block_size = 1 : i32} {
  %x8 = tt.load %p8 : !tt.ptr<i8>
  %x16 = tt.load %p16 : !tt.ptr<i16>
  %x64 = tt.load %p64 : !tt.ptr<i64>
  %add8 = arith.addi %x8, %x8 : i8
  %mul16 = arith.muli %x16, %x16 : i16
  %div8 = arith.divui %add8, %x8 : i8
  %shr16 = arith.shrui %mul16, %x16 : i16
  %rem64 = arith.remsi %x64, %b : i64
  %max8 = arith.maxui %div8, %x8 : i8
  %c = arith.cmpi ult, %shr16, %x16 : i16
  %sub64 = arith.subi %rem64, %b : i64
  %three = arith.constant 3 : i64
  %shl64 = arith.shli %sub64, %three : i64
  %k = arith.constant -9223372036854775808 : i64
  %xor = arith.xori %shl64, %k : i64
  %shrs = arith.shrsi %xor, %b : i64
  %t = arith.trunci %shrs : i64 to i8
  %s = arith.select %c, %t, %max8 : i8
  tt.store %p8, %s : !tt.ptr<i8>
  tt.return
}
