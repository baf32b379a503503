// (out + 2**31-1) + 10: the optimizer used to combine it into a wrapped
// negative i32 offset.
tt.func @k(%out: !tt.ptr<f32>) attributes {block_size = 1 : i32} {
  %a = arith.constant 2147483647 : i32
  %b = arith.constant 10 : i32
  %p = tt.addptr %out, %a : !tt.ptr<f32>, i32
  %q = tt.addptr %p, %b : !tt.ptr<f32>, i32
  %v = arith.constant 1.0 : f32
  tt.store %q, %v : !tt.ptr<f32>
  tt.return
}
