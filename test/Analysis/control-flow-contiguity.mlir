// ContiguityAnalysis inside scf loops and branches: an scf.for induction
// variable is a uniform scalar whose divisibility is that of its lower bound
// and step together (iv = lb + k * step); iter_args and the results of loops
// and branches get the conservative defaults (unknown stride, divisibility
// 1, or the pointee's size for pointers); values computed inside a region
// from values outside keep their facts.
// RUN: mytriton-test-opt --test-contiguity --verify-diagnostics -split-input-file %s

// Tutorial 02's persistent row loop: `for row in tl.range(pid, n_rows,
// nprog)` with a specialized row stride. The row start is a uniform scalar,
// so its splat plus the lane range is contiguous, aligned by the stride.
tt.func @row_loop(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %stride: i32 {tt.divisibility = 16 : i32}, %rows: i32) attributes {block_size = 128 : i32} {
  // expected-remark @+1 {{divisibility 1}}
  %pid = tt.get_program_id 0 : i32
  // expected-remark @+1 {{divisibility 1}}
  %c1 = arith.constant 1 : i32
  // expected-remark @+1 {{lane stride 1, divisibility 1073741824, constancy 1}}
  %cols = tt.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  scf.for %row = %pid to %rows step %c1 : i32 {
    // expected-remark @+1 {{divisibility 16}}
    %start = arith.muli %row, %stride : i32
    // expected-remark @+1 {{divisibility 16}}
    %rowptr = tt.addptr %x, %start : !tt.ptr<f32>, i32
    // expected-remark @+1 {{lane stride 0, divisibility 16, constancy 128}}
    %base = tt.splat %rowptr : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    // expected-remark @+1 {{lane stride 1, divisibility 16, constancy 1}}
    %ptrs = tt.addptr %base, %cols : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    // expected-remark @+1 {{lane stride unknown, constancy 1}}
    %v = tt.load %ptrs : tensor<128x!tt.ptr<f32>>
    tt.store %ptrs, %v : tensor<128x!tt.ptr<f32>>
  }
  tt.return
}

// -----

// Layer norm's column loop: `for off in range(0, N, BLOCK)`. The offset is
// a multiple of the block, so `off + arange` is contiguous and aligned to
// 256 elements, and the mask `cols < n` (n specialized to 16) is constant
// over groups of 16 lanes.
tt.func @column_loop(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) attributes {block_size = 256 : i32} {
  // expected-remark @+1 {{divisibility 1073741824}}
  %c0 = arith.constant 0 : i32
  // expected-remark @+1 {{divisibility 256}}
  %c256 = arith.constant 256 : i32
  // expected-remark @+1 {{lane stride 1, divisibility 1073741824, constancy 1}}
  %lanes = tt.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  // expected-remark @+1 {{lane stride 0, divisibility 16, constancy 256}}
  %ns = tt.splat %n : i32 -> tensor<256xi32>
  // expected-remark @+1 {{lane stride 0, divisibility 16, constancy 256}}
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  scf.for %off = %c0 to %n step %c256 : i32 {
    // expected-remark @+1 {{lane stride 0, divisibility 256, constancy 256}}
    %offs = tt.splat %off : i32 -> tensor<256xi32>
    // expected-remark @+1 {{lane stride 1, divisibility 256, constancy 1}}
    %cols = arith.addi %offs, %lanes : tensor<256xi32>
    // expected-remark @+1 {{lane stride unknown, constancy 16}}
    %mask = arith.cmpi slt, %cols, %ns : tensor<256xi32>
    // expected-remark @+1 {{lane stride 1, divisibility 16, constancy 1}}
    %ptrs = tt.addptr %xs, %cols : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    // expected-remark @+1 {{lane stride unknown, constancy 1}}
    %v = tt.load %ptrs, %mask : tensor<256x!tt.ptr<f32>>
    tt.store %ptrs, %v, %mask : tensor<256x!tt.ptr<f32>>
  }
  tt.return
}

// -----

// The induction variable's divisibility: the largest power of two dividing
// both the lower bound and the step, constant or specialized.
tt.func @induction_divisibility(%step: i32 {tt.divisibility = 16 : i32}, %n: i32) attributes {block_size = 32 : i32} {
  // expected-remark @+1 {{divisibility 1073741824}}
  %c0 = arith.constant 0 : i32
  // expected-remark @+1 {{divisibility 1}}
  %c3 = arith.constant 3 : i32
  // expected-remark @+1 {{divisibility 4}}
  %c4 = arith.constant 4 : i32
  // expected-remark @+1 {{divisibility 8}}
  %c8 = arith.constant 8 : i32
  // expected-remark @+1 {{divisibility 4}}
  %c12 = arith.constant 12 : i32
  scf.for %i = %c0 to %n step %step : i32 {
    // expected-remark @+1 {{lane stride 0, divisibility 16, constancy 32}}
    %s = tt.splat %i : i32 -> tensor<32xi32>
  }
  // 3 + 4k: odd, even, odd...
  scf.for %i = %c3 to %n step %c4 : i32 {
    // expected-remark @+1 {{lane stride 0, divisibility 1, constancy 32}}
    %s = tt.splat %i : i32 -> tensor<32xi32>
  }
  // 8 + 12k: multiples of 4.
  scf.for %i = %c8 to %n step %c12 : i32 {
    // expected-remark @+1 {{lane stride 0, divisibility 4, constancy 32}}
    %s = tt.splat %i : i32 -> tensor<32xi32>
  }
  // A runtime lower bound tells nothing.
  scf.for %i = %n to %c8 step %c8 : i32 {
    // expected-remark @+1 {{lane stride 0, divisibility 1, constancy 32}}
    %s = tt.splat %i : i32 -> tensor<32xi32>
  }
  tt.return
}

// -----

// Loop-carried values get no facts from their init (the body may change
// them): a pointer tensor advanced each iteration has an unknown stride and
// only its pointee's alignment; a scalar carried from 16 is not known to
// stay a multiple of 16; the loop's results have the same defaults.
tt.func @carried(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) attributes {block_size = 64 : i32} {
  // expected-remark @+1 {{divisibility 1073741824}}
  %c0 = arith.constant 0 : i32
  // expected-remark @+1 {{divisibility 1}}
  %c1 = arith.constant 1 : i32
  // expected-remark @+1 {{divisibility 16}}
  %c16 = arith.constant 16 : i32
  // expected-remark @+1 {{lane stride 1, divisibility 1073741824, constancy 1}}
  %lanes = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  // expected-remark @+1 {{lane stride 0, divisibility 16, constancy 64}}
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  // expected-remark @+1 {{lane stride 1, divisibility 16, constancy 1}}
  %p0 = tt.addptr %xs, %lanes : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  // expected-remark @+1 {{lane stride 0, divisibility 64, constancy 64}}
  %step = arith.constant dense<64> : tensor<64xi32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%p = %p0, %k = %c16) -> (tensor<64x!tt.ptr<f32>>, i32) : i32 {
    // expected-remark @+1 {{lane stride unknown, divisibility 4, constancy 1}}
    %q = tt.addptr %p, %step : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    // expected-remark @+1 {{lane stride 0, divisibility 1, constancy 64}}
    %ks = tt.splat %k : i32 -> tensor<64xi32>
    // expected-remark @+1 {{divisibility 1}}
    %k2 = arith.addi %k, %c1 : i32
    scf.yield %q, %k2 : tensor<64x!tt.ptr<f32>>, i32
  }
  // expected-remark @+1 {{lane stride 0, divisibility 1, constancy 64}}
  %rk = tt.splat %r#1 : i32 -> tensor<64xi32>
  tt.return
}

// -----

// Inside a branch, values from outside keep their facts; the branch's
// result gets the defaults.
tt.func @branch(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) attributes {block_size = 64 : i32} {
  // expected-remark @+1 {{divisibility 1073741824}}
  %c0 = arith.constant 0 : i32
  // expected-remark @+1 {{divisibility 1}}
  %pid = tt.get_program_id 0 : i32
  %c = arith.cmpi sgt, %n, %c0 : i32
  // expected-remark @+1 {{lane stride 1, divisibility 1073741824, constancy 1}}
  %lanes = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  // expected-remark @+1 {{lane stride 0, divisibility 16, constancy 64}}
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  // expected-remark @+1 {{lane stride unknown, divisibility 4, constancy 1}}
  %r = scf.if %c -> (tensor<64x!tt.ptr<f32>>) {
    // expected-remark @+1 {{lane stride 1, divisibility 16, constancy 1}}
    %p = tt.addptr %xs, %lanes : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    scf.yield %p : tensor<64x!tt.ptr<f32>>
  } else {
    scf.yield %xs : tensor<64x!tt.ptr<f32>>
  }
  tt.return
}
