// What the CPU route still refuses among ops on types it lowers is a located
// error before anything is converted, never a wrong kernel: truncf rounding
// upward, downward or to nearest away from zero (LLVM would round to
// nearest even).
// RUN: mytriton-opt --convert-tt-to-vector -split-input-file -verify-diagnostics %s

tt.func @trunc_upward(%p: !tt.ptr<f32>, %q: !tt.ptr<f16>) attributes {block_size = 32 : i32} {
  %x = tt.load %p : !tt.ptr<f32>
  // expected-error @+1 {{'arith.truncf' op rounds upward: the CPU route lowers truncf to nearest even and toward zero only}}
  %y = arith.truncf %x upward : f32 to f16
  tt.store %q, %y : !tt.ptr<f16>
  tt.return
}
