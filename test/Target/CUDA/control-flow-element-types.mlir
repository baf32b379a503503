// Control flow over values of the new element types: an f16 accumulator
// carried by scf.for (loads through i64 offsets: `base[long long]`), an
// scf.if yielding bf16, and scf.for over i64 bounds.
// RUN: mytriton-translate --emit-cuda %s | FileCheck %s

// CHECK-LABEL: void __launch_bounds__(128) loop_f16(
// CHECK-SAME: const __half* [[X:arg[0-9]+]], __nv_bfloat16* [[Y:arg[0-9]+]], int [[N:arg[0-9]+]], long long [[BIG:arg[0-9]+]],
// CHECK: __half [[ACC:v[0-9]+]] = __ushort_as_half((unsigned short)0x0000u) /* 0.0 */;
// CHECK-NEXT: for (int [[I:arg[0-9]+]] = 0; [[I]] < [[N]]; ++[[I]]) {
// CHECK-NEXT: const long long [[I64:v[0-9]+]] = (long long)[[I]];
// CHECK-NEXT: const long long [[OFF:v[0-9]+]] = (long long)((unsigned long long)[[I64]] * (unsigned long long)[[BIG]]);
// CHECK-NEXT: const long long [[R64:v[0-9]+]] = (long long)[[R:v[0-9]+]];
// CHECK-NEXT: const long long [[O:v[0-9]+]] = (long long)((unsigned long long)[[OFF]] + (unsigned long long)[[R64]]);
// CHECK-NEXT: const __half [[V:v[0-9]+]] = [[X]][[[O]]];
// CHECK-NEXT: const __half [[S:v[0-9]+]] = __hadd_rn([[ACC]], [[V]]);
// CHECK-NEXT: [[ACC]] = [[S]];
// CHECK-NEXT: }
// CHECK: const bool [[C:v[0-9]+]] = __half2float([[T:v[0-9]+]]) > __half2float(__ushort_as_half((unsigned short)0x0000u) /* 0.0 */);
// CHECK-NEXT: __nv_bfloat16 [[W:v[0-9]+]];
// CHECK-NEXT: if ([[C]]) {
// CHECK-NEXT: const float [[E:v[0-9_]+]] = __half2float([[T]]);
// CHECK-NEXT: const __nv_bfloat16 [[B:v[0-9_]+]] = __float2bfloat16_rn([[E]]);
// CHECK-NEXT: [[W]] = [[B]];
// CHECK-NEXT: } else {
// CHECK-NEXT: [[W]] = __ushort_as_bfloat16((unsigned short)0xbf80u) /* -1.0 */;
// CHECK-NEXT: }
// CHECK-NEXT: if (threadIdx.x == 0u) {
// CHECK-NEXT: [[Y]]{{\[}}0] = [[W]];
tt.func @loop_f16(%x: !tt.ptr<f16>, %y: !tt.ptr<bf16>, %n: i32, %big: i64) attributes {block_size = 128 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %xs = tt.splat %x : !tt.ptr<f16> -> tensor<128x!tt.ptr<f16>>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %z = arith.constant dense<0.0> : tensor<128xf16>
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z) -> (tensor<128xf16>) : i32 {
    %i64 = arith.extsi %i : i32 to i64
    %off = arith.muli %i64, %big : i64
    %offs = tt.splat %off : i64 -> tensor<128xi64>
    %r64 = arith.extsi %r : tensor<128xi32> to tensor<128xi64>
    %o = arith.addi %offs, %r64 : tensor<128xi64>
    %p = tt.addptr %xs, %o : tensor<128x!tt.ptr<f16>>, tensor<128xi64>
    %v = tt.load %p : tensor<128x!tt.ptr<f16>>
    %s = arith.addf %a, %v : tensor<128xf16>
    scf.yield %s : tensor<128xf16>
  }
  %t = tt.reduce sum %acc : tensor<128xf16> -> f16
  %pos = arith.constant 0.0 : f16
  %c = arith.cmpf ogt, %t, %pos : f16
  %w = scf.if %c -> (bf16) {
    %e = arith.extf %t : f16 to f32
    %b = arith.truncf %e : f32 to bf16
    scf.yield %b : bf16
  } else {
    %m = arith.constant -1.0 : bf16
    scf.yield %m : bf16
  }
  tt.store %y, %w : !tt.ptr<bf16>
  tt.return
}

// scf.for over i64 bounds: a unit step counts to the bound in long long; any
// other step counts its trips exactly in unsigned 64 bits (no wrap near the
// top of the range) and computes the induction variable from the trip.
// CHECK-LABEL: void __launch_bounds__(1) loop_i64(
// CHECK-SAME: double* [[X:arg[0-9]+]], long long [[LO:arg[0-9]+]], long long [[HI:arg[0-9]+]], long long [[ST:arg[0-9]+]],
// CHECK: for (long long [[I:arg[0-9]+]] = [[LO]]; [[I]] < [[HI]]; ++[[I]]) {
// CHECK-NEXT: const double {{v[0-9]+}} = (double)[[I]];
// CHECK: const unsigned long long [[TRIPS:arg[0-9_]+_trips]] = [[LO]] < [[HI]] ? ((unsigned long long)[[HI]] - (unsigned long long)[[LO]] - 1ull) / (unsigned long long)[[ST]] + 1ull : 0ull;
// CHECK-NEXT: for (unsigned long long [[TRIP:arg[0-9_]+_trip]] = 0ull; [[TRIP]] < [[TRIPS]]; ++[[TRIP]]) {
// CHECK-NEXT: const long long [[J:arg[0-9_]+]] = (long long)((unsigned long long)[[LO]] + [[TRIP]] * (unsigned long long)[[ST]]);
// CHECK-NEXT: const double {{v[0-9_]+}} = (double)(unsigned long long)[[J]];
// CHECK: const unsigned long long [[TRIPS2:arg[0-9_]+_trips]] = (unsigned long long)[[LO]] < (unsigned long long)[[HI]] ?
tt.func @loop_i64(%x: !tt.ptr<f64>, %lo: i64, %hi: i64, %st: i64) attributes {block_size = 1 : i32} {
  %c1 = arith.constant 1 : i64
  %z = arith.constant 0.0 : f64
  %a = scf.for %i = %lo to %hi step %c1 iter_args(%s = %z) -> (f64) : i64 {
    %f = arith.sitofp %i : i64 to f64
    %t = arith.addf %s, %f : f64
    scf.yield %t : f64
  }
  %b = scf.for %j = %lo to %hi step %st iter_args(%s = %a) -> (f64) : i64 {
    %f = arith.uitofp %j : i64 to f64
    %t = arith.addf %s, %f : f64
    scf.yield %t : f64
  }
  %c = scf.for unsigned %k = %lo to %hi step %st iter_args(%s = %b) -> (f64) : i64 {
    %f = arith.sitofp %k : i64 to f64
    %t = arith.mulf %s, %f : f64
    scf.yield %t : f64
  }
  tt.store %x, %c : !tt.ptr<f64>
  tt.return
}
