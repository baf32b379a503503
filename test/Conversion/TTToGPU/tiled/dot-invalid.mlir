// A tt.dot operand tile too large for the FMA path's staging: its
// conversion to #tt.dot_operand would move 128x128 floats (66048 bytes
// with padded rows) through the scratch buffer, more than the 48 KiB a
// kernel may use; refused at the conversion, which carries the operand's
// location (its load).
// RUN: mytriton-opt --tt-assign-layouts --convert-tt-to-gpu %s -verify-diagnostics -o /dev/null

tt.func @too_large(%p: !tt.ptr<f32>) attributes {block_size = 256 : i32, num_warps = 8 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %r0 = tt.expand_dims %r {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
  %r1 = tt.expand_dims %r {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
  %c128 = arith.constant dense<128> : tensor<128x1xi32>
  %rows = arith.muli %r0, %c128 : tensor<128x1xi32>
  %rb = tt.broadcast %rows : tensor<128x1xi32> -> tensor<128x128xi32>
  %cb = tt.broadcast %r1 : tensor<1x128xi32> -> tensor<128x128xi32>
  %off = arith.addi %rb, %cb : tensor<128x128xi32>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<128x128x!tt.ptr<f32>>
  %pp = tt.addptr %ps, %off : tensor<128x128x!tt.ptr<f32>>, tensor<128x128xi32>
  // expected-error @+1 {{'tt.convert_layout' op needs 66048 bytes of shared memory to move its operand between threads, more than the 49152 a kernel may use; use smaller tiles}}
  %a = tt.load %pp : tensor<128x128x!tt.ptr<f32>>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %d = tt.dot %a, %a, %zero : tensor<128x128xf32> * tensor<128x128xf32> -> tensor<128x128xf32>
  tt.store %pp, %d : tensor<128x128x!tt.ptr<f32>>
  tt.return
}
