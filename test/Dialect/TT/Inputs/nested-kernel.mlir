// A kernel in a module nested in the top-level one: no pipeline compiles it.
module {
  module @inner {
    tt.func @nested(%out: !tt.ptr<f32>) attributes {block_size = 1 : i32} {
      %v = arith.constant 1.0 : f32
      tt.store %out, %v : !tt.ptr<f32>
      tt.return
    }
  }
}
