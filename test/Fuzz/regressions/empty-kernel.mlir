tt.func @k() attributes {block_size = 1 : i32} {
  tt.return
}
