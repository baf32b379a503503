// Every cast of the dtype spec, each one conversion that rounds as the op
// says: int -> f16/bf16 by the CUDA headers' _rn conversions (never through
// float, which would round twice), float -> int toward zero from the exact
// float value, truncf to nearest even or toward zero (f64 -> f16/bf16
// toward zero as rz(rz(x)), exact), unsigned reads by width, i1 as arith's
// signed bool (sitofp/extsi of true give -1), bitcasts by reinterpretation.
// RUN: mytriton-translate --emit-cuda %s | FileCheck %s

// CHECK-LABEL: void __launch_bounds__(1) casts(
// CHECK-SAME: const signed char* [[ARG0:arg[0-9]+]], const short* [[ARG1:arg[0-9]+]], const long long* [[ARG2:arg[0-9]+]], const __half* [[ARG3:arg[0-9]+]], const __nv_bfloat16* [[ARG4:arg[0-9]+]], const double* [[ARG5:arg[0-9]+]], int [[ARG6:arg[0-9]+]], long long [[ARG7:arg[0-9]+]], float [[ARG8:arg[0-9]+]],
// CHECK-NEXT: const signed char [[V0:v[0-9]+]] = [[ARG0]]{{\[}}0];
// CHECK-NEXT: const short [[V1:v[0-9]+]] = [[ARG1]]{{\[}}0];
// CHECK-NEXT: const __half [[V2:v[0-9]+]] = [[ARG3]]{{\[}}0];
// CHECK-NEXT: const __nv_bfloat16 [[V3:v[0-9]+]] = [[ARG4]]{{\[}}0];
// CHECK-NEXT: const double [[V4:v[0-9]+]] = [[ARG5]]{{\[}}0];
// CHECK-NEXT: const __half [[V5:v[0-9]+]] = __ushort2half_rn((unsigned char)[[V0]]);
// CHECK-NEXT: const __half [[V6:v[0-9]+]] = __int2half_rn([[ARG6]]);
// CHECK-NEXT: const __half [[V7:v[0-9]+]] = __ull2half_rn((unsigned long long)[[ARG7]]);
// CHECK-NEXT: const __nv_bfloat16 [[V8:v[0-9]+]] = __ll2bfloat16_rn([[ARG7]]);
// CHECK-NEXT: const __nv_bfloat16 [[V9:v[0-9]+]] = __ushort2bfloat16_rn((unsigned short)[[V1]]);
// CHECK-NEXT: const float [[V10:v[0-9]+]] = (float)(unsigned)[[ARG6]];
// CHECK-NEXT: const double [[V11:v[0-9]+]] = (double)[[V1]];
// CHECK-NEXT: const short [[V12:v[0-9]+]] = (short)(unsigned short)(__half2float([[V2]]));
// CHECK-NEXT: const long long [[V13:v[0-9]+]] = (long long)(__bfloat162float([[V3]]));
// CHECK-NEXT: const signed char [[V14:v[0-9]+]] = (signed char)[[V4]];
// CHECK-NEXT: const long long [[V15:v[0-9]+]] = (long long)(unsigned long long)[[ARG8]];
// CHECK-NEXT: const float [[V16:v[0-9]+]] = __half2float([[V2]]);
// CHECK-NEXT: const double [[V17:v[0-9]+]] = (double)__bfloat162float([[V3]]);
// CHECK-NEXT: const double [[V18:v[0-9]+]] = (double)[[ARG8]];
// CHECK-NEXT: const __half [[V19:v[0-9]+]] = __float2half_rn([[ARG8]]);
// CHECK-NEXT: const __nv_bfloat16 [[V20:v[0-9]+]] = __float2bfloat16_rz([[ARG8]]);
// CHECK-NEXT: const float [[V21:v[0-9]+]] = (float)[[V4]];
// CHECK-NEXT: const float [[V22:v[0-9]+]] = __double2float_rz([[V4]]);
// CHECK-NEXT: const __half [[V23:v[0-9]+]] = __double2half([[V4]]);
// CHECK-NEXT: const __nv_bfloat16 [[V24:v[0-9]+]] = __float2bfloat16_rz(__double2float_rz([[V4]]));
// CHECK-NEXT: const long long [[V25:v[0-9]+]] = (long long)(unsigned char)[[V0]];
// CHECK-NEXT: const int [[V26:v[0-9]+]] = (int)[[V1]];
// CHECK-NEXT: const short [[V27:v[0-9]+]] = (short)[[ARG7]];
// CHECK-NEXT: const bool [[V28:v[0-9]+]] = __half2float([[V2]]) != __half2float([[V2]]);
// CHECK-NEXT: const long long [[V29:v[0-9]+]] = [[V28]] ? -1ll : 0ll;
// CHECK-NEXT: const __half [[V30:v[0-9]+]] = __float2half_rn(([[V28]] ? -1.0f : 0.0f));
// CHECK-NEXT: const double [[V31:v[0-9]+]] = (double)([[V28]] ? 1.0f : 0.0f);
// CHECK-NEXT: const bool [[V32:v[0-9]+]] = ([[V0]] & 1) != 0;
// CHECK-NEXT: const short [[V33:v[0-9]+]] = __half_as_short([[V2]]);
// CHECK-NEXT: const double [[V34:v[0-9]+]] = __longlong_as_double([[ARG7]]);
// CHECK-NEXT: const __half [[V35:v[0-9]+]] = __short_as_half(__bfloat16_as_short([[V3]]));
// CHECK-NEXT: const __nv_bfloat16 [[V36:v[0-9]+]] = __short_as_bfloat16([[V1]]);
// tt.print formats each type: f16 exactly through float, i64 as %lld.
// CHECK: printf("pid (%d, %d, %d) (operand 0) %f\n", {{.*}}, (double)__half2float([[V5]]));
// CHECK: printf("pid (%d, %d, %d) (operand 8) %lld\n", {{.*}}, (long long)([[V13]]));
// CHECK: printf("pid (%d, %d, %d) (operand 9) %d\n", {{.*}}, (int)([[V14]]));
tt.func @casts(%p8: !tt.ptr<i8>, %p16: !tt.ptr<i16>, %p64: !tt.ptr<i64>, %ph: !tt.ptr<f16>, %pb: !tt.ptr<bf16>, %pd: !tt.ptr<f64>, %a: i32, %b: i64, %f: f32) attributes {block_size = 1 : i32} {
  %x8 = tt.load %p8 : !tt.ptr<i8>
  %x16 = tt.load %p16 : !tt.ptr<i16>
  %xh = tt.load %ph : !tt.ptr<f16>
  %xb = tt.load %pb : !tt.ptr<bf16>
  %xd = tt.load %pd : !tt.ptr<f64>
  %h1 = arith.uitofp %x8 : i8 to f16
  %h2 = arith.sitofp %a : i32 to f16
  %h3 = arith.uitofp %b : i64 to f16
  %b1 = arith.sitofp %b : i64 to bf16
  %b2 = arith.uitofp %x16 : i16 to bf16
  %f1 = arith.uitofp %a : i32 to f32
  %d1 = arith.sitofp %x16 : i16 to f64
  %i1 = arith.fptoui %xh : f16 to i16
  %i2 = arith.fptosi %xb : bf16 to i64
  %i3 = arith.fptosi %xd : f64 to i8
  %i4 = arith.fptoui %f : f32 to i64
  %e1 = arith.extf %xh : f16 to f32
  %e2 = arith.extf %xb : bf16 to f64
  %e3 = arith.extf %f : f32 to f64
  %t1 = arith.truncf %f : f32 to f16
  %t2 = arith.truncf %f toward_zero : f32 to bf16
  %t3 = arith.truncf %xd : f64 to f32
  %t4 = arith.truncf %xd toward_zero : f64 to f32
  %t5 = arith.truncf %xd : f64 to f16
  %t6 = arith.truncf %xd toward_zero : f64 to bf16
  %z1 = arith.extui %x8 : i8 to i64
  %z2 = arith.extsi %x16 : i16 to i32
  %z3 = arith.trunci %b : i64 to i16
  %c1 = arith.cmpf une, %xh, %xh : f16
  %z4 = arith.extsi %c1 : i1 to i64
  %h4 = arith.sitofp %c1 : i1 to f16
  %d2 = arith.uitofp %c1 : i1 to f64
  %c2 = arith.trunci %x8 : i8 to i1
  %bc1 = arith.bitcast %xh : f16 to i16
  %bc2 = arith.bitcast %b : i64 to f64
  %bc3 = arith.bitcast %xb : bf16 to f16
  %bc4 = arith.bitcast %x16 : i16 to bf16
  tt.print " " %h1, %h2, %h3, %b1, %b2, %f1, %d1, %i1, %i2, %i3, %i4, %e1, %e2, %e3, %t1, %t2, %t3, %t4, %t5, %t6, %z1, %z2, %z3, %z4, %h4, %d2, %c2, %bc1, %bc2, %bc3, %bc4 : f16, f16, f16, bf16, bf16, f32, f64, i16, i64, i8, i64, f32, f64, f64, f16, bf16, f32, f32, f16, bf16, i64, i32, i16, i64, f16, f64, i1, i16, f64, f16, bf16
  tt.return
}
