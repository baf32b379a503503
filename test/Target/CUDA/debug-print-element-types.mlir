// tt.print of every element type in the CUDA C++: the conversion is
// tt.print's own (PrintOp::getElementConversion, as on gpu/nvvm and the
// CPU), the argument what printf's varargs expect: floats as double (halves
// through float), 8/16-bit integers as int, 64-bit ones as long long; hex
// passes the bits at their width, unsigned; i1 prints 0 or 1.
// RUN: mytriton-translate --emit-cuda %s | FileCheck %s

// CHECK-LABEL: print_types(
// CHECK-SAME:      __half [[H:arg[0-9]+]], __nv_bfloat16 [[B:arg[0-9]+]], double [[D:arg[0-9]+]], signed char [[C:arg[0-9]+]], short [[S:arg[0-9]+]], long long [[L:arg[0-9]+]]
// CHECK:       const bool [[F:v[0-9]+]] = {{.*}}[[L]]
// CHECK:       printf("pid (%d, %d, %d) h: %f\n", {{.*}}, (double)__half2float([[H]]));
// CHECK:       printf("pid (%d, %d, %d) b: %f\n", {{.*}}, (double)__bfloat162float([[B]]));
// CHECK:       printf("pid (%d, %d, %d) d: %f\n", {{.*}}, (double)([[D]]));
// CHECK:       printf("pid (%d, %d, %d) c: %d\n", {{.*}}, (int)([[C]]));
// CHECK:       printf("pid (%d, %d, %d) s: %d\n", {{.*}}, (int)([[S]]));
// CHECK:       printf("pid (%d, %d, %d) l: %lld\n", {{.*}}, (long long)([[L]]));
// CHECK:       printf("pid (%d, %d, %d) f: %d\n", {{.*}}, (int)([[F]]));
// CHECK:       printf("pid (%d, %d, %d) hx: 0x%04x\n", {{.*}}, (unsigned)__half_as_ushort([[H]]));
// CHECK:       printf("pid (%d, %d, %d) bx: 0x%04x\n", {{.*}}, (unsigned)__bfloat16_as_ushort([[B]]));
// CHECK:       printf("pid (%d, %d, %d) dx: 0x%016llx\n", {{.*}}, (unsigned long long)__double_as_longlong([[D]]));
// CHECK:       printf("pid (%d, %d, %d) cx: 0x%02x\n", {{.*}}, (unsigned)(unsigned char)([[C]]));
// CHECK:       printf("pid (%d, %d, %d) sx: 0x%04x\n", {{.*}}, (unsigned)(unsigned short)([[S]]));
// CHECK:       printf("pid (%d, %d, %d) lx: 0x%016llx\n", {{.*}}, (unsigned long long)([[L]]));
// CHECK:       printf("pid (%d, %d, %d) fx: %d\n", {{.*}}, (int)([[F]]));
tt.func @print_types(%h: f16, %b: bf16, %d: f64, %c: i8, %s: i16, %l: i64) attributes {block_size = 32 : i32} {
  %f = arith.trunci %l : i64 to i1
  tt.print " h: " %h : f16
  tt.print " b: " %b : bf16
  tt.print " d: " %d : f64
  tt.print " c: " %c : i8
  tt.print " s: " %s : i16
  tt.print " l: " %l : i64
  tt.print " f: " %f : i1
  tt.print " hx: " {hex} %h : f16
  tt.print " bx: " {hex} %b : bf16
  tt.print " dx: " {hex} %d : f64
  tt.print " cx: " {hex} %c : i8
  tt.print " sx: " {hex} %s : i16
  tt.print " lx: " {hex} %l : i64
  tt.print " fx: " {hex} %f : i1
  tt.return
}
