// A kernel in a nested module used to pass through every pipeline unlowered.
module {
  module @inner {
    tt.func @k(%p: !tt.ptr<f32>) attributes {block_size = 1 : i32} {
      %v = arith.constant 1.0 : f32
      tt.store %p, %v : !tt.ptr<f32>
      tt.return
    }
  }
}
