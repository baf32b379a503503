

tt.func @resource_constant() attributes {block_size = 32 : i32, num_warps = 1 : i32} {
  // expected-error @+1 {{'arith.constant' op has a tensor value dense_resource<blob> : tensor<2x2xi32> that tt-assign-layouts cannot re-type; use a dense constant}}
  %c = arith.constant dense_resource<blob> : tensor<2x2xi32>
  tt.return
}
{-#
  dialect_resources: {
    builtin: {
      blob: "0x0000000000000000000011556266574758004991"
    }
  }
#-}

