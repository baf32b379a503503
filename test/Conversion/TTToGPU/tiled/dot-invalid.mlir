// A tt.dot operand tile too large for the FMA path's staging: its
// conversion to #tt.dot_operand would move 256x256 floats (263168 bytes
// with padded rows) through the scratch buffer, more than the 227 KiB a
// block may opt into; refused at the conversion, which carries the
// operand's location (its load).
// RUN: mytriton-opt --tt-assign-layouts --convert-tt-to-gpu %s -verify-diagnostics -o /dev/null

tt.func @too_large(%p: !tt.ptr<f32>) attributes {block_size = 256 : i32, num_warps = 8 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %r0 = tt.expand_dims %r {axis = 1 : i32} : tensor<256xi32> -> tensor<256x1xi32>
  %r1 = tt.expand_dims %r {axis = 0 : i32} : tensor<256xi32> -> tensor<1x256xi32>
  %c256 = arith.constant dense<256> : tensor<256x1xi32>
  %rows = arith.muli %r0, %c256 : tensor<256x1xi32>
  %rb = tt.broadcast %rows : tensor<256x1xi32> -> tensor<256x256xi32>
  %cb = tt.broadcast %r1 : tensor<1x256xi32> -> tensor<256x256xi32>
  %off = arith.addi %rb, %cb : tensor<256x256xi32>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<256x256x!tt.ptr<f32>>
  %pp = tt.addptr %ps, %off : tensor<256x256x!tt.ptr<f32>>, tensor<256x256xi32>
  // expected-error @+1 {{'tt.convert_layout' op needs 262144 bytes of shared memory to move its operand between threads, more than the 232448 a kernel may use; use smaller tiles}}
  %a = tt.load %pp : tensor<256x256x!tt.ptr<f32>>
  %zero = arith.constant dense<0.0> : tensor<256x256xf32>
  %d = tt.dot %a, %a, %zero : tensor<256x256xf32> * tensor<256x256xf32> -> tensor<256x256xf32>
  tt.store %pp, %d : tensor<256x256x!tt.ptr<f32>>
  tt.return
}
