// Input for mlir-opt-plugin.mlir: an illegal reduction.
tt.func @bad(%x: f32) attributes {block_size = 48 : i32} {
  %v = tt.splat %x : f32 -> tensor<48xf32>
  %s = tt.reduce sum %v : tensor<48xf32> -> f32
  tt.return
}
