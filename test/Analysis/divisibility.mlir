// ContiguityAnalysis's divisibility (largest known power of two dividing
// lane 0, in bytes for pointers) and constancy (largest aligned group of
// equal lanes), seeded by tt.divisibility on the arguments.
// RUN: mytriton-test-opt --test-contiguity --verify-diagnostics %s

// The seed's softmax row addressing, with the launcher's specialization.
tt.func @specialized(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) attributes {block_size = 128 : i32} {
  // expected-remark @+1 {{divisibility 1}}
  %row = tt.get_program_id 0 : i32
  // expected-remark @+1 {{divisibility 16}}
  %start = arith.muli %row, %n : i32
  // expected-remark @+1 {{lane stride 1, divisibility 1073741824, constancy 1}}
  %cols = tt.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  // expected-remark @+1 {{lane stride 0, divisibility 16, constancy 128}}
  %starts = tt.splat %start : i32 -> tensor<128xi32>
  // expected-remark @+1 {{lane stride 1, divisibility 16, constancy 1}}
  %offsets = arith.addi %starts, %cols : tensor<128xi32>
  // expected-remark @+1 {{lane stride 0, divisibility 16, constancy 128}}
  %ns = tt.splat %n : i32 -> tensor<128xi32>
  // `cols < n` flips at most once, at a multiple of 16: equal in groups of 16.
  // expected-remark @+1 {{lane stride unknown, constancy 16}}
  %mask = arith.cmpi slt, %cols, %ns : tensor<128xi32>
  // The same test written `n > cols`.
  // expected-remark @+1 {{lane stride unknown, constancy 16}}
  %swapped = arith.cmpi sgt, %ns, %cols : tensor<128xi32>
  // `cols <= n` flips between n and n + 1: no group.
  // expected-remark @+1 {{lane stride unknown, constancy 1}}
  %inclusive = arith.cmpi sle, %cols, %ns : tensor<128xi32>
  // Elementwise ops keep the smallest group of their operands.
  // expected-remark @+1 {{lane stride unknown, constancy 16}}
  %both = arith.andi %mask, %swapped : tensor<128xi1>
  // expected-remark @+1 {{lane stride unknown, constancy 1}}
  %either = arith.ori %both, %inclusive : tensor<128xi1>
  // expected-remark @+1 {{lane stride 0, divisibility 16, constancy 128}}
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  // 16 bytes, and 16 elements of 4 bytes: lane 0 is 16-byte aligned.
  // expected-remark @+1 {{lane stride 1, divisibility 16, constancy 1}}
  %ptrs = tt.addptr %xs, %offsets : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  // expected-remark @+1 {{lane stride unknown, constancy 1}}
  %v = tt.load %ptrs, %mask : tensor<128x!tt.ptr<f32>>
  tt.store %ptrs, %v, %mask : tensor<128x!tt.ptr<f32>>
  tt.return
}

// Without the hint, only what the IR itself proves.
tt.func @unspecialized(%x: !tt.ptr<f32>, %n: i32) attributes {block_size = 128 : i32} {
  // expected-remark @+1 {{lane stride 1, divisibility 4, constancy 1}}
  %cols = tt.make_range {start = 4 : i32, end = 132 : i32} : tensor<128xi32>
  // expected-remark @+1 {{lane stride 0, divisibility 1, constancy 128}}
  %ns = tt.splat %n : i32 -> tensor<128xi32>
  // expected-remark @+1 {{lane stride unknown, constancy 1}}
  %mask = arith.cmpi slt, %cols, %ns : tensor<128xi32>
  // expected-remark @+1 {{lane stride 0, divisibility 64, constancy 128}}
  %c64 = arith.constant dense<64> : tensor<128xi32>
  // A constant bound: groups of 4, from the range's start.
  // expected-remark @+1 {{lane stride unknown, constancy 4}}
  %below64 = arith.cmpi slt, %cols, %c64 : tensor<128xi32>
  // expected-remark @+1 {{lane stride 0, divisibility 1, constancy 128}}
  %ones = arith.constant dense<1> : tensor<128xi32>
  // expected-remark @+1 {{lane stride 2, divisibility 8, constancy 1}}
  %twice = arith.shli %cols, %ones : tensor<128xi32>
  // A pointer is aligned to its pointee: 4 bytes.
  // expected-remark @+1 {{lane stride 0, divisibility 4, constancy 128}}
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  // expected-remark @+1 {{lane stride 1, divisibility 4, constancy 1}}
  %ptrs = tt.addptr %xs, %cols : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  // expected-remark @+1 {{lane stride unknown, constancy 1}}
  %v = tt.load %ptrs, %below64 : tensor<128x!tt.ptr<f32>>
  tt.store %ptrs, %v, %mask : tensor<128x!tt.ptr<f32>>
  tt.return
}
