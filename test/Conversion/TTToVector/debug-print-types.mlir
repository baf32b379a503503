// tt.print of each element type: printf's conversion and C's default
// argument promotions (halves and floats as the double, narrow integers
// sign-extended to int, i64 as long long); hex prints the element's bits at
// its width.
// RUN: mytriton-opt %s --convert-tt-to-vector="bounds-check=false" | FileCheck %s

// CHECK-DAG:   llvm.mlir.global private constant @[[HFMT:.*]]("pid (%d, %d, %d) h: %f\0A\00")
// CHECK-DAG:   llvm.mlir.global private constant @[[LFMT:.*]]("pid (%d, %d, %d) l: %lld\0A\00")
// CHECK-DAG:   llvm.mlir.global private constant @[[BFMT:.*]]("pid (%d, %d, %d) b: %d\0A\00")
// CHECK-DAG:   llvm.mlir.global private constant @[[XFMT:.*]]("pid (%d, %d, %d) x: 0x%04x\0A\00")
// CHECK-LABEL: func.func private @print_types(
// CHECK-SAME:      %[[H:[^:]+]]: f16, %[[L:[^:]+]]: i64, %[[B:[^:]+]]: i8, %[[X:[^:]+]]: bf16, %[[PX:[^:]+]]: i32, %[[PY:[^:]+]]: i32, %[[PZ:[^:]+]]: i32
// CHECK:         %[[HD:.*]] = arith.extf %[[H]] : f16 to f64
// CHECK:         llvm.call @printf(%{{.*}}, %[[PX]], %[[PY]], %[[PZ]], %[[HD]])
// CHECK:         llvm.call @printf(%{{.*}}, %[[PX]], %[[PY]], %[[PZ]], %[[L]])
// CHECK:         %[[BI:.*]] = arith.extsi %[[B]] : i8 to i32
// CHECK:         llvm.call @printf(%{{.*}}, %[[PX]], %[[PY]], %[[PZ]], %[[BI]])
// CHECK:         %[[XB:.*]] = arith.bitcast %[[X]] : bf16 to i16
// CHECK:         %[[XI:.*]] = arith.extui %[[XB]] : i16 to i32
// CHECK:         llvm.call @printf(%{{.*}}, %[[PX]], %[[PY]], %[[PZ]], %[[XI]])
tt.func @print_types(%h: f16, %l: i64, %b: i8, %x: bf16) attributes {block_size = 32 : i32} {
  tt.print " h: " %h : f16
  tt.print " l: " %l : i64
  tt.print " b: " %b : i8
  tt.print " x: " {hex} %x : bf16
  tt.return
}
