// ContiguityAnalysis: the lane-to-lane stride of every tensor value.
// RUN: mytriton-test-opt --test-contiguity --verify-diagnostics %s

tt.func @strides(%x: !tt.ptr<f32>, %n: i32) attributes {block_size = 128 : i32} {
  // expected-remark @+1 {{lane stride 1}}
  %r = tt.make_range {start = 4 : i32, end = 132 : i32} : tensor<128xi32>
  // expected-remark @+1 {{lane stride 0}}
  %ns = tt.splat %n : i32 -> tensor<128xi32>
  // expected-remark @+1 {{lane stride 0}}
  %c3 = arith.constant dense<3> : tensor<128xi32>
  // expected-remark @+1 {{lane stride unknown}}
  %steps = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127]> : tensor<128xi32>
  // expected-remark @+1 {{lane stride 1}}
  %off = arith.addi %ns, %r : tensor<128xi32>
  // expected-remark @+1 {{lane stride 2}}
  %twice = arith.addi %r, %r : tensor<128xi32>
  // expected-remark @+1 {{lane stride -1}}
  %rev = arith.subi %ns, %r : tensor<128xi32>
  // expected-remark @+1 {{lane stride 3}}
  %scaled = arith.muli %c3, %r : tensor<128xi32>
  // expected-remark @+1 {{lane stride unknown}}
  %square = arith.muli %r, %r : tensor<128xi32>
  // expected-remark @+1 {{lane stride unknown}}
  %by_n = arith.muli %r, %ns : tensor<128xi32>
  // expected-remark @+1 {{lane stride 0}}
  %uniform = arith.muli %ns, %c3 : tensor<128xi32>
  // expected-remark @+1 {{lane stride unknown}}
  %mixed = arith.addi %steps, %r : tensor<128xi32>
  // expected-remark @+1 {{lane stride 0}}
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  // expected-remark @+1 {{lane stride 1}}
  %p = tt.addptr %xs, %off : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  // expected-remark @+1 {{lane stride 3}}
  %q = tt.addptr %p, %twice : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  // expected-remark @+1 {{lane stride unknown}}
  %gather = tt.addptr %xs, %square : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  // Data is unknown, except a load of one address (and one mask) for all.
  // expected-remark @+1 {{lane stride unknown}}
  %v = tt.load %p : tensor<128x!tt.ptr<f32>>
  // expected-remark @+1 {{lane stride 0}}
  %same = tt.load %xs : tensor<128x!tt.ptr<f32>>
  // An elementwise op of uniform operands is uniform.
  // expected-remark @+1 {{lane stride 0}}
  %e = math.exp %same : tensor<128xf32>
  // expected-remark @+1 {{lane stride unknown}}
  %ev = math.exp %v : tensor<128xf32>
  // expected-remark @+1 {{lane stride unknown}}
  %mask = arith.cmpi slt, %r, %ns : tensor<128xi32>
  // expected-remark @+1 {{lane stride 0}}
  %umask = arith.cmpi slt, %ns, %c3 : tensor<128xi32>
  tt.store %p, %e, %umask : tensor<128x!tt.ptr<f32>>
  tt.store %q, %ev, %mask : tensor<128x!tt.ptr<f32>>
  tt.return
}
