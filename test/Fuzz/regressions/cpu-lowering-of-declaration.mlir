

// A declaration has no code to emit.
// expected-error @below {{'tt.func' op has no body; only defined kernels can be emitted as CUDA}}
tt.func private @declaration(%x: !tt.ptr<f32>) attributes {block_size = 1 : i32}
