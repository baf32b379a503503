// RUN: mytriton-test-opt --test-tensor-map-access --verify-diagnostics -split-input-file %s

// matchTensorMapAccess: the tile loads that a TMA copy may perform, with
// the tensor map each reads a box of. Every chunk that must not fire is a
// load whose pointers TMA would read differently.

// Tutorial 03's operands: a's rows wrap at M (every store masks rows past M
// off), b's columns wrap at N; both are masked along K, which the loop
// advances by 32 a step.
tt.func @tutorial_03(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %b: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %c: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %M: i32 {tt.divisibility = 16 : i32}, %N: i32 {tt.divisibility = 16 : i32}, %K: i32 {tt.divisibility = 16 : i32}, %stride_am: i32 {tt.divisibility = 16 : i32}, %stride_bk: i32 {tt.divisibility = 16 : i32}, %stride_cm: i32 {tt.divisibility = 16 : i32}) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %c64 = arith.constant 64 : i32
  %c31 = arith.constant 31 : i32
  %zero_a = arith.constant dense<0.0> : tensor<64x32xf16>
  %zero_b = arith.constant dense<0.0> : tensor<32x64xf16>
  %acc0 = arith.constant dense<0.0> : tensor<64x64xf32>
  %step_a = arith.constant dense<32> : tensor<64x32xi32>
  %pid_m = tt.get_program_id 0 : i32
  %pid_n = tt.get_program_id 1 : i32
  // offs_am = (pid_m * 64 + arange(64)) % M
  %row0 = arith.muli %pid_m, %c64 : i32
  %rows = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %row0s = tt.splat %row0 : i32 -> tensor<64xi32>
  %offs_m = arith.addi %row0s, %rows : tensor<64xi32>
  %Ms = tt.splat %M : i32 -> tensor<64xi32>
  %offs_am = arith.remsi %offs_m, %Ms : tensor<64xi32>
  // offs_bn = (pid_n * 64 + arange(64)) % N
  %col0 = arith.muli %pid_n, %c64 : i32
  %col0s = tt.splat %col0 : i32 -> tensor<64xi32>
  %offs_n = arith.addi %col0s, %rows : tensor<64xi32>
  %Ns = tt.splat %N : i32 -> tensor<64xi32>
  %offs_bn = arith.remsi %offs_n, %Ns : tensor<64xi32>
  %offs_k = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  // a_ptrs = a + offs_am[:, None] * stride_am + offs_k[None, :]
  %am = tt.expand_dims %offs_am {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %sams = tt.splat %stride_am : i32 -> tensor<64x1xi32>
  %am_s = arith.muli %am, %sams : tensor<64x1xi32>
  %ak = tt.expand_dims %offs_k {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %am_b = tt.broadcast %am_s : tensor<64x1xi32> -> tensor<64x32xi32>
  %ak_b = tt.broadcast %ak : tensor<1x32xi32> -> tensor<64x32xi32>
  %a_off = arith.addi %am_b, %ak_b : tensor<64x32xi32>
  %as = tt.splat %a : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>>
  %a_ptrs = tt.addptr %as, %a_off : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
  // b_ptrs = b + offs_k[:, None] * stride_bk + offs_bn[None, :]
  %bk = tt.expand_dims %offs_k {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %sbks = tt.splat %stride_bk : i32 -> tensor<32x1xi32>
  %bk_s = arith.muli %bk, %sbks : tensor<32x1xi32>
  %bn = tt.expand_dims %offs_bn {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %bk_b = tt.broadcast %bk_s : tensor<32x1xi32> -> tensor<32x64xi32>
  %bn_b = tt.broadcast %bn : tensor<1x64xi32> -> tensor<32x64xi32>
  %b_off = arith.addi %bk_b, %bn_b : tensor<32x64xi32>
  %bs = tt.splat %b : !tt.ptr<f16> -> tensor<32x64x!tt.ptr<f16>>
  %b_ptrs = tt.addptr %bs, %b_off : tensor<32x64x!tt.ptr<f16>>, tensor<32x64xi32>
  %k1 = arith.addi %K, %c31 : i32
  %steps = arith.divsi %k1, %c32 : i32
  %res:3 = scf.for %k = %c0 to %steps step %c1 iter_args(%acc = %acc0, %ap = %a_ptrs, %bp = %b_ptrs) -> (tensor<64x64xf32>, tensor<64x32x!tt.ptr<f16>>, tensor<32x64x!tt.ptr<f16>>) : i32 {
    // mask = offs_k < K - k * 32
    %kk = arith.muli %k, %c32 : i32
    %left = arith.subi %K, %kk : i32
    %lefts_a = tt.splat %left : i32 -> tensor<1x32xi32>
    %ka = arith.cmpi slt, %ak, %lefts_a : tensor<1x32xi32>
    %mask_a = tt.broadcast %ka : tensor<1x32xi1> -> tensor<64x32xi1>
    // expected-remark @below {{tensor map over %arg0: dim 0 box 64, stride %arg6, start 64 * %0, wrapped at %arg3; dim 1 box 32, stride 1, start 0, advancing 32, masked at %arg5}}
    %ta = tt.load %ap, %mask_a, %zero_a : tensor<64x32x!tt.ptr<f16>>
    %lefts_b = tt.splat %left : i32 -> tensor<32x1xi32>
    %kb = arith.cmpi slt, %bk, %lefts_b : tensor<32x1xi32>
    %mask_b = tt.broadcast %kb : tensor<32x1xi1> -> tensor<32x64xi1>
    // expected-remark @below {{tensor map over %arg1: dim 0 box 32, stride %arg7, start 0, advancing 32, masked at %arg5; dim 1 box 64, stride 1, start 64 * %1, wrapped at %arg4}}
    %tb = tt.load %bp, %mask_b, %zero_b : tensor<32x64x!tt.ptr<f16>>
    %d = tt.dot %ta, %tb, %acc : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
    %ap1 = tt.addptr %ap, %step_a : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
    %sb = arith.muli %stride_bk, %c32 : i32
    %sbs = tt.splat %sb : i32 -> tensor<32x64xi32>
    %bp1 = tt.addptr %bp, %sbs : tensor<32x64x!tt.ptr<f16>>, tensor<32x64xi32>
    scf.yield %d, %ap1, %bp1 : tensor<64x64xf32>, tensor<64x32x!tt.ptr<f16>>, tensor<32x64x!tt.ptr<f16>>
  }
  // c = leaky_relu(acc).to(f16), stored where offs_cm < M and offs_cn < N
  %cst = arith.constant dense<0.01> : tensor<64x64xf32>
  %scaled = arith.mulf %res#0, %cst : tensor<64x64xf32>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %pos = arith.cmpf oge, %res#0, %zero : tensor<64x64xf32>
  %act = arith.select %pos, %res#0, %scaled : tensor<64x64xi1>, tensor<64x64xf32>
  %out = arith.truncf %act : tensor<64x64xf32> to tensor<64x64xf16>
  %cm = tt.expand_dims %offs_m {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %scms = tt.splat %stride_cm : i32 -> tensor<64x1xi32>
  %cm_s = arith.muli %scms, %cm : tensor<64x1xi32>
  %cs = tt.splat %c : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>>
  %c_rows = tt.addptr %cs, %cm_s : tensor<64x1x!tt.ptr<f16>>, tensor<64x1xi32>
  %cn = tt.expand_dims %offs_n {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %c_rows_b = tt.broadcast %c_rows : tensor<64x1x!tt.ptr<f16>> -> tensor<64x64x!tt.ptr<f16>>
  %cn_b = tt.broadcast %cn : tensor<1x64xi32> -> tensor<64x64xi32>
  %c_ptrs = tt.addptr %c_rows_b, %cn_b : tensor<64x64x!tt.ptr<f16>>, tensor<64x64xi32>
  %Ms1 = tt.splat %M : i32 -> tensor<64x1xi32>
  %in_m = arith.cmpi slt, %cm, %Ms1 : tensor<64x1xi32>
  %Ns1 = tt.splat %N : i32 -> tensor<1x64xi32>
  %in_n = arith.cmpi slt, %cn, %Ns1 : tensor<1x64xi32>
  %in_m_b = tt.broadcast %in_m : tensor<64x1xi1> -> tensor<64x64xi1>
  %in_n_b = tt.broadcast %in_n : tensor<1x64xi1> -> tensor<64x64xi1>
  %c_mask = arith.andi %in_m_b, %in_n_b : tensor<64x64xi1>
  tt.store %c_ptrs, %out, %c_mask : tensor<64x64x!tt.ptr<f16>>
  tt.return
}

// -----

// Must not fire for a: the store does not mask the rows past M.
tt.func @store_without_row_bound(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %b: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %c: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %M: i32 {tt.divisibility = 16 : i32}, %N: i32 {tt.divisibility = 16 : i32}, %K: i32 {tt.divisibility = 16 : i32}, %stride_am: i32 {tt.divisibility = 16 : i32}, %stride_bk: i32 {tt.divisibility = 16 : i32}, %stride_cm: i32 {tt.divisibility = 16 : i32}) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %c64 = arith.constant 64 : i32
  %c31 = arith.constant 31 : i32
  %zero_a = arith.constant dense<0.0> : tensor<64x32xf16>
  %zero_b = arith.constant dense<0.0> : tensor<32x64xf16>
  %acc0 = arith.constant dense<0.0> : tensor<64x64xf32>
  %step_a = arith.constant dense<32> : tensor<64x32xi32>
  %pid_m = tt.get_program_id 0 : i32
  %pid_n = tt.get_program_id 1 : i32
  // offs_am = (pid_m * 64 + arange(64)) % M
  %row0 = arith.muli %pid_m, %c64 : i32
  %rows = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %row0s = tt.splat %row0 : i32 -> tensor<64xi32>
  %offs_m = arith.addi %row0s, %rows : tensor<64xi32>
  %Ms = tt.splat %M : i32 -> tensor<64xi32>
  %offs_am = arith.remsi %offs_m, %Ms : tensor<64xi32>
  // offs_bn = (pid_n * 64 + arange(64)) % N
  %col0 = arith.muli %pid_n, %c64 : i32
  %col0s = tt.splat %col0 : i32 -> tensor<64xi32>
  %offs_n = arith.addi %col0s, %rows : tensor<64xi32>
  %Ns = tt.splat %N : i32 -> tensor<64xi32>
  %offs_bn = arith.remsi %offs_n, %Ns : tensor<64xi32>
  %offs_k = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  // a_ptrs = a + offs_am[:, None] * stride_am + offs_k[None, :]
  %am = tt.expand_dims %offs_am {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %sams = tt.splat %stride_am : i32 -> tensor<64x1xi32>
  %am_s = arith.muli %am, %sams : tensor<64x1xi32>
  %ak = tt.expand_dims %offs_k {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %am_b = tt.broadcast %am_s : tensor<64x1xi32> -> tensor<64x32xi32>
  %ak_b = tt.broadcast %ak : tensor<1x32xi32> -> tensor<64x32xi32>
  %a_off = arith.addi %am_b, %ak_b : tensor<64x32xi32>
  %as = tt.splat %a : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>>
  %a_ptrs = tt.addptr %as, %a_off : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
  // b_ptrs = b + offs_k[:, None] * stride_bk + offs_bn[None, :]
  %bk = tt.expand_dims %offs_k {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %sbks = tt.splat %stride_bk : i32 -> tensor<32x1xi32>
  %bk_s = arith.muli %bk, %sbks : tensor<32x1xi32>
  %bn = tt.expand_dims %offs_bn {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %bk_b = tt.broadcast %bk_s : tensor<32x1xi32> -> tensor<32x64xi32>
  %bn_b = tt.broadcast %bn : tensor<1x64xi32> -> tensor<32x64xi32>
  %b_off = arith.addi %bk_b, %bn_b : tensor<32x64xi32>
  %bs = tt.splat %b : !tt.ptr<f16> -> tensor<32x64x!tt.ptr<f16>>
  %b_ptrs = tt.addptr %bs, %b_off : tensor<32x64x!tt.ptr<f16>>, tensor<32x64xi32>
  %k1 = arith.addi %K, %c31 : i32
  %steps = arith.divsi %k1, %c32 : i32
  %res:3 = scf.for %k = %c0 to %steps step %c1 iter_args(%acc = %acc0, %ap = %a_ptrs, %bp = %b_ptrs) -> (tensor<64x64xf32>, tensor<64x32x!tt.ptr<f16>>, tensor<32x64x!tt.ptr<f16>>) : i32 {
    // mask = offs_k < K - k * 32
    %kk = arith.muli %k, %c32 : i32
    %left = arith.subi %K, %kk : i32
    %lefts_a = tt.splat %left : i32 -> tensor<1x32xi32>
    %ka = arith.cmpi slt, %ak, %lefts_a : tensor<1x32xi32>
    %mask_a = tt.broadcast %ka : tensor<1x32xi1> -> tensor<64x32xi1>
    // expected-remark @below {{no tensor map: dimension 0 wraps, and its elements past the tensor reach `tt.store`, whose mask does not exclude them}}
    %ta = tt.load %ap, %mask_a, %zero_a : tensor<64x32x!tt.ptr<f16>>
    %lefts_b = tt.splat %left : i32 -> tensor<32x1xi32>
    %kb = arith.cmpi slt, %bk, %lefts_b : tensor<32x1xi32>
    %mask_b = tt.broadcast %kb : tensor<32x1xi1> -> tensor<32x64xi1>
    // expected-remark @below {{tensor map over %arg1: dim 0 box 32, stride %arg7, start 0, advancing 32, masked at %arg5; dim 1 box 64, stride 1, start 64 * %1, wrapped at %arg4}}
    %tb = tt.load %bp, %mask_b, %zero_b : tensor<32x64x!tt.ptr<f16>>
    %d = tt.dot %ta, %tb, %acc : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
    %ap1 = tt.addptr %ap, %step_a : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
    %sb = arith.muli %stride_bk, %c32 : i32
    %sbs = tt.splat %sb : i32 -> tensor<32x64xi32>
    %bp1 = tt.addptr %bp, %sbs : tensor<32x64x!tt.ptr<f16>>, tensor<32x64xi32>
    scf.yield %d, %ap1, %bp1 : tensor<64x64xf32>, tensor<64x32x!tt.ptr<f16>>, tensor<32x64x!tt.ptr<f16>>
  }
  // c = leaky_relu(acc).to(f16), stored where offs_cm < M and offs_cn < N
  %cst = arith.constant dense<0.01> : tensor<64x64xf32>
  %scaled = arith.mulf %res#0, %cst : tensor<64x64xf32>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %pos = arith.cmpf oge, %res#0, %zero : tensor<64x64xf32>
  %act = arith.select %pos, %res#0, %scaled : tensor<64x64xi1>, tensor<64x64xf32>
  %out = arith.truncf %act : tensor<64x64xf32> to tensor<64x64xf16>
  %cm = tt.expand_dims %offs_m {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %scms = tt.splat %stride_cm : i32 -> tensor<64x1xi32>
  %cm_s = arith.muli %scms, %cm : tensor<64x1xi32>
  %cs = tt.splat %c : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>>
  %c_rows = tt.addptr %cs, %cm_s : tensor<64x1x!tt.ptr<f16>>, tensor<64x1xi32>
  %cn = tt.expand_dims %offs_n {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %c_rows_b = tt.broadcast %c_rows : tensor<64x1x!tt.ptr<f16>> -> tensor<64x64x!tt.ptr<f16>>
  %cn_b = tt.broadcast %cn : tensor<1x64xi32> -> tensor<64x64xi32>
  %c_ptrs = tt.addptr %c_rows_b, %cn_b : tensor<64x64x!tt.ptr<f16>>, tensor<64x64xi32>
  %Ms1 = tt.splat %M : i32 -> tensor<64x1xi32>
  %in_m = arith.cmpi slt, %cm, %Ms1 : tensor<64x1xi32>
  %Ns1 = tt.splat %N : i32 -> tensor<1x64xi32>
  %in_n = arith.cmpi slt, %cn, %Ns1 : tensor<1x64xi32>
  %in_m_b = tt.broadcast %in_m : tensor<64x1xi1> -> tensor<64x64xi1>
  %in_n_b = tt.broadcast %in_n : tensor<1x64xi1> -> tensor<64x64xi1>
  %c_mask = arith.andi %in_n_b, %in_n_b : tensor<64x64xi1>
  tt.store %c_ptrs, %out, %c_mask : tensor<64x64x!tt.ptr<f16>>
  tt.return
}

// -----

// Must not fire for a: the store masks rows at N, not at M where they wrap.
tt.func @store_bound_at_other_size(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %b: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %c: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %M: i32 {tt.divisibility = 16 : i32}, %N: i32 {tt.divisibility = 16 : i32}, %K: i32 {tt.divisibility = 16 : i32}, %stride_am: i32 {tt.divisibility = 16 : i32}, %stride_bk: i32 {tt.divisibility = 16 : i32}, %stride_cm: i32 {tt.divisibility = 16 : i32}) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %c64 = arith.constant 64 : i32
  %c31 = arith.constant 31 : i32
  %zero_a = arith.constant dense<0.0> : tensor<64x32xf16>
  %zero_b = arith.constant dense<0.0> : tensor<32x64xf16>
  %acc0 = arith.constant dense<0.0> : tensor<64x64xf32>
  %step_a = arith.constant dense<32> : tensor<64x32xi32>
  %pid_m = tt.get_program_id 0 : i32
  %pid_n = tt.get_program_id 1 : i32
  // offs_am = (pid_m * 64 + arange(64)) % M
  %row0 = arith.muli %pid_m, %c64 : i32
  %rows = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %row0s = tt.splat %row0 : i32 -> tensor<64xi32>
  %offs_m = arith.addi %row0s, %rows : tensor<64xi32>
  %Ms = tt.splat %M : i32 -> tensor<64xi32>
  %offs_am = arith.remsi %offs_m, %Ms : tensor<64xi32>
  // offs_bn = (pid_n * 64 + arange(64)) % N
  %col0 = arith.muli %pid_n, %c64 : i32
  %col0s = tt.splat %col0 : i32 -> tensor<64xi32>
  %offs_n = arith.addi %col0s, %rows : tensor<64xi32>
  %Ns = tt.splat %N : i32 -> tensor<64xi32>
  %offs_bn = arith.remsi %offs_n, %Ns : tensor<64xi32>
  %offs_k = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  // a_ptrs = a + offs_am[:, None] * stride_am + offs_k[None, :]
  %am = tt.expand_dims %offs_am {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %sams = tt.splat %stride_am : i32 -> tensor<64x1xi32>
  %am_s = arith.muli %am, %sams : tensor<64x1xi32>
  %ak = tt.expand_dims %offs_k {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %am_b = tt.broadcast %am_s : tensor<64x1xi32> -> tensor<64x32xi32>
  %ak_b = tt.broadcast %ak : tensor<1x32xi32> -> tensor<64x32xi32>
  %a_off = arith.addi %am_b, %ak_b : tensor<64x32xi32>
  %as = tt.splat %a : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>>
  %a_ptrs = tt.addptr %as, %a_off : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
  // b_ptrs = b + offs_k[:, None] * stride_bk + offs_bn[None, :]
  %bk = tt.expand_dims %offs_k {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %sbks = tt.splat %stride_bk : i32 -> tensor<32x1xi32>
  %bk_s = arith.muli %bk, %sbks : tensor<32x1xi32>
  %bn = tt.expand_dims %offs_bn {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %bk_b = tt.broadcast %bk_s : tensor<32x1xi32> -> tensor<32x64xi32>
  %bn_b = tt.broadcast %bn : tensor<1x64xi32> -> tensor<32x64xi32>
  %b_off = arith.addi %bk_b, %bn_b : tensor<32x64xi32>
  %bs = tt.splat %b : !tt.ptr<f16> -> tensor<32x64x!tt.ptr<f16>>
  %b_ptrs = tt.addptr %bs, %b_off : tensor<32x64x!tt.ptr<f16>>, tensor<32x64xi32>
  %k1 = arith.addi %K, %c31 : i32
  %steps = arith.divsi %k1, %c32 : i32
  %res:3 = scf.for %k = %c0 to %steps step %c1 iter_args(%acc = %acc0, %ap = %a_ptrs, %bp = %b_ptrs) -> (tensor<64x64xf32>, tensor<64x32x!tt.ptr<f16>>, tensor<32x64x!tt.ptr<f16>>) : i32 {
    // mask = offs_k < K - k * 32
    %kk = arith.muli %k, %c32 : i32
    %left = arith.subi %K, %kk : i32
    %lefts_a = tt.splat %left : i32 -> tensor<1x32xi32>
    %ka = arith.cmpi slt, %ak, %lefts_a : tensor<1x32xi32>
    %mask_a = tt.broadcast %ka : tensor<1x32xi1> -> tensor<64x32xi1>
    // expected-remark @below {{no tensor map: dimension 0 wraps, and its elements past the tensor reach `tt.store`, whose mask does not exclude them}}
    %ta = tt.load %ap, %mask_a, %zero_a : tensor<64x32x!tt.ptr<f16>>
    %lefts_b = tt.splat %left : i32 -> tensor<32x1xi32>
    %kb = arith.cmpi slt, %bk, %lefts_b : tensor<32x1xi32>
    %mask_b = tt.broadcast %kb : tensor<32x1xi1> -> tensor<32x64xi1>
    // expected-remark @below {{tensor map over %arg1: dim 0 box 32, stride %arg7, start 0, advancing 32, masked at %arg5; dim 1 box 64, stride 1, start 64 * %1, wrapped at %arg4}}
    %tb = tt.load %bp, %mask_b, %zero_b : tensor<32x64x!tt.ptr<f16>>
    %d = tt.dot %ta, %tb, %acc : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
    %ap1 = tt.addptr %ap, %step_a : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
    %sb = arith.muli %stride_bk, %c32 : i32
    %sbs = tt.splat %sb : i32 -> tensor<32x64xi32>
    %bp1 = tt.addptr %bp, %sbs : tensor<32x64x!tt.ptr<f16>>, tensor<32x64xi32>
    scf.yield %d, %ap1, %bp1 : tensor<64x64xf32>, tensor<64x32x!tt.ptr<f16>>, tensor<32x64x!tt.ptr<f16>>
  }
  // c = leaky_relu(acc).to(f16), stored where offs_cm < M and offs_cn < N
  %cst = arith.constant dense<0.01> : tensor<64x64xf32>
  %scaled = arith.mulf %res#0, %cst : tensor<64x64xf32>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %pos = arith.cmpf oge, %res#0, %zero : tensor<64x64xf32>
  %act = arith.select %pos, %res#0, %scaled : tensor<64x64xi1>, tensor<64x64xf32>
  %out = arith.truncf %act : tensor<64x64xf32> to tensor<64x64xf16>
  %cm = tt.expand_dims %offs_m {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %scms = tt.splat %stride_cm : i32 -> tensor<64x1xi32>
  %cm_s = arith.muli %scms, %cm : tensor<64x1xi32>
  %cs = tt.splat %c : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>>
  %c_rows = tt.addptr %cs, %cm_s : tensor<64x1x!tt.ptr<f16>>, tensor<64x1xi32>
  %cn = tt.expand_dims %offs_n {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %c_rows_b = tt.broadcast %c_rows : tensor<64x1x!tt.ptr<f16>> -> tensor<64x64x!tt.ptr<f16>>
  %cn_b = tt.broadcast %cn : tensor<1x64xi32> -> tensor<64x64xi32>
  %c_ptrs = tt.addptr %c_rows_b, %cn_b : tensor<64x64x!tt.ptr<f16>>, tensor<64x64xi32>
  %Ms1 = tt.splat %N : i32 -> tensor<64x1xi32>
  %in_m = arith.cmpi slt, %cm, %Ms1 : tensor<64x1xi32>
  %Ns1 = tt.splat %N : i32 -> tensor<1x64xi32>
  %in_n = arith.cmpi slt, %cn, %Ns1 : tensor<1x64xi32>
  %in_m_b = tt.broadcast %in_m : tensor<64x1xi1> -> tensor<64x64xi1>
  %in_n_b = tt.broadcast %in_n : tensor<1x64xi1> -> tensor<64x64xi1>
  %c_mask = arith.andi %in_m_b, %in_n_b : tensor<64x64xi1>
  tt.store %c_ptrs, %out, %c_mask : tensor<64x64x!tt.ptr<f16>>
  tt.return
}

// -----

// Must not fire for a: a second dot sums over c's rows, past M included
// (b's wrapped columns stay columns).
tt.func @rows_summed_by_a_second_dot(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %b: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %c: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %M: i32 {tt.divisibility = 16 : i32}, %N: i32 {tt.divisibility = 16 : i32}, %K: i32 {tt.divisibility = 16 : i32}, %stride_am: i32 {tt.divisibility = 16 : i32}, %stride_bk: i32 {tt.divisibility = 16 : i32}, %stride_cm: i32 {tt.divisibility = 16 : i32}) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %c64 = arith.constant 64 : i32
  %c31 = arith.constant 31 : i32
  %zero_a = arith.constant dense<0.0> : tensor<64x32xf16>
  %zero_b = arith.constant dense<0.0> : tensor<32x64xf16>
  %acc0 = arith.constant dense<0.0> : tensor<64x64xf32>
  %step_a = arith.constant dense<32> : tensor<64x32xi32>
  %pid_m = tt.get_program_id 0 : i32
  %pid_n = tt.get_program_id 1 : i32
  // offs_am = (pid_m * 64 + arange(64)) % M
  %row0 = arith.muli %pid_m, %c64 : i32
  %rows = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %row0s = tt.splat %row0 : i32 -> tensor<64xi32>
  %offs_m = arith.addi %row0s, %rows : tensor<64xi32>
  %Ms = tt.splat %M : i32 -> tensor<64xi32>
  %offs_am = arith.remsi %offs_m, %Ms : tensor<64xi32>
  // offs_bn = (pid_n * 64 + arange(64)) % N
  %col0 = arith.muli %pid_n, %c64 : i32
  %col0s = tt.splat %col0 : i32 -> tensor<64xi32>
  %offs_n = arith.addi %col0s, %rows : tensor<64xi32>
  %Ns = tt.splat %N : i32 -> tensor<64xi32>
  %offs_bn = arith.remsi %offs_n, %Ns : tensor<64xi32>
  %offs_k = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  // a_ptrs = a + offs_am[:, None] * stride_am + offs_k[None, :]
  %am = tt.expand_dims %offs_am {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %sams = tt.splat %stride_am : i32 -> tensor<64x1xi32>
  %am_s = arith.muli %am, %sams : tensor<64x1xi32>
  %ak = tt.expand_dims %offs_k {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %am_b = tt.broadcast %am_s : tensor<64x1xi32> -> tensor<64x32xi32>
  %ak_b = tt.broadcast %ak : tensor<1x32xi32> -> tensor<64x32xi32>
  %a_off = arith.addi %am_b, %ak_b : tensor<64x32xi32>
  %as = tt.splat %a : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>>
  %a_ptrs = tt.addptr %as, %a_off : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
  // b_ptrs = b + offs_k[:, None] * stride_bk + offs_bn[None, :]
  %bk = tt.expand_dims %offs_k {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %sbks = tt.splat %stride_bk : i32 -> tensor<32x1xi32>
  %bk_s = arith.muli %bk, %sbks : tensor<32x1xi32>
  %bn = tt.expand_dims %offs_bn {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %bk_b = tt.broadcast %bk_s : tensor<32x1xi32> -> tensor<32x64xi32>
  %bn_b = tt.broadcast %bn : tensor<1x64xi32> -> tensor<32x64xi32>
  %b_off = arith.addi %bk_b, %bn_b : tensor<32x64xi32>
  %bs = tt.splat %b : !tt.ptr<f16> -> tensor<32x64x!tt.ptr<f16>>
  %b_ptrs = tt.addptr %bs, %b_off : tensor<32x64x!tt.ptr<f16>>, tensor<32x64xi32>
  %k1 = arith.addi %K, %c31 : i32
  %steps = arith.divsi %k1, %c32 : i32
  %res:3 = scf.for %k = %c0 to %steps step %c1 iter_args(%acc = %acc0, %ap = %a_ptrs, %bp = %b_ptrs) -> (tensor<64x64xf32>, tensor<64x32x!tt.ptr<f16>>, tensor<32x64x!tt.ptr<f16>>) : i32 {
    // mask = offs_k < K - k * 32
    %kk = arith.muli %k, %c32 : i32
    %left = arith.subi %K, %kk : i32
    %lefts_a = tt.splat %left : i32 -> tensor<1x32xi32>
    %ka = arith.cmpi slt, %ak, %lefts_a : tensor<1x32xi32>
    %mask_a = tt.broadcast %ka : tensor<1x32xi1> -> tensor<64x32xi1>
    // expected-remark @below {{no tensor map: dimension 0 wraps, and its elements past the tensor reach `tt.dot`, which sums over them}}
    %ta = tt.load %ap, %mask_a, %zero_a : tensor<64x32x!tt.ptr<f16>>
    %lefts_b = tt.splat %left : i32 -> tensor<32x1xi32>
    %kb = arith.cmpi slt, %bk, %lefts_b : tensor<32x1xi32>
    %mask_b = tt.broadcast %kb : tensor<32x1xi1> -> tensor<32x64xi1>
    // expected-remark @below {{tensor map over %arg1: dim 0 box 32, stride %arg7, start 0, advancing 32, masked at %arg5; dim 1 box 64, stride 1, start 64 * %1, wrapped at %arg4}}
    %tb = tt.load %bp, %mask_b, %zero_b : tensor<32x64x!tt.ptr<f16>>
    %d = tt.dot %ta, %tb, %acc : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
    %ap1 = tt.addptr %ap, %step_a : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
    %sb = arith.muli %stride_bk, %c32 : i32
    %sbs = tt.splat %sb : i32 -> tensor<32x64xi32>
    %bp1 = tt.addptr %bp, %sbs : tensor<32x64x!tt.ptr<f16>>, tensor<32x64xi32>
    scf.yield %d, %ap1, %bp1 : tensor<64x64xf32>, tensor<64x32x!tt.ptr<f16>>, tensor<32x64x!tt.ptr<f16>>
  }
  // c = leaky_relu(acc).to(f16), stored where offs_cm < M and offs_cn < N
  %cst = arith.constant dense<0.01> : tensor<64x64xf32>
  %scaled = arith.mulf %res#0, %cst : tensor<64x64xf32>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %pos = arith.cmpf oge, %res#0, %zero : tensor<64x64xf32>
  %act = arith.select %pos, %res#0, %scaled : tensor<64x64xi1>, tensor<64x64xf32>
  %out = arith.truncf %act : tensor<64x64xf32> to tensor<64x64xf16>
  %cm = tt.expand_dims %offs_m {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %scms = tt.splat %stride_cm : i32 -> tensor<64x1xi32>
  %cm_s = arith.muli %scms, %cm : tensor<64x1xi32>
  %cs = tt.splat %c : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>>
  %c_rows = tt.addptr %cs, %cm_s : tensor<64x1x!tt.ptr<f16>>, tensor<64x1xi32>
  %cn = tt.expand_dims %offs_n {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %c_rows_b = tt.broadcast %c_rows : tensor<64x1x!tt.ptr<f16>> -> tensor<64x64x!tt.ptr<f16>>
  %cn_b = tt.broadcast %cn : tensor<1x64xi32> -> tensor<64x64xi32>
  %c_ptrs = tt.addptr %c_rows_b, %cn_b : tensor<64x64x!tt.ptr<f16>>, tensor<64x64xi32>
  %Ms1 = tt.splat %M : i32 -> tensor<64x1xi32>
  %in_m = arith.cmpi slt, %cm, %Ms1 : tensor<64x1xi32>
  %Ns1 = tt.splat %N : i32 -> tensor<1x64xi32>
  %in_n = arith.cmpi slt, %cn, %Ns1 : tensor<1x64xi32>
  %in_m_b = tt.broadcast %in_m : tensor<64x1xi1> -> tensor<64x64xi1>
  %in_n_b = tt.broadcast %in_n : tensor<1x64xi1> -> tensor<64x64xi1>
  %c_mask = arith.andi %in_m_b, %in_n_b : tensor<64x64xi1>
  %ident = arith.constant dense<1.0> : tensor<64x64xf16>
  %mixed = tt.dot %ident, %out, %zero : tensor<64x64xf16> * tensor<64x64xf16> -> tensor<64x64xf32>
  %mixed16 = arith.truncf %mixed : tensor<64x64xf32> to tensor<64x64xf16>
  tt.store %c_ptrs, %mixed16, %c_mask : tensor<64x64x!tt.ptr<f16>>
  tt.return
}

// -----

// Must not fire for either: c's values become addresses.
tt.func @values_as_addresses(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %b: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %c: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %M: i32 {tt.divisibility = 16 : i32}, %N: i32 {tt.divisibility = 16 : i32}, %K: i32 {tt.divisibility = 16 : i32}, %stride_am: i32 {tt.divisibility = 16 : i32}, %stride_bk: i32 {tt.divisibility = 16 : i32}, %stride_cm: i32 {tt.divisibility = 16 : i32}) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %c64 = arith.constant 64 : i32
  %c31 = arith.constant 31 : i32
  %zero_a = arith.constant dense<0.0> : tensor<64x32xf16>
  %zero_b = arith.constant dense<0.0> : tensor<32x64xf16>
  %acc0 = arith.constant dense<0.0> : tensor<64x64xf32>
  %step_a = arith.constant dense<32> : tensor<64x32xi32>
  %pid_m = tt.get_program_id 0 : i32
  %pid_n = tt.get_program_id 1 : i32
  // offs_am = (pid_m * 64 + arange(64)) % M
  %row0 = arith.muli %pid_m, %c64 : i32
  %rows = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %row0s = tt.splat %row0 : i32 -> tensor<64xi32>
  %offs_m = arith.addi %row0s, %rows : tensor<64xi32>
  %Ms = tt.splat %M : i32 -> tensor<64xi32>
  %offs_am = arith.remsi %offs_m, %Ms : tensor<64xi32>
  // offs_bn = (pid_n * 64 + arange(64)) % N
  %col0 = arith.muli %pid_n, %c64 : i32
  %col0s = tt.splat %col0 : i32 -> tensor<64xi32>
  %offs_n = arith.addi %col0s, %rows : tensor<64xi32>
  %Ns = tt.splat %N : i32 -> tensor<64xi32>
  %offs_bn = arith.remsi %offs_n, %Ns : tensor<64xi32>
  %offs_k = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  // a_ptrs = a + offs_am[:, None] * stride_am + offs_k[None, :]
  %am = tt.expand_dims %offs_am {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %sams = tt.splat %stride_am : i32 -> tensor<64x1xi32>
  %am_s = arith.muli %am, %sams : tensor<64x1xi32>
  %ak = tt.expand_dims %offs_k {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %am_b = tt.broadcast %am_s : tensor<64x1xi32> -> tensor<64x32xi32>
  %ak_b = tt.broadcast %ak : tensor<1x32xi32> -> tensor<64x32xi32>
  %a_off = arith.addi %am_b, %ak_b : tensor<64x32xi32>
  %as = tt.splat %a : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>>
  %a_ptrs = tt.addptr %as, %a_off : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
  // b_ptrs = b + offs_k[:, None] * stride_bk + offs_bn[None, :]
  %bk = tt.expand_dims %offs_k {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %sbks = tt.splat %stride_bk : i32 -> tensor<32x1xi32>
  %bk_s = arith.muli %bk, %sbks : tensor<32x1xi32>
  %bn = tt.expand_dims %offs_bn {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %bk_b = tt.broadcast %bk_s : tensor<32x1xi32> -> tensor<32x64xi32>
  %bn_b = tt.broadcast %bn : tensor<1x64xi32> -> tensor<32x64xi32>
  %b_off = arith.addi %bk_b, %bn_b : tensor<32x64xi32>
  %bs = tt.splat %b : !tt.ptr<f16> -> tensor<32x64x!tt.ptr<f16>>
  %b_ptrs = tt.addptr %bs, %b_off : tensor<32x64x!tt.ptr<f16>>, tensor<32x64xi32>
  %k1 = arith.addi %K, %c31 : i32
  %steps = arith.divsi %k1, %c32 : i32
  %res:3 = scf.for %k = %c0 to %steps step %c1 iter_args(%acc = %acc0, %ap = %a_ptrs, %bp = %b_ptrs) -> (tensor<64x64xf32>, tensor<64x32x!tt.ptr<f16>>, tensor<32x64x!tt.ptr<f16>>) : i32 {
    // mask = offs_k < K - k * 32
    %kk = arith.muli %k, %c32 : i32
    %left = arith.subi %K, %kk : i32
    %lefts_a = tt.splat %left : i32 -> tensor<1x32xi32>
    %ka = arith.cmpi slt, %ak, %lefts_a : tensor<1x32xi32>
    %mask_a = tt.broadcast %ka : tensor<1x32xi1> -> tensor<64x32xi1>
    // expected-remark @below {{no tensor map: dimension 0 wraps, and its elements past the tensor reach `tt.addptr`, which may mix them with other elements}}
    %ta = tt.load %ap, %mask_a, %zero_a : tensor<64x32x!tt.ptr<f16>>
    %lefts_b = tt.splat %left : i32 -> tensor<32x1xi32>
    %kb = arith.cmpi slt, %bk, %lefts_b : tensor<32x1xi32>
    %mask_b = tt.broadcast %kb : tensor<32x1xi1> -> tensor<32x64xi1>
    // expected-remark @below {{no tensor map: dimension 1 wraps, and its elements past the tensor reach `tt.addptr`, which may mix them with other elements}}
    %tb = tt.load %bp, %mask_b, %zero_b : tensor<32x64x!tt.ptr<f16>>
    %d = tt.dot %ta, %tb, %acc : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
    %ap1 = tt.addptr %ap, %step_a : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
    %sb = arith.muli %stride_bk, %c32 : i32
    %sbs = tt.splat %sb : i32 -> tensor<32x64xi32>
    %bp1 = tt.addptr %bp, %sbs : tensor<32x64x!tt.ptr<f16>>, tensor<32x64xi32>
    scf.yield %d, %ap1, %bp1 : tensor<64x64xf32>, tensor<64x32x!tt.ptr<f16>>, tensor<32x64x!tt.ptr<f16>>
  }
  // c = leaky_relu(acc).to(f16), stored where offs_cm < M and offs_cn < N
  %cst = arith.constant dense<0.01> : tensor<64x64xf32>
  %scaled = arith.mulf %res#0, %cst : tensor<64x64xf32>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %pos = arith.cmpf oge, %res#0, %zero : tensor<64x64xf32>
  %act = arith.select %pos, %res#0, %scaled : tensor<64x64xi1>, tensor<64x64xf32>
  %out = arith.truncf %act : tensor<64x64xf32> to tensor<64x64xf16>
  %out_i = arith.fptosi %act : tensor<64x64xf32> to tensor<64x64xi32>
  %cm = tt.expand_dims %offs_m {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %scms = tt.splat %stride_cm : i32 -> tensor<64x1xi32>
  %cm_s = arith.muli %scms, %cm : tensor<64x1xi32>
  %cs = tt.splat %c : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>>
  %c_rows = tt.addptr %cs, %cm_s : tensor<64x1x!tt.ptr<f16>>, tensor<64x1xi32>
  %cn = tt.expand_dims %offs_n {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %c_rows_b = tt.broadcast %c_rows : tensor<64x1x!tt.ptr<f16>> -> tensor<64x64x!tt.ptr<f16>>
  %cn_b = tt.broadcast %cn : tensor<1x64xi32> -> tensor<64x64xi32>
  %c_ptrs = tt.addptr %c_rows_b, %cn_b : tensor<64x64x!tt.ptr<f16>>, tensor<64x64xi32>
  %Ms1 = tt.splat %M : i32 -> tensor<64x1xi32>
  %in_m = arith.cmpi slt, %cm, %Ms1 : tensor<64x1xi32>
  %Ns1 = tt.splat %N : i32 -> tensor<1x64xi32>
  %in_n = arith.cmpi slt, %cn, %Ns1 : tensor<1x64xi32>
  %in_m_b = tt.broadcast %in_m : tensor<64x1xi1> -> tensor<64x64xi1>
  %in_n_b = tt.broadcast %in_n : tensor<1x64xi1> -> tensor<64x64xi1>
  %c_mask = arith.andi %in_m_b, %in_n_b : tensor<64x64xi1>
  tt.store %c_ptrs, %out, %c_mask : tensor<64x64x!tt.ptr<f16>>
  %c_again = tt.addptr %c_ptrs, %out_i : tensor<64x64x!tt.ptr<f16>>, tensor<64x64xi32>
  tt.store %c_again, %out, %c_mask : tensor<64x64x!tt.ptr<f16>>
  tt.return
}

// -----

// A tile of rows that do not wrap: unchecked along them.
tt.func @rows_unchecked(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %K: i32 {tt.divisibility = 16 : i32}, %stride_am: i32 {tt.divisibility = 16 : i32}) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %c64 = arith.constant 64 : i32
  %zero_a = arith.constant dense<0.0> : tensor<64x32xf16>
  %step_a = arith.constant dense<32> : tensor<64x32xi32>
  %pid_m = tt.get_program_id 0 : i32
  %row0 = arith.muli %pid_m, %c64 : i32
  %rows = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %row0s = tt.splat %row0 : i32 -> tensor<64xi32>
  %offs_m = arith.addi %row0s, %rows : tensor<64xi32>
  %offs_k = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %am = tt.expand_dims %offs_m {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %sams = tt.splat %stride_am : i32 -> tensor<64x1xi32>
  %am_s = arith.muli %am, %sams : tensor<64x1xi32>
  %ak = tt.expand_dims %offs_k {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %am_b = tt.broadcast %am_s : tensor<64x1xi32> -> tensor<64x32xi32>
  %ak_b = tt.broadcast %ak : tensor<1x32xi32> -> tensor<64x32xi32>
  %a_off = arith.addi %am_b, %ak_b : tensor<64x32xi32>
  %as = tt.splat %a : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>>
  %a_ptrs = tt.addptr %as, %a_off : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
  scf.for %k = %c0 to %K step %c1 iter_args(%ap = %a_ptrs) -> (tensor<64x32x!tt.ptr<f16>>) : i32 {
    %kk = arith.muli %k, %c32 : i32
    %left = arith.subi %K, %kk : i32
    %lefts_a = tt.splat %left : i32 -> tensor<1x32xi32>
    %ka = arith.cmpi slt, %ak, %lefts_a : tensor<1x32xi32>
    %mask_a = tt.broadcast %ka : tensor<1x32xi1> -> tensor<64x32xi1>
    // expected-remark @below {{tensor map over %arg0: dim 0 box 64, stride %arg2, start 64 * %0, unchecked; dim 1 box 32, stride 1, start 0, advancing 32, masked at %arg1}}
    %ta = tt.load %ap, %mask_a, %zero_a : tensor<64x32x!tt.ptr<f16>>
    %ap1 = tt.addptr %ap, %step_a : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
    scf.yield %ap1 : tensor<64x32x!tt.ptr<f16>>
  }
  tt.return
}

// -----

// Must not fire: masked-off elements read 1.
tt.func @other_not_zero(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %K: i32 {tt.divisibility = 16 : i32}, %stride_am: i32 {tt.divisibility = 16 : i32}) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %c64 = arith.constant 64 : i32
  %zero_a = arith.constant dense<1.0> : tensor<64x32xf16>
  %step_a = arith.constant dense<32> : tensor<64x32xi32>
  %pid_m = tt.get_program_id 0 : i32
  %row0 = arith.muli %pid_m, %c64 : i32
  %rows = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %row0s = tt.splat %row0 : i32 -> tensor<64xi32>
  %offs_m = arith.addi %row0s, %rows : tensor<64xi32>
  %offs_k = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %am = tt.expand_dims %offs_m {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %sams = tt.splat %stride_am : i32 -> tensor<64x1xi32>
  %am_s = arith.muli %am, %sams : tensor<64x1xi32>
  %ak = tt.expand_dims %offs_k {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %am_b = tt.broadcast %am_s : tensor<64x1xi32> -> tensor<64x32xi32>
  %ak_b = tt.broadcast %ak : tensor<1x32xi32> -> tensor<64x32xi32>
  %a_off = arith.addi %am_b, %ak_b : tensor<64x32xi32>
  %as = tt.splat %a : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>>
  %a_ptrs = tt.addptr %as, %a_off : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
  scf.for %k = %c0 to %K step %c1 iter_args(%ap = %a_ptrs) -> (tensor<64x32x!tt.ptr<f16>>) : i32 {
    %kk = arith.muli %k, %c32 : i32
    %left = arith.subi %K, %kk : i32
    %lefts_a = tt.splat %left : i32 -> tensor<1x32xi32>
    %ka = arith.cmpi slt, %ak, %lefts_a : tensor<1x32xi32>
    %mask_a = tt.broadcast %ka : tensor<1x32xi1> -> tensor<64x32xi1>
    // expected-remark @below {{no tensor map: masked-off elements read a value other than 0}}
    %ta = tt.load %ap, %mask_a, %zero_a : tensor<64x32x!tt.ptr<f16>>
    %ap1 = tt.addptr %ap, %step_a : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
    scf.yield %ap1 : tensor<64x32x!tt.ptr<f16>>
  }
  tt.return
}

// -----

// Must not fire: the row stride is only known to be even.
tt.func @stride_not_16_bytes(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %K: i32 {tt.divisibility = 16 : i32}, %stride_am: i32 {tt.divisibility = 2 : i32}) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %c64 = arith.constant 64 : i32
  %zero_a = arith.constant dense<0.0> : tensor<64x32xf16>
  %step_a = arith.constant dense<32> : tensor<64x32xi32>
  %pid_m = tt.get_program_id 0 : i32
  %row0 = arith.muli %pid_m, %c64 : i32
  %rows = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %row0s = tt.splat %row0 : i32 -> tensor<64xi32>
  %offs_m = arith.addi %row0s, %rows : tensor<64xi32>
  %offs_k = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %am = tt.expand_dims %offs_m {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %sams = tt.splat %stride_am : i32 -> tensor<64x1xi32>
  %am_s = arith.muli %am, %sams : tensor<64x1xi32>
  %ak = tt.expand_dims %offs_k {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %am_b = tt.broadcast %am_s : tensor<64x1xi32> -> tensor<64x32xi32>
  %ak_b = tt.broadcast %ak : tensor<1x32xi32> -> tensor<64x32xi32>
  %a_off = arith.addi %am_b, %ak_b : tensor<64x32xi32>
  %as = tt.splat %a : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>>
  %a_ptrs = tt.addptr %as, %a_off : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
  scf.for %k = %c0 to %K step %c1 iter_args(%ap = %a_ptrs) -> (tensor<64x32x!tt.ptr<f16>>) : i32 {
    %kk = arith.muli %k, %c32 : i32
    %left = arith.subi %K, %kk : i32
    %lefts_a = tt.splat %left : i32 -> tensor<1x32xi32>
    %ka = arith.cmpi slt, %ak, %lefts_a : tensor<1x32xi32>
    %mask_a = tt.broadcast %ka : tensor<1x32xi1> -> tensor<64x32xi1>
    // expected-remark @below {{no tensor map: dimension 0's stride is not known to be a multiple of 16 bytes}}
    %ta = tt.load %ap, %mask_a, %zero_a : tensor<64x32x!tt.ptr<f16>>
    %ap1 = tt.addptr %ap, %step_a : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
    scf.yield %ap1 : tensor<64x32x!tt.ptr<f16>>
  }
  tt.return
}

// -----

// Must not fire: the base is only known to be 2-byte aligned.
tt.func @base_not_aligned(%a: !tt.ptr<f16>, %K: i32 {tt.divisibility = 16 : i32}, %stride_am: i32 {tt.divisibility = 16 : i32}) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %c64 = arith.constant 64 : i32
  %zero_a = arith.constant dense<0.0> : tensor<64x32xf16>
  %step_a = arith.constant dense<32> : tensor<64x32xi32>
  %pid_m = tt.get_program_id 0 : i32
  %row0 = arith.muli %pid_m, %c64 : i32
  %rows = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %row0s = tt.splat %row0 : i32 -> tensor<64xi32>
  %offs_m = arith.addi %row0s, %rows : tensor<64xi32>
  %offs_k = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %am = tt.expand_dims %offs_m {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %sams = tt.splat %stride_am : i32 -> tensor<64x1xi32>
  %am_s = arith.muli %am, %sams : tensor<64x1xi32>
  %ak = tt.expand_dims %offs_k {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %am_b = tt.broadcast %am_s : tensor<64x1xi32> -> tensor<64x32xi32>
  %ak_b = tt.broadcast %ak : tensor<1x32xi32> -> tensor<64x32xi32>
  %a_off = arith.addi %am_b, %ak_b : tensor<64x32xi32>
  %as = tt.splat %a : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>>
  %a_ptrs = tt.addptr %as, %a_off : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
  scf.for %k = %c0 to %K step %c1 iter_args(%ap = %a_ptrs) -> (tensor<64x32x!tt.ptr<f16>>) : i32 {
    %kk = arith.muli %k, %c32 : i32
    %left = arith.subi %K, %kk : i32
    %lefts_a = tt.splat %left : i32 -> tensor<1x32xi32>
    %ka = arith.cmpi slt, %ak, %lefts_a : tensor<1x32xi32>
    %mask_a = tt.broadcast %ka : tensor<1x32xi1> -> tensor<64x32xi1>
    // expected-remark @below {{no tensor map: the base pointer is not known to be 16-byte aligned}}
    %ta = tt.load %ap, %mask_a, %zero_a : tensor<64x32x!tt.ptr<f16>>
    %ap1 = tt.addptr %ap, %step_a : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
    scf.yield %ap1 : tensor<64x32x!tt.ptr<f16>>
  }
  tt.return
}

// -----

// Must not fire: the mask stays at K while the pointers advance.
tt.func @mask_does_not_move(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %K: i32 {tt.divisibility = 16 : i32}, %stride_am: i32 {tt.divisibility = 16 : i32}) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %c64 = arith.constant 64 : i32
  %zero_a = arith.constant dense<0.0> : tensor<64x32xf16>
  %step_a = arith.constant dense<32> : tensor<64x32xi32>
  %pid_m = tt.get_program_id 0 : i32
  %row0 = arith.muli %pid_m, %c64 : i32
  %rows = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %row0s = tt.splat %row0 : i32 -> tensor<64xi32>
  %offs_m = arith.addi %row0s, %rows : tensor<64xi32>
  %offs_k = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %am = tt.expand_dims %offs_m {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %sams = tt.splat %stride_am : i32 -> tensor<64x1xi32>
  %am_s = arith.muli %am, %sams : tensor<64x1xi32>
  %ak = tt.expand_dims %offs_k {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %am_b = tt.broadcast %am_s : tensor<64x1xi32> -> tensor<64x32xi32>
  %ak_b = tt.broadcast %ak : tensor<1x32xi32> -> tensor<64x32xi32>
  %a_off = arith.addi %am_b, %ak_b : tensor<64x32xi32>
  %as = tt.splat %a : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>>
  %a_ptrs = tt.addptr %as, %a_off : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
  scf.for %k = %c0 to %K step %c1 iter_args(%ap = %a_ptrs) -> (tensor<64x32x!tt.ptr<f16>>) : i32 {
    %kk = arith.muli %k, %c32 : i32
    %left = arith.subi %K, %kk : i32
    %lefts_a = tt.splat %K : i32 -> tensor<1x32xi32>
    %ka = arith.cmpi slt, %ak, %lefts_a : tensor<1x32xi32>
    %mask_a = tt.broadcast %ka : tensor<1x32xi1> -> tensor<64x32xi1>
    // expected-remark @below {{no tensor map: dimension 1's mask does not bound it by a size that is a kernel argument or a constant}}
    %ta = tt.load %ap, %mask_a, %zero_a : tensor<64x32x!tt.ptr<f16>>
    %ap1 = tt.addptr %ap, %step_a : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
    scf.yield %ap1 : tensor<64x32x!tt.ptr<f16>>
  }
  tt.return
}

// -----

// Must not fire: the mask moves by 16 a step, the pointers by 32.
tt.func @mask_moves_slower(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %K: i32 {tt.divisibility = 16 : i32}, %stride_am: i32 {tt.divisibility = 16 : i32}) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %c64 = arith.constant 64 : i32
  %zero_a = arith.constant dense<0.0> : tensor<64x32xf16>
  %step_a = arith.constant dense<32> : tensor<64x32xi32>
  %pid_m = tt.get_program_id 0 : i32
  %row0 = arith.muli %pid_m, %c64 : i32
  %rows = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %row0s = tt.splat %row0 : i32 -> tensor<64xi32>
  %offs_m = arith.addi %row0s, %rows : tensor<64xi32>
  %offs_k = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %am = tt.expand_dims %offs_m {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %sams = tt.splat %stride_am : i32 -> tensor<64x1xi32>
  %am_s = arith.muli %am, %sams : tensor<64x1xi32>
  %ak = tt.expand_dims %offs_k {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %am_b = tt.broadcast %am_s : tensor<64x1xi32> -> tensor<64x32xi32>
  %ak_b = tt.broadcast %ak : tensor<1x32xi32> -> tensor<64x32xi32>
  %a_off = arith.addi %am_b, %ak_b : tensor<64x32xi32>
  %as = tt.splat %a : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>>
  %a_ptrs = tt.addptr %as, %a_off : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
  scf.for %k = %c0 to %K step %c1 iter_args(%ap = %a_ptrs) -> (tensor<64x32x!tt.ptr<f16>>) : i32 {
    %c16 = arith.constant 16 : i32
    %kk = arith.muli %k, %c16 : i32
    %left = arith.subi %K, %kk : i32
    %lefts_a = tt.splat %left : i32 -> tensor<1x32xi32>
    %ka = arith.cmpi slt, %ak, %lefts_a : tensor<1x32xi32>
    %mask_a = tt.broadcast %ka : tensor<1x32xi1> -> tensor<64x32xi1>
    // expected-remark @below {{no tensor map: dimension 1's mask does not bound it by a size that is a kernel argument or a constant}}
    %ta = tt.load %ap, %mask_a, %zero_a : tensor<64x32x!tt.ptr<f16>>
    %ap1 = tt.addptr %ap, %step_a : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
    scf.yield %ap1 : tensor<64x32x!tt.ptr<f16>>
  }
  tt.return
}

// -----

// Must not fire: a step of 2 (the mask's bound is not linear in the
// iteration).
tt.func @loop_step_two(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %K: i32 {tt.divisibility = 16 : i32}, %stride_am: i32 {tt.divisibility = 16 : i32}) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %c64 = arith.constant 64 : i32
  %zero_a = arith.constant dense<0.0> : tensor<64x32xf16>
  %step_a = arith.constant dense<32> : tensor<64x32xi32>
  %pid_m = tt.get_program_id 0 : i32
  %row0 = arith.muli %pid_m, %c64 : i32
  %rows = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %row0s = tt.splat %row0 : i32 -> tensor<64xi32>
  %offs_m = arith.addi %row0s, %rows : tensor<64xi32>
  %offs_k = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %am = tt.expand_dims %offs_m {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %sams = tt.splat %stride_am : i32 -> tensor<64x1xi32>
  %am_s = arith.muli %am, %sams : tensor<64x1xi32>
  %ak = tt.expand_dims %offs_k {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %am_b = tt.broadcast %am_s : tensor<64x1xi32> -> tensor<64x32xi32>
  %ak_b = tt.broadcast %ak : tensor<1x32xi32> -> tensor<64x32xi32>
  %a_off = arith.addi %am_b, %ak_b : tensor<64x32xi32>
  %as = tt.splat %a : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>>
  %a_ptrs = tt.addptr %as, %a_off : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
  %c2 = arith.constant 2 : i32
  scf.for %k = %c0 to %K step %c2 iter_args(%ap = %a_ptrs) -> (tensor<64x32x!tt.ptr<f16>>) : i32 {
    %kk = arith.muli %k, %c32 : i32
    %left = arith.subi %K, %kk : i32
    %lefts_a = tt.splat %left : i32 -> tensor<1x32xi32>
    %ka = arith.cmpi slt, %ak, %lefts_a : tensor<1x32xi32>
    %mask_a = tt.broadcast %ka : tensor<1x32xi1> -> tensor<64x32xi1>
    // expected-remark @below {{no tensor map: the mask's bound moves with a loop whose step is not 1}}
    %ta = tt.load %ap, %mask_a, %zero_a : tensor<64x32x!tt.ptr<f16>>
    %ap1 = tt.addptr %ap, %step_a : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
    scf.yield %ap1 : tensor<64x32x!tt.ptr<f16>>
  }
  tt.return
}

// -----

// Must not fire: the last dimension's elements are 2 apart.
tt.func @last_stride_two(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %K: i32 {tt.divisibility = 16 : i32}, %stride_am: i32 {tt.divisibility = 16 : i32}) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %c64 = arith.constant 64 : i32
  %zero_a = arith.constant dense<0.0> : tensor<64x32xf16>
  %step_a = arith.constant dense<32> : tensor<64x32xi32>
  %pid_m = tt.get_program_id 0 : i32
  %row0 = arith.muli %pid_m, %c64 : i32
  %rows = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %row0s = tt.splat %row0 : i32 -> tensor<64xi32>
  %offs_m = arith.addi %row0s, %rows : tensor<64xi32>
  %offs_k = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %am = tt.expand_dims %offs_m {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %sams = tt.splat %stride_am : i32 -> tensor<64x1xi32>
  %am_s = arith.muli %am, %sams : tensor<64x1xi32>
  %ak = tt.expand_dims %offs_k {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %am_b = tt.broadcast %am_s : tensor<64x1xi32> -> tensor<64x32xi32>
  %ak_b = tt.broadcast %ak : tensor<1x32xi32> -> tensor<64x32xi32>
  %two = arith.constant dense<2> : tensor<64x32xi32>
  %ak_2 = arith.muli %ak_b, %two : tensor<64x32xi32>
  %a_off = arith.addi %am_b, %ak_2 : tensor<64x32xi32>
  %as = tt.splat %a : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>>
  %a_ptrs = tt.addptr %as, %a_off : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
  scf.for %k = %c0 to %K step %c1 iter_args(%ap = %a_ptrs) -> (tensor<64x32x!tt.ptr<f16>>) : i32 {
    %kk = arith.muli %k, %c32 : i32
    %left = arith.subi %K, %kk : i32
    %lefts_a = tt.splat %left : i32 -> tensor<1x32xi32>
    %ka = arith.cmpi slt, %ak, %lefts_a : tensor<1x32xi32>
    %mask_a = tt.broadcast %ka : tensor<1x32xi1> -> tensor<64x32xi1>
    // expected-remark @below {{no tensor map: the last dimension's stride is not 1}}
    %ta = tt.load %ap, %mask_a, %zero_a : tensor<64x32x!tt.ptr<f16>>
    %ap1 = tt.addptr %ap, %step_a : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
    scf.yield %ap1 : tensor<64x32x!tt.ptr<f16>>
  }
  tt.return
}

// -----

// Must not fire: every row reads the same addresses.
tt.func @rows_share_addresses(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %K: i32 {tt.divisibility = 16 : i32}, %stride_am: i32 {tt.divisibility = 16 : i32}) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %c64 = arith.constant 64 : i32
  %zero_a = arith.constant dense<0.0> : tensor<64x32xf16>
  %step_a = arith.constant dense<32> : tensor<64x32xi32>
  %pid_m = tt.get_program_id 0 : i32
  %row0 = arith.muli %pid_m, %c64 : i32
  %rows = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %row0s = tt.splat %row0 : i32 -> tensor<64xi32>
  %offs_m = arith.addi %row0s, %rows : tensor<64xi32>
  %offs_k = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %am = tt.expand_dims %offs_m {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %sams = tt.splat %stride_am : i32 -> tensor<64x1xi32>
  %am_s = arith.muli %am, %sams : tensor<64x1xi32>
  %ak = tt.expand_dims %offs_k {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %am_b = tt.broadcast %am_s : tensor<64x1xi32> -> tensor<64x32xi32>
  %ak_b = tt.broadcast %ak : tensor<1x32xi32> -> tensor<64x32xi32>
  %a_off = arith.addi %ak_b, %ak_b : tensor<64x32xi32>
  %as = tt.splat %a : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>>
  %a_ptrs = tt.addptr %as, %a_off : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
  scf.for %k = %c0 to %K step %c1 iter_args(%ap = %a_ptrs) -> (tensor<64x32x!tt.ptr<f16>>) : i32 {
    %kk = arith.muli %k, %c32 : i32
    %left = arith.subi %K, %kk : i32
    %lefts_a = tt.splat %left : i32 -> tensor<1x32xi32>
    %ka = arith.cmpi slt, %ak, %lefts_a : tensor<1x32xi32>
    %mask_a = tt.broadcast %ka : tensor<1x32xi1> -> tensor<64x32xi1>
    // expected-remark @below {{no tensor map: dimension 0 has no index vector (its elements share addresses)}}
    %ta = tt.load %ap, %mask_a, %zero_a : tensor<64x32x!tt.ptr<f16>>
    %ap1 = tt.addptr %ap, %step_a : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
    scf.yield %ap1 : tensor<64x32x!tt.ptr<f16>>
  }
  tt.return
}

// -----

// Must not fire: an offset added to every element moves the box off the
// base.
tt.func @uniform_offset(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %K: i32 {tt.divisibility = 16 : i32}, %stride_am: i32 {tt.divisibility = 16 : i32}) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %c64 = arith.constant 64 : i32
  %zero_a = arith.constant dense<0.0> : tensor<64x32xf16>
  %step_a = arith.constant dense<32> : tensor<64x32xi32>
  %pid_m = tt.get_program_id 0 : i32
  %row0 = arith.muli %pid_m, %c64 : i32
  %rows = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %row0s = tt.splat %row0 : i32 -> tensor<64xi32>
  %offs_m = arith.addi %row0s, %rows : tensor<64xi32>
  %offs_k = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %am = tt.expand_dims %offs_m {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %sams = tt.splat %stride_am : i32 -> tensor<64x1xi32>
  %am_s = arith.muli %am, %sams : tensor<64x1xi32>
  %ak = tt.expand_dims %offs_k {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %am_b = tt.broadcast %am_s : tensor<64x1xi32> -> tensor<64x32xi32>
  %ak_b = tt.broadcast %ak : tensor<1x32xi32> -> tensor<64x32xi32>
  %a_off = arith.addi %am_b, %ak_b : tensor<64x32xi32>
  %as = tt.splat %a : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>>
  %a_ptrs0 = tt.addptr %as, %a_off : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
  %shift = tt.splat %K : i32 -> tensor<64x32xi32>
  %a_ptrs = tt.addptr %a_ptrs0, %shift : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
  scf.for %k = %c0 to %K step %c1 iter_args(%ap = %a_ptrs) -> (tensor<64x32x!tt.ptr<f16>>) : i32 {
    %kk = arith.muli %k, %c32 : i32
    %left = arith.subi %K, %kk : i32
    %lefts_a = tt.splat %left : i32 -> tensor<1x32xi32>
    %ka = arith.cmpi slt, %ak, %lefts_a : tensor<1x32xi32>
    %mask_a = tt.broadcast %ka : tensor<1x32xi1> -> tensor<64x32xi1>
    // expected-remark @below {{no tensor map: an offset is added to every element (the box would not start at the base pointer)}}
    %ta = tt.load %ap, %mask_a, %zero_a : tensor<64x32x!tt.ptr<f16>>
    %ap1 = tt.addptr %ap, %step_a : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
    scf.yield %ap1 : tensor<64x32x!tt.ptr<f16>>
  }
  tt.return
}

// -----

// Must not fire: the loop advances each element by its own offset.
tt.func @advance_per_element(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %K: i32 {tt.divisibility = 16 : i32}, %stride_am: i32 {tt.divisibility = 16 : i32}) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %c64 = arith.constant 64 : i32
  %zero_a = arith.constant dense<0.0> : tensor<64x32xf16>
  %step_a = arith.constant dense<32> : tensor<64x32xi32>
  %pid_m = tt.get_program_id 0 : i32
  %row0 = arith.muli %pid_m, %c64 : i32
  %rows = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %row0s = tt.splat %row0 : i32 -> tensor<64xi32>
  %offs_m = arith.addi %row0s, %rows : tensor<64xi32>
  %offs_k = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %am = tt.expand_dims %offs_m {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %sams = tt.splat %stride_am : i32 -> tensor<64x1xi32>
  %am_s = arith.muli %am, %sams : tensor<64x1xi32>
  %ak = tt.expand_dims %offs_k {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %am_b = tt.broadcast %am_s : tensor<64x1xi32> -> tensor<64x32xi32>
  %ak_b = tt.broadcast %ak : tensor<1x32xi32> -> tensor<64x32xi32>
  %a_off = arith.addi %am_b, %ak_b : tensor<64x32xi32>
  %as = tt.splat %a : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>>
  %a_ptrs = tt.addptr %as, %a_off : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
  scf.for %k = %c0 to %K step %c1 iter_args(%ap = %a_ptrs) -> (tensor<64x32x!tt.ptr<f16>>) : i32 {
    %kk = arith.muli %k, %c32 : i32
    %left = arith.subi %K, %kk : i32
    %lefts_a = tt.splat %left : i32 -> tensor<1x32xi32>
    %ka = arith.cmpi slt, %ak, %lefts_a : tensor<1x32xi32>
    %mask_a = tt.broadcast %ka : tensor<1x32xi1> -> tensor<64x32xi1>
    // expected-remark @below {{no tensor map: the loop does not advance the pointers by one offset for all elements}}
    %ta = tt.load %ap, %mask_a, %zero_a : tensor<64x32x!tt.ptr<f16>>
    %ap1 = tt.addptr %ap, %a_off : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
    scf.yield %ap1 : tensor<64x32x!tt.ptr<f16>>
  }
  tt.return
}

// -----

// Must not fire: the mask bounds a dimension that also wraps.
tt.func @masked_and_wrapped(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %K: i32 {tt.divisibility = 16 : i32}, %stride_am: i32 {tt.divisibility = 16 : i32}) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %c64 = arith.constant 64 : i32
  %zero_a = arith.constant dense<0.0> : tensor<64x32xf16>
  %step_a = arith.constant dense<32> : tensor<64x32xi32>
  %pid_m = tt.get_program_id 0 : i32
  %row0 = arith.muli %pid_m, %c64 : i32
  %rows = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %row0s = tt.splat %row0 : i32 -> tensor<64xi32>
  %offs_m = arith.addi %row0s, %rows : tensor<64xi32>
  %offs_k = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %Ks = tt.splat %K : i32 -> tensor<64xi32>
  %wrapped = arith.remsi %offs_m, %Ks : tensor<64xi32>
  %am = tt.expand_dims %wrapped {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %sams = tt.splat %stride_am : i32 -> tensor<64x1xi32>
  %am_s = arith.muli %am, %sams : tensor<64x1xi32>
  %ak = tt.expand_dims %offs_k {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %am_b = tt.broadcast %am_s : tensor<64x1xi32> -> tensor<64x32xi32>
  %ak_b = tt.broadcast %ak : tensor<1x32xi32> -> tensor<64x32xi32>
  %a_off = arith.addi %am_b, %ak_b : tensor<64x32xi32>
  %as = tt.splat %a : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>>
  %a_ptrs = tt.addptr %as, %a_off : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
  scf.for %k = %c0 to %K step %c1 iter_args(%ap = %a_ptrs) -> (tensor<64x32x!tt.ptr<f16>>) : i32 {
    %kk = arith.muli %k, %c32 : i32
    %left = arith.subi %K, %kk : i32
    %lefts_a = tt.splat %left : i32 -> tensor<1x32xi32>
    %ka = arith.cmpi slt, %ak, %lefts_a : tensor<1x32xi32>
    %kr = tt.splat %K : i32 -> tensor<64x1xi32>
    %rm = tt.expand_dims %offs_m {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %kr1 = arith.cmpi slt, %rm, %kr : tensor<64x1xi32>
    %kr2 = tt.broadcast %kr1 : tensor<64x1xi1> -> tensor<64x32xi1>
    %ka2 = tt.broadcast %ka : tensor<1x32xi1> -> tensor<64x32xi1>
    %mask_a = arith.andi %kr2, %ka2 : tensor<64x32xi1>
    // expected-remark @below {{no tensor map: dimension 0 is bounded twice (by two masks, or a mask and a wrap)}}
    %ta = tt.load %ap, %mask_a, %zero_a : tensor<64x32x!tt.ptr<f16>>
    %ap1 = tt.addptr %ap, %step_a : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
    scf.yield %ap1 : tensor<64x32x!tt.ptr<f16>>
  }
  tt.return
}

// -----

// 1-D blocks, bounded by the mask or by nothing; a block whose
// start moves with the loop's index instead of a carried pointer.
tt.func @one_dimension(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c128 = arith.constant 128 : i32
  %pid = tt.get_program_id 0 : i32
  %start = arith.muli %pid, %c128 : i32
  %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %starts = tt.splat %start : i32 -> tensor<128xi32>
  %offs = arith.addi %starts, %r : tensor<128xi32>
  %ns = tt.splat %n : i32 -> tensor<128xi32>
  %in = arith.cmpi slt, %offs, %ns : tensor<128xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %ptrs = tt.addptr %xs, %offs : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  // expected-remark @below {{tensor map over %arg0: dim 0 box 128, stride 1, start 128 * %0, masked at %arg1}}
  %masked = tt.load %ptrs, %in : tensor<128x!tt.ptr<f32>>
  // expected-remark @below {{tensor map over %arg0: dim 0 box 128, stride 1, start 128 * %0, unchecked}}
  %all = tt.load %ptrs : tensor<128x!tt.ptr<f32>>
  // Must not fire: the block starts 4 bytes past a 16-byte boundary.
  %c1 = arith.constant dense<1> : tensor<128xi32>
  %shifted = arith.addi %offs, %c1 : tensor<128xi32>
  %sptrs = tt.addptr %xs, %shifted : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  // expected-remark @below {{no tensor map: the block's first element along the last dimension is not known to be 16-byte aligned}}
  %unaligned = tt.load %sptrs : tensor<128x!tt.ptr<f32>>
  scf.for %k = %c0 to %n step %c128 : i32 {
    %ks = tt.splat %k : i32 -> tensor<128xi32>
    %koffs = arith.addi %ks, %r : tensor<128xi32>
    %kin = arith.cmpi slt, %koffs, %ns : tensor<128xi32>
    %kptrs = tt.addptr %xs, %koffs : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    // expected-remark @below {{tensor map over %arg0: dim 0 box 128, stride 1, start %arg2, masked at %arg1}}
    %v = tt.load %kptrs, %kin : tensor<128x!tt.ptr<f32>>
  }
  tt.return
}

// -----

// Must not fire: the loop moves the pointers 4 halves (8 bytes) a step.
tt.func @advance_not_16_bytes(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %K: i32 {tt.divisibility = 16 : i32}, %stride_am: i32 {tt.divisibility = 16 : i32}) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %c64 = arith.constant 64 : i32
  %zero_a = arith.constant dense<0.0> : tensor<64x32xf16>
  %step_a = arith.constant dense<4> : tensor<64x32xi32>
  %pid_m = tt.get_program_id 0 : i32
  %row0 = arith.muli %pid_m, %c64 : i32
  %rows = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %row0s = tt.splat %row0 : i32 -> tensor<64xi32>
  %offs_m = arith.addi %row0s, %rows : tensor<64xi32>
  %offs_k = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %am = tt.expand_dims %offs_m {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %sams = tt.splat %stride_am : i32 -> tensor<64x1xi32>
  %am_s = arith.muli %am, %sams : tensor<64x1xi32>
  %ak = tt.expand_dims %offs_k {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %am_b = tt.broadcast %am_s : tensor<64x1xi32> -> tensor<64x32xi32>
  %ak_b = tt.broadcast %ak : tensor<1x32xi32> -> tensor<64x32xi32>
  %a_off = arith.addi %am_b, %ak_b : tensor<64x32xi32>
  %as = tt.splat %a : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>>
  %a_ptrs = tt.addptr %as, %a_off : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
  scf.for %k = %c0 to %K step %c1 iter_args(%ap = %a_ptrs) -> (tensor<64x32x!tt.ptr<f16>>) : i32 {
    %kk = arith.muli %k, %c32 : i32
    %left = arith.subi %K, %kk : i32
    %lefts_a = tt.splat %left : i32 -> tensor<1x32xi32>
    %ka = arith.cmpi slt, %ak, %lefts_a : tensor<1x32xi32>
    %mask_a = tt.broadcast %ka : tensor<1x32xi1> -> tensor<64x32xi1>
    // expected-remark @below {{no tensor map: the loop advances the last dimension by a step that is not a multiple of 16 bytes}}
    %ta = tt.load %ap, %mask_a, %zero_a : tensor<64x32x!tt.ptr<f16>>
    %ap1 = tt.addptr %ap, %step_a : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
    scf.yield %ap1 : tensor<64x32x!tt.ptr<f16>>
  }
  tt.return
}
