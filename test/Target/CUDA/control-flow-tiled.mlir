// scf.for in tiled kernels (every tensor in a layout encoding) as
// --emit-cuda writes them; gpu/cf_check.cu runs them against a CPU
// reference.
// RUN: mytriton-translate --emit-cuda %s | FileCheck %s

// C = A B by 32x32 tiles of an m x k A and a k x n B on 2 warps: a K loop of
// outer products, acc loop-carried in #o (sizePerThread [1, 4],
// threadsPerWarp [4, 8], warpsPerCTA [2, 1]).
// The 32x32 accumulator is 16 variables per thread in #o, the two pointer
// tensors 4 each; b's pointers keep their contiguity through the loop (a
// uniform step), so its 4 floats are one float4 load where the run-time
// test finds them aligned; the body's products are register moves and one
// mul and add per register, assigned back at the end; the result is stored
// after the loop from the accumulator's variables.
// CHECK-LABEL: void __launch_bounds__(64) matmul_k_loop(
// CHECK:       float [[ACC:v[0-9]+_0]]_0 = 0.0f;
// CHECK:       float [[ACC]]_15 = 0.0f;
// CHECK-NEXT:  const float* [[AP:v[0-9]+_1]]_0 = arg0 + {{v[0-9]+}}_0;
// CHECK:       const float* [[AP]]_3 = arg0 + {{v[0-9]+}}_3;
// CHECK-NEXT:  const float* [[BP:v[0-9]+_2]]_0 = arg1 + {{v[0-9]+}}_0;
// CHECK:       for (int [[K:arg[0-9]+]] = 0; [[K]] < arg5; ++[[K]]) {
// CHECK-NEXT:    const float [[A:v[0-9]+]]_0 = {{v[0-9]+}}_0 ? [[AP]]_0[0] : 0.0f;
// CHECK:         float [[B:v[0-9]+]]_0, [[B]]_1, [[B]]_2, [[B]]_3;
// CHECK-NEXT:    if (reinterpret_cast<unsigned long long>(&[[BP]]_0[0]) % 16ull == 0ull && {{.*}}) {
// CHECK-NEXT:      const float4 [[B]]_vec = *reinterpret_cast<const float4*>(&[[BP]]_0[0]);
// CHECK:         } else {
// CHECK:           [[B]]_3 = {{v[0-9]+}}_3 ? [[BP]]_3[0] : 0.0f;
// CHECK-NEXT:    }
// CHECK-NEXT:    const float [[P:v[0-9]+]]_0 = [[A]]_0 * [[B]]_0;
// CHECK:         const float [[P]]_15 = [[A]]_3 * [[B]]_3;
// CHECK:         const float [[N:v[0-9]+]]_15 = [[ACC]]_15 + [[P]]_15;
// CHECK-NEXT:    [[ACC]]_0 = [[N]]_0;
// CHECK:         [[ACC]]_15 = [[N]]_15;
// CHECK-NEXT:    [[AP]]_0 = [[AP]]_0 + 1;
// CHECK:         [[BP]]_3 = [[BP]]_3 + arg4;
// CHECK-NEXT:  }
// CHECK-NOT:   __syncthreads
// CHECK:       if ({{v[0-9]+_15}}) arg2[{{v[0-9]+_15}}] = [[ACC]]_15;
#o = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]}>
#or = #tt.slice<{dim = 1, parent = #o}>
#oc = #tt.slice<{dim = 0, parent = #o}>
tt.func @matmul_k_loop(%a: !tt.ptr<f32>, %b: !tt.ptr<f32>, %c: !tt.ptr<f32>, %m: i32, %n: i32, %k: i32) attributes {block_size = 64 : i32, num_warps = 2 : i32} {
  %pm = tt.get_program_id 0 : i32
  %pn = tt.get_program_id 1 : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %rm0 = arith.muli %pm, %c32 : i32
  %cn0 = arith.muli %pn, %c32 : i32
  %rows0 = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32, #or>
  %rs = tt.splat %rm0 : i32 -> tensor<32xi32, #or>
  %rows = arith.addi %rows0, %rs : tensor<32xi32, #or>
  %cols0 = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32, #oc>
  %cs = tt.splat %cn0 : i32 -> tensor<32xi32, #oc>
  %cols = arith.addi %cols0, %cs : tensor<32xi32, #oc>
  %m1 = tt.splat %m : i32 -> tensor<32xi32, #or>
  %rmask = arith.cmpi slt, %rows, %m1 : tensor<32xi32, #or>
  %n1 = tt.splat %n : i32 -> tensor<32xi32, #oc>
  %cmask = arith.cmpi slt, %cols, %n1 : tensor<32xi32, #oc>
  %ks = tt.splat %k : i32 -> tensor<32xi32, #or>
  %arow = arith.muli %rows, %ks : tensor<32xi32, #or>
  %as = tt.splat %a : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>, #or>
  %ap0 = tt.addptr %as, %arow : tensor<32x!tt.ptr<f32>, #or>, tensor<32xi32, #or>
  %bs = tt.splat %b : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>, #oc>
  %bp0 = tt.addptr %bs, %cols : tensor<32x!tt.ptr<f32>, #oc>, tensor<32xi32, #oc>
  %one = arith.constant dense<1> : tensor<32xi32, #or>
  %nrow = tt.splat %n : i32 -> tensor<32xi32, #oc>
  %acc0 = arith.constant dense<0.0> : tensor<32x32xf32, #o>
  %res:3 = scf.for %kk = %c0 to %k step %c1 iter_args(%acc = %acc0, %ap = %ap0, %bp = %bp0) -> (tensor<32x32xf32, #o>, tensor<32x!tt.ptr<f32>, #or>, tensor<32x!tt.ptr<f32>, #oc>) : i32 {
    %av = tt.load %ap, %rmask : tensor<32x!tt.ptr<f32>, #or>
    %bv = tt.load %bp, %cmask : tensor<32x!tt.ptr<f32>, #oc>
    %a2 = tt.expand_dims %av {axis = 1 : i32} : tensor<32xf32, #or> -> tensor<32x1xf32, #o>
    %ab = tt.broadcast %a2 : tensor<32x1xf32, #o> -> tensor<32x32xf32, #o>
    %b2 = tt.expand_dims %bv {axis = 0 : i32} : tensor<32xf32, #oc> -> tensor<1x32xf32, #o>
    %bb = tt.broadcast %b2 : tensor<1x32xf32, #o> -> tensor<32x32xf32, #o>
    %p = arith.mulf %ab, %bb : tensor<32x32xf32, #o>
    %accn = arith.addf %acc, %p : tensor<32x32xf32, #o>
    %apn = tt.addptr %ap, %one : tensor<32x!tt.ptr<f32>, #or>, tensor<32xi32, #or>
    %bpn = tt.addptr %bp, %nrow : tensor<32x!tt.ptr<f32>, #oc>, tensor<32xi32, #oc>
    scf.yield %accn, %apn, %bpn : tensor<32x32xf32, #o>, tensor<32x!tt.ptr<f32>, #or>, tensor<32x!tt.ptr<f32>, #oc>
  }
  %r2 = tt.expand_dims %rows {axis = 1 : i32} : tensor<32xi32, #or> -> tensor<32x1xi32, #o>
  %c2 = tt.expand_dims %cols {axis = 0 : i32} : tensor<32xi32, #oc> -> tensor<1x32xi32, #o>
  %ns = tt.splat %n : i32 -> tensor<32x1xi32, #o>
  %rowoff = arith.muli %r2, %ns : tensor<32x1xi32, #o>
  %rb = tt.broadcast %rowoff : tensor<32x1xi32, #o> -> tensor<32x32xi32, #o>
  %cb = tt.broadcast %c2 : tensor<1x32xi32, #o> -> tensor<32x32xi32, #o>
  %off = arith.addi %rb, %cb : tensor<32x32xi32, #o>
  %rm2 = tt.expand_dims %rmask {axis = 1 : i32} : tensor<32xi1, #or> -> tensor<32x1xi1, #o>
  %cm2 = tt.expand_dims %cmask {axis = 0 : i32} : tensor<32xi1, #oc> -> tensor<1x32xi1, #o>
  %rmb = tt.broadcast %rm2 : tensor<32x1xi1, #o> -> tensor<32x32xi1, #o>
  %cmb = tt.broadcast %cm2 : tensor<1x32xi1, #o> -> tensor<32x32xi1, #o>
  %mask = arith.andi %rmb, %cmb : tensor<32x32xi1, #o>
  %cps = tt.splat %c : !tt.ptr<f32> -> tensor<32x32x!tt.ptr<f32>, #o>
  %cp = tt.addptr %cps, %off : tensor<32x32x!tt.ptr<f32>, #o>, tensor<32x32xi32, #o>
  tt.store %cp, %res#0, %mask : tensor<32x32x!tt.ptr<f32>, #o>
  tt.return
}

// The sum of an m x 64 matrix by 32-row blocks: a loop whose body reduces a
// tile to a scalar across warps through the scratch buffer.
// A reduction across warps in a loop body: the first use of the scratch
// buffer waits for the last iteration's readers.
// CHECK-LABEL: void __launch_bounds__(128) block_sums(
// CHECK:       float [[ACC:v[0-9]+]] = 0.0f;
// CHECK-NEXT:  for (long long [[IV:arg[0-9]+_iv]] = (long long)0; [[IV]] < (long long)arg2; [[IV]] += (long long)32) {
// CHECK:         __syncthreads(); // the scratch buffer's last readers are done
// CHECK-NEXT:    reinterpret_cast<float*>({{scratch[_0-9]*}})[{{warp_group[_0-9]*}}] = [[T:v[0-9]+_acc]];
// CHECK-NEXT:    __syncthreads();
// CHECK:         const float [[S:v[0-9]+]] = [[T]];
// CHECK-NEXT:    const float [[N:v[0-9]+]] = [[ACC]] + [[S]];
// CHECK-NEXT:    [[ACC]] = [[N]];
// CHECK-NEXT:  }
#b = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#br = #tt.slice<{dim = 1, parent = #b}>
#bc = #tt.slice<{dim = 0, parent = #b}>
tt.func @block_sums(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %m: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c32 = arith.constant 32 : i32
  %c64 = arith.constant 64 : i32
  %zero = arith.constant 0.0 : f32
  %rows0 = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32, #br>
  %cols = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32, #bc>
  %c2 = tt.expand_dims %cols {axis = 0 : i32} : tensor<64xi32, #bc> -> tensor<1x64xi32, #b>
  %cb = tt.broadcast %c2 : tensor<1x64xi32, #b> -> tensor<32x64xi32, #b>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>, #b>
  %ms = tt.splat %m : i32 -> tensor<32x1xi32, #b>
  %c64s = tt.splat %c64 : i32 -> tensor<32x1xi32, #b>
  %total = scf.for %r = %c0 to %m step %c32 iter_args(%acc = %zero) -> (f32) : i32 {
    %rs = tt.splat %r : i32 -> tensor<32xi32, #br>
    %rows = arith.addi %rows0, %rs : tensor<32xi32, #br>
    %r2 = tt.expand_dims %rows {axis = 1 : i32} : tensor<32xi32, #br> -> tensor<32x1xi32, #b>
    %rowoff = arith.muli %r2, %c64s : tensor<32x1xi32, #b>
    %rb = tt.broadcast %rowoff : tensor<32x1xi32, #b> -> tensor<32x64xi32, #b>
    %off = arith.addi %rb, %cb : tensor<32x64xi32, #b>
    %rm = arith.cmpi slt, %r2, %ms : tensor<32x1xi32, #b>
    %rmb = tt.broadcast %rm : tensor<32x1xi1, #b> -> tensor<32x64xi1, #b>
    %xp = tt.addptr %xs, %off : tensor<32x64x!tt.ptr<f32>, #b>, tensor<32x64xi32, #b>
    %v = tt.load %xp, %rmb : tensor<32x64x!tt.ptr<f32>, #b>
    %s = tt.reduce sum %v {axis = 1 : i32} : tensor<32x64xf32, #b> -> tensor<32xf32, #br>
    %t = tt.reduce sum %s : tensor<32xf32, #br> -> f32
    %accn = arith.addf %acc, %t : f32
    scf.yield %accn : f32
  }
  tt.store %out, %total : !tt.ptr<f32>
  tt.return
}
