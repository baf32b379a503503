// Every kernel of a module lands in the one gpu.module, in order, with its
// own block size and the grid sizes g0, g1 as two trailing i32 arguments.
// RUN: mytriton-opt --convert-tt-to-gpu %s | FileCheck %s

// CHECK:       module attributes {gpu.container_module} {
// CHECK-NEXT:    gpu.module @kernels {
// CHECK-NEXT:      gpu.func @first(%{{.*}}: i32, %{{.*}}: i32) kernel attributes {known_block_size = array<i32: 32, 1, 1>}
// CHECK:           gpu.func @second(%{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32) kernel attributes {known_block_size = array<i32: 1024, 1, 1>}
// CHECK-NOT:     gpu.module
// CHECK-NOT:     tt.func
tt.func @first() attributes {block_size = 32 : i32} {
  tt.return
}
tt.func @second(%n: i32) attributes {block_size = 1024 : i32} {
  tt.return
}
