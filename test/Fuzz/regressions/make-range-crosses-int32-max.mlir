// Lanes past INT32_MAX: the integer-range pass used to fold the mask.
tt.func @k(%p: !tt.ptr<i32>) attributes {block_size = 32 : i32} {
  %r = tt.make_range {start = 2147483632 : i32, end = 2147483664 : i32} : tensor<32xi32>
  %z = arith.constant dense<0> : tensor<32xi32>
  %m = arith.cmpi slt, %r, %z : tensor<32xi32>
  %ps = tt.splat %p : !tt.ptr<i32> -> tensor<32x!tt.ptr<i32>>
  tt.store %ps, %r, %m : tensor<32x!tt.ptr<i32>>
  tt.return
}
