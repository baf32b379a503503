// tt.print of every element type passes what printf's varargs expect:
// floats as f64 (%f), 8/16-bit integers sign-extended to i32 (%d), 64-bit
// ones as %lld; hex prints the bits at their width.
// RUN: mytriton-opt --convert-tt-to-gpu %s | FileCheck %s

// CHECK-LABEL: gpu.func @print_types(
// CHECK-SAME:      %[[H:[^:]*]]: f16, %[[B:[^:]*]]: bf16, %[[D:[^:]*]]: f64, %[[C:[^:]*]]: i8, %[[S:[^:]*]]: i16, %[[L:[^:]*]]: i64
// CHECK:         %[[HD:.*]] = arith.extf %[[H]] : f16 to f64
// CHECK:         gpu.printf "pid (%d, %d, %d) h: %f\0A", {{.*}}, %[[HD]] : i32, i32, i32, f64
// CHECK:         %[[BD:.*]] = arith.extf %[[B]] : bf16 to f64
// CHECK:         gpu.printf "pid (%d, %d, %d) b: %f\0A", {{.*}}, %[[BD]] : i32, i32, i32, f64
// CHECK:         gpu.printf "pid (%d, %d, %d) d: %f\0A", {{.*}}, %[[D]] : i32, i32, i32, f64
// CHECK:         %[[CW:.*]] = arith.extsi %[[C]] : i8 to i32
// CHECK:         gpu.printf "pid (%d, %d, %d) c: %d\0A", {{.*}}, %[[CW]] : i32, i32, i32, i32
// CHECK:         %[[SW:.*]] = arith.extsi %[[S]] : i16 to i32
// CHECK:         gpu.printf "pid (%d, %d, %d) s: %d\0A", {{.*}}, %[[SW]] : i32, i32, i32, i32
// CHECK:         gpu.printf "pid (%d, %d, %d) l: %lld\0A", {{.*}}, %[[L]] : i32, i32, i32, i64
// CHECK:         %[[HB:.*]] = arith.bitcast %[[H]] : f16 to i16
// CHECK:         %[[HX:.*]] = arith.extui %[[HB]] : i16 to i32
// CHECK:         gpu.printf "pid (%d, %d, %d) hx: 0x%04x\0A", {{.*}}, %[[HX]] : i32, i32, i32, i32
// CHECK:         %[[DB:.*]] = arith.bitcast %[[D]] : f64 to i64
// CHECK:         gpu.printf "pid (%d, %d, %d) dx: 0x%016llx\0A", {{.*}}, %[[DB]] : i32, i32, i32, i64
tt.func @print_types(%h: f16, %b: bf16, %d: f64, %c: i8, %s: i16, %l: i64) attributes {block_size = 32 : i32} {
  tt.print " h: " %h : f16
  tt.print " b: " %b : bf16
  tt.print " d: " %d : f64
  tt.print " c: " %c : i8
  tt.print " s: " %s : i16
  tt.print " l: " %l : i64
  tt.print " hx: " {hex} %h : f16
  tt.print " dx: " {hex} %d : f64
  tt.return
}
