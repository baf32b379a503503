// scf.for / scf.if / scf.while in uniform kernels as --emit-cuda writes
// them: loop-carried values, branch and while results are variables of
// every register, declared before the op and assigned at the end of each
// region; gpu/cf_check.cu runs these kernels against a CPU reference (on the
// host: gpu-checks-on-host.test). One lane per thread (num_warps = 4) and,
// through sed, four (num_warps = 1: E4).
// RUN: mytriton-translate --emit-cuda %s | FileCheck %s
// RUN: sed 's/num_warps = 4 :/num_warps = 1 :/' %s | mytriton-translate --emit-cuda | FileCheck %s --check-prefix=E4

// The pointer tensors and the count are variables; y's, stored through,
// is `float*`, x's `const float*`; a constant step of 1 counts in int.
// CHECK-LABEL: void __launch_bounds__(128) advance(
// CHECK-SAME:  const float* [[X:arg[0-9]+]], float* [[Y:arg[0-9]+]], int* [[CNT:arg[0-9]+]], int [[STEPS:arg[0-9]+]],
// CHECK:       const float* [[PX:v[0-9]+_0]] = [[X]] + [[R:v[0-9]+]];
// CHECK-NEXT:  float* [[PY:v[0-9]+_1]] = [[Y]] + [[R]];
// CHECK-NEXT:  int [[K:v[0-9]+_2]] = 0;
// CHECK-NEXT:  for (int {{arg[0-9]+}} = 0; {{arg[0-9]+}} < [[STEPS]]; ++{{arg[0-9]+}}) {
// CHECK-NEXT:    const float [[V:v[0-9]+]] = [[PX]][0];
// CHECK-NEXT:    const float [[W:v[0-9]+]] = [[V]] * 2.0f;
// CHECK-NEXT:    [[PY]][0] = [[W]];
// CHECK-NEXT:    const int [[KN:v[0-9]+]] = (int)((unsigned)[[K]] + (unsigned)1);
// CHECK-NEXT:    [[PX]] = [[PX]] + 128;
// CHECK-NEXT:    [[PY]] = [[PY]] + 128;
// CHECK-NEXT:    [[K]] = [[KN]];
// CHECK-NEXT:  }
// CHECK-NEXT:  if (threadIdx.x == 0u) {
// CHECK-NEXT:    [[CNT]][0] = [[K]];
// At E = 4 each pointer tensor is 4 variables; a loop-carried pointer is
// not known contiguous, so the accesses are per register.
// E4-LABEL:    void __launch_bounds__(32) advance(
// E4:          const float* [[PX0:v[0-9]+_0_0]] = arg0 + {{v[0-9]+}}_0;
// E4:          const float* [[PX3:v[0-9]+_0_3]] = arg0 + {{v[0-9]+}}_3;
// E4:          for (int
// E4-NEXT:       const float {{v[0-9]+}}_0 = [[PX0]][0];
// E4-NOT:        float4
// E4:            [[PX3]] = [[PX3]] + 128;
tt.func @advance(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %cnt: !tt.ptr<i32>, %steps: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %range = tt.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %px0 = tt.addptr %xs, %range : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %ys = tt.splat %y : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %py0 = tt.addptr %ys, %range : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %step = arith.constant dense<128> : tensor<128xi32>
  %two = arith.constant dense<2.0> : tensor<128xf32>
  %r:3 = scf.for %i = %c0 to %steps step %c1 iter_args(%px = %px0, %py = %py0, %k = %c0) -> (tensor<128x!tt.ptr<f32>>, tensor<128x!tt.ptr<f32>>, i32) : i32 {
    %v = tt.load %px : tensor<128x!tt.ptr<f32>>
    %w = arith.mulf %v, %two : tensor<128xf32>
    tt.store %py, %w : tensor<128x!tt.ptr<f32>>
    %pxn = tt.addptr %px, %step : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %pyn = tt.addptr %py, %step : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %kn = arith.addi %k, %c1 : i32
    scf.yield %pxn, %pyn, %kn : tensor<128x!tt.ptr<f32>>, tensor<128x!tt.ptr<f32>>, i32
  }
  tt.store %cnt, %r#2 : !tt.ptr<i32>
  tt.return
}

// A swap reads a variable the yield assigns first: a temporary; fib's
// second value is computed before the assignments. A runtime step counts
// in 64 bits, so lb + k * step cannot wrap; an unused induction variable
// is not declared.
// CHECK-LABEL: void __launch_bounds__(128) swap_fib(
// CHECK-SAME:  int* [[OUT:arg[0-9]+]], int [[LO:arg[0-9]+]], int [[HI:arg[0-9]+]], int [[ST:arg[0-9]+]],
// CHECK-NEXT:  int [[A:v[0-9]+_0]] = 1;
// CHECK-NEXT:  int [[B:v[0-9]+_1]] = 2;
// CHECK-NEXT:  for (long long [[IV:arg[0-9]+_iv]] = (long long)[[LO]]; [[IV]] < (long long)[[HI]]; [[IV]] += (long long)[[ST]]) {
// CHECK-NEXT:    const auto [[NEXT:v[0-9]+_1_next]] = [[A]];
// CHECK-NEXT:    [[A]] = [[B]];
// CHECK-NEXT:    [[B]] = [[NEXT]];
// CHECK-NEXT:  }
// CHECK-NEXT:  int [[FA:v[0-9]+_0]] = 1;
// CHECK-NEXT:  int [[FB:v[0-9]+_1]] = 1;
// CHECK-NEXT:  for (long long
// CHECK-NEXT:    const int [[N:v[0-9]+]] = (int)((unsigned)[[FA]] + (unsigned)[[FB]]);
// CHECK-NEXT:    [[FA]] = [[FB]];
// CHECK-NEXT:    [[FB]] = [[N]];
// CHECK-NEXT:  }
// CHECK-NEXT:  const int [[T:v[0-9]+]] = (int)((unsigned)[[A]] * (unsigned)[[FB]]);
tt.func @swap_fib(%out: !tt.ptr<i32>, %lo: i32, %hi: i32, %st: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %s:2 = scf.for %i = %lo to %hi step %st iter_args(%a = %c1, %b = %c2) -> (i32, i32) : i32 {
    scf.yield %b, %a : i32, i32
  }
  %f:2 = scf.for %i = %lo to %hi step %st iter_args(%a = %c1, %b = %c1) -> (i32, i32) : i32 {
    %n = arith.addi %a, %b : i32
    scf.yield %b, %n : i32, i32
  }
  %t = arith.muli %s#0, %f#1 : i32
  tt.store %out, %t : !tt.ptr<i32>
  tt.return
}

// The inner loop's carried sum is declared in the outer body; the
// reduction inside it waits for the last iteration's readers of its warp
// totals before writing them (no other barrier runs in every iteration).
// The row pointer, an addptr of the outer induction variable, stays an
// inlined expression in the inner body.
// CHECK-LABEL: void __launch_bounds__(128) nested(
// CHECK:       for (int [[ROW:arg[0-9]+]] = [[PID:v[0-9]+]]; [[ROW]] < arg2; ++[[ROW]]) {
// CHECK-NEXT:    const int [[ROFF:v[0-9]+]] = (int)((unsigned)[[ROW]] * (unsigned)arg3);
// CHECK-NEXT:    float [[CARRY:v[0-9]+]] = 0.0f;
// CHECK-NEXT:    for (long long [[CIV:arg[0-9]+_iv]] = (long long)0; [[CIV]] < (long long)arg3; [[CIV]] += (long long)128) {
// CHECK-NEXT:      const int [[CB:arg[0-9]+]] = (int)[[CIV]];
// CHECK-NEXT:      const int [[COLS:v[0-9]+]] = (int)((unsigned)[[CB]] + (unsigned){{v[0-9]+}});
// CHECK-NEXT:      const bool [[M:v[0-9]+]] = [[COLS]] < arg3;
// CHECK-NEXT:      const float [[LOAD:v[0-9]+]] = [[M]] ? (arg0 + [[ROFF]])[[[COLS]]] : 0.0f;
// CHECK:           __syncthreads(); // [[TOTALS:v[0-9]+_warp_totals]]'s readers of the last iteration are done
// CHECK-NEXT:      if (threadIdx.x % 32u == 0u) {
// CHECK-NEXT:        [[TOTALS]][threadIdx.x / 32u] =
// CHECK:           const float [[S:v[0-9]+]] = {{v[0-9]+}}_acc;
// CHECK-NEXT:      float [[T:v[0-9]+]];
// CHECK-NEXT:      if ({{v[0-9]+}}) {
// CHECK-NEXT:        const float [[NEG:v[0-9]+]] = -[[S]];
// CHECK-NEXT:        [[T]] = [[NEG]];
// CHECK-NEXT:      } else {
// CHECK-NEXT:        [[T]] = [[S]];
// CHECK-NEXT:      }
// CHECK-NEXT:      const float [[NEXT:v[0-9]+]] = [[CARRY]] + [[T]];
// CHECK-NEXT:      [[CARRY]] = [[NEXT]];
// CHECK-NEXT:    }
// CHECK-NEXT:    if (threadIdx.x == 0u) {
// CHECK-NEXT:      arg1[[[ROFF]]] = [[CARRY]];
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NEXT: }
tt.func @nested(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %rows: i32, %n: i32, %flipi: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c128 = arith.constant 128 : i32
  %pid = tt.get_program_id 0 : i32
  %flip = arith.cmpi ne, %flipi, %c0 : i32
  %range = tt.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %ns = tt.splat %n : i32 -> tensor<128xi32>
  scf.for %r = %pid to %rows step %c1 : i32 {
    %rowoff = arith.muli %r, %n : i32
    %rowx = tt.addptr %x, %rowoff : !tt.ptr<f32>, i32
    %rowo = tt.addptr %out, %rowoff : !tt.ptr<f32>, i32
    %zero = arith.constant 0.0 : f32
    %tot = scf.for %cb = %c0 to %n step %c128 iter_args(%carry = %zero) -> (f32) : i32 {
      %cbs = tt.splat %cb : i32 -> tensor<128xi32>
      %cols = arith.addi %cbs, %range : tensor<128xi32>
      %m = arith.cmpi slt, %cols, %ns : tensor<128xi32>
      %xs = tt.splat %rowx : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
      %p = tt.addptr %xs, %cols : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
      %v = tt.load %p, %m : tensor<128x!tt.ptr<f32>>
      %s = tt.reduce sum %v : tensor<128xf32> -> f32
      %t = scf.if %flip -> (f32) {
        %neg = arith.negf %s : f32
        scf.yield %neg : f32
      } else {
        scf.yield %s : f32
      }
      %next = arith.addf %carry, %t : f32
      scf.yield %next : f32
    }
    tt.store %rowo, %tot : !tt.ptr<f32>
  }
  tt.return
}

// A branch's results are declared without a value and assigned in both
// branches; an if without results and with an empty else has no else.
// CHECK-LABEL: void __launch_bounds__(128) branch(
// CHECK:       float [[RV:v[0-9]+_0]];
// CHECK-NEXT:  int [[RK:v[0-9]+_1]];
// CHECK-NEXT:  if ([[POS:v[0-9]+]]) {
// CHECK-NEXT:    const float [[KF:v[0-9]+]] = (float)arg2;
// CHECK-NEXT:    const float [[W:v[0-9]+]] = {{v[0-9]+}} * [[KF]];
// CHECK-NEXT:    [[RV]] = [[W]];
// CHECK-NEXT:    [[RK]] = arg2;
// CHECK-NEXT:  } else {
// CHECK-NEXT:    [[RV]] = 1.0f;
// CHECK-NEXT:    [[RK]] = 7;
// CHECK-NEXT:  }
// CHECK-NEXT:  (arg1 + {{v[0-9]+}})[[[RK]]] = [[RV]];
// CHECK-NEXT:  const bool [[BIG:v[0-9]+]] = arg2 > [[RK]];
// CHECK-NEXT:  if ([[BIG]]) {
// CHECK-NEXT:    arg1[{{v[0-9]+}}] = {{v[0-9]+}};
// CHECK-NEXT:  }
// CHECK-NEXT: }
// E4-LABEL:    void __launch_bounds__(32) branch(
// E4:          float [[RV0:v[0-9]+_0_0]];
// E4:          float [[RV3:v[0-9]+_0_3]];
// E4-NEXT:     int [[RK:v[0-9]+_1]];
// E4-NEXT:     if (
// E4:            [[RV3]] = {{v[0-9]+}}_3;
// E4-NEXT:       [[RK]] = arg2;
// E4-NEXT:     } else {
// E4-NEXT:       [[RV0]] = 1.0f;
tt.func @branch(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %k: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %range = tt.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %px = tt.addptr %xs, %range : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %v = tt.load %px : tensor<128x!tt.ptr<f32>>
  %pos = arith.cmpi sgt, %k, %c0 : i32
  %r:2 = scf.if %pos -> (tensor<128xf32>, i32) {
    %kf = arith.sitofp %k : i32 to f32
    %ks = tt.splat %kf : f32 -> tensor<128xf32>
    %w = arith.mulf %v, %ks : tensor<128xf32>
    scf.yield %w, %k : tensor<128xf32>, i32
  } else {
    %one = arith.constant dense<1.0> : tensor<128xf32>
    %c7 = arith.constant 7 : i32
    scf.yield %one, %c7 : tensor<128xf32>, i32
  }
  %os = tt.splat %out : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %po0 = tt.addptr %os, %range : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %rs = tt.splat %r#1 : i32 -> tensor<128xi32>
  %po = tt.addptr %po0, %rs : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  tt.store %po, %r#0 : tensor<128x!tt.ptr<f32>>
  %big = arith.cmpi sgt, %k, %r#1 : i32
  scf.if %big {
    tt.store %po0, %v : tensor<128x!tt.ptr<f32>>
  }
  tt.return
}

// A while: the before region's arguments are initialized variables, the
// results (the condition's operands, the after region's arguments) are
// assigned before the test.
// CHECK-LABEL: void __launch_bounds__(128) doubling(
// CHECK:       int [[K:arg[0-9]+]] = 1;
// CHECK-NEXT:  float [[ACC:arg[0-9]+]] = [[RF:v[0-9]+]];
// CHECK-NEXT:  int [[RK:v[0-9]+_0]];
// CHECK-NEXT:  float [[RACC:v[0-9]+_1]];
// CHECK-NEXT:  for (;;) {
// CHECK-NEXT:    const bool [[GO:v[0-9]+]] = [[K]] < arg1;
// CHECK-NEXT:    [[RK]] = [[K]];
// CHECK-NEXT:    [[RACC]] = [[ACC]];
// CHECK-NEXT:    if (![[GO]]) {
// CHECK-NEXT:      break;
// CHECK-NEXT:    }
// CHECK-NEXT:    const int [[K3:v[0-9_]+]] = (int)((unsigned)[[RK]] + (unsigned)[[RK]]);
// CHECK-NEXT:    const float [[A3:v[0-9]+]] = [[RACC]] + [[RACC]];
// CHECK-NEXT:    [[K]] = [[K3]];
// CHECK-NEXT:    [[ACC]] = [[A3]];
// CHECK-NEXT:  }
// CHECK-NEXT:  const float {{v[0-9]+}} = (float)[[RK]];
tt.func @doubling(%out: !tt.ptr<f32>, %n: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %c1 = arith.constant 1 : i32
  %range = tt.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %rf = arith.sitofp %range : tensor<128xi32> to tensor<128xf32>
  %w:2 = scf.while (%k = %c1, %acc = %rf) : (i32, tensor<128xf32>) -> (i32, tensor<128xf32>) {
    %go = arith.cmpi slt, %k, %n : i32
    scf.condition(%go) %k, %acc : i32, tensor<128xf32>
  } do {
  ^bb0(%k2: i32, %acc2: tensor<128xf32>):
    %k3 = arith.addi %k2, %k2 : i32
    %a3 = arith.addf %acc2, %acc2 : tensor<128xf32>
    scf.yield %k3, %a3 : i32, tensor<128xf32>
  }
  %kf = arith.sitofp %w#0 : i32 to f32
  %ks = tt.splat %kf : f32 -> tensor<128xf32>
  %sum = arith.addf %w#1, %ks : tensor<128xf32>
  %os = tt.splat %out : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %po = tt.addptr %os, %range : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  tt.store %po, %sum : tensor<128x!tt.ptr<f32>>
  tt.return
}

// scf.for unsigned: the bounds compare as unsigned (0xfffffffd..2 is empty).
// CHECK-LABEL: void __launch_bounds__(128) unsigned_count(
// CHECK:       int [[A:v[0-9]+]] = 0;
// CHECK-NEXT:  for (unsigned long long [[IV:arg[0-9]+_iv]] = (unsigned long long)(unsigned)arg1; [[IV]] < (unsigned long long)(unsigned)arg2; [[IV]] += (unsigned long long)(unsigned)arg3) {
// CHECK-NEXT:    const int [[M:v[0-9]+]] = (int)((unsigned)[[A]] + (unsigned)1);
// CHECK-NEXT:    [[A]] = [[M]];
// CHECK-NEXT:  }
// CHECK-NEXT:  int [[B:v[0-9]+]] = [[A]];
// CHECK-NEXT:  for (unsigned [[U:arg[0-9_]+_u]] = (unsigned)arg1; [[U]] < (unsigned)arg2; ++[[U]]) {
// CHECK-NEXT:    const int [[I:arg[0-9_]+]] = (int)[[U]];
// CHECK-NEXT:    const int {{v[0-9_]+}} = (int)((unsigned)[[B]] + (unsigned)[[I]]);
tt.func @unsigned_count(%out: !tt.ptr<i32>, %lo: i32, %hi: i32, %st: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %a = scf.for unsigned %i = %lo to %hi step %st iter_args(%n = %c0) -> (i32) : i32 {
    %m = arith.addi %n, %c1 : i32
    scf.yield %m : i32
  }
  %b = scf.for unsigned %i = %lo to %hi step %c1 iter_args(%n = %a) -> (i32) : i32 {
    %m = arith.addi %n, %i : i32
    scf.yield %m : i32
  }
  tt.store %out, %b : !tt.ptr<i32>
  tt.return
}

// Carried values nothing reads (a count whose result is unused, a while
// argument only passed along) get no variable, and what only they read is
// not printed: nvcc would warn that they are set but never used.
// CHECK-LABEL: void __launch_bounds__(128) unused_carried(
// CHECK-NEXT:  float [[A:v[0-9]+_0]] = 1.0f;
// CHECK-NEXT:  for (int [[I:arg[0-9]+]] = 0; [[I]] < arg1; ++[[I]]) {
// CHECK-NEXT:    const float [[A2:v[0-9]+]] = [[A]] + 1.0f;
// CHECK-NEXT:    if (threadIdx.x == 0u) {
// CHECK-NEXT:      arg0[0] = [[A2]];
// CHECK-NEXT:    }
// CHECK-NEXT:    [[A]] = [[A2]];
// CHECK-NEXT:  }
// CHECK-NEXT:  int [[K:arg[0-9_]+]] = 1;
// CHECK-NEXT:  int [[RK:v[0-9]+_0]];
// CHECK-NEXT:  for (;;) {
// CHECK-NEXT:    const bool [[GO:v[0-9_]+]] = [[K]] < arg1;
// CHECK-NEXT:    [[RK]] = [[K]];
// CHECK-NEXT:    if (![[GO]]) {
// CHECK:         [[K]] = {{v[0-9_]+}};
// CHECK-NEXT:  }
// CHECK-NEXT: }
tt.func @unused_carried(%x: !tt.ptr<f32>, %n: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %f = arith.constant 1.0 : f32
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %f, %b = %c0) -> (f32, i32) : i32 {
    %a2 = arith.addf %a, %f : f32
    %b2 = arith.addi %i, %c1 : i32
    tt.store %x, %a2 : !tt.ptr<f32>
    scf.yield %a2, %b2 : f32, i32
  }
  %w:2 = scf.while (%k = %c1, %u = %c0) : (i32, i32) -> (i32, i32) {
    %go = arith.cmpi slt, %k, %n : i32
    scf.condition(%go) %k, %u : i32, i32
  } do {
  ^bb0(%k2: i32, %u2: i32):
    %k3 = arith.addi %k2, %k2 : i32
    %kf = arith.sitofp %k3 : i32 to f32
    tt.store %x, %kf : !tt.ptr<f32>
    scf.yield %k3, %c0 : i32, i32
  }
  tt.return
}
