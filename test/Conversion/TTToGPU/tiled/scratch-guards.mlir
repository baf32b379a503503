// The barrier an exchange through shared memory puts before its writes
// (no thread may overwrite what another still reads of an earlier use)
// goes where no earlier access can need it: before the kernel's first
// shared-memory access. It stays after another exchange, inside a loop
// (the previous iteration read the buffer) and inside a branch. A user's
// tt.debug_barrier is not a guard and stays.
// RUN: mytriton-opt --convert-tt-to-gpu -split-input-file %s | FileCheck %s

#bl = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#s0 = #tt.slice<{dim = 0, parent = #bl}>
#s1 = #tt.slice<{dim = 1, parent = #bl}>

// CHECK-LABEL: gpu.func @first_exchange(
// CHECK-NOT:     gpu.barrier
// CHECK:         {{(memref|vector)}}.store {{.*}} #gpu.address_space<workgroup>>
// CHECK-NEXT:    gpu.barrier
// CHECK-NOT:     gpu.barrier
// CHECK:         gpu.return
tt.func @first_exchange(%x: !tt.ptr<f32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32, #s0>
  %p = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #s0>
  %q = tt.addptr %p, %r : tensor<64x!tt.ptr<f32>, #s0>, tensor<64xi32, #s0>
  %v = tt.load %q : tensor<64x!tt.ptr<f32>, #s0>
  %w = tt.convert_layout %v : tensor<64xf32, #s0> -> tensor<64xf32, #s1>
  %r1 = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32, #s1>
  %p1 = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #s1>
  %q1 = tt.addptr %p1, %r1 : tensor<64x!tt.ptr<f32>, #s1>, tensor<64xi32, #s1>
  tt.store %q1, %w : tensor<64x!tt.ptr<f32>, #s1>
  tt.return
}

// -----

#bl = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#s0 = #tt.slice<{dim = 0, parent = #bl}>
#s1 = #tt.slice<{dim = 1, parent = #bl}>

// CHECK-LABEL: gpu.func @second_exchange(
// CHECK-NOT:     gpu.barrier
// CHECK:         {{(memref|vector)}}.store {{.*}} #gpu.address_space<workgroup>>
// CHECK-NEXT:    gpu.barrier
// CHECK:         {{(memref|vector)}}.load {{.*}} #gpu.address_space<workgroup>>
// CHECK:         gpu.barrier
// CHECK-NOT:     gpu.barrier
// CHECK:         {{(memref|vector)}}.store {{.*}} #gpu.address_space<workgroup>>
// CHECK:         gpu.barrier
// CHECK:         gpu.return
tt.func @second_exchange(%x: !tt.ptr<f32>) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32, #s0>
  %p = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #s0>
  %q = tt.addptr %p, %r : tensor<64x!tt.ptr<f32>, #s0>, tensor<64xi32, #s0>
  %v = tt.load %q : tensor<64x!tt.ptr<f32>, #s0>
  %w = tt.convert_layout %v : tensor<64xf32, #s0> -> tensor<64xf32, #s1>
  %e = math.exp %w : tensor<64xf32, #s1>
  %back = tt.convert_layout %e : tensor<64xf32, #s1> -> tensor<64xf32, #s0>
  tt.store %q, %back : tensor<64x!tt.ptr<f32>, #s0>
  tt.return
}

// -----

#bl = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#s0 = #tt.slice<{dim = 0, parent = #bl}>
#s1 = #tt.slice<{dim = 1, parent = #bl}>

// CHECK-LABEL: gpu.func @exchange_in_loop(
// CHECK:         scf.for
// CHECK:           gpu.barrier
// CHECK-NOT:       gpu.barrier
// CHECK:           {{(memref|vector)}}.store {{.*}} #gpu.address_space<workgroup>>
// CHECK:           gpu.barrier
tt.func @exchange_in_loop(%x: !tt.ptr<f32>, %n: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  %r = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32, #s0>
  %p = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #s0>
  %q = tt.addptr %p, %r : tensor<64x!tt.ptr<f32>, #s0>, tensor<64xi32, #s0>
  %r1 = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32, #s1>
  %p1 = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #s1>
  %q1 = tt.addptr %p1, %r1 : tensor<64x!tt.ptr<f32>, #s1>, tensor<64xi32, #s1>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    %v = tt.load %q : tensor<64x!tt.ptr<f32>, #s0>
    %w = tt.convert_layout %v : tensor<64xf32, #s0> -> tensor<64xf32, #s1>
    tt.store %q1, %w : tensor<64x!tt.ptr<f32>, #s1>
  }
  tt.return
}

// -----

#bl = #tt.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#s0 = #tt.slice<{dim = 0, parent = #bl}>
#s1 = #tt.slice<{dim = 1, parent = #bl}>

// An exchange in a branch after one before it keeps its guard; the user's
// barrier before both stays.
// CHECK-LABEL: gpu.func @exchange_in_branch(
// CHECK:         gpu.barrier
// CHECK-NOT:     gpu.barrier
// CHECK:         {{(memref|vector)}}.store {{.*}} #gpu.address_space<workgroup>>
// CHECK:         gpu.barrier
// CHECK:         scf.if
// CHECK:           gpu.barrier
// CHECK-NOT:       gpu.barrier
// CHECK:           {{(memref|vector)}}.store {{.*}} #gpu.address_space<workgroup>>
// CHECK:           gpu.barrier
tt.func @exchange_in_branch(%x: !tt.ptr<f32>, %n: i32) attributes {block_size = 128 : i32, num_warps = 4 : i32} {
  tt.debug_barrier
  %r = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32, #s0>
  %p = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #s0>
  %q = tt.addptr %p, %r : tensor<64x!tt.ptr<f32>, #s0>, tensor<64xi32, #s0>
  %v = tt.load %q : tensor<64x!tt.ptr<f32>, #s0>
  %w = tt.convert_layout %v : tensor<64xf32, #s0> -> tensor<64xf32, #s1>
  %r1 = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32, #s1>
  %p1 = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #s1>
  %q1 = tt.addptr %p1, %r1 : tensor<64x!tt.ptr<f32>, #s1>, tensor<64xi32, #s1>
  tt.store %q1, %w : tensor<64x!tt.ptr<f32>, #s1>
  %zero = arith.constant 0 : i32
  %c = arith.cmpi sgt, %n, %zero : i32
  scf.if %c {
    %e = math.exp %w : tensor<64xf32, #s1>
    %back = tt.convert_layout %e : tensor<64xf32, #s1> -> tensor<64xf32, #s0>
    tt.store %q, %back : tensor<64x!tt.ptr<f32>, #s0>
  }
  tt.return
}
